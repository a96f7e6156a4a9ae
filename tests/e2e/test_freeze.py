"""The freeze attack on a live platform with a real worker, in both modes (issue 20, part 1).

A practice match of three house:ismcts seats, resigned, ends at once; another one, played
along, keeps the search worker busy the whole time. Meanwhile an honest pull bot's moves are
all accepted, its POST → next turn p99 stays under 500 ms, and no log says the database was
locked. (bench.freeze prints the same figures with and without the attacker.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.freeze_attack import locked_errors, under_attack
from tests.e2e.stack import MODES, stack

pytestmark = pytest.mark.fixed_stack


@pytest.mark.parametrize("mode", MODES)
def test_a_search_attacker_does_not_slow_an_honest_bot(tmp_path: Path, mode: str) -> None:
    with stack(mode, tmp_path, split_search=True) as platform:
        honest_bot = platform.createbot("honest")
        attacker_bot = platform.createbot("attacker")
        with platform.client(honest_bot["token"]) as honest, platform.client(
            attacker_bot["token"]
        ) as attacker:
            seen, attack = under_attack(honest, attacker, seconds=12)
    assert attack.resigned_status == "aborted", attack
    assert attack.matches >= 1 and attack.turns_answered >= 1 and not attack.errors, attack
    assert len(seen.latencies) >= 30, seen.latencies
    assert set(seen.statuses) == {200}, seen.statuses
    assert seen.pct(0.99) < 500, (seen.pct(0.5), seen.pct(0.99))
    assert locked_errors(tmp_path) == 0

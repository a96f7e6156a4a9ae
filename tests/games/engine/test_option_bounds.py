"""Every option is bounded, and docs/rules.md's table of bounds is the code's table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games import engine
from games.engine.options import OPTION_BOUNDS

RULES_MD = Path(__file__).resolve().parents[3] / "docs" / "rules.md"


def documented_bounds() -> list[tuple[str, str, object, str]]:
    text = RULES_MD.read_text().split("## Option bounds", 1)[1]
    rows = re.findall(r"^\| ([a-z-]+) \| `(\w+)` \| (.+?) \| (.+?) \|$", text, re.M)
    return [(game, name, json.loads(default), allowed) for game, name, default, allowed in rows]


def test_the_documented_bounds_are_the_code_bounds() -> None:
    code = [
        (game, b.name, b.default, b.allowed())
        for game, bounds in OPTION_BOUNDS.items()
        for b in bounds
    ]
    assert documented_bounds() == code


def test_every_game_has_bounds_for_every_option_it_takes() -> None:
    assert set(OPTION_BOUNDS) == set(engine.names())
    for game in engine.names():
        state = engine.get(game).new(1)
        taken = set(engine.get(game).view(state, None)["options"])
        assert taken == {b.name for b in OPTION_BOUNDS[game]}


@pytest.mark.parametrize("game", engine.names())
def test_one_past_every_bound_is_refused_and_the_bound_itself_accepted(game: str) -> None:
    rules = engine.get(game)
    for bound in OPTION_BOUNDS[game]:
        if bound.kind is not int or bound.choices:
            continue
        assert bound.low is not None and bound.high is not None
        if bound.name != "players" or game != "busca":
            rules.new(1, **{bound.name: bound.high})
        for bad in (bound.low - 1, bound.high + 1, float(bound.high), True):
            with pytest.raises(ValueError, match=f"{bound.name} must be .*{bound.high}"):
                rules.new(1, **{bound.name: bad})

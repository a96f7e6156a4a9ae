"""A bot's first ladder result within two minutes of joining, with the default settings, in
both modes (docs/ladders.md, "The first result"): a pull bot that thinks 50 ms a move passes
its pre-flight check, joins the Busca ladder and has a rated ladder result within 120 s. The
defaults are what make it: a ladder game is one deal, house moves are not paced, and the search
anchor is ``house:ismcts-fast`` on the search queue. Before them, four such bots had no result
after four and a half minutes."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.e2e.ladder_bots import new_bot, preflights, rating
from tests.e2e.stack import MODES, stack
from tests.processes import PYTHON, start

GAME = "busca"
FIRST_RESULT_SECONDS = 120


@pytest.mark.fixed_stack
@pytest.mark.timeout(600)
@pytest.mark.parametrize("mode", MODES)
def test_a_bot_has_its_first_ladder_result_within_two_minutes(mode: str, tmp_path: Path) -> None:
    with stack(mode, tmp_path) as platform:  # no ladder setting given: the defaults
        bot = new_bot(platform.url, f"first-{mode}")
        args = [PYTHON, "-m", "bots.client", "--url", platform.url, "--token", bot["token"]]
        client = start([*args, "--think", "0.05"], platform.env, tmp_path / "bot.log")
        try:
            assert preflights(platform, GAME, [bot]) == ["passed"]
            with platform.client(bot["token"]) as api:
                joined = api.post(f"/ladders/{GAME}/entries", json={})
                assert joined.status_code == 201, joined.text
            joined_at = time.monotonic()
            while rating(platform.url, GAME, bot["name"])["games"] < 1:
                waited = time.monotonic() - joined_at
                assert waited < FIRST_RESULT_SECONDS, f"no rated ladder result in {waited:.0f} s"
                time.sleep(1)
            print(f"{mode}: first rated ladder result {time.monotonic() - joined_at:.0f} s")
        finally:
            client.stop()
        ladder = httpx.get(f"{platform.url}/api/v1/ladders/{GAME}", timeout=30).json()
        rows = {row["name"]: row for row in ladder["entrants"]}
        assert rows[bot["name"]]["games"] >= 1
        # The anchors it met are the defaults, the fast search among them.
        assert {"house-random", "house-greedy", "house-ismcts-fast"} <= set(rows)
        played = platform.run(
            "from games.models import Match\n"
            "rows = Match.objects.filter(kind='ladder', status='finished')\n"
            "print(sorted({str(o) for o in rows.values_list('options', flat=True)}))"
        )
        assert played.strip() == "[\"{'max_deals': 1}\"]", played  # one deal each

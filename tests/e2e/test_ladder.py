"""Ladders end to end: eight people's pull bots (four greedy, four random) pass a pre-flight
check, join a ladder, and the live platform (its beat and worker) schedules, plays and rates
their ladder sets with the random and greedy house anchors: within two minutes every bot has
rated ladder results, from duplicate sets, and once each has a few, the greedy bots rank above
the random ones: as a group (mean skill), and pair by pair wherever two ratings have separated.
A cheater with two bots writes down every match and view they get, and finds afterwards, from
the seeds shown, that no two of its seats ever came from one deal. It runs in both modes: on the
scaled platform a separate beat process schedules the ladder and the settling of its sets."""

from __future__ import annotations

import json
import time
from pathlib import Path
from statistics import mean
from typing import Any

import httpx
import pytest

from tests.e2e.ladder_bots import new_bot, new_bots, preflights, rating, separated
from tests.e2e.stack import MODES, stack
from tests.processes import PYTHON, Process, start

GAME = "buraco-mano-a-mano"


@pytest.mark.fixed_stack
@pytest.mark.timeout(900)
@pytest.mark.parametrize("mode", MODES)
def test_eight_pull_bots_join_a_ladder_and_get_rated_matches(mode: str, tmp_path: Path) -> None:
    settings = {
        "LADDER_ANCHORS": "house:random,house:greedy",
        "LADDER_MAX_RUNNING": "10",
        # One match at a time per bot: each match gets more of the two cores, so every bot's
        # first rating comes sooner (the default K = 2 is tested in tests/tournaments/ladders).
        "LADDER_MATCHES_PER_BOT": "1",
        "LADDER_MOVE_TIMEOUT": "10",
        # Eight owners meet set after set here; the day's pair limit (tested on its own in
        # tests/tournaments/ladders/test_duplicate_sets.py) would leave most comparisons out.
        "RATING_PAIR_GAMES_PER_DAY": "1000",
    }
    strategies = ["greedy", "random"] * 4
    began = time.monotonic()
    with stack(mode, tmp_path, **settings) as platform:
        bots = [new_bot(platform.url, f"p{n}") for n in range(len(strategies))]
        # The cheater: one person with two bots that write down every match and view they get.
        cheats = new_bots(platform.url, "cheat", 2)
        clients: list[Process] = []
        try:
            for bot, strategy in zip(bots, strategies, strict=True):
                bot["strategy"] = strategy
                args = [PYTHON, "-m", "bots.client", "--url", platform.url]
                args += ["--token", bot["token"], "--strategy", strategy]
                clients.append(start(args, platform.env, tmp_path / f"{bot['name']}.log"))
            for cheat in cheats:
                args = [PYTHON, "-m", "tests.e2e.recording_bot", "--url", platform.url]
                args += ["--token", cheat["token"], "--record", str(tmp_path / cheat["name"])]
                clients.append(start(args, platform.env, tmp_path / f"{cheat['name']}.log"))
            bots_and_cheats = [*bots, *cheats]
            for bot in bots_and_cheats:
                with platform.client(bot["token"]) as api:
                    refused = api.post(f"/ladders/{GAME}/entries", json={})
                    assert refused.json()["error"] == "preflight_required", refused.text
            checks = preflights(platform, GAME, bots_and_cheats)
            assert all(status == "passed" for status in checks)
            for bot in bots_and_cheats:
                with platform.client(bot["token"]) as api:
                    joined = api.post(f"/ladders/{GAME}/entries", json={})
                    assert joined.status_code == 201, joined.text
            # Within two minutes of joining, every bot has rated ladder matches.
            joined_at = time.monotonic()
            deadline = joined_at + 120
            while not all(rating(platform.url, GAME, b["name"])["games"] >= 1 for b in bots):
                assert time.monotonic() < deadline, "a bot had no rated ladder match in 2 min"
                time.sleep(2)
            rated = time.monotonic() - joined_at
            print(f"joined after {joined_at - began:.0f} s; all rated {rated:.0f} s later")
            # Then, once each has a few rated games, greedy bots rank above random ones as a
            # group: a few comparisons leave each sigma near 7, so the order settles in the end,
            # not after a fixed number of games.
            deadline = time.monotonic() + 240
            while True:
                ratings = {b["name"]: rating(platform.url, GAME, b["name"]) for b in bots}
                if all(r["games"] >= 3 for r in ratings.values()) and group_order(bots, ratings):
                    break
                shown = {name: (r["mu"], r["games"]) for name, r in ratings.items()}
                assert time.monotonic() < deadline, f"greedy never ranked above random: {shown}"
                time.sleep(3)
        finally:
            for client in clients:
                client.stop()
        shown = {name: (r["mu"], r["sigma"], r["games"]) for name, r in ratings.items()}
        greedy = [ratings[b["name"]] for b in bots if b["strategy"] == "greedy"]
        random_ = [ratings[b["name"]] for b in bots if b["strategy"] == "random"]
        # As a group at once (a few games leave each sigma near 7: single pairs separate only
        # after dozens of games), and pair by pair wherever two ratings have separated.
        assert mean(r["mu"] for r in greedy) > mean(r["mu"] for r in random_), shown
        for g in greedy:
            for r in random_:
                if separated(g, r):
                    assert g["mu"] > r["mu"], shown
        # Every bot's ratings came from duplicate sets (one deal at two tables, compared).
        counted = json.loads(platform.run(
            "import json\nfrom tournaments.ratings.models import RatingChange\n"
            "rows = RatingChange.objects.filter(match__ladder_table__set__kind='duplicate')\n"
            "print(json.dumps(list(rows.values_list('rating__bot__name', flat=True))))"
        ))
        assert all(b["name"] in counted for b in bots), counted
        # The cheater looks back: no two of its seats, at either bot, came from one deal.
        seeds = []
        for cheat in cheats:
            lines = [json.loads(x) for x in (tmp_path / cheat["name"]).read_text().splitlines()]
            assert any("view" in line for line in lines)  # it did see its hands
            with platform.client(cheat["token"]) as api:
                for match_id in {line["match"] for line in lines if "match" in line}:
                    seed = api.get(f"/matches/{match_id}").json().get("seed")
                    if seed is not None:  # shown once the set is over
                        seeds.append(seed)
        assert len(seeds) >= 2 and len(set(seeds)) == len(seeds), seeds
        ladder = httpx.get(f"{platform.url}/api/v1/ladders/{GAME}", timeout=30).json()
        names = {row["name"] for row in ladder["entrants"]}
        assert {bot["name"] for bot in bots} | {"house-greedy", "house-random"} <= names
        page = httpx.get(f"{platform.url}/ladders/{GAME}/", timeout=30)
        assert page.status_code == 200 and 'data-name="p0-bot"' in page.text


def group_order(bots: list[dict[str, Any]], ratings: dict[str, dict[str, Any]]) -> bool:
    """Tell whether the greedy bots' mean skill is above the random bots'."""
    greedy = [ratings[b["name"]]["mu"] for b in bots if b["strategy"] == "greedy"]
    random_ = [ratings[b["name"]]["mu"] for b in bots if b["strategy"] == "random"]
    return mean(greedy) > mean(random_)


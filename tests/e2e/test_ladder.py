"""Ladders end to end: eight people's pull bots (four greedy, four random) pass a pre-flight
check, join a ladder, and the live platform (its beat and worker) schedules, plays and rates
their ladder matches with the random and greedy house anchors: within two minutes every bot has
rated ladder matches, and once each has a few, the greedy bots rank above the random ones: as a
group (mean skill), and pair by pair wherever two ratings have separated. A second test runs a
smaller ladder on the scaled platform, where a separate beat process schedules it."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from statistics import mean
from typing import Any

import httpx
import pytest

from tests.e2e.stack import stack
from tests.processes import PYTHON, Process, start

GAME = "buraco-mano-a-mano"
PASSWORD = "correct-horse-battery-9"


def new_bot(url: str, person: str) -> dict[str, str]:
    """Sign ``person`` up and create their bot; return its name and token."""
    with httpx.Client(base_url=f"{url}/api/v1", timeout=40) as client:
        reply = client.post(
            "/auth/signup",
            json={"username": person, "email": f"{person}@example.org", "password": PASSWORD},
        )
        assert reply.status_code == 201, reply.text
        client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
        created = client.post("/bots", json={"name": f"{person}-bot"})
        assert created.status_code == 201, created.text
        return {"name": created.json()["name"], "token": created.json()["token"]}


def rating(url: str, name: str) -> dict[str, Any]:
    reply = httpx.get(f"{url}/api/v1/ratings/{GAME}/bots/{name}", timeout=30)
    return dict(reply.json()) if reply.status_code == 200 else {"games": 0}


def separated(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Tell whether two ratings' 95% interval of the skill difference leaves out zero."""
    spread = 1.96 * math.hypot(a["sigma"], b["sigma"])
    return abs(a["mu"] - b["mu"]) > spread


@pytest.mark.fixed_stack
@pytest.mark.timeout(900)
def test_eight_pull_bots_join_a_ladder_and_get_rated_matches(tmp_path: Path) -> None:
    settings = {
        "LADDER_ANCHORS": "house:random,house:greedy",
        "LADDER_MAX_RUNNING": "10",
        # One match at a time per bot: each match gets more of the two cores, so every bot's
        # first rating comes sooner (the default K = 2 is tested in tests/tournaments/ladders).
        "LADDER_MATCHES_PER_BOT": "1",
        "LADDER_MOVE_TIMEOUT": "10",
        "LADDER_HOUSE_PACE": "0",
        "LADDER_OPTIONS": json.dumps({GAME: {"deals": 1}}),  # short matches: many ratings
    }
    strategies = ["greedy", "random"] * 4
    began = time.monotonic()
    with stack("embedded", tmp_path, **settings) as platform:
        bots = [new_bot(platform.url, f"p{n}") for n in range(len(strategies))]
        clients: list[Process] = []
        try:
            for bot, strategy in zip(bots, strategies, strict=True):
                bot["strategy"] = strategy
                args = [PYTHON, "-m", "bots.client", "--url", platform.url]
                args += ["--token", bot["token"], "--strategy", strategy]
                clients.append(start(args, platform.env, tmp_path / f"{bot['name']}.log"))
            for bot in bots:
                with platform.client(bot["token"]) as api:
                    refused = api.post(f"/ladders/{GAME}/entries", json={})
                    assert refused.json()["error"] == "preflight_required", refused.text
            assert all(status == "passed" for status in preflights(platform, bots))
            for bot in bots:
                with platform.client(bot["token"]) as api:
                    joined = api.post(f"/ladders/{GAME}/entries", json={})
                    assert joined.status_code == 201, joined.text
            # Within two minutes of joining, every bot has rated ladder matches.
            joined_at = time.monotonic()
            deadline = joined_at + 120
            while not all(rating(platform.url, b["name"])["games"] >= 1 for b in bots):
                assert time.monotonic() < deadline, "a bot had no rated ladder match in 2 min"
                time.sleep(2)
            rated = time.monotonic() - joined_at
            print(f"joined after {joined_at - began:.0f} s; all rated {rated:.0f} s later")
            # Then, once each has a few rated games: greedy bots above random ones.
            deadline = time.monotonic() + 180
            while True:
                ratings = {b["name"]: rating(platform.url, b["name"]) for b in bots}
                if all(r["games"] >= 3 for r in ratings.values()):
                    break
                assert time.monotonic() < deadline, f"too few rated games: {ratings}"
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
        ladder = httpx.get(f"{platform.url}/api/v1/ladders/{GAME}", timeout=30).json()
        names = {row["name"] for row in ladder["entrants"]}
        assert {bot["name"] for bot in bots} | {"house-greedy", "house-random"} <= names
        page = httpx.get(f"{platform.url}/ladders/{GAME}/", timeout=30)
        assert page.status_code == 200 and 'data-name="p0-bot"' in page.text


def preflights(platform: Any, bots: list[dict[str, str]]) -> list[str]:
    """Start every bot's pre-flight check of the ladder's game at once; return how each ended."""
    ids = []
    for bot in bots:
        with platform.client(bot["token"]) as api:
            bot_id = api.get("/bot/me").json()["id"]
            started = api.post(f"/bots/{bot_id}/preflight", json={"game": GAME})
            assert started.status_code == 202, started.text
            ids.append(bot_id)
    ended: dict[int, str] = {}
    deadline = time.monotonic() + 180
    while len(ended) < len(bots) and time.monotonic() < deadline:
        for bot, bot_id in zip(bots, ids, strict=True):
            if bot_id in ended:
                continue
            with platform.client(bot["token"]) as api:
                latest = api.get(f"/bots/{bot_id}/preflight").json()["results"][0]
            if latest["status"] != "running":
                ended[bot_id] = latest["status"]
        time.sleep(1)
    assert len(ended) == len(bots), "a pre-flight check did not end in time"
    return [ended[bot_id] for bot_id in ids]


@pytest.mark.fixed_stack
@pytest.mark.timeout(600)
def test_the_scaled_platform_schedules_and_rates_ladder_matches(tmp_path: Path) -> None:
    """Scaled out (PostgreSQL, Redis, a worker and a separate beat): two pull bots pass their
    pre-flight checks, join, and the beat process schedules their rated ladder matches."""
    settings = {
        "LADDER_ANCHORS": "house:random,house:greedy",
        "LADDER_MATCHES_PER_BOT": "1",
        "LADDER_MOVE_TIMEOUT": "10",
        "LADDER_HOUSE_PACE": "0",
        "LADDER_OPTIONS": json.dumps({GAME: {"deals": 1}}),
    }
    with stack("scaled", tmp_path, **settings) as platform:
        bots = [new_bot(platform.url, f"s{n}") for n in range(2)]
        clients: list[Process] = []
        try:
            for bot, strategy in zip(bots, ["greedy", "random"], strict=True):
                args = [PYTHON, "-m", "bots.client", "--url", platform.url]
                args += ["--token", bot["token"], "--strategy", strategy]
                clients.append(start(args, platform.env, tmp_path / f"{bot['name']}.log"))
            assert preflights(platform, bots) == ["passed", "passed"]
            for bot in bots:
                with platform.client(bot["token"]) as api:
                    joined = api.post(f"/ladders/{GAME}/entries", json={})
                    assert joined.status_code == 201, joined.text
            deadline = time.monotonic() + 120
            while not all(rating(platform.url, b["name"])["games"] >= 1 for b in bots):
                assert time.monotonic() < deadline, "a bot had no rated ladder match in 2 min"
                time.sleep(2)
        finally:
            for client in clients:
                client.stop()
        ladder = httpx.get(f"{platform.url}/api/v1/ladders/{GAME}", timeout=30).json()
        rows = {row["name"]: row for row in ladder["entrants"]}
        assert all(rows[b["name"]]["games"] >= 1 for b in bots), rows
        assert {"house-greedy", "house-random"} <= set(rows)

"""Ladders end to end: two people's pull bots pass a pre-flight check, join a ladder, and the
live platform (its beat and worker) schedules, plays and rates their ladder matches, a house
anchor included."""

from __future__ import annotations

import time
from pathlib import Path

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


def preflight(api: httpx.Client) -> str:
    """Run the bot's pre-flight check of the ladder's game; return how it ended."""
    bot_id = api.get("/bot/me").json()["id"]
    started = api.post(f"/bots/{bot_id}/preflight", json={"game": GAME})
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        latest = api.get(f"/bots/{bot_id}/preflight").json()["results"][0]
        if latest["status"] != "running":
            return str(latest["status"])
        time.sleep(1)
    raise AssertionError("the pre-flight check did not end in time")


def rated_games(url: str, name: str) -> int:
    reply = httpx.get(f"{url}/api/v1/ratings/{GAME}/bots/{name}", timeout=30)
    return int(reply.json()["games"]) if reply.status_code == 200 else 0


@pytest.mark.fixed_stack
@pytest.mark.timeout(600)
def test_pull_bots_join_a_ladder_and_get_rated_matches(tmp_path: Path) -> None:
    settings = {
        "LADDER_ANCHORS": "house:greedy",
        "LADDER_MAX_RUNNING": "2",
        "LADDER_MATCHES_PER_BOT": "1",
        "LADDER_MOVE_TIMEOUT": "10",
        "LADDER_HOUSE_PACE": "0.05",
    }
    with stack("embedded", tmp_path, **settings) as platform:
        bots = [new_bot(platform.url, person) for person in ("ada", "grace")]
        clients: list[Process] = []
        try:
            for bot in bots:
                args = [PYTHON, "-m", "bots.client", "--url", platform.url]
                args += ["--token", bot["token"], "--strategy", "greedy"]
                clients.append(start(args, platform.env, tmp_path / f"{bot['name']}.log"))
                with platform.client(bot["token"]) as api:
                    refused = api.post(f"/ladders/{GAME}/entries", json={})
                    assert refused.json()["error"] == "preflight_required", refused.text
                    assert preflight(api) == "passed"
                    joined = api.post(f"/ladders/{GAME}/entries", json={})
                    assert joined.status_code == 201, joined.text
            deadline = time.monotonic() + 420
            while time.monotonic() < deadline:
                if all(rated_games(platform.url, bot["name"]) >= 1 for bot in bots):
                    break
                time.sleep(2)
            else:
                raise AssertionError("the ladder did not rate a match of each bot in time")
        finally:
            for client in clients:
                client.stop()
        ladder = httpx.get(f"{platform.url}/api/v1/ladders/{GAME}", timeout=30).json()
        names = {row["name"] for row in ladder["entrants"]}
        assert {bot["name"] for bot in bots} | {"house-greedy"} <= names
        page = httpx.get(f"{platform.url}/ladders/{GAME}/", timeout=30)
        assert page.status_code == 200 and 'data-name="ada-bot"' in page.text

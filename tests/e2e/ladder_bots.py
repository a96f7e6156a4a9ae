"""Helpers of the ladder tests end to end: people's bots, their pre-flight checks, ratings."""

from __future__ import annotations

import math
import time
from typing import Any

import httpx

PASSWORD = "correct-horse-battery-9"


def new_bot(url: str, person: str) -> dict[str, str]:
    """Sign ``person`` up and create their bot; return its name and token."""
    return new_bots(url, person, 1)[0]


def new_bots(url: str, person: str, count: int) -> list[dict[str, str]]:
    """Sign ``person`` up and create ``count`` bots of theirs; return each name and token."""
    with httpx.Client(base_url=f"{url}/api/v1", timeout=40) as client:
        reply = client.post(
            "/auth/signup",
            json={"username": person, "email": f"{person}@example.org", "password": PASSWORD},
        )
        assert reply.status_code == 201, reply.text
        client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
        made = []
        for n in range(count):
            created = client.post("/bots", json={"name": f"{person}-bot" + (f"{n}" if n else "")})
            assert created.status_code == 201, created.text
            made.append({"name": created.json()["name"], "token": created.json()["token"]})
        return made


def rating(url: str, game: str, name: str) -> dict[str, Any]:
    """Return a bot's rating in ``game`` (bots pool), or ``{"games": 0}`` before its first."""
    reply = httpx.get(f"{url}/api/v1/ratings/{game}/bots/{name}", timeout=30)
    return dict(reply.json()) if reply.status_code == 200 else {"games": 0}


def separated(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Tell whether two ratings' 95% interval of the skill difference leaves out zero."""
    spread = 1.96 * math.hypot(a["sigma"], b["sigma"])
    return abs(a["mu"] - b["mu"]) > spread


def preflights(platform: Any, game: str, bots: list[dict[str, str]]) -> list[str]:
    """Start every bot's pre-flight check of ``game`` at once; return how each ended."""
    ids = []
    for bot in bots:
        with platform.client(bot["token"]) as api:
            bot_id = api.get("/bot/me").json()["id"]
            started = api.post(f"/bots/{bot_id}/preflight", json={"game": game})
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

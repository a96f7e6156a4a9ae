"""A Redis outage degrades the platform but never fails it (issue 15), with real processes.

Scaled only: the embedded mode has no Redis (its cache, channel layer and broker live in the
server's memory), so there is nothing to kill. Each test runs a Redis server of its own on a
spare port (tests/e2e/redis_server.py), kills it and starts it again on the same port.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest

from bots.client import RandomBot
from tests.e2e.redis_server import redis_server
from tests.e2e.stack import stack
from tests.e2e.test_pull_bots import replay_matches

pytestmark = [pytest.mark.timeout(240), pytest.mark.fixed_stack]

REDIS_OUTAGE = 10.0


def _is_json_error(reply: httpx.Response, status: int) -> bool:
    body = reply.json()
    return (
        reply.status_code == status
        and reply.headers["content-type"].startswith("application/json")
        and set(body) >= {"error", "detail"}
    )


def test_with_redis_down_public_reads_answer_and_the_bot_endpoints_never_fail(
    tmp_path: Path,
) -> None:
    """Redis killed: the public tournament reads answer 200 (the rate limit counts locally),
    the long-poll and the stream answer from the database, a move is taken or answered 503
    ``unavailable`` with ``Retry-After``; nothing is a 500 or HTML."""
    with (
        redis_server(tmp_path) as redis,
        stack("scaled", tmp_path, redis_url=redis.url) as platform,
    ):
        bot = platform.createbot("steady")
        with platform.person() as organiser, platform.client(bot["token"]) as client:
            created = organiser.post(
                "/tournaments",
                json={
                    "name": "Outage cup",
                    "game": "buraco-mano-a-mano",
                    "format": "single_elimination",
                    "options": {"deals": 1},
                    "open_registration": True,
                },
            )
            assert created.status_code == 201, created.text
            tournament = created.json()["id"]
            practice = client.post("/matches", json={"game": "busca", "options": {}})
            assert practice.status_code == 201, practice.text
            turns: list[dict[str, Any]] = []
            give_up = time.monotonic() + 30
            while not turns and time.monotonic() < give_up:
                turns = client.get("/bot/turns", params={"wait": 5}).json()["turns"]
            assert turns, "the practice match never came to the bot"

            redis.kill()
            with httpx.Client(base_url=f"{platform.url}/api/v1", timeout=20) as public:
                for path in (f"/tournaments/{tournament}", f"/tournaments/{tournament}/bracket"):
                    for _ in range(3):
                        reply = public.get(path)
                        assert reply.status_code == 200, (path, reply.status_code, reply.text)
                        assert reply.headers["content-type"].startswith("application/json")
                wrong = {"username": "admin", "password": "not the password"}
                signin = public.post("/auth/login", json=wrong)
                assert _is_json_error(signin, 400), signin.text  # not 503: counted locally

            polled = client.get("/bot/turns", params={"wait": 2})
            assert polled.status_code == 200 or _is_json_error(polled, 503), polled.text
            if polled.status_code == 200:
                assert [t["turn"] for t in polled.json()["turns"]] == [turns[0]["turn"]]
            empty_wait = client.get("/bot/turns", params={"wait": 2})
            assert empty_wait.status_code in (200, 503), empty_wait.text

            with client.stream("GET", "/bot/events", timeout=10) as stream:
                assert stream.status_code == 200 or _is_json_error(stream, 503)
                if stream.status_code == 200:
                    first = json.loads(next(stream.iter_lines()))
                    assert first["event"] == "turn" and first["turn"] == turns[0]["turn"]

            turn = turns[0]
            move = {"turn": turn["turn"], "move": random.Random(1).choice(turn["legal_moves"])}
            sent = client.post(f"/matches/{turn['match']}/moves", json=move)
            assert sent.status_code == 200 or _is_json_error(sent, 503), sent.text
            if sent.status_code == 503:
                assert sent.headers["Retry-After"].isdigit()

            redis.start()
            again = client.post(f"/matches/{turn['match']}/moves", json=move)
            assert again.status_code == 200, again.text


class RecordingBot(RandomBot):
    """A random pull bot that notes every answer it gets and stops when told to."""

    def __init__(self, url: str, token: str, seed: int, seen: list[tuple[str, int, str]]) -> None:
        super().__init__(url, token, seed=seed)
        self.stop = threading.Event()
        self._http.event_hooks["response"] = [self._note]
        self.seen = seen

    def _note(self, reply: httpx.Response) -> None:
        self.seen.append(
            (reply.request.url.path, reply.status_code, reply.headers.get("content-type", ""))
        )

    def _done(self) -> bool:
        return self.stop.is_set() or super()._done()


def test_a_redis_outage_mid_tournament_charges_no_time_out(tmp_path: Path) -> None:
    """Four pull bots (the real client, in threads; two long-poll, two read the event stream)
    play a Busca table knockout (one table, two deals); Redis is killed for 10 s during the
    first deal, then started again. No time-out is charged, no entry forfeits, the tournament
    finishes, every match replays, and no answer under /api/ that the bots saw was a 500 or
    HTML."""
    settings = {"BOT_MOVE_TIMEOUT": "4", "OUTAGE_GRACE": "4", "TIMEOUTS_TO_FORFEIT": "3"}
    seen: list[tuple[str, int, str]] = []
    with (
        redis_server(tmp_path) as redis,
        stack("scaled", tmp_path, redis_url=redis.url, **settings) as platform,
    ):
        # Four owners: a Busca table never seats two entries of one owner.
        tokens = [
            platform.createbot(f"knock{i}", owner=f"knock{i}-owner")["token"] for i in range(4)
        ]
        bots = [RecordingBot(platform.url, token, i, seen) for i, token in enumerate(tokens)]
        threads = [
            threading.Thread(
                target=b.run,
                kwargs={"mode": ["poll", "stream"][i % 2], "stop_after": 200.0},
                daemon=True,
            )
            for i, b in enumerate(bots)
        ]
        with platform.person() as organiser:
            created = organiser.post(
                "/tournaments",
                json={
                    "name": "Redis cup",
                    "game": "busca",
                    "format": "table_knockout",
                    "options": {"max_deals": 2},
                    "open_registration": True,
                },
            )
            assert created.status_code == 201, created.text
            tournament = created.json()["id"]
            for token in tokens:
                with platform.client(token) as client:
                    entered = client.post(f"/tournaments/{tournament}/entries", json={})
                    assert entered.status_code == 201, entered.text
            for thread in threads:
                thread.start()
            assert organiser.post(f"/tournaments/{tournament}/start").status_code == 200

            while sum(b.stats.moves for b in bots) < 10:  # the first deal is under way
                time.sleep(0.2)
            redis.kill()
            time.sleep(REDIS_OUTAGE)
            moves_in_outage = sum(b.stats.moves for b in bots)
            redis.start()

            with httpx.Client(base_url=f"{platform.url}/api/v1", timeout=20) as public:
                give_up = time.monotonic() + 150
                while time.monotonic() < give_up:
                    state = public.get(f"/tournaments/{tournament}").json()
                    if state["status"] in ("finished", "cancelled"):
                        break
                    time.sleep(0.5)
                for b in bots:
                    b.stop.set()
                for thread in threads:
                    thread.join(30)
                bracket = public.get(f"/tournaments/{tournament}/bracket").json()["bracket"]
            match_ids = [m["id"] for r in bracket for p in r["pairings"] for m in p["matches"]]
            with platform.client(tokens[0]) as client:
                finals = [client.get(f"/matches/{m}").json() for m in match_ids]
                logs = [client.get(f"/matches/{m}/log").json() for m in match_ids]
        for b in bots:
            b.close()
    assert state["status"] == "finished", state
    assert match_ids
    statuses = Counter(status for path, status, _ in seen if path.startswith("/api/"))
    assert statuses[500] == 0 and not any(s > 500 and s != 503 for s in statuses), statuses
    html = [(path, status) for path, status, kind in seen if "html" in kind]
    assert html == [], html[:5]
    for final, log in zip(finals, logs, strict=True):
        assert [m for m in log["moves"] if m["by"] == "timeout"] == [], final["id"]
        assert all(seat["timeouts"] == 0 and not seat["forfeited"] for seat in final["seats"])
        replay_matches(final, log)
    assert moves_in_outage >= 10

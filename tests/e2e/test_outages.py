"""Our outages are never charged to a player (issue 15), with real processes, scaled out.

Scaled only: embedded, the worker and beat are threads of the web process, so a web outage
there is a whole-platform outage and killing beat or the worker alone is not possible.
"""

from __future__ import annotations

import random
import signal
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.stack import play_until_over, stack
from tests.e2e.test_pull_bots import replay_matches
from tests.processes import celery_worker

pytestmark = pytest.mark.fixed_stack

WEB_OUTAGE = 15.0


def _at(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


def test_a_web_outage_charges_no_time_out_and_a_retried_move_is_accepted(
    tmp_path: Path,
) -> None:
    """Kill every web process for 15 s while a bot's turn is open (3 s to move); the bot keeps
    retrying its move. No time-out is charged, the move counts, the match ends, the log is
    gapless."""
    settings = {"BOT_MOVE_TIMEOUT": "3", "OUTAGE_GRACE": "3"}
    with stack("scaled", tmp_path, **settings) as platform:
        bot = platform.createbot("patient")
        rng = random.Random(15)
        with platform.client(bot["token"]) as client:
            busca = {"game": "busca", "options": {"eliminate_at": 3}}
            created = client.post("/matches", json=busca)
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            turns: list[dict[str, Any]] = []
            while not turns:
                turns = client.get("/bot/turns", params={"wait": 5}).json()["turns"]
            turn = turns[0]
            move = {"turn": turn["turn"], "move": rng.choice(turn["legal_moves"])}

            assert platform.web is not None
            platform.web.stop(signal.SIGKILL)  # every web process: the whole process group
            platform.web = None
            down_at = time.monotonic()
            refused = 0
            while time.monotonic() - down_at < WEB_OUTAGE:
                try:
                    client.post(f"/matches/{match_id}/moves", json=move, timeout=2)
                except httpx.TransportError:
                    refused += 1
                time.sleep(0.5)
            assert refused > 10
            platform.start_web()
            reply = client.post(f"/matches/{match_id}/moves", json=move)
            assert reply.status_code == 200, reply.text

            final = play_until_over(client, match_id, rng, timeout=120)
            log = client.get(f"/matches/{match_id}/log").json()
    assert [m["by"] for m in log["moves"] if m["by"] == "timeout"] == []
    assert log["moves"][turn["turn"]]["by"] == "entrant"
    assert all(seat["timeouts"] == 0 and not seat["forfeited"] for seat in final["seats"])
    replay_matches(final, log)


def test_with_beat_down_a_silent_turn_still_times_out_within_2_s(tmp_path: Path) -> None:
    """Two beats by mistake play no turn twice; with both killed, time-outs still fire on time."""
    settings = {"BOT_MOVE_TIMEOUT": "2", "TIMEOUTS_TO_FORFEIT": "100"}
    with stack("scaled", tmp_path, **settings) as platform:
        platform.start_beat()  # a second beat, by mistake
        bot = platform.createbot("silent")
        with platform.client(bot["token"]) as client:
            created = client.post(
                "/matches", json={"game": "buraco-mano-a-mano", "options": {"deals": 1}}
            )
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            deadlines: dict[int, str] = {}

            def watch_until(timeouts: int, limit: float) -> list[dict[str, Any]]:
                """Note each open turn's deadline until the log has ``timeouts`` time-outs."""
                stop_at = time.monotonic() + limit
                while time.monotonic() < stop_at:
                    state = client.get(f"/matches/{match_id}").json()
                    if state["to_move"] == 0 and state["deadline"]:
                        deadlines[state["turn"]] = state["deadline"]
                    moves: list[dict[str, Any]] = client.get(f"/matches/{match_id}/log").json()[
                        "moves"
                    ]
                    if sum(m["by"] == "timeout" for m in moves) >= timeouts:
                        return moves
                    time.sleep(0.1)
                raise AssertionError(f"fewer than {timeouts} time-outs in {limit} s")

            moves = watch_until(3, 30)
            assert [m["turn"] for m in moves] == list(range(len(moves)))
            platform.stop_beats(signal.SIGKILL)
            killed_at = time.time()
            watch_until(6, 30)
            state = client.get(f"/matches/{match_id}").json()
            moves = client.get(f"/matches/{match_id}/log").json()["moves"]
    timed_out = [m for m in moves if m["by"] == "timeout"]
    # Each turn is played once: the seat's count is the log's count, and the log has no gap.
    counted = [m for m in timed_out if m["turn"] < state["turn"]]
    assert state["seats"][0]["timeouts"] == len(counted)
    assert [m["turn"] for m in moves] == list(range(len(moves)))
    after_kill = [m for m in timed_out if _at(m["at"]) > killed_at]
    assert len(after_kill) >= 2
    for move in after_kill:
        late = _at(move["at"]) - _at(deadlines[move["turn"]])
        assert 0 <= late <= 2.0, (move, deadlines[move["turn"]], late)


def _failing_within_5_s(url: str, killed_at: float) -> dict[str, Any]:
    """Wait for /healthz to answer 503 (at most 5 s after ``killed_at``); return its body."""
    while True:
        reply = httpx.get(f"{url}/healthz", timeout=10)
        if reply.status_code == 503:
            assert time.monotonic() - killed_at < 5
            return dict(reply.json())
        assert time.monotonic() - killed_at < 5, reply.text
        time.sleep(0.2)


def _failing(body: dict[str, Any]) -> set[str]:
    return {name for name, check in body["checks"].items() if not check["ok"]}


def test_healthz_names_each_queue_within_5_s_of_killing_its_worker(tmp_path: Path) -> None:
    """Three workers as in the Procfile (matches, search, webhooks), killed one at a time: each
    death fails /healthz within 5 s and names the queue, though other workers still live."""
    with stack("scaled", tmp_path, split_search=True) as platform:
        assert platform.worker is not None and platform.search_worker is not None
        hooks = platform.worker_stack.enter_context(
            celery_worker(platform.env, tmp_path, "webhooks", name="hooks")
        )
        deadline = time.monotonic() + 10  # the webhooks worker's first heartbeat
        while (healthy := httpx.get(f"{platform.url}/healthz", timeout=10)).status_code != 200 or (
            healthy.json()["checks"]["worker"]["backend"] != "3 live"
        ):
            assert time.monotonic() < deadline, healthy.text
            time.sleep(0.2)
        platform.search_worker.stop(signal.SIGKILL)
        body = _failing_within_5_s(platform.url, time.monotonic())
        assert _failing(body) == {"queue:search"}, body
        assert "search queue" in body["checks"]["queue:search"]["error"]
        # The match worker (celery and webhooks) dies; the webhooks worker still lives.
        platform.worker.stop(signal.SIGKILL)
        killed_at = time.monotonic()
        while "queue:celery" not in _failing(body := _failing_within_5_s(platform.url, killed_at)):
            time.sleep(0.2)
        assert time.monotonic() - killed_at < 5
        assert _failing(body) == {"queue:search", "queue:celery"}, body
        assert body["checks"]["worker"]["ok"] and body["checks"]["web"]["ok"]
        hooks.stop(signal.SIGKILL)
        killed_at = time.monotonic()
        while "worker" not in _failing(body := _failing_within_5_s(platform.url, killed_at)):
            time.sleep(0.2)
        assert time.monotonic() - killed_at < 5
        assert _failing(body) == {"worker", "queue:search", "queue:celery", "queue:webhooks"}
        assert body["status"] == "failing" and body["checks"]["beat"]["ok"]

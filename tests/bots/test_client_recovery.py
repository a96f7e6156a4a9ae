"""The bot client recovers fast (issue 15): a move's retries fit its deadline, and after a
restart the client is back at once.

A small local HTTP server stands in for the platform here, because the test must decide to the
tenth of a second when the platform is unavailable (503 ``unavailable``, as the real API answers
during an outage) or not listening at all (a restart), and see every request the client sends.
The real platform through a real Redis outage: tests/e2e/test_redis_outage.py.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import pairwise
from typing import Any

import pytest

from bots.client import BACKOFF_CAP, Bot, backoff, move_backoff_cap
from tests.processes import free_port

pytestmark = [pytest.mark.timeout(60), pytest.mark.fixed_stack]


class FakePlatform:
    """One match with one open turn; answers 503 while ``down_until`` is in the future."""

    def __init__(self, deadline_in: float) -> None:
        self.deadline = time.time() + deadline_in
        self.down_until = 0.0
        self.requests: list[tuple[float, str, str, int]] = []  # (time, method, path, status)
        self.accepted_at: float | None = None
        self.lock = threading.Lock()

    def turn(self) -> dict[str, Any]:
        deadline = datetime.fromtimestamp(self.deadline, UTC).isoformat()
        return {
            "match": 1,
            "turn": 0,
            "game": "busca",
            "seat": 0,
            "deadline": deadline,
            "view": {},
            "legal_moves": [{"play": "2H"}],
        }

    def answer(self, method: str, path: str) -> tuple[int, dict[str, Any]]:
        now = time.time()
        if now < self.down_until:
            status, body = 503, {"error": "unavailable", "detail": "a service is down"}
        elif path.startswith("/api/v1/bot/turns"):
            if self.accepted_at is None:
                status, body = 200, {"turns": [self.turn()], "challenges": []}
            else:
                time.sleep(0.2)  # a short long-poll
                status, body = 200, {"turns": [], "challenges": []}
        elif path == "/api/v1/matches/1/moves" and method == "POST":
            if self.accepted_at is None:
                self.accepted_at = now
            status, body = 200, {"match": 1, "turn": 0, "seat": 0, "accepted": True}
        elif path == "/api/v1/matches/1":
            status, body = 200, {"id": 1, "status": "running", "seat": 0}
        else:
            status, body = 404, {"error": "not_found", "detail": path}
        with self.lock:
            self.requests.append((now, method, path, status))
        return status, body


@contextmanager
def serving(platform: FakePlatform, port: int) -> Iterator[ThreadingHTTPServer]:
    class Handler(BaseHTTPRequestHandler):
        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            status, body = platform.answer(self.command, self.path)
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            if status == 503:
                self.send_header("Retry-After", "2")
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _any

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_back_off_starts_at_once_and_stays_short() -> None:
    assert backoff(0) == 0.0
    assert max(backoff(n) for n in range(1, 30)) <= BACKOFF_CAP
    now = time.time()
    assert move_backoff_cap(now + 2, now) == 0.5  # a quarter of the time left
    assert move_backoff_cap(now + 100, now) == BACKOFF_CAP
    assert move_backoff_cap(now - 1, now) <= 0.5  # past it: the deadline may have been extended


def test_a_move_retried_through_503s_lands_before_its_deadline() -> None:
    """The platform answers 503 for 2.5 s of a turn that has 4 s: the client's pauses between
    retries stay under a quarter of the time left, so the move lands as soon as it is back.
    (With the old 10 s cap, the fourth pause alone was 1 to 2 s and the fifth 2 to 4 s.)"""
    platform = FakePlatform(deadline_in=4.0)
    port = free_port()
    with serving(platform, port):
        platform.down_until = time.time() + 2.5
        bot = Bot(f"http://127.0.0.1:{port}", "token")
        try:
            bot._play(platform.turn())
        finally:
            bot.close()
    moves = [at for at, method, _, _ in platform.requests if method == "POST"]
    gaps = [later - earlier for earlier, later in pairwise(moves)]
    assert platform.accepted_at is not None
    assert platform.accepted_at < platform.deadline
    assert platform.accepted_at - platform.down_until < 1.0
    assert gaps and max(gaps) <= 1.05, gaps
    assert gaps[0] < 0.15, gaps  # the first retry at once


def test_the_long_poll_comes_back_at_once_after_a_restart() -> None:
    """The platform stops listening for 3 s (a restart) while the bot long-polls, then is back:
    the client asks again within the back-off cap (2 s), its first retry at once; while it
    answers 503 the pauses between requests stay under the cap too."""
    platform = FakePlatform(deadline_in=30.0)
    platform.accepted_at = time.time()  # no turn: the bot just long-polls
    port = free_port()
    bot = Bot(f"http://127.0.0.1:{port}", "token")
    runner = threading.Thread(target=bot.run, kwargs={"stop_after": 14.0}, daemon=True)
    try:
        with serving(platform, port):
            runner.start()
            time.sleep(1.0)
            platform.down_until = time.time() + 3.0  # unavailable: 503 with Retry-After
            time.sleep(3.5)
        # Not listening at all for 3 s: connections are refused.
        time.sleep(3.0)
        with serving(platform, port):
            back = time.time()
            time.sleep(BACKOFF_CAP + 1.0)
            polls = [at for at, _, path, _ in platform.requests if path.startswith("/api/v1/bot")]
        runner.join(20)
    finally:
        bot.close()
    assert [at for at in polls if at >= back], "the client did not come back"
    assert min(at for at in polls if at >= back) - back <= BACKOFF_CAP + 0.2
    during = [at for at, _, _, status in platform.requests if status == 503 and at < back]
    gaps = [later - earlier for earlier, later in pairwise(during)]
    assert len(during) >= 3, during
    assert gaps[0] < 0.15, gaps  # the first retry at once
    assert max(gaps) <= BACKOFF_CAP + 0.05, gaps

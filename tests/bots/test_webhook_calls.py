"""A webhook call is bounded in time and size as a whole: a rival's endpoint that trickles its
answer, or answers without end, cannot hold a worker (and so other bots' turns) past its own
deadline. The endpoints here are local servers standing in for a bot's."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from bots import webhooks


@pytest.fixture
def endpoint() -> Iterator[tuple[int, dict[str, Any]]]:
    """A server whose answer ``behaviour["mode"]`` sets: trickle one byte every 0.1 s, or flood."""
    behaviour: dict[str, Any] = {"mode": "trickle", "stop": threading.Event()}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.end_headers()
            chunk = b" " if behaviour["mode"] == "trickle" else b"x" * 65536
            try:
                for _ in range(600):
                    if behaviour["stop"].is_set():
                        return
                    self.wfile.write(chunk)
                    self.wfile.flush()
                    if behaviour["mode"] == "trickle":
                        time.sleep(0.1)
            except OSError:
                return

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1], behaviour
    finally:
        behaviour["stop"].set()
        server.shutdown()


def test_a_trickled_answer_ends_at_the_deadline(
    settings: Any, endpoint: tuple[int, dict[str, Any]]
) -> None:
    port, _ = endpoint
    settings.WEBHOOK_HTTP_HOSTS = ["127.0.0.1"]
    began = time.monotonic()
    with pytest.raises(httpx.TimeoutException):
        webhooks.webhook_post(
            f"http://127.0.0.1:{port}/turn", content=b"{}", headers={}, timeout=1.0
        )
    assert time.monotonic() - began < 2.0, "a byte every 0.1 s kept the call going"


def test_an_endless_answer_is_cut_off(settings: Any, endpoint: tuple[int, dict[str, Any]]) -> None:
    port, behaviour = endpoint
    behaviour["mode"] = "flood"
    settings.WEBHOOK_HTTP_HOSTS = ["127.0.0.1"]
    with pytest.raises(httpx.DecodingError, match="over"):
        webhooks.webhook_post(
            f"http://127.0.0.1:{port}/turn", content=b"{}", headers={}, timeout=30.0
        )

"""A webhook bot, served by a local HTTP server, plays Cerrado with house bots."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.stack import MODES, stack
from tests.e2e.test_pull_bots import replay_matches


class WebhookBot:
    """Answers turns with random legal moves after checking their signature."""

    def __init__(self) -> None:
        self.secret = ""
        self.calls = 0
        self.bad_signatures = 0
        self.rng = random.Random(5)
        self.lock = threading.Lock()

    def answer(self, headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        stamp = headers["X-Timestamp"]
        mac = hmac.new(self.secret.encode(), stamp.encode() + b"." + body, hashlib.sha256)
        if not hmac.compare_digest("sha256=" + mac.hexdigest(), headers["X-Signature"]):
            self.bad_signatures += 1
            return 401, {"error": "bad signature"}
        if abs(time.time() - int(stamp)) > 60:
            return 401, {"error": "stale"}
        turn = json.loads(body)
        with self.lock:
            self.calls += 1
            move = self.rng.choice(turn["legal_moves"])
        return 200, {"move": move}


@contextmanager
def webhook_server(bot: WebhookBot) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            status, answer = bot.answer(self.headers, body)
            payload = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/turn"
    finally:
        server.shutdown()


@pytest.mark.parametrize("mode", MODES)
def test_a_webhook_bot_plays_cerrado_with_house_bots(tmp_path: Path, mode: str) -> None:
    hook = WebhookBot()
    with (
        webhook_server(hook) as url,
        stack(mode, tmp_path, WEBHOOK_HTTP_HOSTS="127.0.0.1") as platform,
    ):
        created = platform.createbot("hooked", "--webhook", url)
        hook.secret = created["secret"]
        with platform.client(created["token"]) as client:
            reply = client.post(
                "/matches", json={"game": "buraco-cerrado", "options": {"deals": 1}}
            )
            assert reply.status_code == 201, reply.text
            match_id = reply.json()["id"]
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                state = client.get(f"/matches/{match_id}").json()
                if state["status"] != "running":
                    break
                time.sleep(0.5)
            log = client.get(f"/matches/{match_id}/log").json()
    assert state["status"] == "finished", state
    assert hook.calls > 0 and hook.bad_signatures == 0
    entrant_moves = [m for m in log["moves"] if m["seat"] == 0]
    assert entrant_moves and all(m["by"] == "entrant" for m in entrant_moves)
    replay_matches(state, log)

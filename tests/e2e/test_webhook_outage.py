"""A webhook call lost in a Redis outage is made again when the platform comes back.

Scaled mode only: the test kills a Redis server of its own (the broker), which the embedded
mode does not use. Four webhook bots of one owner hold every seat of a Busca match, so the
first turn is always a webhook turn. The worker is stopped before the match starts, so the
call of that first turn waits in the broker's queue; Redis is then killed (it keeps no data,
as after a crash) and started again. The call is lost with the queue: only the platform's
"resumed" handling can make it again, before the pushed-back deadline charges the bot.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.redis_server import redis_server
from tests.e2e.stack import stack
from tests.e2e.test_webhook_bots import webhook_server

pytestmark = pytest.mark.fixed_stack

OUTAGE = 6.0  # seconds: longer than HEARTBEAT_STALE, so the platform counts an outage


class Hooks:
    """Answers the turns of several webhook bots (one secret each) with random legal moves."""

    def __init__(self) -> None:
        self.secrets: list[str] = []
        self.calls = 0
        self.rng = random.Random(11)
        self.lock = threading.Lock()

    def answer(self, headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        stamp = headers["X-Timestamp"]
        signed = headers["X-Signature"]
        if not any(
            hmac.compare_digest(
                "sha256="
                + hmac.new(s.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest(),
                signed,
            )
            for s in self.secrets
        ):
            return 401, {"error": "bad signature"}
        turn = json.loads(body)
        with self.lock:
            self.calls += 1
            return 200, {"move": self.rng.choice(turn["legal_moves"])}


def test_a_webhook_call_lost_in_a_redis_outage_is_made_again(tmp_path: Path) -> None:
    hooks = Hooks()
    settings = {"WEBHOOK_HTTP_HOSTS": "127.0.0.1", "OUTAGE_GRACE": "2"}
    with (
        webhook_server(hooks) as url,
        redis_server(tmp_path) as redis,
        stack("scaled", tmp_path, redis_url=redis.url, **settings) as platform,
    ):
        bots = [platform.createbot(f"hook{i}", "--webhook", url) for i in range(4)]
        hooks.secrets = [b["secret"] for b in bots]
        platform.worker_stack.close()  # no worker: the first call waits in the broker's queue
        with platform.client(bots[0]["token"]) as client:
            created = client.post(
                "/matches",
                json={
                    "game": "busca",
                    "options": {"max_deals": 1},
                    "seats": ["me", {"bot": "hook1"}, {"bot": "hook2"}, {"bot": "hook3"}],
                    "move_timeout": 8,
                },
            )
            assert created.status_code == 201, created.text
            match_id = created.json()["id"]
            redis.kill()  # the queued call is gone with the queue
            time.sleep(OUTAGE)
            redis.start()
            platform.start_worker()
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                state = client.get(f"/matches/{match_id}")
                if state.status_code == 200 and state.json()["status"] != "running":
                    break
                time.sleep(0.5)
            log = client.get(f"/matches/{match_id}/log").json()
    assert state.json()["status"] == "finished", state.text
    by = [move["by"] for move in log["moves"]]
    assert "timeout" not in by, f"a webhook bot was timed out for our outage: {by}"
    assert hooks.calls >= len(by) and set(by) == {"entrant"}

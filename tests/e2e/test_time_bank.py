"""Time banks on a live server with a real worker: a pull bot (``bots.client``) acknowledges
its clocked turns and a webhook bot's calls are timed, so both seats' transit is measured, and
their banks run down and are topped up by the increment."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bots.client import RandomBot, webhook_server
from tests.e2e.stack import MODES, stack

CLOCK = {"bank": 30, "increment": 1}
GAME = {"game": "buraco-mano-a-mano", "options": {"deals": 1}, "clock": CLOCK}


def finished(client: httpx.Client, match_id: int, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state: dict[str, Any] = client.get(f"/matches/{match_id}").json()
        if state["status"] != "running":
            return state
        time.sleep(0.5)
    raise AssertionError(f"match {match_id} did not finish")


@pytest.mark.parametrize("mode", MODES)
def test_clocked_matches_measure_transit_and_run_the_banks(mode: str, tmp_path: Path) -> None:
    with stack(mode, tmp_path, WEBHOOK_HTTP_HOSTS="127.0.0.1") as platform:
        puller = platform.createbot("clocked-puller")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        hooked = platform.createbot("clocked-hook", "--webhook", f"http://127.0.0.1:{port}/")
        server = webhook_server(
            RandomBot(platform.url, hooked["token"]), hooked["secret"], port=port
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bots.client",
                "--url",
                platform.url,
                "--token",
                puller["token"],
                "--strategy",
                "greedy",
                "--matches",
                "1",
            ],
            stdout=subprocess.DEVNULL,
            stderr=(tmp_path / "puller.log").open("w"),
        )
        try:
            states = {}
            for name, bot in (("puller", puller), ("hook", hooked)):
                with platform.client(bot["token"]) as api:
                    created = api.post("/matches", json=GAME)
                    assert created.status_code == 201, created.text
                    assert created.json()["clock"] == {"bank": 30.0, "increment": 1.0}
                    states[name] = finished(api, created.json()["id"])
            client.wait(60)
        finally:
            client.kill()
            server.shutdown()
            server.server_close()
    for name, state in states.items():
        assert state["status"] == "finished", (name, state)
        seat = state["seats"][0]
        # Measured: the acknowledgements (pull) or the calls' TCP connects (webhook).
        assert seat["transit"] is not None and 0 <= seat["transit"] < 2, (name, seat)
        # A fast bot earns about the increment a move: its bank ends above where it began.
        assert seat["bank"] > 30, (name, seat)
        assert seat["timeouts"] == 0, (name, seat)

"""Pre-flight checks on a live server with a real worker: pull, stream and webhook bots.

A greedy pull bot and a stream bot (``python -m bots.client``) pass, with every move's answer
time measured from the turn's delivery; a bot that never answers fails with its time-outs; a
webhook bot served by ``bots.client`` passes the signature check, and a webhook that accepts
any signature fails it.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bots.client import RandomBot, webhook_server
from tests.e2e.stack import MODES, stack


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(server: ThreadingHTTPServer) -> Iterator[str]:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    finally:
        server.shutdown()
        server.server_close()


def careless_webhook() -> ThreadingHTTPServer:
    """A webhook that never checks signatures: it echoes and plays whatever it is sent."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            answer = (
                {"nonce": body["nonce"]}
                if body.get("kind") == "preflight"
                else {"move": body["legal_moves"][0]}
            )
            data = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return ThreadingHTTPServer(("127.0.0.1", 0), Handler)


@pytest.mark.parametrize("mode", MODES)
def test_pre_flight_checks_of_every_kind_of_bot(mode: str, tmp_path: Path) -> None:
    settings = {"WEBHOOK_HTTP_HOSTS": "127.0.0.1", "BOT_MOVE_TIMEOUT": "3"}
    with stack(mode, tmp_path, **settings) as platform:
        port = free_port()
        careful = platform.createbot("careful-hook", "--webhook", f"http://127.0.0.1:{port}/hook")
        checked = webhook_server(
            RandomBot(platform.url, careful["token"]), careful["secret"], port=port
        )
        with serving(checked), serving(careless_webhook()) as careless_url:
            bots = {
                "poller": platform.createbot("poller"),
                "streamer": platform.createbot("streamer"),
                "silent": platform.createbot("silent"),
                "careful-hook": careful,
                "careless-hook": platform.createbot("careless-hook", "--webhook", careless_url),
            }
            ids = {}
            for name, bot in bots.items():
                with platform.client(bot["token"]) as client:
                    ids[name] = client.get("/bot/me").json()["id"]
            clients = [
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "bots.client",
                        "--url",
                        platform.url,
                        "--token",
                        bots[name]["token"],
                        "--strategy",
                        "greedy",
                        "--mode",
                        how,
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=(tmp_path / f"{name}.log").open("w"),
                )
                for name, how in (("poller", "poll"), ("streamer", "stream"))
            ]
            try:
                games = {
                    "poller": "buraco-mano-a-mano",
                    "streamer": "busca",
                    "silent": "buraco-mano-a-mano",
                    "careful-hook": "buraco-mano-a-mano",
                    "careless-hook": "buraco-mano-a-mano",
                }
                started = {}
                for name, game in games.items():
                    with platform.client(bots[name]["token"]) as client:
                        reply = client.post(
                            f"/bots/{ids[name]}/preflight",
                            json={"game": game, "target": "practice"},
                        )
                        assert reply.status_code == 202, reply.text
                        started[name] = reply.json()
                reports = {}
                deadline = time.monotonic() + 150
                while len(reports) < len(games) and time.monotonic() < deadline:
                    for name in games:
                        if name in reports:
                            continue
                        with platform.client(bots[name]["token"]) as client:
                            latest = client.get(f"/bots/{ids[name]}/preflight").json()["results"][0]
                        if latest["status"] != "running":
                            reports[name] = latest
                    time.sleep(1)
            finally:
                for process in clients:
                    process.terminate()
                    process.wait(10)
    logs = {name: (tmp_path / f"{name}.log").read_text()[-3000:] for name in ("poller", "streamer")}
    assert set(reports) == set(games), (set(games) - set(reports), logs)
    for name in ("poller", "streamer"):
        check = reports[name]
        assert check["status"] == "passed", (name, check)
        report = check["report"]
        assert report["moves"] > 5 and report["answer_ms"]["count"] == report["moves"], report
        assert report["answer_ms"]["worst"] < report["answer_ms"]["limit"] == 3000
    silent = reports["silent"]
    assert silent["status"] == "failed" and silent["report"]["moves"] == 0
    assert {p["code"] for p in silent["report"]["problems"]} == {
        "no_moves",
        "timeouts",
        "forfeited",
    }
    assert all(p["detail"] for p in silent["report"]["problems"])
    hook = reports["careful-hook"]["report"]
    assert reports["careful-hook"]["status"] == "passed", hook
    assert hook["webhook"] == {"echoed": True, "refused_bad_signature": True, "detail": ""}
    assert hook["answer_ms"]["count"] == hook["moves"] > 5
    careless = reports["careless-hook"]
    assert careless["status"] == "failed"
    assert [p["code"] for p in careless["report"]["problems"]] == ["webhook_accepts_bad_signature"]

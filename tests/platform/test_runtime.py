"""The live path works in both modes: a task's event reaches a WebSocket client within 1 s."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import time
from pathlib import Path

import httpx
import pytest
import websockets

from tests.processes import (
    ROOT,
    celery_beat,
    celery_worker,
    environment,
    free_port,
    migrate,
    server,
    start,
    wait_healthy,
)
from tests.services import fresh_postgres_database, require_redis

pytestmark = pytest.mark.fixed_stack


async def ping_round_trips(ws_url: str, count: int) -> list[float]:
    """Send pings through /ws/ping/; return each reply's delay in seconds."""
    delays = []
    async with websockets.connect(
        f"{ws_url}/ws/ping/", origin=ws_url.replace("ws", "http", 1)
    ) as sock:
        for n in range(count):
            start_at = time.perf_counter()
            await sock.send(json.dumps({"ping": n}))
            reply = json.loads(await asyncio.wait_for(sock.recv(), 5))
            assert reply == {"pong": n, "version": 0}
            delays.append(time.perf_counter() - start_at)
    return delays


def test_event_from_a_task_reaches_a_websocket_embedded(tmp_path: Path) -> None:
    env = environment(tmp_path)
    migrate(env)
    with server(env, tmp_path) as srv:
        delays = asyncio.run(ping_round_trips(srv.ws_url, 20))
    assert max(delays) < 1.0, delays


def test_event_from_a_task_reaches_a_websocket_on_redis_and_postgres(tmp_path: Path) -> None:
    redis_url = require_redis()
    with fresh_postgres_database() as database_url:
        env = environment(tmp_path, REDIS_URL=redis_url, DATABASE_URL=database_url)
        migrate(env)
        with (
            celery_worker(env, tmp_path),
            celery_beat(env, tmp_path),
            server(env, tmp_path) as srv,
        ):
            health = httpx.get(f"{srv.url}/healthz", timeout=10).json()
            delays = asyncio.run(ping_round_trips(srv.ws_url, 20))
    assert health["mode"] == "scaled-out"
    assert health["checks"]["database"]["backend"] == "postgresql"
    assert health["checks"]["broker"]["backend"] == "redis"
    assert health["checks"]["channel_layer"]["backend"] == "RedisChannelLayer"
    assert max(delays) < 1.0, delays


def test_ws_ping_rejects_a_malformed_message(tmp_path: Path) -> None:
    async def talk(ws_url: str) -> dict[str, str]:
        async with websockets.connect(
            f"{ws_url}/ws/ping/", origin=ws_url.replace("ws", "http", 1)
        ) as sock:
            await sock.send(json.dumps(["not", "an", "object"]))
            reply: dict[str, str] = json.loads(await asyncio.wait_for(sock.recv(), 5))
            return reply

    env = environment(tmp_path)
    migrate(env)
    with server(env, tmp_path) as srv:
        reply = asyncio.run(talk(srv.ws_url))
    assert reply["error"] == "bad_request"


def test_run_command_serves_and_stops_on_sigint_twice_in_a_row(tmp_path: Path) -> None:
    port = free_port()
    env = environment(tmp_path, PORT=str(port))
    for attempt in range(2):
        run = ["bash", str(ROOT / "scripts" / "run.sh")]
        process = start(run, env, tmp_path / f"run{attempt}.log")
        try:
            health = wait_healthy(f"http://127.0.0.1:{port}", process, timeout=300)
            home = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
            docs = httpx.get(f"http://127.0.0.1:{port}/api/docs/", timeout=10)
            admin = httpx.get(f"http://127.0.0.1:{port}/admin/login/", timeout=10)
        finally:
            code = process.stop(signal.SIGINT)
        assert health["status"] == "ok" and health["mode"] == "embedded"
        assert (home.status_code, docs.status_code, admin.status_code) == (200, 200, 200)
        assert code == 0, process.output()
        if attempt == 0:
            assert "admin account: admin / " in process.output()
            # Every printed link names the port it serves on (PORT), never a default 8000.
            links = re.findall(r"https?://[^\s)]+", process.output())
            assert f"http://127.0.0.1:{port}/admin/" in links, process.output()
            assert any(f":{port}/tournaments/" in link for link in links), links
            assert all(f"127.0.0.1:{port}/" in link for link in links), links
    # Nothing is left listening once it stopped.
    try:
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
    except httpx.ConnectError:
        pass
    else:
        raise AssertionError("something still answers after SIGINT")

"""Waiting long-polls hold no thread of the server: they wait on the event loop."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import stack

pytestmark = pytest.mark.fixed_stack

WAITERS = 40


def server_threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no thread count")


async def wait_many(url: str, token: str, pid: int) -> tuple[int, float, list[int]]:
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=WAITERS + 5)
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30, limits=limits) as c:
        polls = [
            asyncio.create_task(c.get("/api/v1/bot/turns", params={"wait": 4}))
            for _ in range(WAITERS)
        ]
        await asyncio.sleep(1.5)  # all of them are waiting now
        threads = server_threads(pid)
        began = time.perf_counter()
        health = await c.get("/healthz")
        answered_in = time.perf_counter() - began
        assert health.status_code == 200
        codes = [reply.status_code for reply in await asyncio.gather(*polls)]
    return threads, answered_in, codes


def test_forty_waiting_long_polls_hold_no_threads(tmp_path: Path) -> None:
    with stack("embedded", tmp_path) as platform:
        token = platform.createbot("patient")["token"]
        assert platform.web is not None
        pid = platform.web.popen.pid
        httpx.get(f"{platform.url}/api/v1/bot/turns", headers={"Authorization": f"Bearer {token}"})
        idle = server_threads(pid)
        threads, answered_in, codes = asyncio.run(wait_many(platform.url, token, pid))
    assert codes == [200] * WAITERS
    # A thread per waiting request would add 40; allow a few for pools warming up.
    assert threads - idle < 10, (idle, threads)
    assert answered_in < 1.0

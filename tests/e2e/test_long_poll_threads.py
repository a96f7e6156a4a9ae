"""Waiting long-polls hold no thread of the server: they wait on the event loop.

A request borrows a thread of the server's pool to be admitted (config/request_threads.py) and
gives it back before it waits. The waiters arrive one after another, so a server that gives the
thread back reuses one or two; a server that held a thread per waiting request would need forty.
All forty stay waiting: the stack lets one token hold them all (``LONG_POLLS_PER_TOKEN``), since
the default bound would answer all but four at once.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest

from tests.e2e.stack import stack

pytestmark = pytest.mark.fixed_stack

WAITERS = 40
WAIT = 6  # seconds each long-poll waits; longer than the arrivals and the count below
ARRIVAL_GAP = 0.05  # seconds between one waiter's request and the next


def server_threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no thread count")


async def wait_many(url: str, token: str, pid: int) -> tuple[int, float, list[int], float]:
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=WAITERS + 5)
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30, limits=limits) as c:
        began = time.perf_counter()
        polls = []
        for _ in range(WAITERS):
            polls.append(asyncio.create_task(c.get("/api/v1/bot/turns", params={"wait": WAIT})))
            await asyncio.sleep(ARRIVAL_GAP)
        await asyncio.sleep(0.5)  # the last one is waiting now
        threads = server_threads(pid)
        asked = time.perf_counter()
        health = await c.get("/healthz")
        answered_in = time.perf_counter() - asked
        assert health.status_code == 200
        codes = [reply.status_code for reply in await asyncio.gather(*polls)]
        waited = time.perf_counter() - began
    return threads, answered_in, codes, waited


def test_forty_waiting_long_polls_hold_no_threads(tmp_path: Path) -> None:
    with stack("embedded", tmp_path, LONG_POLLS_PER_TOKEN=str(WAITERS)) as platform:
        token = platform.createbot("patient")["token"]
        assert platform.web is not None
        pid = platform.web.popen.pid
        httpx.get(f"{platform.url}/api/v1/bot/turns", headers={"Authorization": f"Bearer {token}"})
        idle = server_threads(pid)
        threads, answered_in, codes, waited = asyncio.run(wait_many(platform.url, token, pid))
    assert codes == [200] * WAITERS
    # Every waiter waited its full time: none was closed early, so all forty were waiting when
    # the threads were counted.
    assert waited >= WAIT, waited
    # A thread per waiting request would add forty (seen: 41 when the wait held its request's
    # thread); the pool's reuse adds one or two (seen: 1). Half of forty leaves room for a busy
    # machine, whose arrivals overlap more, on both sides.
    assert threads - idle < WAITERS // 2, (idle, threads)
    assert answered_in < 1.0

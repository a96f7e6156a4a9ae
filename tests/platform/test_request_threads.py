"""Each request's sync code runs on a lent thread, one per request at a time, reused after."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from asgiref.sync import sync_to_async

from config.request_threads import ExecutorPool, on_reused_threads


def _app(seen: list[tuple[str, int]], gate: asyncio.Event | None = None) -> Any:
    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        first = await sync_to_async(threading.get_ident)()
        if gate is not None:
            await gate.wait()
        second = await sync_to_async(threading.get_ident)()
        assert first == second  # Django's promise: one request, one thread
        seen.append((scope["name"], first))

    return app


def test_requests_one_after_another_reuse_one_thread() -> None:
    seen: list[tuple[str, int]] = []
    pool = ExecutorPool()
    app = on_reused_threads(_app(seen), pool)

    async def run() -> None:
        for n in range(5):
            await app({"name": str(n)}, None, None)

    asyncio.run(run())
    assert len({ident for _, ident in seen}) == 1
    assert pool.started == 1
    assert threading.get_ident() not in {ident for _, ident in seen}


def test_requests_at_once_get_threads_of_their_own() -> None:
    seen: list[tuple[str, int]] = []
    pool = ExecutorPool(keep=1)

    async def run() -> None:
        gate = asyncio.Event()
        app = on_reused_threads(_app(seen, gate), pool)
        both = asyncio.gather(app({"name": "a"}, None, None), app({"name": "b"}, None, None))
        await asyncio.sleep(0.05)
        gate.set()
        await both

    asyncio.run(run())
    assert len({ident for _, ident in seen}) == 2
    assert pool.started == 2
    assert len(pool.idle) == 1  # the pool keeps at most ``keep`` idle

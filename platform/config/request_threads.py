"""Run each request's sync code on a reused thread instead of a thread made for it.

Django's ASGI handler enters a fresh ``ThreadSensitiveContext`` for every request. asgiref then
starts a ``ThreadPoolExecutor(max_workers=1)`` for it, which is a new thread, and on exit one
more thread to join that one. That makes two thread starts on the event loop for each request,
and a new thread-local database connection.

Here each request borrows an idle single-thread executor from a pool, enters the context with
it (asgiref's ``ThreadSensitiveContext(executor=...)``; Django's own context inside is then a
no-op), and gives it back when the request ends. The request keeps Django's guarantee: all its
sync code (middleware hooks, a sync view, the signals) runs on one thread, one call at a time.
The pool grows to as many requests as run at once and keeps at most ``IDLE_EXECUTORS``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext

IDLE_EXECUTORS = 32
App = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


class ExecutorPool:
    """Single-thread executors, lent one per request. Used only from the event loop's thread."""

    def __init__(self, keep: int = IDLE_EXECUTORS) -> None:
        self.keep = keep
        self.idle: list[ThreadPoolExecutor] = []
        self.started = 0  # executors made, for the tests

    def borrow(self) -> ThreadPoolExecutor:
        if self.idle:
            return self.idle.pop()
        self.started += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        if len(self.idle) < self.keep:
            self.idle.append(executor)
        else:
            executor.shutdown(wait=False)


def on_reused_threads(app: App, pool: ExecutorPool | None = None) -> App:
    """Wrap an ASGI app so that each of its requests runs its sync code on a lent thread."""
    lender = pool or ExecutorPool()

    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        executor = lender.borrow()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await app(scope, receive, send)
        finally:
            lender.give_back(executor)

    wrapped.pool = lender  # type: ignore[attr-defined]
    return wrapped

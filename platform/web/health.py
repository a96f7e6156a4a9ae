"""Checks that each backing service answers and each kind of process lives, for /healthz.

The web, worker and beat checks read the processes' heartbeats (README, "Operations"): a role
passes when at least one of its processes recorded one in the last ``HEARTBEAT_STALE`` seconds.
Each queue check passes when such a worker heartbeat names that Celery queue: a live webhooks
worker does not stand in for a dead match worker.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from config.celery import app as celery_app
from core.heartbeats import heartbeats_live, queues_consumed
from core.models import Heartbeat

CHECK_TIMEOUT = 3.0
# The Celery queues the platform needs a live consumer of, and what waits without one.
QUEUES = {
    "celery": "house moves, time-outs, tournament rounds and pre-flight checks",
    "webhooks": "webhook bots' turns and pre-flight calls",
    "search": "the moves of searching house bots",
}


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def _broker() -> str:
    if settings.EMBEDDED:
        from config.embedded import runtime

        if settings.EMBEDDED_WORKER and not runtime.alive():
            raise RuntimeError("the embedded worker thread is not running")
        return "memory"
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=CHECK_TIMEOUT)
    return "redis"


def _processes(role: str) -> Callable[[], str]:
    def check() -> str:
        live = heartbeats_live(role=role)
        if not live:
            raise RuntimeError(
                f"no {role} process recorded a heartbeat in the last {settings.HEARTBEAT_STALE:g} s"
            )
        return f"{len(live)} live"

    return check


def _queue(name: str) -> Callable[[], str]:
    def check() -> str:
        if name not in queues_consumed():
            raise RuntimeError(
                f"no worker consuming the {name} queue recorded a heartbeat in the last "
                f"{settings.HEARTBEAT_STALE:g} s: {QUEUES[name]} wait"
            )
        return "consumed"

    return check


async def _channel_layer() -> str:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer is configured")
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "health.check"})
    message = await layer.receive(channel)
    if message.get("type") != "health.check":
        raise RuntimeError("the channel layer returned another message")
    return type(layer).__name__


def _cache() -> str:
    key = f"healthz:{uuid.uuid4().hex}"
    cache.set(key, "ok", 10)
    if cache.get(key) != "ok":
        raise RuntimeError("the cache did not keep a value")
    cache.delete(key)
    return settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]


async def _timed(check: Callable[[], Awaitable[str]]) -> dict[str, object]:
    start = time.perf_counter()
    try:
        backend = await asyncio.wait_for(check(), CHECK_TIMEOUT)
    except Exception as exc:  # any failure is the answer, not an error of the endpoint
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
    return {"ok": True, "backend": backend, "ms": round((time.perf_counter() - start) * 1000, 1)}


async def check_all() -> dict[str, dict[str, object]]:
    """Run every check at once; return each one's state by name."""
    checks: dict[str, Callable[[], Awaitable[str]]] = {
        "database": sync_to_async(_database, thread_sensitive=True),
        "broker": sync_to_async(_broker, thread_sensitive=False),
        "channel_layer": _channel_layer,
        "cache": sync_to_async(_cache, thread_sensitive=False),
        **{
            role: sync_to_async(_processes(role), thread_sensitive=True)
            for role in Heartbeat.Role.values
        },
        **{f"queue:{name}": sync_to_async(_queue(name), thread_sensitive=True) for name in QUEUES},
    }
    results = await asyncio.gather(*(_timed(check) for check in checks.values()))
    return dict(zip(checks, results, strict=True))

"""The pulse: a daemon thread in each process that records its heartbeats every
``HEARTBEAT_INTERVAL`` seconds, and helpers that repeat other work on threads of their own.

A web process joins as ``web`` (and, embedded, as ``worker`` and ``beat`` while those threads
live); a Celery worker process joins as ``worker`` and a beat process as ``beat``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import cache

import redis
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from core.heartbeats import KEEP_HEARTBEATS, heartbeat_record, heartbeats_forget, this_process
from core.models import Heartbeat

log = logging.getLogger(__name__)


def _always() -> bool:
    return True


def _no_queues() -> list[str]:
    return []


@cache
def broker_client() -> redis.Redis:
    """Return this process's Redis client for the broker check (short time-outs)."""
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1)


def broker_answers() -> bool:
    """Tell whether the broker (and, on the same Redis, the channel layer) answers."""
    if settings.EMBEDDED:
        return True  # in memory, in this process
    try:
        return bool(broker_client().ping())
    except redis.RedisError:
        return False


def repeat(name: str, interval: float, work: Callable[[], object]) -> threading.Event:
    """Run ``work`` every ``interval`` seconds on a daemon thread until the event is set.

    A failure is logged and the next round runs anyway (the database or Redis may be back).
    """
    stop = threading.Event()

    def loop() -> None:
        while True:
            try:
                work()
            except Exception as exc:  # an outage must not end the loop
                log.warning("%s failed: %s: %s", name, type(exc).__name__, exc)
            finally:
                close_old_connections()  # drop a broken connection; the next round reconnects
            if stop.wait(interval):
                return

    threading.Thread(target=loop, name=name, daemon=True).start()
    return stop


class Pulse:
    """The roles this process holds, each with a test of whether it still lives."""

    def __init__(self) -> None:
        self.roles: dict[str, Callable[[], bool]] = {}
        self.queues: dict[str, Callable[[], list[str]]] = {}
        self.started_at = timezone.now()
        self._stop: threading.Event | None = None
        self._lock = threading.Lock()
        self._tidied = False

    def join(
        self,
        role: str,
        alive: Callable[[], bool] = _always,
        queues: Callable[[], list[str]] = _no_queues,
    ) -> None:
        """Record heartbeats for ``role`` from now on, while ``alive()`` is true; a worker's
        name the Celery queues that ``queues()`` says have a live consumer."""
        with self._lock:
            self.roles[role] = alive
            self.queues[role] = queues
            if self._stop is None:
                self._stop = repeat("pulse", settings.HEARTBEAT_INTERVAL, self.beat)

    def stop(self) -> None:
        """Stop recording heartbeats (the process is shutting down)."""
        with self._lock:
            self.roles.clear()
            self.queues.clear()
            if self._stop is not None:
                self._stop.set()
                self._stop = None

    def beat(self) -> None:
        """Record one heartbeat for each living role (a web process only if it can take moves)."""
        if not self._tidied:
            heartbeats_forget(before=timezone.now() - KEEP_HEARTBEATS)
            self._tidied = True
        for role, alive in list(self.roles.items()):
            if not alive():
                continue
            if role == Heartbeat.Role.WEB and not broker_answers():
                continue
            queues = self.queues.get(role, _no_queues)()
            heartbeat_record(
                role=role, process=this_process(), started_at=self.started_at, queues=queues
            )


pulse = Pulse()

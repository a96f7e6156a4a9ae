"""Heartbeats: services that record them, selectors that read them (README, "Operations").

A web process records its heartbeat only while it reaches the database and the broker, so the
newest web heartbeat is the last instant the platform could take moves. The first one after a
gap longer than ``HEARTBEAT_STALE`` ends an outage: ``platform_resumed`` goes out in the same
transaction, and the games app pushes every open deadline back by the outage plus a grace.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.models import Clock, Heartbeat
from core.signals import platform_resumed

log = logging.getLogger(__name__)

KEEP_HEARTBEATS = timedelta(days=1)  # rows of processes gone longer than this are deleted


def this_process() -> str:
    """Name this process as ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _stale() -> timedelta:
    return timedelta(seconds=settings.HEARTBEAT_STALE)


def heartbeat_record(
    *, role: str, process: str, started_at: datetime, queues: Iterable[str] = ()
) -> None:
    """Record that ``process`` lives in ``role`` now (a web process: see ``clock_advance``);
    a worker names the Celery ``queues`` it consumes."""
    now = timezone.now()
    defaults = {"at": now, "started_at": started_at, "queues": ",".join(sorted(queues))}
    with transaction.atomic():
        if role == Heartbeat.Role.WEB:
            clock_advance(now=now)
        Heartbeat.objects.update_or_create(role=role, process=process, defaults=defaults)


def clock_advance(*, now: datetime) -> timedelta | None:
    """Move the platform's clock to ``now``; return the outage this ends, if one does.

    Locks the clock row, so two web processes coming back at once see one outage, not two.
    """
    with transaction.atomic():
        Clock.objects.get_or_create(pk=1)
        clock = Clock.objects.select_for_update().get(pk=1)
        last = clock.taking_moves_at
        outage = now - last if last is not None and now - last > _stale() else None
        if outage is not None:
            seconds = outage.total_seconds()
            log.warning("the platform took no moves for %.1f s: deadlines move back", seconds)
            platform_resumed.send(sender=Clock, outage=outage)
        if last is None or now > last:
            clock.taking_moves_at = now
            clock.save(update_fields=["taking_moves_at"])
        return outage


def heartbeats_forget(*, before: datetime) -> int:
    """Delete the heartbeats of processes silent since ``before``; return how many."""
    deleted, _ = Heartbeat.objects.filter(at__lt=before).delete()
    return deleted


def sweep_claim(*, interval: float) -> bool:
    """Claim the next sweep: true for exactly one caller per ``interval`` seconds.

    Beat, and every worker process, offer to sweep; a conditional UPDATE lets one of them
    through, so neither a beat that is down nor two beats by mistake change how often it runs.
    """
    now = timezone.now()
    Clock.objects.get_or_create(pk=1)
    due = now - timedelta(seconds=interval * 0.9)
    free = Q(swept_at__isnull=True) | Q(swept_at__lte=due)
    return Clock.objects.filter(free, pk=1).update(swept_at=now) == 1


def taking_moves_at() -> datetime | None:
    """Return the last instant the platform could take moves (None before any web process)."""
    return Clock.objects.filter(pk=1).values_list("taking_moves_at", flat=True).first()


def heartbeats_live(*, role: str) -> list[Heartbeat]:
    """Return the processes of ``role`` whose heartbeat is fresh."""
    fresh = timezone.now() - _stale()
    return list(Heartbeat.objects.filter(role=role, at__gte=fresh).order_by("process"))


def queues_consumed() -> set[str]:
    """Return the Celery queues that some worker with a fresh heartbeat consumes."""
    fresh = timezone.now() - _stale()
    rows = Heartbeat.objects.filter(role=Heartbeat.Role.WORKER, at__gte=fresh)
    listed = rows.values_list("queues", flat=True)
    return {name for queues in listed for name in queues.split(",") if name}

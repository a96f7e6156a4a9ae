"""Deadlines and outages: our downtime is never a player's time-out (docs/bots.md)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import DateTimeField, ExpressionWrapper, F

from core.heartbeats import taking_moves_at
from games.models import Match


def deadlines_push_back(*, outage: timedelta) -> int:
    """Move every open turn's deadline back by ``outage`` plus ``OUTAGE_GRACE``; return how many.

    Runs in the transaction of the first web heartbeat after the outage, so no time-out can
    read a deadline the outage has not moved yet.
    """
    by = outage + timedelta(seconds=settings.OUTAGE_GRACE)
    later = ExpressionWrapper(F("deadline") + by, output_field=DateTimeField())
    # A clocked turn's time runs from its opening: moved on too, so the bank never pays for it.
    opened = ExpressionWrapper(F("turn_opened_at") + by, output_field=DateTimeField())
    open_turns = Match.objects.filter(status=Match.Status.RUNNING, deadline__isnull=False)
    return open_turns.update(deadline=later, turn_opened_at=opened)


def could_take_moves_until(deadline: datetime) -> bool:
    """Tell whether the platform could take moves up to ``deadline`` (a web heartbeat since)."""
    last = taking_moves_at()
    return last is not None and last >= deadline

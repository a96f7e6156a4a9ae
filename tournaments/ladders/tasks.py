"""Celery tasks of the ladders: the scheduling pass the beat runs every few seconds."""

from __future__ import annotations

from celery import shared_task

from tournaments.ladders.services.schedule import ladders_schedule_all
from tournaments.ladders.services.settlement import sets_settle_due


@shared_task(name="ladders.schedule", ignore_result=True)
def ladders_schedule() -> int:
    """Settle the sets whose last table's settling was missed, then start ladder sets in every
    free slot of every ladder."""
    sets_settle_due()
    return ladders_schedule_all()

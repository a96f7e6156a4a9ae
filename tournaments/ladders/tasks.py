"""Celery tasks of the ladders: the scheduling pass the beat runs every few seconds."""

from __future__ import annotations

from celery import shared_task

from tournaments.ladders.services.schedule import ladders_schedule_all


@shared_task(name="ladders.schedule", ignore_result=True)
def ladders_schedule() -> int:
    """Start ladder matches in every free slot of every ladder."""
    return ladders_schedule_all()

"""The leagues' beat task: thin, idempotent, and safe to run in several workers at once."""

from __future__ import annotations

from celery import shared_task

from tournaments.leagues.services.rounds import leagues_tick


@shared_task(name="leagues.tick", ignore_result=True)
def tick() -> dict[str, list[int]]:
    """Close overdue league rounds and open due ones."""
    report = leagues_tick()
    return {"opened": report.opened, "closed": report.closed}

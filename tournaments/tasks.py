"""Celery tasks of tournaments: thin, take ids, safe to run twice."""

from __future__ import annotations

import logging

from celery import shared_task

from tournaments.services import forfeits, tournaments
from tournaments.services.settlement import RESIGN_ENTRIES_TASK

log = logging.getLogger(__name__)


@shared_task(name="tournaments.tick", ignore_result=True)
def tick() -> int:
    """Start tournaments whose scheduled time has come; move on any stalled one."""
    done = 0
    for tournament_id in tournaments.tournaments_due():
        try:
            tournaments.tournament_start(tournament_id=tournament_id, due=True)
            done += 1
        except Exception:
            log.exception("could not start tournament %s", tournament_id)
    for tournament_id in tournaments.tournaments_stalled():
        try:
            tournaments.tournament_repair(tournament_id=tournament_id)
        except Exception:
            log.exception("could not repair tournament %s", tournament_id)
    return done


@shared_task(name=RESIGN_ENTRIES_TASK, ignore_result=True)
def resign_entries(entry_ids: list[int]) -> None:
    """Resign the live seats of entries that withdrew or forfeited."""
    for entry_id in entry_ids:
        forfeits.entry_resign_seats(entry_id=entry_id)

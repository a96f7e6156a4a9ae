"""Celery tasks of matches: thin wrappers over the services, safe to run twice."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games.models import Match
from games.services import matches
from games.services.challenges import challenges_expire

HOUSE_MOVES_PER_TASK = 400  # then the task queues its successor, so other matches get a turn
STUCK_AFTER = timedelta(seconds=3)


@shared_task(name="games.play_house_turns", ignore_result=True)
def play_house_turns(match_id: int, turn: int) -> None:
    """Play consecutive house-bot moves of a match, from ``turn`` on, in this one task."""
    more = matches.house_moves_play(match_id=match_id, turn=turn, limit=HOUSE_MOVES_PER_TASK)
    if more is not None:
        play_house_turns.delay(match_id, more)


@shared_task(name="games.time_out_turn", ignore_result=True)
def time_out_turn(match_id: int, turn: int) -> None:
    """Play the fallback move of an overdue turn (nothing if the match has moved on)."""
    matches.turn_time_out(match_id=match_id, turn=turn)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> int:
    """Queue what running matches miss: overdue time-outs, and house turns nobody plays; mark
    unanswered challenges expired."""
    challenges_expire()
    now = timezone.now()
    running = Match.objects.filter(status=Match.Status.RUNNING)
    queued = 0
    for match_id, turn in running.filter(deadline__lte=now).values_list("id", "turn")[:500]:
        time_out_turn.delay(match_id, turn)
        queued += 1
    idle = running.filter(
        deadline__isnull=True, to_move__isnull=False, updated_at__lte=now - STUCK_AFTER
    )
    for match_id, turn in idle.values_list("id", "turn")[:500]:
        play_house_turns.delay(match_id, turn)
        queued += 1
    return queued

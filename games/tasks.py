"""Celery tasks of matches: thin wrappers over the services, safe to run twice."""

from __future__ import annotations

import time
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from core.heartbeats import sweep_claim, taking_moves_at
from games.dispatch import HOUSE_SEARCH_TASK, HOUSE_TURNS_TASK, house_send
from games.engine.strategies import is_search
from games.models import Match, Seat
from games.services import matches
from games.services.challenges import challenges_expire

HOUSE_MOVES_PER_TASK = 400  # then the task queues its successor, so other matches get a turn
HOUSE_SEARCH_SECONDS = 1.0  # ... and a search task after this long
STUCK_AFTER = timedelta(seconds=3)


@shared_task(name=HOUSE_TURNS_TASK, ignore_result=True)
def play_house_turns(match_id: int, turn: int) -> None:
    """Play the cheap house moves of a match from ``turn`` on; a search move goes on to the
    search queue (``play_house_search``)."""
    _play_on(match_id, turn, search=False)


@shared_task(name=HOUSE_SEARCH_TASK, ignore_result=True)
def play_house_search(match_id: int, turn: int) -> None:
    """Play the house moves of a match from ``turn`` on, searching ones included.

    Routed to the ``search`` queue (settings.CELERY_TASK_ROUTES): its own worker process, or
    in embedded mode its own worker thread, so that practice search never delays bot,
    tournament or ladder turns.
    """
    _play_on(match_id, turn, search=True)


def _play_on(match_id: int, turn: int, *, search: bool) -> None:
    """Play house moves, one short transaction per batch, then hand on to a successor task:
    cheap moves after HOUSE_MOVES_PER_TASK of them, search moves after HOUSE_SEARCH_SECONDS,
    so that other matches get their turn on the worker."""
    started = time.monotonic()
    run = matches.house_moves_play(match_id=match_id, turn=turn, search=search)
    while run is not None and (search or not run.search):
        if run.turn - turn >= HOUSE_MOVES_PER_TASK:
            break
        if search and time.monotonic() - started >= HOUSE_SEARCH_SECONDS:
            break
        run = matches.house_moves_play(match_id=match_id, turn=run.turn, search=search)
    if run is not None:
        house_send(match_id, run.turn, run.search)


@shared_task(name="games.time_out_turn", ignore_result=True)
def time_out_turn(match_id: int, turn: int) -> None:
    """Play the fallback move of an overdue turn (nothing if the match has moved on)."""
    matches.turn_time_out(match_id=match_id, turn=turn)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> int:
    """Queue what running matches miss: overdue time-outs, and house turns nobody plays; mark
    unanswered challenges expired.

    Beat queues it and every worker process runs it on a thread of its own (config/celery.py),
    so time-outs do not depend on beat; a claim on the clock row lets one sweep through per
    ``SWEEP_INTERVAL``. Only turns whose deadline a web heartbeat has passed are due.
    """
    if not sweep_claim(interval=settings.SWEEP_INTERVAL):
        return 0
    challenges_expire()
    now = timezone.now()
    running = Match.objects.filter(status=Match.Status.RUNNING)
    queued = 0
    took_moves = taking_moves_at()
    due = running.filter(deadline__lte=min(now, took_moves)) if took_moves else running.none()
    for match_id, turn in due.values_list("id", "turn")[:500]:
        time_out_turn.delay(match_id, turn)
        queued += 1
    # A paced house move (a tournament's house_pace) is scheduled up to 1.5 x HOUSE_PACE_MAX
    # seconds ahead: only later is it stuck.
    paced_stuck = now - STUCK_AFTER - timedelta(seconds=1.5 * matches.HOUSE_PACE_MAX)
    idle = running.filter(deadline__isnull=True, to_move__isnull=False).filter(
        Q(house_pace=0, updated_at__lte=now - STUCK_AFTER)
        | Q(house_pace__gt=0, updated_at__lte=paced_stuck)
    )
    stuck = list(idle.values_list("id", "turn", "to_move")[:500])
    searching = {
        (seat.match_id, seat.number)
        for seat in Seat.objects.filter(match_id__in=[row[0] for row in stuck])
        if seat.played_by_house and is_search(matches.house_strategy(seat))
    }
    for match_id, turn, to_move in stuck:
        house_send(match_id, turn, (match_id, to_move) in searching)
        queued += 1
    return queued

"""What happens after a match changes and the transaction commits: events and tasks.

Events carry the match's turn number as their version. The match group gets the public change;
each bot seated in the match gets a wake-up on its own group (the long-poll and the stream
listen there); house turns and webhook calls are queued as tasks. A change carries everything
this needs, so dispatching reads nothing back from the database.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from celery import current_app
from django.db import transaction

from core import events
from games.engine.strategies import is_search

if TYPE_CHECKING:
    from games.models import Match, Move, Seat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatInfo:
    number: int
    bot_id: int | None
    webhook: bool
    house: bool
    search: bool = False  # the house plays it with a search strategy (the search queue)


@dataclass(frozen=True)
class Change:
    """One committed change of a match, with what its events and tasks need."""

    match_id: int
    version: int
    kind: str  # "started", "move", "resigned"
    status: str
    to_move: int | None
    deadline: str | None
    result: Any
    seats: tuple[SeatInfo, ...]
    moves: list[dict[str, Any]] = field(default_factory=list)
    resigned: int | None = None
    queue_house: bool = True
    sealed: bool = False
    house_pace: float = 0.0

    @property
    def running(self) -> bool:
        return self.status == "running"


def change_of(
    match: Match,
    seats: list[Seat],
    kind: str,
    moves: list[Move] | None = None,
    *,
    resigned: int | None = None,
    queue_house: bool = True,
) -> Change:
    """Describe a change of ``match`` made in the current transaction."""
    return Change(
        match_id=match.pk,
        version=match.turn,
        kind=kind,
        status=match.status,
        to_move=match.to_move,
        deadline=match.deadline.isoformat() if match.deadline else None,
        result=match.result,
        seats=tuple(
            SeatInfo(
                s.number,
                s.bot_id,
                s.answers_by_webhook,
                s.played_by_house,
                s.played_by_house and is_search(s.strategy if s.kind == "house" else ""),
            )
            for s in seats
        ),
        moves=[{"turn": m.turn, "seat": m.seat, "move": m.public, "by": m.by} for m in moves or []],
        resigned=resigned,
        queue_house=queue_house,
        sealed=match.sealed,
        house_pace=match.house_pace,
    )


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def bot_group(bot_id: int) -> str:
    return f"bot.{bot_id}"


def dispatch_on_commit(change: Change) -> None:
    """Dispatch ``change`` once the current transaction commits."""
    transaction.on_commit(lambda: dispatch(change))


def dispatch(change: Change) -> None:
    """Send the events of a committed change and queue the work it opens."""
    from games.signals import match_finished, turn_opened

    base = {
        "type": "match.event",
        "match": change.match_id,
        "status": change.status,
        "to_move": change.to_move,
        "deadline": change.deadline,
        # A sealed match's events go to its own seats only (games/consumers.py, deliver).
        "sealed": change.sealed,
    }
    event: dict[str, Any] = {**base, "kind": change.kind, "version": change.version}
    # Wall-clock seconds at commit (dispatch runs on commit): clients measure event latency.
    event["committed_at"] = time.time()
    if change.moves and not change.sealed:
        # The moves of one change (a bot's move, or a run of house moves) in one event; the
        # version is the turn after the last of them.
        event["moves"] = change.moves
    if change.resigned is not None:
        event["seat"] = change.resigned
    if not change.running and not change.sealed:  # a sealed result waits for the round's end
        event["result"] = change.result
    outgoing: list[tuple[str, dict[str, Any]]] = [(match_group(change.match_id), event)]
    for seat in change.seats:
        if seat.bot_id is None:
            continue
        if not change.running:
            kind = "match_finished"
        elif change.kind == "started":
            kind = "match_started"
        elif change.to_move == seat.number:
            kind = "turn"
        else:
            continue
        wake = {"type": "bot.wake", "kind": kind, "match": change.match_id}
        outgoing.append((bot_group(seat.bot_id), wake))
    _send(outgoing)
    if not change.running:
        match_finished.send(sender=Change, match_id=change.match_id, result=change.result)
        return
    if change.to_move is None:
        return
    seat = change.seats[change.to_move]
    if seat.house:
        if change.queue_house and change.house_pace > 0:
            # Paced (a tournament's house_pace): the move is scheduled, no worker waits for it.
            delay = house_delay(change.match_id, change.version, change.house_pace)
            house_send(change.match_id, change.version, seat.search, countdown=delay)
        elif change.queue_house:
            house_send(change.match_id, change.version, seat.search)
    else:
        turn_opened.send(
            sender=Change,
            match_id=change.match_id,
            turn=change.version,
            seat=seat.number,
            bot_id=seat.bot_id,
            webhook=seat.webhook,
        )


# The tasks that play house moves (games/tasks.py), by name: services start tasks by name, so
# this module never imports the tasks that import the services.
HOUSE_TURNS_TASK = "games.play_house_turns"
HOUSE_SEARCH_TASK = "games.play_house_search"  # routed to the search queue


def house_send(match_id: int, turn: int, search: bool, countdown: float | None = None) -> None:
    """Queue the house's moves of ``match_id`` from ``turn``: on the search queue for a seat
    that searches."""
    name = HOUSE_SEARCH_TASK if search else HOUSE_TURNS_TASK
    current_app.send_task(name, args=(match_id, turn), countdown=countdown)


def house_delay(match_id: int, turn: int, pace: float) -> float:
    """Return how long the house waits before the move of ``turn``: between 0.5 and 1.5 times
    ``pace`` seconds, the same for the same turn (a repeated dispatch keeps its time)."""
    return pace * random.Random(f"pace:{match_id}:{turn}").uniform(0.5, 1.5)


def _send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    try:
        events.group_send_all(messages, wait=False)
    except Exception:  # a lost event must never undo or block a committed move
        log.exception("could not send the events to %s", [group for group, _ in messages])

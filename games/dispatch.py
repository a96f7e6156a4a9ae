"""What happens after a match changes and the transaction commits: events and tasks.

Events carry the match's turn number as their version. The match group gets the public change;
each bot seated in the match gets a wake-up on its own group (the long-poll and the stream
listen there); house turns and webhook calls are queued as tasks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from config import events
from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

# Sent after commit when a match finishes; receivers get ``match_id``.
match_finished = Signal()


@dataclass(frozen=True)
class Change:
    """One committed change of a match."""

    match_id: int
    turn: int
    kind: str  # "started", "move", "resigned"
    move: int | None = None  # the Move row's id
    seat: int | None = None
    queue_house: bool = True


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def bot_group(bot_id: int) -> str:
    return f"bot.{bot_id}"


def dispatch_on_commit(change: Change) -> None:
    """Dispatch ``change`` once the current transaction commits."""
    transaction.on_commit(lambda: dispatch(change))


def dispatch(change: Change) -> None:
    """Send the events of a committed change and queue the work it opens."""
    from games.models import Match, Move, Seat
    from games.tasks import play_house_turns

    match = Match.objects.filter(pk=change.match_id).first()
    if match is None:
        return
    seats = list(Seat.objects.filter(match=match).select_related("bot").order_by("number"))
    event: dict[str, Any] = {
        "type": "match.event",
        "kind": change.kind,
        "match": match.pk,
        "version": change.turn,
        "status": match.status,
        "to_move": match.to_move,
        "deadline": match.deadline.isoformat() if match.deadline else None,
    }
    if change.move is not None:
        row = Move.objects.filter(pk=change.move).first()
        if row is not None:
            event.update(seat=row.seat, move=row.public, by=row.by, turn=row.turn)
    if change.seat is not None:
        event["seat"] = change.seat
    if not match.is_running:
        event["result"] = match.result
    _send(match_group(match.pk), event)

    finished = not match.is_running
    for seat in seats:
        if seat.kind != Seat.Kind.BOT or seat.bot_id is None:
            continue
        if change.kind == "started" or finished or match.to_move == seat.number:
            kind = (
                "match_finished"
                if finished
                else ("match_started" if change.kind == "started" else "turn")
            )
            _send(bot_group(seat.bot_id), {"type": "bot.wake", "kind": kind, "match": match.pk})
    if finished:
        match_finished.send(sender=Match, match_id=match.pk)
        return
    if match.to_move is None:
        return
    seat = seats[match.to_move]
    if seat.played_by_house:
        if change.queue_house:
            play_house_turns.delay(match.pk, match.turn)
    elif seat.kind == Seat.Kind.BOT and seat.bot is not None and seat.bot.webhook_url:
        from bots.tasks import webhook_turn

        webhook_turn.delay(match.pk, match.turn)


def _send(group: str, message: dict[str, Any]) -> None:
    try:
        events.group_send(group, message)
    except Exception:  # an event lost must never undo or block a committed move
        log.exception("could not send an event to %s", group)

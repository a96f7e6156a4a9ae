"""When a bot was handed its turn, and what the API refused it: the facts a pre-flight reads.

A turn is *delivered* when its bot is first handed it: in a long-poll answer, as a line of the
event stream, in a move's answer (``next_turn``, games/services/matches.py), or in a webhook
call. Only the first delivery of a turn counts (the long-poll may
hand the same turn over again until it is played). A move's ``answer_ms`` runs from then to
the move's arrival, so it measures the bot and the network, not the platform's queues.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Match, Move, Seat

# A seat's refusal counts keep at most this many error codes (the API has fewer).
MAX_CODES = 32


def turns_mark_delivered(
    *, turns: Iterable[tuple[int, int, int]], now: datetime | None = None
) -> int:
    """Record that each (match, seat, turn) was handed to its bot now, unless it already was.

    A turn that is no longer open is left alone. Return how many first deliveries were noted.
    """
    now = now or timezone.now()
    noted = 0
    for match_id, seat, turn in turns:
        noted += (
            Seat.objects.filter(match_id=match_id, number=seat, match__turn=turn)
            .exclude(delivered_turn=turn)
            .update(delivered_turn=turn, delivered_at=now)
        )
    return noted


def ms_since_delivery(seat: Seat, turn: int, now: datetime) -> int | None:
    """Return the ms from the first delivery of ``turn`` to ``seat`` until ``now``, if known."""
    if seat.delivered_turn != turn or seat.delivered_at is None:
        return None
    return max(0, round((now - seat.delivered_at).total_seconds() * 1000))


def refusal_record(*, match_id: int, bot_id: int, code: str) -> None:
    """Count one refused move submission of a bot in a match, by error code."""
    with transaction.atomic():
        seats = Seat.objects.select_for_update().filter(
            match_id=match_id, bot_id=bot_id, match__status=Match.Status.RUNNING
        )
        for seat in seats:
            counts = dict(seat.refusals or {})
            if code in counts or len(counts) < MAX_CODES:
                counts[code] = counts.get(code, 0) + 1
                seat.refusals = counts
                seat.save(update_fields=["refusals"])


def answer_times(match_id: int, seat: int) -> list[int]:
    """Return the answer times (ms) of a seat's entrant moves, in turn order."""
    rows = Move.objects.filter(
        match_id=match_id, seat=seat, by=Move.By.ENTRANT, answer_ms__isnull=False
    ).order_by("turn")
    return list(rows.values_list("answer_ms", flat=True))

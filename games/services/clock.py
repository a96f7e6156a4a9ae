"""Time banks: a Fischer clock per entrant seat, with an allowance for network transit.

A clocked match (``Match.clock = {"bank": s, "increment": s}``) gives each entrant seat a bank
of seconds instead of a fixed time a move. A turn's deadline is its opening plus the seat's bank
plus its transit allowance; when the move arrives, the time it took less the allowance comes
off the bank, and the increment goes on. A turn that runs out plays the fallback move and
counts as a time-out, as with a fixed time a move; the bank is then empty but for the
increment.

Transit: the time a turn spends on the network, which a bot far from the server should not pay
for. It is measured per seat over the match: from a turn's delivery to the bot's
acknowledgement (``POST /api/v1/matches/{id}/ack``, which the client sends on receipt: one
round trip), and for webhooks the TCP connect time of each call (one round trip). The
allowance is the median of the seat's samples, at most ``TRANSIT_MAX`` seconds (docs/bots.md,
"Time banks").
"""

from __future__ import annotations

import statistics
from datetime import datetime
from typing import Any

from django.db import transaction

from games.models import Match, Seat
from games.services.errors import BadOptions, NotFound, TurnNotOpen

BANK_MAX = 86400.0
INCREMENT_MAX = 3600.0
TRANSIT_MAX = 2.0  # seconds: the most a turn's transit allowance may be
SAMPLES = 20  # transit samples kept per seat (the latest)


def clock_check(value: Any) -> dict[str, float] | None:
    """Return a clean clock setting, None for none; raise BadOptions for a bad one."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"bank", "increment"} or "bank" not in value:
        raise BadOptions('clock must be {"bank": seconds, "increment": seconds}')
    try:
        bank = float(value["bank"])
        increment = float(value.get("increment", 0))
    except (TypeError, ValueError):
        raise BadOptions("clock bank and increment must be numbers of seconds") from None
    if isinstance(value["bank"], bool) or isinstance(value.get("increment"), bool):
        raise BadOptions("clock bank and increment must be numbers of seconds")
    if not 1 <= bank <= BANK_MAX or not 0 <= increment <= INCREMENT_MAX:
        raise BadOptions(
            f"clock bank must be 1 to {BANK_MAX:g} s and increment 0 to {INCREMENT_MAX:g} s"
        )
    return {"bank": bank, "increment": increment}


def allowance(seat: Seat) -> float:
    """Return the seat's transit allowance in seconds: the median sample, capped."""
    if not seat.transit:
        return 0.0
    return min(statistics.median(seat.transit) / 1000, TRANSIT_MAX)


def turn_seconds(match: Match, seat: Seat) -> float:
    """Return how long the seat's turn may take: its bank plus allowance, or the fixed time."""
    if not match.clock:
        return match.move_timeout
    bank = match.clock["bank"] if seat.bank is None else seat.bank
    return bank + allowance(seat)


def charge(match: Match, seat: Seat, now: datetime) -> None:
    """Take the turn's time (less the allowance) off the seat's bank and add the increment."""
    if not match.clock or match.turn_opened_at is None:
        return
    bank = match.clock["bank"] if seat.bank is None else seat.bank
    used = max(0.0, (now - match.turn_opened_at).total_seconds() - allowance(seat))
    seat.bank = max(0.0, bank - used) + match.clock["increment"]
    seat.save(update_fields=["bank"])


def run_out(match: Match, seat: Seat) -> None:
    """An empty bank: the fallback move was played, only the increment is left."""
    if match.clock:
        seat.bank = float(match.clock["increment"])
        seat.save(update_fields=["bank"])


def transit_sample(seat: Seat, ms: int) -> None:
    """Add one transit sample (ms) to the seat's latest ``SAMPLES``."""
    seat.transit = [*(seat.transit or []), max(0, ms)][-SAMPLES:]
    seat.save(update_fields=["transit"])


def turn_ack(*, match_id: int, seat_numbers: list[int], turn: int, now: datetime) -> int:
    """Record the bot's acknowledgement of a delivered turn; return the transit sample in ms.

    Only the first acknowledgement of a turn counts, and only of a turn handed to this seat.
    """
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update()
            .filter(match_id=match_id, number__in=seat_numbers, delivered_turn=turn)
            .first()
        )
        if seat is None:
            if not Seat.objects.filter(match_id=match_id, number__in=seat_numbers).exists():
                raise NotFound(f"you have no seat in match {match_id}")
            raise TurnNotOpen(f"turn {turn} was not handed to you, or is no longer open")
        if seat.acked_turn == turn or seat.delivered_at is None:
            raise TurnNotOpen(f"turn {turn} was already acknowledged")
        ms = round((now - seat.delivered_at).total_seconds() * 1000)
        seat.acked_turn = turn
        seat.save(update_fields=["acked_turn"])
        transit_sample(seat, ms)
    return ms


def clock_seat_json(seat: Seat) -> dict[str, Any]:
    """Return a clocked seat's bank and measured transit, as the match state shows them."""
    measured = statistics.median(seat.transit) / 1000 if seat.transit else None
    return {
        "bank": round(seat.bank or 0.0, 3),
        "transit": None if measured is None else round(measured, 3),
    }


def clock_json(match: Match, seat: Seat) -> dict[str, Any] | None:
    """Return a turn's ``clock``: the bank, the increment and the measured transit."""
    if not match.clock:
        return None
    measured = statistics.median(seat.transit) / 1000 if seat.transit else None
    return {
        "bank": round(match.clock["bank"] if seat.bank is None else seat.bank, 3),
        "increment": match.clock["increment"],
        "transit": None if measured is None else round(measured, 3),
        "allowance": round(allowance(seat), 3),
        "samples": len(seat.transit or []),
    }

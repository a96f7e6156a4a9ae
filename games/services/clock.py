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
round trip), and for webhooks the TCP connect time of each call (one round trip).

The bot itself reports its round trip (an acknowledgement can be sent late on purpose), so the
allowance is paid, in the manner of Lichess's lag compensation, from a quota that cannot be
bought: a turn's allowance is the median of the seat's samples, at most ``TRANSIT_TURN_MAX``
seconds and at most what the seat's quota holds. The quota starts each match at
``TRANSIT_QUOTA_START`` seconds; each move spends the allowance it used and gains
``TRANSIT_QUOTA_REFILL``, and the quota never holds more than ``TRANSIT_QUOTA_MAX``. Over a
match of n moves, a seat that acknowledges late gains at most START + n * REFILL seconds over
one that acknowledges at once (docs/bots.md, "Time banks").

``Seat.transit`` holds ``{"ms": [samples], "quota": seconds}`` (a bare list of samples, as an
older seat has, means the quota is untouched).
"""

from __future__ import annotations

import statistics
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction

from games.models import Match, Seat
from games.services.errors import BadOptions, NotFound, TurnNotOpen

BANK_MAX = 86400.0
INCREMENT_MAX = 3600.0
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
    except (TypeError, ValueError, OverflowError):  # OverflowError: an integer beyond any float
        raise BadOptions("clock bank and increment must be numbers of seconds") from None
    if isinstance(value["bank"], bool) or isinstance(value.get("increment"), bool):
        raise BadOptions("clock bank and increment must be numbers of seconds")
    if not 1 <= bank <= BANK_MAX or not 0 <= increment <= INCREMENT_MAX:
        raise BadOptions(
            f"clock bank must be 1 to {BANK_MAX:g} s and increment 0 to {INCREMENT_MAX:g} s"
        )
    return {"bank": bank, "increment": increment}


def samples(seat: Seat) -> list[int]:
    """Return the seat's transit samples (ms, the latest last)."""
    stored = seat.transit
    if isinstance(stored, dict):
        stored = stored.get("ms")
    return [int(ms) for ms in stored] if isinstance(stored, list) else []


def quota(seat: Seat) -> float:
    """Return the seconds of transit allowance the seat's quota holds now."""
    stored = seat.transit.get("quota") if isinstance(seat.transit, dict) else None
    if isinstance(stored, int | float) and not isinstance(stored, bool):
        return max(0.0, float(stored))
    return float(settings.TRANSIT_QUOTA_START)


def _store(seat: Seat, ms: list[int], left: float) -> None:
    seat.transit = {"ms": ms[-SAMPLES:], "quota": round(left, 6)}


def measured(seat: Seat) -> float | None:
    """Return the seat's measured round trip (the median sample) in seconds, None before one."""
    taken = samples(seat)
    return statistics.median(taken) / 1000 if taken else None


def allowance(seat: Seat) -> float:
    """Return the seat's transit allowance for a turn in seconds: the median sample, at most
    ``TRANSIT_TURN_MAX`` and at most what its quota holds."""
    rtt = measured(seat)
    if rtt is None:
        return 0.0
    return max(0.0, min(rtt, float(settings.TRANSIT_TURN_MAX), quota(seat)))


def _fresh(seat: Seat) -> None:
    """Read the seat's transit again, locking its row: an acknowledgement or a webhook call may
    have added a sample since the seat was read."""
    with transaction.atomic():
        row = Seat.objects.select_for_update().filter(pk=seat.pk).values_list("transit").first()
    if row is not None:
        seat.transit = row[0]


def _spend(seat: Seat, used: float) -> None:
    """Spend ``used`` seconds of the seat's quota for one move, and refill it for that move."""
    left = quota(seat) - max(0.0, used) + float(settings.TRANSIT_QUOTA_REFILL)
    _store(seat, samples(seat), min(float(settings.TRANSIT_QUOTA_MAX), max(0.0, left)))


def turn_seconds(match: Match, seat: Seat) -> float:
    """Return how long the seat's turn may take: its bank plus allowance, or the fixed time."""
    if not match.clock:
        return match.move_timeout
    bank = match.clock["bank"] if seat.bank is None else seat.bank
    return bank + allowance(seat)


def charge(match: Match, seat: Seat, now: datetime) -> float | None:
    """Take the turn's time (less the allowance) off the seat's bank and add the increment;
    the allowance used comes out of the seat's quota. Return the allowance used (seconds), or
    None for a match without a clock."""
    if not match.clock or match.turn_opened_at is None:
        return None
    bank = match.clock["bank"] if seat.bank is None else seat.bank
    _fresh(seat)
    took = max(0.0, (now - match.turn_opened_at).total_seconds())
    covered = min(allowance(seat), took)
    seat.bank = max(0.0, bank - (took - covered)) + match.clock["increment"]
    _spend(seat, covered)
    seat.save(update_fields=["bank", "transit"])
    return covered


def run_out(match: Match, seat: Seat) -> None:
    """An empty bank: the fallback move was played, only the increment is left; the turn used
    its whole allowance."""
    if match.clock:
        _fresh(seat)
        _spend(seat, allowance(seat))
        seat.bank = float(match.clock["increment"])
        seat.save(update_fields=["bank", "transit"])


def transit_sample(seat: Seat, ms: int) -> None:
    """Add one transit sample (ms) to the seat's latest ``SAMPLES``."""
    with transaction.atomic():
        _fresh(seat)
        _store(seat, [*samples(seat), max(0, ms)], quota(seat))
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
    rtt = measured(seat)
    return {
        "bank": round(seat.bank or 0.0, 3),
        "transit": None if rtt is None else round(rtt, 3),
    }


def clock_json(match: Match, seat: Seat) -> dict[str, Any] | None:
    """Return a turn's ``clock``: the bank, the increment, the measured transit and this
    turn's allowance."""
    if not match.clock:
        return None
    rtt = measured(seat)
    return {
        "bank": round(match.clock["bank"] if seat.bank is None else seat.bank, 3),
        "increment": match.clock["increment"],
        "transit": None if rtt is None else round(rtt, 3),
        "allowance": round(allowance(seat), 3),
        "samples": len(samples(seat)),
    }

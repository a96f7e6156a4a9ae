"""Withdrawn and forfeited entrants resign their live seats (the house plays on, or the
two-sided match ends at once)."""

from __future__ import annotations

from core.errors import ServiceError
from games.models import Match, Seat
from games.services.matches import match_abort, match_resign, seat_replace_by_house
from tournaments.models import Entry, PairingMatch


def entry_live_seats(entry: Entry) -> list[tuple[int, int]]:
    """Return (match id, seat) of every live seat this entry plays in its tournament."""
    links = PairingMatch.objects.filter(
        pairing__tournament_id=entry.tournament_id, match__status=Match.Status.RUNNING
    )
    out = []
    for link in links:
        for seat, entry_id in enumerate(link.seat_entries):
            if entry_id == entry.pk:
                out.append((link.match_id, seat))
    return out


def entry_resign_seats(*, entry_id: int) -> int:
    """Resign every live seat of an entry that no longer plays; return how many resigned.

    Runs after the withdrawal committed, one match transaction at a time (a match lock is
    never taken under a tournament lock). Safe to run twice.
    """
    entry = Entry.objects.filter(pk=entry_id).first()
    if entry is None or entry.plays:
        return 0
    resigned = 0
    for match_id, seat in entry_live_seats(entry):
        forfeited = Seat.objects.filter(match_id=match_id, number=seat, forfeited=True).exists()
        if forfeited:
            continue
        try:
            match_resign(match_id=match_id, seat=seat)
        except ServiceError:
            continue  # finished or forfeited meanwhile
        resigned += 1
    return resigned


def entry_replace_seats(*, entry_id: int) -> int:
    """Hand every live seat of a replaced entry to its house strategy; return how many."""
    entry = Entry.objects.filter(pk=entry_id).first()
    if entry is None or not entry.replacement:
        return 0
    replaced = 0
    for match_id, seat in entry_live_seats(entry):
        try:
            seat_replace_by_house(match_id=match_id, seat=seat, strategy=entry.replacement)
        except ServiceError:
            continue  # the match ended meanwhile
        replaced += 1
    return replaced


def tournament_abort_matches(*, tournament_id: int) -> int:
    """Stop the running matches of a cancelled tournament; return how many."""
    links = PairingMatch.objects.filter(
        pairing__tournament_id=tournament_id, match__status=Match.Status.RUNNING
    ).values_list("match_id", flat=True)
    for match_id in list(links):
        match_abort(match_id=match_id, reason="the tournament was cancelled")
    return len(links)

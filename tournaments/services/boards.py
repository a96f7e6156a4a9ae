"""Who sits where, with which options, and how a pairing's match adds up to one outcome.

A pairing plays one match per round. Duplicate boards share one deal between *different*
tables of a round (see ``tournaments.services.duplicate``): table ``j`` of a group plays the
group's seed with its entrants moved ``j`` seats round (Cerrado: the pairs swap sides), so
that the same cards reach entrants of other seeds. Nobody plays two tables of one deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.models import Seat
from games.services.matches import SeatSpec
from games.sides import side_of, sport_places
from tournaments.models import Entry

CERRADO = "buraco-cerrado"
BUSCA = "busca"
DUPLICATE_DEALS = 1  # Buraco duplicate plays a fixed number of deals; this unless set


def seat_specs(entry: Entry) -> list[SeatSpec]:
    """Return the seat(s) an entry takes: one, or a pair's two partners in order."""
    if entry.replacement:
        count = 2 if entry.kind in (Entry.Kind.BOT_PAIR, Entry.Kind.USER_PAIR) else 1
        return [SeatSpec(kind=Seat.Kind.HOUSE, strategy=entry.replacement)] * count
    if entry.kind == Entry.Kind.BOT:
        return [SeatSpec(kind=Seat.Kind.BOT, bot_id=entry.bot_id)]
    if entry.kind == Entry.Kind.USER:
        return [SeatSpec(kind=Seat.Kind.USER, user_id=entry.user_id)]
    if entry.kind == Entry.Kind.BOT_PAIR:
        return [
            SeatSpec(kind=Seat.Kind.BOT, bot_id=entry.bot_id),
            SeatSpec(kind=Seat.Kind.BOT, bot_id=entry.bot2_id),
        ]
    if entry.kind == Entry.Kind.USER_PAIR:
        return [
            SeatSpec(kind=Seat.Kind.USER, user_id=entry.user_id),
            SeatSpec(kind=Seat.Kind.USER, user_id=entry.user2_id),
        ]
    return [SeatSpec(kind=Seat.Kind.HOUSE, strategy=entry.strategy, tag=entry.house_tag)]


def positions(game: str, players: int) -> int:
    """Return how many hands of a deal there are to compare: seats, or Cerrado's two sides."""
    return 2 if game == CERRADO else players


def board_of(game: str, entries: list[int], rotation: int = 0) -> list[int]:
    """Return the entry id of each seat, the entrants moved ``rotation`` seats round."""
    if game == CERRADO:
        first, second = entries if rotation % 2 == 0 else entries[::-1]
        return [first, second, first, second]
    count = len(entries)
    return [entries[(seat - rotation) % count] for seat in range(count)]


def seats_for(game: str, board: list[int], by_id: dict[int, Entry]) -> list[SeatSpec]:
    """Return the seat specs of one board (Cerrado: partners at 0&2 or 1&3)."""
    specs = []
    for seat, entry_id in enumerate(board):
        mine = seat_specs(by_id[entry_id])
        partner = seat // 2 if game == CERRADO else 0  # a house entry plays both seats
        specs.append(mine[min(partner, len(mine) - 1)])
    return specs


HOUSE_PACE = "house_pace"  # a tournament option for the platform, not for the engine
CHAT = "chat"  # free-text chat at the event's tables (games/services/chat.py); off unless true
PLATFORM_OPTIONS = frozenset({HOUSE_PACE, CHAT})


def rule_options(options: dict[str, Any]) -> dict[str, Any]:
    """Return the engine's rule options among a tournament's options (without the platform's:
    house_pace, chat)."""
    return {k: v for k, v in options.items() if k not in PLATFORM_OPTIONS}


def match_options(
    game: str, options: dict[str, Any], players: int, duplicate: bool
) -> dict[str, Any]:
    """Return the engine options of a pairing's matches."""
    out = rule_options(options)
    if game == BUSCA and players != 4:
        out["players"] = players
    if duplicate and game != BUSCA and out.get("deals") is None:
        out["deals"] = DUPLICATE_DEALS
    return out


@dataclass(frozen=True)
class Played:
    """A finished match of a pairing: who sat where and the match's result."""

    seat_entries: list[int]
    result: dict[str, Any]


def outcome_of(game: str, played: list[Played], absent: list[int]) -> dict[str, Any]:
    """Return ``{"places": {entry: place}, "score": {entry: points}}`` of a pairing.

    A pairing plays one match (duplicate or not): its places are the match's places, and the
    score is the tie-break points (minus Buscas; the side's lead in Buraco). Entries in
    ``absent`` did not play (withdrawn, forfeited): they share the last place.
    """
    totals: dict[int, list[float]] = {}
    for match in played:
        result = match.result
        scores = result.get("scores")
        for seat, entry in enumerate(match.seat_entries):
            if game == CERRADO and seat >= 2:
                continue  # a pair is counted once, at its first seat
            total = totals.setdefault(entry, [0.0, 0.0])  # places, points
            total[0] += result["places"][seat]
            if scores is not None:
                total[1] += _points(game, match.seat_entries, scores, seat)
    ids = list(totals)
    keys = [(totals[e][0],) for e in ids]
    places = dict(zip(ids, sport_places(keys), strict=True))  # type: ignore[arg-type]
    for entry in absent:
        places[entry] = len(ids) + 1
    score = {e: totals[e][1] for e in ids} | {e: 0.0 for e in absent}
    return {"places": places, "score": score}


def seat_points(game: str, scores: list[int], seat: int) -> float:
    """Return what a seat's result is worth: minus its Buscas, or its side's lead in Buraco."""
    return _points(game, list(range(len(scores))), scores, seat)


def _points(game: str, board: list[int], scores: list[int], seat: int) -> float:
    """Tie-break points of a seat: minus its Buscas, or its side's lead in Buraco."""
    if game == BUSCA:
        return -float(scores[seat])
    mine = side_of(game, seat)
    other = next(s for s in range(len(board)) if side_of(game, s) != mine)
    return float(scores[seat] - scores[other])

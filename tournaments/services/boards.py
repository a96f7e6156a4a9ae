"""Who sits where, with which options, and how a pairing's matches add up to one outcome.

Duplicate boards: every rotation of a pairing deals the same seed, with the entrants moved
round the seats so that each plays every seat's cards (Busca: one rotation per player; Mano a
Mano: 2; Cerrado: the pairs swap sides). The outcome aggregates the rotations.
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
    return [SeatSpec(kind=Seat.Kind.HOUSE, strategy=entry.strategy)]


def rotations(game: str, entries: list[int], duplicate: bool) -> list[list[int]]:
    """Return, per match to play, the entry id of each seat."""
    if game == CERRADO:
        first, second = entries
        boards = [[first, second, first, second], [second, first, second, first]]
    else:
        count = len(entries)
        boards = [
            [entries[(seat + turn) % count] for seat in range(count)] for turn in range(count)
        ]
    return boards if duplicate else boards[:1]


def seats_for(game: str, board: list[int], by_id: dict[int, Entry]) -> list[SeatSpec]:
    """Return the seat specs of one board (Cerrado: partners at 0&2 or 1&3)."""
    specs = []
    for seat, entry_id in enumerate(board):
        mine = seat_specs(by_id[entry_id])
        partner = seat // 2 if game == CERRADO else 0  # a house entry plays both seats
        specs.append(mine[min(partner, len(mine) - 1)])
    return specs


def match_options(
    game: str, options: dict[str, Any], players: int, duplicate: bool
) -> dict[str, Any]:
    """Return the engine options of a pairing's matches."""
    out = dict(options)
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


def outcome_of(
    game: str, duplicate: bool, played: list[Played], absent: list[int]
) -> dict[str, Any]:
    """Return ``{"places": {entry: place}, "score": {entry: points}}`` of a pairing.

    Entries in ``absent`` did not play (withdrawn, forfeited): they share the last place.
    Busca ranks by the sum of places, then fewer Buscas; Buraco duplicate by the total score
    difference, forfeits first; a single match keeps its own places.
    """
    places: dict[int, int] = {}
    totals: dict[int, list[float]] = {}
    for match in played:
        result = match.result
        scores = result.get("scores")
        forfeited = set(result.get("forfeited") or [])
        for seat, entry in enumerate(match.seat_entries):
            if game == CERRADO and seat >= 2:
                continue  # a pair is counted once, at its first seat
            total = totals.setdefault(entry, [0.0, 0.0, 0.0])  # places, points, forfeits
            total[0] += result["places"][seat]
            total[2] += seat in forfeited or (game == CERRADO and seat + 2 in forfeited)
            if scores is not None:
                total[1] += _points(game, match.seat_entries, scores, seat)
    ids = list(totals)
    if len(played) == 1 or not duplicate:
        keys: list[tuple[float, ...]] = [(totals[e][0],) for e in ids]
    elif game == BUSCA:
        keys = [(totals[e][0], -totals[e][1]) for e in ids]
    else:
        keys = [(totals[e][2], -totals[e][1]) for e in ids]
    for entry, place in zip(ids, sport_places(keys), strict=True):  # type: ignore[arg-type]
        places[entry] = place
    for entry in absent:
        places[entry] = len(ids) + 1
    score = {e: totals[e][1] for e in ids} | {e: 0.0 for e in absent}
    return {"places": places, "score": score}


def _points(game: str, board: list[int], scores: list[int], seat: int) -> float:
    """Tie-break points of a seat: minus its Buscas, or its side's lead in Buraco."""
    if game == BUSCA:
        return -float(scores[seat])
    mine = side_of(game, seat)
    other = next(s for s in range(len(board)) if side_of(game, s) != mine)
    return float(scores[seat] - scores[other])

"""From one match to the evidence of each pair of owners at it (pure: no Django).

The report reads matches from the database, the benchmark plays them with the engine; both hand
each match here as ``SeatInfo`` rows and, for Busca, the match's record (``Game.record``: every
deal's seats in playing order and its cards in play order), so both count the same things.

**Who gave points to whom, in Busca.** The record holds every card and who played it, so each
trick is rebuilt (the highest card of the led suit wins it) and every card played into a trick
won by someone else is a gift of that card's penalty points to the trick's winner. Left out:
the 3 points of the last trick (nobody gives them) and the 3-player dealer's face-down card
(laid before the first lead, to whoever takes the last trick).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.engine.busca.cards import CARD_INDEX, POINTS
from tournaments.fairplay.stats import GiftTally, PairEvidence, win_probability

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a match as the report sees it."""

    owner: int | None  # the owner group; None for the house
    side: int
    place: int | None  # 1 = best; None when the match has no places
    mu: float = DEFAULT_MU  # the seat's rating before the match
    sigma: float = DEFAULT_SIGMA


Trick = tuple[list[tuple[int, int]], int]  # (seat, card) in play order, the winner's seat


def busca_tricks(record: dict[str, Any]) -> Iterator[tuple[tuple[int, ...], list[Trick]]]:
    """Yield each deal of a Busca record: the seats in the deal and its completed tricks."""
    for deal in record.get("deals") or []:
        seats = tuple(int(s) for s in deal.get("seats") or [])
        n = len(seats)
        plays = [
            (int(m["seat"]), CARD_INDEX[m["move"]["play"]])
            for m in deal.get("moves") or []
            if "play" in m.get("move", {})
        ]
        tricks: list[Trick] = []
        for start in range(0, len(plays) - n + 1, n) if n else ():
            cards = plays[start : start + n]
            suit = cards[0][1] // 10
            winner = max((c for c in cards if c[1] // 10 == suit), key=lambda c: c[1])[0]
            tricks.append((cards, winner))
        yield seats, tricks


def pair_key(first: int, second: int) -> tuple[int, int]:
    return (first, second) if first < second else (second, first)


def add_match(
    pairs: dict[tuple[int, int], PairEvidence],
    match_id: int,
    seats: list[SeatInfo],
    busca_record: dict[str, Any] | None = None,
) -> None:
    """Add what one finished match says to ``pairs`` (keyed by owner pair, smaller id first)."""
    best: dict[int, int] = {}  # owner -> its best-placed seat
    for number, seat in enumerate(seats):
        if seat.owner is None:
            continue
        held = best.get(seat.owner)
        if held is None or (seat.place or 10**6) < (seats[held].place or 10**6):
            best[seat.owner] = number
    owners = sorted(best)
    met: list[tuple[int, int]] = []
    for i, x in enumerate(owners):
        for y in owners[i + 1 :]:
            sx, sy = seats[best[x]], seats[best[y]]
            if any(
                seats[a].side == seats[b].side
                for a in range(len(seats))
                for b in range(len(seats))
                if seats[a].owner == x and seats[b].owner == y
            ):
                continue  # partners (or one owner on both sides): not opponents
            evidence = pairs.setdefault((x, y), PairEvidence())
            above = (
                None
                if sx.place is None or sy.place is None or sx.place == sy.place
                else (sx.place < sy.place)
            )
            evidence.meet(win_probability(sx.mu, sx.sigma, sy.mu, sy.sigma), above)
            evidence.matches.append(match_id)
            met.append((x, y))
    if busca_record is not None and met:
        _add_gifts(pairs, met, seats, busca_record)


def _add_gifts(
    pairs: dict[tuple[int, int], PairEvidence],
    met: list[tuple[int, int]],
    seats: list[SeatInfo],
    record: dict[str, Any],
) -> None:
    owner = [seat.owner for seat in seats]
    for in_deal, tricks in busca_tricks(record):
        present = {owner[s] for s in in_deal if 0 <= s < len(owner)}
        here = [(x, y) for x, y in met if x in present and y in present]
        for x, y in here:
            pairs[(x, y)].deals += 1
        if not here:
            continue
        for cards, winner in tricks:
            taker = owner[winner]
            for seat, card in cards:
                giver = owner[seat]
                if seat == winner or (giver is not None and giver == taker):
                    continue
                points = POINTS[card]
                for x, y in here:
                    _tally(pairs[(x, y)].x_to_y, x, y, giver, taker, points)
                    _tally(pairs[(x, y)].y_to_x, y, x, giver, taker, points)


def _tally(
    tally: GiftTally, x: int, y: int, giver: int | None, taker: int | None, points: int
) -> None:
    """Count one card of ``giver`` into a trick ``taker`` won, for the gifts of x to y."""
    if giver == y or taker == x:
        return  # y's own cards and x's tricks are neither X's gifts nor a baseline
    cell = (
        (tally.to if taker == y else tally.rest)
        if giver == x
        else (tally.others_to if taker == y else tally.others_rest)
    )
    cell.add(points)

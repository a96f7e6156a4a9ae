"""The state of a Busca game as immutable values, and its exact JSON round trip.

Players of a deal are numbered 0..n-1 in playing order (``Deal.seats`` maps them to seats), so
turn arithmetic is ``(i + 1) % n`` whoever is out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from games.engine.base import JSON

PLAY, LAY, OVER = 0, 1, 2
STEP_NAMES = ("play", "lay", "over")
NO_CARD = -1


class Options(NamedTuple):
    """The rule options of one game."""

    players: int = 4
    eliminate_at: int = 31
    two_tied_double: bool = True
    max_deals: int = 500


class Deal(NamedTuple):
    """What is fixed for a deal once dealt: who plays, the hands as dealt, the laid card."""

    number: int
    dealer: int  # seat
    seats: tuple[int, ...]  # seat of each player, in playing order
    hands: tuple[int, ...]  # card mask per player as dealt (the 3-player dealer's holds 14)
    laid: int  # the 3-player dealer's face-down card, NO_CARD otherwise or until laid


class Trick(NamedTuple):
    """A completed trick; leader and winner are player indexes of the deal."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int


class Out(NamedTuple):
    """A seat put out: after which deal, with what total, having taken what in that deal."""

    seat: int
    deal: int
    total: int
    points: int


class DealRecord(NamedTuple):
    """A finished deal: the deal, its tricks, points and Buscas per player, seats put out."""

    deal: Deal
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    buscas: tuple[int, ...]
    out: tuple[int, ...]


class Match(NamedTuple):
    """What changes once per deal: totals per seat, who is out, the finished deals."""

    seed: int
    options: Options
    totals: tuple[int, ...]
    out: tuple[Out, ...]
    history: tuple[DealRecord, ...]
    capped: bool  # ended by max_deals


class State(NamedTuple):
    """A Busca game between two moves; ``legal`` caches the mask of legal moves."""

    step: int
    turn: int  # player index to act
    remaining: int  # mask of the cards still in hands
    trick: tuple[int, ...]  # cards of the trick on the table, in play order
    leader: int  # player index who led it
    tricks: tuple[Trick, ...]  # completed tricks of this deal
    taken: tuple[int, ...]  # points per player so far this deal
    legal: int  # play: card mask; lay: card mask << 40; over: 0
    deal: Deal
    match: Match


# tuple.__new__ skips NamedTuple's Python-level __new__: apply builds one State per move.
new_state: Callable[[type[State], tuple[Any, ...]], State] = tuple.__new__


def dump(state: State) -> dict[str, JSON]:
    """Return ``state`` as JSON-ready data."""
    return {"busca": 1, "state": _plain(state)}


def load(data: dict[str, JSON]) -> State:
    """Rebuild the state that ``dump`` wrote."""
    if not isinstance(data, dict) or data.get("busca") != 1 or "state" not in data:
        raise ValueError("not a dumped Busca state")
    s = data["state"]
    match = s[9]
    return State(
        s[0],
        s[1],
        s[2],
        tuple(s[3]),
        s[4],
        tuple(_trick(t) for t in s[5]),
        tuple(s[6]),
        s[7],
        _deal(s[8]),
        Match(
            match[0],
            Options(*match[1]),
            tuple(match[2]),
            tuple(Out(*o) for o in match[3]),
            tuple(
                DealRecord(_deal(r[0]), tuple(_trick(t) for t in r[1]), *map(tuple, r[2:]))
                for r in match[4]
            ),
            match[5],
        ),
    )


def _plain(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _deal(d: list[Any]) -> Deal:
    return Deal(d[0], d[1], tuple(d[2]), tuple(d[3]), d[4])


def _trick(t: list[Any]) -> Trick:
    return Trick(t[0], tuple(t[1]), t[2], t[3])

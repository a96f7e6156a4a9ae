"""The state of a Busca game as immutable values, and its exact JSON round trip.

Players of a deal are numbered 0..n-1 in playing order (``Deal.seats`` maps them to seats), so
turn arithmetic is ``(i + 1) % n`` whoever is out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from games.engine.base import JSON

PLAY, LAY, OVER = 0, 1, 2
STEP_NAMES = ("play", "lay", "over")
NO_CARD = -1
HISTORY_CACHE = 128  # finished-deal histories kept as JSON text, and back, per process


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


HISTORY = Match._fields.index("history")
assert State._fields[-1] == "match"

# tuple.__new__ skips NamedTuple's Python-level __new__: apply builds one State per move.
new_state: Callable[[type[State], tuple[Any, ...]], State] = tuple.__new__


def dump(state: State) -> dict[str, JSON]:
    """Return ``state`` as JSON-ready data.

    The finished deals (``Match.history``) go in as one JSON text, made once per deal and
    reused (``_history_text``): they are most of a late state and change only when a deal
    ends, so a move no longer converts and encodes all of them again (version 2; ``load`` still
    reads version 1, where they were plain lists).
    """
    plain = [_plain(v) for v in state[:-1]]  # the match comes last, its history as text
    match = enumerate(state.match)
    plain.append([_history_text(v) if i == HISTORY else _plain(v) for i, v in match])
    return {"busca": 2, "state": plain}


def load(data: dict[str, JSON]) -> State:
    """Rebuild the state that ``dump`` wrote."""
    if not isinstance(data, dict) or data.get("busca") not in (1, 2) or "state" not in data:
        raise ValueError("not a dumped Busca state")
    s = data["state"]
    match = s[9]
    history = match[4]
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
            _history_of(history) if isinstance(history, str) else _history(history),
            match[5],
        ),
    )


@lru_cache(maxsize=HISTORY_CACHE)
def _history_text(history: tuple[DealRecord, ...]) -> str:
    return json.dumps(_plain(history), separators=(",", ":"))


@lru_cache(maxsize=HISTORY_CACHE)
def _history_of(text: str) -> tuple[DealRecord, ...]:
    return _history(json.loads(text))


def _history(records: list[Any]) -> tuple[DealRecord, ...]:
    return tuple(
        DealRecord(_deal(r[0]), tuple(_trick(t) for t in r[1]), *map(tuple, r[2:])) for r in records
    )


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _deal(d: list[Any]) -> Deal:
    return Deal(d[0], d[1], tuple(d[2]), tuple(d[3]), d[4])


def _trick(t: list[Any]) -> Trick:
    return Trick(t[0], tuple(t[1]), t[2], t[3])

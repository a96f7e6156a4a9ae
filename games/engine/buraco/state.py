"""The state of a Buraco match: an immutable value (a NamedTuple of tuples and ints)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from games.engine.buraco.cards import EMPTY, Hand, full_deck, hand_of
from games.engine.buraco.melds import Meld
from games.engine.buraco.rules import Options, Rules

DRAW, PLAY, OVER = 0, 1, 2
STEPS = ("draw", "play", "over")
WAITING, TAKEN, STOCK = 0, 1, 2
MUERTO_STATES = ("waiting", "taken", "stock")
HAND_SIZE = 11

Move = tuple[int, tuple[int, ...], int, int]
"""(kind, cards, meld number or -1, end or -1); see ``moves``."""

Log = tuple[Any, ...]
"""The current deal's moves as a chain of cells ``(seat, move, previous cell)``; () is empty."""


class SideScore(NamedTuple):
    """One side's score for one deal, item by item."""

    melded: int
    canastas: int
    hand: int
    close: int
    muerto: int

    @property
    def total(self) -> int:
        """Return the deal's score."""
        return self.melded + self.canastas + self.hand + self.close + self.muerto

    def to_json(self) -> dict[str, int]:
        """Return the breakdown as a JSON-ready dict."""
        return {**self._asdict(), "total": self.total}


class DealRecord(NamedTuple):
    """A finished deal: who dealt, the moves, the scores and which side closed (-1: none)."""

    dealer: int
    moves: tuple[tuple[int, Move], ...]
    scores: tuple[SideScore, SideScore]
    closer: int


class State(NamedTuple):
    """Everything about a match at one moment."""

    rules: Rules
    options: Options
    seed: int
    deal: int  # deals begun, from 1
    dealer: int
    hands: tuple[Hand, ...]
    stock: tuple[int, ...]  # the top card is the last
    pile: tuple[int, ...]  # the top card is the last
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]]  # per side, in the order laid down
    muertos: tuple[tuple[int, ...], tuple[int, ...]]  # per side; () once taken or made stock
    muerto_state: tuple[int, int]  # per side: WAITING, TAKEN or STOCK
    turn: int
    step: int
    locked: Hand  # copies taken from the pile this turn and still in hand
    taken: tuple[int, ...]  # cards taken from the pile this turn
    pending: int  # bit per seat that went out indirectly and has not played since
    totals: tuple[int, int]
    log: Log
    history: tuple[DealRecord, ...]
    places: tuple[int, ...] | None  # per seat, once the match is over


def side_of(seat: int) -> int:
    """Return the side of a seat (partners sit opposite: 0 & 2, 1 & 3)."""
    return seat & 1


def deal_cards(
    rules: Rules, seed: int, deal: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]:
    """Return the initial hands, the two muertos and the stock of deal number ``deal``."""
    deck = full_deck(rules.jokers)
    random.Random(f"buraco:{seed}:{deal}").shuffle(deck)
    hands = tuple(
        tuple(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(rules.players)
    )
    start = rules.players * HAND_SIZE
    muertos = (
        tuple(deck[start : start + HAND_SIZE]),
        tuple(deck[start + HAND_SIZE : start + 2 * HAND_SIZE]),
    )
    return hands, muertos, tuple(deck[start + 2 * HAND_SIZE :])


def first_dealer(rules: Rules, seed: int) -> int:
    """Return the seat that deals first, drawn from the seed."""
    return random.Random(f"buraco:{seed}:dealer").randrange(rules.players)


def start_deal(
    rules: Rules,
    options: Options,
    seed: int,
    deal: int,
    dealer: int,
    totals: tuple[int, int],
    history: tuple[DealRecord, ...],
) -> State:
    """Return the state at the start of deal number ``deal``: the seat after the dealer draws."""
    hands, muertos, stock = deal_cards(rules, seed, deal)
    return State(
        rules=rules,
        options=options,
        seed=seed,
        deal=deal,
        dealer=dealer,
        hands=tuple(hand_of(hand) for hand in hands),
        stock=stock,
        pile=(),
        melds=((), ()),
        muertos=muertos,
        muerto_state=(WAITING, WAITING),
        turn=(dealer + 1) % rules.players,
        step=DRAW,
        locked=EMPTY,
        taken=(),
        pending=0,
        totals=totals,
        log=(),
        history=history,
        places=None,
    )


def log_moves(log: Log) -> tuple[tuple[int, Move], ...]:
    """Return the moves of a log cell chain, oldest first."""
    moves: list[tuple[int, Move]] = []
    cell = log
    while cell:
        seat: int = cell[0]
        move: Move = cell[1]
        moves.append((seat, move))
        cell = cell[2]
    moves.reverse()
    return tuple(moves)

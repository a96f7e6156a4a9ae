"""Melds: runs of one suit with at most one wild, their kinds, points and additions.

Positions run 1..14 (1 is the low ace, 2 the natural 2, 14 the high ace). A meld on the table
is its suit, its lowest and highest position, and where its wild stands (0 for none) with the
wild's card. Every other position holds its natural card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.engine.buraco.cards import CODE, TWO, card_points, is_wild
from games.engine.buraco.reasons import REASONS, MeldError, card_name, end_name

LOW, HIGH = 0, 1
ENDS = ("low", "high")


class Meld(NamedTuple):
    """A meld on the table."""

    suit: int
    low: int
    high: int
    wild_pos: int = 0
    wild: int = 0

    @property
    def size(self) -> int:
        """Return the number of cards."""
        return self.high - self.low + 1

    def cards(self) -> tuple[int, ...]:
        """Return the cards low to high."""
        base = self.suit * 16
        return tuple(
            self.wild if pos == self.wild_pos else base + (1 if pos == 14 else pos)
            for pos in range(self.low, self.high + 1)
        )

    def kind(self) -> str:
        """Return "sequence", "sucia", "limpia" or "de mil"."""
        size = self.high - self.low + 1
        if size < 7:
            return "sequence"
        if self.wild_pos:
            return "sucia"
        return "de mil" if size == 14 else "limpia"

    def points(self, joker_points: int) -> int:
        """Return the points of the meld's cards (no canasta bonus)."""
        return sum(card_points(card, joker_points) for card in self.cards())


CANASTA_BONUS = {"sequence": 0, "sucia": 100, "limpia": 200, "de mil": 1000}


def natural(suit: int, pos: int) -> int:
    """Return the natural card of a position in a suit."""
    return suit * 16 + (1 if pos == 14 else pos)


def read_meld(cards: Sequence[int]) -> Meld:
    """Return the meld made of ``cards`` (low to high); raise ValueError saying why not."""
    count = len(cards)
    if count < 3:
        raise MeldError(REASONS("meld_short"))
    if count > 14:
        raise MeldError(REASONS("meld_long"))
    anchor = next((i for i, card in enumerate(cards) if not is_wild(card)), None)
    if anchor is None:
        raise MeldError(REASONS("one_wild"))
    suit, rank = cards[anchor] >> 4, cards[anchor] & 15
    reason = "meld_not_run"
    for pos in (1, 14) if rank == 1 else (rank,):
        start = pos - anchor
        if start < 1 or start + count - 1 > 14:
            reason = "meld_wraps"
            continue
        wild_pos = wild = 0
        for offset, card in enumerate(cards):
            here = start + offset
            if card == natural(suit, here):
                continue
            if not is_wild(card):
                break
            if wild_pos:
                reason = "one_wild"
                break
            wild_pos, wild = here, card
        else:
            return Meld(suit, start, start + count - 1, wild_pos, wild)
    raise MeldError(REASONS(reason))


def meld_kind(cards: Sequence[str]) -> str | None:
    """Return the kind of the meld of ``cards`` in sequence order, or None if it is no meld."""
    try:
        codes = [CODE[card] for card in cards]
        return read_meld(codes).kind()
    except (KeyError, ValueError, TypeError):
        return None


def extend(meld: Meld, cards: Sequence[int], end: int) -> Meld:
    """Return ``meld`` with ``cards`` (low to high) laid at ``end``; raise ValueError if not."""
    count = len(cards)
    if not count:
        raise MeldError(REASONS("add_nothing"))
    start = meld.high + 1 if end == HIGH else meld.low - count
    if start < 1 or start + count - 1 > 14:
        if count == 1:
            raise MeldError(REASONS("no_room_one", end=end_name(end)))
        raise MeldError(REASONS("no_room", count=count, end=end_name(end)))
    wild_pos, wild = meld.wild_pos, meld.wild
    for offset, card in enumerate(cards):
        here = start + offset
        if card == natural(meld.suit, here):
            continue
        if not is_wild(card):
            raise MeldError(REASONS("does_not_fit_end", card=card_name(card), end=end_name(end)))
        if wild_pos:
            raise MeldError(REASONS("one_wild"))
        wild_pos, wild = here, card
    low, high = (meld.low, start + count - 1) if end == HIGH else (start, meld.high)
    return Meld(meld.suit, low, high, wild_pos, wild)


def replace(meld: Meld, card: int, end: int) -> Meld:
    """Return ``meld`` with the wild's natural ``card`` put in and the wild moved to ``end``."""
    if not meld.wild_pos or card != natural(meld.suit, meld.wild_pos):
        raise MeldError(REASONS("does_not_fit", card=card_name(card)))
    if meld.low == 1 and meld.high == 14:
        raise MeldError(REASONS("full_run_wild"))
    pos = meld.low - 1 if end == LOW else meld.high + 1
    if not 1 <= pos <= 14:
        raise MeldError(REASONS("wild_no_room", end=end_name(end)))
    low, high = (pos, meld.high) if end == LOW else (meld.low, pos)
    if pos == 2 and meld.wild == meld.suit * 16 + TWO:
        return Meld(meld.suit, low, high)  # the same-suit 2 lands in its own place: natural
    return Meld(meld.suit, low, high, pos, meld.wild)


def add_to(meld: Meld, cards: Sequence[int], end: int) -> Meld:
    """Return ``meld`` after an addition: an extension, else the wild's natural card put in."""
    try:
        return extend(meld, cards, end)
    except ValueError as error:
        if len(cards) == 1 and meld.wild_pos and cards[0] == natural(meld.suit, meld.wild_pos):
            return replace(meld, cards[0], end)
        raise error


def is_canasta(meld: Meld, clean: bool) -> bool:
    """Return whether the meld is a canasta (limpia or de mil only, when ``clean``)."""
    return meld.high - meld.low >= 6 and not (clean and meld.wild_pos)

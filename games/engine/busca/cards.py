"""Busca's 40 cards as small ints, their text form, points and precomputed masks.

A card is ``suit * 10 + strength``: suits C D H S are 0-3 and strength runs from the weakest
card of a suit (4) to the strongest (3), so within a suit a bigger int is a stronger card and a
hand is a 40-bit mask.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "4567JQKA23"  # weakest to strongest
SUITS = "CDHS"

CARD_TEXT: tuple[str, ...] = tuple(RANKS[c % 10] + SUITS[c // 10] for c in range(40))
CARD_INDEX: dict[str, int] = {text: c for c, text in enumerate(CARD_TEXT)}

PITA_CARD = CARD_INDEX["AD"]
_RANK_POINTS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
POINTS: tuple[int, ...] = tuple(
    8 if c == PITA_CARD else _RANK_POINTS.get(CARD_TEXT[c][0], 0) for c in range(40)
)
LAST_TRICK_POINTS = 3
DEAL_POINTS = sum(POINTS) + LAST_TRICK_POINTS  # 40: every deal hands out exactly this

ALL = (1 << 40) - 1
SUIT_MASK: tuple[int, ...] = tuple(1023 << (10 * s) for s in range(4))
SUIT_MASK_OF: tuple[int, ...] = tuple(SUIT_MASK[c // 10] for c in range(40))
COINS = SUIT_MASK[1]
PITA = 1 << PITA_CARD
NOT_PITA = ALL ^ PITA
NOT_COINS = ALL ^ COINS


def mask_of(cards: Iterable[int]) -> int:
    """Return the mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """Return the cards of ``mask`` in card order (suit, then strength)."""
    return [c for c in range(40) if mask >> c & 1]


def texts(mask: int) -> list[str]:
    """Return the card strings of ``mask``, sorted by suit then strength."""
    return [CARD_TEXT[c] for c in range(40) if mask >> c & 1]

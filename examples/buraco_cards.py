"""Buraco cards for the example bots: notation helpers both Buraco examples share.

Copying an example out of the checkout? Copy this file and bots/client.py next to it.
"""

from __future__ import annotations

from typing import Any

Move = dict[str, Any]
RANKS = "A23456789TJQK"


def is_wild(card: str) -> bool:
    return card == "JK" or card[0] == "2"


def value(card: str) -> int:
    """What a card counts in a meld or, left in the hand, against us."""
    if card == "JK":
        return 50
    if card[0] == "A":
        return 15
    return 10 if card[0] in "289TJQK" else 5


def laid(move: Move) -> list[str]:
    """The hand cards a move puts on the table."""
    return list(move.get("meld") or move.get("cards") or [])


def fits(card: str, melds: list[dict[str, Any]]) -> bool:
    """Whether a card would extend one of these melds (a gift to whoever owns them)."""
    if is_wild(card):
        return True
    for meld in melds:
        natural = [(i, c) for i, c in enumerate(meld["cards"]) if not is_wild(c)]
        if not natural or natural[0][1][1] != card[1]:
            continue
        i, first = natural[0]
        low = RANKS.index(first[0]) + 1 - i  # ranks 1..13; the wilds stand for their places
        high = low + len(meld["cards"]) - 1
        rank = RANKS.index(card[0]) + 1
        if rank in (low - 1, high + 1) or (card[0] == "A" and high == 13):
            return True
    return False

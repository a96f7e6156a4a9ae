"""House strategies for both Buraco variants, working only from a seat's view.

``choose_greedy`` melds what pays, takes the pile when it pays, grows melds toward canastas,
keeps its wilds for canastas, and throws the card it needs least (never one that the opponents
can lay on their melds, when it can help it). ``choose_random`` picks any legal move.
"""

from __future__ import annotations

import random
from typing import Any

RANKS = "A23456789TJQK"
Move = dict[str, Any]


def choose_random(view: dict[str, Any], legal_moves: list[Move], rng: random.Random) -> Move:
    """Return a legal move chosen at random."""
    return rng.choice(legal_moves)


RANK_OF = {letter: number for number, letter in enumerate(RANKS, start=1)}


def _rank(card: str) -> int:
    return RANK_OF[card[0]]


def _points(card: str) -> int:
    if card == "JK":
        return 50
    rank = _rank(card)
    return 15 if rank == 1 else 10 if rank == 2 or rank >= 8 else 5


def _is_wild(card: str) -> bool:
    return card == "JK" or card[0] == "2"


def _wilds_acting(cards: list[str]) -> int:
    """Count the cards acting as wilds in a run listed low to high (a 2 in its own place is not)."""
    naturals = [c for c in cards if not _is_wild(c)]
    suit = naturals[0][1] if naturals else ""
    count = 0
    for index, card in enumerate(cards):
        if not _is_wild(card):
            continue
        own_place = card[1:] == suit and (
            (index + 1 < len(cards) and cards[index + 1] == "3" + suit)
            or (index > 0 and cards[index - 1] == "A" + suit)
        )
        count += 0 if own_place else 1
    return count


def _my_side(view: dict[str, Any]) -> int:
    seat = view["seat"]
    return 0 if seat in view["sides"][0] else 1


def _meld_value(cards: list[str], before: int, hand_size: int) -> float:
    """Score laying ``cards`` in a meld that had ``before`` cards."""
    wilds = _wilds_acting(cards)
    after = before + len(cards)
    score = 10.0 * len(cards) + sum(_points(c) for c in cards) / 5 - 30 * wilds
    if after >= 7 > before:
        score += 150 + (60 if wilds == 0 else 0)
    elif wilds:
        score -= 20 if after >= 5 else 40  # keep wilds for runs near a canasta
    if len(cards) >= hand_size:
        score += 400  # going out or closing
    return score


def _pile_value(move: Move, view: dict[str, Any], side: int) -> float:
    size: int = view["pile"]["size"]
    cards = move.get("meld") or move["cards"]
    before = len(view["melds"][side][move["add"]]["cards"]) if "add" in move else 0
    hand_size = len(view["hand"])
    return 8.0 * (size - 1) + _meld_value(cards, before, hand_size + size) - 10


def _meld_ends(melds: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    """Return each meld's suit (its first natural's) and lowest and highest natural rank."""
    ends = []
    for meld in melds:
        naturals = [c for c in meld["cards"] if not _is_wild(c)]
        if naturals:
            ranks = [_rank(c) for c in naturals]
            ends.append((naturals[0][1], min(ranks), max(ranks)))
    return ends


class DiscardCosts:
    """What throwing each card of the hand costs, from one view: what the hand and the melds
    say about every card is read once, not once per card (the search's rollouts ask for every
    discard of every turn)."""

    def __init__(self, view: dict[str, Any], side: int) -> None:
        self.hand: list[str] = view["hand"]
        self.suits: dict[str, dict[int, int]] = {}  # suit -> natural rank -> copies in hand
        for card in self.hand:
            if not _is_wild(card):
                ranks = self.suits.setdefault(card[1], {})
                rank = _rank(card)
                ranks[rank] = ranks.get(rank, 0) + 1
        self.ours = _meld_ends(view["melds"][side])
        self.theirs = _meld_ends(view["melds"][1 - side])

    def opponent_uses(self, card: str) -> bool:
        """Whether the opponents could lay ``card`` on one of their melds."""
        if _is_wild(card):
            return True
        rank, suit = _rank(card), card[1]
        return any(
            meld_suit == suit and (rank in (low - 1, high + 1) or (rank == 1 and high == 13))
            for meld_suit, low, high in self.theirs
        )

    def __call__(self, card: str) -> float:
        if _is_wild(card):
            return 1000.0
        rank, suit = _rank(card), card[1]
        near = 0
        for other, copies in self.suits.get(suit, {}).items():
            gap = abs(other - rank)
            if rank == 1:
                gap = min(gap, abs(other - 14))
            near += copies * (3 if gap == 1 else 2 if gap == 2 else 0)
        for meld_suit, low, high in self.ours:
            if meld_suit == suit and rank in (low - 1, high + 1):
                near += 5
        danger = 20 if self.opponent_uses(card) else 0
        if self.hand.count(card) > 1:
            near -= 1
        return near * 10 + danger - _points(card) / 2


def choose_greedy(view: dict[str, Any], legal_moves: list[Move], rng: random.Random) -> Move:
    """Return the move a simple, sensible player would make."""
    side = _my_side(view)
    if view["step"] == "draw":
        takes = [m for m in legal_moves if m.get("draw") == "pile"]
        if takes:
            best = max(takes, key=lambda m: _pile_value(m, view, side))
            if _pile_value(best, view, side) > 25 or {"draw": "stock"} not in legal_moves:
                return best
        return {"draw": "stock"} if {"draw": "stock"} in legal_moves else rng.choice(legal_moves)
    hand_size = len(view["hand"])
    plays: list[tuple[float, int, Move]] = []
    for index, move in enumerate(legal_moves):
        if "meld" in move:
            plays.append((_meld_value(move["meld"], 0, hand_size), index, move))
        elif "add" in move:
            before = len(view["melds"][side][move["add"]]["cards"])
            plays.append((_meld_value(move["cards"], before, hand_size) + 5, index, move))
    if plays:
        score, _, move = max(plays, key=lambda item: (item[0], -item[1]))
        if score > 0:
            return move
    discards = [m for m in legal_moves if "discard" in m]
    if not discards:
        return max(plays, key=lambda item: (item[0], -item[1]))[2]
    cost = DiscardCosts(view, side)
    return min(discards, key=lambda m: (cost(m["discard"]), m["discard"]))

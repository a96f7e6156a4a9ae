"""House policies for Busca that choose from what one seat sees: ``greedy`` and ``random``."""

from __future__ import annotations

import random

from games.engine.base import JSON
from games.engine.busca.cards import CARD_INDEX, POINTS


def _card(move: dict[str, JSON]) -> str:
    [text] = move.values()
    return str(text)


def _strength(text: str) -> int:
    return CARD_INDEX[text] % 10


def _danger(text: str) -> tuple[int, int]:
    # What a card may cost us if we keep it: its points first (the Pita above all), then how
    # likely it is to win a trick later.
    card = CARD_INDEX[text]
    return POINTS[card], card % 10


def choose_random(
    view: dict[str, JSON], legal_moves: list[dict[str, JSON]], rng: random.Random
) -> dict[str, JSON]:
    """Return a legal move chosen at random."""
    return rng.choice(legal_moves)


def choose_greedy(
    view: dict[str, JSON], legal_moves: list[dict[str, JSON]], rng: random.Random
) -> dict[str, JSON]:
    """Return a move that ducks, sheds dangerous cards, leads low and takes a cheap point."""
    if view["step"] == "lay":
        return max(legal_moves, key=lambda m: _danger(_card(m)))
    table = view["trick"]["cards"]
    if not table:
        # Lead the card least likely to win and worth the least.
        return min(legal_moves, key=lambda m: (POINTS[CARD_INDEX[_card(m)]], _strength(_card(m))))
    lead = table[0]["card"]
    suit = lead[1]
    winning = max((c["card"] for c in table if c["card"][1] == suit), key=_strength)
    following = [m for m in legal_moves if _card(m)[1] == suit]
    if not following:
        return max(legal_moves, key=lambda m: _danger(_card(m)))  # void: shed the worst card
    last = len(table) == len(view["in_deal"]) - 1
    if _worth_taking(view, table, following, winning, last):
        over = [m for m in following if _strength(_card(m)) > _strength(winning)]
        return min(over, key=lambda m: (POINTS[CARD_INDEX[_card(m)]], -_strength(_card(m))))
    under = [m for m in following if _strength(_card(m)) < _strength(winning)]
    if under:
        return max(under, key=lambda m: _danger(_card(m)))  # duck with the biggest card that ducks
    if last:
        # We take this trick anyway: give it the fewest points, and spend a high card.
        return min(following, key=lambda m: (POINTS[CARD_INDEX[_card(m)]], -_strength(_card(m))))
    return min(following, key=lambda m: (_strength(_card(m)), POINTS[CARD_INDEX[_card(m)]]))


def _worth_taking(
    view: dict[str, JSON],
    table: list[dict[str, JSON]],
    following: list[dict[str, JSON]],
    winning: str,
    last: bool,
) -> bool:
    """Return whether to win this trick: a few points keep Buscas away."""
    # A player who took no points gets a Busca, so a cheap trick is worth taking while we are
    # far from the most points (the top scorer is the one who pays).
    if not any(_strength(_card(m)) > _strength(winning) for m in following):
        return False
    me = view["seat"]
    points = view["points"]
    gain = sum(POINTS[CARD_INDEX[c["card"]]] for c in table)
    mine = points[me]
    others = max(p for s, p in enumerate(points) if p is not None and s != me)
    if mine == 0:
        return gain <= (7 if last else 2)
    return last and mine + gain + 6 < others

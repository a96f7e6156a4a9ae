"""A Buraco Mano a Mano bot: meld what it can without wasting wilds, discard dead cards.

Mano a Mano is one against one, and closing needs a canasta limpia (no wild), so this bot keeps
its wilds out of melds unless a wild turns a six-card run into a canasta.

    python examples/buraco_mano_a_mano_bot.py --url http://127.0.0.1:8000 --token TOKEN \
        --practice buraco-mano-a-mano --options '{"deals": 1}'
"""

from __future__ import annotations

import sys
from typing import Any

try:
    from bots.client import Bot, main
except ImportError:  # outside the platform's checkout: client.py copied next to this file
    from client import Bot, main  # type: ignore[no-redef,import-not-found]
from buraco_cards import (  # the examples folder is on the path
    RANKS,
    Move,
    fits,
    is_wild,
    laid,
    value,
)


def meld_size(view: dict[str, Any], move: Move) -> int:
    """How many cards the meld has once this move is played."""
    if "add" in move:
        side = view["seat"] % 2
        return len(view["melds"][side][move["add"]]["cards"]) + len(laid(move))
    return len(laid(move))


def useful(card: str, hand: list[str]) -> bool:
    """Whether a card may soon join a meld: a pair, or a suit neighbour within two ranks."""
    if hand.count(card) > 1:
        return True
    rank = RANKS.index(card[0])
    return any(
        other != card
        and not is_wild(other)
        and other[1] == card[1]
        and abs(RANKS.index(other[0]) - rank) <= 2
        for other in hand
    )


class ManoAManoBot(Bot):
    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        if view["step"] == "draw":
            return self.draw(view, legal_moves)
        return self.play(view, legal_moves)

    def draw(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        # Take the pile when it is worth it: every pile take is justified by a meld or an add.
        takes = [m for m in legal_moves if m.get("draw") == "pile"]
        stock = {"draw": "stock"}
        if takes and (view["pile"]["size"] >= 3 or stock not in legal_moves):
            return max(takes, key=lambda m: -sum(is_wild(c) for c in laid(m)))
        return stock

    def play(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        # Lay down natural cards first (the longest first); a wild only to make a canasta.
        lays = [m for m in legal_moves if "discard" not in m]
        natural = [m for m in lays if not any(is_wild(c) for c in laid(m))]
        if natural:
            return max(natural, key=lambda m: (len(laid(m)), meld_size(view, m)))
        canastas = [m for m in lays if meld_size(view, m) >= 7]
        if canastas:
            return canastas[0]
        return self.discard(view, [m for m in legal_moves if "discard" in m] or legal_moves)

    def discard(self, view: dict[str, Any], discards: list[Move]) -> Move:
        # A dead card: not a wild, no use to us, no help to the opponent; the costliest first.
        hand = view["hand"]
        theirs = view["melds"][1 - view["seat"] % 2]

        def cost(move: Move) -> tuple[bool, bool, int]:
            card = move["discard"]
            return (not fits(card, theirs), not useful(card, hand), value(card))

        return max(discards, key=cost)


if __name__ == "__main__":
    sys.exit(main(ManoAManoBot))

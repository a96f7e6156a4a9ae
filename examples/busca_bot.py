"""A Busca bot that ducks tricks and sheds its dangerous cards.

Run it against a local server (see docs/bots.md for the token):

    python examples/busca_bot.py --url http://127.0.0.1:8000 --token TOKEN \
        --practice busca --options '{"eliminate_at": 5}'
"""

from __future__ import annotations

import sys
from typing import Any

try:
    from bots.client import Bot, main
except ImportError:  # outside the platform's checkout: client.py copied next to this file
    from client import Bot, main  # type: ignore[no-redef,import-not-found]

ORDER = "4567JQKA23"  # weakest to strongest within a suit
POINTS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}  # the Pita (AD) is worth 8


def strength(card: str) -> int:
    return ORDER.index(card[0])


def points(card: str) -> int:
    return 8 if card == "AD" else POINTS.get(card[0], 0)


def danger(card: str) -> tuple[int, int]:
    """How much a card may cost us later: its points, then how likely it is to win a trick."""
    return points(card), strength(card)


class BuscaBot(Bot):
    """Duck under the trick; shed points when void; never win with a small card."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if view["step"] == "lay":  # 3 players: the dealer lays one card face down
            return max(legal_moves, key=lambda m: danger(m["lay"]))
        cards = [m["play"] for m in legal_moves]
        table = [c["card"] for c in view["trick"]["cards"]]
        if not table:  # we lead: the weakest, cheapest card
            return {"play": min(cards, key=lambda c: (strength(c), points(c)))}
        suit = table[0][1]
        best = max((c for c in table if c[1] == suit), key=strength)
        following = [c for c in cards if c[1] == suit]
        if not following:  # void in the suit: get rid of the worst card
            return {"play": max(cards, key=danger)}
        last = len(table) == len(view["in_deal"]) - 1
        # Taking no points at all in a deal costs a Busca: a cheap last trick is worth winning.
        cheap = sum(points(c) for c in table) <= 1
        if last and cheap and view["points"][view["seat"]] == 0:
            over = [c for c in following if strength(c) > strength(best)]
            if over:
                return {"play": max(over, key=danger)}
        under = [c for c in following if strength(c) < strength(best)]
        if under:  # duck with the biggest card that still loses
            return {"play": max(under, key=danger)}
        if last:  # we win it anyway: spend our most dangerous card
            return {"play": max(following, key=danger)}
        return {"play": min(following, key=strength)}


if __name__ == "__main__":
    sys.exit(main(BuscaBot))

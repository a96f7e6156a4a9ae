"""A Buraco Cerrado bot: build canastas with the partner, never feed the opponents.

Cerrado is played by two sides of two (seats 0 and 2 against 1 and 3) and any canasta closes,
so this bot allows one wild per meld and grows its side's longest melds first.

    python examples/buraco_cerrado_bot.py --url http://127.0.0.1:8000 --token TOKEN \
        --practice buraco-cerrado --options '{"deals": 1}'
"""

from __future__ import annotations

import sys
from typing import Any

try:
    from bots.client import Bot, main
except ImportError:  # outside the platform's checkout: client.py copied next to this file
    from client import Bot, main  # type: ignore[no-redef,import-not-found]
from buraco_cards import Move, fits, is_wild, laid, value  # the examples folder is on the path


class CerradoBot(Bot):
    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        ours = view["melds"][view["seat"] % 2]
        theirs = view["melds"][1 - view["seat"] % 2]
        if view["step"] == "draw":
            takes = [m for m in legal_moves if m.get("draw") == "pile"]
            stock = {"draw": "stock"}
            # Every pile take is justified by a meld or an add: more cards to build canastas.
            if takes and (view["pile"]["size"] >= 2 or stock not in legal_moves):
                return takes[0]
            return stock

        def wilds_after(move: Move) -> int:
            cards = laid(move) + (ours[move["add"]]["cards"] if "add" in move else [])
            return sum(is_wild(c) for c in cards)

        lays = [m for m in legal_moves if "discard" not in m and wilds_after(m) <= 1]
        if lays:
            # Grow our side's longest meld first (a canasta is 7 cards); then the biggest meld.
            def length(move: Move) -> tuple[int, int]:
                before = len(ours[move["add"]]["cards"]) if "add" in move else 0
                return before + len(laid(move)), -wilds_after(move)

            return max(lays, key=length)
        discards = [m for m in legal_moves if "discard" in m] or legal_moves
        hand = view["hand"]

        def cost(move: Move) -> tuple[bool, bool, int]:
            card = move["discard"]
            pair = hand.count(card) > 1
            return (not fits(card, theirs), not pair and not is_wild(card), value(card))

        return max(discards, key=cost)


if __name__ == "__main__":
    sys.exit(main(CerradoBot))

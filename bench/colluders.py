"""Colluding Busca policies for the fair-play benchmark (``bench.fair_play``).

``feeder(partner)`` plays as ``house:greedy`` except where the trick's current winner decides:

- When the partner is winning the trick, it gives the partner as few points as it can: void, it
  sheds its cheapest card instead of its most dangerous; able to duck, it ducks with its
  cheapest card; and last to play with points on the table, it takes the trick off the partner
  when it can (soft play: it eats the partner's points).
- When a rival of the partner is winning, it dumps on that rival: void, the most points it holds
  (greedy already does that); able to duck, the duck that carries most points.

Nothing else about its play changes, so the only trace it leaves is who its points went to.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.base import JSON
from games.engine.busca.cards import CARD_INDEX, POINTS
from games.engine.strategies.busca import choose_greedy

Policy = Callable[[dict[str, JSON], list[dict[str, JSON]], random.Random], dict[str, JSON]]


def _card(move: dict[str, JSON]) -> int:
    [text] = move.values()
    return CARD_INDEX[str(text)]


def feeder(partner: int | None) -> Policy:
    """Return the colluding policy of a bot whose partner sits at ``partner`` (None: absent)."""

    def choose(
        view: dict[str, JSON], legal_moves: list[dict[str, JSON]], rng: random.Random
    ) -> dict[str, JSON]:
        table = view["trick"]["cards"] if view["step"] == "play" else []
        if partner is None or not table:
            return choose_greedy(view, legal_moves, rng)
        lead = _card({"c": table[0]["card"]})
        suit = lead // 10
        winning = max(
            (c for c in table if CARD_INDEX[c["card"]] // 10 == suit),
            key=lambda c: CARD_INDEX[c["card"]],
        )
        top = CARD_INDEX[winning["card"]]
        following = [m for m in legal_moves if _card(m) // 10 == suit]
        if winning["seat"] != partner:
            under = [m for m in following if _card(m) < top]
            if under:
                return max(under, key=lambda m: (POINTS[_card(m)], _card(m) % 10))
            return choose_greedy(view, legal_moves, rng)
        # The partner is winning this trick: spare it.
        if not following:
            return min(legal_moves, key=lambda m: (POINTS[_card(m)], _card(m) % 10))
        last = len(table) == len(view["in_deal"]) - 1
        on_table = sum(POINTS[CARD_INDEX[c["card"]]] for c in table)
        over = [m for m in following if _card(m) > top]
        if last and on_table > 0 and over:
            return min(over, key=lambda m: POINTS[_card(m)])  # take the partner's points
        under = [m for m in following if _card(m) < top]
        if under:
            return min(under, key=lambda m: (POINTS[_card(m)], -(_card(m) % 10)))
        return choose_greedy(view, legal_moves, rng)

    return choose

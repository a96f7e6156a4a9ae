"""What every seat knows of the other hands: the cards taken with the pile and not played since.

Every move of a Buraco deal is public (a stock draw names no card). Where the whole pile is
shown (Mano a mano), everyone saw which cards a seat took with it: they are in that hand until
the seat melds, adds or discards a card of the same rank and suit. In Cerrado only the pile's
top card is shown, and it goes straight into a meld, so nothing more is known there.

Only a lower bound is kept: when a seat plays a card it may have held twice (one copy from the
pile, one from its own hand), the taken copy is counted as played. The pile is rebuilt from
the deal's log, so a position built without a log (``position``) knows only later discards.
"""

from __future__ import annotations

from collections import Counter

from games.engine.buraco.moves import ADD, DISCARD, MELD, PILE_ADD, PILE_MELD
from games.engine.buraco.state import State, log_moves


def pile_cards_held(state: State) -> list[Counter[int]]:
    """Return, per seat, the cards it is known to hold because it took them with the pile."""
    held: list[Counter[int]] = [Counter() for _ in state.hands]
    if not state.rules.pile_shown:
        return held
    pile: list[int] = []
    for seat, (kind, cards, _, _) in log_moves(state.log):
        if kind == DISCARD:
            held[seat] -= Counter(cards)
            pile.append(cards[0])
        elif kind in (MELD, ADD):
            held[seat] -= Counter(cards)
        elif kind in (PILE_MELD, PILE_ADD):
            from_hand = Counter(cards)
            if pile:  # empty only for a position built without its log: nothing is known
                from_hand[pile[-1]] -= 1
            held[seat] -= from_hand
            held[seat] += Counter(pile[:-1])
            pile = []
    return held

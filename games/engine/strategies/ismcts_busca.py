"""``house:ismcts`` for Busca: determinizations from the seat's view, random rollouts.

What the view gives and what it does not: the view holds the seat's hand, every trick of the
current deal (``tricks``, with who played what) and the trick on the table, the points taken
so far, the hand sizes, and the seat's own face-down card if it dealt three-handed. From the
tricks we know every card played (gone) and every suit a player failed to follow (void for
them from then on). The three-handed dealer's face-down card, unseen by the others, is dealt
among the unseen cards with no void constraint (it was laid before any trick).

A rollout plays random legal moves to the end of the deal; the reward is the searching seat's
standing in the deal's own finishing order, fewer Buscas first, then fewer penalty points taken
(RULES.md; the order a ladder's duplicate comparisons rank by): ``1 / (1 + buscas + points / 80)``,
1 with neither, so that a deal's 40 points weigh half a Busca at most. Scored by Buscas alone the
search took fewer Buscas than greedy but more points, and ranked with greedy in the ladders'
comparisons (docs/ratings.md, "What the comparisons buy").
"""

from __future__ import annotations

import random
from typing import Any

from games import engine
from games.engine.base import JSON
from games.engine.busca.cards import ALL, CARD_INDEX, SUIT_MASK
from games.engine.busca.game import Busca, follow_mask, lead_mask
from games.engine.busca.moves import LAY_OFFSET, parse_move
from games.engine.busca.state import LAY, NO_CARD, OVER, PLAY, Deal, Match, Options, State, Trick
from games.engine.strategies.deals import deal_masks
from games.engine.strategies.search import Move

_GAME: Busca = engine.get("busca")  # type: ignore[assignment]


def _card(text: JSON) -> int:
    return CARD_INDEX[str(text)]


def public_facts(view: dict[str, JSON]) -> tuple[dict[int, int], dict[int, int], int]:
    """Return (cards played per seat, void suit mask per seat, every card known gone or mine).

    Played and void are read from the tricks of this deal in the view; the third value is the
    mask of cards the seat can place for sure (played, its hand, its own face-down card).
    """
    played: dict[int, int] = {s: 0 for s in view["in_deal"]}
    void: dict[int, int] = {s: 0 for s in view["in_deal"]}
    tricks = [t["cards"] for t in view["tricks"]] + [view["trick"]["cards"]]
    for cards in tricks:
        if not cards:
            continue
        lead_suit = _card(cards[0]["card"]) // 10
        for item in cards:
            card = _card(item["card"])
            played[item["seat"]] |= 1 << card
            if card // 10 != lead_suit:
                void[item["seat"]] |= SUIT_MASK[lead_suit]
    known = sum(played.values())
    for text in view.get("hand") or []:
        known |= 1 << _card(text)
    if view.get("laid"):
        known |= 1 << _card(view["laid"])
    return played, void, known


def determinize(view: dict[str, JSON], rng: random.Random) -> State:
    """Return a Busca state that agrees with everything ``view`` shows, the rest dealt at random."""
    me: int = view["seat"]
    seats: list[int] = list(view["in_deal"])
    dealer: int = view["dealer"]
    played, void, known = public_facts(view)
    hand = 0
    for text in view["hand"]:
        hand |= 1 << _card(text)
    others = [s for s in seats if s != me]
    sizes = [int(view["hand_sizes"][s]) for s in others]
    allowed = [ALL ^ void[s] for s in others]
    three = len(seats) == 3
    laid_hidden = three and view["step"] == "play" and dealer != me
    if laid_hidden:
        others.append(-1)  # the face-down card: any unseen card
        sizes.append(1)
        allowed.append(ALL)
    unseen = [c for c in range(40) if not known >> c & 1]
    dealt = deal_masks(unseen, sizes, allowed, rng)
    current = {me: hand}
    laid = _card(view["laid"]) if view.get("laid") else NO_CARD
    for holder, cards in zip(others, dealt, strict=True):
        mask = sum(1 << c for c in cards)
        if holder == -1:
            laid = cards[0]
        else:
            current[holder] = mask
    remaining = sum(current.values())
    dealt_hands = []
    for s in seats:
        mask = current[s] | played[s]
        if s == dealer and laid != NO_CARD:
            mask |= 1 << laid
        dealt_hands.append(mask)
    index = {s: i for i, s in enumerate(seats)}
    deal = Deal(int(view["deal"]), dealer, tuple(seats), tuple(dealt_hands), laid)
    tricks = tuple(
        Trick(
            index[t["leader"]],
            tuple(_card(c["card"]) for c in t["cards"]),
            index[t["winner"]],
            int(t["points"]),
        )
        for t in view["tricks"]
    )
    trick = tuple(_card(c["card"]) for c in view["trick"]["cards"])
    taken = tuple(int(view["points"][s]) for s in seats)
    options = Options(**view["options"])
    match = Match(0, options, tuple(view["totals"]), (), (), False)
    turn = index[me]
    if view["step"] == "lay":
        leader = (index[dealer] + 1) % len(seats)
        return State(LAY, turn, ALL, (), leader, (), taken, hand << LAY_OFFSET, deal, match)
    leader = index[view["trick"]["leader"]]
    legal = follow_mask(hand, trick[0], not tricks) if trick else lead_mask(hand, not tricks)
    return State(PLAY, turn, remaining, trick, leader, tricks, taken, legal, deal, match)


def simulate(state: State, move: Move, seat: int, rng: random.Random) -> float:
    """Play ``move`` then random moves to the end of the deal; return the seat's reward."""
    number = state.deal.number
    apply, legal_moves, choice = _GAME.apply, _GAME.legal_moves, rng.choice
    state = apply(state, parse_move(move))
    while state.step != OVER and state.deal.number == number:
        state = apply(state, choice(legal_moves(state)))
    record = state.match.history[-1]
    player = record.deal.seats.index(seat)
    return reward(record.buscas[player], record.taken[player])


POINTS_PER_BUSCA = 80  # a deal hands out 40 points: all of them weigh half a Busca


def reward(buscas: int, points: int) -> float:
    """Return a rollout's reward for a seat that ended the deal with ``buscas`` and ``points``
    taken: higher for fewer Buscas, then for fewer points, 1 at best."""
    return 1.0 / (1.0 + buscas + points / POINTS_PER_BUSCA)


def consistent(state: State, view: dict[str, JSON]) -> bool:
    """Return whether ``state`` agrees with what ``view`` shows (for tests)."""
    seen: dict[str, Any] = _GAME.view(state, view["seat"])
    keys = ("hand", "tricks", "trick", "points", "hand_sizes", "in_deal", "dealer", "step")
    return all(seen.get(k) == view.get(k) for k in keys)

"""``house:ismcts`` for both Buraco variants: determinizations from the view, greedy rollouts.

What the view gives: the seat's hand, every meld on the table (public), the pile's top card and
size (the whole pile in Mano a mano, where it is public), the stock's size, each side's muerto
(waiting, taken or stock), the hand sizes, and the cards this seat took from the pile this turn.
The unseen cards (two packs and the variant's jokers, less all of those) are dealt at random to
the other hands, the hidden part of the pile (Cerrado), the waiting muertos (eleven cards each)
and the stock. Cards another seat took with the pile and has not played since
(``pile_cards_held``, public where the pile is shown) stay in that seat's hand; only the rest of
it is dealt. Whether a seat went out indirectly and has not played since (``pending``) is not in
the view: taken as none.

A rollout plays the root move, then ``house:greedy`` for every seat for a few turns (or to
the end of the deal), and scores the deal as it then stands, side against side; the reward is
``0.5 + 0.5 * tanh(difference / 300)`` for the searching seat's side (mid-deal, the cards
still in hand count 0.3 of their points against the side).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from games import engine
from games.engine.base import JSON
from games.engine.buraco.cards import (
    EMPTY,
    Hand,
    card_text,
    full_deck,
    hand_cards,
    hand_of,
    parse_card,
)
from games.engine.buraco.game import Buraco
from games.engine.buraco.legal import legal_moves
from games.engine.buraco.melds import Meld, read_meld
from games.engine.buraco.moves import move_json
from games.engine.buraco.rules import make_options
from games.engine.buraco.scoring import score_deal
from games.engine.buraco.state import MUERTO_STATES, OVER, STEPS, SideScore, State
from games.engine.buraco.state import Move as EngineMove
from games.engine.buraco.turns import perform
from games.engine.strategies.buraco import (
    DiscardCosts,
    _meld_value,
    _my_side,
    _pile_value,
    choose_greedy,
)
from games.engine.strategies.search import Move

HAND_SIZE = 11
HORIZON = 12  # moves played after the root move in a rollout
SCALE = 300.0


def _game(name: str) -> Buraco:
    game: Buraco = engine.get(name)  # type: ignore[assignment]
    return game


def _cards(texts: Any) -> list[int]:
    return [parse_card(t) for t in texts]


def known_cards(view: dict[str, JSON]) -> Counter[int]:
    """Return the cards the seat can place for sure: its hand, the other hands' cards taken
    with the pile, the melds, the visible pile."""
    known: Counter[int] = Counter(_cards(view["hand"]))
    for seat, cards in enumerate(view.get("pile_cards_held") or []):
        if seat != view["seat"]:
            known.update(_cards(cards))
    for side in view["melds"]:
        for meld in side:
            known.update(_cards(meld["cards"]))
    pile = view["pile"]
    if "cards" in pile:
        known.update(_cards(pile["cards"]))
    elif pile["top"] is not None:
        known[parse_card(pile["top"])] += 1
    return known


def determinize(view: dict[str, JSON], rng: random.Random) -> State:
    """Return a Buraco state that agrees with everything ``view`` shows, the rest dealt at
    random."""
    game = _game(str(view["game"]))
    rules = game.rules
    me: int = view["seat"]
    unseen = list((Counter(full_deck(rules.jokers)) - known_cards(view)).elements())
    rng.shuffle(unseen)
    pos = 0

    def take(count: int) -> tuple[int, ...]:
        nonlocal pos
        cards = tuple(unseen[pos : pos + count])
        pos += count
        return cards

    held = [
        _cards(cards) for cards in view.get("pile_cards_held") or [[]] * len(view["hand_sizes"])
    ]
    hands = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == me:
            hands.append(hand_of(_cards(view["hand"])))
        else:
            hands.append(hand_of((*held[seat], *take(int(size) - len(held[seat])))))
    pile_view = view["pile"]
    if "cards" in pile_view:
        pile = tuple(_cards(pile_view["cards"]))
    elif pile_view["top"] is not None:
        pile = (*take(int(pile_view["size"]) - 1), parse_card(pile_view["top"]))
    else:
        pile = ()
    muerto_state = tuple(MUERTO_STATES.index(s) for s in view["muertos"])
    muertos = tuple(take(HAND_SIZE) if s == 0 else () for s in muerto_state)
    stock = take(int(view["stock"]))
    melds = tuple(tuple(read_meld(_cards(m["cards"])) for m in side) for side in view["melds"])
    taken = tuple(_cards(view.get("taken") or []))
    locked = _locked(view, taken)
    totals = view["totals"]
    return State(
        rules=rules,
        options=make_options(rules, dict(view["options"])),
        seed=0,
        deal=int(view["deal"]),
        dealer=int(view["dealer"]),
        hands=tuple(hands),
        stock=stock,
        pile=pile,
        melds=(melds[0], melds[1]),
        muertos=(muertos[0], muertos[1]),
        muerto_state=(muerto_state[0], muerto_state[1]),
        turn=me,
        step=STEPS.index(str(view["step"])),
        locked=locked,
        taken=taken,
        pending=0,
        totals=(int(totals[0]), int(totals[1])),
        log=(),
        history=(),
        places=None,
    )


def _locked(view: dict[str, JSON], taken: tuple[int, ...]) -> Hand:
    """Return the pile copies that may not be discarded this turn, as the legal moves show:
    a card of the hand is locked (all its copies) when it was taken and no discard names it."""
    if not taken or view["step"] != "play":
        return EMPTY
    free = {m["discard"] for m in view["legal_moves"] if "discard" in m}
    locked: list[int] = []
    for text in set(view["hand"]):
        card = parse_card(text)
        if text not in free and card in taken:
            locked += [card] * view["hand"].count(text)
    return hand_of(locked)


HAND_WEIGHT = 0.3  # cards still in hand mid-deal are material for melds, not yet a loss


def _worth(score: SideScore) -> float:
    """Return a side's standing mid-deal: the deal's score with the hand counted lightly."""
    return score.melded + score.canastas + score.muerto + HAND_WEIGHT * score.hand


@lru_cache(maxsize=4096)
def _meld_cards(meld: Meld) -> dict[str, list[str]]:
    return {"cards": [card_text(c) for c in meld.cards()]}


def _greedy_move(state: State, rng: random.Random) -> EngineMove:
    """Return ``house:greedy``'s move for the seat to act, from the parts of the view it reads."""
    legal = legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    seats = len(state.hands)
    view = {
        "seat": seat,
        "sides": [[s for s in range(seats) if s & 1 == side] for side in (0, 1)],
        "step": STEPS[state.step],
        "hand": [card_text(c) for c in hand_cards(state.hands[seat])],
        "pile": {"size": len(state.pile)},
        "melds": [[_meld_cards(m) for m in melds] for melds in state.melds],
    }
    wire = [move_json(m) for m in legal]
    return legal[wire.index(choose_greedy(view, wire, rng))]


def simulate(state: State, move: Move, seat: int, rng: random.Random) -> float:
    """Play ``move``, then greedy play for a few moves; return the seat's side's reward."""
    game = _game(state.rules.name)
    side = seat & 1
    deal = state.deal
    state = game.apply(state, game.parse_move(move))
    for _ in range(HORIZON):
        if state.step == OVER or state.deal != deal:
            break
        state = perform(state, _greedy_move(state, rng))
    if state.step == OVER or state.deal != deal:
        scores = state.history[-1].scores
        diff: float = scores[side].total - scores[1 - side].total
    else:
        now = score_deal(state, -1)
        diff = _worth(now[side]) - _worth(now[1 - side])
    return 0.5 + 0.5 * math.tanh(diff / SCALE)


CANDIDATES_EACH = 3  # plays (melds, adds, pile takes) and discards besides greedy's own move


def candidates(view: dict[str, JSON], legal: list[Move]) -> list[Move]:
    """Return the moves worth searching: greedy's move first, then the best few of each kind
    by greedy's own measures (what a meld or pile take pays, what a discard costs)."""
    first = choose_greedy(view, legal, random.Random(0))
    side = _my_side(view)
    hand_size = len(view["hand"])
    ranked: list[Move] = []
    if view["step"] == "draw":
        takes = [m for m in legal if m.get("draw") == "pile"]
        ranked += [m for m in legal if m.get("draw") == "stock"]
        ranked += sorted(takes, key=lambda m: -_pile_value(m, view, side))[:CANDIDATES_EACH]
    else:

        def pays(move: Move) -> float:
            before = len(view["melds"][side][move["add"]]["cards"]) if "add" in move else 0
            return _meld_value(move.get("meld") or move["cards"], before, hand_size)

        plays = [m for m in legal if "meld" in m or "add" in m]
        discards = [m for m in legal if "discard" in m]
        ranked += sorted(plays, key=lambda m: -pays(m))[:CANDIDATES_EACH]
        cost = DiscardCosts(view, side)
        ranked += sorted(discards, key=lambda m: cost(m["discard"]))[:CANDIDATES_EACH]
    moves = [first]
    for move in ranked:
        if move not in moves:
            moves.append(move)
    return moves

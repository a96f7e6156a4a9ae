"""Random playouts with invariants: cards conserved, legal melds, exact legality, replays, views."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine import IllegalMove
from games.engine.buraco import meld_kind
from games.engine.buraco.cards import ALL_CARDS, card_points, card_text, hand_cards
from games.engine.buraco.game import Buraco
from games.engine.buraco.melds import CANASTA_BONUS
from games.engine.buraco.moves import DISCARD, DRAW_STOCK, MELD, discard
from games.engine.buraco.state import TAKEN, State, log_moves

from .buraco_oracle import oracle_moves

VARIANTS = ["buraco-cerrado", "buraco-mano-a-mano"]
CARD = re.compile(r"\b(?:[A2-9TJQK][CDHS]|JK)\b")


def _game(name: str) -> Buraco:
    game = engine.get(name)
    assert isinstance(game, Buraco)
    return game


def _all_cards(state: State) -> Counter[int]:
    cards: Counter[int] = Counter()
    for hand in state.hands:
        cards.update(hand_cards(hand))
    cards.update(state.stock)
    cards.update(state.pile)
    for muerto in state.muertos:
        cards.update(muerto)
    for melds in state.melds:
        for meld in melds:
            cards.update(meld.cards())
    return cards


def _check_view(game: Buraco, state: State, seat: int | None) -> None:
    view = game.view(state, seat)
    json.dumps(view)
    own: Counter[str] = Counter()
    if seat is not None:
        own.update(card_text(c) for c in hand_cards(state.hands[seat]))
    assert Counter(view["hand"] or []) == own
    allowed = set(own)
    for side in view["melds"]:
        for meld in side:
            allowed.update(meld["cards"])
            if meld["wild"]:  # the card a wild stands for: named, never shown as held
                assert meld["cards"][meld["wild"]["at"]] in ("JK", "2C", "2D", "2H", "2S")
                allowed.add(meld["wild"]["for"])
    if state.rules.pile_shown:
        allowed.update(card_text(c) for c in state.pile)
        assert view["pile"]["cards"] == [card_text(c) for c in state.pile]
        # Every discard of the deal was shown in the pile: a seat that took it may still hold it.
        allowed.update(card_text(m[1][0]) for _, m in log_moves(state.log) if m[0] == DISCARD)
    else:
        assert "cards" not in view["pile"]
        if state.pile:
            allowed.add(card_text(state.pile[-1]))
    if seat == game.to_move(state):
        allowed.update(card_text(c) for c in state.taken)
    else:
        assert view["taken"] == [] and view["legal_moves"] == []
    for other, cards in enumerate(view["pile_cards_held"]):  # only cards really in that hand
        assert not Counter(cards) - Counter(card_text(c) for c in hand_cards(state.hands[other]))
    seen = set(CARD.findall(json.dumps({k: v for k, v in view.items() if k != "options"})))
    assert seen <= allowed, seen - allowed


def _recomputed(state: State) -> list[int]:
    """Work out each side's deal score from the final board, independently of the engine."""
    totals = []
    jp = state.options.joker_points
    closer = state.history[-1].closer
    for side in (0, 1):
        score = 0
        for meld in state.melds[side]:
            cards = [card_text(c) for c in meld.cards()]
            score += sum(card_points(c, jp) for c in meld.cards())
            score += CANASTA_BONUS[meld_kind(cards) or "sequence"]
        interrupted = False
        for seat in range(side, len(state.hands), 2):
            if state.pending >> seat & 1:
                interrupted = True
            else:
                score -= sum(card_points(c, jp) for c in hand_cards(state.hands[seat]))
        if interrupted or state.muerto_state[side] != TAKEN:
            score -= 100
        if closer == side:
            score += 100
        totals.append(score)
    return totals


def _wrong_moves(state: State, rng: random.Random) -> list[Any]:
    hand = hand_cards(state.hands[state.turn])
    others = [c for c in ALL_CARDS if c not in hand] or [64]
    moves: list[Any] = [DRAW_STOCK, discard(others[0])]
    if len(hand) >= 3:
        picked = tuple(sorted(rng.sample(hand, 3)))
        moves.append((MELD, picked, -1, -1))
    moves.append((DISCARD, (hand[0],), -1, -1))
    return moves


def _play(name: str, seed: int, options: dict[str, Any], oracle_every: int) -> None:
    game = _game(name)
    rng = random.Random(seed)
    state = game.new(seed, **options)
    total = 108 if name == "buraco-cerrado" else 104
    moves = []
    step = 0
    while game.to_move(state) is not None:
        step += 1
        assert step < 5000, "the deal did not end"
        assert sum(_all_cards(state).values()) == total
        for melds in state.melds:
            for meld in melds:
                assert meld_kind([card_text(c) for c in meld.cards()]) == meld.kind()
        legal = game.legal_moves(state)
        assert legal, "no legal move"
        assert len(set(legal)) == len(legal)
        if oracle_every and step % oracle_every == 0:
            assert set(legal) == oracle_moves(state)
        for wrong in _wrong_moves(state, rng):
            if wrong not in legal:
                try:
                    game.apply(state, wrong)
                except IllegalMove as error:
                    assert str(error)
                else:
                    raise AssertionError(f"accepted an illegal move {wrong}")
        if step % 7 == 0:
            for seat in [None, *range(game.seats(state))]:
                _check_view(game, state, seat)
            data = json.loads(json.dumps(game.dump(state)))
            assert game.load(data) == state
        move = rng.choice(legal)
        assert game.parse_move(json.loads(json.dumps(game.move_json(move)))) == move
        moves.append(move)
        state = game.apply(state, move)
    assert sum(_all_cards(state).values()) == total
    result = game.result(state)
    assert result is not None and len(result.places) == game.seats(state)
    if options.get("deals") == 1:
        scores = state.history[-1].scores
        assert [score.total for score in scores] == _recomputed(state)
        assert list(state.totals) == [score.total for score in scores]
    replay = game.new(seed, **options)
    for move in moves:
        replay = game.apply(replay, move)
    assert replay == state
    assert game.load(json.loads(json.dumps(game.dump(state)))) == state
    record = game.record(state)
    json.dumps(record)
    assert sum(len(deal["moves"]) for deal in record["deals"]) == len(moves)
    for seat in [None, *range(game.seats(state))]:
        _check_view(game, state, seat)


SEEDS = st.integers(min_value=0, max_value=2**128 - 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, name=st.sampled_from(VARIANTS), pile_wilds=st.booleans())
def test_random_deal_invariants(seed: int, name: str, pile_wilds: bool) -> None:
    _play(name, seed, {"deals": 1, "pile_wilds": pile_wilds}, oracle_every=0)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, name=st.sampled_from(VARIANTS))
def test_legal_moves_match_the_slow_oracle(seed: int, name: str) -> None:
    _play(name, seed, {"deals": 1, "close_needs": "limpia"}, oracle_every=9)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(VARIANTS))
def test_random_matches_of_several_deals_end(seed: int, name: str) -> None:
    _play(name, seed, {"deals": 3, "joker_points": 20}, oracle_every=0)

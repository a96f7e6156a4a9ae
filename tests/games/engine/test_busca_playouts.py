"""Random Busca games checked for invariants at every move (hypothesis picks seeds and options)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalMove
from games.engine.busca import GAME, Move, State
from games.engine.busca.cards import ALL, CARD_TEXT, DEAL_POINTS, mask_of
from games.engine.busca.moves import LAYS, PLAYS
from games.engine.busca.state import NO_CARD

EVERY_MOVE = (*PLAYS, *LAYS)


def _check_cards(state: State) -> None:
    deal = state.deal
    held = [deal.hands[i] & state.remaining for i in range(len(deal.seats))]
    played = [c for t in state.tricks for c in t.cards] + list(state.trick)
    laid = [deal.laid] if deal.laid != NO_CARD else []
    cards = [c for h in held for c in range(40) if h >> c & 1] + played + laid
    if state.step == 1:  # lay: the dealer still holds 14
        assert len(cards) == 40
    assert sorted(cards) == list(range(40))
    assert mask_of(cards) == ALL


def _check_views(state: State) -> None:
    deal = state.deal
    seats = GAME.seats(state)
    for seat in [None, *range(seats)]:
        view = GAME.view(state, seat)
        json.dumps(view)
        last = view.pop("last_deal")
        if last is not None:
            assert last["deal"] < view["deal"] or view["step"] == "over"
        text = json.dumps(view)
        for i, other in enumerate(deal.seats):
            hand = deal.hands[i] & state.remaining
            if other == seat:
                assert view["hand"] == [CARD_TEXT[c] for c in range(40) if hand >> c & 1]
                continue
            for c in range(40):
                if hand >> c & 1:
                    assert f'"{CARD_TEXT[c]}"' not in text, (seat, CARD_TEXT[c])
        if seat is None or seat not in deal.seats:
            assert "hand" not in view
        if deal.laid != NO_CARD and seat != deal.dealer and state.step != 2:
            assert f'"{CARD_TEXT[deal.laid]}"' not in text
        assert ("legal_moves" in view) == (seat is not None and seat == GAME.to_move(state))


def _check_moves(state: State, rng: random.Random) -> list[Move]:
    legal = GAME.legal_moves(state)
    assert legal and len(set(legal)) == len(legal)
    for move in legal:
        GAME.apply(state, move)
        GAME.apply(state, GAME.move_json(move))
    others = [m for m in EVERY_MOVE if m not in legal]
    for move in rng.sample(others, min(4, len(others))):
        with pytest.raises(IllegalMove):
            GAME.apply(state, move)
    return legal


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**128 - 1),
    players=st.sampled_from([2, 3, 4]),
    eliminate_at=st.integers(min_value=3, max_value=9),
    two_tied_double=st.booleans(),
    max_deals=st.sampled_from([2, 500]),
)
def test_random_game(
    seed: int, players: int, eliminate_at: int, two_tied_double: bool, max_deals: int
) -> None:
    options = {
        "players": players,
        "eliminate_at": eliminate_at,
        "two_tied_double": two_tied_double,
        "max_deals": max_deals,
    }
    state = GAME.new(seed, **options)
    rng = random.Random(seed)
    moves = []
    while GAME.to_move(state) is not None:
        _check_cards(state)
        if len(moves) % 3 == 0:
            _check_views(state)
        if len(moves) % 7 == 0:
            assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
        move = rng.choice(_check_moves(state, rng))
        moves.append(GAME.move_json(move))
        state = GAME.apply(state, move)
    _check_views(state)
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.apply(state, PLAYS[0])
    assert GAME.legal_moves(state) == []
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state

    assert all(sum(r.taken) == DEAL_POINTS for r in state.match.history)
    assert len(state.match.history) == GAME.deals(state)
    result = GAME.result(state)
    assert result is not None
    assert len(result.places) == players and min(result.places) == 1
    out = result.detail["out_order"]
    assert len(set(out)) == len(out)
    if not result.detail["capped"]:
        assert len(out) == players - 1
    else:
        assert GAME.deals(state) == max_deals

    replay = GAME.new(seed, **options)
    for wire in moves:
        replay = GAME.apply(replay, GAME.parse_move(wire))
    assert replay == state
    record = GAME.record(state)
    recorded = [m["move"] for d in record["deals"] for m in d["moves"]]
    assert recorded == moves
    assert json.loads(json.dumps(record)) == record
    for deal in record["deals"]:
        assert sorted(c for hand in deal["hands"] for c in hand) == sorted(CARD_TEXT)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), players=st.sampled_from([2, 3, 4]))
def test_full_length_game(seed: int, players: int) -> None:
    state = GAME.new(seed, players=players)
    rng = random.Random(seed)
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    result = GAME.result(state)
    assert result is not None and len(result.detail["out_order"]) == players - 1
    assert all(sum(r.taken) == DEAL_POINTS for r in state.match.history)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state

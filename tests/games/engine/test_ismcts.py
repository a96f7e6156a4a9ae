"""The search house bot (``house:ismcts``): it reads only the view, its deals agree with what is
public, it plays legal moves through whole games, and it is deterministic given a seed."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine import strategies
from games.engine.buraco.cards import hand_add, hand_cards, hand_remove, parse_card
from games.engine.busca.cards import SUIT_MASK
from games.engine.strategies import ismcts_buraco, ismcts_busca
from games.engine.strategies.ismcts import policy
from games.engine.strategies.search import Budget, paired_search, search

BURACO = ("buraco-mano-a-mano", "buraco-cerrado")
FEW = Budget(iterations=24)


def _walk(name: str, seed: int, moves: int, **options: Any) -> Any:
    """Return the state after ``moves`` greedy/random moves of a seeded game (still running)."""
    game = engine.get(name)
    state = game.new(seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move(state)
        if seat is None:
            break
        view = game.view(state, seat)
        pick = "house:greedy" if rng.random() < 0.7 else "house:random"
        following = game.apply(state, strategies.choose(pick, name, view, view["legal_moves"], rng))
        if game.to_move(following) is None or game.deals(following) != game.deals(state):
            break
        state = following
    return state


def _busca_twin(state: Any) -> Any | None:
    """Return ``state`` with two unseen cards of one suit swapped between two other players."""
    deal = state.deal
    me = state.turn
    others = [i for i in range(len(deal.seats)) if i != me]
    for a in others:
        for b in others:
            if a >= b:
                continue
            hand_a = deal.hands[a] & state.remaining
            hand_b = deal.hands[b] & state.remaining
            for suit in range(4):
                ca = hand_a & SUIT_MASK[suit]
                cb = hand_b & SUIT_MASK[suit]
                if ca and cb:
                    x, y = ca & -ca, cb & -cb
                    hands = list(deal.hands)
                    hands[a] ^= x | y
                    hands[b] ^= x | y
                    return state._replace(deal=deal._replace(hands=tuple(hands)))
    return None


def _buraco_twin(state: Any) -> Any | None:
    """Return ``state`` with a card of the next seat's hand swapped with a different stock card."""
    other = (state.turn + 1) % len(state.hands)
    held = hand_cards(state.hands[other])
    for i, card in enumerate(state.stock):
        for mine in held:
            if mine != card:
                hand = hand_add(hand_remove(state.hands[other], mine), card)
                hands = list(state.hands)
                hands[other] = hand
                stock = list(state.stock)
                stock[i] = mine
                return state._replace(hands=tuple(hands), stock=tuple(stock))
    return None


def _twins(name: str) -> list[tuple[Any, Any]]:
    game = engine.get(name)
    pairs = []
    for seed in range(40):
        state = _walk(name, seed, 3 + seed % 20)
        twin = _busca_twin(state) if name == "busca" else _buraco_twin(state)
        if twin is None or len(game.legal_moves(state)) < 2:
            continue
        seat = game.to_move(state)
        assert game.view(state, seat) == game.view(twin, seat)  # same view, other hidden cards
        pairs.append((state, twin))
        if len(pairs) == 6:
            break
    return pairs


@pytest.mark.parametrize("name", ["busca", *BURACO])
def test_it_reads_no_hidden_card(name: str) -> None:
    game = engine.get(name)
    module: Any = ismcts_busca if name == "busca" else ismcts_buraco
    peeking_differs = False
    for state, twin in _twins(name):
        seat = game.to_move(state)
        view = game.view(state, seat)
        moves = view["legal_moves"]
        honest = [policy(name, FEW)(view, moves, random.Random(5)) for _ in (state, twin)]
        assert honest[0] == honest[1]
        # The control: a search that peeks at the true state can tell the twins apart, so the
        # positions are ones where hidden cards matter.
        peeks = [
            search(view, moves, random.Random(5), FEW, lambda v, r, s=s: s, module.simulate)
            for s in (state, twin)
        ]
        peeking_differs |= peeks[0] != peeks[1]
    assert peeking_differs


def _busca_consistent(state: Any, seed: int) -> None:
    game = engine.get("busca")
    seat = game.to_move(state)
    view = game.view(state, seat)
    dealt = ismcts_busca.determinize(view, random.Random(seed))
    assert ismcts_busca.consistent(dealt, view)
    assert game.legal_moves(dealt) == game.legal_moves(state)
    played, void, _ = ismcts_busca.public_facts(view)
    gone = sum(played.values())
    for i, s in enumerate(dealt.deal.seats):
        hand = dealt.deal.hands[i] & dealt.remaining
        assert not hand & gone  # played cards are gone
        assert not hand & void[s], (s, view["tricks"])  # no card of a suit they failed to follow
        if s != seat:
            # the hidden hand is a fresh deal, not the true one, in general
            assert hand.bit_count() == view["hand_sizes"][s]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 38), players=st.sampled_from([2, 3, 4]))
def test_busca_deals_agree_with_the_public_record(seed: int, moves: int, players: int) -> None:
    _busca_consistent(_walk("busca", seed, moves, players=players), seed)


def test_busca_voids_are_respected_when_they_bind() -> None:
    # A position where an opponent showed a void: every deal keeps that suit out of their hand.
    checked = 0
    for seed in range(200):
        state = _walk("busca", seed, 30)
        view = engine.get("busca").view(state, engine.get("busca").to_move(state))
        _, void, _ = ismcts_busca.public_facts(view)
        if any(void[s] for s in void if s != view["seat"]):
            for k in range(5):
                _busca_consistent(state, k)
            checked += 1
        if checked == 5:
            break
    assert checked == 5


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120), name=st.sampled_from(BURACO))
def test_buraco_deals_agree_with_the_public_record(seed: int, moves: int, name: str) -> None:
    game = engine.get(name)
    state = _walk(name, seed, moves)
    seat = game.to_move(state)
    view = game.view(state, seat)
    dealt = ismcts_buraco.determinize(view, random.Random(seed))
    seen = game.view(dealt, seat)
    for key in ("hand", "hand_sizes", "melds", "stock", "muertos", "step", "taken"):
        assert seen[key] == view[key], key
    assert seen["pile"] == view["pile"]  # top and size (and every card where the pile is open)
    assert sorted(map(str, seen["legal_moves"])) == sorted(map(str, view["legal_moves"]))
    for other, cards in enumerate(view["pile_cards_held"]):  # taken with the pile: still held
        if other != seat:
            hand = list(hand_cards(dealt.hands[other]))
            for card in cards:
                hand.remove(parse_card(card))


def test_buraco_deals_keep_the_cards_another_seat_took_with_the_pile() -> None:
    game = engine.get("buraco-mano-a-mano")
    checked = 0
    for seed in range(60):
        state = _walk("buraco-mano-a-mano", seed, 60)
        seat = game.to_move(state)
        view = game.view(state, seat)
        held = view["pile_cards_held"][1 - seat]
        if len(held) < 3:
            continue
        for draw in range(5):
            dealt = ismcts_buraco.determinize(view, random.Random(draw))
            hand = list(hand_cards(dealt.hands[1 - seat]))
            for card in held:
                hand.remove(parse_card(card))  # ValueError if the deal put it elsewhere
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("busca", {"players": 4, "eliminate_at": 3}),
        ("busca", {"players": 3, "eliminate_at": 2}),
        ("buraco-mano-a-mano", {"deals": 1}),
        ("buraco-cerrado", {"deals": 1}),
    ],
)
def test_it_plays_legal_moves_through_whole_games(name: str, options: dict[str, Any]) -> None:
    game = engine.get(name)
    state = game.new(11, **options)
    search_bot = policy(name, Budget(iterations=6))
    rng = random.Random(1)
    moves = 0
    while (seat := game.to_move(state)) is not None:
        view = game.view(state, seat)
        legal = view["legal_moves"]
        if seat % 2 == 0:
            move = search_bot(view, legal, rng)
            moves += 1
        else:
            move = strategies.choose("house:greedy", name, view, legal, rng)
        assert move in legal
        state = game.apply(state, move, seat=seat)
    assert game.result(state) is not None and moves > 10


@pytest.mark.parametrize("name", ["busca", *BURACO])
def test_it_is_deterministic_given_a_seed(name: str) -> None:
    game = engine.get(name)
    chosen = []
    for seed in range(12):
        state = _walk(name, seed, 5 + seed)
        view = game.view(state, game.to_move(state))
        runs = {
            str(policy(name, FEW)(view, view["legal_moves"], random.Random(seed))) for _ in "ab"
        }
        assert len(runs) == 1
        chosen.append(runs.pop())
    assert len(set(chosen)) > 1


@pytest.mark.parametrize("name", ["busca", *BURACO])
def test_the_levels_are_house_strategies(name: str) -> None:
    assert {"house:ismcts", "house:ismcts-fast"} <= set(strategies.names())
    game = engine.get(name)
    state = _walk(name, 3, 4)
    view = game.view(state, game.to_move(state))
    move = strategies.choose("house:ismcts-fast", name, view, view["legal_moves"], random.Random(1))
    assert move in view["legal_moves"]


@pytest.mark.parametrize("name", BURACO)
def test_buraco_search_keeps_greedys_move_unless_another_does_better(name: str) -> None:
    game = engine.get(name)
    for seed in range(6):
        state = _walk(name, seed, 9 + seed)
        view = game.view(state, game.to_move(state))
        legal = view["legal_moves"]
        moves = ismcts_buraco.candidates(view, legal)
        greedy = strategies.choose("house:greedy", name, view, legal, random.Random(0))
        assert moves[0] == greedy and all(m in legal for m in moves)
        assert len(moves) == len({str(m) for m in moves})
        flat = paired_search(
            view,
            legal,
            random.Random(1),
            FEW,
            ismcts_buraco.determinize,
            lambda s, m, seat, r: 0.5,
            ismcts_buraco.candidates,
        )
        assert flat == greedy  # ties go to greedy's move
        if len(moves) > 1:
            last = moves[-1]
            picked = paired_search(
                view,
                legal,
                random.Random(1),
                FEW,
                ismcts_buraco.determinize,
                lambda s, m, seat, r, last=last: 1.0 if m == last else 0.0,
                ismcts_buraco.candidates,
            )
            assert picked == last


def test_busca_reward_ranks_buscas_first_then_points() -> None:
    """The rollout's reward is the deal's finishing order: any Busca costs more than all 40
    points, and between equal Buscas fewer points score higher (the ladders' comparisons)."""
    reward = ismcts_busca.reward
    assert reward(0, 0) == 1.0
    ordered = [(b, p) for b in range(4) for p in range(41)]  # best first: fewer Buscas, points
    values = [reward(b, p) for b, p in ordered]
    assert all(a > b for a, b in itertools.pairwise(values))

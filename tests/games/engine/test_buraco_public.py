"""The cards every seat knows another holds: those it took with a shown pile (public.py)."""

from __future__ import annotations

import random
from collections import Counter

from games import engine
from games.engine import strategies
from games.engine.buraco import CERRADO, MANO_A_MANO
from games.engine.buraco.cards import hand_cards
from games.engine.buraco.public import pile_cards_held


def test_a_pile_take_is_known_until_the_cards_are_played() -> None:
    game = MANO_A_MANO
    state = game.new(3)
    # Random play drawing only from the stock until a seat can take a pile of 3 or more.
    for _ in range(200):
        view = game.view(state, game.to_move(state))
        takes = [m for m in view["legal_moves"] if m.get("draw") == "pile"]
        if takes and view["pile"]["size"] >= 3:
            break
        legal = [m for m in view["legal_moves"] if m.get("draw") != "pile"]
        move = strategies.choose("house:random", game.name, view, legal, random.Random(1))
        state = game.apply(state, move)
    else:
        raise AssertionError("no pile take came up")
    taker = game.to_move(state)
    pile = view["pile"]["cards"]
    take = takes[0]
    used = Counter(take.get("meld") or take["cards"])
    state = game.apply(state, take)
    expected = Counter(pile[:-1])
    # The cards melded from the hand are not from the pile, the top went to the meld.
    for watcher in (taker, 1 - taker, None):
        seen = game.view(state, watcher)["pile_cards_held"]
        assert Counter(seen[taker]) == expected
        assert seen[1 - taker] == []
    assert used[pile[-1]] >= 1
    # Every card listed is really in the taker's hand.
    hand_now = Counter(game.view(state, taker)["hand"])
    assert not Counter(pile[:-1]) - hand_now
    # Play on (no more pile takes): every card the taker plays comes off its list.
    rng = random.Random(2)
    changed = False
    while game.to_move(state) is not None and game.deals(state) == 1 and expected:
        seat = game.to_move(state)
        view = game.view(state, seat)
        legal = [m for m in view["legal_moves"] if m.get("draw") != "pile"] or view["legal_moves"]
        move = strategies.choose("house:greedy", game.name, view, legal, rng)
        state = game.apply(state, move)
        if seat == taker and "draw" not in move:
            played = Counter(
                [move["discard"]] if "discard" in move else move.get("meld") or move["cards"]
            )
            changed = changed or bool(expected & played)
            expected = expected - played
        if game.deals(state) == 1:
            assert Counter(game.view(state, 1 - taker)["pile_cards_held"][taker]) == expected
    assert changed


def test_whole_deals_keep_the_list_inside_the_hand() -> None:
    known = 0
    for name in ("buraco-mano-a-mano", "buraco-cerrado"):
        game = engine.get(name)
        for seed in range(4):
            state = game.new(seed, deals=1)
            rng = random.Random(seed)
            while (seat := game.to_move(state)) is not None:
                for s, held in enumerate(pile_cards_held(state)):
                    assert not held - Counter(hand_cards(state.hands[s])), (name, seed, s)
                    if name == "buraco-cerrado":
                        assert not held  # only the top is shown, and it goes into a meld
                    known += sum(held.values())
                view = game.view(state, seat)
                state = game.apply(
                    state, strategies.choose("house:greedy", name, view, view["legal_moves"], rng)
                )
    assert known > 20  # Mano a mano's takes were followed
    assert CERRADO.rules.pile_shown is False

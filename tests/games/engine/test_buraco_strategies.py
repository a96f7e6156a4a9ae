"""The greedy house strategy beats random play clearly in both variants."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games import engine
from games.engine.strategies.buraco import choose_greedy, choose_random


def _match(name: str, seed: int) -> tuple[int, int]:
    game = engine.get(name)
    rng = random.Random(seed)
    state = game.new(seed, deals=1)
    while (seat := game.to_move(state)) is not None:
        view = game.view(state, seat)
        legal = view["legal_moves"]
        choose = choose_greedy if seat % 2 == 0 else choose_random
        move = choose(view, legal, rng)
        assert move in legal
        state = game.apply(state, game.parse_move(move))
    totals = game.view(state, None)["totals"]
    return totals[0], totals[1]


@pytest.mark.parametrize("name", ["buraco-cerrado", "buraco-mano-a-mano"])
def test_greedy_beats_random(name: str) -> None:
    results = [_match(name, seed) for seed in range(16)]
    wins = sum(1 for greedy, other in results if greedy > other)
    assert wins >= 13, results
    assert sum(g for g, _ in results) > sum(o for _, o in results) + 16 * 200


def test_greedy_only_returns_legal_moves_from_every_seat() -> None:
    game = engine.get("buraco-mano-a-mano")
    rng = random.Random(4)
    state = game.new(4, deals=1)
    while (seat := game.to_move(state)) is not None:
        view = game.view(state, seat)
        move = choose_greedy(view, view["legal_moves"], rng)
        state = game.apply(state, game.parse_move(move))
    assert game.result(state) is not None


def _decisions_digest() -> str:
    """Digest every decision of greedy (all seats) and the search's candidate list over a few
    one-deal matches of each variant."""
    from games.engine.strategies.ismcts_buraco import candidates

    record = hashlib.sha256()
    for name in ("buraco-cerrado", "buraco-mano-a-mano"):
        game = engine.get(name)
        for seed in range(10):
            rng = random.Random(seed)
            state = game.new(seed, deals=1)
            while (seat := game.to_move(state)) is not None:
                view = game.view(state, seat)
                move = choose_greedy(view, view["legal_moves"], rng)
                shortlist = candidates(view, view["legal_moves"])
                record.update(json.dumps([move, shortlist], sort_keys=True).encode())
                state = game.apply(state, game.parse_move(move))
    return record.hexdigest()


def test_greedy_decides_as_it_always_has() -> None:
    """Speeding greedy up must not change one decision: house bots are ladder anchors, and a
    bot author's results against them stay comparable over time."""
    assert _decisions_digest() == DIGEST


DIGEST = "1146c2b9a58657307f923b63b1d7fefcb56343ed925fbcf80bb397d5f8e37a8b"  # 2026-12-07

"""The house policies for Busca play legal moves, and greedy clearly beats random."""

from __future__ import annotations

import random

from games.engine.busca import GAME
from games.engine.strategies.busca import choose_greedy, choose_random


def _play(seed: int, greedy_seat: int, players: int = 4) -> tuple[int, ...]:
    state = GAME.new(seed, players=players, eliminate_at=12)
    rng = random.Random(seed)
    while (seat := GAME.to_move(state)) is not None:
        view = GAME.view(state, seat)
        policy = choose_greedy if seat == greedy_seat else choose_random
        move = policy(view, view["legal_moves"], rng)
        assert move in view["legal_moves"]
        state = GAME.apply(state, move, seat=seat)
    result = GAME.result(state)
    assert result is not None
    return result.places


def test_greedy_beats_random() -> None:
    places = [_play(seed, seed % 4)[seed % 4] for seed in range(40)]
    mean = sum(places) / len(places)
    assert mean < 2.0, (mean, places)


def test_greedy_plays_three_and_two_player_games() -> None:
    for seed in range(6):
        _play(seed, seed % 3, players=3)
        _play(seed, seed % 2, players=2)

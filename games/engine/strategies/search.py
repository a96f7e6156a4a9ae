"""Determinized search from one seat's view: the shared loop of ``house:ismcts``.

Each iteration deals the unseen cards anew, consistently with everything public in the view
(a *determinization*), picks a root move by UCB1 over the statistics of every iteration so far,
plays it in that determinization and plays on with a fast rollout policy; the result of the
rollout (from the searching seat's side) is credited to the root move. The statistics live on
the information set (the view), not on any one deal: this is Information Set MCTS with its tree
cut to the root (Cowling, Powley and Whitehouse 2012, "determinized UCT" at depth one), the
same strategy-fusion-free shape as PIMC with UCB1 sampling of the moves.

The search never sees the state: only ``view`` and ``legal_moves`` (wire JSON). It is
deterministic given the ``rng`` it is passed, as long as the budget is a number of iterations;
a time budget (ms) makes the number of iterations depend on the machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.base import JSON

Move = dict[str, JSON]
# (view, rng) -> an engine state dealt consistently with the view
Determinize = Callable[[dict[str, JSON], random.Random], Any]
# (state, root move in wire form, searching seat, rng) -> reward in [0, 1] for that seat
Simulate = Callable[[Any, Move, int, random.Random], float]


@dataclass(frozen=True)
class Budget:
    """How long to search: ``iterations`` if set, else ``ms`` of wall-clock time."""

    ms: float = 200.0
    iterations: int | None = None


EXPLORATION = 0.7
MARGIN = 0.01  # paired search: the mean reward another candidate needs over the first
# (view, legal moves) -> the moves worth searching, the policy's own choice first
Candidates = Callable[[dict[str, JSON], list[Move]], list[Move]]


def search(
    view: dict[str, JSON],
    legal_moves: list[Move],
    rng: random.Random,
    budget: Budget,
    determinize: Determinize,
    simulate: Simulate,
) -> Move:
    """Return the legal move with the best mean reward over the budget's iterations."""
    if len(legal_moves) == 1:
        return legal_moves[0]
    local = random.Random(rng.getrandbits(64))
    seat = int(view["seat"])
    count = len(legal_moves)
    visits = [0] * count
    total = [0.0] * count
    start = time.perf_counter()
    done = 0
    while True:
        if budget.iterations is not None:
            if done >= budget.iterations:
                break
        elif done >= count and (time.perf_counter() - start) * 1000 >= budget.ms:
            break
        if done < count:
            pick = done  # every move once first
        else:
            log_n = math.log(done)
            pick = max(
                range(count),
                key=lambda i: total[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
            )
        state = determinize(view, local)
        reward = simulate(state, legal_moves[pick], seat, local)
        visits[pick] += 1
        total[pick] += reward
        done += 1
    best = max(range(count), key=lambda i: (total[i] / visits[i] if visits[i] else -1.0, -i))
    return legal_moves[best]


def paired_search(
    view: dict[str, JSON],
    legal_moves: list[Move],
    rng: random.Random,
    budget: Budget,
    determinize: Determinize,
    simulate: Simulate,
    candidates: Candidates,
) -> Move:
    """Return the candidate with the best mean reward, every candidate played out on the same
    determinizations with the same random numbers (PIMC with common random numbers).

    The first candidate (the default policy's move) is kept unless another one beats it: ties go
    to it. The budget counts rollouts (``iterations``) or time; at least one determinization is
    always played.
    """
    moves = candidates(view, legal_moves)
    if len(moves) == 1:
        return moves[0]
    local = random.Random(rng.getrandbits(64))
    seat = int(view["seat"])
    total = [0.0] * len(moves)
    start = time.perf_counter()
    rollouts = 0
    while True:
        if rollouts and (
            rollouts + len(moves) > budget.iterations
            if budget.iterations is not None
            else (time.perf_counter() - start) * 1000 >= budget.ms
        ):
            break
        state = determinize(view, local)
        seed = local.getrandbits(64)
        for i, move in enumerate(moves):
            total[i] += simulate(state, move, seat, random.Random(seed))
        rollouts += len(moves)
    runs = rollouts // len(moves)
    best = max(range(len(moves)), key=lambda i: (total[i], -i))
    if total[best] - total[0] <= MARGIN * runs:
        return moves[0]  # not clearly better than the default policy's move
    return moves[best]

"""House-bot policies, by name: ``house:random``, ``house:greedy``, ``house:ismcts`` (search,
200 ms a move) and ``house:ismcts-fast`` (search, 40 ms a move) for every game.

A policy sees what its seat sees: ``choose(game, view, legal_moves, rng) -> move`` takes the
seat's view and the legal moves in wire form (JSON) and returns one of those moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module

from games.engine.base import JSON
from games.engine.strategies import ismcts

Policy = Callable[[dict[str, JSON], list[dict[str, JSON]], random.Random], dict[str, JSON]]

# game name -> module of its policies (each offers choose_random and choose_greedy)
_MODULES = {
    "busca": "games.engine.strategies.busca",
    "buraco-cerrado": "games.engine.strategies.buraco",
    "buraco-mano-a-mano": "games.engine.strategies.buraco",
}
NAMES = ("house:random", "house:greedy", "house:ismcts", "house:ismcts-fast")


def names() -> list[str]:
    """Return the names of the house strategies."""
    return list(NAMES)


def is_search(name: str) -> bool:
    """Tell whether ``name`` searches (it thinks for a budget of time on every move)."""
    return name in ismcts.LEVELS


def get(name: str, game: str) -> Policy:
    """Return the policy ``name`` (e.g. ``"house:greedy"``) for ``game``."""
    if name not in NAMES:
        raise KeyError(f"unknown strategy {name!r}; known: {', '.join(NAMES)}")
    if game not in _MODULES:
        raise KeyError(f"no house strategies for game {game!r}")
    if name in ismcts.LEVELS:
        search: Policy = ismcts.policy(game, ismcts.LEVELS[name])
        return search
    policy: Policy = getattr(import_module(_MODULES[game]), f"choose_{name.split(':', 1)[1]}")
    return policy


def choose(
    name: str,
    game: str,
    view: dict[str, JSON],
    legal_moves: list[dict[str, JSON]],
    rng: random.Random,
) -> dict[str, JSON]:
    """Return the move policy ``name`` picks from ``legal_moves``."""
    return get(name, game)(view, legal_moves, rng)

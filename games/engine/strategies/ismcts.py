"""``house:ismcts`` and ``house:ismcts-fast``: determinized search for every game.

``policy(game, budget)`` returns a policy with the same signature as ``house:greedy``:
``(view, legal_moves, rng) -> move``. It reads only the view and the legal moves.
"""

from __future__ import annotations

import random
from functools import partial
from importlib import import_module

from games.engine.base import JSON
from games.engine.strategies.search import Budget, Move, paired_search, search

# level name -> budget; the default is 200 ms a move on one core
LEVELS = {
    "house:ismcts": Budget(ms=200.0),
    "house:ismcts-fast": Budget(ms=40.0),
}

_MODULES = {
    "busca": "games.engine.strategies.ismcts_busca",
    "buraco-cerrado": "games.engine.strategies.ismcts_buraco",
    "buraco-mano-a-mano": "games.engine.strategies.ismcts_buraco",
}


def _choose(
    game: str,
    budget: Budget,
    view: dict[str, JSON],
    legal_moves: list[Move],
    rng: random.Random,
) -> Move:
    module = import_module(_MODULES[game])
    if hasattr(module, "candidates"):
        return paired_search(
            view, legal_moves, rng, budget, module.determinize, module.simulate, module.candidates
        )
    return search(view, legal_moves, rng, budget, module.determinize, module.simulate)


def policy(game: str, budget: Budget) -> partial[Move]:
    """Return the search policy for ``game`` with ``budget`` (KeyError for an unknown game)."""
    if game not in _MODULES:
        raise KeyError(f"no search strategy for game {game!r}")
    return partial(_choose, game, budget)

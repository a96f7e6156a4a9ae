"""One house decision from a dumped state: what a child process runs for a search seat.

Pure engine code (no Django), so a worker process of its own can import it quickly.
"""

from __future__ import annotations

import random
from typing import Any

from games import engine
from games.engine import strategies
from games.engine.base import JSON


def decide(game: str, snapshot: dict[str, JSON], seat: int, rng_key: str, name: str) -> JSON:
    """Return the wire move strategy ``name`` picks for ``seat`` in the dumped state."""
    rules = engine.get(game)
    return decide_in(game, rules.load(snapshot), seat, rng_key, name)


def decide_in(game: str, state: Any, seat: int, rng_key: str, name: str) -> JSON:
    """Return the wire move strategy ``name`` picks for ``seat`` in ``state``: the strategy sees
    that seat's view and the legal moves only, and ``state`` is left as it was."""
    rules = engine.get(game)
    wire = [rules.move_json(move) for move in rules.legal_moves(state)]
    view = rules.view(state, seat)
    return strategies.choose(name, game, view, wire, random.Random(rng_key))

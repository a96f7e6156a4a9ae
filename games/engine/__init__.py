"""The rules of the platform's games: a pure library (no Django, no I/O, no global random state).

>>> from games import engine
>>> game = engine.get("busca")
>>> state = game.new(seed=7)
>>> state = game.apply(state, game.legal_moves(state)[0])
"""

from __future__ import annotations

from importlib import import_module

from games.engine.base import JSON, EngineError, Game, IllegalMove, InvalidMove, Result

__all__ = ["JSON", "EngineError", "Game", "IllegalMove", "InvalidMove", "Result", "get", "names"]

# name -> (module, attribute); modules load on first use so importing the package stays cheap.
_REGISTRY: dict[str, tuple[str, str]] = {
    "busca": ("games.engine.busca", "GAME"),
    "buraco-cerrado": ("games.engine.buraco", "CERRADO"),
    "buraco-mano-a-mano": ("games.engine.buraco", "MANO_A_MANO"),
}


def names() -> list[str]:
    """Return the registered game names."""
    return list(_REGISTRY)


def get(name: str) -> Game:
    """Return the game registered under ``name``; raise KeyError for an unknown name."""
    try:
        module, attribute = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_REGISTRY)}") from None
    game: Game = getattr(import_module(module), attribute)
    return game

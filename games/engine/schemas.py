"""The JSON Schemas (draft 2020-12) of every game's view and moves, and a ``oneOf`` over them.

Pure data: each game's schema is written by hand beside its engine (``busca/schema.py``,
``buraco/schema.py``). ``GET /api/v1/games/<game>/schema`` serves ``game_schema(game)``; the
OpenAPI schema takes the same definitions as components (platform/web/api_components.py).
"""

from __future__ import annotations

from typing import Any

from games.engine.buraco import schema as buraco
from games.engine.busca import schema as busca

DIALECT = "https://json-schema.org/draft/2020-12/schema"
DEFS: dict[str, Any] = {**busca.DEFS, **buraco.DEFS}
# Each game: the names of its view and its move in DEFS.
GAMES: dict[str, tuple[str, str]] = {
    "busca": ("BuscaView", "BuscaMove"),
    "buraco-cerrado": ("BuracoCerradoView", "BuracoMove"),
    "buraco-mano-a-mano": ("BuracoManoAManoView", "BuracoMove"),
}
GAME_NAMES = list(GAMES)
DEFS["AnyView"] = {
    "description": "the view of any game (its `game` field tells which)",
    "oneOf": [{"$ref": f"#/$defs/{view}"} for view, _ in GAMES.values()],
}
DEFS["AnyMove"] = {
    "description": "a move of any game",
    "anyOf": [{"$ref": f"#/$defs/{move}"} for move in dict.fromkeys(m for _, m in GAMES.values())],
}


def _needed(name: str, found: set[str]) -> set[str]:
    """Return ``name`` and every definition it refers to, directly or not."""
    if name in found:
        return found
    found.add(name)
    stack: list[Any] = [DEFS[name]]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                _needed(ref.removeprefix("#/$defs/"), found)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def game_schema(game: str) -> dict[str, Any]:
    """Return the schema document of one game: its view, its move and what they use.

    Raise KeyError for an unknown game.
    """
    view, move = GAMES[game]
    names = _needed(view, set()) | _needed(move, set())
    return {
        "$schema": DIALECT,
        "$id": f"/api/v1/games/{game}/schema",
        "title": f"{game}: view and moves",
        "type": "object",
        "required": ["view", "move"],
        "properties": {"view": {"$ref": f"#/$defs/{view}"}, "move": {"$ref": f"#/$defs/{move}"}},
        "$defs": {name: DEFS[name] for name in sorted(names)},
    }


def all_schema() -> dict[str, Any]:
    """Return one document holding every definition (``AnyView``, ``AnyMove`` included)."""
    return {"$schema": DIALECT, "$defs": DEFS}

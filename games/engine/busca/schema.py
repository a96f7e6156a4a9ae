"""JSON Schema (draft 2020-12) of Busca's view and moves: pure data, written by hand.

``games/engine/schemas.py`` gathers the games; ``GET /api/v1/games/busca/schema`` publishes it.
"""

from __future__ import annotations

from typing import Any

from games.engine.busca.scoring import WHY_CODES

SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 3}
MAYBE_SEAT: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0, "maximum": 3}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
CARD: dict[str, Any] = {
    "type": "string",
    "pattern": "^[4567JQKA23][CDHS]$",
    "description": "rank (4 5 6 7 J Q K A 2 3, weakest first) then suit (C D H S), e.g. 7S",
}
PER_SEAT: dict[str, Any] = {"type": "array", "items": {"type": ["integer", "null"]}}


def _object(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [name for name in properties if name not in optional],
        "properties": properties,
        "additionalProperties": False,
    }


MOVE: dict[str, Any] = {
    "description": 'a move: {"play": card}, or the 3-player dealer\'s {"lay": card}',
    "oneOf": [
        {**_object({"play": {"$ref": "#/$defs/BuscaCard"}}), "title": "BuscaPlayMove"},
        {**_object({"lay": {"$ref": "#/$defs/BuscaCard"}}), "title": "BuscaLayMove"},
    ],
}
PLAYED: dict[str, Any] = _object({"seat": SEAT, "card": {"$ref": "#/$defs/BuscaCard"}})
TRICK: dict[str, Any] = _object(
    {
        "leader": SEAT,
        "cards": {"type": "array", "items": {"$ref": "#/$defs/BuscaPlayed"}},
        "winner": SEAT,
        "points": COUNT,
    }
)
DEAL_SUMMARY: dict[str, Any] = _object(
    {
        "deal": COUNT,
        "dealer": SEAT,
        "seats": {"type": "array", "items": SEAT},
        "tricks": {"type": "array", "items": {"$ref": "#/$defs/BuscaTrick"}},
        "last_trick_winner": SEAT,
        "laid": {"oneOf": [{"$ref": "#/$defs/BuscaCard"}, {"type": "null"}]},
        "points": PER_SEAT,
        "buscas": PER_SEAT,
        "why": {
            "type": "array",
            "items": {"oneOf": [{"enum": list(WHY_CODES)}, {"type": "null"}]},
        },
        "out": {"type": "array", "items": SEAT},
    }
)
OPTIONS: dict[str, Any] = _object(
    {
        "players": {"type": "integer", "minimum": 2, "maximum": 4},
        "eliminate_at": COUNT,
        "two_tied_double": {"type": "boolean"},
        "max_deals": COUNT,
    }
)
RESULT: dict[str, Any] = _object(
    {
        "places": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "out_order": {"type": "array", "items": SEAT},
        "deals": COUNT,
        "capped": {"type": "boolean"},
    }
)
VIEW: dict[str, Any] = {
    **_object(
        {
            "game": {"const": "busca"},
            "seat": MAYBE_SEAT,
            "seats": {"type": "integer", "minimum": 2, "maximum": 4},
            "options": {"$ref": "#/$defs/BuscaOptions"},
            "step": {"enum": ["play", "lay", "over"]},
            "deal": COUNT,
            "dealer": SEAT,
            "in_deal": {"type": "array", "items": SEAT},
            "to_move": MAYBE_SEAT,
            "first_trick": {"type": "boolean"},
            "trick": _object(
                {
                    "leader": MAYBE_SEAT,
                    "cards": {"type": "array", "items": {"$ref": "#/$defs/BuscaPlayed"}},
                }
            ),
            "tricks": {"type": "array", "items": {"$ref": "#/$defs/BuscaTrick"}},
            "points": PER_SEAT,
            "totals": {"type": "array", "items": {"type": "integer"}},
            "hand_sizes": PER_SEAT,
            "out": {
                "type": "array",
                "items": _object({"seat": SEAT, "deal": COUNT, "total": {"type": "integer"}}),
            },
            "last_deal": {"oneOf": [{"$ref": "#/$defs/BuscaDealSummary"}, {"type": "null"}]},
            "hand": {"type": "array", "items": {"$ref": "#/$defs/BuscaCard"}},
            "laid": {"$ref": "#/$defs/BuscaCard"},
            "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/BuscaMove"}},
            "result": {"oneOf": [{"$ref": "#/$defs/BuscaResult"}, {"type": "null"}]},
        },
        optional=("hand", "laid", "legal_moves"),
    ),
    "title": "BuscaView",
    "description": "what one seat (or a spectator: seat null) may see of a Busca game; "
    "`hand` only to a seat in the deal, `laid` only to its dealer, `legal_moves` only to the "
    "seat to move",
}
DEFS: dict[str, Any] = {
    "BuscaCard": CARD,
    "BuscaMove": MOVE,
    "BuscaPlayed": PLAYED,
    "BuscaTrick": TRICK,
    "BuscaDealSummary": DEAL_SUMMARY,
    "BuscaOptions": OPTIONS,
    "BuscaResult": RESULT,
    "BuscaView": VIEW,
}

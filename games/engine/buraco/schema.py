"""JSON Schema (draft 2020-12) of Buraco's view and moves, for each variant: pure data, by hand.

The variants differ in the seats (4 or 2) and in the pile: mano-a-mano shows all its cards.
``games/engine/schemas.py`` gathers the games; ``GET /api/v1/games/<game>/schema`` publishes it.
"""

from __future__ import annotations

from typing import Any

SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 3}
MAYBE_SEAT: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0, "maximum": 3}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
CARD: dict[str, Any] = {
    "type": "string",
    "pattern": "^([A2-9TJQK][CDHS]|JK)$",
    "description": "rank (A 2-9 T J Q K) then suit (C D H S), or JK for a joker",
}
CARDS: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/BuracoCard"}}
SOME_CARDS: dict[str, Any] = {**CARDS, "minItems": 1}
END: dict[str, Any] = {"enum": ["low", "high"]}


def _object(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [name for name in properties if name not in optional],
        "properties": properties,
        "additionalProperties": False,
    }


def _titled(title: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "title": title}


MOVE: dict[str, Any] = {
    "description": "a move: draw (stock, or the pile with the meld or addition it allows), "
    "meld, add to a meld of your side, or discard",
    "oneOf": [
        _titled("BuracoDrawStockMove", _object({"draw": {"const": "stock"}})),
        _titled("BuracoPileMeldMove", _object({"draw": {"const": "pile"}, "meld": SOME_CARDS})),
        _titled(
            "BuracoPileAddMove",
            _object({"draw": {"const": "pile"}, "add": COUNT, "cards": SOME_CARDS, "end": END}),
        ),
        _titled("BuracoMeldMove", _object({"meld": SOME_CARDS})),
        _titled("BuracoAddMove", _object({"add": COUNT, "cards": SOME_CARDS, "end": END})),
        _titled("BuracoDiscardMove", _object({"discard": {"$ref": "#/$defs/BuracoCard"}})),
    ],
}
MELD: dict[str, Any] = _object(
    {
        "number": COUNT,
        "cards": CARDS,
        "kind": {"enum": ["sequence", "sucia", "limpia", "de mil"]},
        "points": {"type": "integer"},
        "bonus": COUNT,
        "wild": {
            "description": "the wild: its index in cards and the card it stands for",
            "oneOf": [
                {"type": "null"},
                _object({"at": COUNT, "for": {"$ref": "#/$defs/BuracoCard"}}),
            ],
        },
    }
)
SIDE_SCORE: dict[str, Any] = _object(
    {
        name: {"type": "integer"}
        for name in ("melded", "canastas", "hand", "close", "muerto", "total")
    }
)
DEAL_SCORES: dict[str, Any] = _object(
    {
        "scores": {"type": "array", "items": {"$ref": "#/$defs/BuracoSideScore"}},
        "closer": MAYBE_SEAT,
    }
)
OPTIONS: dict[str, Any] = _object(
    {
        "target": COUNT,
        "deals": {"type": ["integer", "null"], "minimum": 1},
        "joker_points": COUNT,
        "pile_wilds": {"type": "boolean"},
        "close_needs": {"enum": ["any", "limpia"]},
        "max_deals": COUNT,
    }
)
RESULT: dict[str, Any] = _object(
    {
        "places": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "totals": {"type": "array", "items": {"type": "integer"}},
        "deals": COUNT,
    }
)
PILE: dict[str, Any] = _object(
    {
        "top": {"oneOf": [{"$ref": "#/$defs/BuracoCard"}, {"type": "null"}]},
        "size": COUNT,
        "cards": CARDS,
    },
    optional=("cards",),
)


def view(name: str, seats: int, pile_shown: bool) -> dict[str, Any]:
    """Return the schema of a variant's view (``name``: the game, e.g. buraco-cerrado)."""
    pile = {**PILE, "required": ["top", "size", "cards"]} if pile_shown else PILE
    per_seat = {"minItems": seats, "maxItems": seats}
    return {
        **_object(
            {
                "game": {"const": name},
                "seat": MAYBE_SEAT,
                "seats": {"const": seats},
                "sides": {"type": "array", "items": {"type": "array", "items": SEAT}},
                "deal": COUNT,
                "dealer": SEAT,
                "step": {"enum": ["draw", "play", "over"]},
                "to_move": MAYBE_SEAT,
                "hand": {"oneOf": [CARDS, {"type": "null"}]},
                "hand_sizes": {"type": "array", "items": COUNT, **per_seat},
                "melds": {
                    "type": "array",
                    "items": {"type": "array", "items": {"$ref": "#/$defs/BuracoMeld"}},
                    "minItems": 2,
                    "maxItems": 2,
                },
                "pile": pile,
                "stock": COUNT,
                "muertos": {"type": "array", "items": {"enum": ["waiting", "taken", "stock"]}},
                "totals": {"type": "array", "items": {"type": "integer"}},
                "scores": {"type": "array", "items": {"type": "integer"}, **per_seat},
                "target": COUNT,
                "options": {"$ref": "#/$defs/BuracoOptions"},
                "last_deal": {"oneOf": [{"$ref": "#/$defs/BuracoDealScores"}, {"type": "null"}]},
                "taken": CARDS,
                "pile_cards_held": {"type": "array", "items": CARDS, **per_seat},
                "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/BuracoMove"}},
                "result": {"oneOf": [{"$ref": "#/$defs/BuracoResult"}, {"type": "null"}]},
            }
        ),
        "description": "what one seat (or a spectator: seat null, hand null) may see; `taken` "
        "and `legal_moves` are empty except for the seat to move; `pile_cards_held` lists, per "
        "seat, the cards it took with a shown pile this deal and has not played since",
    }


DEFS: dict[str, Any] = {
    "BuracoCard": CARD,
    "BuracoMove": MOVE,
    "BuracoMeld": MELD,
    "BuracoSideScore": SIDE_SCORE,
    "BuracoDealScores": DEAL_SCORES,
    "BuracoOptions": OPTIONS,
    "BuracoResult": RESULT,
    "BuracoCerradoView": {**view("buraco-cerrado", 4, False), "title": "BuracoCerradoView"},
    "BuracoManoAManoView": {
        **view("buraco-mano-a-mano", 2, True),
        "title": "BuracoManoAManoView",
    },
}

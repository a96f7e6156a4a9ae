"""Moves: the compact tuples the engine uses and their JSON wire form (DESIGN.md)."""

from __future__ import annotations

from typing import Any

from games.engine.base import InvalidMove
from games.engine.buraco.cards import card_text, parse_card
from games.engine.buraco.melds import ENDS
from games.engine.buraco.state import Move

STOCK, PILE_MELD, PILE_ADD, MELD, ADD, DISCARD = range(6)
NO_CARDS: tuple[int, ...] = ()
DRAW_STOCK: Move = (STOCK, NO_CARDS, -1, -1)


def discard(card: int) -> Move:
    """Return the move that discards ``card``."""
    return (DISCARD, (card,), -1, -1)


def move_json(move: Move) -> dict[str, Any]:
    """Return the wire form of a move."""
    kind, cards, number, end = move
    texts = [card_text(card) for card in cards]
    if kind == STOCK:
        return {"draw": "stock"}
    if kind == PILE_MELD:
        return {"draw": "pile", "meld": texts}
    if kind == PILE_ADD:
        return {"draw": "pile", "add": number, "cards": texts, "end": ENDS[end]}
    if kind == MELD:
        return {"meld": texts}
    if kind == ADD:
        return {"add": number, "cards": texts, "end": ENDS[end]}
    return {"discard": texts[0]}


def _cards(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise InvalidMove(f'"{field}" must be a non-empty list of cards such as ["5H", "6H"]')
    try:
        return tuple(parse_card(text) for text in value)
    except ValueError as error:
        raise InvalidMove(str(error)) from None


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidMove(f'"add" must be a meld number (0, 1, ...), not {value!r}')
    return value


def _end(obj: dict[str, Any]) -> int:
    if "end" not in obj:
        raise InvalidMove('an addition needs "end": "low" or "high"')
    if obj["end"] not in ENDS:
        raise InvalidMove(f'"end" must be "low" or "high", not {obj["end"]!r}')
    return ENDS.index(obj["end"])


def _shape(obj: dict[str, Any], keys: set[str]) -> None:
    if set(obj) != keys:
        raise InvalidMove(
            f"a move with keys {sorted(obj)} is malformed; expected exactly {sorted(keys)}"
        )


def parse_move(obj: Any) -> Move:
    """Return the move of a wire object; raise InvalidMove if it is malformed."""
    if not isinstance(obj, dict):
        raise InvalidMove(f"a move is a JSON object, not {type(obj).__name__}")
    if "draw" in obj:
        if obj["draw"] == "stock":
            _shape(obj, {"draw"})
            return DRAW_STOCK
        if obj["draw"] != "pile":
            raise InvalidMove(f'"draw" must be "stock" or "pile", not {obj["draw"]!r}')
        if "meld" in obj:
            _shape(obj, {"draw", "meld"})
            return (PILE_MELD, _cards(obj["meld"], "meld"), -1, -1)
        if "add" in obj:
            end = _end(obj)
            _shape(obj, {"draw", "add", "cards", "end"})
            return (PILE_ADD, _cards(obj.get("cards"), "cards"), _number(obj["add"]), end)
        raise InvalidMove('a pile take needs "meld" or "add" to justify it')
    if "meld" in obj:
        _shape(obj, {"meld"})
        return (MELD, _cards(obj["meld"], "meld"), -1, -1)
    if "add" in obj:
        end = _end(obj)
        _shape(obj, {"add", "cards", "end"})
        return (ADD, _cards(obj.get("cards"), "cards"), _number(obj["add"]), end)
    if "discard" in obj:
        _shape(obj, {"discard"})
        try:
            return discard(parse_card(obj["discard"]))
        except ValueError as error:
            raise InvalidMove(str(error)) from None
    raise InvalidMove('a move needs one of "draw", "meld", "add" or "discard"')

"""Every view, turn and legal move of real matches (all three games) fits its JSON Schema.

House bots play whole matches through the engines; at every turn each seat's view, the
spectator's view and every legal move are validated against games/engine/schemas.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema_rs import Draft202012Validator as Compiled

from games import engine
from games.engine import schemas, strategies
from tests.json_schemas import compiled, errors_of

# game, options, seed: small matches that still finish (Busca: 3 and 4 players).
MATCHES = [
    ("busca", {"players": 3, "max_deals": 3}, 1),
    ("busca", {"players": 4, "max_deals": 2}, 2),
    ("buraco-cerrado", {"deals": 1}, 3),
    ("buraco-mano-a-mano", {"deals": 1}, 4),
]


def validator(game: str, part: int) -> Compiled:
    """Return a validator of a game's view (part 0) or move (part 1), from its published doc."""
    doc = schemas.game_schema(game)
    Draft202012Validator.check_schema(doc)
    name = schemas.GAMES[game][part]
    return compiled({"$defs": doc["$defs"], "$ref": f"#/$defs/{name}"})


def any_view() -> Compiled:
    doc = schemas.all_schema()
    return compiled({"$defs": doc["$defs"], "$ref": "#/$defs/AnyView"})


def errors(check: Compiled, value: Any) -> list[str]:
    return errors_of(check, value)


@pytest.mark.parametrize(("game", "options", "seed"), MATCHES)
def test_a_whole_match_fits_the_schemas(game: str, options: dict[str, Any], seed: int) -> None:
    rules = engine.get(game)
    views, moves, mixed = validator(game, 0), validator(game, 1), any_view()
    state = rules.new(seed, **options)
    seats = rules.seats(state) if hasattr(rules, "seats") else options["players"]
    policy = strategies.get("house:greedy", game)
    rng = random.Random(seed)
    turns = steps = 0
    kinds: set[str] = set()
    while rules.to_move(state) is not None:
        assert turns < 3000, "the match did not end"
        for seat in [None, *range(seats)]:
            view = rules.view(state, seat)
            assert not errors(views, view), (turns, seat, errors(views, view)[:3])
            steps += 1
        assert not errors(mixed, view)
        legal = [rules.move_json(m) for m in rules.legal_moves(state)]
        for move in legal:
            assert not errors(moves, move), (turns, move)
            kinds |= set(move)
        mover = rules.to_move(state)
        move = policy(rules.view(state, mover), legal, rng)
        state = rules.apply(state, rules.parse_move(move))
        turns += 1
    final = rules.view(state, 0)
    assert final["result"] is not None
    assert not errors(views, final)
    assert turns > 10 and steps > 40
    assert kinds  # the moves seen are of the kinds the schema names
    if game == "busca" and options["players"] == 3:
        assert "lay" in kinds
    if game.startswith("buraco"):
        assert {"draw", "discard"} <= kinds


def test_the_schemas_refuse_what_is_wrong() -> None:
    """The schemas are strict: a wrong card, a stray key or another game's view fails."""
    busca = validator("busca", 1)
    assert not errors(busca, {"play": "7S"})
    assert errors(busca, {"play": "TS"})  # no tens in Busca
    assert errors(busca, {"play": "7S", "lay": "7S"})
    buraco = validator("buraco-cerrado", 1)
    assert not errors(buraco, {"add": 0, "cards": ["JK"], "end": "low"})
    assert errors(buraco, {"add": 0, "cards": ["JK"]})
    assert errors(buraco, {"draw": "pile"})
    state = engine.get("busca").new(5)
    view = engine.get("busca").view(state, 0)
    assert errors(validator("buraco-cerrado", 0), view)
    assert errors(validator("busca", 0), {**view, "secret": 1})
    assert not errors(any_view(), view)

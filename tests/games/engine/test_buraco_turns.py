"""Turn cases from fixed positions (data file): pile takes, going out, closing, the stock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import engine
from games.engine import IllegalMove
from games.engine.buraco.game import Buraco
from games.engine.buraco.position import position

CASES = json.loads((Path(__file__).parent / "data" / "buraco" / "turns.json").read_text())


def _game(name: str) -> Buraco:
    game = engine.get(name)
    assert isinstance(game, Buraco)
    return game


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_turn_case(case: dict[str, Any]) -> None:
    game = _game(case["game"])
    state = position(game, **case["position"])
    for obj in case.get("moves", []):
        state = game.apply(state, game.parse_move(obj))
    legal = [game.move_json(move) for move in game.legal_moves(state)]
    for obj in case.get("legal", []):
        assert obj in legal
    move = game.parse_move(case["move"])
    seat = state.turn
    if "illegal" in case:
        assert case["move"] not in legal
        with pytest.raises(IllegalMove) as raised:
            game.apply(state, move)
        assert str(raised.value) == case["illegal"]
        return
    assert case["move"] in legal
    after = game.apply(state, move)
    view = game.view(after, seat)
    expect = case["expect"]
    simple = {
        "step": "step",
        "to_move": "to_move",
        "hand": "hand",
        "taken": "taken",
        "muertos": "muertos",
        "stock": "stock",
    }
    for key, field in simple.items():
        if key in expect:
            assert view[field] == expect[key], key
    if "pile" in expect:
        assert view["pile"]["size"] == expect["pile"]
    if "hand_size" in expect:
        assert len(view["hand"]) == expect["hand_size"]
    if "melds" in expect:
        assert [[meld["cards"] for meld in side] for side in view["melds"]] == expect["melds"]
    if "scores" in expect:
        assert view["last_deal"]["scores"] == expect["scores"]
        assert view["last_deal"]["closer"] == expect["closer"]
    if "legal_has" in expect:
        assert expect["legal_has"] in [game.move_json(m) for m in game.legal_moves(after)]
    if "legal_exactly" in expect:
        moves = [game.move_json(m) for m in game.legal_moves(after)]
        assert sorted(map(json.dumps, moves)) == sorted(map(json.dumps, expect["legal_exactly"]))

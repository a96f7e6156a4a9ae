"""Fixed Busca positions from data/busca/*.json: expected legal moves, errors and results."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from games.engine import IllegalMove
from games.engine.busca import GAME, State, deal_from

DATA = Path(__file__).parent / "data" / "busca"
POSITIONS = sorted(DATA.glob("*.json"))


def _cards(moves: list[dict[str, Any]]) -> set[str]:
    return {card for move in moves for card in move.values()}


def _check(state: State, step: dict[str, Any]) -> None:
    seat = GAME.to_move(state)
    if "to_move" in step:
        assert seat == step["to_move"]
    view = GAME.view(state, seat)
    if "step" in step:
        assert view["step"] == step["step"]
    if "legal" in step:
        legal = [GAME.move_json(m) for m in GAME.legal_moves(state)]
        assert _cards(legal) == set(step["legal"])
        assert view["legal_moves"] == legal
    if "points" in step:
        assert view["points"] == step["points"]
    if "hand_sizes" in step:
        assert view["hand_sizes"] == step["hand_sizes"]
    if "dealer_sees_laid" in step:
        dealer = view["dealer"]
        assert GAME.view(state, dealer)["laid"] == step["dealer_sees_laid"]
        for other in [None, *(s for s in range(GAME.seats(state)) if s != dealer)]:
            other_view = GAME.view(state, other)
            assert "laid" not in other_view
            assert f'"{step["dealer_sees_laid"]}"' not in json.dumps(other_view)


def _finish(state: State, until: str) -> State:
    deal = state.deal.number
    while GAME.to_move(state) is not None and (until == "game" or state.deal.number == deal):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_position(path: Path) -> None:
    spec = json.loads(path.read_text())
    state = deal_from(
        spec["hands"], spec["dealer"], totals=spec.get("totals"), **spec.get("options", {})
    )
    for step in spec["steps"]:
        if "illegal" in step:
            with pytest.raises(IllegalMove, match=f"^{re.escape(step['error'])}$"):
                GAME.apply(state, step["illegal"], seat=step.get("seat"))
        elif "move" in step:
            move = GAME.parse_move(step["move"])
            if "public" in step:
                assert GAME.public_move(move) == step["public"]
            state = GAME.apply(state, move)
        _check(state, step)
    if "then" in spec:
        state = _finish(state, spec["then"])
    expect = spec.get("expect", {})
    view = GAME.view(state, None)
    for key, value in expect.get("last_deal", {}).items():
        assert view["last_deal"][key] == value, key
    if "totals" in expect:
        assert view["totals"] == expect["totals"]
    if "over" in expect:
        assert (GAME.to_move(state) is None) == expect["over"]
    for key in ("deal", "dealer"):
        if key in expect:
            assert view[key] == expect[key]
    if "places" in expect:
        result = GAME.result(state)
        assert result is not None
        assert list(result.places) == expect["places"]
        assert result.detail["capped"] == expect.get("capped", False)

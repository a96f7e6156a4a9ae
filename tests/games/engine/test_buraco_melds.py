"""Meld cases from a data file: kinds, wilds, aces, additions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.buraco import meld_kind
from games.engine.buraco.cards import parse_card
from games.engine.buraco.melds import ENDS, add_to, read_meld

DATA = json.loads((Path(__file__).parent / "data" / "buraco" / "melds.json").read_text())


def _codes(texts: list[str]) -> list[int]:
    return [parse_card(text) for text in texts]


def test_there_are_enough_meld_cases() -> None:
    assert len(DATA["melds"]) >= 60


@pytest.mark.parametrize("case", DATA["melds"], ids=lambda case: case["why"])
def test_meld_kind(case: dict[str, Any]) -> None:
    assert meld_kind(case["cards"]) == case["kind"]


@pytest.mark.parametrize("case", DATA["additions"], ids=lambda case: case["why"])
def test_addition(case: dict[str, Any]) -> None:
    meld = read_meld(_codes(case["meld"]))
    end = ENDS.index(case["end"])
    if case["result"] is None:
        with pytest.raises(ValueError):
            add_to(meld, _codes(case["cards"]), end)
        return
    after = add_to(meld, _codes(case["cards"]), end)
    assert list(after.cards()) == _codes(case["result"])
    assert after == read_meld(_codes(case["result"]))


def test_a_moved_same_suit_two_holds_no_wild() -> None:
    meld = add_to(read_meld(_codes(["3H", "4H", "2H"])), _codes(["5H"]), 0)
    assert meld.wild_pos == 0
    # so the meld may take a wild again
    assert add_to(meld, _codes(["JK"]), 1).wild_pos == 6


def test_meld_kind_rejects_non_strings() -> None:
    assert meld_kind([3, 4, 5]) is None  # type: ignore[list-item]

"""Which places a pairing's finishing order cuts, and when extra boards separate a tie."""

from __future__ import annotations

import pytest

from tournaments.formats.base import Outcome, Pairing, Settings, Standing
from tournaments.formats.ties import (
    apply_playoffs,
    contested,
    cut_positions,
    playoff_groups,
    resolve,
    separated,
    wilson,
)

BUSCA = Settings(game="busca", advance=2)
MANO = Settings(game="buraco-mano-a-mano")


@pytest.mark.parametrize(
    ("fmt", "pairing", "settings", "cuts"),
    [
        ("single_elimination", Pairing("W1-1", (1, 2), "winners"), MANO, {1}),
        ("double_elimination", Pairing("L2-1", (1, 2), "losers"), MANO, {1}),
        ("single_elimination", Pairing("W1-1", (1,), "winners"), MANO, set()),
        ("table_knockout", Pairing("T1-1", (1, 2, 3, 4), "table"), BUSCA, {2}),
        ("table_knockout", Pairing("T1-1", (1, 2, 3), "table"), Settings("busca", advance=3), {2}),
        ("table_knockout", Pairing("T3-1", (1, 2, 3, 4), "final"), BUSCA, {1, 2, 3}),
        ("swiss", Pairing("S1-1", (1, 2), "swiss"), MANO, set()),
        ("round_robin", Pairing("R1-1", (1, 2, 3, 4), "rr"), BUSCA, set()),
        ("swiss", Pairing("P2", (1, 2, 3), "playoff"), BUSCA, {1, 2}),
        ("swiss", Pairing("P3", (1, 2), "playoff"), MANO, {1}),
    ],
)
def test_cut_positions(fmt: str, pairing: Pairing, settings: Settings, cuts: set[int]) -> None:
    assert cut_positions(fmt, pairing, settings) == cuts


def test_only_ties_across_a_cut_are_contested() -> None:
    assert contested({1: 1, 2: 2, 3: 2, 4: 4}, frozenset({2})) == [[2, 3]]
    assert contested({1: 1, 2: 1, 3: 3, 4: 4}, frozenset({2})) == []  # both go through
    assert contested({1: 1, 2: 1, 3: 3, 4: 3}, frozenset({1, 2, 3})) == [[1, 2], [3, 4]]
    assert contested({1: 1, 2: 1, 3: 1, 4: 4}, frozenset({1, 2, 3})) == [[1, 2, 3]]


def test_wilson_interval_and_separation() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(4, 4)
    assert 0.5 < low < 0.52 and high == 1.0
    assert wilson(3, 3)[0] < 0.5
    boards = [{1: 1, 2: 2}] * 3 + [{1: 1, 2: 1}] * 5  # draws do not count
    assert not separated(1, 2, boards)
    assert separated(1, 2, boards + [{1: 1, 2: 2}])
    assert separated(2, 1, boards + [{1: 1, 2: 2}])


def test_resolve_orders_by_mean_place_and_keeps_level_entrants_tied() -> None:
    boards = [{5: 1, 6: 2, 7: 1}, {5: 1, 6: 3, 7: 2}]
    found = resolve([5, 6, 7], 2, frozenset({2}), boards)
    assert found.places == {5: 2, 7: 3, 6: 4}
    assert not found.separated
    level = resolve([5, 6], 1, frozenset({1}), [{5: 1, 6: 1}])
    assert level.places == {5: 1, 6: 1} and not level.separated
    clear = resolve([5, 6], 1, frozenset({1}), [{5: 2, 6: 1}] * 4)
    assert clear.places == {6: 1, 5: 2} and clear.separated


def test_playoffs_reorder_only_their_shared_rank() -> None:
    table = [Standing(1, 1), Standing(2, 2), Standing(3, 2), Standing(4, 2), Standing(5, 5)]
    assert playoff_groups(table, table=4) == [(2, [2, 3, 4])]
    assert playoff_groups(table, table=2) == []  # three do not fit a two-player table
    outcome = Outcome("P2", places={2: 3, 3: 1, 4: 1})
    done = apply_playoffs(table, [(Pairing("P2", (2, 3, 4), "playoff"), outcome)])
    assert [(s.entry, s.rank) for s in done] == [(1, 1), (3, 2), (4, 2), (2, 4), (5, 5)]

"""Buscas for one deal, elimination and places, checked in isolation."""

from __future__ import annotations

import pytest

from games.engine.busca import busca_count, deal_buscas
from games.engine.busca.scoring import buscas_why, eliminated, sport_places


@pytest.mark.parametrize(
    ("points", "buscas"),
    [(18, 1), (2, 1), (19, 2), (22, 2), (23, 3), (30, 10), (37, 17)],
)
def test_lone_top_scorer(points: int, buscas: int) -> None:
    assert busca_count(points) == buscas


@pytest.mark.parametrize(
    ("points", "buscas"),
    [
        ([23, 7, 5, 5], [3, 0, 0, 0]),
        ([1, 37, 1, 1], [0, 17, 0, 0]),
        ([18, 10, 8, 4], [1, 0, 0, 0]),
        ([5, 19, 10, 6], [0, 2, 0, 0]),
        ([10, 10, 10, 10], [4, 4, 4, 4]),
        ([11, 11, 11, 7], [3, 3, 3, 0]),
        ([19, 19, 1, 1], [4, 4, 0, 0]),
        ([20, 20, 0, 0], [0, 0, 2, 2]),
        ([35, 5, 0, 0], [0, 0, 2, 2]),
        ([39, 1, 0, 0], [0, 0, 2, 2]),
        ([30, 5, 5, 0], [0, 0, 0, 1]),
        ([40, 0, 0, 0], [0, 3, 3, 3]),
        ([0, 0, 40, 0], [3, 3, 0, 3]),
        # three players
        ([40, 0, 0], [0, 3, 3]),
        ([20, 20, 0], [0, 0, 1]),
        ([39, 1, 0], [0, 0, 1]),
        ([20, 10, 10], [2, 0, 0]),
        ([14, 13, 13], [1, 0, 0]),
        ([15, 15, 10], [2, 2, 0]),
        ([25, 10, 5], [5, 0, 0]),
        # two players
        ([40, 0], [0, 3]),
        ([20, 20], [4, 4]),
        ([21, 19], [2, 0]),
        ([39, 1], [19, 0]),
        ([1, 39], [0, 19]),
    ],
)
def test_deal_buscas(points: list[int], buscas: list[int]) -> None:
    assert deal_buscas(points) == buscas


@pytest.mark.parametrize(
    ("points", "buscas"),
    [([19, 19, 1, 1], [2, 2, 0, 0]), ([20, 20], [2, 2]), ([25, 5, 5, 5], [5, 0, 0, 0])],
)
def test_two_tied_single(points: list[int], buscas: list[int]) -> None:
    assert deal_buscas(points, two_tied_double=False) == buscas


@pytest.mark.parametrize("points", [[10, 10, 10], [41, 0, 0, -1], [40], [10] * 5])
def test_bad_points(points: list[int]) -> None:
    with pytest.raises(ValueError):
        deal_buscas(points)


@pytest.mark.parametrize(
    ("seats", "totals", "out"),
    [
        ([0, 1, 2, 3], [30, 31, 35, 12], [1, 2]),
        ([0, 1, 2, 3], [31, 34, 34, 33], [1, 2]),
        ([0, 1, 2, 3], [32, 32, 32, 32], []),
        ([0, 2], [40, 0, 40, 0], []),
        ([1, 3], [0, 33, 0, 31], [1]),
        ([0, 1, 2], [30, 30, 30], []),
    ],
)
def test_eliminated(seats: list[int], totals: list[int], out: list[int]) -> None:
    assert eliminated(seats, totals, 31) == out


def test_sport_places() -> None:
    assert sport_places([(0,), (1,), (1,), (2,)]) == [1, 2, 2, 4]
    assert sport_places([(3, 1), (3, 0), (1, 9)]) == [3, 2, 1]


@pytest.mark.parametrize(
    ("points", "why"),
    [
        ([40, 0, 0, 0], [None, "all", "all", "all"]),
        ([35, 5, 0, 0], [None, None, "none", "none"]),
        ([20, 10, 10], ["most", None, None]),
        ([15, 15, 10], ["tied", "tied", None]),
        ([10, 10, 10, 10], ["tied"] * 4),
        ([21, 19], ["most", None]),
    ],
)
def test_buscas_why_names_the_rule_that_gave_them(points: list[int], why: list[str | None]) -> None:
    assert buscas_why(points) == why
    # Exactly the players who got Buscas have a reason.
    assert [w is not None for w in why] == [b > 0 for b in deal_buscas(points)]

"""The uncertainty module: skill intervals, rank intervals, settled pairs, mean places."""

from __future__ import annotations

import math
import random

import pytest

from tournaments.ratings.uncertainty import (
    is_settled,
    mean_interval,
    rank_intervals,
    settled_pairs,
    skill_interval,
)


def test_the_skill_interval_is_mu_give_or_take_1_96_sigma() -> None:
    assert skill_interval(25.0, 2.0) == pytest.approx((21.08, 28.92))
    assert skill_interval(10.0, 0.0) == (10.0, 10.0)


def test_clearly_separated_ratings_each_hold_one_rank() -> None:
    ratings = [(20.0, 0.5), (40.0, 0.5), (30.0, 0.5), (10.0, 0.5)]  # not in rank order
    assert rank_intervals(ratings) == [(3, 3), (1, 1), (2, 2), (4, 4)]
    assert settled_pairs([(1, 1), (2, 2), (3, 3)]) == [True, True]


def test_identical_ratings_could_hold_any_rank() -> None:
    intervals = rank_intervals([(25.0, 8.0)] * 6)
    assert intervals == [(1, 6)] * 6
    assert settled_pairs(intervals) == [False] * 5 and not is_settled(intervals)


def test_close_ratings_overlap_and_far_ones_do_not() -> None:
    # Two close leaders, then a clear third: only the leaders' order is unsettled.
    intervals = rank_intervals([(30.0, 1.0), (29.5, 1.0), (10.0, 1.0)])
    assert intervals[:2] == [(1, 2), (1, 2)] and intervals[2] == (3, 3)
    assert settled_pairs(intervals) == [False, True]


def test_an_order_shown_against_the_skills_is_not_settled() -> None:
    # Shown first but surely weaker (a leaderboard orders by the cautious rating, not mu).
    intervals = rank_intervals([(10.0, 0.1), (30.0, 0.1)])
    assert intervals == [(2, 2), (1, 1)]
    assert settled_pairs(intervals) == [False]


def test_rank_intervals_are_deterministic_for_a_seed_and_stay_within_1_to_n() -> None:
    rng = random.Random(3)
    ratings = [(rng.uniform(10, 40), rng.uniform(0.5, 8)) for _ in range(40)]
    first = rank_intervals(ratings, draws=2000, seed=11)
    assert rank_intervals(ratings, draws=2000, seed=11) == first
    assert all(1 <= low <= high <= len(ratings) for low, high in first)
    # The seed is used: another seed moves some edges, each by a few ranks at most.
    other = rank_intervals(ratings, draws=2000, seed=12)
    assert other != first
    assert max(abs(a[i] - b[i]) for a, b in zip(first, other, strict=True) for i in (0, 1)) <= 3


def test_a_wider_sigma_gives_a_wider_rank_interval() -> None:
    field = [(20.0 + i, 1.0) for i in range(10)]
    narrow = rank_intervals([*field, (25.0, 0.5)])[-1]
    wide = rank_intervals([*field, (25.0, 10.0)])[-1]
    assert wide[1] - wide[0] > narrow[1] - narrow[0]


def test_edge_cases() -> None:
    assert rank_intervals([]) == [] and is_settled([])
    assert rank_intervals([(25.0, 8.0)]) == [(1, 1)] and settled_pairs([(1, 1)]) == []
    assert rank_intervals([(25.0, 0.0), (25.0, 0.0)], draws=1)[0][0] >= 1
    for bad in ({"draws": 0}, {"level": 1.0}, {"level": 0.0}):
        with pytest.raises(ValueError):
            rank_intervals([(25.0, 1.0)], **bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        rank_intervals([(25.0, -1.0)])
    with pytest.raises(ValueError):
        rank_intervals([(math.nan, 1.0)])


def test_fifty_rows_are_fast() -> None:
    import time

    rng = random.Random(5)
    ratings = [(rng.uniform(10, 40), rng.uniform(0.5, 8)) for _ in range(100)]
    started = time.perf_counter()
    rank_intervals(ratings, draws=1000)
    assert time.perf_counter() - started < 1.0  # ~0.04 s here; generous for a busy machine


def test_the_mean_place_interval_is_the_normal_approximation() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 2.0])
    sd = math.sqrt(((1 - 2) ** 2 + 0 + (3 - 2) ** 2 + 0) / 3)
    assert mean == 2.0
    assert (low, high) == pytest.approx((2 - 1.96 * sd / 2, 2 + 1.96 * sd / 2))
    # Cut to the places that exist.
    assert mean_interval([1.0, 1.0, 4.0], lowest=1, highest=4)[1] == 1
    assert mean_interval([3.0]) == (3.0, None, None)
    assert mean_interval([2.0, 2.0]) == (2.0, 2.0, 2.0)
    assert math.isnan(mean_interval([])[0])

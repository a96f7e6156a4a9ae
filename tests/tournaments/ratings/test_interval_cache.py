"""Rank intervals are sampled once per set of ratings (issue 20: 0.12 s of CPU per anonymous
request before), and a new rating is sampled afresh."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from tournaments.ratings import interval_cache
from tournaments.ratings.uncertainty import rank_intervals


@pytest.fixture(autouse=True)
def _empty() -> None:
    cache.clear()


def test_the_same_ratings_are_sampled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    def counted(ratings: Any, **kwargs: Any) -> list[tuple[int, int]]:
        calls.append(ratings)
        return rank_intervals(ratings, **kwargs)

    monkeypatch.setattr(interval_cache, "rank_intervals", counted)
    board = [(30.0, 2.0), (25.0, 3.0), (24.5, 3.0)]
    first = interval_cache.rank_intervals_cached(board, draws=500, seed=3)
    again = [interval_cache.rank_intervals_cached(board, draws=500, seed=3) for _ in range(20)]
    assert all(answer == first for answer in again) and len(calls) == 1
    assert first == rank_intervals(board, draws=500, seed=3)
    moved = [(30.0, 2.0), (25.0, 3.0), (26.5, 2.9)]  # a game was rated: a new version
    assert interval_cache.rank_intervals_cached(moved, draws=500, seed=3) == rank_intervals(
        moved, draws=500, seed=3
    )
    assert len(calls) == 2

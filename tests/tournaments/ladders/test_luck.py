"""tournaments.ladders.luck: the luck of a bot's hands, and words only where the numbers say so."""

from __future__ import annotations

import pytest

from tournaments.ladders.luck import luck_summary


def sums(values: list[float]) -> tuple[float, float, int]:
    return sum(values), sum(v * v for v in values), len(values)


def test_no_duplicate_deal_is_unknown() -> None:
    summary = luck_summary(0.0, 0.0, 0)
    assert summary["verdict"] == "unknown" and summary["mean"] is None


def test_clearly_good_hands_read_better_and_bad_ones_worse() -> None:
    good = luck_summary(*sums([1.0, 1.5, 0.8, 1.2, 1.1, 0.9]))
    assert good["verdict"] == "better" and good["words"] == "dealt better hands than average"
    assert good["low"] > 0 and good["mean"] == pytest.approx(1.08, abs=0.01)
    bad = luck_summary(*sums([-1.0, -1.5, -0.8, -1.2]))
    assert bad["verdict"] == "worse" and bad["high"] < 0


def test_noise_and_a_single_deal_read_average() -> None:
    assert luck_summary(*sums([3.0]))["verdict"] == "average"  # one deal: no interval
    mixed = luck_summary(*sums([2.0, -2.0, 1.0, -1.5, 0.5]))
    assert mixed["verdict"] == "average" and mixed["low"] < 0 < mixed["high"]

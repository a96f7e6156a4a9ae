"""Means with 95% confidence intervals (normal approximation, sample standard deviation)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal


@dataclass(frozen=True)
class Estimate:
    """A sample mean and the half-width of its 95% confidence interval."""

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half


def mean_ci(values: Sequence[float]) -> Estimate:
    """Return the mean of ``values`` and its 95% interval, mean +- 1.96 s / sqrt(n).

    With one value the interval is unknown: its half-width is infinite.
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(variance / n), n)

"""The fair-play statistics (tournaments/fairplay/stats.py): the empirical null of the points
given, and what it changes for honest and colluding pairs."""

from __future__ import annotations

import random

import pytest

from tournaments.fairplay.stats import (
    EMPIRICAL_MIN,
    GiftTally,
    PairEvidence,
    benjamini_hochberg,
    empirical_null,
    gift_z,
    pair_test,
    pair_tests,
)


def test_too_few_scores_keep_the_theoretical_null() -> None:
    assert empirical_null([5.0] * (EMPIRICAL_MIN - 1)) == (0.0, 1.0)


def test_the_null_is_the_median_and_the_scaled_mad_never_below_one() -> None:
    wide = [-6.0, -4.0, -2.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    centre, scale = empirical_null(wide)
    assert centre == 2.0
    assert scale == pytest.approx(1.4826 * 4.0)
    assert empirical_null([0.1] * 10) == (0.1, 1.0)
    assert empirical_null([float("nan")] * 20) == (0.0, 1.0)


def _tally(rng: random.Random, shift: float) -> GiftTally:
    """A tally whose gift z is about ``-shift``: X gives Y that much less (a standard error is
    0.2 with 100 cards of spread 1 in each of the four cells)."""
    tally = GiftTally()
    for cell, mean in zip(tally.cells(), (-0.2 * shift, 0.0, 0.0, 0.0), strict=True):
        for _ in range(100):
            cell.add(mean + rng.gauss(0.0, 1.0))
    return tally


def _evidence(rng: random.Random, shift: float) -> PairEvidence:
    return PairEvidence(meetings=20, deals=200, x_to_y=_tally(rng, shift), y_to_x=_tally(rng, 0.0))


def test_an_overdispersed_honest_field_is_not_flagged_but_its_outlier_is() -> None:
    rng = random.Random(3)
    # Honest pairs whose gift z scores spread about 4 wide, as honest bots' do.
    honest = [_evidence(rng, rng.gauss(0.0, 4.0)) for _ in range(27)]
    scores = [gift_z(e.x_to_y) for e in honest]
    assert max(abs(z) for z in scores if z is not None) > 4.0  # the textbook null would flag
    theoretical = [pair_test(e).p for e in honest]
    assert any(benjamini_hochberg(theoretical, 0.05)[0])
    tested = pair_tests(honest)
    assert not any(benjamini_hochberg([t.p for t in tested], 0.05)[0])
    # A pact far outside that spread still stands out.
    pact = _evidence(rng, 40.0)
    field = pair_tests([*honest, pact])
    assert benjamini_hochberg([t.p for t in field], 0.05)[0][-1]

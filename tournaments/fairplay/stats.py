"""The statistics of the fair-play report, as a pure library (no Django, no engine).

The report (``tournaments.fairplay.services``) and the collusion benchmark
(``bench.fair_play``) feed the same evidence into the same tests, so the benchmark measures
exactly what the report shows (docs/fair-play.md).

For one pair of owners X and Y:

- **Head to head.** In each shared match where both finished on different sides and not in a
  shared place, X either placed above Y (1) or below (0). The ratings before the match predict
  ``P(X above Y)`` (``win_probability``: OpenSkill's Plackett-Luce model for two). The count
  of X's wins is tested against that Poisson-binomial law (``poisson_binomial_test``: exact up
  to ``EXACT_MAX`` meetings, a z test on the rating residual above); with one probability for
  every meeting it is the exact binomial test.
- **Points given (Busca).** In every trick of a shared deal that X did not win, X's card carried
  some penalty points to the trick's winner. ``GiftTally`` collects those points, split by
  whether Y won the trick or someone else at the table did, and the same for the other players'
  cards; ``gift_test`` is a one-sided z test on the difference in differences
  (``gift_difference``): does X give Y less? Honest play does not look at who wins a trick, so
  X gives Y, beyond what everyone gives Y, what it gives the rest of its tables; a bot that
  spares its partner (or dumps on the partner's rivals) gives its partner less. (Giving Y more
  is no help to Y, so it is no sign of a pact between X and Y.)
- **An empirical null for the points given.** Honest bots do not play blind to who wins a
  trick (a greedy bot ducks under the winning card, and who holds the winning card is no
  accident), so the difference in differences of two honest bots is not centred on zero, and
  over hundreds of deals its z score strays far from N(0, 1): the collusion benchmark flagged
  half of its honest fields with the theoretical null. ``pair_tests`` therefore reads the null
  from the report's own pairs, as large-scale testing does (Efron's empirical null): each gift
  z is centred on the median of every tested pair's gift z and scaled by their spread (1.4826
  times the median absolute deviation, never below 1), once there are ``EMPIRICAL_MIN`` of
  them; a colluding pair stands out from its field, honest pairs do not.
- The pair's p-value is the smallest of its tests times their number (Bonferroni within the
  pair); ``benjamini_hochberg`` then flags pairs across the report at false-discovery rate q.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

BETA = 25.0 / 6.0  # OpenSkill's default performance spread (mu 25, sigma 25/3)
EXACT_MAX = 400  # meetings up to which the head-to-head test is exact
MIN_TRICKS = 5  # tricks each side of a gift comparison needs before it is tested
EMPIRICAL_MIN = 8  # gift z scores a report needs before it reads the null from them


def normal_lower(z: float) -> float:
    """Return P(Z <= z) for a standard normal Z."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def normal_two_sided(z: float) -> float:
    """Return P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def win_probability(mu_x: float, sigma_x: float, mu_y: float, sigma_y: float) -> float:
    """Return P(X places above Y) as OpenSkill's Plackett-Luce model gives it for two teams."""
    c = math.sqrt(sigma_x**2 + sigma_y**2 + 2.0 * BETA**2)
    return 1.0 / (1.0 + math.exp(-(mu_x - mu_y) / c))


def binomial_pmf(k: int, n: int, p: float) -> float:
    """Return P(K = k) for K ~ Binomial(n, p)."""
    if not 0 <= k <= n:
        return 0.0
    return math.comb(n, k) * p**k * (1.0 - p) ** (n - k)


def binomial_test(k: int, n: int, p: float) -> float:
    """Return the exact two-sided p-value of ``k`` successes in ``n`` trials of probability
    ``p``: the probability of every outcome no likelier than ``k`` (as R's ``binom.test``)."""
    return poisson_binomial_test(k, [p] * n)


def poisson_binomial_pmf(probabilities: Sequence[float]) -> list[float]:
    """Return P(K = k) for k = 0..n, K the number of successes of independent trials."""
    pmf = [1.0]
    for p in probabilities:
        nxt = [0.0] * (len(pmf) + 1)
        for k, mass in enumerate(pmf):
            nxt[k] += mass * (1.0 - p)
            nxt[k + 1] += mass * p
        pmf = nxt
    return pmf


def poisson_binomial_test(k: int, probabilities: Sequence[float]) -> float:
    """Return the two-sided p-value of ``k`` successes in trials of the given probabilities.

    Exact (outcomes no likelier than ``k``) up to ``EXACT_MAX`` trials; above, a z test on the
    residual ``k - sum(p)`` over ``sqrt(sum(p (1 - p)))``.
    """
    n = len(probabilities)
    if n == 0:
        return 1.0
    if n > EXACT_MAX:
        mean = sum(probabilities)
        variance = sum(p * (1.0 - p) for p in probabilities)
        if variance <= 0.0:
            return 1.0 if k == round(mean) else 0.0
        return normal_two_sided((k - mean) / math.sqrt(variance))
    pmf = poisson_binomial_pmf(probabilities)
    observed = pmf[k] * (1.0 + 1e-7)  # R's relative tolerance for equally likely outcomes
    return min(1.0, sum(mass for mass in pmf if mass <= observed))


@dataclass
class Cell:
    """Count, sum and sum of squares of the points of some cards."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, points: float) -> None:
        self.n += 1
        self.total += points
        self.squares += points * points

    @property
    def mean(self) -> float | None:
        return self.total / self.n if self.n else None

    @property
    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))


@dataclass
class GiftTally:
    """The penalty points of cards played into tricks someone else won, at the deals a giver X
    and a receiver Y shared, in four cells: X's cards in tricks Y won (``to``) and in tricks
    the rest of the table won (``rest``); the other players' cards in tricks Y won
    (``others_to``) and in tricks the rest won (``others_rest``; neither X nor Y involved)."""

    to: Cell = field(default_factory=Cell)
    rest: Cell = field(default_factory=Cell)
    others_to: Cell = field(default_factory=Cell)
    others_rest: Cell = field(default_factory=Cell)

    def cells(self) -> tuple[Cell, Cell, Cell, Cell]:
        return self.to, self.rest, self.others_to, self.others_rest


def gift_difference(tally: GiftTally) -> float | None:
    """Return how much less (negative) or more X gives Y a trick than it gives the rest of its
    tables, beyond what everyone else gives Y more or less than the rest (a difference in
    differences: a receiver that simply takes richer tricks, as a random player does, is no
    sign of anything)."""
    means = [cell.mean for cell in tally.cells()]
    if any(mean is None for mean in means):
        return None
    to, rest, others_to, others_rest = (float(m) for m in means)  # type: ignore[arg-type]
    return (to - rest) - (others_to - others_rest)


def gift_z(tally: GiftTally) -> float | None:
    """Return the z score of ``gift_difference`` (Welch: each cell's own variance), or None
    with fewer than ``MIN_TRICKS`` cards in any cell."""
    if any(cell.n < MIN_TRICKS for cell in tally.cells()):
        return None
    difference = gift_difference(tally)
    assert difference is not None
    se = math.sqrt(sum(cell.variance / cell.n for cell in tally.cells()))
    if se == 0.0:
        return 0.0 if difference == 0.0 else math.copysign(math.inf, difference)
    return difference / se


def gift_test(tally: GiftTally) -> float | None:
    """Return the one-sided p-value of ``gift_z`` (X gives Y less), None when there is too
    little to test."""
    z = gift_z(tally)
    return None if z is None else normal_lower(z)


@dataclass
class PairEvidence:
    """What two owners' shared matches say: head-to-head meetings and, in Busca, the points
    each gave the other against what it gave the rest of its tables."""

    meetings: int = 0  # shared matches, on different sides
    deals: int = 0  # Busca deals both played
    probabilities: list[float] = field(default_factory=list)  # P(X above Y), decided meetings
    wins: int = 0  # of those, the ones X placed above Y
    x_to_y: GiftTally = field(default_factory=GiftTally)
    y_to_x: GiftTally = field(default_factory=GiftTally)
    matches: list[int] = field(default_factory=list)

    def meet(self, probability: float | None, x_above: bool | None) -> None:
        """Count one shared match; ``x_above`` None for a shared place."""
        self.meetings += 1
        if x_above is not None and probability is not None:
            self.probabilities.append(probability)
            self.wins += bool(x_above)


@dataclass(frozen=True)
class PairTest:
    """The tests of one pair and their combination (Bonferroni within the pair)."""

    head_to_head_p: float | None
    expected_wins: float
    x_to_y_p: float | None
    x_to_y_z: float | None
    y_to_x_p: float | None
    y_to_x_z: float | None
    p: float  # the pair's p-value


def empirical_null(scores: Sequence[float]) -> tuple[float, float]:
    """Return the centre and the scale of the null that ``scores`` (gift z scores) show: their
    median and 1.4826 times their median absolute deviation, at least 1; (0, 1), the theoretical
    null, with fewer than ``EMPIRICAL_MIN`` scores."""
    finite = sorted(z for z in scores if math.isfinite(z))
    if len(finite) < EMPIRICAL_MIN:
        return 0.0, 1.0
    centre = _median(finite)
    spread = 1.4826 * _median(sorted(abs(z - centre) for z in finite))
    return centre, max(1.0, spread)


def _median(ordered: Sequence[float]) -> float:
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2.0


def pair_tests(evidences: Sequence[PairEvidence]) -> list[PairTest]:
    """Test every pair of a report (or a benchmark field) with the empirical null of its
    gift z scores (module docstring)."""
    scores = [
        z
        for evidence in evidences
        for z in (gift_z(evidence.x_to_y), gift_z(evidence.y_to_x))
        if z is not None
    ]
    null = empirical_null(scores)
    return [pair_test(evidence, null) for evidence in evidences]


def pair_test(evidence: PairEvidence, null: tuple[float, float] = (0.0, 1.0)) -> PairTest:
    """Run every test the evidence allows and combine them into the pair's p-value; the gift z
    scores are read against ``null`` (centre, scale)."""
    h2h = (
        poisson_binomial_test(evidence.wins, evidence.probabilities)
        if evidence.probabilities
        else None
    )
    centre, scale = null
    xy_z, yx_z = gift_z(evidence.x_to_y), gift_z(evidence.y_to_x)
    xy = None if xy_z is None else normal_lower((xy_z - centre) / scale)
    yx = None if yx_z is None else normal_lower((yx_z - centre) / scale)
    ran = [p for p in (h2h, xy, yx) if p is not None]
    combined = min(1.0, len(ran) * min(ran)) if ran else 1.0
    return PairTest(
        head_to_head_p=h2h,
        expected_wins=sum(evidence.probabilities),
        x_to_y_p=xy,
        x_to_y_z=xy_z,
        y_to_x_p=yx,
        y_to_x_z=yx_z,
        p=combined,
    )


def benjamini_hochberg(p_values: Sequence[float], q: float) -> tuple[list[bool], list[float]]:
    """Return which hypotheses Benjamini-Hochberg rejects at false-discovery rate ``q``, and
    each one's adjusted p-value (the smallest q at which it would be rejected)."""
    m = len(p_values)
    if m == 0:
        return [], []
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        adjusted[i] = min(1.0, running)
    cut = 0
    for rank, i in enumerate(order, start=1):
        if p_values[i] <= rank * q / m:
            cut = rank
    rejected = [False] * m
    for i in order[:cut]:
        rejected[i] = True
    return rejected, adjusted


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    phat = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (phat + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(phat * (1 - phat) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)

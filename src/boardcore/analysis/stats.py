"""The few statistics the tools report: means and rates with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from statistics import NormalDist

import msgspec

Z95 = 1.959963984540054


class Estimate(msgspec.Struct, frozen=True):
    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"


def joint_widening(comparisons: int) -> float:
    """How much wider each of `comparisons` 95% intervals must be for all of them to hold at once with 95%
    confidence (Bonferroni: each at 1 - 0.05/comparisons). What-if needs it wherever it reads one answer off
    many intervals: of thirteen alternatives as good as the decision taken, the best one's own interval
    excludes zero about one time in five by luck alone (tests/boardcore/test_whatif.py), each interval
    being right 95% of the time."""
    return NormalDist().inv_cdf(1 - 0.025 / max(1, comparisons)) / Z95


def mean_interval(values: Sequence[float]) -> Estimate:
    """Mean with a normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def rate_interval(successes: float, n: int) -> Estimate:
    """A proportion with its Wilson 95% interval (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom: exact below 30 (a table),
    then the Cornish-Fisher expansion about the normal (off by under 0.01% there). Small samples get
    the wider interval they deserve."""
    df = max(df, 1)
    if df < len(_T95):
        return _T95[df]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


@lru_cache(maxsize=4096)
def t_quantile(df: int, p: float) -> float:
    """The two-sided quantile of Student's t with `df` degrees of freedom: the t with P(|T| <= t) = p. Small
    samples read far into the tails once an interval is widened for many comparisons (Bonferroni over
    thirteen alternatives asks for p = 0.998): there the normal ratio that `joint_widening` gives
    understates a t interval from four pairs by a third. Below 100 degrees of freedom it inverts the exact
    distribution (Abramowitz and Stegun 26.7.3-4: a finite sum for whole degrees of freedom) by bisection;
    above, the Cornish-Fisher expansion about the normal, as `t95`."""
    df = max(df, 1)
    z = NormalDist().inv_cdf(0.5 + p / 2)
    if df >= 100:
        return _cornish_fisher(z, df)
    low, high = 0.0, max(1.0, 2 * _cornish_fisher(z, df))
    while _t_within(high, df) < p:
        high *= 2
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if _t_within(mid, df) < p else (low, mid)
    return (low + high) / 2


def _t_within(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with `df` (whole) degrees of freedom."""
    theta = math.atan(t / math.sqrt(df))
    c2, term = math.cos(theta) ** 2, 1.0
    if df % 2:                                  # odd: (2/pi)(theta + sin cos (1 + 2/3 cos^2 + ...))
        total = 1.0 if df > 1 else 0.0
        for k in range(2, df - 1, 2):
            term *= k / (k + 1) * c2
            total += term
        return 2 / math.pi * (theta + (math.sin(theta) * math.cos(theta) * total if df > 1 else 0.0))
    total = 1.0                                 # even: sin (1 + 1/2 cos^2 + 1.3/2.4 cos^4 + ...)
    for k in range(1, df - 2, 2):
        term *= k / (k + 1) * c2
        total += term
    return math.sin(theta) * total


def _cornish_fisher(z: float, df: int) -> float:
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


_T95 = (math.nan, 12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
        2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687,
        2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452)


def paired_interval(a: Sequence[float], b: Sequence[float], widen: float = 1.0) -> Estimate:
    """The mean of `a[k] - b[k]` with a 95% t interval: the difference of two things measured on the
    same random numbers (common random numbers), whose shared luck cancels out of each pair. `widen`
    widens it for a family of comparisons made at once (`joint_widening`: the normal interval's factor;
    a t interval goes as far into its own tail, `t_quantile`)."""
    diffs = _differences(a, b)
    n = len(diffs)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = sum(diffs) / n
    if n == 1:                  # no spread to measure (as mean_interval)
        return Estimate(mean, mean, mean, 1)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    # widened as a normal interval would be (`joint_widening`), at the t distribution's own tail
    quantile = t95(n - 1) if widen == 1.0 else t_quantile(n - 1, 2 * NormalDist().cdf(widen * Z95) - 1)
    half = quantile * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def paired_share_interval(a: Sequence[float], b: Sequence[float], widen: float = 1.0) -> Estimate:
    """The mean of `a[k] - b[k]` for shares in [0, 1] (a win, a loss, or a win split among the winners)
    measured in pairs, with Agresti and Min's 95% interval for matched proportions: the pairs are taken
    with two made-up pairs more, half a pair that only `a` won, half a pair that only `b` won and one
    pair alike. Where the pairs rarely differ (near the end of a game both alternatives win every
    rollout) a t interval on the differences has no spread to measure and claims certainty, [0, 0]
    from four pairs; this one still holds the true difference at least 95% of the time there, erring wide
    (tests/boardcore/test_whatif.py measures both).
    For win or loss outcomes it is exactly their adjusted Wald interval (Agresti & Min 2005); `mean`
    is the plain mean of the differences, the interval's centre is pulled a little towards zero."""
    diffs = _differences(a, b)
    n = len(diffs)
    if n == 0:
        return Estimate(0.0, -1.0, 1.0, 0)
    m = n + 2
    centre = sum(diffs) / m
    spread = (sum(d * d for d in diffs) + 1) / m - centre * centre
    half = Z95 * widen * math.sqrt(max(0.0, spread) / m)
    return Estimate(sum(diffs) / n, max(-1.0, centre - half), min(1.0, centre + half), n)


def _differences(a: Sequence[float], b: Sequence[float]) -> list[float]:
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")
    return [x - y for x, y in zip(a, b)]


def unpaired_interval(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The difference of the means of two independent samples with a 95% normal interval (Welch's
    standard error): what the difference is worth when the pairs are not matched."""
    na, nb = len(a), len(b)
    if not na or not nb:
        return Estimate(0.0, 0.0, 0.0, 0)
    ma, mb = sum(a) / na, sum(b) / nb
    if na < 2 or nb < 2:
        return Estimate(ma - mb, ma - mb, ma - mb, min(na, nb))
    va = sum((x - ma) ** 2 for x in a) / (na - 1)
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1)
    half = Z95 * math.sqrt(va / na + vb / nb)
    return Estimate(ma - mb, ma - mb - half, ma - mb + half, min(na, nb))

"""How well forecast probabilities match what happened: reliability bins, expected calibration error,
Brier score and its skill against a base rate. Used to check the win-probability model
(`boardcore.analysis.value`) on self-play games it was not fitted on (`tools/fit_value.py check`).

A forecast is a pair (p, y): the probability given and the result, 1 for a win, 0 for a loss, or a
share of a win between 0 and 1. Pure Python, no numpy: the samples are a few hundred thousand pairs.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

Forecast = tuple[float, float]


class Bin(msgspec.Struct, frozen=True):
    """One reliability bin: the forecasts with p in [low, high) (the last bin includes 1), how many,
    their mean forecast and the mean result."""

    low: float
    high: float
    count: int
    forecast: float
    observed: float


def reliability(forecasts: Sequence[Forecast], bins: int = 10) -> list[Bin]:
    """The forecasts in `bins` equal-width bins of p; empty bins are left out."""
    counts = [0] * bins
    sum_p = [0.0] * bins
    sum_y = [0.0] * bins
    for p, y in forecasts:
        k = min(bins - 1, int(p * bins))
        counts[k] += 1
        sum_p[k] += p
        sum_y[k] += y
    return [Bin(k / bins, (k + 1) / bins, counts[k], sum_p[k] / counts[k], sum_y[k] / counts[k])
            for k in range(bins) if counts[k]]


def expected_calibration_error(forecasts: Sequence[Forecast], bins: int = 10) -> float:
    """The bins' gaps between mean forecast and mean result, weighted by how many forecasts each holds."""
    total = len(forecasts)
    return sum(b.count * abs(b.forecast - b.observed) for b in reliability(forecasts, bins)) / total


def brier(forecasts: Sequence[Forecast]) -> float:
    """The mean squared difference between forecast and result (0 is perfect)."""
    return sum((p - y) ** 2 for p, y in forecasts) / len(forecasts)


def brier_skill(forecasts: Sequence[Forecast], reference: Sequence[Forecast]) -> float:
    """1 - Brier(forecasts) / Brier(reference) for the same results: above 0, better than the reference;
    1, perfect. A reference that is itself perfect leaves no skill to show: 0 then."""
    ref = brier(reference)
    return 1 - brier(forecasts) / ref if ref > 0 else 0.0


def base_rate_forecasts(forecasts: Sequence[Forecast], groups: Sequence[object]) -> list[Forecast]:
    """The reference for `brier_skill`: each forecast replaced by its group's mean result (a mode and a
    seat, say), the best constant forecast for that group in hindsight."""
    sums: dict[object, list[float]] = {}
    for (_, y), g in zip(forecasts, groups):
        s = sums.setdefault(g, [0.0, 0.0])
        s[0] += y
        s[1] += 1
    return [(sums[g][0] / sums[g][1], y) for (_, y), g in zip(forecasts, groups)]

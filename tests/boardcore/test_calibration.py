"""The calibration maths (`boardcore.analysis.calibration`) on small samples whose answers are worked out by hand."""

import pytest

from boardcore.analysis.calibration import (base_rate_forecasts, brier, brier_skill, expected_calibration_error,
                                            reliability)

# four forecasts of 0.25 of which one came true, two of 0.85 (0.8 and 0.9) of which both did
SAMPLE = [(0.25, 0.0), (0.25, 1.0), (0.25, 0.0), (0.25, 0.0), (0.8, 1.0), (0.9, 1.0)]


def test_reliability_bins_hold_their_forecasts():
    bins = reliability(SAMPLE)
    assert [(b.low, b.high, b.count) for b in bins] == [(0.2, 0.3, 4), (0.8, 0.9, 1), (0.9, 1.0, 1)]
    assert bins[0].forecast == pytest.approx(0.25) and bins[0].observed == pytest.approx(0.25)
    assert bins[2].forecast == pytest.approx(0.9) and bins[2].observed == 1.0


def test_a_certain_forecast_of_1_falls_in_the_last_bin():
    assert [(b.low, b.count) for b in reliability([(1.0, 1.0), (0.0, 0.0)], bins=4)] == [(0.0, 1), (0.75, 1)]


def test_expected_calibration_error_weighs_each_bin_by_its_forecasts():
    # the 0.25 bin is exact; 0.8 and 0.9 are off by 0.2 and 0.1, one forecast each out of six
    assert expected_calibration_error(SAMPLE) == pytest.approx((0.2 + 0.1) / 6)
    assert expected_calibration_error(SAMPLE, bins=2) == pytest.approx(2 * abs(0.85 - 1.0) / 6)


def test_brier_is_the_mean_squared_error():
    assert brier(SAMPLE) == pytest.approx((3 * 0.25 ** 2 + 0.75 ** 2 + 0.2 ** 2 + 0.1 ** 2) / 6)
    assert brier([(1.0, 1.0), (0.0, 0.0)]) == 0.0
    assert brier([(0.5, 0.5)]) == 0.0   # a shared win, forecast exactly


def test_base_rate_is_each_groups_mean_result():
    groups = ["a", "a", "b", "b"]
    forecasts = [(0.9, 1.0), (0.9, 0.0), (0.1, 1.0), (0.3, 1.0)]
    assert base_rate_forecasts(forecasts, groups) == [(0.5, 1.0), (0.5, 0.0), (1.0, 1.0), (1.0, 1.0)]


def test_brier_skill_against_the_base_rate():
    forecasts = [(0.8, 1.0), (0.2, 0.0), (0.6, 1.0), (0.4, 0.0)]
    reference = base_rate_forecasts(forecasts, [0] * 4)   # 0.5 each: Brier 0.25
    assert brier_skill(forecasts, reference) == pytest.approx(1 - (0.04 + 0.04 + 0.16 + 0.16) / 4 / 0.25)
    assert brier_skill(reference, reference) == 0.0
    assert brier_skill([(0.0, 1.0), (1.0, 0.0)], [(0.5, 1.0), (0.5, 0.0)]) == pytest.approx(-3.0)
    assert brier_skill([(1.0, 1.0)], [(1.0, 1.0)]) == 0.0   # nothing left to improve on

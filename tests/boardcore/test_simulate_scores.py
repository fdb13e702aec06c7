"""`simulate` reports a 0/1 score (a mission won or lost) as a rate: its interval stays in [0, 1]."""

from boardcore.analysis.simulate import score_interval


def test_a_won_or_lost_score_keeps_its_interval_within_0_and_1():
    estimate = score_interval([1.0] * 19 + [0.0])
    assert estimate.mean == 0.95 and 0.0 <= estimate.low and estimate.high <= 1.0


def test_other_scores_get_the_mean_s_normal_interval():
    estimate = score_interval([3.0, 5.0, 7.0])
    assert estimate.mean == 5.0 and estimate.low < 5.0 < estimate.high and estimate.high > 7.0 - 0.5

"""`check` reaches the endings play alone seldom reaches, from the positions each game builds near them
(`Rules.near_end`): a few games of each mode where random and bot play never got there. The full default
runs, where every ending must be reached at least ten times, are `test_check_defaults.py` (slow)."""

from __future__ import annotations

import pytest

from boardcore import games
from boardcore.analysis.check import check

REACHED = [
    # a hard Mission fulfilled (never in 40 turns of greedy play), and shared
    ("apogee", {"players": 2, "mission": 8}, ("AP-END-01 fulfilled", "AP-END-02 shared")),
    ("apogee", {"players": 1, "mission": 2}, ("AP-SOLO-11 won", "AP-SOLO-12 lost")),
    # DRANDA beaten, and a Sphere built before round 6
    ("solar-sphere", {"players": 1, "level": 3}, ("SS-SOLO-01 won", "SS-SOLO-01 lost")),
    ("solar-sphere", {"players": 3}, ("SS-FLOW-04 Sphere built", "SS-END-11 shared")),
    # the end of the Reputation Track, at once in solo and after the turn with others
    ("warlords", {"players": 1}, ("GW-SEND-02 reputation", "GW-SSCORE-05 won")),
    ("warlords", {"players": 4, "mode": "teams"}, ("GW-END-03 reputation",)),
]


@pytest.mark.parametrize("game, options, endings", REACHED, ids=lambda x: str(x))
def test_a_small_check_reaches_the_rare_endings(game, options, endings, tmp_path):
    rules = games.get(game)
    report = check(rules, rules.make_config(**options), games=10, seed=0, views=8, save_dir=tmp_path)
    assert report.ok, report.failure
    assert all(report.endings[label] for label in endings), report.endings
    assert 2 * report.by_rules >= report.games

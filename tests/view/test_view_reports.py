"""The simulate and what-if pages, on reports the tools make as they are: every seat or alternative
is drawn as a bar with its interval, and every figure of the report is in the page."""

from __future__ import annotations

import re
from html import escape
import xml.etree.ElementTree as ET

import msgspec

from boardcore import games
from boardcore.analysis.simulate import simulate
from boardcore.view import simulation_page, whatif_page
from boardcore.analysis.whatif import compare
from test_view_page import svgs_in, well_formed
from view_helpers import PICTURED, bot_game

NS = "{http://www.w3.org/2000/svg}"


def bars(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{NS}g") if "bar" in (g.get("class") or "")]


def test_a_simulation_page_draws_win_rates_and_scores_with_intervals():
    rules = games.get("toy-pig")
    report = simulate(rules, rules.make_config(players=3), ["random", "greedy", "random"], 12, seed=1)
    text = simulation_page(report)
    well_formed(text)
    charts = svgs_in(text)
    wins, scores, *histograms = (ET.fromstring(c) for c in charts)
    assert [c.get("aria-label") for c in (wins, scores)] == ["Win rate (95% interval)", "Mean score (95% interval)"]
    for chart, estimate in ((charts[0], "win_rate"), (charts[1], "score")):
        rows = bars(chart)
        assert len(rows) == 3
        for row, seat in zip(rows, report.seats):
            whiskers = [line for line in row.iter(f"{NS}line") if line.get("class") == "whisker"]
            low, high = float(whiskers[0].get("x1")), float(whiskers[0].get("x2"))
            bar = row.find(f"{NS}rect")
            end = float(bar.get("x")) + float(bar.get("width"))
            value = getattr(seat, estimate)
            assert low <= end + 0.11 and end <= high + 0.11            # the mean lies inside its interval
            assert (value.high > value.low) == (high > low)
    assert "P2 greedy" in text and f"{report.seats[1].win_rate.low:.1%}" in text
    assert len(histograms) == 3                                        # one score histogram per seat
    assert f"{report.decisions:,} decisions" in text


def test_every_game_s_score_is_counted_in_its_seat_s_histogram():
    rules = games.get("toy-pig")
    report = simulate(rules, rules.make_config(players=2), ["random", "random"], 6, seed=2)
    assert all(len(s.scores) == 6 for s in report.seats)               # simulate keeps every game's score
    scores = [[3.0, 5.0, 5.0, 9.0, 12.0, 0.0], [1.0, 1.0, 2.0, 8.0, 8.0, 8.0]]
    seats = [msgspec.structs.replace(s, scores=v) for s, v in zip(report.seats, scores)]
    text = simulation_page(msgspec.structs.replace(report, seats=seats))
    histograms = [ET.fromstring(c) for c in svgs_in(text) if "histogram" in c[:40]]
    assert len(histograms) == 2
    counted = [sum(int(re.search(r": (\d+) games", r.find(f"{NS}title").text).group(1))
                   for r in h.iter(f"{NS}rect")) for h in histograms]
    assert counted == [6, 6]                                           # every game in one bin


def test_report_bars_are_in_their_seat_s_board_colour_or_a_neutral_one():
    """What-if's bars were in arbitrary colours: an alternative is no seat's (neutral), the decision
    taken is in its player's colour; a simulation's seats are in theirs."""
    from boardcore.view import charts
    from view_helpers import SEAT_COLOURS

    report = simulate(PICTURED, PICTURED.make_config(players=3), ["random"] * 3, 4, seed=1)
    for chart in svgs_in(simulation_page(report))[:2]:
        assert [r.find(f"{NS}rect").get("fill") for r in bars(chart)] == list(SEAT_COLOURS[:3])
    session = bot_game(PICTURED, players=2, seed=3)
    at = next(p for p in session.boundaries() if len(session.rules.legal_actions(session.state_at(p))) > 1) + 1
    report = compare(session, at, rollouts=4, seed=1, workers=1)
    fills = {("strong" in r.get("class")): r.find(f"{NS}rect").get("fill") for r in bars(svgs_in(whatif_page(report))[0])}
    assert fills == {True: SEAT_COLOURS[report.player - 1], False: charts.NEUTRAL}


def test_a_what_if_page_sets_the_decision_taken_apart():
    session = bot_game(PICTURED, players=2, seed=3)
    index = next(p for p in session.boundaries()
                 if type(session.history.live[p].event).__name__ in ("Roll", "Hold") and
                 len(session.rules.legal_actions(session.state_at(p))) > 1)
    at = index + 1                                     # as `boardcore replay` prints the decision
    report = compare(session, at, rollouts=8, seed=1, workers=1)
    text = whatif_page(report)
    well_formed(text)
    wins = svgs_in(text)[0]
    assert "against the decision taken" in ET.fromstring(wins).get("aria-label")
    rows = bars(wins)
    assert len(rows) == len(report.alternatives) == 2
    strong = [r for r in rows if "strong" in r.get("class")]
    taken = next(a for a in report.alternatives if a.recorded)
    assert taken.words and len(strong) == 1 and strong[0].find(f"{NS}title").text.startswith(escape(taken.words))
    assert f"at position {at}" in text and "(taken)" in text and "reference" in text
    assert escape(report.verdict) in text and escape(report.information) in text
    assert escape(report.estimates) in text and "chance of winning after each" in text
    for alternative in report.alternatives:
        assert escape(alternative.action) in text and escape(alternative.words) in text
        assert f"{alternative.win_probability.mean:.1%}" in text
        if not alternative.recorded:
            assert f"{alternative.win_diff.mean:+.1%}" in text

"""The pages of `simulate` and `whatif` reports, in the viewer's style: the numbers as bars with
their 95% intervals, the score's shape, and a table of every figure the report holds.

A simulation report keeps each seat's least, median and most score, not every game's score, so
the score's shape is drawn from those (a spread chart). A report whose seats also carry `scores`
(one per game) gets a histogram per seat instead.
"""

from __future__ import annotations

from html import escape
from typing import Any

import msgspec

from boardcore import games
from boardcore.game.errors import UnknownGame
from boardcore.view import charts
from boardcore.view.html import facts, game_title, shell


def simulation_page(report: Any) -> str:
    """A `boardcore.analysis.simulate.SimulationReport` as a page."""
    seats = report.seats
    labels = [f"P{s.player} {s.policy}" for s in seats]
    options = ", ".join(f"{escape(str(k))} {escape(str(v))}" for k, v in report.config.items()
                        if v not in ("", None)) or "none"
    rate = report.decisions / report.seconds if report.seconds > 0 else 0.0
    header = (f'<h1>{escape(game_title(report.game))}<span class="sub">simulation of {report.games} '
              f'game{"s" if report.games != 1 else ""}</span></h1>' + facts([
                  ("Options", options),
                  ("Seats", " · ".join(escape(label) for label in labels)),
                  ("Games", f"{report.games}" + (f", {report.truncated} stopped without a result (truncated)"
                                                  if report.truncated else "")),
                  ("Work", f"{report.decisions:,} decisions in {report.seconds:.1f} s ({rate:,.0f} per second)"),
              ]))
    board = seat_colours(report.game, report.config)
    inks = [board.get(f"P{s.player}") or charts.colour(i) for i, s in enumerate(seats)]
    wins = charts.bar_chart("Win rate (95% interval)", [
        charts.Bar(label, s.win_rate.mean, s.win_rate.low, s.win_rate.high, fill=ink)
        for label, s, ink in zip(labels, seats, inks)], percent=True, scale=(0.0, 1.0))
    scores = charts.bar_chart("Mean score (95% interval)", [
        charts.Bar(label, s.score.mean, s.score.low, s.score.high, fill=ink) for label, s, ink in zip(labels, seats, inks)])
    per_game = [getattr(s, "scores", None) for s in seats]
    if all(v is not None for v in per_game) and seats:
        shape = "".join(charts.histogram(f"{label}: score per game", list(values), ink=ink)
                        for label, values, ink in zip(labels, per_game, inks))
    else:
        shape = charts.spread_chart("Score: least, median, most; band: the mean's 95% interval", [
            charts.Spread(label, s.score_min, s.score_median, s.score_max, s.score.mean, s.score.low, s.score.high)
            for label, s in zip(labels, seats)], inks)
    rows = "".join(
        f"<tr><td>{escape(label)}</td><td>{s.win_rate.mean:.1%}</td><td>{s.win_rate.low:.1%} – {s.win_rate.high:.1%}"
        f"</td><td>{s.score.mean:.2f}</td><td>{s.score.low:.2f} – {s.score.high:.2f}</td>"
        f"<td>{charts.number(s.score_min)}</td><td>{charts.number(s.score_median)}</td>"
        f"<td>{charts.number(s.score_max)}</td></tr>" for label, s in zip(labels, seats))
    body = ('<main class="report"><div class="chart-grid">'
            f"{wins}{scores}</div><h2>Scores</h2><div class=\"chart-grid\">{shape}</div>"
            '<table class="numbers"><tr><th>seat</th><th>win rate</th><th>95% interval</th><th>mean score</th>'
            f"<th>95% interval</th><th>least</th><th>median</th><th>most</th></tr>{rows}</table>"
            '<p class="note">Win rates count a shared win as a fraction; intervals are Wilson intervals for '
            "rates and normal ones for means.</p></main>")
    return shell(f"{game_title(report.game)} · simulation of {report.games} games", header, body)


def whatif_page(report: Any) -> str:
    """A `boardcore.analysis.whatif.WhatIfReport` as a page: each alternative as its paired difference from
    the decision taken (the reference row at zero), best first, with the verdict in words."""
    alts = report.alternatives
    who = report.policies[0] if len(set(report.policies)) == 1 else ", ".join(
        f"P{p}={spec}" for p, spec in enumerate(report.policies, 1))
    r = report.regret
    header = (f'<h1>{escape(game_title(report.game))}<span class="sub">what if, at position {report.position}</span>'
              "</h1>" + facts([
                  ("Question", f"P{report.player}'s decision at position {report.position}, "
                               f"<b>{escape(report.decision)}</b>: how would the game likely have gone after each "
                               "alternative?"),
                  ("Information", ("<b>omniscient</b>: " if report.omniscient else "") + escape(report.information)),
                  ("Estimates", escape(report.estimates)),
                  ("Rollouts", f"{report.rollouts} played by {escape(who)} in {report.rounds} rounds on "
                               f"{report.workers} worker{'s' if report.workers != 1 else ''}, {report.seconds:.1f} s "
                               f"({escape(report.budget)}); rollout k of every alternative shares its deal and dice"),
                  ("Best", f"{escape(report.best)}; regret of the decision taken {r.mean:.1%} "
                           f"[{r.low:.1%}, {r.high:.1%}] of P{report.player}'s chance of winning"
                           + (f" (an interval holding for all {report.compared} alternatives at once)"
                              if report.compared > 1 else "")),
                  ("Verdict", escape(report.verdict)),
              ]))

    taker = seat_colours(report.game, {"players": len(report.policies)}).get(f"P{report.player}", "#333")

    def rows(field: str) -> list:
        """The decision taken in its player's colour, the alternatives in a neutral one (none is a seat)."""
        return [charts.Bar(a.words or a.action, getattr(a, field).mean, getattr(a, field).low, getattr(a, field).high,
                           note="taken" if a.recorded else ("" if a.contending else "dropped"), strong=a.recorded,
                           fill=taker if a.recorded else charts.NEUTRAL)
                for a in alts]

    score = "score" if report.to == "end" else "estimate (the game's evaluate)"
    chances = charts.bar_chart(f"P{report.player}'s chance of winning after each (95% interval)",
                               rows("win_probability"), percent=True)
    wins = charts.bar_chart(f"P{report.player}'s chance against the decision taken's (paired 95% interval)",
                            rows("win_diff"), percent=True)
    scores = charts.bar_chart(f"P{report.player}'s {score} against the decision taken (paired 95% interval)",
                              rows("score_diff"))
    table = "".join(
        f'<tr{" class=strong" if a.recorded else ""}><td>{escape(a.words or a.action)}{" (taken)" if a.recorded else ""}'
        f"<br><code>{escape(a.action)}</code></td>"
        f"<td>{_signed(a.win_diff, a.recorded, '.1%')}</td><td>{_signed(a.score_diff, a.recorded, '.2f')}</td>"
        f"<td>{a.win_probability.mean:.1%} ({a.win_probability.low:.1%} – {a.win_probability.high:.1%})</td>"
        f"<td>{a.rollouts}{'' if a.contending else ', dropped'}</td></tr>"
        for a in alts)
    body = ('<main class="report"><div class="chart-grid">'
            f"{wins}{chances}{scores}</div>"
            f'<table class="numbers"><tr><th>alternative</th><th>chance vs taken</th><th>{score} vs taken</th>'
            f"<th>chance of winning</th><th>playouts</th></tr>{table}</table>"
            '<p class="note">An alternative whose interval lies wholly above zero did better than the decision '
            "taken; one that straddles zero is not told apart at this budget (more playouts narrow it). "
            "Dropped alternatives fell behind the leader and got no more playouts.</p></main>")
    return shell(f"{game_title(report.game)} · what if at position {report.position}", header, body)


def seat_colours(game: str, config: dict[str, Any]) -> dict[str, str]:
    """The seats' board colours (`Rules.colours`) of a report's game and options; none for a game
    not installed here, whose report still draws (in the charts' palette)."""
    try:
        rules = games.get(game)
        return rules.colours(msgspec.convert(config, rules.config_type))
    except (UnknownGame, msgspec.ValidationError):
        return {}


def _signed(e: Any, reference: bool, form: str) -> str:
    """A paired difference and its interval, or "reference" for the decision taken itself."""
    if reference:
        return "reference"
    return f"{e.mean:+{form}} ({e.low:+{form}} – {e.high:+{form}})"

"""The viewer's win-probability chart: a `boardcore.analysis.review.Review` drawn under the timeline, every seat's
chance of winning at each stop, with the questioned decisions marked as links to their position.

The chart is a line chart of the viewer's kind (`svg.chart.line`, a cursor carrying its geometry in
`data-x0` and `data-dx`), so the page's script moves its cursor with the timeline and a click on it
goes to the stop under the pointer, as with every chart of the page. Each questioned decision is a
numbered dot on its taker's line, linked to `#pos=N`: one click shows the board where it was taken,
with the decision lit in the log. The same decisions are listed below the chart, with their what-if
in words.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from boardcore.view.charts import colour
from boardcore.view.timeline import Frame

if TYPE_CHECKING:
    from boardcore.analysis.review import Questioned, Review

WIDTH, HEIGHT = 1000, 150
LEFT, RIGHT, TOP, BOTTOM = 46, 70, 22, 18


def section(review: Review, frames: list[Frame], start: int) -> str:
    """The chart and its list of questioned decisions; `frames` are the viewer's stops (one per decision
    and the end, as the review's decisions are), `start` the stop the page opens at."""
    return ('<section class="charts win-chances"><h2>Win probability</h2>'
            f'<p class="note">{escape(_said(review))} Click the chart to go there; a numbered dot is a costly '
            'decision questioned with what-if.</p>'
            f'{chart(review, frames, start)}{_questioned(review, frames)}</section>')


def chart(review: Review, frames: list[Frame], start: int) -> str:
    """Every seat's chance at each stop (0 to 100%), the questioned decisions as numbered links."""
    stops = len(frames)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    dx = plot_w / (stops - 1) if stops > 1 else 0.0

    def x(k: int) -> float:
        return LEFT + k * dx

    def y(v: float) -> float:
        return TOP + (1 - v) * plot_h

    series = [[review.start[p], *(s.after[p] for s in review.decisions)] for p in range(review.players)]
    out = [f'<svg class="chart line chances" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'data-stops="{stops}" role="img" aria-label="win probability"><title>win probability per seat</title>']
    for v in (0, 0.5, 1):
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
                   f'<text class="tick" x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.0%}</text>')
    for p, values in enumerate(series):
        points = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(values))
        out.append(f'<g class="series" stroke="{colour(p)}" fill="{colour(p)}"><polyline points="{points}"/></g>'
                   f'<text class="legend" x="{LEFT + plot_w + 10}" y="{TOP + 12 + p * 16}" fill="{colour(p)}">'
                   f'P{p + 1} {values[-1]:.0%}</text>')
    taken = {s.position: k for k, s in enumerate(review.decisions)}
    for n, q in enumerate(review.questioned, 1):
        k = taken[q.position]
        v = series[q.player - 1][k]
        out.append(f'<a class="costly" href="#pos={frames[k].position}" data-pos="{q.position}">'
                   f'<title>{n}. {escape(_costly_words(q))}</title>'
                   f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="7" fill="#fff" stroke="{colour(q.player - 1)}" '
                   f'stroke-width="2"/><text x="{x(k):.1f}" y="{y(v) + 4:.1f}" text-anchor="middle">{n}</text></a>')
    out.append(f'<line class="cursor" x1="{x(start):.1f}" x2="{x(start):.1f}" y1="{TOP - 4}" y2="{TOP + plot_h + 4}" '
               f'data-x0="{LEFT}" data-dx="{dx:.6f}"/></svg>')
    return "".join(out)


def _questioned(review: Review, frames: list[Frame]) -> str:
    """The questioned decisions as a list of links, each with its what-if's answer in words."""
    if not review.questioned:
        return ""
    taken = {s.position: k for k, s in enumerate(review.decisions)}
    items = []
    for n, q in enumerate(review.questioned, 1):
        stop = frames[taken[q.position]].position
        items.append(f'<li><a href="#pos={stop}" data-pos="{q.position}">{escape(_costly_words(q))}</a>'
                     f' <span class="note">{escape(q.whatif.verdict)}</span></li>')
    return f'<ol class="costly">{"".join(items)}</ol>'


def _costly_words(q: Questioned) -> str:
    w = q.whatif
    best = "" if w.alternatives[0].recorded else f"; best alternative found: {w.alternatives[0].words or w.best}"
    return f"position {q.position}, P{q.player}: {q.words} (chances {-q.cost * 100:+.1f} points){best}"


def _said(review: Review) -> str:
    return f"Each seat's chance of winning under competent play ({review.information})."

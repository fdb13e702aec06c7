"""Charts as SVG text, drawn once in Python so the page needs no charting script: a line chart of a
figure over a game (with a cursor the page moves to the position shown), bars with 95% intervals,
histograms, and the spread of a score (least, median, most)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22")
"""Series colours, in order, for a series the game gives no colour of its own (`Rules.colours`)."""
NEUTRAL = "#8a93a3"
"""Bars that stand for no seat (the alternatives of one player's decision)."""

WIDTH = 560


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def number(value: float) -> str:
    """A value as a chart labels it: no trailing zeros, at most two decimals."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values covering [low, high] at a 1, 2 or 5 times a power of ten step."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    out = []
    value = first
    while value < high + step * 0.999:
        out.append(round(value, 10))
        value += step
    return out


def series_order(names: Sequence[str]) -> list[str]:
    """Players first in seat order (P1, P2, … P10), then the rest (the automa, teams) by name."""
    def key(name: str) -> tuple[int, int, str]:
        if name[:1] == "P" and name[1:].isdigit():
            return (0, int(name[1:]), "")
        return (1, 0, name)
    return sorted(names, key=key)


def line_chart(title: str, series: dict[str, list[float | None]], *, marks: Sequence[int] = (),
               cursor: int | None = None, colours: Mapping[str, str] | None = None) -> str:
    """`series`: one value per timeline stop (None where a series has none). `marks` are stops where
    a round begins (faint vertical lines). `colours` gives a series the colour its seat has on the
    board (`Rules.colours`); the others take the palette, and the legend keys each by a swatch of
    its line. The cursor line carries its geometry in data attributes (`data-x0` + stop × `data-dx`)
    so the page can move it without redrawing the chart."""
    n = max((len(v) for v in series.values()), default=0)
    left, right, top, bottom, height = 46, 120, 26, 24, 210
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    values = [v for vs in series.values() for v in vs if v is not None]
    axis = ticks(min([0.0, *values]), max([0.0, *values]))
    low, high = axis[0], axis[-1]
    dx = plot_w / (n - 1) if n > 1 else 0.0

    def x(i: float) -> float:
        return left + i * dx

    def y(v: float) -> float:
        return top + plot_h - (v - low) / (high - low) * plot_h

    out = [f'<svg class="chart line" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
           f'data-stops="{n}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
           f'<text class="title" x="{left}" y="16">{escape(title)}</text>']
    for v in axis:
        out.append(f'<line class="grid" x1="{left}" x2="{left + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
                   f'<text class="tick" x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{number(v)}</text>')
    for m in marks:
        if 0 < m < n:
            out.append(f'<line class="mark" x1="{x(m):.1f}" x2="{x(m):.1f}" y1="{top}" y2="{top + plot_h}"/>')
    for k, name in enumerate(series_order(list(series))):
        ink = (colours or {}).get(name) or colour(k)
        runs: list[list[str]] = [[]]            # a gap (None) breaks the line
        for i, v in enumerate(series[name]):
            if v is None:
                if runs[-1]:
                    runs.append([])
            else:
                runs[-1].append(f"{x(i):.1f},{y(v):.1f}")
        for points in (r for r in runs if r):
            shape = (f'<polyline points="{" ".join(points)}"/>' if len(points) > 1 else
                     f'<circle cx="{points[0].split(",")[0]}" cy="{points[0].split(",")[1]}" r="2.5"/>')
            out.append(f'<g class="series" stroke="{ink}" fill="{ink}" data-series="{escape(name)}">{shape}</g>')
        last = next((v for v in reversed(series[name]) if v is not None), None)
        label = f"{name} {number(last)}" if last is not None else name
        row = top + 12 + k * 16
        out.append(f'<line class="key" x1="{left + plot_w + 10}" x2="{left + plot_w + 24}" y1="{row - 4}" '
                   f'y2="{row - 4}" stroke="{ink}"/>'
                   f'<text class="legend" x="{left + plot_w + 28}" y="{row}" fill="{ink}">{escape(label)}</text>')
    start = x(cursor) if cursor is not None else left
    out.append(f'<line class="cursor" x1="{start:.1f}" x2="{start:.1f}" y1="{top - 4}" y2="{top + plot_h + 4}" '
               f'data-x0="{left}" data-dx="{dx:.6f}"/>')
    out.append("</svg>")
    return "".join(out)


class Bar:
    """One row of a bar chart: a mean with its 95% interval, `note` printed after the numbers,
    `strong` to set the row apart (the decision actually taken), `fill` its colour (a seat's, as
    `Rules.colours` gives it, or NEUTRAL for a bar that stands for no seat)."""

    __slots__ = ("label", "mean", "low", "high", "note", "strong", "fill")

    def __init__(self, label: str, mean: float, low: float, high: float, note: str = "",
                 strong: bool = False, fill: str = NEUTRAL) -> None:
        self.label, self.mean, self.low, self.high, self.note, self.strong = label, mean, low, high, note, strong
        self.fill = fill


def bar_chart(title: str, bars: Sequence[Bar], *, percent: bool = False,
              scale: tuple[float, float] | None = None) -> str:
    """Horizontal bars from zero to each mean, with the 95% interval as a whisker. `percent` shows
    rates (0..1) as percentages on a 0-100% axis."""
    label_w, value_w, row, top = 200, 230, 26, 30
    plot_w = 340
    if scale is None:
        lows = [min(0.0, b.low, b.mean) for b in bars] or [0.0]
        highs = [max(b.high, b.mean) for b in bars] or [1.0]
        axis = ticks(min(lows), max(highs))
        low, high = axis[0], axis[-1]
    else:
        low, high = scale
        axis = ticks(low, high)
    height = top + row * len(bars) + 24
    width = label_w + plot_w + value_w

    def x(v: float) -> float:
        return label_w + (min(max(v, low), high) - low) / (high - low) * plot_w

    def show(v: float) -> str:
        return f"{v * 100:.1f}%" if percent else number(round(v, 2))

    out = [f'<svg class="chart bars" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
           f'<text class="title" x="4" y="16">{escape(title)}</text>']
    for v in axis:
        if low <= v <= high:
            out.append(f'<line class="grid" x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{top - 4}" '
                       f'y2="{top + row * len(bars)}"/><text class="tick" x="{x(v):.1f}" '
                       f'y="{top + row * len(bars) + 16}" text-anchor="middle">{show(v)}</text>')
    for i, b in enumerate(bars):
        mid = top + i * row + row / 2
        cls = "bar strong" if b.strong else "bar"
        zero = x(max(low, 0.0))
        out.append(f'<g class="{cls}"><title>{escape(b.label)}: {show(b.mean)} '
                   f'(95% interval {show(b.low)} to {show(b.high)})</title>'
                   f'<text class="label" x="{label_w - 8}" y="{mid + 4:.1f}" text-anchor="end">'
                   f'{escape(_clip(b.label, 30))}</text>'
                   f'<rect x="{min(zero, x(b.mean)):.1f}" y="{mid - 7:.1f}" width="{abs(x(b.mean) - zero):.1f}" '
                   f'height="14" fill="{b.fill}"/>'
                   f"{_whisker(x(b.low), x(b.high), mid)}"
                   f'<text class="value" x="{label_w + plot_w + 8}" y="{mid + 4:.1f}">{show(b.mean)} '
                   f'[{show(b.low)}, {show(b.high)}]{" " + escape(b.note) if b.note else ""}</text></g>')
    out.append("</svg>")
    return "".join(out)


def histogram(title: str, values: Sequence[float], *, bins: int = 12, index: int = 0, ink: str = "") -> str:
    """How often each range of values came up (`values`: one score per game), in `ink` (else the
    palette's `index`-th colour)."""
    width, height, left, top, bottom = 270, 150, 34, 24, 22
    plot_w, plot_h = width - left - 8, height - top - bottom
    if not values:
        return (f'<svg class="chart histogram" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
                f'<text class="title" x="4" y="16">{escape(title)}: no games</text></svg>')
    low, high = min(values), max(values)
    if high == low:
        low, high = low - 0.5, high + 0.5
    bins = max(1, min(bins, len(set(values)) if all(v == int(v) for v in values) else bins))
    step = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / step))] += 1
    peak = max(counts)
    out = [f'<svg class="chart histogram" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
           f'<text class="title" x="4" y="16">{escape(title)}</text>']
    bar_w = plot_w / bins
    for i, c in enumerate(counts):
        h = c / peak * plot_h
        out.append(f'<rect x="{left + i * bar_w + 1:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w - 2:.1f}" '
                   f'height="{h:.1f}" fill="{ink or colour(index)}"><title>{number(low + i * step)} to '
                   f'{number(low + (i + 1) * step)}: {c} games</title></rect>')
    out.append(f'<text class="tick" x="{left}" y="{height - 6}">{number(min(values))}</text>'
               f'<text class="tick" x="{left + plot_w}" y="{height - 6}" text-anchor="end">{number(max(values))}</text>'
               f'<text class="tick" x="{left - 4}" y="{top + 8}" text-anchor="end">{peak}</text></svg>')
    return "".join(out)


class Spread:
    """One seat's scores over many games: least, median, most, and the mean with its 95% interval."""

    __slots__ = ("label", "least", "median", "most", "mean", "low", "high")

    def __init__(self, label: str, least: float, median: float, most: float, mean: float, low: float,
                 high: float) -> None:
        self.label, self.least, self.median, self.most = label, least, median, most
        self.mean, self.low, self.high = mean, low, high


def spread_chart(title: str, rows: Sequence[Spread], inks: Sequence[str] = ()) -> str:
    """Each row a line from the least to the most score, a tick at the median and a band for the
    mean's interval: the shape of the scores when only their summary is known. Row i is drawn in
    `inks[i]` when given (its seat's colour), else in the palette's."""
    label_w, value_w, row, top = 110, 260, 28, 30
    plot_w = 400
    axis = ticks(min([0.0, *(r.least for r in rows)]), max([1.0, *(r.most for r in rows)]))
    low, high = axis[0], axis[-1]
    height = top + row * len(rows) + 24

    def x(v: float) -> float:
        return label_w + (v - low) / (high - low) * plot_w

    out = [f'<svg class="chart spread" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {label_w + plot_w + value_w} '
           f'{height}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
           f'<text class="title" x="4" y="16">{escape(title)}</text>']
    for v in axis:
        out.append(f'<line class="grid" x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{top - 4}" y2="{top + row * len(rows)}"/>'
                   f'<text class="tick" x="{x(v):.1f}" y="{top + row * len(rows) + 16}" text-anchor="middle">'
                   f'{number(v)}</text>')
    for i, r in enumerate(rows):
        mid = top + i * row + row / 2
        ink = inks[i] if i < len(inks) else colour(i)
        out.append(f'<g class="spread-row" stroke="{ink}" fill="{ink}"><title>{escape(r.label)}: least '
                   f'{number(r.least)}, median {number(r.median)}, most {number(r.most)}, '
                   f'mean {number(round(r.mean, 2))}'
                   f'</title><text class="label" x="{label_w - 8}" y="{mid + 4:.1f}" text-anchor="end" stroke="none">'
                   f'{escape(r.label)}</text>'
                   f'<line x1="{x(r.least):.1f}" x2="{x(r.most):.1f}" y1="{mid:.1f}" y2="{mid:.1f}"/>'
                   f'<rect x="{x(r.low):.1f}" y="{mid - 6:.1f}" width="{max(1.5, x(r.high) - x(r.low)):.1f}" '
                   f'height="12" fill-opacity="0.35"/>'
                   f'<line x1="{x(r.median):.1f}" x2="{x(r.median):.1f}" y1="{mid - 8:.1f}" y2="{mid + 8:.1f}" '
                   f'stroke-width="2.5"/>'
                   f'<text class="value" x="{label_w + plot_w + 8}" y="{mid + 4:.1f}" stroke="none" fill="#222">'
                   f'least {number(r.least)} · median {number(r.median)} · most {number(r.most)} · '
                   f'mean {number(round(r.mean, 2))}'
                   f'</text></g>')
    out.append("</svg>")
    return "".join(out)


def _whisker(low: float, high: float, mid: float) -> str:
    """An interval as a line from `low` to `high` with a cap at each end (the first line is the
    interval itself: the tests read it)."""
    return (f'<line class="whisker" x1="{low:.1f}" x2="{high:.1f}" y1="{mid:.1f}" y2="{mid:.1f}"/>'
            + "".join(f'<line class="whisker" x1="{end:.1f}" x2="{end:.1f}" y1="{mid - 5:.1f}" y2="{mid + 5:.1f}"/>'
                      for end in (low, high)))


def _clip(text: str, size: int) -> str:
    return text if len(text) <= size else text[:size - 1] + "…"

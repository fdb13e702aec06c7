"""`boardcore review`: every decision of a saved game with each seat's chances before and after it,
and the costliest decisions questioned with what-if."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from boardcore.cli.common import (DataOpt, FileArg, JsonOpt, LazyBar, RayOpt, WorkersOpt, _json, _load, _player,
                                  app, page_target, write_page)

if TYPE_CHECKING:
    from boardcore.analysis.review import Questioned, Review

WIDTH = 80
"""The review is laid out for an 80-column terminal, whatever the terminal's width."""
LEVELS = "▁▂▃▄▅▆▇█"
"""A sparkline's marks, from a chance of 0 (the lowest) to 1 (the highest)."""


@app.command()
def review(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Review from PLAYER's view only, questioning PLAYER's own decisions "
                                              "(default: everything once the game is over and its seed revealed)."),
    top: int = typer.Option(3, "--top", "-k", min=0, metavar="K", help="Question the K costliest decisions."),
    budget: Optional[int] = typer.Option(None, "--budget", min=2, metavar="N",
                                         help="Playouts per questioned decision (default 3000)."),
    seconds: Optional[float] = typer.Option(None, "--seconds", min=0.001, metavar="S",
                                            help="Seconds per questioned decision instead of a budget of playouts "
                                                 "(the answer then depends on the machine's pace)."),
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    seed: str = typer.Option("0", "--seed", help="Seed of the what-ifs' deals and chance."),
    html: Optional[Path] = typer.Option(None, "--html", metavar="OUT.html",
                                        help="Also write the replay viewer with the win-probability chart under its "
                                             "timeline."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace OUT.html if it exists."),
    as_json: bool = JsonOpt,
) -> None:
    """Each decision's effect on every seat's win probability; the costliest ones questioned with what-if."""
    from boardcore.analysis.review import Interrupted, review as review_game

    if html is not None:
        page_target(html, overwrite, target)
    session = _load(target, data)
    player = _player(session, player)
    with LazyBar() as bar:
        try:
            report = review_game(session, player, top=top, budget=budget, seconds=seconds, workers=workers, ray=ray,
                                 seed=seed, progress=lambda what, done, total: bar.update(done, what=what, total=total))
        except Interrupted as stop:
            report = stop.partial
    if html is not None and report.complete:
        from boardcore.view import page

        write_page(html, page(session, player=player, review=report))
    if as_json:
        _json(report)
    else:
        show(report)
    if not report.complete:
        unwritten = f"; {html} was not written" if html is not None else ""
        sys.stderr.write(f"\ninterrupted: the review so far is printed above ({len(report.decisions)} decisions read, "
                         f"{len(report.questioned)} questioned){unwritten}\n")
        sys.exit(130)


def show(report: Review) -> None:
    """The review as the terminal shows it: what was read, the table of decisions, a sparkline per seat,
    and the questioned decisions with their what-ifs; all within 80 columns."""
    import io
    import textwrap

    from rich.console import Console

    page = io.StringIO()
    console = Console(file=page, width=WIDTH, color_system=None, highlight=False)

    def say(text: str, indent: int = 0, hang: int = 0) -> None:
        """A paragraph wrapped to the width, `indent` spaces before every line and `hang` more before
        every line but the first."""
        first, rest = " " * indent, " " * (indent + hang)
        page.write((textwrap.fill(text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)
                    if text else "") + "\n")

    players = report.players
    decisions = len(report.decisions)
    say(f"Review of {report.game} ({players} player{'s' if players != 1 else ''}, {decisions} "
        f"decision{'s' if decisions != 1 else ''}), {report.information}")
    console.print(_table(report))
    numbers = "1" if len(report.questioned) == 1 else f"1-{len(report.questioned)}"
    say("Δ: the taker's chance after the decision (its facts and luck included) less before, in points"
        + (f"; {numbers}: questioned below" if report.questioned else ""))
    say("")
    page.writelines(line + "\n" for line in sparklines(report, WIDTH))
    if not report.questioned:
        say(_none_questioned(report))
    for n, q in enumerate(report.questioned, 1):
        w = q.whatif
        best = w.alternatives[0]
        say("")
        say(f"{n}. position {q.position}, P{q.player}: {q.words} (chances {_percent(_taker(report, q, 'before'))} "
            f"→ {_percent(_taker(report, q, 'after'))})", hang=len(f"{n}. "))
        if not best.recorded:
            say(f"best alternative found: {best.words or best.action} [{best.action}]", 3)
        say(f"{w.verdict} ({w.rollouts} playouts)", 3)
    say("")
    say(f"{report.budget}; {report.workers} worker{'s' if report.workers != 1 else ''}, {report.seconds:.1f}s")
    sys.stdout.write("".join(line.rstrip() + "\n" for line in page.getvalue().splitlines()))


def _table(report: Review) -> Any:
    """One row per decision: where, who, what (in words), every seat's chances after it, the taker's change.
    The first row is the start; the questioned decisions are numbered in the first column."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    numbered = {q.position: n for n, q in enumerate(report.questioned, 1)}
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1), width=WIDTH)
    table.add_column("", justify="right", no_wrap=True, width=len(str(len(report.questioned))))
    table.add_column("pos", justify="right", no_wrap=True)
    table.add_column("by", no_wrap=True)
    table.add_column("decision", no_wrap=True, overflow="ellipsis", ratio=1)
    for p in range(1, report.players + 1):
        table.add_column(f"P{p}", justify="right", no_wrap=True)
    table.add_column("Δ", justify="right", no_wrap=True)
    table.add_row("", "", "", "(start)", *map(_percent, report.start), "")
    for step in report.decisions:
        mark = str(numbered.get(step.position, ""))
        table.add_row(mark, str(step.position), f"P{step.player}", Text(step.words), *map(_percent, step.after),
                      _points(-step.cost))
    return table


def sparklines(report: Review, width: int) -> list[str]:
    """Each seat's chances over the game as one row of marks (the start, then after each decision),
    squeezed into `width` columns by averaging neighbours, and a row below numbering the questioned
    decisions under their marks."""
    if not report.start:                  # interrupted before the first position was read
        return []
    series = [[report.start[p], *(s.after[p] for s in report.decisions)] for p in range(report.players)]
    points = len(series[0])
    label = 4
    columns = max(1, min(points, width - label))
    per = points / columns

    def bucket(i: int) -> range:
        return range(int(i * per), max(int(i * per) + 1, int((i + 1) * per)))

    lines = [f"chances over the game, {_per_mark(per)} (▁ none … █ certain)"]
    for p, values in enumerate(series, 1):
        marks = "".join(LEVELS[min(len(LEVELS) - 1, int(sum(values[j] for j in bucket(i)) / len(bucket(i))
                                                      * len(LEVELS)))] for i in range(columns))
        lines.append(f"{'P' + str(p):<{label}}{marks}")
    index = {s.position: k + 1 for k, s in enumerate(report.decisions)}   # point k + 1 is after decision k
    under = [" "] * columns
    for n, q in enumerate(report.questioned, 1):
        under[min(columns - 1, int(index[q.position] / per))] = str(n % 10)
    if report.questioned:
        lines.append(" " * label + "".join(under).rstrip())
    return lines


def _per_mark(per: float) -> str:
    return "one mark per decision" if per <= 1 else f"one mark per {per:.1f} decisions"


def _taker(report: Review, q: Questioned, when: str) -> float:
    """The questioned decision's taker's chance `before` or `after` it."""
    step = next(s for s in report.decisions if s.position == q.position)
    return getattr(step, when)[q.player - 1]


def _percent(value: float) -> str:
    return f"{value * 100:.0f}%"


def _points(change: float) -> str:
    """A change of chance in percentage points, signed; one too small to show is 0.0, not -0.0."""
    return "0.0" if abs(change) < 0.0005 else f"{change * 100:+.1f}"


def _none_questioned(report: Review) -> str:
    """Why no decision was questioned."""
    if not report.complete:
        return "no decision questioned before the interruption"
    if report.top == 0:
        return "no decision questioned (--top 0)"
    if not report.questionable:
        if report.reader is None:
            return "no decision questioned: the game still hides information (--as P questions P's own)"
        return f"no decision questioned: P{report.reader} took none"
    return ("no decision questioned: none of those that may be questioned lowered its taker's chances, "
            "or each that did was its taker's only choice")

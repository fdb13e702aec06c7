"""The replay viewer page of one saved game (`boardcore view`, `boardcore.view.page`)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from boardcore.analysis.audit import AuditReport, audit
from boardcore.game.errors import BoardcoreError
from boardcore.game.rules import status_line
from boardcore.session.session import Session
from boardcore.view import boards, charts, review as chances
from boardcore.view.html import asset, facts, game_title, json_script, shell
from boardcore.view.timeline import Timeline, collect

if TYPE_CHECKING:
    from boardcore.analysis.review import Review

INTACT_STEPS = ("well-formed", "header", "chain", "history")
LEGAL_STEPS = ("rules", "legality", "facts")


def page(session: Session, player: int | None = None, at: int | None = None, review: Review | None = None) -> str:
    """The viewer of `session` as `player` sees it (None: a spectator; everything once the game is
    over and its seed revealed), opening at position `at` (default: the end) unless the address
    names one (`#pos=N`). A `review` of the game by the same reader (`boardcore.analysis.review`) adds its
    win-probability chart under the timeline."""
    if player is not None and not 1 <= player <= session.players:
        raise BoardcoreError(f"player {player}: this game has players 1-{session.players}")
    if at is not None and not 1 <= at <= session.position:
        raise BoardcoreError(f"position {at}: positions run from 1 to {session.position} in this game "
                             "(as `boardcore replay` numbers them)")
    timeline = collect(session, player)
    if review is not None and (review.reader != player or [s.position for s in review.decisions]
                               != [f.decision for f in timeline.frames[:-1]]):
        raise BoardcoreError("the review is of another game, or by another reader, than this page")
    report = audit(session.stream_id, store=session.store, stream_id=session.stream_id)
    frames = timeline.frames
    start = len(frames) - 1 if at is None else max(
        [0, *(k for k, f in enumerate(frames) if f.position <= at)])
    encoded = boards.encode([f.svg for f in frames])
    data = {
        "frames": [[f.position, f.decision or 0, f.round, f.caption] for f in frames],
        "rounds": [[r.frame, r.label] for r in timeline.rounds],
        "pieces": encoded.pieces,
        "pictures": encoded.pictures,
        "start": start,
        "total": session.position,
    }
    body = (_timeline_bar(timeline, start) +
            (chances.section(review, frames, start) if review is not None else "") +
            '<main class="viewer">'
            '<section class="pane board-pane"><div id="board" role="img" aria-label="the board"></div>'
            '<noscript>The board and the timeline need JavaScript; the log and charts below do not.</noscript>'
            '<p id="caption"></p></section>'
            f'<aside class="pane log-pane"><h2>Log</h2><ol id="log">{_log(timeline)}</ol></aside></main>'
            f"{_charts(timeline, start, session.rules.colours(session.config))}")
    players = f"{session.players} player{'s' if session.players != 1 else ''}"
    title = f"{game_title(session.rules.name)} · {players} · {_reader(player)}"
    return shell(title, _header(session, player, timeline, report), body,
                 tail=json_script("viewer-data", data) + f"<script>{asset('viewer.js')}</script>",
                 footer=_footer(timeline))


def _reader(player: int | None) -> str:
    return "spectator" if player is None else f"as P{player}"


def _header(session: Session, player: int | None, timeline: Timeline, report: AuditReport) -> str:
    created = session.created
    seats = " · ".join(f"P{p} {escape(kind)}" for p, kind in enumerate(created.seats, 1)) or \
        " · ".join(f"P{p}" for p in range(1, session.players + 1))
    options = ", ".join(f"{escape(str(k))} {escape(str(v))}" for k, v in created.config.items()
                        if v not in ("", None) and k != "players") or "none"
    if timeline.whole:
        head = f"<code>{session.head}</code>"
        shown = ("everything: the game is over and its seed revealed, so nothing is hidden any more"
                 + (f" (described for P{player})" if player is not None else ""))
    else:
        head = (f"position {session.position} <span class=\"note\">(the hash is left out while information "
                "is hidden: with it a reader could test guesses of the hidden cards; "
                "<code>boardcore head</code> prints it)</span>")
        shown = ("as a spectator sees it: every player's hidden information is left out" if player is None
                 else f"as P{player} sees it: what P{player} could not see is left out")
    rows = [
        ("Players", seats),
        *([("Branch", f"of {escape(session.branched.parent)} at position {session.branched.at}")]
          if session.branched else []),
        ("Options", options),
        ("Result", escape(status_line(session.rules, session.state, session.outcome))),
        ("Rules", f"{escape(created.game)} rules {escape(created.rules_version)}, "
                  f"component data {escape(created.data_id)}"),
        ("Head", head),
        ("Audit", _audit(report, timeline.whole)),
        ("Shown", escape(shown)),
    ]
    players = f"{session.players} player{'s' if session.players != 1 else ''}"
    return f'<h1>{escape(game_title(session.rules.name))}<span class="sub">{players}</span></h1>{facts(rows)}'


def _audit(report: AuditReport, whole: bool) -> str:
    """Three badges from the audit run as the page was made: intact (the record decodes and its
    chain holds), legal (every decision legal, every fact re-derived), fair (the seed matches its
    commitment) or not yet provable (a game in progress keeps its seed secret)."""
    failed = next((s for s in report.steps if not s.ok), None)
    passed = {s.name: s for s in report.steps if s.ok}

    def badge(kind: str, text: str) -> str:
        return f'<span class="badge {kind}">{escape(text)}</span>'

    intact = failed is None or failed.name not in INTACT_STEPS
    out = [badge("ok", "intact") if intact else badge("bad", f"not intact ({failed.name})")]
    if failed is not None and failed.name in LEGAL_STEPS:
        out.append(badge("bad", f"not legal ({failed.name})"))
    elif "legality and facts" in passed:
        out.append(badge("ok", "legal"))
    else:
        out.append(badge("wait", "legality not checked"))
    fairness = passed.get("fairness")
    if fairness is not None:
        out.append(badge("wait", "fair: not yet provable") if fairness.detail.startswith("chance not yet provable")
                   else badge("ok", "fair"))
    elif failed is not None and failed.name == "fairness":
        out.append(badge("bad", "fairness not proven"))
    else:
        out.append(badge("wait", "fairness not checked"))
    if failed is not None:
        where = f" at {report.divergence.where}" if report.divergence else ""
        # A failure's detail quotes the records; it is shown only where nothing is hidden.
        said = f": {escape(failed.detail)}" if whole else ""
        out.append(f'<span class="note">the audit stopped at “{escape(failed.name)}”{escape(where)}{said}</span>')
    return " ".join(out) + ' <span class="note">(run when this page was made)</span>'


def _timeline_bar(timeline: Timeline, start: int) -> str:
    last = len(timeline.frames) - 1
    marks = "".join(f'<option value="{r.frame}" label="{escape(r.label)}"></option>' for r in timeline.rounds)
    # The larger step: a round (or turn) where the game records them, else ten decisions.
    unit = timeline.rounds[-1].label.split(" ")[0] if timeline.rounds else "10 decisions"
    return ('<nav class="timeline" aria-label="timeline">'
            f'<button id="prev-round" title="previous {unit} (Shift+←, Page Up)">« {unit}</button>'
            '<button id="prev" title="previous decision (←)">◀</button>'
            f'<input type="range" id="slider" min="0" max="{last}" step="1" value="{start}" list="round-marks" '
            'aria-label="decision">'
            '<button id="next" title="next decision (→)">▶</button>'
            f'<button id="next-round" title="next {unit} (Shift+→, Page Down)">{unit} »</button>'
            f'<span id="where"></span><datalist id="round-marks">{marks}</datalist>'
            '<p id="jump-note"></p>'
            f'<p class="keys">← → one decision · Shift+← → or Page Up/Down: {unit} · Home/End · '
            'the address #pos=N opens position N (as <code>boardcore replay</code> numbers them)</p></nav>')


def _log(timeline: Timeline) -> str:
    """Every event the reader may see, in words; each links to the stop of its decision."""
    frames = timeline.frames
    out = []
    for line in timeline.lines:
        stop = frames[max(line.frame, 0)].position
        cls = ' class="decision"' if line.decision else ""
        out.append(f'<li{cls} data-pos="{line.position}" data-frame="{line.frame}">'
                   f'<a href="#pos={stop}">{line.position}</a>{escape(line.text)}</li>')
    return "".join(out)


def _charts(timeline: Timeline, start: int, colours: dict[str, str]) -> str:
    """One line chart per figure the game reports (score first), over the timeline's stops, each seat
    in its board colour (`colours`)."""
    frames = timeline.frames
    names = list(dict.fromkeys(name for f in frames for name in f.figures))
    names.sort(key=lambda n: n != "score")
    marks = [r.frame for r in timeline.rounds]
    drawn = []
    for name in names:
        keys = list(dict.fromkeys(k for f in frames for k in f.figures.get(name, {})))
        series = {k: [f.figures.get(name, {}).get(k) for f in frames] for k in keys}
        drawn.append(charts.line_chart(name, series, marks=marks, cursor=start, colours=colours))
    if not drawn:
        return ('<section class="charts"><h2>Over the game</h2><p class="note">This game charts no figures '
                "yet (its rules give none).</p></section>")
    return ('<section class="charts"><h2>Over the game</h2><p class="note">One point per decision; '
            'click a chart to go there.</p>'
            f'<div class="chart-grid">{"".join(drawn)}</div></section>')


def _footer(timeline: Timeline) -> str:
    from boardcore import __version__

    return (f"made by boardcore {escape(__version__)} · {len(timeline.frames) - 1} decisions, "
            f"{len(timeline.lines)} events shown · a single file: it loads nothing from anywhere")

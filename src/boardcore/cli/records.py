"""Commands over saved games: the installed games, the database's list, show, replay, head, audit,
export and import, repair."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from boardcore.cli.common import (AsOpt, DataOpt, FileArg, JsonOpt, RayOpt, SeqOpt, WorkersOpt, WroteJsonOpt, _json,
                                  _console, _lines_json, _load, _out, _player, _position, _progress, _status, _written, app)

if TYPE_CHECKING:
    from boardcore.session.session import Session


@app.command()
def games(as_json: bool = JsonOpt) -> None:
    """List the installed games."""
    from boardcore import games as registry

    rows = []
    for name in registry.names():
        try:
            rules = registry.get(name)
            rows.append({"name": name, "version": rules.version,
                         "players": f"{rules.min_players}-{rules.max_players}", "data": rules.data_id})
        except Exception as exc:  # a broken game must not hide the others
            rows.append({"name": name, "version": "?", "players": "?", "data": f"cannot load: {exc}"})
    if as_json:
        return _json(rows)
    if not rows:
        _out("no games installed")
    for row in rows:
        _out(f"{row['name']:<14} v{row['version']:<6} players {row['players']:<5} data {row['data']}")


@app.command("list")
def list_games(as_json: bool = JsonOpt) -> None:
    """List the games in the database: id, game, players, records, last change, status."""
    import datetime

    from boardcore.stream.store import open_database

    db = open_database(create=False)
    infos = sorted(db.infos(), key=lambda i: i.last_change, reverse=True)
    if as_json:
        return _json(infos)
    if not infos:
        _out(f"no games in {db.describe}")
    for info in infos:
        when = datetime.datetime.fromtimestamp(info.last_change).strftime("%Y-%m-%d %H:%M")
        _out(f"db:{info.id:<24} {info.game:<14} {info.players}p  {info.records:>6} records  {when}  {info.status}")


@app.command()
def show(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    at: Optional[int] = typer.Option(None, "--at", metavar="N", help=f"Show the state after event N, {SeqOpt}."),
    player: Optional[int] = AsOpt,
    full: bool = typer.Option(False, "--full", help="The whole board, however long (default: what fits the terminal)."),
    as_json: bool = JsonOpt,
) -> None:
    """Show a game's state, now or after an event of its history, compact as `play` shows it:
    a status line, what happened since the player's last decision (with --as), the board."""
    from rich.text import Text

    from boardcore.analysis import replay as replaying
    from boardcore.terminal import screen
    from boardcore.text import board_rows, cut

    session = _load(target, data)
    player = _player(session, player)
    position = session.position if at is None else _position(session, at, "--at")
    state = session.state_at(position)
    if as_json:
        return _json({"position": position, "of": session.position, "status": _status(session),
                      "state": session.rules.view(state, player)})
    width, height = screen.size()
    picture = session.rules.render(state, player)
    # the receipt's hash as `view` has it: only once nothing is hidden (`boardcore head` prints it)
    status = screen.status_line(session, player, width, hashed=session.revealed) if at is None else \
        f"{session.rules.name} · position {position} of {session.position} · {session.rules.stage(state)}"
    rows = [cut(Text(status, style="bold"), width)]
    if player is not None and at is None:
        since = replaying.told(replaying.since(session, player))
        rows += screen.since_rows(since, width, max(2, height // 3), replaying.last_decision(session, player) is None,
                                  player)
    if full:
        rows += board_rows(picture, width)
    else:
        board, whole = screen.focus(picture, player, width, max(3, height - len(rows) - 2))
        rows += board + ([] if whole else [Text("  … --full shows the whole board", style="dim")])
    _print_rows(rows)


def _board(picture: Any) -> None:
    """A game's picture, every line wrapped to the terminal's width (continuations indented)."""
    from boardcore.terminal import screen
    from boardcore.text import board_rows

    _print_rows(board_rows(picture, screen.size()[0]))


def _print_rows(rows: list[Any]) -> None:
    console = _console_rows()
    for row in rows:
        console.print(row, no_wrap=True, overflow="crop", crop=True)


def _console_rows():
    from boardcore.terminal import screen

    return _console(width=screen.size()[0], soft_wrap=False)


@app.command()
def replay(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    to: Optional[int] = typer.Option(None, "--to", metavar="N", help=f"Stop after event N, {SeqOpt}."),
    step: bool = typer.Option(False, "--step", help="Step through interactively (Enter: next, b: back, q: quit)."),
    player: Optional[int] = AsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print each event as JSON: its position, whether it is a "
                                                       "decision, the game's words, and the event itself."),
) -> None:
    """Show a game's history in words, one event per position, and the board at the end (or at --to).

    Position N is the N-th event in effect (the game's creation is 1): the number `show --at`,
    `whatif --at` and `branch --at` take, and audit reports. Decisions are marked with >."""
    from boardcore.analysis import replay as replaying

    session = _load(target, data)
    player = _player(session, player)
    stop = session.position if to is None else _position(session, to, "--to")
    history = list(replaying.lines(session, player, stop))
    if as_json:
        return _json(_lines_json(history))
    if step:
        return _step_through(session, history, player)
    for line in history:
        _out_line(line)
    _board(session.rules.render(session.state_at(stop), player))
    _out(_status(session) if stop == session.position else f"position {stop} of {session.position}")


def _out_line(line: Any) -> None:
    from rich.text import Text

    _console().print(Text(f"{line.position:>5}  {'>' if line.decision else ' '} {line.text}"))


def _step_through(session: Session, history: list[Any], player: Optional[int]) -> None:
    i = 0
    while history:
        line = history[i]
        _out(f"[{line.position}/{session.position}] {line.text}")
        _board(session.rules.render(session.state_at(line.position), player))
        key = typer.prompt("Enter next, b back, q quit", default="", show_default=False).strip().lower()
        if key == "q":
            return
        i = max(0, i - 1) if key == "b" else min(len(history) - 1, i + 1)


@app.command()
def head(target: str = FileArg, data: Optional[Path] = DataOpt, as_json: bool = JsonOpt) -> None:
    """Print the game's receipt: the position reached and the hash of the last record.

    Keep it: `boardcore audit FILE --head POS:HASH` later proves the record still holds exactly
    this history (no decision cut off the end, nothing rewritten)."""
    session = _load(target, data)
    receipt = session.head
    if as_json:
        return _json({"position": receipt.position, "hash": receipt.hash, "receipt": str(receipt)})
    _out(str(receipt))


@app.command()
def audit(
    targets: list[str] = typer.Argument(..., metavar="FILE...",
                                        help="Saved games: replay files, db:ID, folders of replay files, or db:all."),
    seed: Optional[str] = typer.Option(None, "--seed", help="The game's seed, to prove its dice fair (one game)."),
    head: Optional[str] = typer.Option(None, "--head", metavar="POS:HASH",
                                       help="A receipt (`boardcore head`): prove the record still holds that "
                                            "history (one game)."),
    data: Optional[Path] = DataOpt,
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Prove saved games intact, legal and fair; exit 1 if any fails (each report names the first divergence).

    Many games (files, folders, db:all) are audited in one process per worker."""
    from boardcore.analysis.audit import audit as run_audit
    from boardcore.analysis.audit import audit_many, targets as expand
    from boardcore.game.errors import BoardcoreError

    games = expand(targets)
    if len(games) == 1:
        report = run_audit(games[0], seed=seed, head=head, data=data)
        if as_json:
            _json(report)
        else:
            for step in report.steps:
                mark = "ok  " if step.ok else "FAIL"
                _out(f"{mark} {step.name}{': ' + step.detail if step.detail else ''}")
            if report.divergence:
                d = report.divergence
                _out(f"first divergence at {d.where}\n  expected: {d.expected}\n  found:    {d.found}")
            _out("audit passed" if report.ok else "audit FAILED")
        if not report.ok:
            raise typer.Exit(1)
        return
    if seed is not None or head is not None:
        raise BoardcoreError("--seed and --head prove one game: give a single FILE with them")
    bar, task = _progress(len(games), "audits")
    with bar:
        reports = audit_many(games, workers=workers, ray=ray, data=data,
                             progress=lambda n: bar.update(task, completed=n))
    failed = [r for r in reports if not r.ok]
    if as_json:
        _json(reports)
    else:
        for r in reports:
            if r.ok:
                _out(f"ok    {r.target}")
            else:
                step = r.steps[-1]
                where = f" at {r.divergence.where}" if r.divergence else ""
                _out(f"FAIL  {r.target}: {step.name}{where}: {step.detail}")
        _out(f"{len(reports)} games audited: {len(reports) - len(failed)} passed, {len(failed)} failed")
    if failed:
        raise typer.Exit(1)


@app.command()
def export(
    target: str = FileArg,
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write this replay file."),
    to_db: bool = typer.Option(False, "--db", help="Copy into the database instead."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id for the copy."),
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Write only what PLAYER may see (for sharing a game in progress)."),
    data: Optional[Path] = DataOpt,
    as_json: bool = WroteJsonOpt,
) -> None:
    """Copy a game, record for record (same hashes), to a replay file or the database.

    A replay file holds everything, hidden cards included (audit needs them): share a game in
    progress with `--as P -o OUT`, which writes that player's redacted record instead."""
    from boardcore.game.errors import BoardcoreError

    if (output is None) == (not to_db):
        raise BoardcoreError("give either -o FILE.jsonl or --db")
    if player is not None:
        if output is None:
            raise BoardcoreError("--as writes a redacted file: give -o OUT (the database keeps whole records only)")
        from boardcore.analysis.redact import write_redacted

        session = _load(target, data)
        _player(session, player)
        n = write_redacted(session, player, output)
        if as_json:
            return _json({"target": str(output), "redacted_for": player, "events": n, "position": session.position,
                          "status": session.status})
        _out(f"wrote P{player}'s view of {n} events to {output} (hidden information removed; not auditable)")
        return
    _copy(target, output, game_id, as_json, data)


@app.command("import")
def import_(
    path: Path = typer.Argument(..., metavar="FILE", help="A replay file."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id (default: the game and its last hash)."),
    data: Optional[Path] = DataOpt,
    as_json: bool = WroteJsonOpt,
) -> None:
    """Copy a replay file into the database, record for record (same hashes).

    The copy is a game of its own under a new id: importing a branch next to its parent, or the
    same file twice, needs a free id (`--id`); a taken one is refused and nothing is written."""
    _copy(str(path), None, game_id, as_json, data)


def _copy(target: str, output: Optional[Path], game_id: Optional[str], as_json: bool = False,
          data: Optional[Path] = None) -> None:
    """Export or import: one atomic create of the copy (refused, writing nothing, if it exists)."""
    from boardcore.session.session import Session
    from boardcore.stream.store import JsonlFile, copy_stream, open_database, open_target

    source, source_id = open_target(target)
    session = Session.load(source_id, store=source, data=data)   # refuses a record that cannot be played on
    if output is not None:
        n = copy_stream(source, source_id, JsonlFile(output), JsonlFile.STREAM)
        if as_json:
            return _json(_written(session, str(output), records=n))
        _out(f"exported {n} records to {output}")
        return
    records = session.records()
    game_id = game_id or f"{records[0].event.game}-{records[-1].hash[:12]}"
    copy_stream(source, source_id, open_database(), game_id, session.summary())
    if as_json:
        return _json(_written(session, f"db:{game_id}", records=len(records)))
    _out(f"imported {len(records)} records as db:{game_id}")


@app.command()
def repair(path: Path = typer.Argument(..., metavar="FILE", help="A replay file."),
           data: Optional[Path] = DataOpt,
           as_json: bool = typer.Option(False, "--json", help="Print what was removed as JSON.")) -> None:
    """Remove the write a crash cut short (a torn last line; in old one-record-per-line files, a decision
    missing its last lines) from a replay file, and nothing else."""
    from boardcore.session.repair import repair as repair_file

    removed = repair_file(path, data=data)
    if as_json:
        return _json({"target": str(path), "repaired": removed is not None, "removed": removed})
    if removed is None:
        _out("nothing to repair: the file ends with a whole write")
        return
    if removed.torn:
        also = f" and the {removed.records_removed} record(s) written with it" if removed.records_removed else ""
        what = f"the cut-off write at line {removed.line} ({removed.bytes_removed} bytes){also}"
    else:
        what = (f"the unfinished decision from line {removed.line} ({removed.records_removed} record(s), "
                f"{removed.bytes_removed} bytes: the write was cut before its last facts)")
    _out(f"removed {what}; {removed.records_left} records remain, every one of them whole")



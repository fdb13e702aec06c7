"""The `boardcore` command: thin over the library, one library call per command.

GAME names an installed game; FILE a saved game, either a replay file path or
`db:ID` for a game in the configured database. Exit codes: 0 ok, 1 a failed
audit or check, 2 bad usage or bad input (one line on stderr, no traceback),
3 an internal error (a bug: one line naming the command).

Only typer is imported here at start-up: game packages and the database layer
load inside the commands that need them, so `boardcore --help` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

if TYPE_CHECKING:
    from boardcore.session import Session

app = typer.Typer(
    name="boardcore",
    help="Play, replay, audit and analyse board games on an event-sourced core.\n\n"
         "FILE is a replay file (game.jsonl) or db:ID, a game in the database "
         "(SQLite at $BOARDCORE_DB by default; PostgreSQL with BOARDCORE_STORE=postgres).\n\n"
         "Exit codes: 0 ok; 1 an audit or check failed; 2 bad usage or bad input (one line on stderr); "
         "3 an internal error (a bug).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

FileArg = typer.Argument(..., metavar="FILE", help="A replay file path, or db:ID for a game in the database.")
AsOpt = typer.Option(None, "--as", metavar="PLAYER",
                     help="As this player (1, 2, …); default: show the spectator's view, act for the first to act.")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of text.")
SeqOpt = "a position in the history, as `boardcore replay` numbers it"


INTERNAL_ERROR = 3
"""Exit code of a bug: distinct from 1 (a failed audit or check) and 2 (bad usage or input)."""


class Fail(Exception):
    """Ends a command with exit code 1 (a failed audit or check); the message is printed first."""


# -- output helpers ------------------------------------------------------------------
def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _out(text: Any) -> None:
    _console().print(text)


def _json(data: Any) -> None:
    import msgspec

    sys.stdout.write(json.dumps(msgspec.to_builtins(data), indent=2) + "\n")


def _progress(total: int, what: str):
    """A progress bar on stderr (quiet when stderr is not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=_console(stderr=True), transient=True)
    return bar, bar.add_task(what, total=total)


# -- opening games --------------------------------------------------------------------
def _load(target: str, data: Path | None = None, seed: str | None = None) -> Session:
    from boardcore.session import Session

    return Session.load(target, data=data, seed=seed)


def _player(session: Session, player: Optional[int]) -> Optional[int]:
    if player is not None and not 1 <= player <= session.players:
        raise typer.BadParameter(f"this game has players 1-{session.players}", param_hint="--as")
    return player


def _position(session: Session, value: int, option: str) -> int:
    """A position a user typed, checked against the game's history."""
    from boardcore.errors import BoardcoreError

    if not 1 <= value <= session.position:
        raise BoardcoreError(f"{option} {value}: positions run from 1 to {session.position} in this game "
                             "(as `boardcore replay` numbers them)")
    return value


def _bots(session: Session) -> dict[int, Any]:
    from boardcore import agents

    return {p: agents.make(kind, session.rules) for p, kind in enumerate(session.seats, 1)
            if kind != "human"}


def _let_bots_move(session: Session) -> int:
    from boardcore.play import run_bots

    bots = _bots(session)
    return run_bots(session, bots, seed=session.stream_id) if bots else 0


def _status(session: Session) -> str:
    from boardcore.play_terminal import status

    return status(session)


def _numbered(session: Session, player: Optional[int]) -> list[Any]:
    """The numbered choices of `player`, by default of the first player to act: in a
    simultaneous step each player lists their own (others' options may be secret)."""
    if player is None and session.to_act:
        player = session.to_act[0]
    return session.legal_actions(player)


def _show_legal(session: Session, player: Optional[int]) -> None:
    for i, action in enumerate(_numbered(session, player), 1):
        _out(f"{i:>3}. {session.rules.format_action(action)}")


def _pick(session: Session, text: str, player: Optional[int]) -> Any:
    """An action by its number in `legal` or by its text form."""
    from boardcore.errors import BoardcoreError

    if text.strip().isdigit():
        legal = _numbered(session, player)
        n = int(text)
        if not 1 <= n <= len(legal):
            raise BoardcoreError(f"no action number {n}: there are {len(legal)} (see `boardcore legal`)")
        return legal[n - 1]
    action = session.rules.parse_action(session.state, text)
    if player is not None and action.player != player:
        raise BoardcoreError(f"that action is P{action.player}'s, not P{player}'s")
    return action


# -- commands ---------------------------------------------------------------------------
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

    from boardcore.store import open_database

    db = open_database()
    infos = sorted(db.infos(), key=lambda i: i.last_change, reverse=True)
    if as_json:
        return _json(infos)
    if not infos:
        _out(f"no games in {db.describe}")
    for info in infos:
        when = datetime.datetime.fromtimestamp(info.last_change).strftime("%Y-%m-%d %H:%M")
        _out(f"db:{info.id:<24} {info.game:<14} {info.players}p  {info.records:>6} records  {when}  {info.status}")


@app.command()
def new(
    game: str = typer.Argument(..., help="The game, as `boardcore games` lists it."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players."),
    mode: Optional[str] = typer.Option(None, "--mode", help="Game mode, if the game has several."),
    level: Optional[str] = typer.Option(None, "--level", help="Difficulty level (solo modes)."),
    mission: Optional[str] = typer.Option(None, "--mission", help="Mission (Apogee)."),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE",
                                     help="Any other option of the game's config."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed for chance (default: a random secret)."),
    seat: list[str] = typer.Option([], "--seat", metavar="P=KIND",
                                   help="Who plays seat P: human, random or greedy (default human)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write a replay file instead of the database."),
    data: Optional[Path] = typer.Option(None, "--data", metavar="DIR", help="Component data to use instead of the game's own."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id for the new game (default: generated)."),
) -> None:
    """Start a game; bots move until a human must act or the game ends."""
    from boardcore import games as registry
    from boardcore.errors import BoardcoreError
    from boardcore.session import Session
    from boardcore.store import JsonlFile, open_database

    rules = registry.get(game)
    rules = rules if data is None else rules.with_data(data)
    config = _config(rules, players, mode, level, mission, option)
    n = int(config.players)
    seats = _seats(rules, seat, n, "human")
    if output is not None:
        if output.exists():
            raise BoardcoreError(f"{output} exists; choose another name (nothing was written)")
        store, stream_id = JsonlFile(output), JsonlFile.STREAM
    else:
        store, stream_id = open_database(), game_id
    session = Session.new(rules, config=config, seed=seed, store=store, stream_id=stream_id, seats=seats)
    where = str(output) if output is not None else f"db:{session.stream_id}"
    _out(f"created {where}: {rules.name} for {n} ({', '.join(seats)})")
    made = _let_bots_move(session)
    if made:
        _out(f"bots took {made} decisions")
    _out(f"{_status(session)} · receipt {session.head.short}")


def _config(rules: Any, players: Optional[int], mode: Optional[str], level: Optional[str],
            mission: Optional[str], option: list[str]) -> Any:
    """The game's config from the options every game command shares. An option given twice (as
    `--players 3` and `-O players=3`, or `-O` twice) is refused rather than one silently winning."""
    from boardcore.errors import BoardcoreError

    named = {"players": players, "mode": mode, "level": level, "mission": mission}
    extra: dict[str, str] = {}
    for key, value in map(_key_value, option):
        if key in extra or named.get(key) is not None:
            raise BoardcoreError(f"the option {key!r} is given twice (once with -O): give it once")
        extra[key] = value
    return rules.make_config(**{k: v for k, v in named.items() if k not in extra}, **extra)


def _seats(rules: Any, specs: list[str], players: int, default: str) -> list[str]:
    """`--seat P=KIND` options as one kind per seat (a policy name or human)."""
    from boardcore import agents
    from boardcore.errors import BoardcoreError

    seats = [default] * players
    for spec in specs:
        key, kind = _key_value(spec)
        if not key.isdigit() or not 1 <= int(key) <= players:
            raise BoardcoreError(f"--seat {spec}: the seat must be a player number 1-{players}")
        if kind != "human":
            agents.make(kind, rules)  # a clear error for an unknown policy
        seats[int(key) - 1] = kind
    return seats


def _key_value(text: str) -> tuple[str, str]:
    from boardcore.errors import BoardcoreError

    key, sep, value = text.partition("=")
    if not sep or not key:
        raise BoardcoreError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()


@app.command()
def show(
    target: str = FileArg,
    at: Optional[int] = typer.Option(None, "--at", metavar="SEQ", help=f"Show the state at {SeqOpt}."),
    player: Optional[int] = AsOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Show a game's state (now, or at a point of its history)."""
    session = _load(target)
    player = _player(session, player)
    state = session.state if at is None else session.state_at(_position(session, at, "--at"))
    if as_json:
        return _json({"position": at or session.position, "status": _status(session),
                      "state": session.rules.view(state, player)})
    _out(session.rules.render(state, player))
    _out(_status(session) if at is None else f"position {at} of {session.position}")


@app.command()
def legal(target: str = FileArg, player: Optional[int] = AsOpt, as_json: bool = JsonOpt) -> None:
    """List the legal actions now, numbered for `act`."""
    session = _load(target)
    player = _player(session, player)
    if as_json:
        return _json([{"n": i, "player": a.player, "action": session.rules.format_action(a)}
                      for i, a in enumerate(_numbered(session, player), 1)])
    if session.outcome is not None or not _numbered(session, player):
        _out(_status(session))
        return
    _show_legal(session, player)
    others = [p for p in session.to_act if p != (player or session.to_act[0])]
    if player is None and others:
        _out(f"also to act: {', '.join(f'P{p}' for p in others)} (list theirs with --as)")


@app.command()
def act(
    target: str = FileArg,
    action: str = typer.Argument(..., help="The action's number in `boardcore legal`, or its text form."),
    player: Optional[int] = AsOpt,
) -> None:
    """Take one decision (then bots move until a human must act)."""
    session = _load(target)
    chosen = _pick(session, action, _player(session, player))
    session.apply(chosen)
    _out(f"P{chosen.player}: {session.rules.format_action(chosen)}")
    made = _let_bots_move(session)
    if made:
        _out(f"bots took {made} decisions")
    _out(f"{_status(session)} · receipt {session.head.short}")


@app.command()
def undo(
    target: str = FileArg,
    n: Optional[int] = typer.Option(None, "-n", min=1, help="How many decisions to undo "
                                    "(default: back to the last human decision, bots' replies included)."),
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER", help="Who is undoing (policy 'own')."),
) -> None:
    """Step back decisions. Nothing is deleted: an undo marker is appended."""
    from boardcore.play import undo_turn

    session = _load(target)
    if n is None:
        n = undo_turn(session, _bots(session), by=player)
    else:
        session.undo(n, by=player)
    _out(f"undone {n}; now at position {session.position}; {_status(session)}")


@app.command()
def redo(target: str = FileArg,
         player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER", help="Who is redoing.")) -> None:
    """Restore what the last undo took back (while nothing new was decided)."""
    from boardcore.play import redo_turn

    session = _load(target)
    n = redo_turn(session, _bots(session), by=player)
    _out(f"redone {n}; now at position {session.position}; {_status(session)}")


@app.command()
def branch(
    target: str = FileArg,
    at: int = typer.Option(..., "--at", metavar="SEQ", help=f"Branch at {SeqOpt}."),
    output: str = typer.Option(..., "--output", "-o", metavar="NEW", help="New replay file, or db:ID."),
) -> None:
    """Start a new game from a point of this one's history."""
    from boardcore.errors import BoardcoreError
    from boardcore.store import DB_PREFIX, JsonlFile, open_database

    session = _load(target)
    if output.startswith(DB_PREFIX):
        store, stream_id = open_database(), output[len(DB_PREFIX):] or None
    else:
        if Path(output).exists():
            raise BoardcoreError(f"{output} exists; choose another name (nothing was written)")
        store, stream_id = JsonlFile(output), JsonlFile.STREAM
    child = session.branch(at, store=store, stream_id=stream_id)
    where = output if not output.startswith(DB_PREFIX) else f"db:{child.stream_id}"
    _out(f"branched {target} at position {at} into {where}; {_status(child)}")


@app.command()
def replay(
    target: str = FileArg,
    to: Optional[int] = typer.Option(None, "--to", metavar="SEQ", help=f"Stop at {SeqOpt}."),
    step: bool = typer.Option(False, "--step", help="Step through interactively (Enter: next, b: back, q: quit)."),
    player: Optional[int] = AsOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Show a game's history, and its state at the end (or at --to)."""
    from boardcore import replay as replaying

    session = _load(target)
    player = _player(session, player)
    stop = session.position if to is None else _position(session, to, "--to")
    history = list(replaying.lines(session, player, stop))
    if as_json:
        return _json(history)
    if step:
        return _step_through(session, history, player)
    for line in history:
        _out(f"{line.position:>5}  {'>' if line.decision else ' '} {line.text}")
    _out(session.rules.render(session.state_at(stop), player))
    _out(_status(session) if stop == session.position else f"position {stop} of {session.position}")


def _step_through(session: Session, history: list[Any], player: Optional[int]) -> None:
    i = 0
    while history:
        line = history[i]
        _out(f"[{line.position}/{session.position}] {line.text}")
        _out(session.rules.render(session.state_at(line.position), player))
        key = typer.prompt("Enter next, b back, q quit", default="", show_default=False).strip().lower()
        if key == "q":
            return
        i = max(0, i - 1) if key == "b" else min(len(history) - 1, i + 1)


@app.command()
def head(target: str = FileArg, as_json: bool = JsonOpt) -> None:
    """Print the game's receipt: the position reached and the hash of the last record.

    Keep it: `boardcore audit FILE --head POS:HASH` later proves the record still holds exactly
    this history (no decision cut off the end, nothing rewritten)."""
    session = _load(target)
    receipt = session.head
    if as_json:
        return _json({"position": receipt.position, "hash": receipt.hash, "receipt": str(receipt)})
    _out(str(receipt))


@app.command()
def audit(
    target: str = FileArg,
    seed: Optional[str] = typer.Option(None, "--seed", help="The game's seed, to prove its dice fair."),
    head: Optional[str] = typer.Option(None, "--head", metavar="POS:HASH",
                                       help="A receipt (`boardcore head`): prove the record still holds that history."),
    as_json: bool = JsonOpt,
) -> None:
    """Prove a saved game intact, legal and fair; exit 1 at the first divergence."""
    from boardcore.audit import audit as run_audit

    report = run_audit(target, seed=seed, head=head)
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


@app.command()
def whatif(
    target: str = FileArg,
    at: int = typer.Option(..., "--at", metavar="SEQ", help="The position of the decision to question."),
    instead: list[str] = typer.Option([], "--instead", metavar="ACTION", help="An alternative (text form); repeatable."),
    all_: bool = typer.Option(False, "--all", help="Compare every legal alternative."),
    rollouts: int = typer.Option(100, "--rollouts", "-k", min=1, help="Playouts per alternative."),
    policy: str = typer.Option("random", "--policy", help="Policy for every seat in the playouts: random or greedy."),
    seed: str = typer.Option("0", "--seed", help="Seed of the playouts' chance."),
    as_json: bool = JsonOpt,
) -> None:
    """Had another decision been taken at SEQ: win rate and mean score per alternative."""
    from boardcore.errors import BoardcoreError
    from boardcore.whatif import decision_at, whatif as run_whatif

    if bool(instead) == all_:
        raise BoardcoreError("give either --instead ACTION (one or more) or --all")
    session = _load(target)
    from boardcore import agents
    agents.make(policy, session.rules)  # an unknown policy is refused before any playout
    player = decision_at(session, at).player
    count = sum(a.player == player for a in session.rules.legal_actions(session.state_at(at))) if all_ \
        else len(instead) + 1
    bar, task = _progress(count * rollouts, "playouts")
    with bar:
        report = run_whatif(session, at, None if all_ else list(instead), rollouts=rollouts, policy=policy,
                            seed=seed, progress=lambda n: bar.update(task, completed=n))
    if as_json:
        return _json(report)
    _out(f"P{report.player} at position {at}: {rollouts} {policy} playouts per alternative (95% intervals)")
    for alt in sorted(report.alternatives, key=lambda a: -a.win_rate.mean):
        mark = "*" if alt.recorded else " "
        _out(f"{mark} {alt.action:<40} win {alt.win_rate}  score {alt.mean_score}")
    _out("* the decision taken")


@app.command()
def check(
    game: str = typer.Argument(..., help="The game to check."),
    games_: int = typer.Option(100, "--games", "-n", min=1, help="Random games to play."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    mode: Optional[str] = typer.Option(None, "--mode"),
    level: Optional[str] = typer.Option(None, "--level"),
    mission: Optional[str] = typer.Option(None, "--mission"),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE"),
    seed: int = typer.Option(0, "--seed"),
    save_dir: Path = typer.Option(Path("check-failures"), "--save-dir", help="Where a failing game is saved."),
    as_json: bool = JsonOpt,
) -> None:
    """Play random games checking every rule invariant and engine promise after every event."""
    from boardcore import games as registry
    from boardcore.check import check as run_check

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    bar, task = _progress(games_, "games")
    with bar:
        report = run_check(rules, config, games=games_, seed=seed, save_dir=save_dir,
                           progress=lambda n: bar.update(task, completed=n))
    if as_json:
        _json(report)
    elif report.ok:
        _out(f"check passed: {report.games} games, {report.decisions} decisions, {report.events} events")
    else:
        f = report.failure
        _out(f"check FAILED: {f.promise}: {f.detail}\n  game seed {f.seed}, at position {f.at}"
             + (f"\n  saved as {f.replay} (see `boardcore replay {f.replay} --to {f.at}`)" if f.replay else ""))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def simulate(
    game: str = typer.Argument(..., help="The game to simulate."),
    games_: int = typer.Option(..., "--games", "-n", min=1, help="How many games."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    mode: Optional[str] = typer.Option(None, "--mode"),
    level: Optional[str] = typer.Option(None, "--level"),
    mission: Optional[str] = typer.Option(None, "--mission"),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE"),
    seat: list[str] = typer.Option([], "--seat", metavar="P=POLICY", help="random (default) or greedy, per seat."),
    seed: str = typer.Option("0", "--seed"),
    as_json: bool = JsonOpt,
) -> None:
    """Play many bot games in memory: win rates and score distributions per seat."""
    from boardcore import games as registry
    from boardcore.simulate import simulate as run_simulate

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    policies = _seats(rules, seat, int(config.players), "random")
    bar, task = _progress(games_, "games")
    with bar:
        report = run_simulate(rules, config, policies, games_, seed=seed,
                              progress=lambda n: bar.update(task, completed=n))
    if as_json:
        return _json(report)
    _out(f"{report.games} games of {report.game} in {report.seconds:.1f}s "
         f"({report.decisions / max(report.seconds, 1e-9):,.0f} decisions/s)"
         + (f"; {report.truncated} truncated" if report.truncated else ""))
    for s in report.seats:
        _out(f"P{s.player} {s.policy:<7} win {s.win_rate}  score {s.score}  "
             f"min {s.score_min:g} median {s.score_median:g} max {s.score_max:g}")


@app.command()
def export(
    target: str = FileArg,
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write this replay file."),
    to_db: bool = typer.Option(False, "--db", help="Copy into the database instead."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id for the copy."),
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Write only what PLAYER may see (for sharing a game in progress)."),
) -> None:
    """Copy a game, record for record (same hashes), to a replay file or the database.

    A replay file holds everything, hidden cards included (audit needs them): share a game in
    progress with `--as P -o OUT`, which writes that player's redacted record instead."""
    from boardcore.errors import BoardcoreError

    if (output is None) == (not to_db):
        raise BoardcoreError("give either -o FILE.jsonl or --db")
    if player is not None:
        if output is None:
            raise BoardcoreError("--as writes a redacted file: give -o OUT (the database keeps whole records only)")
        from boardcore.redact import write_redacted

        session = _load(target)
        _player(session, player)
        n = write_redacted(session, player, output)
        _out(f"wrote P{player}'s view of {n} events to {output} (hidden information removed; not auditable)")
        return
    _copy(target, output, game_id)


@app.command("import")
def import_(
    path: Path = typer.Argument(..., metavar="FILE", help="A replay file."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id (default: derived from the file)."),
) -> None:
    """Copy a replay file into the database, record for record."""
    _copy(str(path), None, game_id)


def _copy(target: str, output: Optional[Path], game_id: Optional[str]) -> None:
    """Export or import: one atomic create of the copy (refused, writing nothing, if it exists)."""
    from boardcore.session import Session
    from boardcore.store import JsonlFile, copy_stream, open_database, open_target

    source, source_id = open_target(target)
    session = Session.load(source_id, store=source)   # refuses a record that cannot be played on
    if output is not None:
        n = copy_stream(source, source_id, JsonlFile(output), JsonlFile.STREAM)
        _out(f"exported {n} records to {output}")
        return
    records = session.records()
    game_id = game_id or f"{records[0].event.game}-{records[-1].hash[:12]}"
    copy_stream(source, source_id, open_database(), game_id, session.summary())
    _out(f"imported {len(records)} records as db:{game_id}")


@app.command()
def repair(path: Path = typer.Argument(..., metavar="FILE", help="A replay file.")) -> None:
    """Remove a torn last line (left by a crash mid-write) from a replay file."""
    from boardcore.store import repair as repair_file

    removed = repair_file(path)
    if removed is None:
        _out("nothing to repair: the file ends with a whole write")
        return
    also = f" and the {removed.records_removed} record(s) written with it" if removed.records_removed else ""
    _out(f"removed the cut-off write at line {removed.line} ({removed.bytes_removed} bytes){also}; "
         f"{removed.records_left} records remain, every one of them whole")


@app.command()
def play(target: str = FileArg, player: Optional[int] = AsOpt) -> None:
    """Play in the terminal: numbered actions, u undo, r redo, b branch, h history, q quit."""
    from boardcore.play_terminal import play_loop

    play_loop(_load(target), player, _out)


# -- entry point ---------------------------------------------------------------------
def main() -> None:
    """Run the app, turning expected errors into one line and exit code 2."""
    try:
        code = app(standalone_mode=False)
    except Exception as exc:  # noqa: BLE001 - sorted below
        code = _exit_code(exc)
        if code is None:
            command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
            sys.stderr.write(f"internal error in `boardcore {command}`: {type(exc).__name__}: {exc} "
                             "(a bug: please report it with the command and the file; BOARDCORE_DEBUG=1 "
                             "shows the traceback)\n")
            if os.environ.get("BOARDCORE_DEBUG") == "1":
                raise
            code = INTERNAL_ERROR
        sys.exit(code)
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted: nothing already saved is lost (each decision is saved as it is taken)\n")
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def _exit_code(exc: BaseException) -> int | None:
    from boardcore.errors import BoardcoreError

    if isinstance(exc, typer.Exit):
        return exc.exit_code
    if isinstance(exc, typer.Abort):
        sys.stderr.write("aborted\n")
        return 130
    if isinstance(exc, typer.TyperException):  # usage errors: typer has printed nothing yet
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else "boardcore"
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        sys.stderr.write(f"error: {' '.join(message.split())} (see `{where} --help`)\n")
        return 2
    if isinstance(exc, BoardcoreError):
        sys.stderr.write(f"error: {exc}\n")
        return 2
    if isinstance(exc, OSError):
        sys.stderr.write(f"error: {exc.strerror or exc}{': ' + str(exc.filename) if exc.filename else ''}\n")
        return 2
    return None


if __name__ == "__main__":
    main()

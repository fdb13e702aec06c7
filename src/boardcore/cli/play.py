"""Commands that play: start a game, play it in the terminal, list and take decisions, undo, redo, branch."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from boardcore.cli.common import (AsOpt, branch_before, DataOpt, FileArg, GameArg, JsonOpt, LevelOpt, MissionOpt, ModeOpt, OptionOpt,
                                  PlayersOpt, SeqOpt, WroteJsonOpt, _bots, _config, _json, _legal_rows, _let_bots_move, _lines_json,
                                  _load, _numbered, _out, _pick, _player, _seats, _show_legal, _show_lines, _status,
                                  _written, app)

if TYPE_CHECKING:
    from boardcore.session.session import Session


@app.command()
def new(
    game: str = GameArg,
    players: Optional[int] = PlayersOpt,
    mode: Optional[str] = ModeOpt,
    level: Optional[str] = LevelOpt,
    mission: Optional[str] = MissionOpt,
    option: list[str] = OptionOpt,
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed for chance (default: a random secret)."),
    seat: list[str] = typer.Option([], "--seat", metavar="P=KIND",
                                   help="Who plays seat P: human (default), random, prior, greedy or mcts[:KEY=VALUE,…]; repeatable."),
    undo: Optional[str] = typer.Option(None, "--undo", metavar="free|own",
                                       help="Undo policy: own (each person undoes only their own decisions, never "
                                            "past revealed chance; the default with several people) or free "
                                            "(anything, until the game ends; the default otherwise)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write a replay file instead of the database."),
    data: Optional[Path] = typer.Option(None, "--data", metavar="DIR", help="Component data to use instead of the game's own."),
    game_id: Optional[str] = typer.Option(None, "--id", help="Database id for the new game (default: generated)."),
    as_json: bool = WroteJsonOpt,
) -> None:
    """Start a game; bots move until a human must act or the game ends."""
    from boardcore import games as registry
    from boardcore.game.errors import BoardcoreError
    from boardcore.session.session import Session
    from boardcore.stream.store import JsonlFile, open_database

    rules = registry.get(game, data)
    config = _config(rules, players, mode, level, mission, option)
    n = int(config.players)
    seats = _seats(rules, seat, n, "human")
    if undo is not None and undo not in ("free", "own"):
        raise BoardcoreError(f"--undo {undo}: choose free or own")
    if output is not None:
        if output.exists():
            raise BoardcoreError(f"{output} exists; choose another name (nothing was written)")
        store, stream_id = JsonlFile(output), JsonlFile.STREAM
    else:
        store, stream_id = open_database(), game_id
    session = Session.new(rules, config=config, seed=seed, store=store, stream_id=stream_id, seats=seats,
                          undo_policy=undo)  # type: ignore[arg-type]  # checked above
    where = str(output) if output is not None else f"db:{session.stream_id}"
    created = session.position
    made = _let_bots_move(session)
    if as_json:
        return _json(_written(session, where, created=True, players=n, seats=seats, bot_decisions=made))
    from boardcore.terminal.loop import POLICY

    _out(f"created {where}: {rules.name} for {n} ({', '.join(seats)}); undo policy {session.undo_policy}")
    _out(POLICY[session.undo_policy])
    if made:
        _since(session, created, f"bots took {made} decision{'s' if made != 1 else ''}:", target=where)
    _out(f"{_status(session)} · receipt {session.head.short}")
    if session.outcome is None:
        _out(f"play it: boardcore play {where}{registry.data_option(rules)}")


MAX_TOLD = 30
"""At most this many lines of what happened are printed after a command; `replay` has them all."""


def _since(session: Session, after: int, heading: str, player: Optional[int] = None,
           target: str = "FILE") -> list[Any]:
    """Print (and return) what happened after position `after`, as `player` may see it (default:
    the first person to act next, else the spectator): the last `MAX_TOLD` lines of it."""
    from boardcore.analysis import replay
    from boardcore.games import data_option

    if player is None:
        people = [p for p in session.to_act if p not in _bots(session)]
        player = people[0] if people else None
    lines = replay.told(list(replay.lines(session, player, start=after + 1)))
    if lines:
        _out(heading)
        _show_told(lines, target, player, data_option(session.rules))
    return lines


def _show_told(lines: list[Any], target: str, player: Optional[int], again: str = "") -> None:
    if len(lines) > MAX_TOLD:
        shown = lines[-MAX_TOLD:]
        _out(f"  … {len(lines) - MAX_TOLD} earlier lines (from position {lines[0].position}): "
             f"boardcore replay {target}{f' --as {player}' if player else ''}{again}")
        lines = shown
    _show_lines(lines)


@app.command()
def legal(target: str = FileArg, data: Optional[Path] = DataOpt, player: Optional[int] = AsOpt,
          why: bool = typer.Option(False, "--why", help="Also name the options the rules hold back now (a build "
                                                          "that needs more ore, a launch the rocket is not ready "
                                                          "for), each with the rule that says why."),
          as_json: bool = JsonOpt) -> None:
    """List the legal actions now, numbered for `act`: the game's words, and the text form `act` also reads."""
    session = _load(target, data)
    player = _player(session, player)
    held = session.unoffered(player or session.to_act[0]) if why and session.to_act else []
    if as_json:
        rows = _legal_rows(session, player)
        return _json({"legal": rows, "unoffered": held} if why else rows)
    if session.outcome is not None or not _numbered(session, player):
        _out(_status(session))
        return
    _show_legal(session, player)
    others = [p for p in session.to_act if p != (player or session.to_act[0])]
    if player is None and others:
        _out(f"also to act: {', '.join(f'P{p}' for p in others)} (list theirs with --as)")
    if why:
        _out("held back now:" if held else "held back now: nothing the rules name")
        for item in held:
            _out(f"  - {item.option}: {item.why} ({item.rule})")


@app.command()
def act(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    action: str = typer.Argument(..., help="The action's number in `boardcore legal`, or its text form."),
    player: Optional[int] = AsOpt,
    as_json: bool = WroteJsonOpt,
) -> None:
    """Take one decision (then bots move until a human must act), and say what followed: the
    decision's own facts and the bots' replies, as the player who acted may see them."""
    from boardcore.analysis import replay
    from boardcore.games import data_option

    session = _load(target, data)
    chosen = _pick(session, action, _player(session, player))
    rules = session.rules
    words = rules.describe(rules.view(session.state, chosen.player), chosen, chosen.player)
    session.apply(chosen)
    decided = replay.last_decision(session, chosen.player) or session.position
    made = _let_bots_move(session)
    since = replay.told(replay.since(session, chosen.player, after=decided))
    if as_json:
        return _json(_written(session, target, action=rules.format_action(chosen), words=words,
                              player=chosen.player, decided_at=decided, bot_decisions=made,
                              since=_lines_json(since)))
    _out(f"{decided:>5} {replay.taken(chosen.player, words)}")
    _show_told(since, target, chosen.player, data_option(session.rules))
    _out(f"{_status(session)} · receipt {session.head.short}")


@app.command()
def undo(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    n: Optional[int] = typer.Option(None, "-n", min=1, help="How many decisions to undo "
                                    "(default: back to the last human decision, bots' replies included)."),
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Who is undoing: under the 'own' policy only their own decisions."),
    as_json: bool = WroteJsonOpt,
) -> None:
    """Step back decisions. Nothing is deleted: an undo marker is appended.

    Under the game's undo policy `own` (several people at the table) each person may undo only
    their own decisions and the bots' replies to them, and never back past dice or cards already
    shown; under `free` anything may be undone until the game ends."""
    from boardcore.agents.play import undo_turn

    session = _load(target, data)
    player = _player(session, player)
    if n is None:
        n = undo_turn(session, _bots(session), by=player)
    else:
        session.undo(n, by=player)
    if as_json:
        return _json(_written(session, target, undone=n))
    _out(f"undone {n}; now at position {session.position}; {_status(session)}")


@app.command()
def redo(target: str = FileArg, data: Optional[Path] = DataOpt,
         player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER", help="Who is redoing."),
         as_json: bool = WroteJsonOpt) -> None:
    """Restore what the last undo took back (while nothing new was decided)."""
    from boardcore.agents.play import redo_turn

    session = _load(target, data)
    n = redo_turn(session, _bots(session), by=player)
    if as_json:
        return _json(_written(session, target, redone=n))
    _out(f"redone {n}; now at position {session.position}; {_status(session)}")


@app.command()
def branch(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    at: int = typer.Option(..., "--at", metavar="N",
                           help=f"The decision at {SeqOpt}: the branch starts just before it, so it can be "
                                "taken differently (one past the last position copies the whole game)."),
    output: str = typer.Option(..., "--output", "-o", metavar="NEW", help="New replay file, or db:ID."),
    as_json: bool = WroteJsonOpt,
) -> None:
    """Start a new game just before a decision of this one, to take it differently."""
    from boardcore.games import data_option

    session = _load(target, data)
    child, where = branch_before(session, at, output)
    if as_json:
        return _json(_written(child, where, branched_from=target, before=at))
    _out(f"branched {target} just before position {at} into {where}; {_status(child)}")
    _out(f"play it: boardcore play {where}{data_option(child.rules)}")


@app.command()
def play(target: str = FileArg, data: Optional[Path] = DataOpt,
         player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                              help="Play only this seat (the others play elsewhere, or are bots); "
                                                   "default: every person's seat, hot-seat.")) -> None:
    """Play in the terminal, one screen per turn: numbered options, what happened since your last
    decision, the board; v board, h history, u undo, r redo, b branch, ? help, q quit.

    Between two people's turns the screen is cleared and the next player presses Enter."""
    from boardcore.terminal.loop import play_loop

    session = _load(target, data)
    play_loop(session, _player(session, player), name=target)


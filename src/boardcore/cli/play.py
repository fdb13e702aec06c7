"""Commands that play: start a game, play it in the terminal, list and take decisions, undo, redo, branch."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from boardcore.cli.common import (AsOpt, FileArg, SeqOpt, _config, _let_bots_move, _load, _numbered, _out,
                                  _pick, _player, _seats, _show_legal, _status, _bots, _json, JsonOpt, app)

if TYPE_CHECKING:
    pass

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
                                   help="Who plays seat P: human (default), random, greedy or mcts[:KEY=VALUE,…]."),
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
def play(target: str = FileArg, player: Optional[int] = AsOpt) -> None:
    """Play in the terminal: numbered actions, u undo, r redo, b branch, h history, q quit."""
    from boardcore.play_terminal import play_loop

    play_loop(_load(target), player, _out)


# -- entry point ---------------------------------------------------------------------

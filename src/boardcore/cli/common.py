"""What every `boardcore` command shares: the app, common options, output, and opening games.

Only typer is imported at start-up; each command imports the rest of boardcore it needs inside
its own body, so a command pays for nothing it does not run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

if TYPE_CHECKING:
    from boardcore.session import Session

def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        sys.stdout.write(f"boardcore {version('boardcore')}\n")
        raise typer.Exit()


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
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Play, replay, audit and analyse board games on an event-sourced core."""

FileArg = typer.Argument(..., metavar="FILE", help="A replay file path, or db:ID for a game in the database.")
AsOpt = typer.Option(None, "--as", metavar="PLAYER",
                     help="As this player (1, 2, …); default: show the spectator's view, act for the first to act.")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of text.")
SeqOpt = "a position in the history, as `boardcore replay` numbers it"
WorkersOpt = typer.Option(None, "--workers", "-w", min=1, metavar="N",
                          help="Worker processes (default: every core). Results are the same for any N.")
RayOpt = typer.Option(None, "--ray", metavar="ADDRESS", envvar="BOARDCORE_RAY",
                      help="Run on a Ray cluster instead (an address, or 'auto'); needs boardcore[cluster].")


INTERNAL_ERROR = 3
"""Exit code of a bug: distinct from 1 (a failed audit or check) and 2 (bad usage or input)."""


# -- output helpers ------------------------------------------------------------------
def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _out(text: Any) -> None:
    """Plain text, written as it is (rich is not even imported for it: most commands print only this)."""
    sys.stdout.write(f"{text}\n")


def _rich(text: Any) -> None:
    """Text with rich markup (a game's picture, coloured messages), rendered by rich."""
    _console().print(text)


def _json(data: Any) -> None:
    import msgspec

    sys.stdout.write(json.dumps(msgspec.to_builtins(data), indent=2) + "\n")


def _progress(total: int, what: str):
    """A progress bar on stderr (quiet when stderr is not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
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



"""What every `boardcore` command shares: the app, common options, output, and opening games.

Only typer is imported at start-up; each command imports the rest of boardcore it needs inside
its own body, so a command pays for nothing it does not run.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

if TYPE_CHECKING:
    from boardcore.session.session import Session

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
         "3 an internal error (a bug); 141 the output's reader went away.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Play, replay, audit and analyse board games on an event-sourced core."""

def _game_names(incomplete: str) -> list[str]:
    """Shell completion of a GAME argument: the installed games' names (as `boardcore games` lists them)."""
    from boardcore import games

    return [name for name in games.names() if name.startswith(incomplete)]


GameArg = typer.Argument(..., metavar="GAME", help="The game, as `boardcore games` lists it.",
                         autocompletion=_game_names)
FileArg = typer.Argument(..., metavar="FILE", help="A replay file path, or db:ID for a game in the database.")
AsOpt = typer.Option(None, "--as", metavar="PLAYER",
                     help="As this player (1, 2, …); default: show the spectator's view, act for the first to act.")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of text.")
DataOpt = typer.Option(None, "--data", metavar="DIR",
                       help="The component data folder the game was played with, if not the game's own (`new --data`).")
WroteJsonOpt = typer.Option(False, "--json", help="Print what was written as JSON: where, position, receipt, status.")
SeqOpt = "position N as `boardcore replay` prints it (N-th event; the game's creation is 1)"

PlayersOpt = typer.Option(None, "--players", "-p", help="Number of players (default: the game's usual table, 2 for each game here).")
ModeOpt = typer.Option(None, "--mode", help="Game mode, if the game has several (warlords: teams or ffa).")
LevelOpt = typer.Option(None, "--level", help="Difficulty of the solo opponent (solar-sphere 1-3, warlords standard|hard).")
MissionOpt = typer.Option(None, "--mission", help="Mission: apogee 1-12 (solo 1-6), warlords per_planet|per_mercenary.")
OptionOpt = typer.Option([], "--option", "-O", metavar="KEY=VALUE",
                         help="Any other option of the game's config (repeatable), e.g. -O max_turns=20.")

EXAMPLES: dict[str, tuple[str, ...]] = {
    "games": ("boardcore games", "boardcore games --json"),
    "list": ("boardcore list", "boardcore list --json"),
    "new": ("boardcore new solar-sphere --players 2 -o game.jsonl",
            "boardcore new warlords -p 2 --seat 2=greedy",
            "boardcore new apogee -p 2 --undo free -o hot.jsonl --json"),
    "play": ("boardcore play game.jsonl", "boardcore play db:solar-sphere-1a2b --as 2"),
    "legal": ("boardcore legal game.jsonl", "boardcore legal game.jsonl --as 2 --json"),
    "act": ("boardcore act game.jsonl 3", 'boardcore act game.jsonl "P1 move_ship sector=W" --json'),
    "undo": ("boardcore undo game.jsonl", "boardcore undo game.jsonl -n 2 --as 1"),
    "redo": ("boardcore redo game.jsonl", "boardcore redo game.jsonl --json"),
    "branch": ("boardcore replay game.jsonl     # find the decision to take differently, say at 25",
               "boardcore branch game.jsonl --at 25 -o other.jsonl"),
    "show": ("boardcore show game.jsonl --as 1", "boardcore show game.jsonl --at 25 --full"),
    "replay": ("boardcore replay game.jsonl --as 1", "boardcore replay game.jsonl --to 25 --json"),
    "head": ("boardcore head game.jsonl > receipt.txt",),
    "audit": ("boardcore audit game.jsonl", "boardcore audit game.jsonl --head \"$(cat receipt.txt)\"",
              "boardcore audit replays/ db:all --workers 2"),
    "export": ("boardcore export db:apogee-1a2b -o apogee.jsonl",
               "boardcore export game.jsonl --as 2 -o for-p2.jsonl"),
    "import": ("boardcore import game.jsonl", "boardcore import game.jsonl --id friday --json"),
    "repair": ("boardcore repair game.jsonl",),
    "whatif": ("boardcore replay game.jsonl     # the decisions are the lines marked >, say one at 24",
               "boardcore whatif game.jsonl --at 24 --all --seconds 60",
               'boardcore whatif game.jsonl --at 24 --instead "P2 discard_die die=2" --policy greedy --html w.html'),
    "tournament": ("boardcore tournament apogee -p 2 --agent mcts --agent greedy -n 200",
                   "boardcore tournament solar-sphere -p 1 --level 1 --agent mcts --agent greedy --json"),
    "check": ("boardcore check warlords --games 20 -p 2", "boardcore check apogee --views all --workers 2"),
    "simulate": ("boardcore simulate apogee --games 100 -p 2 --seat 1=greedy",
                 "boardcore simulate warlords -n 10000 --workers 2 --json"),
    "view": ("boardcore view game.jsonl", "boardcore view game.jsonl --as 2 --at 25 -o for-p2.html"),
    "review": ("boardcore review game.jsonl", "boardcore review game.jsonl --as 2 --top 5 --workers 2",
               "boardcore review game.jsonl --seconds 20 --html review.html --json"),
}
"""An example or two for every command's `--help` (a test checks every command has one)."""


def attach_examples() -> None:
    """Give each registered command without an epilog of its own its examples (kept verbatim)."""
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__ if info.callback else "")
        lines = EXAMPLES.get(name)
        if lines and not info.epilog:
            info.epilog = "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)
WorkersOpt = typer.Option(None, "--workers", "-w", min=1, metavar="N",
                          help="Worker processes (default: every core). Results are the same for any N.")
RayOpt = typer.Option(None, "--ray", metavar="ADDRESS", envvar="BOARDCORE_RAY",
                      help="Run on a Ray cluster instead (an address, or 'auto'); needs boardcore[cluster].")


INTERNAL_ERROR = 3
"""Exit code of a bug: distinct from 1 (a failed audit or check) and 2 (bad usage or input)."""


# -- output helpers ------------------------------------------------------------------
def _console(stderr: bool = False, **options: Any):
    """A rich console for a command's output. A reader gone (`… | head -1`) is a closed pipe to it as
    to every other write: rich's own way (exit 1, the code of a failed audit) is not taken."""
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError(errno.EPIPE, "the reader closed the pipe")

    return Output(stderr=stderr, highlight=False, **({"soft_wrap": True} | options))


def _capped(config: dict[str, Any], truncated: int) -> str:
    """What a run's turn cap did, said whenever it has one (`max_turns`): the cap is the run's, not a
    rule of the game, so every game it stopped ended without a result."""
    cap = config.get("max_turns")
    if cap:
        return f"; capped at turn {cap} (a limit of this run, not a rule): {truncated} stopped there, no result"
    return f"; {truncated} truncated" if truncated else ""


def _ran_on(workers: int, seconds: float) -> str:
    """`2 workers, 3.0s`: where and how long a long command's work ran, in tenths of a second up to
    100 s (a short run's "0s" said nothing), in seconds after that."""
    took = f"{seconds:.1f}s" if seconds < 100 else f"{seconds:.0f}s"
    return f"{workers} worker{'s' if workers > 1 else ''}, {took}"


def _out(text: Any) -> None:
    """Plain text, written as it is (rich is not even imported for it: most commands print only this)."""
    sys.stdout.write(f"{text}\n")


def _json(data: Any) -> None:
    import json   # (2 ms at every start otherwise, for the commands asked for --json only)

    import msgspec

    sys.stdout.write(json.dumps(msgspec.to_builtins(data), indent=2, ensure_ascii=False) + "\n")


def _written(session: Session, where: str, **extra: Any) -> dict[str, Any]:
    """What a writing command's `--json` says: which game (as FILE for the next command), its
    position and receipt, and where play stands."""
    return {"target": where, "game": session.rules.name, "position": session.position,
            "receipt": str(session.head), "status": session.status, "to_act": list(session.to_act),
            "undo_policy": session.undo_policy, **extra}


def _lines_json(lines: Any) -> list[dict[str, Any]]:
    return [{"position": line.position, "decision": line.decision, "text": line.text, "event": line.event}
            for line in lines]


def _show_lines(lines: Any) -> None:
    """History lines as `replay` prints them: position, then the words (facts indented)."""
    sys.stdout.write("".join(f"{line.position:>5} {'' if line.decision else '  '}{line.text}\n" for line in lines))


def _progress(total: int, what: str):
    """A progress bar on stderr (quiet when stderr is not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=_console(stderr=True), transient=True)
    return bar, bar.add_task(what, total=total)



class LazyBar:
    """A progress bar on stderr started at the first piece of work done, so that a command refused before
    any (bad input) prints its one line and no bar. `update(done)` moves it; a command that works in
    stages (review: decisions read, then playouts) names each stage and its size as it goes."""

    def __init__(self, total: int | None = None, what: str = "") -> None:
        self.total, self.what = total, what
        self.bar: Any = None
        self.task: Any = None

    def update(self, done: int, *, what: str | None = None, total: int | None = None) -> None:
        self.what, self.total = what or self.what, total if total is not None else self.total
        if self.bar is None:
            self.bar, self.task = _progress(self.total, self.what)
            self.bar.start()
        self.bar.update(self.task, description=self.what, total=self.total, completed=done)

    def __enter__(self) -> LazyBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

# -- opening games --------------------------------------------------------------------
def _load(target: str, data: Path | None = None, seed: str | None = None) -> Session:
    from boardcore.session.session import Session

    return Session.load(target, data=data, seed=seed)


def branch_before(session: Session, position: int, output: str) -> tuple[Session, str]:
    """A new game holding everything before the decision printed at `position`, so that decision
    can be taken differently; `position` one past the end copies the game as it stands. `output`
    is a new replay file or `db:ID`. Returns the branch and how to open it again.

    `Session.branch(at)` counts the events it keeps, so it is handed `position - 1`. The command line's
    `branch` and the terminal's branch key both make theirs here."""
    from boardcore.analysis.replay import check_branch_point
    from boardcore.game.errors import BoardcoreError
    from boardcore.stream.store import DB_PREFIX, JsonlFile, open_database

    check_branch_point(session, position)
    if output.startswith(DB_PREFIX):
        child = session.branch(position - 1, store=open_database(), stream_id=output[len(DB_PREFIX):] or None)
        return child, f"db:{child.stream_id}"
    if Path(output).exists():
        raise BoardcoreError(f"{output} exists; choose another name (nothing was written)")
    return session.branch(position - 1, store=JsonlFile(output), stream_id=JsonlFile.STREAM), output


def _player(session: Session, player: Optional[int]) -> Optional[int]:
    if player is not None and not 1 <= player <= session.players:
        raise typer.BadParameter(f"this game has players 1-{session.players}", param_hint="--as")
    return player


def _position(session: Session, value: int, option: str) -> int:
    """A position a user typed, checked against the game's history (the numbering `replay` prints)."""
    from boardcore.game.errors import BoardcoreError

    if not 1 <= value <= session.position:
        raise BoardcoreError(f"{option} {value}: positions run from 1 (the game's creation) to "
                             f"{session.position} in this game, as `boardcore replay` prints them")
    return value


def _bots(session: Session) -> dict[int, Any]:
    from boardcore.agents import policies as agents

    return {p: agents.make(kind, session.rules) for p, kind in enumerate(session.seats, 1)
            if kind != "human"}


def _let_bots_move(session: Session) -> int:
    from boardcore.agents.play import run_bots

    bots = _bots(session)
    return run_bots(session, bots, seed=session.stream_id) if bots else 0


def _status(session: Session) -> str:
    return session.status


def _numbered(session: Session, player: Optional[int]) -> list[Any]:
    """The numbered choices of `player`, by default of the first player to act: in a
    simultaneous step each player lists their own (others' options may be secret)."""
    if player is None and session.to_act:
        player = session.to_act[0]
    return session.legal_actions(player)


def _legal_rows(session: Session, player: Optional[int]) -> list[dict[str, Any]]:
    """The numbered actions: the game's words for people, the text form for `act` and scripts."""
    rules, out = session.rules, []
    for i, action in enumerate(_numbered(session, player), 1):
        words = rules.describe(rules.view(session.state, action.player), action, action.player)
        out.append({"n": i, "player": action.player, "action": rules.format_action(action), "words": words})
    return out


def _show_legal(session: Session, player: Optional[int]) -> None:
    for row in _legal_rows(session, player):
        form = "   " + _dim("[" + row["action"] + "]") if row["words"] != row["action"] else ""
        _out(f"{row['n']:>3}. {row['words']}{form}")


def _dim(text: str) -> str:
    """Faint text on a colour terminal (the text form beside the words), as it is anywhere else;
    written as one escape code, so the commands that print plain lines never import rich."""
    if sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb":
        return f"\x1b[2m{text}\x1b[22m"
    return text


def _pick(session: Session, text: str, player: Optional[int]) -> Any:
    """An action by its number in `legal` or by its text form."""
    from boardcore.game.errors import BoardcoreError

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
    from boardcore.game.errors import BoardcoreError

    named = {"players": players, "mode": mode, "level": level, "mission": mission}
    extra: dict[str, str] = {}
    for key, value in map(_key_value, option):
        if key in extra or named.get(key) is not None:
            raise BoardcoreError(f"the option {key!r} is given twice (once with -O): give it once")
        extra[key] = value
    return rules.make_config(**{k: v for k, v in named.items() if k not in extra}, **extra)


def _seats(rules: Any, specs: list[str], players: int, default: str) -> list[str]:
    """`--seat P=KIND` options as one kind per seat (a policy name or human)."""
    from boardcore.agents import policies as agents
    from boardcore.game.errors import BoardcoreError

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
    from boardcore.game.errors import BoardcoreError

    key, sep, value = text.partition("=")
    if not sep or not key:
        raise BoardcoreError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()




# -- pages ---------------------------------------------------------------------------------
def page_target(out: Path, overwrite: bool, target: str | None = None) -> None:
    """Refuse, before any work, to write a page over the saved game itself, into a missing folder, or
    over an existing file unless asked (`--overwrite`)."""
    from boardcore.game.errors import BoardcoreError

    if target and out.exists() and Path(target).exists() and out.resolve() == Path(target).resolve():
        raise BoardcoreError(f"{out} is the saved game itself: choose another -o (nothing was written)")
    if out.is_dir():
        raise BoardcoreError(f"{out} is a folder: give a file name (nothing was written)")
    if not out.parent.is_dir():
        raise BoardcoreError(f"{out.parent} is not a folder: make it first, or choose another name "
                             "(nothing was written)")
    if out.exists() and not overwrite:
        raise BoardcoreError(f"{out} exists; pass --overwrite to replace it (nothing was written)")


def write_page(out: Path, html: str) -> None:
    """Write through a temporary file beside `out`, then rename: a reader never sees half a page."""
    import os
    import tempfile

    folder = out.parent if str(out.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{out.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
        os.chmod(temporary, 0o644)
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

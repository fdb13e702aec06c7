"""The `boardcore` command: thin over the library, one library call per command.

GAME names an installed game; FILE a saved game, either a replay file path or `db:ID` for a game
in the configured database. Exit codes: 0 ok, 1 a failed audit or check, 2 bad usage or bad input
(one line on stderr, no traceback), 3 an internal error (a bug: one line naming the command), 130
after Ctrl-C (one line), 141 when the output's reader went away (quietly).

Commands live in modules by kind (`play`, `records`, `analysis`, `strength`, `view`, `review`: the
`COMMANDS` table below) and are imported only when asked for: `boardcore act` loads the play commands, not the analysis machinery, and each command imports
the rest of boardcore it needs inside its own body. `--help`, completion and unknown words load all.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

import typer

from boardcore.cli.common import INTERNAL_ERROR, app, attach_examples

COMMANDS: dict[str, str] = {
    **dict.fromkeys(("new", "play", "legal", "act", "undo", "redo", "branch"), "play"),
    **dict.fromkeys(("games", "list", "show", "replay", "head", "audit", "export", "import", "repair"), "records"),
    **dict.fromkeys(("check", "simulate"), "analysis"),
    **dict.fromkeys(("whatif", "tournament"), "strength"),
    "view": "view",
    "review": "review",
}
"""Which module defines each command (a test checks this against what the modules register)."""


def load_commands(argv: list[str]) -> None:
    """Register the command `argv` names, or every command when it names none (help, completion)."""
    word = next((a for a in argv if not a.startswith("-")), None)
    wanted = {COMMANDS[word]} if word in COMMANDS and not os.environ.get("_BOARDCORE_COMPLETE") \
        else set(COMMANDS.values())
    for module in dict.fromkeys(m for m in COMMANDS.values() if m in wanted):
        import_module(f"boardcore.cli.{module}")
    attach_examples()


def main() -> None:
    """Run the app, turning expected errors into one line and exit code 2."""
    try:
        load_commands(sys.argv[1:])
        try:
            code = app(standalone_mode=False)
        except SystemExit:
            if _pipe_was_closed():   # typer's way with EPIPE: exit 1, which here means a failed audit
                _closed_pipe()
            raise
        if code == INTERRUPTED:   # typer turns Ctrl-C into this exit code, silently
            _interrupted()
        sys.stdout.flush()        # (a reader gone by now is met here, not in the interpreter's last flush)
    except BrokenPipeError:
        _closed_pipe()
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
        _interrupted()
    sys.exit(code if isinstance(code, int) else 0)


INTERRUPTED = 130
CLOSED_PIPE = 128 + 13
"""A shell's code for a command whose reader went away (killed by SIGPIPE), as `yes | head -1` leaves."""


def _pipe_was_closed() -> bool:
    """Whether typer met a closed stdout (EPIPE): it wraps the streams so nothing more is written."""
    return type(sys.stdout).__name__ == "PacifyFlushWrapper"


def _closed_pipe() -> None:
    """Whoever read the output (`… | head -1`) has gone: stop quietly with the shell's code for it. The
    rest of the output goes nowhere, so the interpreter's last flush meets no closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(CLOSED_PIPE)


def _interrupted() -> None:
    """Ctrl-C: say what became of the work, and exit as shells expect of an interrupted command."""
    sys.stderr.write("\ninterrupted: every decision already saved is kept (each is saved as it is taken); "
                     "this command's unfinished work was dropped\n")
    sys.exit(INTERRUPTED)


def _exit_code(exc: BaseException) -> int | None:
    from boardcore.game.errors import BoardcoreError

    if isinstance(exc, typer.Exit):
        return exc.exit_code
    if isinstance(exc, typer.Abort):
        sys.stderr.write("aborted\n")
        return INTERRUPTED
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

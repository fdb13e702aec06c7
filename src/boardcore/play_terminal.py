"""The terminal game loop behind `boardcore play`: hot-seat humans and bots.

Every decision is saved as it is taken (the session writes before it returns),
so quitting, Ctrl-C or a crash loses nothing; undo appends a marker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from boardcore.errors import BoardcoreError
from boardcore.play import redo_turn, run_bots, undo_turn
from boardcore.session import Session

HELP = "number or action text to play · u undo · r redo · h history · b branch · ? help · q quit"


def play_loop(session: Session, seat: int | None, out: Callable[[Any], None]) -> None:
    from boardcore import agents, replay

    bots = {p: agents.make(kind, session.rules) for p, kind in enumerate(session.seats, 1) if kind != "human"}
    out(HELP)
    while True:
        made = run_bots(session, bots, seed=session.stream_id) if bots else 0
        if made:
            out(f"bots took {made} decisions")
        if session.outcome is not None:
            out(session.rules.render(session.state, seat))
            out(status(session))
            return
        humans = [p for p in session.to_act if p not in bots and (seat is None or p == seat)]
        if not humans:
            out(f"waiting for {', '.join(f'P{p}' for p in session.to_act)}; play them with --as")
            return
        actor = humans[0]
        legal = session.legal_actions(actor)
        out(session.rules.render(session.state, actor))
        for i, action in enumerate(legal, 1):
            out(f"{i:>3}. {session.rules.format_action(action)}")
        answer = typer.prompt(f"P{actor}", default="", show_default=False).strip()
        try:
            if answer in ("q", "quit"):
                out("saved; continue later with `boardcore play`")
                return
            if answer in ("?", "help", ""):
                out(HELP)
            elif answer == "u":
                undo_turn(session, bots, by=actor)
                out(f"undone; back at position {session.position}")
            elif answer == "r":
                redo_turn(session, bots, by=actor)
            elif answer == "h":
                for line in replay.lines(session, actor):
                    out(f"{line.position:>5}  {'>' if line.decision else ' '} {line.text}")
            elif answer == "b":
                _branch(session, out)
            else:
                chosen = legal[int(answer) - 1] if answer.isdigit() and 0 < int(answer) <= len(legal) \
                    else session.rules.parse_action(session.state, answer)
                session.apply(chosen)
        except BoardcoreError as exc:
            out(f"[red]{exc}[/red]")


def _branch(session: Session, out: Callable[[Any], None]) -> None:
    from boardcore.store import JsonlFile

    at = typer.prompt("branch at position", default=str(session.position), type=int)
    path = typer.prompt("save the branch as (replay file)")
    child = session.branch(at, store=JsonlFile(path), stream_id=JsonlFile.STREAM)
    out(f"branch saved to {path} at position {child.position}; play it with `boardcore play {path}`")


def status(session: Session) -> str:
    """One line: who is to act, or how the game ended."""
    return session.status

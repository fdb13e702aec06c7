"""`boardcore view`: a saved game as one self-contained HTML page (board, timeline, log, charts)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from boardcore.cli.common import DataOpt, FileArg, _load, _out, _player, _position, app, page_target, write_page


@app.command()
def view(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    player: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Show only what PLAYER could see (default: a spectator's view; "
                                              "a finished game with its seed revealed shows everything)."),
    at: Optional[int] = typer.Option(None, "--at", metavar="POS",
                                     help="Open at this position, as `boardcore replay` numbers them "
                                          "(default: the end)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="OUT.html",
                                          help="Where to write the page (default: beside FILE, named after it)."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace OUT.html if it exists."),
) -> None:
    """Write a game's replay viewer: one HTML file that opens offline in any browser."""
    from boardcore.view import page

    session = _load(target, data)
    player = _player(session, player)
    if at is not None:
        _position(session, at, "--at")
    out = output if output is not None else default_output(target, player)
    page_target(out, overwrite, target)
    html = page(session, player=player, at=at)
    write_page(out, html)
    who = "a spectator's view" if player is None else f"P{player}'s view"
    if session.revealed:
        who = "everything (the game is over and its seed revealed)"
    _out(f"wrote {out} ({len(html.encode()) / 1024:,.0f} KB; {len(session.boundaries()) - 1} decisions; {who})")


def default_output(target: str, player: Optional[int]) -> Path:
    """`game.jsonl` -> `game.html` beside it (`game-P2.html` for P2's view); `db:ID` -> `ID.html` here."""
    from boardcore.stream.store import DB_PREFIX

    suffix = "" if player is None else f"-P{player}"
    if target.startswith(DB_PREFIX):
        return Path(f"{target[len(DB_PREFIX):]}{suffix}.html")
    path = Path(target)
    return path.with_name(f"{path.stem}{suffix}.html")

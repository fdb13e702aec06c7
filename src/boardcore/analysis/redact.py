"""A player's redacted record: what one seat may see of a game, for sharing a game in progress.

A replay file holds the whole truth, every hidden card included, because an audit needs it. To
show a game to someone without showing them what a player could not see, write that player's
record instead: each effective event as `visible(event, player)` gives it (lines a player never
sees are left out), and the player's `view` of the position reached.

It carries no hashes: a hash over an event with a hidden card in it lets anyone who can guess
the card (there are few) check the guess. Hence it cannot be audited; the full record can.

    line 1:   {"format": "boardcore-redacted", "version": 1, "game", …, "as_player", "position"}
    lines:    {"position": N, "event": {…}}
    last:     {"view": {…}}        the position reached, as the player sees it
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from boardcore.game.errors import StreamExists
from boardcore.session.session import Session

FORMAT = "boardcore-redacted"


class RedactedHeader(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    version: int
    game: str
    rules_version: str
    data_id: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    as_player: int | None
    position: int
    status: str


def redacted_lines(session: Session, player: int | None) -> list[bytes]:
    """The redacted record as JSON lines (see the module docstring)."""
    encode = msgspec.json.encode
    rules, created = session.rules, session.created
    header = RedactedHeader(format=FORMAT, version=1, game=created.game, rules_version=created.rules_version,
                            data_id=created.data_id, config=created.config, seats=created.seats,
                            as_player=player, position=session.position, status=session.status)
    out = [encode(header)]
    for position, rec in enumerate(session.history.live[1:], 2):
        shown = rules.visible(rec.event, player)
        if shown is not None:
            out.append(encode({"position": position, "event": shown}))
    out.append(encode({"view": rules.view(session.state, player)}))
    return out


def write_redacted(session: Session, player: int | None, path: str | os.PathLike) -> int:
    """Write `player`'s record to a new file (never over an existing one). Returns how many
    events it holds."""
    lines = redacted_lines(session, player)
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise StreamExists(f"{path} exists; choose another name (nothing was written)") from None
    with os.fdopen(fd, "wb") as fh:
        fh.write(b"\n".join(lines) + b"\n")
        fh.flush()
        os.fsync(fh.fileno())
    return len(lines) - 2

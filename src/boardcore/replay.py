"""Replay: a saved game's history, position by position, as a player may see it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from boardcore.events import Decision, Event
from boardcore.rules import Rules
from boardcore.session import Session


class Line(msgspec.Struct, frozen=True):
    """One effective event: `position` is the state it leads to (`state_at(position)`)."""

    position: int
    seq: int
    decision: bool
    text: str


def describe(rules: Rules, event: Event) -> str:
    if isinstance(event, Decision):
        return rules.format_action(event)
    fields = " ".join(f"{k}={v}" for k, v in msgspec.structs.asdict(event).items()
                      if k not in ("config", "start"))
    return f"{event.__struct_config__.tag} {fields}".rstrip()


def lines(session: Session, player: int | None = None, stop: int | None = None) -> Iterator[Line]:
    """The effective history, each event redacted for `player` (None: the spectator)."""
    rules = session.rules
    for position, rec in enumerate(session.history.live[:stop], 1):
        shown = rules.visible(rec.event, player) if position > 1 else rec.event
        if shown is not None:
            yield Line(position, rec.seq, isinstance(rec.event, Decision), describe(rules, shown))


def view_at(session: Session, position: int, player: int | None) -> Any:
    return session.rules.view(session.state_at(position), player)


def load_state(target: str, **load: Any) -> Any:
    """The final state of a saved game: read, follow undo/redo, fold. The path the
    replay benchmark measures (no hash check: `audit` does that)."""
    return Session.load(target, verify_chain=False, checkpoint_every=0, **load).state

"""Events: the immutable facts a game's stream is made of.

Every event is a frozen msgspec Struct whose JSON carries a `type` tag, the
snake_case form of its class name unless the class names another. Games derive
their events from `Decision` (one player's choice) and `Fact` (what follows).
The stream-level events below belong to boardcore and mean the same in every game.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import msgspec

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake_case(name: str) -> str:
    """`DieDeployed` -> `die_deployed`: the stable tag written to streams."""
    return _CAMEL.sub("_", name).lower()


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag=snake_case, gc=False,
            forbid_unknown_fields=True):
    """Base of every event. No floats anywhere: JSON round trips must be exact. Decoding is
    strict: a field the event does not have is an error, never silently dropped."""


class Decision(Event):
    """Exactly one player's choice; `decide` returns it first, then its facts.

    Undo moves back whole decisions, so the decision also marks where a step of
    play begins in the history.
    """

    player: int


class Fact(Event):
    """What follows from a decision: rolls, draws, gains, phase changes.

    A fact class that shows chance or hidden information to the table sets
    `reveals = True`; the `own` undo policy will not step back over it.
    """

    reveals: ClassVar[bool] = False


class GameCreated(Event):
    """Always record 0. `start` holds a whole state when the game began from a
    given position (`Session.from_state`), else None and the rules' setup ran."""

    game: str
    rules_version: str
    data_id: str
    config: dict[str, Any]
    seed_commitment: str
    start: Any = None
    seats: tuple[str, ...] = ()


class Undone(Event):
    """Undo of one decision: the effective history is cut back to `to` events."""

    to: int
    by: int | None = None


class Redone(Event):
    """Restores the most recently undone decision (only while nothing new was decided)."""

    by: int | None = None


class BranchedFrom(Event, omit_defaults=True):
    """Record 1 of a branch: the parent stream, the effective length copied, and the hash of
    the parent's last copied record, so the branch is tied to its origin.

    `seed_commitment` is set when the branch plays on with a fresh seed of its own (a branch of
    a game in progress must not meet the real game's next dice): decisions the branch takes are
    then derived from that seed, while the copied records keep the parent's. Empty when the
    branch shares the parent's seed (omitted from the encoding, so older branches read as before)."""

    parent: str
    at: int
    parent_hash: str
    seed_commitment: str = ""


class UndoPolicySet(Event):
    """The undo policy the table chose (`free` or `own`), in the creating commit right after
    `GameCreated` (after `BranchedFrom` in a branch), written only when it differs from the default
    the seats imply (`own` with several people, else `free`). Being in the hashed record, the
    promise made at the table ("nobody may undo another's move") survives a reload and an audit."""

    policy: str


class SeedRevealed(Event):
    """The game's seed, published after play so anyone can re-derive every random fact."""

    seed: str


STREAM_EVENTS: tuple[type[Event], ...] = (GameCreated, Undone, Redone, BranchedFrom, SeedRevealed, UndoPolicySet)
MARKERS: tuple[type[Event], ...] = (Undone, Redone, BranchedFrom, SeedRevealed, UndoPolicySet)
"""Stream events that steer the history but are not folded into game state."""

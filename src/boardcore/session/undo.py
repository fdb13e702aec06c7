"""Who may undo what (ARCHITECTURE.md, Session: undo policies).

`free`: anything may be undone, one whole decision at a time, until the game ends (then the seed
is revealed, the dice are known, and a branch is the way to try again). `own`, the default when
several people share a table: each person undoes only their own decisions (with the bots' replies
to them), and never back past a fact that showed chance or hidden information to the table. A
policy other than the seats' default is recorded when the game is created (`UndoPolicySet`), so it
holds after every reload.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from boardcore.game.errors import BoardcoreError, UndoRefused
from boardcore.game.events import Decision, Event, Fact, UndoPolicySet
from boardcore.stream.records import Recorded

UndoPolicy = Literal["free", "own"]


def decision_starts(live: Sequence[Recorded]):
    """Where each decision in `live` stands, latest first."""
    return (i for i in range(len(live) - 1, 0, -1) if isinstance(live[i].event, Decision))


def default_policy(seats: Sequence[str]) -> UndoPolicy:
    """`own` when several humans share the table, else `free` (ARCHITECTURE.md, Session)."""
    return "own" if list(seats).count("human") > 1 else "free"


def policy_marker(policy: str, seats: Sequence[str]) -> list[Event]:
    """The `UndoPolicySet` a creating commit carries: none when `policy` is what the seats imply
    anyway, so games keeping the default are recorded exactly as before the marker existed."""
    if policy not in ("free", "own"):
        raise BoardcoreError(f"unknown undo policy {policy!r}: choose free or own")
    return [] if policy == default_policy(seats) else [UndoPolicySet(policy=policy)]


def check_undo(group: Sequence[Recorded], by: int | None, policy: str, revealed: bool,
               is_bot: Callable[[int], bool]) -> None:
    """Refuse (UndoRefused) to undo `group`, one decision with its facts, when the policy forbids it."""
    if revealed:
        raise UndoRefused("the seed has been revealed, so the dice are known: branch instead of undoing")
    if policy != "own":
        return
    decision = group[0].event
    if decision.player != by and not is_bot(decision.player):
        raise UndoRefused(f"P{by} may not undo P{decision.player}'s decision: with several people at the "
                          "table each may undo only their own (undo policy 'own')")
    shown = next((r for r in group if isinstance(r.event, Fact) and r.event.reveals), None)
    if shown is not None:
        raise UndoRefused(f"cannot undo past {shown.event.__struct_config__.tag}: it revealed chance or "
                          "hidden information to the table (undo policy 'own')")

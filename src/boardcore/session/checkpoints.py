"""Checkpoints: private copies of the state at a few positions of a history, so that any earlier
position is one short fold away from the nearest copy at or before it.

They are made lazily. A history starts with one copy (the position `GameCreated` stands for);
further copies, one every `every` events, are made along the fold the first time someone looks
back that far (`state_at`, an undo), and kept for the next look. A session that only plays on (a
simulation, an RL episode, one CLI command) never pays for them. An undo drops the copies beyond
the position it returns to.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Sequence
from typing import Any

from boardcore.game.rules import Rules
from boardcore.stream.records import Recorded


class Checkpoints:
    """States by position (the number of effective events folded into them), found by bisection."""

    __slots__ = ("rules", "every", "states", "marks")

    def __init__(self, rules: Rules, every: int) -> None:
        self.rules = rules
        self.every = every
        self.states: dict[int, Any] = {}     # position -> a private copy of the state there
        self.marks: list[int] = []           # the positions, ascending

    def start(self, state: Any) -> None:
        """Forget every copy and keep one of `state`, the history's first position."""
        self.states, self.marks = {}, []
        self.add(1, state)

    def add(self, position: int, state: Any) -> None:
        self.states[position] = self.rules.copy(state)
        insort(self.marks, position)

    def fold_to(self, position: int, live: Sequence[Recorded]) -> Any:
        """A fresh state at `position` of `live`: the nearest copy at or before it, folded on, with
        a copy made every `every` events on the way (none when `every` is 0)."""
        base = self.marks[bisect_right(self.marks, position) - 1]
        state = self.rules.copy(self.states[base])
        evolve, every = self.rules.evolve, self.every
        if not every or position - base <= every:
            for rec in live[base:position]:
                state = evolve(state, rec.event)
            return state
        for i in range(base, position):
            state = evolve(state, live[i].event)
            if (i + 1) % every == 0 and i + 1 < position and (i + 1) not in self.states:
                self.add(i + 1, state)
        return state

    def forget_after(self, position: int) -> None:
        """Drop the copies an undo cut away."""
        keep = bisect_right(self.marks, position)
        for mark in self.marks[keep:]:
            del self.states[mark]
        del self.marks[keep:]

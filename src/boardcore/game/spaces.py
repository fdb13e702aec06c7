"""Fixed-size numbers for learning agents: an action codec and an observation encoding per game.

Both are plain Python (no numpy): `boardcore.rl` turns them into arrays and `gymnasium.spaces`.

**Actions.** A game lists, once per configuration, every decision that could ever be legal, as
templates with `player=0` (`Rules.all_actions(config)`). An action's index is its template's
place in that list, so the index space is finite and fixed, and the same for every seat.
Indexes are stable across versions of the same rules as long as a game only appends to its list
(each game's data notes say so).

**Observations.** A game describes its observation field by field (`Field`: a name, how many
numbers, their range, what they mean) and encodes a *view* (`Rules.view(state, player)`), never a
state, so an observation cannot carry what the player may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.events import Decision


class ActionCodec:
    """Indexes for one game and configuration (see the module docstring)."""

    def __init__(self, templates: Sequence[Decision]) -> None:
        self.templates = tuple(templates)
        self.size = len(self.templates)
        self._index: dict[Decision, int] = {}
        for i, t in enumerate(self.templates):
            if t.player != 0:
                raise ValueError(f"action template {t!r} must have player=0")
            if t in self._index:
                raise ValueError(f"action template {t!r} is listed twice")
            self._index[t] = i

    def encode(self, action: Decision) -> int:
        """The index of `action` (of any player)."""
        try:
            return self._index[msgspec.structs.replace(action, player=0)]
        except KeyError:
            raise BoardcoreError(f"{action!r} has no index: the game's action list misses it") from None

    def decode(self, index: int, player: int) -> Decision:
        """The action with `index`, taken by `player` (whether it is legal is the rules' business)."""
        if not 0 <= index < self.size:
            raise IllegalAction(f"action index {index} is outside 0..{self.size - 1}")
        return msgspec.structs.replace(self.templates[index], player=player)

    def legal_indexes(self, legal: Sequence[Decision], player: int) -> list[int]:
        """The indexes of `player`'s actions among `legal` (the mask's true entries), ascending."""
        return sorted(self.encode(a) for a in legal if a.player == player)


class Field(msgspec.Struct, frozen=True):
    """One part of an observation: `size` integers in `low..high`, meaning `doc`."""

    name: str
    size: int
    low: int
    high: int
    doc: str


class Observation:
    """A game's observation encoding: its fields, and the function that fills them from a view."""

    def __init__(self, fields: Sequence[Field], encode: Callable[[Any, int], list[int]]) -> None:
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)
        self._encode = encode

    def encode(self, view: Any, player: int) -> list[int]:
        """`player`'s view as `size` integers, each within its field's range (checked)."""
        values = self._encode(view, player)
        if len(values) != self.size:
            raise ValueError(f"observation has {len(values)} numbers, its fields say {self.size}")
        return values

    def check(self, values: Sequence[int]) -> str | None:
        """Why `values` break the declared ranges, or None."""
        i = 0
        for f in self.fields:
            for v in values[i:i + f.size]:
                if not f.low <= v <= f.high:
                    return f"{f.name}: {v} is outside {f.low}..{f.high}"
            i += f.size
        return None

    @property
    def low(self) -> list[int]:
        return [f.low for f in self.fields for _ in range(f.size)]

    @property
    def high(self) -> list[int]:
        return [f.high for f in self.fields for _ in range(f.size)]

"""Decision points: the one way every game says what it asks, what may be answered, and what an answer does.

A game's state always names the decision point that is open (its *kind*: "ship", "admin", "gain"…).
Each kind is declared once, where the rulebook part it belongs to is implemented:

    POINTS = DecisionPoints("warlords")

    @POINTS.options("ship", asks="Move your Base Ship to an adjacent sector (GW-SHIP-01)")
    def ship_destinations(c, s, player): ...          # -> the legal answers, as Decision events

    @POINTS.resolves("ship")
    def on_move(c, u, action, rng): ...               # emits the facts that follow the answer

`c` is the game's component data, `s` a state, `u` the decision's `Unfolding`. The table is filled as the
game's part modules are imported; `complete()` (called by the game's `Rules` when it is built) fails
loudly if a kind lacks its options or its resolution, so a forgotten half cannot hide until play reaches
it. `asks` is the question in words, for the terminal and the replay viewer.

Multi-step decisions (TAG's stack of actions) stay each game's own: the stack lives in the state because
it is recorded history, and each game's stack records different things. What is shared is that every
entry on any stack is answered through a kind in this table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from boardcore.game.events import Decision

Options = Callable[[Any, Any, int], list[Decision]]
Resolve = Callable[[Any, Any, Decision, Any], None]


class Point(NamedTuple):
    """One kind of decision point."""

    kind: str
    asks: str
    options: Options
    resolve: Resolve


class DecisionPoints:
    """A game's decision points by kind (see the module docstring)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._asks: dict[str, str] = {}
        self._options: dict[str, Options] = {}
        self._resolve: dict[str, Resolve] = {}
        self.points: dict[str, Point] = {}

    def options(self, kind: str, *, asks: str) -> Callable[[Options], Options]:
        """Register the function listing the legal answers at `kind`, with the question in words."""
        def register(fn: Options) -> Options:
            self._claim(self._options, kind, fn)
            self._asks[kind] = asks
            return fn
        return register

    def resolves(self, kind: str) -> Callable[[Resolve], Resolve]:
        """Register the function that emits what follows an answer at `kind`."""
        def register(fn: Resolve) -> Resolve:
            self._claim(self._resolve, kind, fn)
            return fn
        return register

    def _claim(self, table: dict, kind: str, fn: Callable) -> None:
        if kind in table:
            raise ValueError(f"{self.game}: decision point {kind!r} is registered twice "
                             f"({table[kind].__qualname__} and {fn.__qualname__})")
        table[kind] = fn

    def complete(self) -> DecisionPoints:
        """Build the table; every kind must have both halves. Returns self."""
        kinds = set(self._options) | set(self._resolve)
        lacking = sorted(k for k in kinds if k not in self._options or k not in self._resolve)
        if lacking:
            raise ValueError(f"{self.game}: decision points without options or resolution: {', '.join(lacking)}")
        self.points = {k: Point(k, self._asks[k], self._options[k], self._resolve[k]) for k in sorted(kinds)}
        return self

    def __getitem__(self, kind: str) -> Point:
        return self.points[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self.points

    def __iter__(self):
        return iter(self.points.values())

    def legal(self, c: Any, state: Any, kind: str, player: int) -> list[Decision]:
        return self.points[kind].options(c, state, player)

    def resolve(self, c: Any, u: Any, kind: str, action: Decision, rng: Any) -> None:
        self.points[kind].resolve(c, u, action, rng)

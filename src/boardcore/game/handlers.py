"""Evolve handlers, registered where they are defined: one per event type, none forgotten.

    HANDLERS = Handlers("warlords")

    @HANDLERS.on(ev.ShipMoved)
    def ship_moved(s, e): ...                  # (state, event) -> state

    @HANDLERS.with_data(ev.PlanetsRevealed)
    def planets_revealed(c, s, e): ...          # also needs the component data `c`

    HANDLERS.unchanged(ev.Pass)                # a decision whose effect its facts carry

    rules.handlers = HANDLERS.bind(c, ev.EVENTS)

`bind` gives the plain `dict[type, handler]` that `Game.evolve` dispatches through (faster than
a `match`), with the data-needing handlers bound once, and fails if any event of the game has no
handler, so a new event without one is caught when the game is built rather than mid-replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

Handler = Callable[[Any, Any], Any]


def _unchanged(state: Any, event: Any) -> Any:
    return state


class Handlers:
    def __init__(self, game: str) -> None:
        self.game = game
        self._plain: dict[type, Handler] = {}
        self._with_data: dict[type, Callable[[Any, Any, Any], Any]] = {}

    def _add(self, table: dict, types: tuple[type, ...], fn: Callable) -> None:
        for t in types:
            if t in self._plain or t in self._with_data:
                raise ValueError(f"{self.game}: a second evolve handler for {t.__name__}")
            table[t] = fn

    def on(self, *types: type) -> Callable[[Handler], Handler]:
        """Register `fn(state, event) -> state` for each of `types`."""
        def register(fn: Handler) -> Handler:
            self._add(self._plain, types, fn)
            return fn
        return register

    def with_data(self, *types: type) -> Callable[[Callable], Callable]:
        """Register `fn(c, state, event) -> state`, bound to the component data by `bind`."""
        def register(fn: Callable) -> Callable:
            self._add(self._with_data, types, fn)
            return fn
        return register

    def unchanged(self, *types: type) -> None:
        """Events that change nothing by themselves (their facts carry the effect)."""
        self._add(self._plain, types, _unchanged)

    def bind(self, c: Any, events: Iterable[type]) -> dict[type, Handler]:
        """The dispatch table for one set of component data; every event in `events` must be covered."""
        table: dict[type, Handler] = dict(self._plain)
        table.update({t: partial(fn, c) for t, fn in self._with_data.items()})
        missing = [t.__name__ for t in events if t not in table]
        if missing:
            raise ValueError(f"{self.game}: events without an evolve handler: {', '.join(missing)}")
        return table


def by_type() -> tuple[dict[type, Callable], Callable]:
    """A plain table of functions by event type, and the decorator that fills it where each function is
    defined: `WORDS, says = by_type()`, then `@says(ev.ShipMoved)` over `fn(c, s, item, player) -> str`.
    The games register their words for events this way, as their evolve handlers with `Handlers`."""
    table: dict[type, Callable] = {}

    def register(*types: type) -> Callable[[Callable], Callable]:
        def mark(fn: Callable) -> Callable:
            for t in types:
                if t in table:
                    raise ValueError(f"two describers for {t.__name__}: {table[t].__qualname__} and {fn.__qualname__}")
                table[t] = fn
            return fn
        return mark
    return table, register

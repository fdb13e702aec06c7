"""OpenSpiel's search bots at boardcore tables: a yardstick from outside for boardcore's own `mcts`.

Two agent kinds (specs as `boardcore.agents.policies` reads them, e.g. `openspiel-ismcts:seconds=0.25`):

- `openspiel-ismcts`: `open_spiel.python.algorithms.ismcts.ISMCTSBot`, information-set MCTS: every
  simulation starts from `resample_from_infostate` (the game's `hidden_variant`, with fresh luck);
- `openspiel-mcts`: `open_spiel.python.algorithms.mcts.MCTSBot`, plain UCT on one table dealt from the
  seat's view at each decision (perfect-information search of one guess at the hidden cards).

Both evaluate a leaf with OpenSpiel's `RandomRolloutEvaluator` (one random playout to the end) and read
nothing but the seat's view: each decision's root is a table dealt afresh from the view with its own
seed, so neither hidden cards nor future dice are known to them.

Budget: `simulations=N` per decision, or `seconds=S`. OpenSpiel's bots count simulations, not time,
so with `seconds` an agent sets each decision's simulations from its own measured pace (simulations
per second, a running mean that weighs the latest decisions most, as a playout's cost changes with the
stage of the game): each decision takes about `S`, and `boardcore tournament`
reports every agent's mean and longest time per decision, so equal time can be checked. `uct`: the
exploration constant (OpenSpiel's `uct_c`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.openspiel import GAMES, load_game
from boardcore.openspiel.game import BoardcoreGame, BoardcoreState, Line
from boardcore.game.rng import LocalRng, Rng
from boardcore.game.rules import Rules

DEFAULT_SIMULATIONS = 100
"""Simulations per decision when no budget is given."""

FIRST_SIMULATIONS = 4
"""Simulations of a timed agent's first decision, before it knows its pace."""

PACE_WEIGHT = 0.5
"""How much the latest decision counts in a timed agent's pace (an exponential moving average)."""

MIN_SIMULATIONS = 2
"""The fewest a decision runs: ISMCTS spends its first simulation expanding the root, and has no visit
count to choose by until the second."""


class OpenSpielAgent:
    """A boardcore agent that asks an OpenSpiel bot (see the module docstring)."""

    name = "openspiel"
    reads_view = True
    params: dict[str, type] = {"seconds": float, "simulations": int, "uct": float}

    def __init__(self, rules: Rules, seconds: float | None = None, simulations: int | None = None,
                 uct: float = 2.0) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be above 0, not {seconds}")
        if simulations is not None and simulations < MIN_SIMULATIONS:
            raise ValueError(f"simulations must be at least {MIN_SIMULATIONS}, not {simulations}")
        if seconds is not None and simulations is not None:
            raise ValueError("give seconds or simulations, not both")
        if not uct >= 0:
            raise ValueError(f"uct must be at least 0, not {uct}")
        self.rules = rules
        self.seconds = seconds
        self.simulations = simulations if simulations is not None else DEFAULT_SIMULATIONS   # unless `seconds`
        self.uct = uct
        self.short_name = next(short for short, name in GAMES.items() if name == rules.name)
        self._games: dict[bytes, BoardcoreGame] = {}
        self.pace: float | None = None           # simulations per second, latest decisions weighed most
        self.last: dict[str, Any] = {}           # the last decision's simulations and seconds: for tests and tools

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            return legal[0]
        me = legal[0].player
        game = self.game_of(view)
        seed = rng.randbelow(1 << 62)
        table = self.rules.hidden_variant(view, me, LocalRng(f"openspiel/{seed}/deal"))
        root = BoardcoreState(game, Line(game, f"openspiel/{seed}/chance", view if table is None else table))
        count = self._budget()
        began = time.perf_counter()
        index = self.bot(game, count, np.random.RandomState(seed % (1 << 32))).step(root)
        spent = time.perf_counter() - began
        if spent > 0:
            rate = count / spent
            self.pace = rate if self.pace is None else PACE_WEIGHT * rate + (1 - PACE_WEIGHT) * self.pace
        self.last = {"simulations": count, "seconds": spent}
        action = game.codec.decode(int(index), me)
        if action not in legal:   # the view offered what the table does not: a game bug, never guessed around
            raise RuntimeError(f"{self.name}: {self.rules.format_action(action)} is not legal here")
        return action

    def bot(self, game: BoardcoreGame, simulations: int, random: np.random.RandomState) -> Any:
        """The OpenSpiel bot of one decision: each kind below makes its own."""
        raise NotImplementedError(f"{type(self).__name__} names no OpenSpiel bot")

    def _budget(self) -> int:
        if self.seconds is None:
            return self.simulations
        if self.pace is None:
            return FIRST_SIMULATIONS
        # at most twice the last decision's: a pace set where playouts are short (a game's end) must not
        # send the next game's first, long playouts far over the budget (Apogee once took 218 s so)
        last = self.last.get("simulations", FIRST_SIMULATIONS)
        return max(MIN_SIMULATIONS, min(2 * last, round(self.seconds * self.pace)))

    def game_of(self, view: Any) -> BoardcoreGame:
        """The OpenSpiel game of the table the view shows: its config read from the view (every state
        carries its config's fields), one game per config. A state may keep a field in a form of its own
        where the option does not apply (Solar Sphere's `level` is 0 without DRANDA, Warlords' `mode`
        says "solo"), which the config, checking every option a person gives, refuses: such a field is
        left at the config's default, which is what the table was made with."""
        options: dict[str, Any] = {}
        for field in msgspec.structs.fields(self.rules.config_type):
            if hasattr(view, field.name):
                try:
                    self.rules.make_config(**options, **{field.name: getattr(view, field.name)})
                except BoardcoreError:
                    continue
                options[field.name] = getattr(view, field.name)
        config = self.rules.make_config(**options)
        key = msgspec.json.encode(config)
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = load_game(self.short_name, **msgspec.to_builtins(config))
        return game


class IsmctsAgent(OpenSpielAgent):
    name = "openspiel-ismcts"

    def bot(self, game: BoardcoreGame, simulations: int, random: np.random.RandomState) -> Any:
        return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random), self.uct, simulations,
                                random_state=random)


class MctsAgent(OpenSpielAgent):
    name = "openspiel-mcts"

    def bot(self, game: BoardcoreGame, simulations: int, random: np.random.RandomState) -> Any:
        return mcts.MCTSBot(game, self.uct, simulations, mcts.RandomRolloutEvaluator(1, random), solve=False,
                            random_state=random)

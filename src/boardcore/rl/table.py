"""One game and configuration as the numbers a learning agent reads: spaces, arrays, rewards.

A `Table` is built once per environment. It holds the game's action codec and observation
encoding (`boardcore.game.spaces`) and turns them into `gymnasium.spaces` and numpy arrays, so both
environments (PettingZoo and Gymnasium) share one definition of what an agent sees and earns.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from boardcore import games
from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.game.rules import Outcome, Rules

REWARDS = ("win", "score")
"""`win`: +1 for a win (a shared win split among the winners), -1 for a loss, 0 for a run cut off
without a result. `score`: the final points (`Outcome.points`), also when a run is cut off."""

ILLEGAL = ("penalty", "raise")
"""What an index the mask forbids does: `penalty` refuses it (nothing is recorded, the same player
acts again) and charges `PENALTY`; `raise` raises the game's IllegalAction."""

PENALTY = -1.0


def agent_name(player: int) -> str:
    return f"player_{player}"


class Table:
    """A game and configuration, with the spaces, arrays and rewards the environments share."""

    def __init__(self, game: str | Rules, options: dict[str, Any], *, reward: str = "win",
                 illegal: str = "penalty") -> None:
        if reward not in REWARDS:
            raise BoardcoreError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise BoardcoreError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.rules: Rules = games.get(game) if isinstance(game, str) else game
        self.config = self.rules.make_config(**options)
        self.players = int(self.config.players)
        self.reward = reward
        self.illegal = illegal
        self.codec = self.rules.action_codec(self.config)
        self.encoding = self.rules.observation(self.config)
        self.low = np.array(self.encoding.low, dtype=np.int64)
        self.high = np.array(self.encoding.high, dtype=np.int64)
        self._indexes: dict[Decision, int] = {}  # every seat's actions, at most codec.size × players
        if self.codec.size == 0 or self.encoding.size == 0:
            raise BoardcoreError(f"{self.rules.name} has an empty action list or observation: nothing to learn on")

    # -- spaces: a fresh object per call, so each agent's can be seeded on its own ---------------
    def observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(self.low, self.high, dtype=np.int64),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
        })

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.codec.size)

    @property
    def fields(self):
        """The observation's parts, in order (name, size, range, meaning)."""
        return self.encoding.fields

    # -- arrays ----------------------------------------------------------------------------------
    def observation(self, state: Any, player: int) -> np.ndarray:
        """`player`'s observation, encoded from their view only, so it cannot carry what they may
        not see. Ranges are not checked here, per step: the conformance tests check every
        observation they meet against the space (`Observation.check` names the field)."""
        values = self.encoding.encode(self.rules.view(state, player), player)
        return np.fromiter(values, dtype=np.int64, count=len(values))   # a third of np.array's time on a list

    def mask(self, legal: Sequence[Decision], player: int) -> np.ndarray:
        """1 at the index of each of `player`'s legal actions, 0 elsewhere. Filled through a
        bytearray, and with each action's index remembered: both cheaper per step than numpy's
        fancy indexing and the codec's own lookup (which first rewrites the player)."""
        mask = bytearray(self.codec.size)
        known = self._indexes
        for action in legal:
            if action.player == player:
                i = known.get(action)
                if i is None:
                    i = known[action] = self.codec.encode(action)
                mask[i] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def index(self, action: Any) -> int:
        """An action index from what a training loop hands over (an int, a numpy integer)."""
        try:
            index = operator.index(action)
        except TypeError:
            raise BoardcoreError(f"an action is an index 0..{self.codec.size - 1}, not {action!r}") from None
        if not 0 <= index < self.codec.size:
            raise BoardcoreError(f"action index {index} is outside 0..{self.codec.size - 1}")
        return index

    # -- rewards ---------------------------------------------------------------------------------
    def rewards(self, outcome: Outcome) -> list[float]:
        """Each player's reward for how the game ended (see `REWARDS`), players 1..n in order."""
        players = range(1, self.players + 1)
        if self.reward == "score":
            return [float(outcome.points(p)) for p in players]
        if outcome.truncated:
            return [0.0] * self.players
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        return [share if p in outcome.winners else -1.0 for p in players]

"""An episode is a real game: a `Session` in memory, seeded like any other, so it can be saved,
replayed and audited afterwards; this module adds what an environment reads of it per step.

Observations and masks are built once per position and player: stepping changes the session's
state object, which is what the cache keys on, so a view is never built twice for one step.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.rl.table import Table
from boardcore.session.session import Session


class Seeds:
    """The seed of each episode. `reset(seed=s)` plays the game `Session.new(game, seed=s)` would;
    each later reset without a seed plays `s/1`, `s/2`, …, so a seeded run of many episodes is
    reproducible as a whole. Never seeded, each episode gets a fresh secret seed (as a Session does)."""

    def __init__(self) -> None:
        self.base: str | None = None
        self.count = 0

    def next(self, seed: int | str | None) -> str | None:
        if seed is not None:
            if not isinstance(seed, int | str) or isinstance(seed, bool):
                raise BoardcoreError(f"a seed is an integer or a string, not {seed!r}")
            self.base, self.count = str(seed), 0
            return self.base
        if self.base is None:
            return None
        self.count += 1
        return f"{self.base}/{self.count}"


def numpy_seed(seed: str) -> int:
    """A non-negative integer for Gymnasium's `np_random` from an episode seed of any form."""
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")


class Episode:
    """One game in play, with the observation and mask of each player at the current position."""

    __slots__ = ("table", "session", "_state", "_revision", "_observations", "_masks")

    def __init__(self, table: Table, seed: str | None) -> None:
        self.table = table
        self.session = Session.new(table.rules, config=table.config, seed=seed)
        self._state: Any = None
        self._revision = -1
        self._observations: dict[int, np.ndarray] = {}
        self._masks: dict[int, np.ndarray] = {}

    def _here(self) -> None:
        """Forget what was built for an earlier position (the session's revision moves with every
        change, while its state object may be changed in place)."""
        if self.session.revision != self._revision:
            self._revision = self.session.revision
            self._state = self.session.state
            self._observations.clear()
            self._masks.clear()

    def observe(self, player: int) -> dict[str, np.ndarray]:
        """The observation dict of `gymnasium.spaces.Dict(observation=…, action_mask=…)`."""
        self._here()
        values = self._observations.get(player)
        if values is None:
            values = self._observations[player] = self.table.observation(self._state, player)
        return {"observation": values, "action_mask": self.mask(player)}

    def mask(self, player: int) -> np.ndarray:
        if self.session.revision != self._revision:
            self._here()
        mask = self._masks.get(player)
        if mask is None:
            mask = self._masks[player] = self.table.mask(self.session.legal_actions(player), player)
        return mask

    def take(self, player: int, action: Any) -> str | None:
        """Apply `player`'s action index. Returns None, or why it was refused (nothing is recorded
        then) when the table's `illegal` is `penalty`; with `raise`, the refusal is raised."""
        decision = self.table.codec.decode(self.table.index(action), player)
        try:
            self.session.apply(decision)
        except IllegalAction as exc:
            if self.table.illegal == "raise":
                raise
            return str(exc)
        return None

    @property
    def outcome(self):
        return self.session.outcome

    def rewards(self) -> list[float]:
        """Every player's final reward (zeros while the game goes on)."""
        outcome = self.session.outcome
        return [0.0] * self.table.players if outcome is None else self.table.rewards(outcome)

    def render(self, player: int | None) -> str:
        """The game's text picture as `player` sees it, with the status line under it."""
        return f"{self.session.render(player, markup=True)}\n{self.session.status}"


def require_episode(episode: Episode | None) -> Episode:
    if episode is None:
        raise BoardcoreError("the environment has no episode yet: call reset() first")
    return episode


class OnTable:
    """What both environments give beyond their own API: the episode's game and the action codec."""

    episode: Episode | None
    table: Table

    @property
    def session(self) -> Session:
        """The episode's game: save, replay or audit it like any other."""
        return require_episode(self.episode).session

    @property
    def codec(self):
        """The game's action codec: which decision each index stands for."""
        return self.table.codec

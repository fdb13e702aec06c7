"""One seat: a Gymnasium `Env` (`boardcore.rl.gym_env` for solo modes, `boardcore.rl.single_agent`
for any game against named policies).

The learner plays one seat; the other seats are played inside `step` by boardcore agents
(`boardcore.agents.policies.make(name, rules)`, drawing their own randomness from the episode's seed as a
session's bots do), and in solo modes the automa is part of the rules. Each step returns what
Gymnasium users expect: the observation dict (with `action_mask`), the reward (at the end, see
`boardcore.rl.table.REWARDS`), `terminated` when the rules end the game, `truncated` when a cap
cuts the run off, and `info` with the `action_mask` again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium

from boardcore.agents.policies import Agent
from boardcore.game.errors import BoardcoreError
from boardcore.agents.play import run_bots
from boardcore.rl.episode import Episode, OnTable, Seeds, numpy_seed, require_episode
from boardcore.rl.table import PENALTY, Table


class SeatEnv(OnTable, gymnasium.Env):
    """A Gymnasium environment in which the learner plays `seat` and `opponents` play the rest."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, table: Table, seat: int, opponents: Mapping[int, Agent], render_mode: str | None = None):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise BoardcoreError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        others = set(range(1, table.players + 1)) - {seat}
        if set(opponents) != others:
            raise BoardcoreError(f"seat {seat} learns, so seats {sorted(others) or 'none'} need a policy; "
                                 f"policies were given for {sorted(opponents) or 'none'}")
        self.table = table
        self.seat = seat
        self.opponents = dict(opponents)
        self.render_mode = render_mode
        self.observation_space = table.observation_space()
        self.action_space = table.action_space()
        self.episode: Episode | None = None
        self._seeds = Seeds()
        self._ended = False

    def reset(self, *, seed: int | str | None = None, options: dict[str, Any] | None = None):
        """A new episode (seeded as `boardcore.rl.episode.Seeds` says; no options), played by the
        opponents up to the learner's first decision."""
        episode_seed = self._seeds.next(seed)
        super().reset(seed=None if seed is None else numpy_seed(episode_seed))
        self.episode = Episode(self.table, episode_seed)
        self._ended = False
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any):
        episode = require_episode(self.episode)
        if self._ended:
            raise BoardcoreError("the episode is over: call reset()")
        reward = 0.0
        refused = None
        if episode.outcome is None:  # else the opponents ended it before the learner's turn
            refused = episode.take(self.seat, action)
            if refused is None:
                self._play_opponents()
            else:
                reward = PENALTY
        outcome = episode.outcome
        if outcome is not None:
            self._ended = True
            reward += episode.rewards()[self.seat - 1]
        terminated = outcome is not None and not outcome.truncated
        truncated = outcome is not None and outcome.truncated
        return self._observe(), reward, terminated, truncated, self._info(refused)

    def _play_opponents(self) -> None:
        """The other seats decide until the learner must (they answer first in a simultaneous step)."""
        session = require_episode(self.episode).session
        run_bots(session, self.opponents, seed=session.seed)

    def _observe(self) -> dict[str, Any]:
        """Fresh arrays each call, as Gymnasium requires (a refused action leaves the position as it was)."""
        obs = require_episode(self.episode).observe(self.seat)
        return {key: value.copy() for key, value in obs.items()}

    def _info(self, refused: str | None = None) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": require_episode(self.episode).mask(self.seat).copy()}
        if refused is not None:
            info["illegal"] = refused
        return info

    def render(self) -> str | None:
        """The table as the learner sees it, with its status line."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: make the env with render_mode='ansi'")
            return None
        return require_episode(self.episode).render(self.seat)

    def close(self) -> None:
        """Nothing to release: the episode's stream lives in memory."""

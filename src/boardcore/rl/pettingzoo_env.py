"""Every seat an agent: a PettingZoo `AECEnv` over one game (`boardcore.rl.aec_env`).

Agents are `player_1` … `player_n` and act one at a time, as AEC wants. The agent selected is the
first of the players the rules ask (`Session.to_act`): in a simultaneous step (Apogee's planning,
Toy Pig's pick) the players answer in turn, and each answer stays private until the rules reveal
it, because an observation is encoded from the observer's own view. Solo modes have one agent;
the automa is part of the rules.

The selected agent's info carries its `action_mask` too (the very array its observation holds),
so a loop that needs only the mask never has an observation encoded.

Rewards come at the end (see `boardcore.rl.table.REWARDS`). A game the rules end is a
termination for every agent; a run cut off by a cap (`Outcome.truncated`, Apogee's `max_turns`) is
a truncation. As PettingZoo asks, each agent is then stepped once more with `None` to leave.
"""

from __future__ import annotations

from typing import Any

from gymnasium import logger, spaces
from pettingzoo import AECEnv

from boardcore.game.errors import BoardcoreError
from boardcore.rl.episode import Episode, OnTable, Seeds, require_episode
from boardcore.rl.table import PENALTY, Table, agent_name


class EverySeat(OnTable):
    """What the AEC env and the parallel one (`boardcore.rl.parallel`) share: an agent per seat,
    `player_1` … `player_n`, with the same spaces, and a spectator's picture of the table."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def _seat_agents(self, table: Table, render_mode: str | None) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise BoardcoreError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.table = table
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"boardcore_{table.rules.name.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(p) for p in range(1, table.players + 1)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents, 1)}
        self.observation_spaces = {name: table.observation_space() for name in self.possible_agents}
        self.action_spaces = {name: table.action_space() for name in self.possible_agents}
        self.agents: list[str] = []
        self.episode: Episode | None = None
        self._seeds = Seeds()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[self._known(agent)]

    def render(self) -> str | None:
        """The table as a spectator sees it (hidden information stays hidden), with its status."""
        if self.render_mode is None:
            logger.warn("render() called without a render_mode: make the env with render_mode='ansi'")
            return None
        return require_episode(self.episode).render(None)

    def close(self) -> None:
        """Nothing to release: the episode's stream lives in memory."""

    def _known(self, agent: str) -> str:
        if agent not in self._seat:
            raise BoardcoreError(f"no agent {agent!r}; the agents are {', '.join(self.possible_agents)}")
        return agent


class TableEnv(EverySeat, AECEnv):
    """A PettingZoo AEC environment in which every seat of the game is an agent."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        self._seat_agents(table, render_mode)
        self._rewarded = False

    # -- the AEC cycle ---------------------------------------------------------------------------
    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new game, seeded as `boardcore.rl.episode.Seeds` says. No options."""
        self.episode = Episode(self.table, self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {} for name in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._skip_agent_selection = None
        self._rewarded = False      # whether `rewards` holds anything but zeros
        self._follow()
        if self._rewarded:          # a game over at setup already has its rewards
            self._accumulate_rewards()

    def last(self, observe: bool = True):
        require_episode(self.episode)
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s observation dict. Its arrays are built once per position and handed to every
        caller at that position: copy them before changing them in place."""
        return require_episode(self.episode).observe(self._seat[self._known(agent)])

    def step(self, action: Any) -> None:
        """The selected agent's action index (or `None` once its episode is over)."""
        episode = require_episode(self.episode)
        if not self.agents:
            raise BoardcoreError("the episode is over and every agent has left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise BoardcoreError(f"{agent}'s episode is over: step it with None, not {action!r}")
            self._was_dead_step(action)
            return
        if action is None:
            raise BoardcoreError(f"{agent} is to act: give an action index (None is for agents whose episode is over)")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # most steps reward nobody: then there is nothing to clear or add up
            self._clear_rewards()
            self._rewarded = False
        refused = episode.take(self._seat[agent], action)
        if refused is not None:
            self.infos[agent] = {"illegal": refused}
            self.rewards[agent] = PENALTY
            self._rewarded = True
        elif self.infos[agent]:
            self.infos[agent] = {}
        self._follow()
        if self._rewarded:
            self._accumulate_rewards()

    def _follow(self) -> None:
        """Select who acts next, or end the episode for everyone with their rewards."""
        episode = require_episode(self.episode)
        session = episode.session
        outcome = session.outcome
        if outcome is None:
            to_act = self.table.rules.to_act(session.state)
            if not to_act:
                raise BoardcoreError(f"{self.table.rules.name}: the game is not over but nobody is to act")
            agent = self.agent_selection = self.possible_agents[to_act[0] - 1]
            # the mask also in the info, as PettingZoo's tools read it: a loop that needs only the
            # mask (random masked play, a search) does not pay for encoding an observation
            self.infos[agent]["action_mask"] = episode.mask(to_act[0])
            return
        self._rewarded = True
        for name, reward in zip(self.possible_agents, episode.rewards(), strict=True):
            self.rewards[name] += reward
            self.terminations[name] = not outcome.truncated
            self.truncations[name] = outcome.truncated


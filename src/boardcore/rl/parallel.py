"""Every seat an agent, the simultaneous decisions taken together: a PettingZoo `ParallelEnv` over
one game (`boardcore.rl.parallel`), beside the AEC env (`boardcore.rl.pettingzoo_env`).

In a simultaneous step (Apogee's planning, Toy Pig's pick) the rules ask several players at once
(`Session.to_act`), and the AEC env has them answer in turn. Here they answer in one step: each
chose from the position as it stood, and none saw another's answer (an observation is encoded from
its player's own view, so a placement stays hidden until the rules reveal it). Their answers are
applied in seat order. Elsewhere one player is asked per step.

The parallel API steps every live agent at once, so an agent the rules do not ask has an all-zero
mask (it has no legal action) and whatever it sends is ignored. An asked agent's action is required.
A refused one (an index its mask excludes) records nothing and charges `PENALTY`; that agent is
asked again next step, while the others' answers of the step stand.

Rewards come at the end (`boardcore.rl.table.REWARDS`); then every agent terminates, or truncates
when a cap cut the run off (`Outcome.truncated`), and leaves (`agents` is empty).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from boardcore.game.errors import BoardcoreError
from boardcore.rl.episode import Episode, require_episode
from boardcore.rl.pettingzoo_env import EverySeat
from boardcore.rl.table import PENALTY, Table


class ParallelTableEnv(EverySeat, ParallelEnv):
    """A PettingZoo parallel environment in which every seat of the game is an agent."""

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        self._seat_agents(table, render_mode)

    def asked(self) -> list[str]:
        """The agents the rules ask now (several in a simultaneous step), in seat order."""
        session = require_episode(self.episode).session
        if session.outcome is not None:
            return []
        return [self.possible_agents[p - 1] for p in sorted(self.table.rules.to_act(session.state))]

    # -- the parallel cycle ----------------------------------------------------------------------
    def reset(self, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new episode: a new game, seeded as `boardcore.rl.episode.Seeds` says. No options."""
        self.episode = Episode(self.table, self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        observations, infos = self._seen({})
        if self.episode.outcome is not None:      # a game over at setup: everyone leaves at once
            self.agents = []
        return observations, infos

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        """Every asked agent's action index (see the module docstring); returns the observations,
        rewards, terminations, truncations and infos of the agents live before the step."""
        episode = require_episode(self.episode)
        if not self.agents:
            raise BoardcoreError("the episode is over and every agent has left: call reset()")
        asked = self.asked()
        missing = [agent for agent in asked if actions.get(agent) is None]
        if missing:
            raise BoardcoreError(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} asked this step: "
                                 "give an action index for each")
        live = self.agents
        rewards = dict.fromkeys(live, 0.0)
        refused: dict[str, str] = {}
        for agent in asked:
            if self._seat[agent] not in self.table.rules.to_act(episode.session.state):
                break               # an earlier answer of this step ended what it was asked (the game)
            why = episode.take(self._seat[agent], actions[agent])
            if why is not None:
                refused[agent] = why
                rewards[agent] = PENALTY
        observations, infos = self._seen(refused)
        outcome = episode.outcome
        over = outcome is not None
        if over:
            for agent, reward in zip(self.possible_agents, episode.rewards(), strict=True):
                rewards[agent] += reward
            self.agents = []
        terminations = {agent: over and not outcome.truncated for agent in live}
        truncations = {agent: over and outcome.truncated for agent in live}
        return observations, rewards, terminations, truncations, infos

    def _seen(self, refused: dict[str, str]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Each live agent's observation, and its info: its mask (the very array its observation
        holds), and why its action was refused if it was."""
        episode = require_episode(self.episode)
        observations = {agent: episode.observe(self._seat[agent]) for agent in self.agents}
        infos = {agent: {"action_mask": observations[agent]["action_mask"],
                         **({"illegal": refused[agent]} if agent in refused else {})} for agent in self.agents}
        return observations, infos

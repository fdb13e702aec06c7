"""How fast the environments run: env steps per second with random masked actions.

`tools/bench.py` sets this beside `Session` random play of the same game (the target is at least
0.7 of it). A step here is one decision made through the public AEC cycle, as a training loop
makes it: the mask (from the info, or with the observation from `observe()`), a uniform pick
among the mask's ones, `step()`; resets and the agents' final `None` steps are timed but not counted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from boardcore.rl.pettingzoo_env import TableEnv
from boardcore.rl.table import Table
from boardcore.game.rules import Rules


def steps_per_second(game: str | Rules, seconds: float = 2.0, *, seed: int = 0, observe: bool = False,
                     clock: Callable[[], float] = time.perf_counter, **config: Any) -> float:
    """Random masked play of `game` under `config` for about `seconds` (whole episodes, at least
    one); returns decisions per second. The mask is read from the selected agent's info, as a
    random masked agent needs nothing else; `observe=True` also has each step's observation
    encoded (`observe()`), as a learning agent does. `clock=time.process_time` counts this
    process's CPU time only, for comparisons on a machine others are using."""
    env = TableEnv(Table(game, config))
    pick = random.Random(seed)   # a Python generator: numpy's costs more per single draw than a step's env work
    steps = episodes = 0
    began = clock()
    while episodes == 0 or clock() - began < seconds:
        env.reset(seed=f"speed/{seed}/{episodes}")
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"] if observe else env.infos[agent]["action_mask"]
            legal = mask.view(np.bool_).nonzero()[0]  # numpy finds bools fastest
            env.step(int(legal[int(pick.random() * len(legal))]))
            steps += 1
        episodes += 1
    return steps / (clock() - began)

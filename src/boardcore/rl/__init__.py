"""Environments for reinforcement learning, over any boardcore game (extra `[rl]`: numpy,
gymnasium, pettingzoo).

    from boardcore import rl
    env = rl.aec_env("solar-sphere", players=2)          # PettingZoo AEC: every seat an agent
    env = rl.parallel_env("apogee", players=3)            # PettingZoo parallel: simultaneous steps in one
    env = rl.gym_env("solar-sphere", players=1, level=1)  # Gymnasium: a solo mode (the automa is in the rules)
    env = rl.single_agent("apogee", opponents={"2": "random", "3": "greedy"})  # Gymnasium: one seat vs policies

Actions are the game's action codec indexes (`Discrete(n)`, the same for every seat);
observations are `Dict(observation=Box(low, high, int64), action_mask=Box(0, 1, (n,), int8))`
encoded from the player's own view. Every episode is a real game, `env.session`: a `Session` in
memory whose chance comes from the episode's seed through `Rng.derive`, so it can be saved,
replayed and audited like any game. `steps_per_second` measures the environments' speed.

Options shared by the three makers (keywords, beside the game's own config options):
`reward` ("win" or "score", see `table.REWARDS`), `illegal` ("penalty" or "raise", see
`table.ILLEGAL`), `render_mode` (None or "ansi").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardcore.game.errors import BoardcoreError

if TYPE_CHECKING:
    from boardcore.agents.policies import Agent
    from boardcore.rl.gymnasium_env import SeatEnv
    from boardcore.rl.parallel import ParallelTableEnv
    from boardcore.rl.pettingzoo_env import TableEnv
    from boardcore.game.rules import Rules

__all__ = ["aec_env", "gym_env", "parallel_env", "single_agent", "steps_per_second"]


def _require() -> None:
    """The extra's packages, or one line saying how to get them."""
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as exc:
        raise BoardcoreError(f"boardcore.rl needs numpy, gymnasium and pettingzoo ({exc.name} is missing): "
                             "pip install 'boardcore[rl]'") from None


def aec_env(game: str | Rules, *, reward: str = "win", illegal: str = "penalty", render_mode: str | None = None,
            **config: Any) -> TableEnv:
    """A PettingZoo `AECEnv` of `game` under `config` (the game's options: players, level, …),
    with agents `player_1` … `player_n`."""
    _require()
    from boardcore.rl.pettingzoo_env import TableEnv
    from boardcore.rl.table import Table

    return TableEnv(Table(game, config, reward=reward, illegal=illegal), render_mode=render_mode)


def parallel_env(game: str | Rules, *, reward: str = "win", illegal: str = "penalty", render_mode: str | None = None,
                 **config: Any) -> ParallelTableEnv:
    """A PettingZoo `ParallelEnv` of `game` under `config`: the players a simultaneous step asks
    (Apogee's placements) answer in one step (see `boardcore.rl.parallel`)."""
    _require()
    from boardcore.rl.parallel import ParallelTableEnv
    from boardcore.rl.table import Table

    return ParallelTableEnv(Table(game, config, reward=reward, illegal=illegal), render_mode=render_mode)


def gym_env(game: str | Rules, *, reward: str = "win", illegal: str = "penalty", render_mode: str | None = None,
            **config: Any) -> SeatEnv:
    """A Gymnasium `Env` of one of `game`'s solo modes (`players` defaults to 1); for a game with
    several seats, `single_agent` puts policies in the others."""
    _require()
    from boardcore.rl.gymnasium_env import SeatEnv
    from boardcore.rl.table import Table

    config = {"players": 1, **config}
    if str(config["players"]) != "1":
        raise BoardcoreError(f"gym_env plays a solo mode (players=1), not players={config['players']}: "
                             "for several seats use single_agent(game, opponents={...})")
    env = SeatEnv(Table(game, config, reward=reward, illegal=illegal), 1, {}, render_mode=render_mode)
    _remember(env, gym_env, game, {"reward": reward, "illegal": illegal, **config})
    return env


def single_agent(game: str | Rules, opponents: Mapping[int | str, str | Agent] | None = None, *,
                 reward: str = "win", illegal: str = "penalty", render_mode: str | None = None,
                 **config: Any) -> SeatEnv:
    """A Gymnasium `Env` in which the learner plays the one seat `opponents` leaves free.

    `opponents` maps seats (2, "2" or "player_2") to a policy name (`random`, `greedy`, … as
    `boardcore.agents.policies.make` knows them) or an agent object. Without it the learner is seat 1 and
    every other seat plays `random`. `players`, when not given, is one more than the opponents."""
    _require()
    from boardcore.agents.policies import make
    from boardcore.rl.gymnasium_env import SeatEnv
    from boardcore.rl.table import Table

    if opponents is not None and "players" not in config:
        config = {**config, "players": len(opponents) + 1}
    table = Table(game, config, reward=reward, illegal=illegal)
    seats = range(1, table.players + 1)
    given = {_seat(key, table.players): policy for key, policy in (opponents or {}).items()}
    if opponents is None:
        given = {p: "random" for p in seats if p != 1}
    free = [p for p in seats if p not in given]
    if len(free) != 1:
        raise BoardcoreError(f"single_agent needs policies for all seats but one (the learner's) of "
                             f"{table.players}; seats without one: {', '.join(map(str, free)) or 'none'}")
    agents = {p: make(policy, table.rules) if isinstance(policy, str) else policy for p, policy in given.items()}
    env = SeatEnv(table, free[0], agents, render_mode=render_mode)
    if all(isinstance(policy, str) for policy in given.values()):
        _remember(env, single_agent, game, {"opponents": {str(p): policy for p, policy in given.items()},
                                            "reward": reward, "illegal": illegal, **config})
    return env


def steps_per_second(game: str | Rules, seconds: float = 2.0, **config: Any) -> float:
    """Env steps per second with random masked actions (see `boardcore.rl.speed`; `seed=` and
    `clock=` are passed on, the rest is the game's config)."""
    _require()
    from boardcore.rl.speed import steps_per_second as measure

    return measure(game, seconds, **config)


def _remember(env: SeatEnv, maker: Any, game: str | Rules, options: dict[str, Any]) -> None:
    """Give `env` a Gymnasium spec, so `gymnasium.make(env.spec)` builds it again (and `check_env`
    can make it with each render mode). Only an env made from names gets one: a spec's options are
    copied, and rules or agent objects are not for copying."""
    if isinstance(game, str):
        from gymnasium.envs.registration import EnvSpec

        env.spec = EnvSpec(id=f"boardcore/{game}-v0", entry_point=maker, kwargs={"game": game, **options})


def _seat(key: int | str, players: int) -> int:
    """A seat number from 2, "2" or "player_2"."""
    text = str(key).removeprefix("player_")
    if not text.isdigit() or not 1 <= int(text) <= players:
        raise BoardcoreError(f"no seat {key!r}: the seats are 1..{players} (or player_1..player_{players})")
    return int(text)

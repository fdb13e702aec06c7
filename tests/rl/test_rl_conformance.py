"""The environments of every game and mode pass PettingZoo's and Gymnasium's own checks and keep
boardcore's promises at every step of random episodes:

- `pettingzoo.test.api_test` and `seed_test` on the AEC env; `gymnasium.utils.env_checker.check_env`
  on the Gymnasium env of each solo mode (and on `single_agent` against random seats elsewhere);
- the mask is exactly `legal_actions`, for the player to act and for everyone else (zeros);
- `decode(encode(a)) == a` for every legal action met;
- every observation lies in its space and does not change when what its player cannot see is
  dealt afresh (twin positions that differ only in hidden information look the same);
- the episode is a real stream: saved, it audits clean with every random fact proven, and it
  replays to the env's final position; the rewards are those of its outcome.

The toy modes run today; the three games' modes run once their action codecs and observation
encodings exist (until then `Table` refuses them with the game's own BoardcoreError).
"""

from __future__ import annotations

import warnings

import msgspec
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from boardcore import rl
from boardcore.analysis.audit import audit
from boardcore.game.rng import LocalRng
from boardcore.session.session import Session

TOY = [("toy-pig", {"players": 2}), ("toy-pig", {"players": 3}), ("toy-pig", {"players": 4, "rounds": 2}),
       ("toy-pig-solo", {"players": 1}), ("toy-pig-solo", {"players": 1, "max_turns": 2})]
GAMES = [
    ("solar-sphere", {"players": 2}), ("solar-sphere", {"players": 3}), ("solar-sphere", {"players": 4}),
    ("solar-sphere", {"players": 1, "level": 1}), ("solar-sphere", {"players": 1, "level": 3}),
    ("apogee", {"players": 2, "max_turns": 6}), ("apogee", {"players": 3, "max_turns": 50}),
    ("apogee", {"players": 4, "max_turns": 4}),
    ("apogee", {"players": 5, "max_turns": 4}), ("apogee", {"players": 1, "mission": 1}),
    ("warlords", {"players": 2}), ("warlords", {"players": 3}), ("warlords", {"players": 4}),  # 4: 2 vs 2
    ("warlords", {"players": 4, "mode": "ffa"}), ("warlords", {"players": 1, "level": "standard"}),
]
MODES = TOY + GAMES
EPISODES = {"toy-pig": 12, "toy-pig-solo": 12}     # random episodes walked per mode; 2 for a real game
CYCLES = 150                                        # PettingZoo's num_cycles: enough for whole toy games


def mode_id(mode) -> str:
    name, options = mode
    return f"{name}-{'-'.join(f'{k}{v}' for k, v in options.items())}"


@pytest.fixture(params=MODES, ids=mode_id)
def mode(request):
    return request.param


def quietly(check, *args, **kwargs):
    """PettingZoo and Gymnasium warn about style they do not require (a dict observation, no
    render fps); their assertions are what must pass."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


def test_pettingzoo_api_test(mode):
    name, options = mode
    quietly(api_test, rl.aec_env(name, **options), num_cycles=CYCLES)


def test_pettingzoo_seed_test(mode):
    name, options = mode
    quietly(seed_test, lambda: rl.aec_env(name, **options), num_cycles=CYCLES)


def test_gymnasium_check_env(mode):
    """Solo modes through `gym_env`; the others through `single_agent` against random seats."""
    name, options = mode
    env = rl.gym_env(name, **options) if options["players"] == 1 else rl.single_agent(name, **options)
    quietly(check_env, env)


def test_random_episodes_keep_every_promise(mode, tmp_path):
    name, options = mode
    env = rl.aec_env(name, **options)
    codec, table = env.codec, env.table
    pick = np.random.default_rng(0)
    twins = LocalRng("twins")
    for episode in range(EPISODES.get(name, 2)):
        env.reset(seed=f"promises/{episode}")
        session = env.session
        step, final = 0, {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                assert "action_mask" not in info       # an agent leaving has nothing to choose
                assert terminated != truncated and truncated == session.outcome.truncated
                final[agent] = reward
                env.step(None)
                continue
            for other in env.agents:  # every seat's mask, not only the selected one's
                check_position(env, session, other, table, codec)
            if step % 5 == 0:
                check_twins(env, session, table, twins)
            assert np.array_equal(info["action_mask"], obs["action_mask"])   # the mask in the info, too
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.integers(len(legal))]))
            step += 1
        assert final == dict(zip(env.possible_agents, env.table.rewards(session.outcome), strict=True))
        check_episode(env, session, tmp_path / f"{episode}.jsonl")


def check_position(env, session, agent, table, codec):
    player = int(agent.removeprefix("player_"))
    obs = env.observe(agent)
    assert env.observation_space(agent).contains(obs), f"{agent}'s observation is outside its space"
    legal = session.legal_actions(player)
    ones = np.flatnonzero(obs["action_mask"])
    assert len(ones) == len(legal), f"{agent}: {len(ones)} mask ones for {len(legal)} legal actions"
    assert sorted((codec.decode(int(i), player) for i in ones), key=codec.encode) == sorted(legal, key=codec.encode)
    for action in legal:
        assert codec.decode(codec.encode(action), action.player) == action
    if player not in session.to_act:
        assert not ones.size, f"{agent} is not to act but has legal indexes"


def check_twins(env, session, table, rng):
    """The same position with every hidden thing dealt afresh encodes to the same observation."""
    for agent in env.agents:
        player = int(agent.removeprefix("player_"))
        twin = table.rules.hidden_variant(session.state, player, rng)
        if twin is not None:
            assert np.array_equal(table.observation(twin, player), env.observe(agent)["observation"]), \
                f"{agent}'s observation shows hidden information"


def check_episode(env, session, path):
    outcome = session.outcome
    assert outcome is not None and not env.agents
    session.save(path)
    report = audit(str(path))
    assert report.ok, [s for s in report.steps if not s.ok]
    assert report.unproven_chance == 0 and report.outcome == outcome
    replayed = Session.load(str(path))
    assert msgspec.json.encode(replayed.state) == msgspec.json.encode(session.state)

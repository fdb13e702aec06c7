"""The parallel environment (`boardcore.rl.parallel`): PettingZoo's own `parallel_api_test` and
`parallel_seed_test` on the toy and on each game, and what it promises beyond them: the players a
simultaneous step asks (Apogee's placements, Toy Pig's pick) answer in one step, unseen by each
other; the others' masks are zeros and what they send is ignored; a refused action charges the
penalty and asks again; the episode is a real game that audits."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from boardcore import rl
from boardcore.analysis.audit import audit
from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.rl.table import PENALTY

MODES = [("toy-pig", {"players": 3}), ("toy-pig-solo", {"players": 1}), ("apogee", {"players": 2, "max_turns": 3}),
         ("apogee", {"players": 3, "max_turns": 2}), ("solar-sphere", {"players": 2}), ("warlords", {"players": 2})]


def quietly(check, *args, **kwargs):
    """PettingZoo warns about style it does not require (a dict observation); its assertions must pass."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.parametrize("name, options", MODES, ids=lambda m: str(m))
def test_pettingzoo_parallel_api_test(name, options):
    quietly(parallel_api_test, rl.parallel_env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name, options", MODES[:3], ids=lambda m: str(m))
def test_pettingzoo_parallel_seed_test(name, options):
    quietly(parallel_seed_test, lambda: rl.parallel_env(name, **options), num_cycles=60)


def masked(infos, pick):
    return {agent: int(pick.choice(np.flatnonzero(info["action_mask"]))) if info["action_mask"].any() else 0
            for agent, info in infos.items()}


def test_apogee_s_simultaneous_steps_are_answered_in_one_step():
    """In the AEC env the players a simultaneous step asks answer in turn; here each step takes all of
    their answers, chosen from the same observations, and records them in seat order."""
    env = rl.parallel_env("apogee", players=3, max_turns=2)
    pick = np.random.default_rng(1)
    _, infos = env.reset(seed=4)
    together = 0
    while env.agents:
        asked = env.asked()
        assert {a for a, info in infos.items() if info["action_mask"].any()} == set(asked)
        before = env.session.position
        _, rewards, _, _, infos = env.step(masked(infos, pick))
        decided = [r.event.player for r in env.session.history.live[before:] if isinstance(r.event, Decision)]
        if not any("illegal" in info for info in infos.values()):
            assert decided == [int(a.removeprefix("player_")) for a in asked]
        together += len(asked) > 1
    assert together >= 2
    assert audit(env.session.stream_id, store=env.session.store, stream_id=env.session.stream_id).ok


def test_what_an_agent_not_asked_sends_is_ignored_and_a_refused_action_asks_again():
    env = rl.parallel_env("warlords", players=2)
    _, infos = env.reset(seed=2)
    (asked,) = env.asked()
    idle = next(a for a in env.agents if a != asked)
    assert not infos[idle]["action_mask"].any()
    bad = int(np.flatnonzero(infos[asked]["action_mask"] == 0)[0])
    position = env.session.position
    _, rewards, _, _, infos = env.step({asked: bad, idle: 7})
    assert rewards[asked] == PENALTY and "illegal" in infos[asked] and env.session.position == position
    assert env.asked() == [asked]
    good = int(np.flatnonzero(infos[asked]["action_mask"])[0])
    _, rewards, _, _, infos = env.step({asked: good, idle: 123})
    assert rewards[asked] == 0.0 and env.session.position > position
    with pytest.raises(BoardcoreError, match="asked this step"):
        env.step({a: 0 for a in env.agents if a not in env.asked()})

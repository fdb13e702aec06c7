"""What the environments promise beyond the conformance checks, on Toy Pig and Toy Pig alone:
rewards, terminations and truncations, refused actions, seeds, privacy in simultaneous steps,
the single-agent seats, rendering, one view per step, clear errors, and speed."""

from __future__ import annotations

import time

import numpy as np
import pytest
from toygame import RULES, CardPicked, Hold, Roll, ToyPig

from boardcore import rl
from boardcore.agents.policies import RandomAgent
from boardcore.game.errors import BoardcoreError, IllegalAction, UnknownGame
from boardcore.game.events import Decision
from boardcore.rl.table import PENALTY, Table
from boardcore.game.rng import LocalRng
from boardcore.game.rules import Outcome
from boardcore.session.session import Session
from boardcore.game.spaces import Field, Observation
from rl.test_rl_conformance import check_twins


def index(env, action) -> int:
    return env.codec.encode(action)


def play_out(env, pick=None) -> dict[str, tuple[float, bool, bool]]:
    """Random masked play of an AEC env to its end: each agent's (final reward, terminated, truncated)."""
    pick = pick or np.random.default_rng(1)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated)
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.integers(len(legal))]))
    return final


def gym_play_out(env, seed):
    obs, info = env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[pick.integers(len(legal))]))
        if terminated or truncated:
            return reward, terminated, truncated


# -- rewards -------------------------------------------------------------------------------------
def test_a_win_is_plus_one_a_loss_minus_one_and_a_shared_win_is_split():
    table = Table("toy-pig", {"players": 3})
    assert table.rewards(Outcome(scores=(30, 12, 8), winners=(1,))) == [1.0, -1.0, -1.0]
    assert table.rewards(Outcome(scores=(30, 30, 8), winners=(1, 2))) == [0.5, 0.5, -1.0]
    assert table.rewards(Outcome(scores=(9, 9, 9), winners=(1, 2, 3))) == [1 / 3] * 3
    assert table.rewards(Outcome(scores=(5, 7, 1), winners=(), truncated=True)) == [0.0, 0.0, 0.0]


def test_score_rewards_are_the_final_points():
    table = Table("toy-pig", {"players": 2}, reward="score")
    assert table.rewards(Outcome(scores=(31, 12), winners=(1,))) == [31.0, 12.0]
    assert table.rewards(Outcome(scores=(7, 4), winners=(1,), scale=2)) == [3.5, 2.0]
    assert table.rewards(Outcome(scores=(5, 7), winners=(), truncated=True)) == [5.0, 7.0]


def test_a_finished_game_terminates_every_agent_with_its_reward():
    for seed in range(6):
        env = rl.aec_env("toy-pig", players=3)
        env.reset(seed=seed)
        final = play_out(env)
        outcome = env.session.outcome
        assert final == {f"player_{p}": (1.0 / len(outcome.winners) if p in outcome.winners else -1.0, True, False)
                         for p in (1, 2, 3)}


def test_score_rewards_arrive_at_the_end_only():
    env = rl.aec_env("toy-pig", players=2, reward="score")
    env.reset(seed=3)
    rewards_seen = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards_seen.append(reward)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    outcome = env.session.outcome
    assert sorted(rewards_seen[-2:]) == sorted(float(s) for s in outcome.scores)  # the two leaving
    assert not any(rewards_seen[:-2])


def test_a_capped_run_is_a_truncation_with_no_result():
    env = rl.aec_env("toy-pig-solo", max_turns=2)
    for seed in range(5):
        env.reset(seed=seed)
        final = play_out(env)
        if env.session.outcome.truncated:
            assert final == {"player_1": (0.0, False, True)}
            break
    else:
        pytest.fail("no run reached the cap")
    gym = rl.gym_env("toy-pig-solo", max_turns=2)
    results = {gym_play_out(gym, seed) for seed in range(8)}
    assert (0.0, False, True) in results                      # cut off: truncated, no reward
    assert results <= {(0.0, False, True), (1.0, True, False), (-1.0, True, False)}


def test_the_solo_env_wins_and_loses():
    env = rl.gym_env("toy-pig-solo")
    results = {gym_play_out(env, seed) for seed in range(20)}
    assert results == {(1.0, True, False), (-1.0, True, False)}


# -- refused actions --------------------------------------------------------------------------------
def holding_position(env):
    """Reset until the selected agent is on a pig turn with a running total of 0 (holding is illegal)."""
    env.reset(seed=11)
    while True:
        player = int(env.agent_selection.removeprefix("player_"))
        state = env.session.state
        if state.phase == "pig" and state.running == 0:
            return player
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))


def test_an_illegal_index_is_refused_with_a_penalty_and_nothing_recorded():
    env = rl.aec_env("toy-pig", players=2)
    player = holding_position(env)
    records = len(env.session.records())
    agent = env.agent_selection
    env.step(index(env, Hold(player=player)))
    assert len(env.session.records()) == records              # nothing entered the stream
    assert env.agent_selection == agent                        # the same player acts again
    _, reward, terminated, truncated, info = env.last()
    assert reward == PENALTY and not terminated and not truncated
    assert "TOY-03" in info["illegal"]
    env.step(index(env, Roll(player=player)))                  # a legal action clears the note
    assert set(env.infos[agent]) <= {"action_mask"}            # (the mask is there while it acts again)


def test_illegal_raise_raises_the_rules_refusal():
    env = rl.aec_env("toy-pig", players=2, illegal="raise")
    player = holding_position(env)
    records = len(env.session.records())
    with pytest.raises(IllegalAction, match="TOY-03"):
        env.step(index(env, Hold(player=player)))
    assert len(env.session.records()) == records


def test_the_gym_env_refuses_an_illegal_index_and_keeps_the_position():
    env = rl.gym_env("toy-pig-solo")
    obs, info = env.reset(seed=2)
    not_in_hand = next(c for c in range(1, 10) if c not in env.session.state.hands[0])
    obs2, reward, terminated, truncated, info2 = env.step(index(env, CardPicked(player=1, card=not_in_hand)))
    assert reward == PENALTY and not terminated and not truncated and "TOY-02" in info2["illegal"]
    assert np.array_equal(obs["observation"], obs2["observation"]) and obs2["observation"] is not obs["observation"]


# -- seeds: an episode is the Session of its seed ---------------------------------------------------
def test_a_seeded_episode_is_the_session_of_that_seed():
    env = rl.aec_env("toy-pig", players=2)
    env.reset(seed=7)
    play_out(env)
    episode = env.session
    again = Session.new("toy-pig", players=2, seed=7)
    for record in episode.history.live[1:]:
        if isinstance(record.event, Decision):
            again.apply(record.event)
    assert [r.hash for r in again.records()] == [r.hash for r in episode.records()]


def test_later_resets_follow_the_first_seed_and_unseeded_ones_differ():
    first, second = rl.aec_env("toy-pig", players=2), rl.aec_env("toy-pig", players=2)
    first.reset(seed=5)
    second.reset(seed=5)
    first.reset()
    second.reset()
    assert first.session.seed == second.session.seed == "5/1"
    assert first.session.records()[1].hash == second.session.records()[1].hash
    loose = rl.aec_env("toy-pig", players=2)
    loose.reset()
    seed_a = loose.session.seed
    loose.reset()
    assert seed_a != loose.session.seed


def test_a_bad_seed_is_one_clear_line():
    env = rl.aec_env("toy-pig", players=2)
    with pytest.raises(BoardcoreError, match="integer or a string"):
        env.reset(seed=1.5)


# -- hidden information ---------------------------------------------------------------------------
def test_a_simultaneous_pick_stays_private_until_revealed():
    """Player 1 picks one card or another; player 2 sees the same either way, until the reveal."""
    seen = []
    for which in (0, -1):
        env = rl.aec_env("toy-pig", players=2)
        env.reset(seed=4)
        hand = sorted(env.session.state.hands[0])
        env.step(index(env, CardPicked(player=1, card=hand[which])))
        assert env.agent_selection == "player_2"
        before = env.observe("player_2")["observation"].copy()
        env.step(int(np.flatnonzero(env.observe("player_2")["action_mask"])[0]))
        seen.append((before, env.observe("player_2")["observation"].copy()))
    assert np.array_equal(seen[0][0], seen[1][0])              # hidden while face down
    assert not np.array_equal(seen[0][1], seen[1][1])          # revealed: now they differ


class LeakyToy(ToyPig):
    """Toy Pig with a view that hides nothing (the bug) and an observation that shows the next
    player's hand, which the view should have blanked."""

    name = "toy-pig-leaky"

    def view(self, s, player):
        return self.copy(s)

    def observation(self, config):
        base = super().observation(config)

        def encode(v, player):
            hand = sorted(v.hands[player % config.players])
            return [*base.encode(v, player), *hand, *[0] * (config.rounds - len(hand))]

        return Observation([*base.fields, Field("next_hand", config.rounds, 0, 9, "a leak")], encode)


def test_the_twin_check_catches_an_observation_that_leaks():
    env = rl.aec_env(LeakyToy(), players=2)
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="hidden information"):
        check_twins(env, env.session, env.table, LocalRng("leak"))


# -- one seat against policies -----------------------------------------------------------------------
def test_single_agent_plays_the_free_seat_against_the_named_policies():
    env = rl.single_agent("toy-pig", opponents={"1": "greedy", "player_3": "random"})
    assert env.seat == 2 and env.table.players == 3
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        session = env.session
        while True:
            assert 2 in session.to_act                                # the learner is asked only when it must act
            mask = info["action_mask"]
            legal = session.legal_actions(2)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(env.codec.encode(a) for a in legal)
            obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[-1]))
            if terminated or truncated:
                break
        decided_by = {r.event.player for r in session.history.live if r.event.__struct_config__.tag == "roll"}
        assert {1, 3} & decided_by                                   # the policies played their seats
        outcome = session.outcome
        assert reward == (1.0 / len(outcome.winners) if 2 in outcome.winners else -1.0)


def test_single_agent_takes_agent_objects_and_defaults_to_random_seats():
    env = rl.single_agent("toy-pig", opponents={2: RandomAgent(RULES)})
    assert env.seat == 1 and env.spec is None                   # an object policy cannot be re-made by name
    gym_play_out(env, 3)
    env = rl.single_agent("toy-pig", players=4, rounds=2)
    assert env.seat == 1 and set(env.opponents) == {2, 3, 4}
    assert env.spec.kwargs["opponents"] == {"2": "random", "3": "random", "4": "random"}
    gym_play_out(env, 4)


def test_bots_draw_their_own_randomness_from_the_episode_seed():
    """The same seed and the same learner actions play the same game, bots included; another
    seed another game."""
    games = []
    for seed in (9, 9, 10):
        env = rl.single_agent("toy-pig", opponents={"2": "random"})
        gym_play_out(env, seed)
        games.append([r.hash for r in env.session.records()])
    assert games[0] == games[1] != games[2]


# -- rendering and cost -----------------------------------------------------------------------------
def test_render_shows_the_table_without_what_is_hidden():
    env = rl.aec_env("toy-pig", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Toy Pig" in text and "to act: P1, P2" in text and "hand ? ? ?" in text
    gym = rl.gym_env("toy-pig-solo", render_mode="ansi")
    gym.reset(seed=1)
    own = " ".join(map(str, gym.session.state.hands[0]))
    assert f"hand {own}" in gym.render()
    quiet = rl.aec_env("toy-pig")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None                            # no render_mode: nothing drawn


class CountingToy(ToyPig):
    """Toy Pig that counts the views it builds."""

    name = "toy-pig-counting"
    views = 0

    def view(self, s, player):
        CountingToy.views += 1
        return super().view(s, player)


def test_each_step_builds_one_view():
    env = rl.aec_env(CountingToy(), players=2)
    env.reset(seed=2)
    steps = 0
    CountingToy.views = 0
    while not env.session.outcome:
        for _ in range(3):                                         # a loop may look as often as it likes
            obs, *_ = env.last()
            env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert CountingToy.views == steps


def test_steps_per_second_plays_whole_episodes_both_ways():
    """How it compares with `Session` random play is a benchmark figure (`rl_env_vs_session` and
    `rl_observed_vs_session` in tools/bench.py); here only that it measures: at least one whole
    episode, with the mask from the info or from the observation, on either clock."""
    for observe in (False, True):
        assert rl.steps_per_second("toy-pig", 0.0, players=2, observe=observe, clock=time.process_time) > 0


# -- bad input: one clear line each ------------------------------------------------------------------
@pytest.mark.parametrize("make, message", [
    (lambda: rl.aec_env("toy-pig", reward="money"), "reward must be one of win, score"),
    (lambda: rl.aec_env("toy-pig", illegal="ignore"), "illegal must be one of penalty, raise"),
    (lambda: rl.aec_env("toy-pig", render_mode="human"), "render_mode must be 'ansi' or None"),
    (lambda: rl.aec_env("toy-pig", colour="red"), "colour not known"),
    (lambda: rl.aec_env("toy-pig", players=7), "2-4 players"),
    (lambda: rl.gym_env("toy-pig-solo", players=2), "use single_agent"),
    (lambda: rl.gym_env("toy-pig"), "2-4 players, not 1"),
    (lambda: rl.single_agent("toy-pig", opponents={"2": "genius"}), "unknown policy 'genius'"),
    (lambda: rl.single_agent("toy-pig", opponents={"9": "random"}), "no seat '9'"),
    (lambda: rl.single_agent("toy-pig", players=2, opponents={"1": "random", "2": "random"}), "seats without one: none"),
    (lambda: rl.single_agent("toy-pig", players=3, opponents={"2": "random"}), "seats without one: 1, 3"),
])
def test_bad_options_are_one_clear_line(make, message):
    with pytest.raises(BoardcoreError, match=message) as caught:
        make()
    assert "\n" not in str(caught.value)


def test_an_unknown_game_is_named():
    with pytest.raises(UnknownGame, match="no-such-game"):
        rl.aec_env("no-such-game")


def test_bad_steps_are_one_clear_line():
    env = rl.aec_env("toy-pig", players=2)
    for before_reset in (lambda: env.observe("player_1"), env.last, lambda: env.step(0), lambda: env.session):
        with pytest.raises(BoardcoreError, match="call reset"):
            before_reset()
    env.reset(seed=1)
    for action, message in [("roll", "an action is an index"), (99, "outside 0..10"), (-1, "outside 0..10"),
                            (None, "is to act")]:
        with pytest.raises(BoardcoreError, match=message) as caught:
            env.step(action)
        assert "\n" not in str(caught.value)
    with pytest.raises(BoardcoreError, match="no agent 'player_9'"):
        env.observe("player_9")
    play_out(env)
    with pytest.raises(BoardcoreError, match="every agent has left"):
        env.step(None)
    gym = rl.gym_env("toy-pig-solo")
    gym_play_out(gym, 1)
    with pytest.raises(BoardcoreError, match="episode is over"):
        gym.step(0)


def test_a_finished_agent_steps_with_none_only():
    env = rl.aec_env("toy-pig-solo")
    env.reset(seed=1)
    while not env.terminations["player_1"] and not env.truncations["player_1"]:
        env.step(int(np.flatnonzero(env.observe("player_1")["action_mask"])[0]))
    with pytest.raises(BoardcoreError, match="step it with None"):
        env.step(0)
    env.step(None)
    assert env.agents == []

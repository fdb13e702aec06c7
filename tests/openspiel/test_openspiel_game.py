"""Every game and mode keeps OpenSpiel's promises through `boardcore.openspiel`:

- `pyspiel.random_sim_test` (its clone, legality, mask, observation and returns checks) passes on
  random games of every mode; serialisation is checked here, as `random_sim_test` cannot check it for
  a sampled-stochastic Python game (open_spiel 2.0.2 asks the game for a generator state it cannot give);
- twin positions (the same view, other hidden cards, from `resample_from_infostate`) give the seat
  identical information-state and observation strings and tensors, while the tables really differ;
- every episode is a real boardcore stream: saved, it audits clean with its luck proven, and its
  returns are its outcome's; a clone, written out as a session, replays to the clone's own position.
"""

from __future__ import annotations

import random

import msgspec
import numpy as np
import pytest
from openspiel_needed import pyspiel

pyspiel = pyspiel()

from boardcore import openspiel  # noqa: E402
from boardcore.analysis.audit import audit  # noqa: E402
from boardcore.game.errors import BoardcoreError  # noqa: E402
from boardcore.rl.table import Table  # noqa: E402
from rl.test_rl_conformance import GAMES, mode_id  # noqa: E402  (the same modes as the RL conformance tests)

SHORT = {name: short for short, name in openspiel.GAMES.items()}
SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


def load(mode, seed: str = "") -> pyspiel.Game:
    name, options = mode
    return openspiel.load_game(SHORT[name], seed=seed, **options)


@pytest.fixture(params=GAMES, ids=mode_id)
def mode(request):
    return request.param


def test_random_sim_test(mode):
    pyspiel.random_sim_test(load(mode, seed=f"sim/{mode_id(mode)}"), num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
def test_random_sim_test_many_games(mode):
    pyspiel.random_sim_test(load(mode, seed=f"sims/{mode_id(mode)}"), num_sims=8, serialize=False, verbose=False)


def same_for(player, state, twin) -> None:
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.observation_string(player) == state.observation_string(player)
    assert np.array_equal(twin.information_state_tensor(player), state.information_state_tensor(player))
    assert np.array_equal(twin.observation_tensor(player), state.observation_tensor(player))


def test_an_episode_keeps_its_promises(mode, tmp_path):
    game = load(mode, seed=f"walk/{mode_id(mode)}")
    pick = random.Random(mode_id(mode))
    state = game.new_initial_state()
    hidden_differs = False
    steps = 0
    while not state.is_terminal():
        if steps < 8 or steps & (steps - 1) == 0:      # serialised and read back, as random_sim_test would
            back = game.deserialize_state(state.serialize())
            assert str(back) == str(state) and back.history() == state.history()
        if steps % 5 == 0:                            # twins: what the seat cannot see, dealt afresh
            for player in range(game.num_players()):
                twin = state.resample_from_infostate(player, SAMPLER)
                same_for(player, state, twin)
                hidden_differs |= str(twin) != str(state)
        if steps == 20:                               # a clone plays on, then writes its own session
            clone = state.clone()
            clone.apply_action(pick.choice(clone.legal_actions()))
            played = msgspec.json.encode(clone.line.state)
            assert msgspec.json.encode(clone.session.state) == played
        state.apply_action(pick.choice(state.legal_actions()))
        steps += 1
    assert hidden_differs, "no twin ever differed from the table: the test saw no hidden information"
    session = state.session
    session.save(tmp_path / "episode.jsonl")
    report = audit(str(tmp_path / "episode.jsonl"))
    assert report.ok, [s for s in report.steps if not s.ok]
    assert report.unproven_chance == 0 and report.outcome == session.outcome
    name, options = mode
    assert state.returns() == Table(name, options).rewards(session.outcome)


def test_a_resampled_table_plays_on_writes_its_session_and_reads_back():
    """What ISMCTS searches from: a table dealt afresh with its own seed, a game of its own."""
    game = load(("apogee", {"players": 2, "max_turns": 6}), seed="resampled")
    state = game.new_initial_state()
    for _ in range(15):
        state.apply_action(state.legal_actions()[0])
    twin = state.resample_from_infostate(state.current_player(), SAMPLER)
    assert str(twin) != str(state) and twin.session.seed != state.session.seed
    pick = random.Random(3)
    for _ in range(10):
        twin.apply_action(pick.choice(twin.legal_actions()))
    back = game.deserialize_state(twin.serialize())
    assert str(back) == str(twin)
    clone = twin.clone()
    clone.apply_action(clone.legal_actions()[0])
    played = msgspec.json.encode(clone.line.state)
    assert msgspec.json.encode(clone.session.state) == played


def test_the_same_seed_plays_the_same_episode():
    mode = ("warlords", {"players": 2})
    first, second = load(mode, seed="twice").new_initial_state(), load(mode, seed="twice").new_initial_state()
    for _ in range(30):
        action = first.legal_actions()[len(first.legal_actions()) // 2]
        first.apply_action(action)
        second.apply_action(action)
    assert str(first) == str(second)
    assert first.session.head == second.session.head


def test_episodes_of_a_seeded_game_are_numbered_and_an_unseeded_one_secret():
    game = load(("solar-sphere", {"players": 2}), seed="s")
    seeds = [game.new_initial_state().session.seed for _ in range(3)]
    assert seeds == ["s", "s/1", "s/2"]
    fresh = load(("solar-sphere", {"players": 2}))
    assert fresh.new_initial_state().session.seed != fresh.new_initial_state().session.seed


def test_asking_for_tensor_shapes_deals_no_episode():
    """OpenSpiel sizes a tensor by observing a fresh state it then drops: that must neither cost an
    episode's seed nor a setup per question."""
    game = load(("apogee", {"players": 3}), seed="shape")
    for _ in range(3):
        assert game.information_state_tensor_size() == game.observation_tensor_size() > 0
    assert [game.new_initial_state().session.seed for _ in range(2)] == ["shape", "shape/1"]


def test_a_fresh_state_read_before_another_takes_its_episode_plays_that_episode():
    game = load(("warlords", {"players": 2}), seed="pinned")
    first, second = game.new_initial_state(), game.new_initial_state()
    seen = first.information_state_string(0)
    second.apply_action(second.legal_actions()[0])      # takes the episode `first` has looked at
    assert first.information_state_string(0) == seen
    first.apply_action(first.legal_actions()[0])
    assert first.session.seed == second.session.seed == "pinned"
    assert str(first) == str(second)


def test_names_and_options_are_checked():
    with pytest.raises(BoardcoreError, match="no OpenSpiel game"):
        openspiel.load_game("boardcore_chess")
    with pytest.raises(BoardcoreError, match="1-4 players"):
        openspiel.load_game("boardcore_warlords", players=9)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        openspiel.load_game("boardcore_warlords", colour="red")

"""OpenSpiel's own bots play boardcore's games: `ISMCTSBot` through the OpenSpiel API on every title
(the games audit), and both bots as boardcore agents (`openspiel-ismcts`, `openspiel-mcts`) at a
tournament, reading only their seat's view."""

from __future__ import annotations

import json

import numpy as np
import pytest
from openspiel_needed import pyspiel

pyspiel = pyspiel()

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from boardcore import games, openspiel  # noqa: E402
from boardcore.agents import policies as agents
from boardcore.analysis.audit import audit  # noqa: E402
from boardcore.game.errors import BoardcoreError  # noqa: E402
from boardcore.openspiel import bots  # noqa: E402
from boardcore.rl.table import Table  # noqa: E402
from boardcore.game.rng import Rng  # noqa: E402
from boardcore.session.session import Session  # noqa: E402
from rl.test_rl_conformance import GAMES, mode_id  # noqa: E402

TITLES = [("boardcore_solar_sphere", {"players": 2}), ("boardcore_apogee", {"players": 2, "max_turns": 4}),
          ("boardcore_warlords", {"players": 2})]


def ismcts_game(short, options, tmp_path):
    """A whole game with OpenSpiel's ISMCTS in every seat, through the OpenSpiel API only; its stream audited."""
    game = openspiel.load_game(short, seed=f"ismcts/{short}", **options)
    random = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random), 2.0, 2, random_state=random)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    state.session.save(tmp_path / "ismcts.jsonl")
    report = audit(str(tmp_path / "ismcts.jsonl"))
    assert report.ok, [s for s in report.steps if not s.ok]
    assert report.unproven_chance == 0 and report.outcome == state.session.outcome


@pytest.mark.parametrize(("short", "options"), TITLES, ids=[t[0] for t in TITLES])
def test_ismcts_plays_a_whole_game_of_every_title_and_it_audits(short, options, tmp_path):
    ismcts_game(short, options, tmp_path)


@pytest.mark.slow
def test_ismcts_plays_a_whole_apogee_game_without_a_turn_cap(tmp_path):
    ismcts_game("boardcore_apogee", {"players": 3}, tmp_path)


@pytest.mark.parametrize("mode", GAMES, ids=mode_id)
def test_an_agent_finds_its_game_from_the_view(mode):
    """The agents' OpenSpiel game is read off the view (every state carries its config's fields): it
    must have the codec and the observation of the table's own config."""
    name, options = mode
    rules = games.get(name)
    agent = agents.make("openspiel-ismcts:simulations=2", rules)
    found = agent.game_of(Session.new(rules, seed="view", **options).view(1))
    table = Table(rules, options)
    assert found.codec.templates == table.codec.templates
    assert found.table.encoding.fields == table.encoding.fields
    assert found.num_players() == table.players


def test_both_bots_sit_at_a_tournament(run):
    code, out, err = run("tournament", "warlords", "--agent", "openspiel-ismcts:simulations=2",
                         "--agent", "openspiel-mcts:simulations=2", "-n", "2", "-w", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert [s["agent"] for s in report["standings"]] == ["openspiel-ismcts:simulations=2",
                                                         "openspiel-mcts:simulations=2"]
    assert sum(s["wins"] for s in report["standings"]) == 2


def test_a_timed_agent_sets_its_simulations_from_its_pace():
    agent = bots.IsmctsAgent(games.get("warlords"), seconds=0.5)
    assert agent._budget() == bots.FIRST_SIMULATIONS       # nothing measured yet
    agent.pace = 20.0                                      # 20 simulations a second lately
    assert agent._budget() == 8                            # at most twice the first decision's 4
    agent.last = {"simulations": 8, "seconds": 0.4}
    assert agent._budget() == 10
    agent.pace = 1.0                                       # slower than the fewest a search can run
    assert agent._budget() == bots.MIN_SIMULATIONS


def test_the_pace_follows_the_latest_decisions():
    rules = games.get("warlords")
    agent = agents.make("openspiel-ismcts:seconds=0.01", rules)
    session = Session.new(rules, players=2, seed="pace")
    paces = []
    while len(paces) < 3:
        me = session.to_act[0]
        legal = session.legal_actions(me)
        session.apply(agent.choose(session.view(me), legal, Rng.derive("pace", session.position)))
        if len(legal) > 1:
            paces.append((agent.pace, agent.last["simulations"] / agent.last["seconds"]))
    (first, rate1), (second, rate2), _ = paces
    assert first == rate1                                  # the first decision sets the pace
    assert second == pytest.approx(bots.PACE_WEIGHT * rate2 + (1 - bots.PACE_WEIGHT) * first)


def test_a_decision_reports_its_simulations():
    rules = games.get("solar-sphere")
    agent = agents.make("openspiel-mcts:simulations=3", rules)
    session = Session.new(rules, players=2, seed="report")
    while len(session.legal_actions(session.to_act[0])) < 2:
        session.apply(session.legal_actions(session.to_act[0])[0])
    me = session.to_act[0]
    choice = agent.choose(session.view(me), session.legal_actions(me), Rng.derive("agent", 1))
    assert choice in session.legal_actions(me) and agent.last["simulations"] == 3


@pytest.mark.parametrize(("spec", "says"), [
    ("openspiel-ismcts:seconds=0.25,simulations=3", "seconds or simulations"),
    ("openspiel-mcts:uct=-1", "uct takes a number from 0"),    # refused with every policy's numbers
    ("openspiel-ismcts:simulations=1", "at least 2"),
    ("openspiel-ismcts:depth=3", "takes seconds"),
])
def test_bad_specs_are_refused_in_one_line(spec, says):
    with pytest.raises(BoardcoreError, match=says):
        agents.make(spec, games.get("warlords"))


def test_a_bot_built_in_python_checks_its_own_exploration():
    with pytest.raises(ValueError, match="uct must be at least 0"):
        bots.MctsAgent(games.get("warlords"), uct=-1)

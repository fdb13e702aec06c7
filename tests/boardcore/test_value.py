"""The win probability (`boardcore.analysis.value`): fitted models for every mode of every game, probabilities
that are probabilities, the actual result at a finished game, nothing read that the viewer cannot see,
and the seat far ahead the likelier winner."""

import json
from pathlib import Path

import pytest

from boardcore import games
from boardcore.agents.policies import make
from boardcore.game.errors import BoardcoreError
from boardcore.agents.play import agent_stream, seeded, start
from boardcore.game.rng import LocalRng
from boardcore.analysis.value import FEATURES, features, model, model_file, win_probabilities, win_probability

SRC = Path(__file__).resolve().parents[2] / "src"
MODES = {
    "solar-sphere": [{"players": n} for n in (2, 3, 4)] + [{"players": 1, "level": v} for v in (1, 2, 3)],
    # Apogee at the 50-turn cap its models were fitted with: uncapped (rules 1.2), random play can take
    # hundreds of turns to fulfil a Mission
    "apogee": [{"players": 2 + m % 4, "mission": m, "max_turns": 50} for m in range(1, 13)]
    + [{"players": 1, "mission": m} for m in range(1, 7)],
    "warlords": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "mode": "ffa"},
                 {"players": 1}, {"players": 1, "level": "hard"}],
}
"""Every mode the games offer (their configs' documented ranges; each of Apogee's Missions at some table)."""
CASES = [(name, options) for name, modes in MODES.items() for options in modes]


def positions(name, options, agent="random", seed="value", every=7):
    """(state, seat to act) at every `every`-th decision of one game of `agent` in every seat."""
    rules = games.get(name)
    config = rules.make_config(**options)
    bots = {p: make(agent, rules) for p in range(1, config.players + 1)}
    chance, choice = seeded(seed), agent_stream(seed)
    state, at = start(rules, config, chance)
    k = 0
    while rules.outcome(state) is None:
        player = rules.to_act(state)[0]
        if k % every == 0:
            yield state, player
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        u = rules.unfold(state, bots[player].choose(rules.view(state, player), legal, choice(at)), chance(at),
                         trusted=True)
        state, at, k = u.state, at + len(u.events), k + 1
    yield state, None


@pytest.mark.parametrize("name", list(MODES))
def test_each_game_ships_a_model_with_its_provenance(name):
    rules = games.get(name)
    fitted = model_file(rules)
    assert fitted["features"] == list(FEATURES)
    assert fitted["command"].startswith("python tools/fit_value.py fit") and fitted["agents"] and fitted["seeds"]
    package = type(rules).__module__.partition(".")[0]
    on_disk = json.loads((SRC / package / "data" / "win_probability.json").read_text())
    assert on_disk == fitted
    for mode, entry in fitted["modes"].items():
        assert len(entry["weights"]) == len(FEATURES) and entry["games"] > 0, mode


@pytest.mark.parametrize("name,options", CASES, ids=[f"{n}-{'-'.join(map(str, o.values()))}" for n, o in CASES])
def test_every_mode_has_probabilities_for_every_seat(name, options):
    rules = games.get(name)
    players = options["players"]
    for state, player in positions(name, options, every=11):
        for viewer in (player, None):
            chances = win_probabilities(rules, rules.view(state, viewer), viewer)
            assert sorted(chances) == list(range(1, players + 1))
            assert all(0.0 <= p <= 1.0 for p in chances.values()), chances
            if players > 1 and rules.outcome(state) is None:
                # someone wins (a team's seats share it), unless the mode's games may end with no winner
                total = sum(chances.values())
                if model(rules, rules.standing(rules.view(state, viewer)).mode)["no_winner"]:
                    assert 0.0 < total < 1.0
                else:
                    assert total == pytest.approx(1.0)
            for p in chances:
                assert win_probability(rules, rules.view(state, viewer), viewer, p) == chances[p]


@pytest.mark.parametrize("name", list(MODES))
def test_a_finished_game_gives_its_result(name):
    rules = games.get(name)
    for options in MODES[name]:
        *_, (final, _) = positions(name, options, every=10 ** 6)
        outcome = rules.outcome(final)
        expected = {p: (1 / len(outcome.winners) if p in outcome.winners else 0.0)
                    for p in range(1, options["players"] + 1)}
        assert win_probabilities(rules, rules.view(final, 1), 1) == expected
        assert win_probabilities(rules, final, None) == expected


@pytest.mark.parametrize("name", list(MODES))
def test_twin_positions_give_the_viewer_the_same_chances(name):
    """Hidden information re-dealt (`hidden_variant`) changes the table, not what the viewer is told."""
    rules = games.get(name)
    rng = LocalRng("twins")
    differed = 0
    for state, player in positions(name, {"players": 3 if name != "apogee" else 2}, every=5):
        if player is None:
            continue
        twin = rules.hidden_variant(state, player, rng)
        if twin is None:
            continue
        mine = win_probabilities(rules, rules.view(state, player), player)
        assert win_probabilities(rules, rules.view(twin, player), player) == mine
        differed += twin != state
    assert differed   # the twins really hid something


@pytest.mark.parametrize("name", list(MODES))
def test_the_seat_far_ahead_is_the_likelier_winner(name):
    """In a greedy game's second half, the position where one seat leads the other most (in projected
    standing and in points) gives that seat the better chance."""
    rules = games.get(name)
    best = None
    for state, player in positions(name, {"players": 2}, agent="greedy", seed="ahead", every=3):
        if player is None:
            continue
        st = rules.standing(rules.view(state, player))
        if st.done < 0.5:
            continue
        for side in (0, 1):
            x = features(st, side)
            lead = min(x[2], x[4])
            if best is None or lead > best[0]:
                best = (lead, state, player, side + 1)
    lead, state, player, leader = best
    assert lead > 0
    chances = win_probabilities(rules, rules.view(state, player), player)
    assert chances[leader] > 0.5, (lead, chances)


def test_a_mode_without_a_model_is_a_clear_error(monkeypatch):
    rules = games.get("warlords")
    fitted = model_file(rules)
    monkeypatch.setitem(fitted, "modes", {k: v for k, v in fitted["modes"].items() if k != "3p"})
    state, player = next(positions("warlords", {"players": 3}))
    with pytest.raises(BoardcoreError, match="no win-probability model for '3p'.*tools/fit_value.py"):
        win_probabilities(rules, rules.view(state, player), player)


def test_a_game_without_a_standing_has_no_win_probability():
    from boardcore.game.rules import Game

    class Bare(Game):
        name = "bare"

        def outcome(self, state):
            return None

    with pytest.raises(BoardcoreError, match="bare offers no standing"):
        win_probabilities(Bare(), object(), None)

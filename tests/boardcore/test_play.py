"""The fast playout loop plays exactly the game the plain decide-and-evolve loop plays."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import games
from boardcore.agents import policies as agents
from boardcore.agents.play import agent_rng, playout, seeded, start


@pytest.mark.parametrize("name, options", [("solar-sphere", {"players": 2}), ("apogee", {"players": 3, "max_turns": 6}),
                                           ("warlords", {"players": 2}), ("warlords", {"players": 1}),
                                           ("toy-pig", {"players": 3, "rounds": 2})])
def test_playout_equals_the_plain_loop(name, options):
    rules = games.get(name)
    config = rules.make_config(**options)
    for g in range(3):
        bots = {p: agents.make("greedy" if (p + g) % 2 else "random", rules) for p in range(1, config.players + 1)}
        chance, choice = seeded(f"same/{g}"), agent_rng(f"same/{g}")
        state, position = start(rules, config, chance)
        fast, fast_position, _ = playout(rules, rules.copy(state), position, bots, chance, choice)
        while rules.outcome(state) is None:
            player = rules.to_act(state)[0]
            legal = [a for a in rules.legal_actions(state) if a.player == player]
            action = bots[player].choose(rules.view(state, player), legal, choice(position))
            for event in rules.decide(state, action, chance(position)):
                state = rules.evolve(state, event)
                position += 1
        assert (fast_position, msgspec.json.encode(fast)) == (position, msgspec.json.encode(state))

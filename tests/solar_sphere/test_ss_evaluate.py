"""Solar Sphere's estimates for the bots: `evaluate` (greedy's, which looks two of the player's own steps
ahead) and `margin` (the search's leaf value: the same lead over the best rival looking one step ahead, and
in a solo game against DRANDA's final total)."""

from __future__ import annotations

import pytest
from boardcore import games
from boardcore.agents.play import agent_rng, seeded, start

from solar_sphere.evaluate import dranda_to_come, evaluate

R = games.get("solar-sphere")


def positions(players: int, seed: str, every: int = 7):
    """Every `every`-th position of a random game of `players`."""
    config = R.make_config(players=players) if players > 1 else R.make_config(players=1, level=1)
    chance, choice = seeded(seed), agent_rng(seed)
    state, position = start(R, config, chance)
    n = 0
    while R.outcome(state) is None:
        if n % every == 0:
            yield state
        player = R.to_act(state)[0]
        legal = [a for a in R.legal_actions(state) if a.player == player]
        unfolding = R.unfold(state, legal[choice(position).randbelow(len(legal))], chance(position), trusted=True,
                             in_place=True)
        state, position, n = unfolding.state, position + len(unfolding.events), n + 1


def test_the_margin_looks_one_own_step_ahead_not_two():
    """Two players: the margin is `evaluate`'s lead over the rival looking one of the player's own steps
    ahead (greedy's looks two), so it asks for the legal actions at most once, where greedy's asks again
    after each action it tries."""
    checked = looked = 0
    legal_actions = type(R).legal_actions
    for state in positions(2, "margin/2p"):
        for p in (1, 2):
            asked = []

            def counting(self, s, asked=asked):
                asked.append(1)
                return legal_actions(self, s)

            type(R).legal_actions = counting
            try:
                value = R.margin(state, p)
            finally:
                type(R).legal_actions = legal_actions
            assert value == evaluate(R, state, p, 1) and len(asked) <= 1
            checked += 1
            looked += bool(asked)
    assert checked > 20 and looked > 0


@pytest.mark.rule("SS-SOLO-01")
def test_alone_the_margin_counts_dranda_s_points_still_to_come():
    """The solo player must beat DRANDA's final total: its points in the rounds left, at the rate it has
    scored so far, count against the player (nothing more once the final round is on)."""
    ahead = 0
    for state in positions(1, "margin/solo", every=5):
        to_come = dranda_to_come(state)
        assert R.margin(state, 1) == pytest.approx(evaluate(R, state, 1, 1) - to_come)
        if state.round >= 6 or state.final:
            assert to_come == 0
        else:
            assert to_come == pytest.approx(state.dranda.score / max(1, state.round) * (6 - state.round))
            ahead += to_come > 0
    assert ahead > 0

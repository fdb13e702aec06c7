"""The bots' policies: `prior` draws by the game's own preference."""

from __future__ import annotations

from boardcore.agents import policies as agents
from boardcore.agents.play import playout, seeded, start
from boardcore.game.rng import Rng
from toygame.game import ToyPig


class PrefersTheLast(ToyPig):
    """A prior that gives every weight to the last legal action."""

    name = "toy-pig-prefers-the-last"

    def prior(self, state, actions):
        return [0.0] * (len(actions) - 1) + [1.0]


def test_prior_follows_the_games_preference_and_plays_to_the_end():
    rules = PrefersTheLast()
    bot = agents.make("prior", rules)
    config = rules.make_config(players=2, rounds=2)
    state, position = start(rules, config, seeded(1))
    legal = rules.legal_actions(state)
    rng = Rng.derive("prior", 0)
    assert len(legal) > 1 and all(bot.choose(rules.view(state, 1), legal, rng) == legal[-1] for _ in range(20))
    end, _, made = playout(rules, state, position, {1: bot, 2: bot}, seeded(1), seeded("bots"))
    assert rules.outcome(end) is not None and made > 0

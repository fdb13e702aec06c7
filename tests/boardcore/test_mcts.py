"""The information-set MCTS bot: named like any policy, deterministic for a seed with an iteration
budget, blind to what its seat cannot see, right where the answer is known, and better than random."""

from __future__ import annotations

import time

import msgspec
import pytest

from boardcore import agents, games
from boardcore.errors import BoardcoreError, UnknownGame
from boardcore.mcts import DEFAULT_ITERATIONS, MctsAgent
from boardcore.play import agent_rng, playout, seeded, start
from boardcore.rng import LocalRng, Rng
from toygame import RULES, Hold, Roll
from toygame.positions import first_pick, last_turn


def test_named_like_any_policy_with_parameters():
    bot = agents.make("mcts:iterations=50,depth=1,explore=0.3", RULES)
    assert isinstance(bot, MctsAgent) and bot.reads_view
    assert (bot.iterations, bot.depth, bot.explore, bot.seconds) == (50, 1, 0.3, None)
    assert agents.make("mcts", RULES).iterations == DEFAULT_ITERATIONS
    timed = agents.make("mcts:seconds=0.05", RULES)
    assert timed.seconds == 0.05 and timed.iterations is None


@pytest.mark.parametrize("spec, words", [
    ("mcts:iterations=many", "iterations must be a int"),
    ("mcts:depht=3", "mcts takes iterations=…"),
    ("mcts:iterations=0", "iterations must be at least 1"),
    ("mcts:minimax=2", "minimax between 0 and 1"),
    ("greedy:iterations=3", "greedy takes no parameters"),
    ("genius", "unknown policy 'genius'"),
])
def test_bad_specs_are_one_clear_error(spec, words):
    with pytest.raises(BoardcoreError, match=words):
        agents.make(spec, RULES)


def test_holds_where_holding_wins_and_rolling_can_only_lose():
    state = last_turn()
    bot = agents.make("mcts:iterations=300", RULES)
    legal = RULES.legal_actions(state)
    assert set(legal) == {Roll(player=1), Hold(player=1)}
    for seed in range(5):
        assert bot.choose(RULES.view(state, 1), legal, Rng.derive("hold", seed)) == Hold(player=1)


def test_rolls_where_holding_loses_for_sure():
    """Banked 10 + running 2 trails P2's 14: holding loses, so the search must roll."""
    state = last_turn(running=2)
    bot = agents.make("mcts:iterations=300", RULES)
    assert bot.choose(RULES.view(state, 1), RULES.legal_actions(state), Rng.derive("roll", 1)) == Roll(player=1)


def test_same_seed_same_choice_and_the_search_is_real():
    state = first_pick()
    legal = [a for a in RULES.legal_actions(state) if a.player == 1]
    bot = agents.make("mcts:iterations=200", RULES)
    first = bot.choose(RULES.view(state, 1), legal, Rng.derive("same", 3))
    visits = bot.last["visits"]
    again = agents.make("mcts:iterations=200", RULES).choose(RULES.view(state, 1), legal, Rng.derive("same", 3))
    assert first == again
    assert bot.last["iterations"] == 200 and sum(visits.values()) == 200 and len(visits) == len(legal)


def test_twin_positions_differing_only_in_what_the_seat_cannot_see_get_the_same_choice():
    """P2's hand and the deck are hidden from P1: swapping cards between them changes the true table,
    not P1's view, and so not P1's choice. (Given the true tables, a peeking search could tell them apart.)"""
    twins = [first_pick(p2_hand=(1, 4, 8), deck=(3, 6, 7)), first_pick(p2_hand=(3, 6, 7), deck=(1, 4, 8)),
             first_pick(p2_hand=(1, 3, 6), deck=(4, 7, 8))]
    legal = [a for a in RULES.legal_actions(twins[0]) if a.player == 1]
    for seed in range(4):
        choices = {agents.make("mcts:iterations=120", RULES).choose(RULES.view(t, 1), legal, Rng.derive("twin", seed))
                   for t in twins}
        assert len(choices) == 1


def test_one_legal_action_is_taken_without_a_search():
    bot = agents.make("mcts:iterations=100000", RULES)
    state = last_turn(running=0)           # no running total: only a roll is legal (TOY-03)
    legal = RULES.legal_actions(state)
    began = time.perf_counter()
    assert bot.choose(RULES.view(state, 1), legal, Rng.derive("one", 0)) == Roll(player=1)
    assert bot.last["iterations"] == 0 and time.perf_counter() - began < 0.1


def test_a_time_budget_stops_in_time():
    bot = agents.make("mcts:seconds=0.2", RULES)
    state = first_pick()
    began = time.perf_counter()
    bot.choose(RULES.view(state, 1), [a for a in RULES.legal_actions(state) if a.player == 1], Rng.derive("t", 0))
    assert time.perf_counter() - began < 1.0 and bot.last["iterations"] > 1


def test_beats_random_at_toy_pig():
    wins = 0.0
    games_ = 30
    for g in range(games_):
        seat = 1 + g % 2
        bots = {1: agents.make("random", RULES), 2: agents.make("random", RULES)}
        bots[seat] = agents.make("mcts:iterations=60", RULES)
        chance = seeded(f"beat/{g // 2}")
        state, position = start(RULES, RULES.make_config(players=2), chance)
        state, _, _ = playout(RULES, state, position, bots, chance, agent_rng(f"beat/{g}"))
        winners = RULES.outcome(state).winners
        wins += (seat in winners) / len(winners)
    assert wins / games_ >= 0.7


def choice_points(name: str, seed: str, count: int = 3, every: int = 1):
    """`count` positions of a random 2-player game of `name` where the seat to act has more than two legal
    actions (looked for at every `every`-th decision): (rules, state, player, legal, the bot's stream at
    that point, decision number)."""
    try:
        rules = games.get(name)
    except UnknownGame:
        pytest.skip(f"{name} is not installed")
    chance, choice = seeded(seed), agent_rng(seed)
    state, position = start(rules, rules.make_config(players=2), chance)
    found = 0
    for n in range(400):
        player = rules.to_act(state)[0]
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        if len(legal) > 2 and n % every == 0:
            yield rules, state, player, legal, (lambda at=position: choice(at)), n
            found += 1
            if found == count:
                return
        for event in rules.decide(state, legal[choice(position).randbelow(len(legal))], chance(position)):
            state = rules.evolve(state, event)
            position += 1
    raise AssertionError(f"{name}: fewer than {count} positions with a choice in 400 decisions")


@pytest.mark.parametrize("name", ["solar-sphere", "warlords", "apogee"])
def test_no_peeking_in_each_game(name):
    """Twin tables of a real game, dealt with `hidden_variant` from one seat's view, look the same to
    that seat; the bot's choice is the same on both."""
    for rules, state, player, legal, bot_rng, n in choice_points(name, f"twins/{name}", every=5):
        twin = rules.hidden_variant(state, player, LocalRng(f"twin/{n}"))
        picks = {agents.make("mcts:iterations=25", rules).choose(rules.view(t, player), legal, bot_rng())
                 for t in (state, twin)}
        assert len(picks) == 1


class PrefersHolding(type(RULES)):
    """Toy Pig with a cheap prior that likes holding ten times more than rolling."""

    name = "toy-pig-prefers-holding"

    def prior(self, state, actions):
        return [10.0 if isinstance(a, Hold) else 1.0 for a in actions]


def test_the_game_s_prior_orders_what_is_tried_first():
    rules = PrefersHolding()
    state = last_turn(running=2)                # holding loses here, but the prior does not know it
    legal = rules.legal_actions(state)
    first = agents.make("mcts:iterations=1", rules)
    first.choose(rules.view(state, 1), legal, Rng.derive("prior", 0))
    assert first.last["visits"] == {"P1 hold": 1}
    searched = agents.make("mcts:iterations=300", rules)   # the search still finds the roll
    assert searched.choose(rules.view(state, 1), legal, Rng.derive("prior", 0)) == Roll(player=1)


@pytest.mark.parametrize("name", ["solar-sphere", "warlords", "apogee"])
def test_the_search_leaves_the_view_it_was_handed_as_it_was(name):
    """Each iteration decides in place on a table of its own (`hidden_variant`'s deal, or a copy): the
    view the bot is handed is never changed, so the same call gives the same choice again."""
    for rules, state, player, legal, bot_rng, _ in choice_points(name, f"inplace/{name}"):
        view = rules.view(state, player)
        before = msgspec.msgpack.encode(view)
        picks = [agents.make("mcts:iterations=30", rules).choose(view, legal, bot_rng()) for _ in range(2)]
        assert picks[0] == picks[1] and msgspec.msgpack.encode(view) == before

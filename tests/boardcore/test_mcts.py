"""The information-set MCTS bot: named like any policy, deterministic for a seed with an iteration
budget, blind to what its seat cannot see, right where the answer is known, and better than random."""

from __future__ import annotations

import random
import statistics
import time

import msgspec
import pytest

from boardcore import games
from boardcore.agents import policies as agents
from boardcore.game.errors import BoardcoreError, UnknownGame
from boardcore.agents.mcts import DEFAULT_ITERATIONS, DEFAULT_SECONDS, WARM_UP, WIDTH, MctsAgent, _Search
from boardcore.agents.play import agent_rng, playout, seeded, start
from boardcore.game.rng import LocalRng, Rng
from toygame import RULES, CardPicked, Hold, Roll
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
    ("mcts:iterations=" + "9" * 30, "iterations takes a number from 0 to 1,000,000,000"),   # ran on for ever
    ("mcts:seconds=-1", "seconds takes a number from 0"),
    ("mcts:seconds=nan", "seconds takes a number from 0"),
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


def test_twin_positions_differing_only_in_what_the_seat_cannot_see_get_the_same_search():
    """P2's hand and the deck are hidden from P1: swapping cards between them changes the true table,
    not P1's view, and so not P1's search: the same visit counts for every action, not only the same
    choice. (Given the true tables, a peeking search could tell them apart.)"""
    twins = [first_pick(p2_hand=(1, 4, 8), deck=(3, 6, 7)), first_pick(p2_hand=(3, 6, 7), deck=(1, 4, 8)),
             first_pick(p2_hand=(1, 3, 6), deck=(4, 7, 8))]
    legal = [a for a in RULES.legal_actions(twins[0]) if a.player == 1]
    for seed in range(4):
        searches = set()
        for t in twins:
            bot = agents.make("mcts:iterations=120", RULES)
            choice = bot.choose(RULES.view(t, 1), legal, Rng.derive("twin", seed))
            searches.add((choice, tuple(sorted(bot.last["visits"].items()))))
        assert len(searches) == 1


def test_one_legal_action_is_taken_without_a_search():
    bot = agents.make("mcts:iterations=100000", RULES)
    state = last_turn(running=0)           # no running total: only a roll is legal (TOY-03)
    legal = RULES.legal_actions(state)
    assert bot.choose(RULES.view(state, 1), legal, Rng.derive("one", 0)) == Roll(player=1)
    assert bot.last["iterations"] == 0


def test_a_time_budget_ends_the_search():
    bot = agents.make("mcts:seconds=0.05", RULES)
    state = first_pick()
    legal = [a for a in RULES.legal_actions(state) if a.player == 1]
    assert bot.choose(RULES.view(state, 1), legal, Rng.derive("t", 0)) in legal
    assert bot.last["iterations"] >= 1


@pytest.mark.bench
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
    that seat; the bot's search is the same on both, visit for visit. Where the decision taken leaves
    the seat to choose again with a view the same on both twins, the search that goes on from the kept
    tree is the same too."""
    kept = 0
    for rules, state, player, legal, bot_rng, n in choice_points(name, f"twins/{name}", every=5):
        twin = rules.hidden_variant(state, player, LocalRng(f"twin/{n}"))
        searches, nexts = [], []
        for t in (state, twin):
            bot = agents.make("mcts:iterations=25", rules)
            action = bot.choose(rules.view(t, player), legal, bot_rng())
            searches.append((action, bot.last["visits"]))
            after = rules.unfold(t, action, LocalRng(f"after/{n}"), trusted=True).state
            if bot.kept is not None and rules.outcome(after) is None and rules.to_act(after)[0] == player:
                view = rules.view(after, player)
                nexts.append((msgspec.msgpack.encode(view), bot, view,
                              [a for a in rules.legal_actions(after) if a.player == player]))
        assert searches[0] == searches[1]
        if len(nexts) == 2 and nexts[0][0] == nexts[1][0]:
            again = []
            for _, bot, view, next_legal in nexts:
                again.append((bot.choose(view, next_legal, bot_rng()), bot.last["visits"], bot.last["kept_visits"]))
            assert again[0] == again[1]
            kept += again[0][2] > 0
    assert name == "apogee" or kept, "no kept tree was checked"


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


# -- the search's parts, each with what it fixed --------------------------------------------------------
def test_every_available_child_is_counted_on_every_visit_of_its_parent():
    """ISMCTS's availability counts: at the root every legal action is available in every deal, so a child
    made at the k-th iteration has been available at each of the N - k + 1 visits since, whether the visit
    selected or expanded. (They were counted only when a visit selected: the root's first visits, which
    expand, were missing, and every child had N - 3.)"""
    state = first_pick()
    legal = [a for a in RULES.legal_actions(state) if a.player == 1]
    bot = agents.make("mcts:iterations=50", RULES)
    bot.choose(RULES.view(state, 1), legal, Rng.derive("avail", 0))
    assert sorted(c.avail for c in bot.last["tree"].children.values()) == [48, 49, 50]


class FavoursHighPicks(type(RULES)):
    """Toy Pig with a prior that likes a player's highest card a hundred times more than any other, and a
    note of each pick of P2's played in a search, with whether it was P2's highest card."""

    name = "toy-pig-favours-high-picks"

    def __init__(self):
        super().__init__()
        self.p2_picks: list[bool] = []

    def prior(self, state, actions):
        return [100.0 if isinstance(a, CardPicked) and a.card == max(state.hands[a.player - 1]) else 1.0
                for a in actions]

    def unfold(self, state, action, rng, **kw):
        if isinstance(action, CardPicked) and action.player == 2:
            self.p2_picks.append(action.card == max(state.hands[1]))
        return super().unfold(state, action, rng, **kw)


def test_moves_the_searcher_cannot_tell_apart_are_played_by_the_game_s_prior():
    """P2's face-down pick looks the same to P1 whichever card it is (one node), and the pick played in
    each iteration follows the game's prior over P2's cards in that deal: the highest nearly always
    (100 to 1 to 1), not one time in three as a uniform draw among them would give."""
    rules = FavoursHighPicks()
    state = first_pick()
    legal = [a for a in rules.legal_actions(state) if a.player == 1]
    agents.make("mcts:iterations=200", rules).choose(rules.view(state, 1), legal, Rng.derive("members", 0))
    assert len(rules.p2_picks) >= 150 and sum(rules.p2_picks) / len(rules.p2_picks) > 0.9


def test_the_reward_scale_is_set_once_and_never_drifts():
    """A tree's first `WARM_UP` leaves set its scale (each seat's mean margin, `WIDTH` times the searcher's
    spread), which then stays as it is: the same estimate is the same reward at the last iteration as at the
    first (a running z-score moved it with every leaf), and those first leaves are backed up once it is set."""
    state = first_pick()
    view = RULES.view(state, 1)
    legal = [a for a in RULES.legal_actions(state) if a.player == 1]
    bot = agents.make("mcts:iterations=1", RULES)
    bot.seats.update((1, 2))
    search = _Search(bot, view, 1, set(legal), random.Random(0), LocalRng("scale"))
    leaves = []
    leaf = search._leaf

    def noted(state):
        values, result = leaf(state)
        leaves.append(values)
        return values, result

    search._leaf = noted
    for _ in range(WARM_UP - 1):
        search.iterate()
    assert search.scale is None and sum(c.value for c in search.root.children.values()) == 0
    search.iterate()
    scale = search.scale
    assert scale is not None and sum(c.value for c in search.root.children.values()) > 0
    mine = [values[1] for values in leaves]
    assert scale.spread == max(1.0, WIDTH * statistics.pstdev(mine))
    assert scale.centre == {seat: statistics.fmean(values[seat] for values in leaves) for seat in (1, 2)}
    before = [scale.reward(seat, x) for seat in (1, 2) for x in (-5.0, 0.0, 3.0)]
    centre, spread = dict(scale.centre), scale.spread
    for _ in range(200):
        search.iterate()
    assert search.scale is scale and (scale.centre, scale.spread) == (centre, spread)
    assert [scale.reward(seat, x) for seat in (1, 2) for x in (-5.0, 0.0, 3.0)] == before


class CountsLeaves(type(RULES)):
    """Toy Pig noting which of its estimates a search asks for."""

    name = "toy-pig-counts-leaves"

    def __init__(self):
        super().__init__()
        self.asked: list[str] = []

    def evaluate(self, state, player):
        self.asked.append("evaluate")
        return super().evaluate(state, player)

    def margin(self, state, player):
        self.asked.append("margin")
        return super().evaluate(state, player)


def test_leaves_are_scored_by_the_game_s_margin_unless_told_to_use_evaluate():
    rules = CountsLeaves()
    state = first_pick()
    legal = [a for a in rules.legal_actions(state) if a.player == 1]
    for spec, asked in (("mcts:iterations=40", "margin"), ("mcts:iterations=40,leaf=evaluate", "evaluate")):
        rules.asked.clear()
        agents.make(spec, rules).choose(rules.view(state, 1), legal, Rng.derive("leaf", 0))
        assert set(rules.asked) == {asked} and len(rules.asked) >= 40
    with pytest.raises(BoardcoreError, match="leaf must be margin or evaluate"):
        agents.make("mcts:leaf=greedy", rules)


def test_the_default_budget_is_capped_in_time():
    bot = agents.make("mcts", RULES)
    assert (bot.iterations, bot.seconds) == (DEFAULT_ITERATIONS, DEFAULT_SECONDS)
    assert agents.make("mcts:iterations=300", RULES).seconds is None     # an explicit budget stays deterministic


def compound_steps(name: str, seed: str, keep: int = 1, decisions: int = 40):
    """The searches of an mcts seat 1 over the first `decisions` decisions of a 2-player game of `name`
    against greedy: per decision of seat 1 with a choice, (visits inherited from the last decision, the view,
    the true state)."""
    try:
        rules = games.get(name)
    except UnknownGame:
        pytest.skip(f"{name} is not installed")
    bot = agents.make(f"mcts:iterations=15,keep={keep}", rules)
    greedy = agents.make("greedy", rules)
    chance, choice = seeded(seed), agent_rng(seed)
    state, position = start(rules, rules.make_config(players=2), chance)
    out = []
    for _ in range(decisions):
        if rules.outcome(state) is not None:
            break
        player = rules.to_act(state)[0]
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        view = rules.view(state, player)
        action = (bot if player == 1 else greedy).choose(view, legal, choice(position))
        if player == 1 and len(legal) > 1:
            out.append((bot.last["kept_visits"], view, state))
        unfolding = rules.unfold(state, action, chance(position), trusted=True)   # a new state: the views stay as they were
        state, position = unfolding.state, position + len(unfolding.events)
    return out


@pytest.mark.parametrize("name", ["solar-sphere", "warlords"])
def test_the_tree_is_kept_through_the_steps_of_a_compound_decision(name):
    """Taking one step of a compound decision (an action, then its target, ...) draws no chance and leaves the
    same seat to choose: the next search goes on from that child with its visits. `keep=0` starts afresh."""
    kept = [inherited for inherited, _, _ in compound_steps(name, f"keep/{name}")]
    assert any(kept) and kept[0] == 0
    assert not any(inherited for inherited, _, _ in compound_steps(name, f"keep/{name}", keep=0))


def test_a_kept_tree_is_used_only_for_the_view_it_was_kept_for():
    """A kept tree waits for one view: handed that one, the search goes on from it; handed any other first,
    it is dropped and the search starts afresh."""
    rules = games.get("solar-sphere")
    steps = compound_steps("solar-sphere", "keep/solar-sphere")
    i = next(i for i, (inherited, _, _) in enumerate(steps) if inherited)
    _, before, state = steps[i - 1]
    legal = [a for a in rules.legal_actions(state) if a.player == 1]
    other = steps[0][1]
    other_legal = [a for a in rules.legal_actions(other) if a.player == 1]
    for detour in (False, True):
        bot = agents.make("mcts:iterations=15", rules)
        action = bot.choose(before, legal, Rng.derive("k", 0))
        assert bot.kept is not None
        after = rules.unfold(state, action, Rng.derive("k", 1), trusted=True).state
        if detour:
            bot.choose(other, other_legal, Rng.derive("k", 2))
            assert bot.last["kept_visits"] == 0
        bot.choose(rules.view(after, 1), [a for a in rules.legal_actions(after) if a.player == 1], Rng.derive("k", 3))
        assert (bot.last["kept_visits"] > 0) is not detour

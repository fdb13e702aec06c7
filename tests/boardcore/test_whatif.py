"""What-if answers the player's question: paired on common random numbers, from the player's view,
adaptive, the same on any number of workers, right where the answer is known."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from boardcore.analysis import whatif
from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.session.session import Session
from boardcore.analysis.stats import paired_interval, paired_share_interval, rate_interval, t95, unpaired_interval
from toygame import RULES, CardPicked, DieRolled, Hold, Roll, ToyPig
from toygame.positions import HOLD_BEATS_ROLL_UNDER_RANDOM, first_pick, last_turn, opening_turn
from tests_support import finished_game


def rolled_at_the_end(**position) -> Session:
    """A game from the known position in which P1 rolled: the decision questioned, at position 2."""
    s = Session.from_state(RULES, last_turn(**position), seed=1)
    s.apply(Roll(player=1))
    return s


def test_holding_was_better_by_the_known_amount():
    s = rolled_at_the_end()
    report = whatif.compare(s, 2, rollouts=400, seed=3, policy="random")
    assert report.decision == "P1 roll" and report.player == 1 and not report.omniscient
    best = report.alternatives[0]
    assert best.action == "P1 hold" and report.best == "P1 hold" and not best.recorded
    diff = best.win_diff
    assert diff.low > 0 and diff.low <= HOLD_BEATS_ROLL_UNDER_RANDOM <= diff.high
    assert report.regret == diff and "better than the decision taken" in report.verdict
    assert report.compared == 1 and best.joint_win_diff == diff    # one alternative: nothing to widen for
    assert best.win_probability.mean == 1.0                       # holding wins every rollout
    recorded = report.alternatives[1]
    assert recorded.recorded and recorded.win_diff.mean == 0 and recorded.win_diff.low == recorded.win_diff.high


def test_no_regret_when_the_decision_taken_was_best():
    s = Session.from_state(RULES, last_turn(), seed=1)
    s.apply(Hold(player=1))
    report = whatif.compare(s, 2, rollouts=200, seed=3, policy="random")
    assert report.best == "P1 hold" and report.alternatives[0].recorded
    assert report.regret.mean == 0 and "the decision taken was the best" in report.verdict
    roll = report.alternatives[1]
    assert roll.win_diff.high < 0 and not roll.contending     # raced out once its interval left zero behind
    assert report.regret.low == report.regret.high == 0       # rolling was worse at every pair's count


def null_race(alternatives: int, pairs: int, rng) -> tuple[whatif._Shared, whatif._Race]:
    """A race in which every alternative is the decision taken in disguise: each rollout of each one wins
    with chance 0.4 and scores about 20, independently. Whatever it says is better or worse, luck said."""
    race = whatif._Race(alternatives)
    items = [(a, k) for a in range(alternatives) for k in range(pairs)]
    race.record(items, [(float(rng.random() < 0.4), rng.gauss(20, 6)) for _ in items])
    actions = [CardPicked(player=1, card=c) for c in range(alternatives)]
    return whatif._Shared(RULES, None, 1, actions, ["random", "random"], "0", False), race


def test_the_best_of_many_equal_alternatives_is_not_called_better():
    """Thirteen alternatives as good as the decision taken, 40 pairs each: one of them looks better than the
    decision taken on its own 95% interval about a time in five, which is the question a player asks of
    the best one. The verdict and the regret read the intervals widened for the thirteen at once, so they
    claim a better alternative (or a regret above zero) about one time in twenty at most; a decision taken
    that merely ranks first is not said to have cost nothing."""
    import random

    rng = random.Random(11)
    trials, claimed, plain, regret_above_zero = 300, 0, 0, 0
    for _ in range(trials):
        shared, race = null_race(14, 40, rng)
        report = whatif._report(RULES, 2, None, shared, race, "40 rollouts per alternative", 1, 0.0)
        others = [a for a in report.alternatives if not a.recorded]
        assert report.compared == 13 and all(a.joint_win_diff.high - a.joint_win_diff.low
                                             > a.win_diff.high - a.win_diff.low for a in others)
        claimed += "better than the decision taken" in report.verdict or "scores more" in report.verdict
        plain += others[0].win_diff.low > 0 or others[0].score_diff.low > 0
        regret_above_zero += report.regret.low > 0
        if report.alternatives[0].recorded:
            assert report.regret.mean == 0 < report.regret.high
    assert plain / trials > 0.15                 # the trap is real: the best one's own interval often excludes zero
    assert claimed / trials <= 0.06 and regret_above_zero / trials <= 0.06


def test_the_verdict_still_names_a_clearly_better_alternative_among_many():
    """Widening costs power only a little: among thirteen equal alternatives, one truly better by 0.35 in
    win rate is named better than the decision taken, through the joint interval."""
    import random

    rng = random.Random(5)
    shared, race = null_race(14, 60, rng)
    race.wins[7] = [float(rng.random() < 0.75) for _ in range(60)]
    report = whatif._report(RULES, 2, None, shared, race, "60 rollouts per alternative", 1, 0.0)
    best = report.alternatives[0]
    assert best.action == "P1 card_picked card=7" and best.joint_win_diff.low > 0
    assert report.verdict.startswith("P1 card_picked card=7 is better than the decision taken")
    assert "once widened for the 13 alternatives compared at once" in report.verdict
    assert 0 < report.regret.low < report.regret.mean < report.regret.high


def test_where_every_rollout_is_won_either_way_the_score_decides():
    """With 50 banked against 14, P1 wins whatever the dice: rolling on only adds points (a 1 wipes out the
    turn, not the bank). A hundred pairs won alike do not prove the win rates equal: the interval on the
    difference stays open around zero (it was [0, 0]), and the score tells the two apart."""
    s = rolled_at_the_end(banked=50)
    report = whatif.compare(s, 2, rollouts=100, seed=3, policy="random")
    hold = next(a for a in report.alternatives if a.action == "P1 hold")
    assert hold.win_probability.mean == 1.0 and hold.win_diff.mean == 0
    assert -0.1 < hold.win_diff.low < 0 < hold.win_diff.high < 0.1
    assert hold.score_diff.high < 0 and not hold.contending
    assert report.verdict.startswith("the decision taken was the best") and "in score" in report.verdict


def test_pairing_narrows_the_interval_on_the_difference():
    """With P2's turn still to come, both decisions' outcomes hang on P2's dice and choices; rollout k of
    both shares them (P2's j-th roll meets the same die however often P1 rolled), so the outcomes are
    correlated and the paired interval is narrower than the one from the same outcomes taken as
    independent samples. (Without common random numbers the two would be as wide.)"""
    s = rolled_at_the_end(rival_to_come=True)
    report = whatif.compare(s, 2, rollouts=200, seed=5, adaptive=False, policy="random")
    hold, roll = sorted(report.alternatives, key=lambda a: a.action)

    def outcomes(alt):
        wins = round(alt.win_probability.mean * alt.rollouts)
        return [1.0] * wins + [0.0] * (alt.rollouts - wins)

    independent = unpaired_interval(outcomes(hold), outcomes(roll))
    paired = hold.win_diff
    assert hold.rollouts == roll.rollouts == 200
    assert paired.high - paired.low < 0.95 * (independent.high - independent.low)


class PigByRounds(ToyPig):
    """Toy Pig told to count its luck round by round (`clock`): each round's decisions draw afresh."""

    def clock(self, s):
        return s.round


def first_roll_of_round_two(rules, action, k: int) -> int:
    """Rollout k of `action` at the opening turn: the die P1 first rolls in round 2."""
    rolled = []
    unfold = rules.unfold

    def recording(state, choice, rng, **options):
        where = state.round, state.turn          # read first: the rollout decides on its state in place
        unfolding = unfold(state, choice, rng, **options)
        rolled.extend((*where, e.value) for e in unfolding.events if isinstance(e, DieRolled))
        return unfolding

    rules.unfold = recording
    try:
        bots = {1: whatif._AlignedRandom(rules), 2: whatif._AlignedRandom(rules)}
        whatif._play(rules, rules.copy(opening_turn()), action, bots, f"whatif/test/{k}")
    finally:
        del rules.unfold
    return next(value for round_, player, value in rolled if (round_, player) == (2, 1))


def test_a_new_round_meets_the_same_numbers_however_the_last_one_went():
    """Rolling on makes P1 take more decisions in round 1 than holding does. With a clock, round 2
    starts every count afresh: P1's first roll of round 2 is the same die after either decision, in
    every rollout. Pig itself (no clock) counts P1's rolls across rounds, so after rolling on, its
    round 2 meets later values of the sequence: the same die only by chance."""
    by_rounds = PigByRounds()
    same = [first_roll_of_round_two(by_rounds, Roll(player=1), k) == first_roll_of_round_two(by_rounds, Hold(player=1), k)
            for k in range(20)]
    assert all(same)
    sequence = [first_roll_of_round_two(RULES, Roll(player=1), k) == first_roll_of_round_two(RULES, Hold(player=1), k)
                for k in range(20)]
    assert not all(sequence)


@pytest.mark.parametrize("game", ["solar-sphere", "apogee", "warlords"])
def test_each_games_clock_counts_up_through_a_game(game):
    """The three games count their luck round by round (Solar Sphere's rounds, Apogee's and Warlords'
    turns): a whole number that never goes back and moves on as the game does."""
    from boardcore import games
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_stream, seeded, start

    rules = games.get(game)
    chance, choose = seeded(f"clock/{game}"), agent_stream(0)
    state, position = start(rules, rules.make_config(players=2), chance)
    ticks = [rules.clock(state)]
    while rules.outcome(state) is None:
        seat = rules.to_act(state)[0]
        legal = [a for a in rules.legal_actions(state) if a.player == seat]
        unfolding = rules.unfold(state, RandomAgent(rules).choose(None, legal, choose(position)), chance(position))
        state, position = unfolding.state, position + len(unfolding.events)
        ticks.append(rules.clock(state))
    assert all(isinstance(t, int) for t in ticks)
    assert ticks == sorted(ticks) and ticks[-1] > ticks[0]


def test_the_same_answer_on_one_worker_and_on_two():
    s = finished_game(RULES, seed=11)
    at = next(i for i, r in enumerate(s.history.live, 1) if isinstance(r.event, CardPicked) and r.event.player == 1)
    one = whatif.compare(s, at, rollouts=24, seed=2, workers=1)
    two = whatif.compare(s, at, rollouts=24, seed=2, workers=2)
    strip = lambda r: {k: v for k, v in msgspec.to_builtins(r).items() if k not in ("seconds", "workers")}  # noqa: E731
    assert strip(one) == strip(two) and len(one.alternatives) >= 2
    assert strip(whatif.compare(s, at, rollouts=24, seed=2, workers=None)) == strip(one)   # the default


def test_twin_games_differing_only_in_hidden_cards_get_the_same_answer():
    """P2's hand is hidden from P1: from P1's view the twins are one position, and so is the answer; the
    omniscient answer plays from the true hands, and says so."""
    answers, omniscient = [], []
    for p2_hand, deck in (((1, 4, 8), (3, 6, 7)), ((3, 6, 7), (1, 4, 8))):
        s = Session.from_state(RULES, first_pick(p2_hand=p2_hand, deck=deck), seed=4)
        s.apply(CardPicked(player=1, card=5))
        answers.append(msgspec.to_builtins(whatif.compare(s, 2, rollouts=40, seed=1)))
        omniscient.append(whatif.compare(s, 2, rollouts=40, seed=1, omniscient=True))
    for a in answers:
        a.pop("seconds")
    assert answers[0] == answers[1]
    assert omniscient[0].omniscient and "omniscient" in omniscient[0].information
    assert not whatif.compare(s, 2, rollouts=2).omniscient


def test_the_race_spends_the_budget_on_contenders():
    s = Session.from_state(RULES, first_pick(), seed=4)
    s.apply(CardPicked(player=1, card=2))
    report = whatif.compare(s, 2, budget=300, seed=1)
    assert report.rollouts <= 300 and report.rounds >= 2
    counts = {a.action: a.rollouts for a in report.alternatives}
    assert counts["P1 card_picked card=2"] == max(counts.values())   # the reference plays every round


def test_policies_per_seat_and_the_budget_in_words():
    s = rolled_at_the_end()
    report = whatif.compare(s, 2, policy={1: "greedy"}, rollouts=20, seconds=30)
    assert report.policies == ["greedy", "random"]
    assert report.budget == "20 rollouts per alternative, 30 seconds"


def test_a_time_budget_first_measures_the_pace_with_two_pairs_each():
    """With only `seconds` bounding it, the first round is a probe of two rollouts per alternative
    (the fewest a paired interval takes): a short budget is not overrun by a whole first round of
    FIRST_ROUND each, which with slow policies took minutes."""
    s = rolled_at_the_end()
    report = whatif.compare(s, 2, seconds=1e-9)
    assert report.rounds == 1 and all(a.rollouts == 2 for a in report.alternatives)
    assert report.rollouts == 2 * len(report.alternatives) < whatif.FIRST_ROUND


def test_a_time_budget_the_least_answer_would_overrun_by_far_is_refused(monkeypatch):
    """A slow policy's first round can take many times the budget (an mcts rollout of a whole Solar
    Sphere game takes about half a minute): as soon as its pace shows the round running far past the
    budget, what-if stops and says what the least answer would take. The clock here runs 20 seconds a
    reading, so each rollout seems to take a minute."""
    clock = iter(range(0, 10_000, 20))
    monkeypatch.setattr(whatif.time, "perf_counter", lambda: float(next(clock)))
    with pytest.raises(BoardcoreError, match=r"the least answer \(4 rollouts: two for each alternative\) takes "
                                             r"about \d+s, far past the 30s asked: give --seconds \d+ or more"):
        whatif.compare(rolled_at_the_end(), 2, seconds=30, workers=1)


def test_the_pace_of_the_least_answer_is_read_after_the_workers_have_started(monkeypatch):
    """On a loaded machine the workers took longer to start than the rollouts took to play: the first
    rollout back at 100 s, each after it a hundredth of a second later. Judged from the start that pace
    was 100 s a rollout and the answer was refused; read from the first rollout on, the round is done
    and answered (past its 30 seconds, which the start-up used up)."""
    import itertools

    clock = itertools.chain([0.0], (100.0 + i / 100 for i in itertools.count()))
    monkeypatch.setattr(whatif.time, "perf_counter", lambda: next(clock))
    report = whatif.compare(rolled_at_the_end(), 2, seconds=30, workers=1)
    assert report.rounds == 1 and all(a.rollouts == 2 for a in report.alternatives)


@pytest.mark.parametrize("kwargs, words", [
    ({"at": 1}, "no decision was taken at position 1"),
    ({"at": 2, "rollouts": 1}, "at least 2"),
    ({"at": 2, "seconds": 0}, "above 0"),
    ({"at": 2, "policy": "genius"}, "unknown policy"),
    ({"at": 2, "policy": {3: "greedy"}}, "player number 1-2"),
    ({"at": 2, "instead": [CardPicked(player=1, card=7)]}, "was not legal"),
])
def test_bad_questions_are_one_clear_error(kwargs, words):
    with pytest.raises(BoardcoreError, match=words):
        whatif.compare(rolled_at_the_end(), **kwargs)


def test_paired_and_unpaired_intervals():
    a = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    same = paired_interval(a, a)
    assert same.mean == 0 and same.low == same.high == 0          # shared luck cancels out entirely
    shifted = paired_interval([x + 1 for x in a], a)
    assert shifted.mean == 1 and shifted.low == shifted.high == 1
    apart = unpaired_interval([x + 1 for x in a], a)
    assert apart.mean == 1 and apart.low < 1 < apart.high         # taken as independent, the luck stays
    assert 2.57 < t95(5) < 2.58 and 2.08 < t95(20) < 2.09 and t95(10_000) == pytest.approx(1.96, abs=1e-3)
    with pytest.raises(ValueError):
        paired_interval([1.0], [1.0, 2.0])
    assert rate_interval(0, 0).n == 0


def test_the_win_share_interval_is_agresti_and_mins():
    only_a, only_b, alike = [(1.0, 0.0)] * 8, [(0.0, 1.0)] * 5, [(1.0, 1.0)] * 20 + [(0.0, 0.0)] * 7
    a, b = zip(*(only_a + only_b + alike))
    e = paired_share_interval(a, b)
    # (8 - 5) / 40 observed; centre 3/42 and half-width 1.96 * sqrt((14/42 - (3/42)^2) / 42), by hand
    assert e.mean == pytest.approx(3 / 40) and e.n == 40
    assert (e.low, e.high) == pytest.approx((-0.10184, 0.24469), abs=1e-5)
    never = paired_share_interval([1.0] * 4, [1.0] * 4)
    assert never.mean == 0 and never.low < -0.3 and never.high > 0.3     # four pairs alike prove little
    assert paired_share_interval([1.0, 0.5], [0.5, 0.0]).mean == 0.5     # a win split between two counts half


def _coverage(interval, only_a: float, only_b: float, pairs: int, trials: int = 1000) -> float:
    """How often `interval` holds the true difference `only_a - only_b` of two alternatives whose paired
    rollouts differ that often either way (and are won or lost alike otherwise)."""
    import random

    rng = random.Random(11)
    held = 0
    for _ in range(trials):
        a, b = [], []
        for _ in range(pairs):
            u = rng.random()
            x, y = (1.0, 0.0) if u < only_a else (0.0, 1.0) if u < only_a + only_b else (float(u < 0.6),) * 2
            a.append(x)
            b.append(y)
        e = interval(a, b)
        held += e.low <= only_a - only_b <= e.high
    return held / trials


def test_the_win_share_interval_holds_where_pairs_seldom_differ():
    """Late in a game both alternatives mostly win (or lose) every rollout alike. One alternative better by
    a rollout in fifty, seen through 16 pairs: a t interval on the differences is [0, 0] whenever no pair
    differed, missing the difference most of the time; the win-share interval holds it. Where the pairs
    differ often both are alike, near 95%."""
    assert _coverage(paired_interval, 0.02, 0.0, 16) < 0.5
    assert _coverage(paired_share_interval, 0.02, 0.0, 16) >= 0.95
    assert 0.92 <= _coverage(paired_share_interval, 0.3, 0.2, 40) <= 0.975


@pytest.mark.parametrize("replay", ["solar_sphere/2p.jsonl", "apogee/2p.jsonl", "warlords/2p.jsonl",
                                    "warlords/solo-standard.jsonl", "apogee/solo-mission1.jsonl"])
def test_the_saved_games_first_decisions_can_be_questioned(replay):
    from pathlib import Path

    from boardcore.game.errors import UnknownGame

    path = Path(__file__).resolve().parents[2] / "replays" / replay
    try:
        s = Session.load(path)
    except UnknownGame:
        pytest.skip(f"{replay}: its game is not installed")
    live = s.history.live
    at = next(i for i, r in enumerate(live, 1) if isinstance(r.event, Decision)
              and sum(a.player == r.event.player for a in s.rules.legal_actions(s.state_at(i - 1))) > 1)
    report = whatif.compare(s, at, rollouts=2, seed=1)
    legal = [a for a in s.rules.legal_actions(s.state_at(at - 1)) if a.player == report.player]
    assert len(report.alternatives) == len(legal) and report.rollouts == 2 * len(legal)
    assert sum(a.recorded for a in report.alternatives) == 1


@pytest.mark.parametrize("replay", ["solar_sphere/2p.jsonl", "apogee/2p.jsonl", "warlords/2p.jsonl"])
@pytest.mark.parametrize("omniscient", [False, True])
def test_rollouts_decide_in_place_on_their_own_state_only(replay, omniscient):
    """A rollout decides on its state in place; that state is its own (dealt by `hidden_variant`, or a
    copy when omniscient), so the position every rollout starts from stays as it was, and rollout k
    played again gives the same answer."""
    from pathlib import Path

    from boardcore.game.errors import UnknownGame

    try:
        s = Session.load(Path(__file__).resolve().parents[2] / "replays" / replay)
    except UnknownGame:
        pytest.skip(f"{replay}: its game is not installed")
    rules = s.rules
    at = next(i for i, r in enumerate(s.history.live, 1) if isinstance(r.event, Decision))
    start = s.state_at(at - 1)
    player = s.history.live[at - 1].event.player
    seen = start if omniscient else rules.view(start, player)
    before = msgspec.msgpack.encode(seen)
    shared = whatif._Shared(rules, seen, player, [s.history.live[at - 1].event], ["random"] * s.players, "7",
                            omniscient)
    first = [whatif._rollout(shared, (0, k)) for k in range(3)]
    assert [whatif._rollout(shared, (0, k)) for k in range(3)] == first
    assert msgspec.msgpack.encode(seen) == before


# -- the default estimator: chances under competent play at the end of the round ---------------------------
REPLAYS = Path(__file__).resolve().parents[2] / "replays"
DEPLOY_THE_2, TURN_THE_6_INTO_A_2 = "P2 choose_die die=2 value=2 crew=no", "P2 choose_die die=6 value=2 crew=no"
"""The first decision of the saved two-player Solar Sphere game (position 24), and the issue's wasteful
alternative: the same 2 deployed, 4 drones spent, the 6 given up (SS-DEP-04/06)."""


def solar_sphere_game() -> Session:
    from boardcore.game.errors import UnknownGame

    try:
        return Session.load(REPLAYS / "solar_sphere" / "2p.jsonl")
    except UnknownGame:
        pytest.skip("solar-sphere is not installed")


def test_a_dominated_move_the_old_estimator_cannot_tell_apart_the_new_one_calls_worse():
    """Random play to the end, 40 pairs: the wasted drones are lost in a game decided 150 decisions later
    (the interval spans zero widely). Rollouts by the game's prior to the end of the round, scored by the
    win probability there: the same 40 pairs put the whole interval below zero, and the report says what
    it estimates."""
    s = solar_sphere_game()
    old = whatif.compare(s, 24, [TURN_THE_6_INTO_A_2], policy="random", to="end", rollouts=40, seed=1)
    wasted = next(a for a in old.alternatives if not a.recorded)
    assert wasted.win_diff.low < -0.05 and wasted.win_diff.high > 0.05
    assert "indistinguishable" in old.verdict and "played to the end by random" in old.estimates
    new = whatif.compare(s, 24, [TURN_THE_6_INTO_A_2], rollouts=40, seed=1)
    wasted = next(a for a in new.alternatives if not a.recorded)
    assert new.policies == ["prior", "prior"] == [s.rules.rollout_policy] * 2 and new.to == 1
    assert wasted.joint_win_diff.high < 0 and new.verdict.startswith("the decision taken was the best")
    assert "under competent play" in new.estimates and "the end of this round" in new.estimates
    taken = next(a for a in new.alternatives if a.recorded)
    assert 0 < wasted.win_probability.mean < taken.win_probability.mean < 1


def test_the_decision_taken_against_itself_under_independent_chance_gets_no_verdict():
    """A null (`null=True`): the decision taken once more, its rollouts drawing deals and chance of their
    own. Whatever differs between them is luck: its joint interval holds zero, while the wasteful
    alternative beside it is still called worse."""
    s = solar_sphere_game()
    report = whatif.compare(s, 24, [TURN_THE_6_INTO_A_2], rollouts=40, seed=1, null=True, adaptive=False)
    null = next(a for a in report.alternatives if a.null)
    taken = next(a for a in report.alternatives if a.recorded)
    wasted = next(a for a in report.alternatives if a.action == TURN_THE_6_INTO_A_2)
    assert null.action == taken.action and not null.recorded and report.compared == 2
    assert null.win_probability != taken.win_probability          # its luck is its own
    assert null.joint_win_diff.low < 0 < null.joint_win_diff.high and wasted.joint_win_diff.high < 0
    assert whatif.compare(s, 24, [TURN_THE_6_INTO_A_2], rollouts=2, seed=1).alternatives[-1].null is False


def test_a_clock_that_never_moves_plays_to_the_end_and_says_so():
    """Toy Pig has no rounds to stop at: its rollouts reach the end and count wins, and the report says so."""
    report = whatif.compare(rolled_at_the_end(), 2, rollouts=4, seed=1)
    assert report.to == "end" and "played to the end by greedy" in report.estimates
    assert all(a.win_probability.mean in (0.0, 0.25, 0.5, 0.75, 1.0) for a in report.alternatives)


def test_bad_horizons_are_refused():
    for to in (0, "soon", True):
        with pytest.raises(BoardcoreError, match="give end, or a number of rounds"):
            whatif.compare(rolled_at_the_end(), 2, to=to, rollouts=2)


def test_joint_intervals_from_few_pairs_reach_into_the_t_distributions_own_tail():
    """Widened for 13 alternatives, a t interval from four pairs must reach about 8.2 standard errors (the t
    quantile with 3 degrees of freedom at 1 - 0.05/13); the normal ratio times t95 gave 4.9, and from so few
    pairs that called luck a verdict."""
    from boardcore.analysis.stats import joint_widening, t_quantile

    a, b = [0.50, 0.52, 0.49, 0.51], [0.48, 0.49, 0.47, 0.50]
    plain, joint = paired_interval(a, b), paired_interval(a, b, joint_widening(13))
    assert (joint.high - joint.low) / (plain.high - plain.low) == pytest.approx(t_quantile(3, 1 - 0.05 / 13) / t95(3))
    assert t_quantile(3, 1 - 0.05 / 13) == pytest.approx(8.16, abs=0.01)
    assert t_quantile(3, 0.95) == pytest.approx(t95(3), abs=1e-3) and t_quantile(500, 0.95) == pytest.approx(t95(500))


def test_at_80_columns_the_table_fits_and_wraps_between_words(capsys):
    """Every alternative of the Solar Sphere position, the long words included: no line is wider than
    80 columns and every word of the alternatives' words and text forms comes out whole."""
    from boardcore.cli.strength import _show_whatif

    s = solar_sphere_game()
    rules, start = s.rules, s.state_at(23)
    legal = [a for a in rules.legal_actions(start) if a.player == 2]
    import random

    shared, race = null_race(len(legal), 20, random.Random(3))
    shared = msgspec.structs.replace(shared, rules=rules, actions=legal, player=2)
    report = whatif._report(rules, 24, rules.view(start, 2), shared, race, "20 rollouts per alternative", 1, 0.0, 1)
    _show_whatif(report, width=80)
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) > len(legal) and max(map(len, lines)) <= 80
    words = set(out.split())
    for alt in report.alternatives:
        assert set(alt.words.split()) <= words and set(alt.action.split()) <= words, alt.words
    assert any(len(alt.words) > 40 for alt in report.alternatives)      # the long ones are there to wrap


def test_the_json_of_a_solar_sphere_question_carries_the_win_probabilities(run):
    """`--json` at the defaults: where the rollouts stopped, what the figures estimate, and each alternative's
    chance of winning beside its difference from the decision taken's; `--to end --policy random` is the
    old estimator and says so."""
    import json

    solar_sphere_game()
    path = REPLAYS / "solar_sphere" / "2p.jsonl"
    code, out, err = run("whatif", path, "--at", "24", "--instead", TURN_THE_6_INTO_A_2, "-k", "3", "--workers", "1",
                         "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["to"] == 1 and report["policies"] == ["prior", "prior"] and "the end of this round" in report["estimates"]
    for alt in report["alternatives"]:
        assert {"win_probability", "win_diff", "joint_win_diff", "score_diff"} <= set(alt)
        assert 0 < alt["win_probability"]["mean"] < 1
    code, out, err = run("whatif", path, "--at", "24", "--instead", TURN_THE_6_INTO_A_2, "-k", "3", "--workers", "1",
                         "--to", "end", "--policy", "random", "--json")
    report = json.loads(out)
    assert code == 0 and report["to"] == "end" and "played to the end by random" in report["estimates"]


def test_the_same_answer_at_the_horizon_on_one_worker_and_on_two():
    s = solar_sphere_game()
    one, two = (whatif.compare(s, 24, [TURN_THE_6_INTO_A_2], rollouts=6, seed=4, workers=w) for w in (1, 2))
    strip = lambda r: {k: v for k, v in msgspec.to_builtins(r).items() if k not in ("seconds", "workers")}  # noqa: E731
    assert strip(one) == strip(two) and one.to == 1


def test_a_verdict_that_cannot_name_the_best_still_counts_the_worse():
    """The best-ranked alternative is not told apart from the decision taken, two others lose every pair
    the decision taken won: the verdict says the alternatives are not told apart, and that 2 of the 3
    are worse."""
    import random

    rng = random.Random(2)
    shared, race = null_race(4, 60, rng)
    race.wins[1] = list(race.wins[0])
    race.wins[1][race.wins[1].index(0.0)] = 1.0            # one pair better: ranks first, proves nothing
    race.wins[2] = race.wins[3] = [0.0] * 60
    report = whatif._report(RULES, 2, None, shared, race, "60 rollouts per alternative", 1, 0.0)
    assert report.best == "P1 card_picked card=1"
    assert report.verdict.startswith("the alternatives are indistinguishable at this budget")
    assert report.verdict.endswith("2 of the 3 are worse than the decision taken, their intervals wholly below zero")


def test_the_race_keeps_an_alternative_until_it_is_worse_than_the_decision_taken():
    """Alternative 1 wins every rollout (the leader); alternative 2 loses a single pair that the decision
    taken won, far behind the leader but not told apart from the decision taken: it stays in the race, so
    its difference from the decision taken keeps narrowing. Alternative 3, losing every rollout, is worse
    than both and is dropped."""
    race = whatif._Race(4)
    taken = [float(k % 2) for k in range(whatif.FIRST_ROUND)]
    lost_one = list(taken)
    lost_one[1] = 0.0
    rows = [taken, [1.0] * whatif.FIRST_ROUND, lost_one, [0.0] * whatif.FIRST_ROUND]
    items = [(a, k) for a in range(4) for k in range(whatif.FIRST_ROUND)]
    race.record(items, [(rows[a][k], 0.0) for a, k in items])
    assert race.below(2, 1, 1.0) and not race.below(2, 0, 1.0)
    race.eliminate()
    assert race.contenders == [0, 1, 2]


def test_the_prior_policies_pick_in_proportion_to_the_prior_and_the_aligned_one_alike_across_offers():
    """`prior` (agents.PriorAgent) and what-if's aligned form pick each action about as often as its share of
    the game's prior weights; the aligned one, offered a list with one action more, picks as before
    whenever it does not pick the new one (each action keeps its own clock)."""
    from collections import Counter

    from boardcore.agents.policies import PriorAgent, make
    from boardcore.game.rng import Rng

    s = solar_sphere_game()
    rules, start = s.rules, s.state_at(23)
    view = rules.view(start, 2)
    legal = [a for a in rules.legal_actions(start) if a.player == 2]
    weights = rules.prior(view, legal)
    share = {a: w / sum(weights) for a, w in zip(legal, weights)}
    assert isinstance(make("prior", rules), PriorAgent)
    draws = 3000
    for agent in (PriorAgent(rules), whatif._AlignedPrior(rules)):
        seen = Counter(agent.choose(view, legal, Rng.derive("prior-test", k)) for k in range(draws))
        for action, p in share.items():
            assert abs(seen[action] / draws - p) < 4 * (p * (1 - p) / draws) ** 0.5 + 0.005, rules.format_action(action)
    aligned, fewer = whatif._AlignedPrior(rules), legal[:-1]
    for k in range(300):
        wide = aligned.choose(view, legal, Rng.derive("prior-test", k))
        if wide != legal[-1]:
            assert aligned.choose(view, fewer, Rng.derive("prior-test", k)) == wide

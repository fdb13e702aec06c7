"""Review: every decision's effect on each seat's chances, read in one fold and checked against the
positions themselves; the costliest questioned in order; a reader's review built from their view
alone; the same on any number of workers; an interruption keeps what was finished."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.analysis.review import Interrupted, review
from boardcore.session.session import Session
from boardcore.analysis.value import win_probabilities

ROOT = Path(__file__).resolve().parents[2]
WARLORDS_2P = ROOT / "replays" / "warlords" / "2p.jsonl"


@pytest.fixture(scope="module")
def warlords() -> Session:
    return Session.load(WARLORDS_2P)


def seats(rules, state, players: int, reader: int | None = None) -> list[float]:
    """Every seat's chance at `state` as `reader` sees it (None: the whole state), seat 1 first."""
    seen = state if reader is None else rules.view(state, reader)
    known = win_probabilities(rules, seen, reader)
    return [known[p] for p in range(1, players + 1)]


def without_timing(report) -> dict:
    """A review as data, without what depends on the machine: how long it took and on how many workers."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("seconds", "workers")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(msgspec.to_builtins(report))


def test_every_decision_carries_each_seat_s_chances_before_and_after_it(warlords):
    """Checked against each position folded afresh (`state_at`), not the review's own single fold: the
    position a decision is taken in, and the one the next decision is taken in (its facts included)."""
    s, rules = warlords, warlords.rules
    report = review(s, top=0)
    stops = s.boundaries()
    live = s.history.live
    assert report.complete and report.reader is None and "seed revealed" in report.information
    assert [d.position for d in report.decisions] == [b + 1 for b in stops[:-1]] and len(report.decisions) == 141
    for step, here, there in zip(report.decisions, stops, stops[1:]):
        decision = live[here].event
        assert isinstance(decision, Decision) and step.player == decision.player
        assert step.action == rules.format_action(decision) and step.words and not step.hidden
        assert step.before == seats(rules, s.state_at(here), 2)
        assert step.after == seats(rules, s.state_at(there), 2)
        assert step.cost == step.before[step.player - 1] - step.after[step.player - 1]
    assert report.start == report.decisions[0].before
    winners = s.outcome.winners
    assert report.end == report.decisions[-1].after == [1.0 if p in winners else 0.0 for p in (1, 2)]
    assert len({round(d.cost, 9) for d in report.decisions}) > 20, "the chances hardly moved: nothing was read"


def test_the_costliest_decisions_are_questioned_costliest_first(warlords):
    """The `top` decisions whose taker's chances fell most, among those with another legal choice, each
    with its what-if at that position against every legal alternative, within the budget."""
    s, rules = warlords, warlords.rules
    report = review(s, top=3, budget=40)
    chose = {d.position: sum(a.player == d.player for a in rules.legal_actions(s.state_at(d.position - 1)))
             for d in report.decisions}
    expected = sorted((d for d in report.decisions if d.cost > 0 and chose[d.position] > 1),
                      key=lambda d: -d.cost)[:3]
    assert [q.position for q in report.questioned] == [d.position for d in expected]
    costs = [q.cost for q in report.questioned]
    assert costs == sorted(costs, reverse=True) and costs[0] > 0
    assert report.questionable == 141 and report.top == 3 and report.budget == "40 playouts per questioned decision"
    for q in report.questioned:
        w = q.whatif
        assert (w.position, w.player) == (q.position, q.player) and w.rollouts <= 40
        assert len(w.alternatives) == chose[q.position] and w.best == w.alternatives[0].action
    forced = [d for d in report.decisions if d.cost > costs[-1] and chose[d.position] == 1]
    assert all(d.position not in {q.position for q in report.questioned} for d in forced)


def test_the_same_review_on_one_worker_and_on_two(warlords):
    one = review(warlords, top=2, budget=40, workers=1, seed=5)
    two = review(warlords, top=2, budget=40, workers=2, seed=5)
    assert two.workers == 2 and all(q.whatif.workers == 2 for q in two.questioned)
    assert without_timing(one) == without_timing(two) and len(one.questioned) == 2
    every = review(warlords, top=2, budget=40, workers=None, seed=5)   # the default: here while they start
    assert without_timing(every) == without_timing(one)


def test_an_interruption_keeps_the_decisions_read_and_the_what_ifs_finished(warlords):
    """Ctrl-C arrives (here raised where the progress is told, as a signal would be) during the second
    what-if: the first one's answer is kept, the same as in the whole review; the second is left out."""
    whole = review(warlords, top=2, budget=40)

    def interrupt_in_the_second(what: str, done: int, total: int) -> None:
        if what == "playouts" and done > 40:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        review(warlords, top=2, budget=40, progress=interrupt_in_the_second)
    partial = stopped.value.partial
    assert not partial.complete and isinstance(stopped.value, KeyboardInterrupt)
    assert partial.decisions == whole.decisions and len(partial.questioned) == 1
    assert without_timing(partial.questioned[0]) == without_timing(whole.questioned[0])

    def interrupt_while_reading(what: str, done: int, total: int) -> None:
        if what == "decisions" and done == 10:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        review(warlords, top=2, budget=40, progress=interrupt_while_reading)
    partial = stopped.value.partial
    assert partial.decisions == whole.decisions[:10] and partial.questioned == [] and partial.end == \
        whole.decisions[9].after


@pytest.mark.parametrize("options, message", [
    ({"reader": 3}, "--as 3: this game has players 1-2"),
    ({"budget": 1}, "--budget must be at least 2"),
    ({"budget": 10, "seconds": 1.0}, "not both"),
    ({"seconds": 0.0}, "--seconds must be above 0"),
    ({"top": -1}, "--top must be 0 or more"),
])
def test_bad_requests_are_refused_before_any_work(warlords, options, message):
    with pytest.raises(BoardcoreError, match=message):
        review(warlords, **options)


SEED = 3
"""The dice of the twins: P1's second roll of round 1 is a 1, which loses the turn's points."""


def twin(p2_hand: tuple[int, ...], deck: tuple[int, ...], p2_second_pick: int) -> Session:
    """Toy Pig from the first pick (P1 holds 2, 5, 9): P1 picks 5 and P2 picks 1 face down, the picks are
    shown, each pig turn rolls up to three times and holds if it can, and round 2 opens with P2's face-down
    pick; P1 has yet to pick. P2's hand and the deck are hidden from P1 throughout."""
    from toygame import RULES, CardPicked, Hold, Roll
    from toygame.positions import first_pick

    s = Session.from_state(RULES, first_pick(p2_hand=p2_hand, deck=deck), seed=SEED)
    s.apply(CardPicked(player=1, card=5))
    s.apply(CardPicked(player=2, card=1))
    while s.state.phase == "pig":
        turn = s.state.turn
        for _ in range(3):
            if s.state.turn == turn and s.state.phase == "pig":
                s.apply(Roll(player=turn))
        if s.state.turn == turn and s.state.phase == "pig":
            s.apply(Hold(player=turn))
    s.apply(CardPicked(player=2, card=p2_second_pick))
    assert s.outcome is None and s.to_act == (1,)
    return s


def test_a_reader_s_review_is_the_same_for_twin_games_that_differ_only_in_what_they_could_not_see():
    """P2's hand and the deck differ (P2 holds 4 and 8, or 6 and 7, after the first round) and so does
    P2's second pick (4 or 6), face down: P1 saw the two games alike, so P1's review is the same, what-ifs
    of P1's decisions included. P2 saw them differently, and P2's review tells them apart."""
    games = [twin((1, 4, 8), (3, 6, 7), 4), twin((1, 6, 7), (3, 4, 8), 6)]
    assert games[0].state.hands != games[1].state.hands
    as_p1 = [review(g, reader=1, top=2, budget=24) for g in games]
    assert without_timing(as_p1[0]) == without_timing(as_p1[1])
    first = as_p1[0]
    (q,) = first.questioned                                                # P2's costly rolls are not P1's
    assert q.player == 1 and q.whatif.decision == "P1 roll" and len(q.whatif.alternatives) == 2
    assert not q.whatif.omniscient and "from P1's view" in q.whatif.information   # dealt afresh, never read
    assert "from P1's view" in first.information and first.questionable == sum(d.player == 1 for d in first.decisions)
    hidden = [d for d in first.decisions if d.hidden]
    assert [(d.player, d.action) for d in hidden] == [(2, ""), (2, "")]    # P2's two face-down picks
    assert all(not d.hidden and d.action for d in first.decisions if d.player == 1)
    as_p2 = [review(g, reader=2, top=0) for g in games]
    assert without_timing(as_p2[0]) != without_timing(as_p2[1])


def test_a_spectator_of_a_game_in_progress_questions_nothing():
    """The game still hides P2's pick: without a reader nothing is questioned, since each what-if would
    answer from its decider's view."""
    report = review(twin((1, 4, 8), (3, 6, 7), 4), top=3, budget=24)
    assert report.reader is None and report.questioned == [] and report.questionable == 0
    assert "spectator" in report.information and any(d.hidden for d in report.decisions)


def test_a_forced_decision_is_never_questioned_however_much_its_taker_lost(warlords):
    """Its taker had no other legal choice, so what they lost was luck: the selection passes over it even
    when it is the costliest (here made so), and takes the costliest one that had a choice."""
    from boardcore.analysis.review import _costliest

    rules = warlords.rules
    steps = review(warlords, top=0).decisions
    choices = [sum(a.player == d.player for a in rules.legal_actions(warlords.state_at(d.position - 1)))
               for d in steps]
    forced = choices.index(1)
    free = choices.index(next(c for c in choices if c > 1))
    steps[forced] = msgspec.structs.replace(steps[forced], cost=0.9)
    steps[free] = msgspec.structs.replace(steps[free], cost=0.8)
    picked = _costliest(warlords, steps, None, True, 2)
    assert picked[0] is steps[free] and steps[forced] not in picked and len(picked) == 2

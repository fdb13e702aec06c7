"""Review: every decision's effect on each seat's chances, read in one fold and checked against the
positions themselves; the costliest questioned in order; a reader's review built from their view
alone; the same on any number of workers; an interruption keeps what was finished."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from boardcore.errors import BoardcoreError
from boardcore.events import Decision
from boardcore.review import Interrupted, review
from boardcore.session import Session
from boardcore.value import win_probabilities

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

"""Review: a saved game decision by decision, what each decision did to every seat's chances, and the
costliest ones questioned.

    report = review(Session.load("game.jsonl"))            # the whole game, once it is over
    report = review(session, reader=2, top=5)              # P2's view only

One fold of the effective history gives every seat's win probability at each place a decision is
taken and at the end (`boardcore.analysis.value.win_probabilities`, competent play, as the reader sees the
position). A decision's probabilities *before* are those of the position it was taken in, *after*
those of the position the next decision is taken in (its facts, chance and automatic steps
included); its *cost* is what its taker's chance fell by. A fall can be bad luck rather than a bad
decision: the dice a roll meets are part of its "after". So the decisions that cost their taker the
most are then questioned with what-if (`boardcore.analysis.whatif.compare`, at its defaults, every legal
alternative, a budget per decision), which separates the decision from its luck and names the best
alternative found.

Who reads the review decides what it may use, as the replay viewer does:

- **A reader** (`reader=P`): every position is P's view and every decision is worded as P saw it
  (`rules.visible`: a face-down pick of another seat stays face down). Every decision P saw whole
  may be questioned, each seat's alike, and each what-if answers from P's view (`compare(viewer=P)`:
  the decider's alternatives are those P's view shows legal, and what P could not see is dealt
  afresh). Two games that P saw alike get the same review.
- **No reader, the game over and its seed revealed**: nothing is hidden any more; the positions
  are whole and every seat's decisions are questioned, each from its decider's view.
- **No reader, the game still hiding something**: a spectator's view, and nothing is questioned
  (a what-if would read its decider's hidden cards).

Each what-if is one budget of playouts on `boardcore.agents.execute` workers, seeded by the review's seed
and the decision's position, so a review is identical on any number of workers (unless a
`seconds` budget decides how far each what-if gets). Ctrl-C during a review raises `Interrupted`,
which carries the review as far as it got.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import msgspec

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.agents.execute import resolve_workers
from boardcore.session import Session
from boardcore.analysis.value import win_probabilities
from boardcore.analysis.whatif import WhatIfReport, alternatives, compare

DEFAULT_TOP = 3
"""How many of the costliest decisions are questioned, unless asked otherwise."""
DEFAULT_BUDGET = 3000
"""Playouts per questioned decision, unless asked otherwise (`boardcore.analysis.whatif`'s `budget`). The target
is a 150-decision two-player game reviewed within three minutes on two cores; at this budget the saved
2-player games take about ten seconds of CPU in all (README, "Reviewing a game"), which leaves room for
slower rollouts."""


class Step(msgspec.Struct, frozen=True):
    """One decision as the reader saw it. `position` is where `boardcore replay` prints it (what
    `whatif --at` takes); `before` and `after` hold every seat's win probability, seat 1 first.
    `cost` is how much the taker's probability fell (negative: it rose). A decision hidden from the
    reader keeps its place and its taker, but `action` is empty and `words` say only what the reader
    saw of it."""

    position: int
    player: int
    action: str
    words: str
    hidden: bool
    before: list[float]
    after: list[float]
    cost: float


class Questioned(msgspec.Struct, frozen=True):
    """One of the costliest decisions and its what-if against every legal alternative: the best
    alternative found is `whatif.best`, how much the decision gave up against it `whatif.regret`."""

    position: int
    player: int
    words: str
    cost: float
    whatif: WhatIfReport


class Review(msgspec.Struct, frozen=True):
    """A game's review. `decisions` in the order taken; `start` and `end` are the probabilities before
    the first decision and after the last. `questioned` are the costliest decisions among those that
    could be questioned (`questionable` of them), costliest first, each with its what-if. `complete` is
    False when the review was interrupted: then it holds what was finished."""

    game: str
    players: int
    reader: int | None
    information: str
    start: list[float]
    end: list[float]
    decisions: list[Step]
    questioned: list[Questioned]
    questionable: int
    top: int
    budget: str
    seed: str
    workers: int
    seconds: float
    complete: bool = True


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a review: `partial` is the review of what was finished (`complete` False)."""

    def __init__(self, partial: Review) -> None:
        super().__init__("review interrupted")
        self.partial = partial


def review(session: Session, reader: int | None = None, *, top: int = DEFAULT_TOP, budget: int | None = None,
           seconds: float | None = None, workers: int | None = 1, ray: str | None = None, seed: int | str = 0,
           progress: Callable[[str, int, int], None] | None = None) -> Review:
    """Review `session` as `reader` sees it (None: a spectator, or everything in a finished game whose
    seed is revealed), questioning the `top` costliest decisions that may be questioned, each with
    `budget` playouts (default `DEFAULT_BUDGET`) or for `seconds` (not both). `progress(what, done,
    total)` is told how far each stage got: "decisions" while probabilities are read, "playouts" while
    the costliest are questioned. See the module docstring."""
    if reader is not None and not 1 <= reader <= session.players:
        raise BoardcoreError(f"--as {reader}: this game has players 1-{session.players}")
    if top < 0:
        raise BoardcoreError(f"--top must be 0 or more, not {top}")
    if budget is not None and seconds is not None:
        raise BoardcoreError("give a budget of playouts or of seconds per questioned decision, not both")
    if budget is None and seconds is None:
        budget = DEFAULT_BUDGET
    if budget is not None and budget < 2:
        raise BoardcoreError(f"--budget must be at least 2 (a paired interval needs two pairs), not {budget}")
    if seconds is not None and not seconds > 0:
        raise BoardcoreError(f"--seconds must be above 0, not {seconds}")
    given, workers = workers, resolve_workers(workers)   # None (every core) also plays here while they start
    began = time.perf_counter()
    whole = reader is None and session.revealed
    information = _information(reader, whole)
    spent = f"{budget} playouts per questioned decision" if budget is not None else \
        f"{seconds:g} seconds per questioned decision"
    start: list[float] = []
    steps: list[Step] = []
    questioned: list[Questioned] = []

    def so_far(complete: bool) -> Review:
        end = steps[-1].after if steps else start
        return Review(session.rules.name, session.players, reader, information, start, end, steps, questioned,
                      _questionable(steps, reader, whole), top, spent, str(seed), workers,
                      time.perf_counter() - began, complete)

    try:
        _walk(session, reader, whole, start, steps, progress)
        candidates = _costliest(session, steps, reader, whole, top, seed)
        total = len(candidates) * budget if budget is not None else len(candidates)
        for step in candidates:
            done = (len(questioned) * budget) if budget is not None else len(questioned)
            told = (lambda n, d=done: progress("playouts", d + n, total)) if progress and budget is not None else None
            report = compare(session, step.position, budget=budget, seconds=seconds, workers=given, ray=ray,
                             seed=_seed(seed, step), viewer=reader, progress=told)
            questioned.append(Questioned(step.position, step.player, step.words, step.cost, report))
            if progress and budget is None:
                progress("decisions questioned", len(questioned), total)
    except KeyboardInterrupt:
        raise Interrupted(so_far(False)) from None
    return so_far(True)


def _information(reader: int | None, whole: bool) -> str:
    """What the review read, in words."""
    if reader is not None:
        return (f"from P{reader}'s view: positions as P{reader} saw them, and every decision P{reader} saw "
                f"questioned on what P{reader} knew (another seat's alternatives are those P{reader}'s view "
                "shows legal)")
    if whole:
        return ("everything: the game is over and its seed revealed, so nothing is hidden; each decision is "
                "questioned from its taker's view")
    return ("as a spectator sees it: the game still hides information, so no decision is questioned "
            "(review --as P questions what P saw)")


def _walk(session: Session, reader: int | None, whole: bool, start: list[float], steps: list[Step],
          progress: Callable[[str, int, int], None] | None) -> None:
    """Fold the history once, reading every seat's chances where each decision is taken and at the
    end: `start` gets those before the first decision, `steps` a `Step` per decision as it is read
    (so an interruption keeps those done)."""
    rules = session.rules
    live = session.history.live
    stops = session.boundaries()
    players = session.players

    def chances(state: Any) -> list[float]:
        seen = state if whole else rules.view(state, reader)
        known = win_probabilities(rules, seen, reader)
        return [float(known[p]) for p in range(1, players + 1)]

    state = session.state_at(stops[0])
    start[:] = before = chances(state)
    evolve = rules.evolve
    for here, there in zip(stops, stops[1:]):
        decision = live[here].event
        assert isinstance(decision, Decision)          # (a boundary is where a decision lands)
        action, words, hidden = _worded(rules, state, decision, reader, whole)
        for record in live[here:there]:
            state = evolve(state, record.event)
        after = chances(state)
        fell = before[decision.player - 1] - after[decision.player - 1]
        steps.append(Step(here + 1, decision.player, action, words, hidden, before, after, fell))
        if progress:
            progress("decisions", len(steps), len(stops) - 1)
        before = after


def _worded(rules: Any, state: Any, decision: Decision, reader: int | None, whole: bool) -> tuple[str, str, bool]:
    """(text form, words, hidden) of `decision` as the reader saw it taken in `state`: the text form only
    when the reader saw the decision whole, the words from the reader's view of what they saw of it."""
    if whole:
        return rules.format_action(decision), rules.describe(state, decision, None), False
    shown = rules.visible(decision, reader)
    seen = rules.view(state, reader)
    if shown is None:
        return "", f"a decision of P{decision.player} hidden from this reader", True
    hidden = shown != decision
    return ("" if hidden else rules.format_action(decision)), rules.describe(seen, shown, reader), hidden


def _may_question(step: Step, reader: int | None, whole: bool) -> bool:
    """Whether what-if may question `step` for this reader (see the module docstring): a reader, any
    decision they saw whole."""
    return not step.hidden if reader is not None else whole


def _questionable(steps: list[Step], reader: int | None, whole: bool) -> int:
    return sum(_may_question(s, reader, whole) for s in steps)


def _costliest(session: Session, steps: list[Step], reader: int | None, whole: bool, top: int,
               seed: int | str = 0) -> list[Step]:
    """The `top` decisions that cost their taker most and may be questioned, costliest first (the
    earlier first among equal costs). A decision after which its taker's chances did not fall is none,
    and neither is a forced one (its taker had no other legal choice, as far as the reader could see:
    what they lost was luck)."""
    costly = sorted((s for s in steps if s.cost > 0 and _may_question(s, reader, whole)),
                    key=lambda s: (-s.cost, s.position))
    chosen: list[Step] = []
    for step in costly:
        if len(chosen) == top:
            break
        if _choices(session, step, reader, _seed(seed, step)) > 1:
            chosen.append(step)
    return chosen


def _seed(seed: int | str, step: Step) -> str:
    """The seed of the what-if questioning `step`."""
    return f"{seed}/{step.position}"


def _choices(session: Session, step: Step, reader: int | None = None, seed: str = "0") -> int:
    """How many legal choices the taker of `step` had where it was taken, as the reader could tell
    (what-if's alternatives, `whatif.alternatives`)."""
    return len(alternatives(session, step.position, reader, seed)[0])

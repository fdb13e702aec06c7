"""What-if: at a decision of a saved game, how much better or worse were the alternatives?

`compare(session, at=POS)` questions the decision `boardcore replay` prints at position POS
(position N is the N-th event in effect, GameCreated being 1), from the state just before it.
It answers the player's question, "what were my chances?", from what that player could see.

**What it estimates.** By default each rollout is played on by a competent, cheap policy
(the game's `Rules.rollout_policy` for every seat: `greedy`, or the game's `prior` where that did
better on the benchmark of known answers, `tools/whatif_bench.py`) only to a horizon, the end of the current round by the game's clock
(`HORIZON` ticks of `Rules.clock`), and scored there by the deciding player's win probability as they
would see that position (`boardcore.analysis.value.win_probabilities`, fitted on self-play of strong agents):
"my chances under competent play". Cutting there keeps two alternatives' rollouts alike for most of
their length and leaves the model to judge what follows, so a decision that only wastes something
(the same die deployed at a drone cost) shows in every pair, where a win or loss 150 random decisions
later hardly depends on it. `to="end"` plays every rollout to the end and counts wins instead, and
`policy="random"` makes the others random: together the old estimator, "my chances if everyone then
plays at random". The report says which it used (`estimates`). A game whose clock never moves (the
default `Rules.clock`) has no rounds to cut at: its rollouts go to the end.

- **From the player's view.** Rollout k starts from a determinisation: the player's view with
  everything they could not see dealt afresh (`rules.hidden_variant(view, player, rng)`), so the
  answer depends only on what they knew (twin games that differ only in hidden cards get the
  same answer). `omniscient=True` plays from the true hidden state instead, and says so.
- **Or from another seat's view.** `viewer=V` questions the decider's decision as seat V saw it
  (a review read by V questions every seat's decisions): the position is V's view, each rollout
  deals what V could not see (the decider's hand among it), and the decider's chances are read as
  V would see them. The decision itself must have been in V's sight. The alternatives are the
  decider's actions whose legality V's view settles: those legal in each of `REFERENCE_DEALS`
  deals of what V could not see (a card in the decider's hand that V never saw is no alternative
  V could name), and a rollout's deal is drawn again until the decision taken and every
  alternative are legal in it. Nothing V could not see is read, so twin games V saw alike get the
  same answer.
- **Paired, on common random numbers.** Rollout k of every alternative shares its determinisation,
  its chance and each seat's own randomness, drawn by where each decision is met (the seat, the
  round or turn, the decision point; see `_play`) rather than by how many came before it, and the
  random policy ranks actions by a hash of the action, so it picks alike wherever the same action
  is offered: two alternatives differ by the decision rather than by luck. Each alternative is
  reported as its difference from the decision taken, in win rate and in mean score, with a paired
  95% interval (`stats.paired_share_interval` for the win share, which stays honest where the pairs
  seldom differ; a t interval for the score), and ranked by it. How much that narrows the interval
  depends on how long the rollouts stay alike, and random play parts them soon: the paired interval
  is about 0.75 of the unpaired one at Solar Sphere's first decision (README, "What were my
  chances?") and 0.89 on the toy game's last turn with the rival's turn to come.
- **Honest about many comparisons.** The best of thirteen alternatives is the one luck flattered
  most: each interval holds 95% of the time, but the best one's often excludes zero when none is
  better. The verdict ("X is better than the decision taken") and the regret read joint intervals,
  widened so that all the alternatives' hold at once (`stats.joint_widening`, Bonferroni); each
  alternative's own 95% interval is reported beside them.
- **Adaptive.** The budget (`rollouts` per alternative, a `budget` of playouts in all, or
  `seconds`) is spent in rounds of growing size; after each round an alternative whose paired
  interval against the current leader lies below zero is out of contention and gets no more
  rollouts (racing), so the contenders get the rest. The decision taken always plays on, as the
  reference every difference is measured from.
- **Every worker.** Each round's rollouts are work items run on `boardcore.agents.execute.Workers` (kept
  for all the rounds), seeded by their (alternative, k), so given a rollout budget the report is
  identical on 1 worker, N workers or a Ray cluster (a `seconds` budget decides how many rounds
  fit, so it varies).
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from boardcore.agents import policies as agent_kinds
from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.events import Decision
from boardcore.agents.execute import Workers, resolve_workers
from boardcore.agents.play import MAX_DECISIONS
from boardcore.game.rng import Rng
from boardcore.game.rules import Game
from boardcore.session.session import Session
from boardcore.analysis.stats import (Estimate, joint_widening, mean_interval, paired_interval, paired_share_interval,
                                      rate_interval)
from boardcore.analysis.value import win_probability

FIRST_ROUND = 16
"""Rollouts per alternative in the first round; each later round doubles it. No alternative is
dropped before this many: a paired interval from fewer pairs is too rough to race on."""
DEFAULT_ROLLOUTS = 100
NULL_LUCK = 1_000_000_000
"""Where the null alternative's rollouts draw their luck from: numbers no real rollout reaches."""
REFERENCE_DEALS = 8
"""Deals of what the viewer could not see that an alternative must be legal in, when the viewer is not
the decider (see the module docstring)."""
DEALS = 64
"""Tries at a deal in which the decision taken and every alternative are legal, before giving up."""
HORIZON = 1
"""Where rollouts stop unless told (`to`): once the game's clock has moved on this many ticks from the
decision's, 1 being the end of the current round (Solar Sphere's round, Apogee's and Warlords' turn).
At the end of the next one (2) the issue's wasted drones were lost in the noise (-0.002 [-0.045, +0.040]
in 40 greedy pairs, against -0.061 [-0.069, -0.054] at 1): the model is left to judge what follows."""


class Alternative(msgspec.Struct, frozen=True):
    """One decision the player could have taken. `win_probability` is the deciding player's chance of
    winning after it (the mean over its rollouts of the win probability at the horizon, or of the wins
    when played to the end; Wilson 95% interval); `win_diff` is its paired difference from the decision
    taken's (zero for the decision taken itself), `score_diff` the same in score (the game's `evaluate`
    at the horizon, points at the end), each with its own 95% interval; `joint_win_diff` and
    `joint_score_diff` are the same differences with intervals widened so that those of every
    alternative compared hold at once (`stats.joint_widening`): what the verdict and the regret read.
    `mean_score` is its own score with an independent interval, for reference.
    `contending`: still in the race when the budget ran out (otherwise it was dropped after `rollouts`).
    `action` is the text form (what `--instead` and `boardcore act` read), `words` the same in the
    game's own words. `null`: the decision taken once more, its rollouts drawing deals and chance of
    their own (`compare(null=True)`): no better and no worse, so any verdict on it is luck's."""

    action: str
    recorded: bool
    rollouts: int
    win_diff: Estimate
    score_diff: Estimate
    joint_win_diff: Estimate
    joint_score_diff: Estimate
    win_probability: Estimate
    mean_score: Estimate
    contending: bool
    words: str = ""
    null: bool = False


class WhatIfReport(msgspec.Struct, frozen=True):
    """The answer, best alternative first. `regret`: how much the decision taken gave up against
    the best alternative, in win probability (in win rate, the share of rollouts won, when they were played
    to the end; `regret_score`: against the best in score), never below zero,
    with an interval that holds whichever alternative is truly best: it spans the joint intervals of all
    `compared` alternatives, so a decision taken that merely ranks first is not said to have cost nothing.
    `verdict` says in words whether the budget told the alternatives apart, reading the joint intervals.
    `to` is where the rollouts stopped ("end", or the clock ticks of the horizon) and `estimates` says in
    words what the win probabilities are chances of."""

    game: str
    position: int
    player: int
    decision: str
    omniscient: bool
    information: str
    policies: list[str]
    budget: str
    rollouts: int
    rounds: int
    workers: int
    seconds: float
    best: str
    regret: Estimate
    regret_score: Estimate
    verdict: str
    alternatives: list[Alternative]
    compared: int = 1
    to: int | str = "end"
    estimates: str = ""
    viewer: int | None = None


def decision_at(session: Session, position: int) -> Decision:
    """The decision `boardcore replay` prints at `position` (the state before it is `state_at(position - 1)`)."""
    live = session.history.live
    if not 2 <= position <= len(live) or not isinstance(live[position - 1].event, Decision):
        near = [i for i, r in enumerate(live, 1) if isinstance(r.event, Decision)]
        around = [i for i in near if abs(i - position) <= 10][:8] or near[:8]
        if not near:
            raise BoardcoreError(f"no decision was taken at position {position}: this game has no decisions yet")
        raise BoardcoreError(f"no decision was taken at position {position}; decisions are at "
                             f"{', '.join(map(str, around))}{' …' if len(near) > len(around) else ''} "
                             "(positions as `boardcore replay` prints them)")
    return live[position - 1].event


def seat_policies(policy: str | Mapping[int, str] | Sequence[str], players: int) -> list[str]:
    """One policy spec per seat from one spec for all, a {seat: spec} mapping (others `random`) or a list."""
    if isinstance(policy, str):
        return [policy] * players
    if isinstance(policy, Mapping):
        bad = [p for p in policy if not 1 <= int(p) <= players]
        if bad:
            raise BoardcoreError(f"--policy {bad[0]}=…: the seat must be a player number 1-{players}")
        return [policy.get(p, "random") for p in range(1, players + 1)]
    policy = list(policy)
    if len(policy) != players:
        raise BoardcoreError(f"{len(policy)} policies for {players} players")
    return policy


def compare(session: Session, at: int, instead: Sequence[Decision | str] | None = None, *,
            policy: str | Mapping[int, str] | Sequence[str] | None = None, to: int | str = HORIZON,
            rollouts: int | None = None,
            budget: int | None = None, seconds: float | None = None, omniscient: bool = False,
            workers: int | None = 1, ray: str | None = None, seed: int | str = 0, adaptive: bool = True,
            null: bool = False, viewer: int | None = None,
            progress: Callable[[int], None] | None = None) -> WhatIfReport:
    """Compare the decision taken at `at` with `instead` (default: every legal alternative of the same
    player), from that player's view unless `omniscient`. The budget is `rollouts` per alternative,
    `budget` playouts in all and/or `seconds`, whichever runs out first (default 100 per alternative).
    `policy` plays every seat in the rollouts (one spec, or one per seat; default `rules.rollout_policy`), `to`
    says where they stop: a number of ticks of the game's clock (default `HORIZON`, the end of the current
    round), then the win probability there, or "end". `adaptive=False` gives every alternative the same
    rollouts (no race: for measuring the intervals themselves). `null=True` adds the decision taken once
    more as the last alternative, with luck of its own (a known answer: tools/whatif_bench.py counts the
    verdicts on it, every one of them false). `viewer`: the seat whose view the answer may use (default the
    decider's). See the module docstring."""
    rules = session.rules
    recorded = decision_at(session, at)
    player = recorded.player
    start = session.state_at(at - 1)
    legal, known = alternatives(session, at, viewer, seed, omniscient)
    viewer = player if viewer is None else viewer
    if instead is None:
        chosen = [recorded, *legal]
    else:
        chosen = [recorded, *(rules.parse_action(known, a) if isinstance(a, str) else a for a in instead)]
    for action in chosen:
        if action not in legal:
            whose = "" if known is start else f" whatever P{viewer} could not see"
            raise BoardcoreError(f"{rules.format_action(action)} was not legal for P{player} at position {at}{whose}")
    chosen = list(dict.fromkeys(chosen))          # the decision taken first, then each alternative once
    if null:
        chosen.append(recorded)
    for name, value in (("rollouts", rollouts), ("budget", budget)):
        if value is not None and value < 2:
            raise BoardcoreError(f"--{name} must be at least 2 (a paired interval needs two pairs), not {value}")
    if seconds is not None and not seconds > 0:
        raise BoardcoreError(f"--seconds must be above 0, not {seconds}")
    if rollouts is None and budget is None and seconds is None:
        rollouts = DEFAULT_ROLLOUTS
    if not (to == "end" or (isinstance(to, int) and not isinstance(to, bool) and to >= 1)):
        raise BoardcoreError(f"--to {to}: give end, or a number of rounds of the game's clock (1 = the end of "
                             "this round, 2 = the end of the next)")
    policies = seat_policies(rules.rollout_policy if policy is None else policy, session.players)
    for spec in dict.fromkeys(policies):
        agent_kinds.make(spec, rules)             # a bad spec is refused before any playout
    given, workers = workers, resolve_workers(workers)   # None (every core) also plays here while they start
    local = workers == 1 and not (ray or os.environ.get("BOARDCORE_RAY"))
    seen = start if omniscient else rules.view(start, viewer)
    if type(rules).clock is Game.clock:          # a clock that never moves has no rounds to stop at
        to = "end"
    until = None if to == "end" else rules.clock(start) + int(to)
    shared = _Shared(rules if local else agent_kinds.shippable(rules), seen, player, chosen, policies, str(seed),
                     omniscient, until, len(chosen) - 1 if null else -1, viewer)
    race = _Race(len(chosen), shares=until is None)
    began = time.perf_counter()
    batch = FIRST_ROUND
    with Workers(shared, workers=given, ray=ray, preload=[type(rules).__module__]) as pool:   # one for all rounds
        while True:
            size = _round_size(race, batch, rollouts, budget, seconds, time.perf_counter() - began)
            if size <= 0:
                break
            k0 = race.done[0]
            items = [(i, k) for i in race.contenders for k in range(k0, k0 + size)]
            before = race.total
            told = (lambda n, b=before: progress(b + n)) if progress else None
            if seconds is not None and not before:    # the first round: its pace shows what the budget buys
                told = _paced(told, len(items), seconds)
            race.record(items, pool.run(_rollout, items, told))
            if adaptive:
                race.eliminate()
            if race.contenders == [0]:            # the decision taken has beaten every alternative
                break
            if race.done[0] >= batch:             # a probe or a cut round leaves the batch to grow into
                batch *= 2
    return _report(rules, at, rules.view(start, viewer), shared, race, _budget_text(rollouts, budget, seconds),
                   workers, time.perf_counter() - began, to)


def alternatives(session: Session, at: int, viewer: int | None = None, seed: int | str = 0,
                 omniscient: bool = False) -> tuple[list[Decision], Any]:
    """The decider's legal actions at decision `at` (the decision taken among them) as `viewer` may know
    them, and the state to read them in: where they stood when the viewer is the decider (the default) or
    the what-if is `omniscient`, else `choices_seen_by` another seat. What-if's alternatives, and the
    count review and the progress bar take of them."""
    recorded = decision_at(session, at)
    if viewer is not None and not 1 <= viewer <= session.players:
        raise BoardcoreError(f"--as {viewer}: this game has players 1-{session.players}")
    if viewer is not None and omniscient:
        raise BoardcoreError("an omniscient what-if reads everything: give a viewer or omniscient, not both")
    start = session.state_at(at - 1)
    if omniscient or viewer in (None, recorded.player):
        return [a for a in session.rules.legal_actions(start) if a.player == recorded.player], start
    return choices_seen_by(session.rules, start, recorded, viewer, str(seed))


def choices_seen_by(rules: Any, start: Any, recorded: Decision, viewer: int, seed: str) -> tuple[list[Decision], Any]:
    """The decider's alternatives at `start` as `viewer` (another seat) may know them, and a deal to read
    them in: the decider's actions legal in every one of `REFERENCE_DEALS` deals of what the viewer could not
    see (each drawn so that the decision taken is legal in it), in the first deal's order. Refused when the
    decision taken was hidden from the viewer."""
    player = recorded.player
    if rules.visible(recorded, viewer) != recorded:
        raise BoardcoreError(f"P{player}'s decision was hidden from P{viewer}: it cannot be questioned from "
                             f"P{viewer}'s view")
    seen = rules.view(start, viewer)
    deals = [_deal(rules, seen, viewer, f"whatif/{seed}/choices/{r}", [recorded]) for r in range(REFERENCE_DEALS)]
    offered = [[a for a in rules.legal_actions(d) if a.player == player] for d in deals]
    legal = [a for a in offered[0] if all(a in other for other in offered[1:])]
    return legal, deals[0]


def _deal(rules: Any, seen: Any, viewer: int, family: str, required: Sequence[Decision] = ()) -> Any:
    """`seen` (the viewer's view) with what the viewer could not see dealt afresh from `family`'s
    stream, drawn again (up to `DEALS` times) until every action of `required` is legal in it; a copy of
    `seen` when nothing is hidden from the viewer."""
    for attempt in range(DEALS):
        state = rules.hidden_variant(seen, viewer, Rng.derive(f"{family}/deal" + (f"/{attempt}" if attempt else ""), 0))
        if state is None:
            return rules.copy(seen)
        if not required:
            return state
        legal = rules.legal_actions(state)
        if all(a in legal for a in required):
            return state
    raise BoardcoreError(f"no deal of what P{viewer} could not see in {DEALS} tries lets "
                         f"{', '.join(map(rules.format_action, required[:3]))} be played")


# -- the rollouts (module level: they run in worker processes) ------------------------------------
class _Shared(msgspec.Struct, frozen=True):
    """What every rollout needs, sent once per worker: the rules, the position as the deciding player
    sees it (or the true one when omniscient), the alternatives, a policy per seat, the seed, the
    clock reading at which rollouts stop (`until`; None: at the end), which alternative, if any, is
    the null: the decision taken again, whose rollout k draws the luck of rollout `NULL_LUCK + k`, and
    the seat whose view `start` is (`viewer`; 0: the decider's, `player`)."""

    rules: Any
    start: Any
    player: int
    actions: list[Any]
    policies: list[str]
    seed: str
    omniscient: bool
    until: int | None = None
    null: int = -1
    viewer: int = 0

    @property
    def reader(self) -> int:
        """The seat whose view the answer reads."""
        return self.viewer or self.player


_AGENTS: dict[tuple[int, str], Any] = {}   # a worker's agents, made once per rules and spec


def _agent(rules: Any, spec: str) -> Any:
    key = (id(rules), spec)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = agent_kinds.make(spec, rules)
        if type(agent) is agent_kinds.RandomAgent:
            agent = _AlignedRandom(rules)
        elif type(agent) is agent_kinds.PriorAgent:
            agent = _AlignedPrior(rules)
        _AGENTS[key] = agent
    return agent


class _AlignedRandom:
    """The random policy on common random numbers: each legal action gets a pseudo-random rank from
    the seat's stream and the action itself, and the lowest rank is played. For one list of actions
    that is a uniform pick, as `random` makes; across alternatives it picks the same action wherever
    that action is offered in both, so the rollouts of two alternatives stay alike for longer."""

    name = "random"
    reads_view = False

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        return min(legal, key=_ranks(legal, rng))


def _ranks(legal: Sequence[Decision], rng: Rng) -> Callable[[Decision], bytes]:
    """Each action's rank: a digest keyed by the seat's stream and the action itself (see `_AlignedRandom`)."""
    # keyed once, then copied for each action: the same digests as a keyed hash made per action
    keyed = hashlib.blake2b(key=rng.randbelow(1 << 62).to_bytes(8, "big"), digest_size=8)
    encode = msgspec.msgpack.encode

    def rank(action: Decision) -> bytes:
        h = keyed.copy()
        h.update(encode(action))
        return h.digest()

    return rank


class _AlignedPrior:
    """The prior policy on common random numbers: each legal action draws an exponential clock from
    its aligned rank (`_ranks`) and its prior weight, and the first to ring is played. For one list that
    is a pick in proportion to the weights, as `prior` makes; across alternatives the same action keeps
    its clock wherever it is offered (a weighted form of `_AlignedRandom`)."""

    name = "prior"
    reads_view = True

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            return legal[0]
        rank = _ranks(legal, rng)
        weights = self.rules.prior(view, legal)
        scale = float(1 << 64)

        def ring(pair: tuple[Decision, float]) -> float:
            action, weight = pair
            u = (int.from_bytes(rank(action), "big") + 0.5) / scale
            return -math.log(u) / weight if weight > 0 else math.inf

        return min(zip(legal, weights), key=ring)[0]


def _rollout(shared: _Shared, item: tuple[int, int]) -> tuple[float, float]:
    """Alternative `a` played out in rollout `k`: (the deciding player's win probability where the
    rollout stopped, their score there). At the end of the game they are the player's share of the
    win and their points; at a horizon, the win probability and the game's `evaluate` of the
    position as the player would see it (the whole of it when omniscient)."""
    a, k = item
    rules = agent_kinds.resolve(shared.rules)
    family = f"whatif/{shared.seed}/{k + NULL_LUCK if a == shared.null else k}"
    if shared.omniscient:
        state = rules.copy(shared.start)
    else:                                         # another seat's view may hide what makes an action legal
        state = _deal(rules, shared.start, shared.reader, family,
                      shared.actions if shared.reader != shared.player else ())
    bots = {p: _agent(rules, spec) for p, spec in enumerate(shared.policies, 1)}
    state = _play(rules, state, shared.actions[a], bots, family, shared.until)
    player = shared.player
    outcome = rules.outcome(state)
    if shared.until is None and outcome is not None:      # (without a horizon, only the end stops a rollout)
        return (1.0 / len(outcome.winners) if player in outcome.winners else 0.0), outcome.points(player)
    seen, viewer = (state, None) if shared.omniscient else (rules.view(state, shared.reader), shared.reader)
    return win_probability(rules, seen, viewer, player), rules.evaluate(seen, player)


def _play(rules: Any, state: Any, action: Decision, bots: Mapping[int, Any], family: str,
          until: int | None = None, max_decisions: int = MAX_DECISIONS) -> Any:
    """`action`, then the bots to the end, or until the game's clock reads `until`, on common random
    numbers; the state where it stopped. Every decision is keyed by
    where it is met: the seat, the game's clock (`rules.clock`: its round or turn), the decision
    point asked (`rules.asking`) and the kinds of action offered. The j-th decision so keyed draws
    the j-th value of that key's stream, whatever happened before it, for its chance (the kind being
    the action taken) and for its bot's choice (the kinds offered): P2's third roll of round 4 meets
    the same die whether P1 rolled once before it or four times, and a round in which the two
    alternatives' rollouts made different numbers of decisions leaves the next round's alike."""
    outcome, to_act, legal_actions, unfold, view = (rules.outcome, rules.to_act, rules.legal_actions,
                                                    rules.unfold, rules.view)
    clock, asking = rules.clock, rules.asking
    met: dict[str, list] = {}     # key -> [the next value of its stream, its deriver]

    def stream(key: str) -> list:
        """The key's [next value, deriver]: `Rng.derive(key, j)` with the key's bytes prepared once."""
        entry = met.get(key)
        if entry is None:
            entry = met[key] = [0, Rng.deriver(key)]
        return entry

    def decide(choice: Decision, where: str, trusted: bool = True) -> Any:
        """`choice` played on chance from its stream; `where` is `clock/asking` of the state it is taken in.
        The state is the rollout's own (dealt or copied for it, never kept): decided on in place."""
        entry = stream(f"{family}/chance/{choice.player}/{where}/{type(choice).__name__}")
        rng = entry[1](entry[0])
        after = unfold(state, choice, rng, trusted=trusted, in_place=True).state
        if rng.draws:                             # only decisions that met chance use up a value
            entry[0] += 1
        return after

    try:
        state = decide(action, f"{clock(state)}/{asking(state)}", trusted=False)
    except IllegalAction as exc:
        raise BoardcoreError(f"{rules.format_action(action)} cannot be played on a determinisation of the "
                             f"position ({exc}): the game's hidden_variant dealt a table its rules refuse") from None
    for _ in range(max_decisions):
        if outcome(state) is not None or (until is not None and clock(state) >= until):
            return state
        seat = to_act(state)[0]
        legal = [a for a in legal_actions(state) if a.player == seat]
        bot = bots[seat]
        where = f"{clock(state)}/{asking(state)}"      # read once: the bot's stream and the chance's share it
        entry = stream(f"{family}/{seat}/{where}/{'/'.join(sorted({type(a).__name__ for a in legal}))}")
        rng = entry[1](entry[0])
        entry[0] += 1
        choice = bot.choose(view(state, seat) if bot.reads_view else None, legal, rng)
        state = decide(choice, where)
    raise BoardcoreError(f"{rules.name}: no end after {max_decisions} decisions")


# -- the race -----------------------------------------------------------------------------------
class _Race:
    """Rollout results per alternative (index 0 is the decision taken) and who is still in contention.
    `shares`: the results are wins and losses (rollouts to the end), whose paired differences get the
    win-share interval; win probabilities at a horizon vary smoothly, and get a t interval: the share
    interval's made-up pairs are a whole win apart, which for differences of a few hundredths would
    swamp the data (its half-width cannot fall below about 2/n)."""

    def __init__(self, n: int, shares: bool = True) -> None:
        self.shares = shares
        self.wins: list[list[float]] = [[] for _ in range(n)]
        self.scores: list[list[float]] = [[] for _ in range(n)]
        self.contenders = list(range(n))
        self.total = 0
        self.rounds = 0
        self.elapsed_per_playout = 0.0

    @property
    def done(self) -> list[int]:
        return [len(w) for w in self.wins]

    def record(self, items: list[tuple[int, int]], out: list[tuple[float, float]]) -> None:
        for (a, _), (win, score) in zip(items, out, strict=True):
            self.wins[a].append(win)
            self.scores[a].append(score)
        self.total += len(items)
        self.rounds += 1

    def diff(self, a: int, b: int, widen: float = 1.0) -> tuple[Estimate, Estimate]:
        """Paired differences a - b in win share and in score, over the rollouts both have played, with
        their intervals' half-widths scaled by `widen`. An alternative against itself differs by nothing,
        exactly: its rollouts are the very same ones, not a sample of pairs."""
        n = min(len(self.wins[a]), len(self.wins[b]))
        if a == b:
            return Estimate(0.0, 0.0, 0.0, n), Estimate(0.0, 0.0, 0.0, n)
        wins = paired_share_interval if self.shares else paired_interval
        return (wins(self.wins[a][:n], self.wins[b][:n], widen),
                paired_interval(self.scores[a][:n], self.scores[b][:n], widen))

    def key(self, a: int) -> tuple[float, float]:
        """How an alternative ranks: its win-rate difference from the decision taken, then its score's."""
        win, score = self.diff(a, 0)
        return win.mean, score.mean

    def eliminate(self) -> None:
        """Drop every contender whose paired interval against the leader lies below zero, and so does its
        joint interval against the decision taken: in win rate, or in score where the rollouts won as
        often (`even`: every pair won or lost alike, say). With many contenders, one of them is bound to
        look worse than the leader by luck, so the interval raced on is widened to a 95% chance that none
        of them is dropped wrongly (Bonferroni); the intervals reported stay plain 95% ones. The second
        condition is the verdict's (`_beaten`): an alternative stays in until what-if can say it is worse
        than the decision taken, the question asked. (Dropped on the leader alone, a wasteful move that
        trailed a tie for first stopped at 50 rollouts, its interval against the decision taken still
        reaching above zero: 4 of 12 such benchmark positions in Solar Sphere were called worse.)"""
        if self.done[0] < FIRST_ROUND:
            return
        leader = max(self.contenders, key=lambda a: (self.key(a), -a))
        widen, verdict = joint_widening(len(self.contenders) - 1), joint_widening(len(self.wins) - 1)
        keep = []
        for a in self.contenders:
            if a in (0, leader) or not (self.below(a, leader, widen) and self.below(a, 0, verdict)):
                keep.append(a)
        self.contenders = keep

    def below(self, a: int, b: int, widen: float) -> bool:
        """Whether `a` is worse than `b`: the paired interval widened by `widen` lies below zero."""
        win, score = self.diff(a, b, widen)
        return win.high < 0 or (even(win) and score.high < 0)


def _round_size(race: _Race, batch: int, rollouts: int | None, budget: int | None, seconds: float | None,
                elapsed: float) -> int:
    """Rollouts per contender in the next round: the doubling batch, cut to what the budget has left."""
    size = batch
    done = race.done[0]
    if rollouts is not None:
        size = min(size, rollouts - done)
    if budget is not None:
        size = min(size, (budget - race.total) // len(race.contenders))
    if seconds is not None:
        left = seconds - elapsed
        if left <= 0 and race.total:             # (the probe runs whatever the budget, unless far too slow: `_paced`)
            return 0
        if race.total:                           # as many as the rate so far says will fit
            rate = race.total / elapsed
            size = min(size, max(1, int(left * rate / len(race.contenders))))
        else:                                    # no rate yet: a probe of two pairs each measures it, so
            size = min(size, 2)                  # a short budget is not overrun by a whole first round
    if done + size < 2 <= done + batch and size > 0:   # a paired interval needs two pairs
        size = 2 - done
    return size


PROBE_GRACE = 10.0
"""Seconds by which the first round of a `seconds` budget may run past it: that round is the least answer
(two pairs per alternative), played whatever the budget, but not when it would take minutes more."""


def _paced(told: Callable[[int], None] | None, items: int, seconds: float) -> Callable[[int], None]:
    """`told`, also watching the first round's pace: once its rollouts so far say the round will run past
    the budget by half again and by `PROBE_GRACE` seconds (slow policies: an mcts rollout of a whole game
    takes about half a minute), stop with what the least answer would take instead of overrunning. The pace
    is read from the first rollouts back onwards, and judged on the rollouts alone: before them the workers
    were starting (on a loaded machine that took longer than 30 rollouts of Solar Sphere's prior), a cost
    paid once that refusing would not save."""
    first: list[tuple[float, int]] = []      # when the first rollouts came back, and how many

    def check(done: int) -> None:
        if told:
            told(done)
        now = time.perf_counter()
        if not first:
            first.append((now, done))
            return
        back, counted = first[0]
        if done <= counted:
            return
        projected = (now - back) / (done - counted) * items
        if projected > max(1.5 * seconds, seconds + PROBE_GRACE):
            raise BoardcoreError(
                f"at this pace the least answer ({items} rollouts: two for each alternative) takes about "
                f"{projected:.0f}s, far past the {seconds:g}s asked: give --seconds {math.ceil(projected)} or more, "
                "fewer alternatives (--instead), or a faster --policy")
    return check


def _budget_text(rollouts: int | None, budget: int | None, seconds: float | None) -> str:
    parts = [f"{rollouts} rollouts per alternative" if rollouts is not None else "",
             f"{budget} playouts in all" if budget is not None else "",
             f"{seconds:g} seconds" if seconds is not None else ""]
    return ", ".join(p for p in parts if p)


def _report(rules: Any, at: int, seen: Any, shared: _Shared, race: _Race, budget: str, workers: int,
            elapsed: float, to: int | str = "end") -> WhatIfReport:
    """`seen`: the position as the deciding player saw it, for naming the alternatives in words."""
    compared = len(shared.actions) - 1
    widen = joint_widening(compared)
    alternatives = []
    order = sorted(range(len(shared.actions)), key=lambda a: (race.key(a), -a), reverse=True)
    for a in order:
        win, score = race.diff(a, 0)
        joint_win, joint_score = race.diff(a, 0, widen)
        n = len(race.wins[a])
        alternatives.append(Alternative(
            rules.format_action(shared.actions[a]), a == 0, n, win, score, joint_win, joint_score,
            rate_interval(sum(race.wins[a]), n), mean_interval(race.scores[a]), a in race.contenders,
            rules.describe(seen, shared.actions[a], shared.reader), a == shared.null))
    others = [a for a in alternatives if not a.recorded]
    v = shared.reader
    verdict = (_verdict(alternatives, shared.until is None) if others or v == shared.player else
               f"P{v}'s view shows no other legal choice than the decision taken")
    information = ("omniscient: rollouts start from the true hidden state, which the player did not know"
                   if shared.omniscient else
                   f"from P{v}'s view: each rollout deals what P{v} could not see afresh" + (
                       f"; P{shared.player}'s alternatives are those P{v}'s view shows legal"
                       if v != shared.player else ""))
    return WhatIfReport(rules.name, at, shared.player, rules.format_action(shared.actions[0]), shared.omniscient,
                        information, shared.policies, budget, race.total, race.rounds, workers, elapsed,
                        alternatives[0].action,
                        regret([a.win_diff for a in others], [a.joint_win_diff for a in others]),
                        regret([a.score_diff for a in others], [a.joint_score_diff for a in others]),
                        verdict, alternatives, compared, to,
                        estimates(shared, to), None if shared.omniscient else v)


def estimates(shared: _Shared, to: int | str) -> str:
    """What the win probabilities are chances of, in words: the question the estimator answers."""
    p = f"P{shared.player}"
    who = shared.policies[0] if len(set(shared.policies)) == 1 else ", ".join(
        f"P{seat}={spec}" for seat, spec in enumerate(shared.policies, 1))
    if shared.until is None:
        return f"{p}'s chances of winning if the game is then played to the end by {who} (the share of rollouts won)"
    stop = "the end of this round" if to == 1 else ("the end of the next round" if to == 2 else
                                                   f"{to} rounds of the game's clock on")
    seen = "" if shared.reader == shared.player or shared.omniscient else f" as P{shared.reader} would see it"
    return (f"{p}'s chances of winning under competent play: rollouts by {who} to {stop}, then {p}'s win "
            f"probability there{seen} (boardcore.analysis.value)")


def regret(plain: Sequence[Estimate], joint: Sequence[Estimate]) -> Estimate:
    """What the decision taken gave up against the best alternative, from each alternative's difference
    (`plain`) and its joint interval: the largest difference, or zero when none did better. If the joint
    intervals all hold (95%), the true best difference lies between the largest of their lows and the
    largest of their highs, and the regret between those two cut at zero. (The best difference seen is the
    largest of many noisy ones, so it tends to overstate; the interval is what to read.)"""
    if not plain:
        return Estimate(0.0, 0.0, 0.0, 0)
    return Estimate(max(0.0, max(e.mean for e in plain)), max(0.0, max(e.low for e in joint)),
                    max(0.0, max(e.high for e in joint)), max(e.n for e in plain))


def even(win: Estimate) -> bool:
    """Whether the paired rollouts won as often with the alternative as with the other: then the win rates
    say nothing of which is better, and the score decides."""
    return abs(win.mean) < 1e-9


def _beaten(others: list[Alternative]) -> list[Alternative]:
    """The alternatives worse than the decision taken: their joint interval on the difference lies below zero
    (in score where the rollouts won as often)."""
    return [a for a in others if a.joint_win_diff.high < 0 or (even(a.win_diff) and a.joint_score_diff.high < 0)]


def _verdict(alternatives: list[Alternative], to_end: bool) -> str:
    """Whether the best alternative's interval on the difference excludes zero, in words. With several
    alternatives it reads the joint intervals: the best of many is the one most flattered by luck. The
    differences are in win rate where the rollouts were played to the end (`to_end`: the share of them
    won), and in win probability where they stopped at a horizon (the model's chances there)."""
    best = alternatives[0]
    others = [a for a in alternatives if not a.recorded]
    if not others:
        return "the decision taken was the only legal one"
    family = f" once widened for the {len(others)} alternatives compared at once" if len(others) > 1 else ""
    if not best.recorded:
        w, s = best.joint_win_diff, best.joint_score_diff
        if w.low > 0:
            return (f"{best.action} is better than the decision taken: {best.win_diff.mean:+.3f} {'win rate' if to_end else 'win probability'} "
                    f"[{w.low:+.3f}, {w.high:+.3f}], an interval that excludes zero{family}")
        if even(best.win_diff) and s.low > 0:
            return (f"{best.action} scores more than the decision taken: {best.score_diff.mean:+.2f} points "
                    f"[{s.low:+.2f}, {s.high:+.2f}]{family} (its rollouts won as often)")
        lucky = [a for a in others if a.win_diff.low > 0 or (even(a.win_diff) and a.score_diff.low > 0)]
        aside = (f" ({lucky[0].action} alone looks better on its own 95% interval, as one of {len(others)} "
                 "alternatives easily does by luck)" if lucky and family else "")
        worse = len(_beaten(others))
        below = (f"; {worse} of the {len(others)} are worse than the decision taken, their intervals wholly "
                 "below zero" if worse else "")
        return ("the alternatives are indistinguishable at this budget: no interval on the difference from the "
                f"decision taken excludes zero{family}{aside}{below}")
    beaten = _beaten(others)
    if len(beaten) == len(others):
        return ("the decision taken was the best: every alternative's interval on the difference lies below zero"
                + family + (" (in score, where the rollouts won as often)" if any(even(a.win_diff) for a in others)
                            else ""))
    close = len(others) - len(beaten)
    return (f"the decision taken ranks first, but {close} alternative{'s are' if close > 1 else ' is'} "
            f"indistinguishable from it at this budget ("
            f"{'their intervals on the difference include' if close > 1 else 'its interval on the difference includes'}"
            f" zero{family})")

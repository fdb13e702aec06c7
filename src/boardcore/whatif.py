"""What-if: had another decision been taken at a point of a saved game, how would
the game likely have gone?

Each alternative is played out `rollouts` times from the same position under a
policy for every seat. Rollout k of every alternative uses the same random
numbers (common random numbers), so the alternatives differ by the decision, not
by luck, and fewer rollouts tell them apart. Rollouts see the true position,
hidden information included: this is an analyst's tool, not a player's.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from boardcore import agents as agent_kinds
from boardcore.errors import BoardcoreError
from boardcore.events import Decision
from boardcore.play import playout, seeded
from boardcore.session import Session
from boardcore.stats import Estimate, mean_interval, rate_interval


class Alternative(msgspec.Struct, frozen=True):
    action: str
    recorded: bool
    win_rate: Estimate
    mean_score: Estimate


class WhatIfReport(msgspec.Struct, frozen=True):
    game: str
    position: int
    player: int
    rollouts: int
    policy: str
    alternatives: list[Alternative]


def decision_at(session: Session, position: int) -> Decision:
    """The decision recorded at `position` (the state before it is `state_at(position)`)."""
    live = session.history.live
    if not 1 <= position < len(live) or not isinstance(live[position].event, Decision):
        near = [i for i, r in enumerate(live) if isinstance(r.event, Decision)]
        around = [i for i in near if abs(i - position) <= 10][:8] or near[:8]
        raise BoardcoreError(f"no decision was taken at position {position}; decisions are at "
                             f"{', '.join(map(str, around))}{' …' if len(near) > len(around) else ''}")
    return live[position].event


def whatif(session: Session, position: int, instead: list[Decision | str] | None = None, *,
           rollouts: int = 100, policy: str = "random", seed: int | str = 0,
           progress: Callable[[int], None] | None = None) -> WhatIfReport:
    """Compare the decision recorded at `position` with `instead` (default: every
    legal alternative for the same player)."""
    rules = session.rules
    recorded = decision_at(session, position)
    start = session.state_at(position)
    legal = [a for a in rules.legal_actions(start) if a.player == recorded.player]
    chosen = legal if instead is None else [recorded, *(
        rules.parse_action(start, a) if isinstance(a, str) else a for a in instead)]
    for action in chosen:
        if action not in legal:
            raise BoardcoreError(f"{rules.format_action(action)} was not legal at position {position}")
    chosen = list(dict.fromkeys(chosen))  # in order, once each
    bots = {p: agent_kinds.make(policy, rules) for p in range(1, session.players + 1)}
    results = []
    done = 0
    for action in chosen:
        wins, scores = 0.0, []
        for k in range(rollouts):
            family = f"whatif/{seed}/{k}"
            chance, choice = seeded(family), seeded(f"{family}/agents")
            state = rules.copy(start)
            at = position
            for event in rules.decide(state, action, chance(at)):
                state = rules.evolve(state, event)
                at += 1
            state, _, _ = playout(rules, state, at, bots, chance, choice)
            outcome = rules.outcome(state)
            if recorded.player in outcome.winners:
                wins += 1 / len(outcome.winners)
            scores.append(outcome.points(recorded.player))
            done += 1
            if progress:
                progress(done)
        results.append(Alternative(rules.format_action(action), action == recorded,
                                   rate_interval(wins, rollouts), mean_interval(scores)))
    return WhatIfReport(rules.name, position, recorded.player, rollouts, policy, results)

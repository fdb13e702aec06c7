"""Simulate: many bot games in memory, for win rates and score distributions."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from boardcore import agents as agent_kinds
from boardcore.errors import BoardcoreError
from boardcore.play import agent_rng, playout, seeded, start
from boardcore.rules import Rules
from boardcore.stats import Estimate, mean_interval, rate_interval


class Seat(msgspec.Struct, frozen=True):
    player: int
    policy: str
    win_rate: Estimate
    score: Estimate
    score_min: float
    score_median: float
    score_max: float


class SimulationReport(msgspec.Struct, frozen=True):
    game: str
    config: dict[str, Any]
    games: int
    truncated: int
    decisions: int
    seconds: float
    seats: list[Seat]


def simulate(rules: Rules, config: Any, policies: Sequence[str], games: int, *, seed: int | str = 0,
             progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` bot games in memory, seat p playing `policies[p - 1]`, and report each seat's
    win rate and score with 95% intervals. Game g draws its chance from `seed/g`, so the same
    arguments give the same report on any machine; `progress(n)` is called after each game."""
    players = int(config.players)
    if len(policies) != players:
        raise BoardcoreError(f"{len(policies)} policies for {players} players")
    bots = {p: agent_kinds.make(policies[p - 1], rules) for p in range(1, players + 1)}
    wins = [0.0] * players
    scores: list[list[float]] = [[] for _ in range(players)]
    truncated = decisions = 0
    began = time.perf_counter()
    for g in range(games):
        chance = seeded(f"{seed}/{g}")
        state, position = start(rules, config, chance)
        state, _, made = playout(rules, state, position, bots, chance, agent_rng(f"{seed}/{g}"))
        decisions += made
        outcome = rules.outcome(state)
        truncated += outcome.truncated
        for p in range(1, players + 1):
            if p in outcome.winners:
                wins[p - 1] += 1 / len(outcome.winners)
            scores[p - 1].append(outcome.points(p))
        if progress:
            progress(g + 1)
    seats = []
    for p in range(1, players + 1):
        ordered = sorted(scores[p - 1]) or [0.0]
        seats.append(Seat(p, policies[p - 1], rate_interval(wins[p - 1], games), score_interval(scores[p - 1]),
                          ordered[0], ordered[len(ordered) // 2], ordered[-1]))
    return SimulationReport(rules.name, msgspec.to_builtins(config), games, truncated, decisions,
                            time.perf_counter() - began, seats)


def score_interval(values: Sequence[float]) -> Estimate:
    """The mean score with its 95% interval. Scores that are only ever 0 or 1 (a mission won or
    lost) are a rate, given Wilson's interval, which stays within [0, 1] where the normal one
    ("0.950 [0.852, 1.048]") would not."""
    if values and all(v in (0, 1) for v in values):
        return rate_interval(sum(values), len(values))
    return mean_interval(values)

"""Simulate: many bot games in memory, for win rates and score distributions."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from boardcore.agents import policies as agent_kinds
from boardcore.game.errors import BoardcoreError
from boardcore.agents.execute import run
from boardcore.agents.play import agent_stream, playout, seeded, start
from boardcore.game.rules import Rules
from boardcore.analysis.stats import Estimate, mean_interval, rate_interval


class Seat(msgspec.Struct, frozen=True):
    """One seat over the simulation; `scores` holds its points in every game, in game order."""

    player: int
    policy: str
    win_rate: Estimate
    score: Estimate
    score_min: float
    score_median: float
    score_max: float
    scores: list[float] = []


class SimulationReport(msgspec.Struct, frozen=True):
    game: str
    config: dict[str, Any]
    games: int
    truncated: int
    decisions: int
    seconds: float
    seats: list[Seat]


class Played(msgspec.Struct, frozen=True, array_like=True):
    """One simulated game, as a worker sends it back."""

    winners: tuple[int, ...]
    points: tuple[float, ...]
    truncated: bool
    decisions: int


def play_one(shared: tuple, g: int) -> Played:
    """Game `g` of a simulation: its chance and its bots' choices are seeded by `g` alone, so the
    game is the same whichever worker plays it."""
    rules, config, policies, seed = shared
    bots = {p: agent_kinds.make(kind, rules) for p, kind in enumerate(policies, 1)}
    chance = seeded(f"{seed}/{g}")
    state, position = start(rules, config, chance)
    state, _, made = playout(rules, state, position, bots, chance, agent_stream(f"{seed}/{g}"))
    outcome = rules.outcome(state)
    return Played(outcome.winners, tuple(outcome.points(p) for p in range(1, len(policies) + 1)),
                  outcome.truncated, made)


def simulate(rules: Rules, config: Any, policies: Sequence[str], games: int, *, seed: int | str = 0,
             workers: int | None = 1, ray: str | None = None,
             progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` bot games in memory, seat p playing `policies[p - 1]`, and report each seat's
    win rate and score with 95% intervals, on `workers` processes (None: every core) or a Ray
    cluster. Game g draws its chance from `seed/g`, so the same arguments give the same report on
    any machine and any number of workers (but `seconds`); `progress(n)` counts games done."""
    players = int(config.players)
    if len(policies) != players:
        raise BoardcoreError(f"{len(policies)} policies for {players} players")
    for kind in policies:
        agent_kinds.make(kind, rules)  # an unknown policy is refused before any work
    began = time.perf_counter()
    played = run(play_one, (rules, config, tuple(policies), str(seed)), range(games), workers=workers, ray=ray,
                 progress=progress, preload=[type(rules).__module__])
    wins = [0.0] * players
    for game in played:
        for p in game.winners:
            wins[p - 1] += 1 / len(game.winners)
    seats = []
    for p in range(1, players + 1):
        scores = [game.points[p - 1] for game in played]
        ordered = sorted(scores) or [0.0]
        seats.append(Seat(p, policies[p - 1], rate_interval(wins[p - 1], games), score_interval(scores),
                          ordered[0], ordered[len(ordered) // 2], ordered[-1], scores))
    return SimulationReport(rules.name, msgspec.to_builtins(config), games, sum(g.truncated for g in played),
                            sum(g.decisions for g in played), time.perf_counter() - began, seats)


def score_interval(values: Sequence[float]) -> Estimate:
    """The mean score with its 95% interval. Scores that are only ever 0 or 1 (a mission won or
    lost) are a rate, given Wilson's interval, which stays within [0, 1] where the normal one
    ("0.950 [0.852, 1.048]") would not."""
    if values and all(v in (0, 1) for v in values):
        return rate_interval(sum(values), len(values))
    return mean_interval(values)

"""Tournaments: how strong is each bot, measured with intervals.

`tournament(rules, config, ["mcts", "greedy"], games=200)` plays every pairing of the agents. For a
game of P players a pairing A-B is played under 2P seatings, `[A, B, …, B]` and `[B, A, …, A]` each
rotated through every seat (for 2 players just A-B and B-A), and each deal is played under every seating
before the next deal, so no agent profits from a seat or from the luck of a deal. Each agent's
share of the wins (a shared victory is split; a game that ends without a winner gives nobody
anything) is reported with a Wilson 95% interval, and, with three agents or more, an Elo-like
rating fitted to all the pairings (Bradley-Terry).

In a solo mode (one player, against the game's automa) every agent plays the same deals and its
win rate against the automa and mean score are reported.

The games are played with the agents in a canonical order, sorted by spec, whatever order they are
named in: `--agent A --agent B` and `--agent B --agent A` play the very same games (who sits where
in each, with the same luck), and the report lists them in the order given.

Games are work items run by `boardcore.agents.execute.run` (`workers`, `ray`), seeded by their index alone:
the games and their results are the same on any number of workers, and every pairing (in a solo mode,
every agent) plays the same deals with the same luck for its bots, so what one agent does against
another does not depend on who else is named. Only the timings (`seconds`, `reply_seconds`) vary from
run to run.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import msgspec

from boardcore.agents import policies as agent_kinds
from boardcore.game.errors import BoardcoreError
from boardcore.agents.execute import resolve_workers, run
from boardcore.agents.play import MAX_DECISIONS, agent_rng, playout, seeded, start
from boardcore.game.rules import Rules
from boardcore.analysis.stats import Estimate, mean_interval, rate_interval


class Pairing(msgspec.Struct, frozen=True):
    """Agents `a` and `b` against each other: each one's share of the wins, with intervals."""

    a: str
    b: str
    games: int
    a_wins: float
    b_wins: float
    no_winner: int
    a_rate: Estimate
    b_rate: Estimate


class Standing(msgspec.Struct, frozen=True):
    """One agent over all its games: its share of the wins, its mean score, and (three agents or more, not
    in a solo mode) a rating. `reply_seconds`: mean thinking time per decision with a choice, with the median
    and the longest (timings: they vary by run)."""

    agent: str
    games: int
    wins: float
    win_rate: Estimate
    score: Estimate
    rating: float | None
    reply_seconds: float
    reply_max_seconds: float
    reply_median_seconds: float = 0.0


class TournamentReport(msgspec.Struct, frozen=True):
    game: str
    config: dict[str, Any]
    solo: bool
    games_per_pairing: int
    seatings: list[list[int]]
    truncated: int
    seconds: float
    workers: int
    pairings: list[Pairing]
    standings: list[Standing]
    scored: bool = True
    """False when every game's scores only said who won (Apogee's: a point for each winner): the
    standings' score then repeats the win rate, and a report leaves it out."""


class _Shared(msgspec.Struct, frozen=True):
    rules: Any
    config: Any
    agents: list[str]
    seed: str


class _Game(msgspec.Struct, frozen=True):
    """One game's result: per seat, the agent (index), its win share and score; per agent, time spent."""

    agents: list[int]
    shares: list[float]
    scores: list[float]
    truncated: bool
    think: dict[int, list[float]]


def seatings(players: int) -> list[list[int]]:
    """The seatings of a pairing: 0 stands for agent a, 1 for agent b (see the module docstring)."""
    if players == 1:
        return [[0]]
    out: list[list[int]] = []
    for lead, rest in ((0, 1), (1, 0)):
        base = [lead] + [rest] * (players - 1)
        for r in range(players):
            seating = base[-r:] + base[:-r] if r else base
            if seating not in out:      # with 2 players the two rotations coincide
                out.append(seating)
    return out


def tournament(rules: Rules, config: Any, agents: Sequence[str], games: int, *, seed: int | str = 0,
               workers: int | None = 1, ray: str | None = None,
               progress: Callable[[int], None] | None = None) -> TournamentReport:
    """Play `games` games of every pairing of `agents` (in a solo mode: of every agent), in parallel."""
    agents = list(agents)
    players = int(config.players)
    if games < 1:
        raise BoardcoreError(f"-n must be at least 1, not {games}")
    if not agents:
        raise BoardcoreError("give at least one --agent")
    if len(set(agents)) != len(agents):
        raise BoardcoreError("an agent is named twice: give each once (vary a parameter to compare budgets)")
    if players > 1 and len(agents) < 2:
        raise BoardcoreError(f"a {players}-player tournament needs at least two agents (--agent twice)")
    for spec in agents:
        agent_kinds.make(spec, rules)          # a bad spec is refused before any game
    given, workers = workers, resolve_workers(workers)   # None (every core) also plays here while they start
    named, agents = agents, sorted(agents)   # played in a canonical order, reported in the order named
    solo = players == 1
    plan = seatings(players)
    pairs = [(i, i) for i in range(len(agents))] if solo else list(combinations(range(len(agents)), 2))
    items = [(p, g, [pairs[p][side] for side in plan[g % len(plan)]])
             for p in range(len(pairs)) for g in range(games)]
    began = time.perf_counter()
    local = workers == 1 and not (ray or os.environ.get("BOARDCORE_RAY"))
    shipped = rules if local else agent_kinds.shippable(rules)
    results = run(_play, _Shared(shipped, config, agents, str(seed)), items, workers=given, ray=ray,
                  progress=progress, preload=[type(rules).__module__])
    elapsed = time.perf_counter() - began
    pairings = [] if solo else [_pairing(agents, pairs[p], [r for (q, _, _), r in zip(items, results) if q == p])
                                for p in range(len(pairs))]
    standings = _standings(agents, results, pairings)
    pairings, standings = _as_named(named, pairings, standings)
    scored = not all(x == (s > 0) for r in results for s, x in zip(r.shares, r.scores))
    return TournamentReport(rules.name, msgspec.to_builtins(config), solo, games, plan,
                            sum(r.truncated for r in results), elapsed, workers, pairings, standings, scored)


def deal_seed(seed: str, game: int, players: int) -> str:
    """The seed of game `game`'s chance: one deal per round of seatings, so each deal is played under
    every seating of a pairing. Every pairing plays the same deals (in a solo mode, every agent), so
    what two agents do against each other does not depend on who else is in the tournament, and
    ratings compare them on common luck. (The `/0/` is where each pairing's index once stood, when
    pairings had deals of their own: kept, so a tournament of two agents plays the games it always did.)"""
    deal = game // len(seatings(players))
    return f"tournament/{seed}/{deal}" if players == 1 else f"tournament/{seed}/0/{deal}"


def bots_seed(seed: str, game: int) -> str:
    """The family of the bots' own random numbers in game `game`, for every pairing and every agent alike,
    for the same reason as `deal_seed` (and with the same relic `/0/`)."""
    return f"tournament/{seed}/0/{game}"


_AGENTS: dict[tuple[int, str], Any] = {}


def _agent(rules: Any, spec: str) -> Any:
    key = (id(rules), spec)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = agent_kinds.make(spec, rules)
    return agent


def _play(shared: _Shared, item: tuple[int, int, list[int]]) -> _Game:
    """Game `g` of pairing `p` with `seated[k]` the agent in seat k+1; its deal is shared by the seatings."""
    p, g, seated = item
    rules = agent_kinds.resolve(shared.rules)
    chance = seeded(deal_seed(shared.seed, g, len(seated)))
    state, position = start(rules, shared.config, chance)
    think: dict[int, list[float]] = {}
    bots = {seat: _Timed(_agent(rules, shared.agents[a]), think.setdefault(a, [])) for seat, a in enumerate(seated, 1)}
    state, _, _ = playout(rules, state, position, bots, chance, agent_rng(bots_seed(shared.seed, g)),
                          MAX_DECISIONS, game=f"game {g} of pairing {p}")
    result = rules.outcome(state)
    shares = [1.0 / len(result.winners) if seat in result.winners else 0.0 for seat in range(1, len(seated) + 1)]
    return _Game(seated, shares, [result.points(seat) for seat in range(1, len(seated) + 1)], result.truncated,
                 {a: times for a, times in think.items() if times})


class _Timed:
    """An agent whose thinking time is noted for each decision that offered a choice (a forced move
    says nothing of how long the agent takes to reply)."""

    __slots__ = ("agent", "reads_view", "times")

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.reads_view, self.times = agent, agent.reads_view, times

    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        began = time.perf_counter()
        action = self.agent.choose(view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - began)
        return action


def _as_named(named: list[str], pairings: list[Pairing], standings: list[Standing]) -> tuple[list[Pairing],
                                                                                                list[Standing]]:
    """The report in the order the agents were named: standings by that order, each pairing's sides in it,
    and the pairings in the order of their sides' places (every pair of the first named, then of the second, …)."""
    place = {name: i for i, name in enumerate(named)}
    sided = [p if place[p.a] < place[p.b] else
             Pairing(p.b, p.a, p.games, p.b_wins, p.a_wins, p.no_winner, p.b_rate, p.a_rate) for p in pairings]
    return (sorted(sided, key=lambda p: (place[p.a], place[p.b])),
            sorted(standings, key=lambda s: place[s.agent]))


def _pairing(agents: list[str], pair: tuple[int, int], results: list[_Game]) -> Pairing:
    a, b = pair
    a_wins = sum(s for r in results for who, s in zip(r.agents, r.shares) if who == a)
    b_wins = sum(s for r in results for who, s in zip(r.agents, r.shares) if who == b)
    none = sum(1 for r in results if not any(r.shares))
    n = len(results)
    return Pairing(agents[a], agents[b], n, a_wins, b_wins, none, rate_interval(a_wins, n), rate_interval(b_wins, n))


def _standings(agents: list[str], results: list[_Game], pairings: list[Pairing]) -> list[Standing]:
    # a rating says who beats whom: none in a solo mode, where each agent meets only the automa
    ratings = _ratings(agents, pairings) if len(agents) > 2 and pairings else None
    out = []
    for i, name in enumerate(agents):
        mine = [(s, x) for r in results for who, s, x in zip(r.agents, r.shares, r.scores) if who == i]
        games = sum(1 for r in results if i in r.agents)
        wins = sum(s for r in results for who, s in zip(r.agents, r.shares) if who == i)   # its seats' shares
        times = [t for r in results for t in r.think.get(i, [])]
        out.append(Standing(name, games, wins, rate_interval(wins, games), mean_interval([x for _, x in mine]),
                            None if ratings is None else ratings[i],
                            sum(times) / len(times) if times else 0.0, max(times, default=0.0),
                            statistics.median(times) if times else 0.0))
    return out


def _ratings(agents: list[str], pairings: list[Pairing], rounds: int = 200) -> list[float]:
    """Bradley-Terry strengths fitted to every pairing's wins (minorise-maximise), as Elo-like points
    with mean 0; half a win is added to each side of each pairing so no strength runs off to 0 or infinity."""
    index = {name: i for i, name in enumerate(agents)}
    n = len(agents)
    wins = [[0.0] * n for _ in range(n)]
    for p in pairings:
        a, b = index[p.a], index[p.b]
        wins[a][b] += p.a_wins + 0.5
        wins[b][a] += p.b_wins + 0.5
    strength = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            total = sum(wins[i][j] for j in range(n) if j != i)
            denom = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(total / denom if denom else strength[i])
        mean_log = sum(math.log(s) for s in new) / n
        strength = [s / math.exp(mean_log) for s in new]
    return [400 * math.log10(s) for s in strength]

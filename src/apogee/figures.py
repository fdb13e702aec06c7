"""The numbers worth charting over an Apogee game, from public information only.

Apogee has no points: a player wins by fulfilling the Mission. The chart's `score` is therefore the
share of the Mission objective a player has fulfilled so far, in percent (100 for a winner), which is
what the table shows everyone: launches, the cards and astronauts they deposited at the Space
Operations Center, the Investors won and the credits held. Beside it, `credits` (in full, 80,000 as
80000) and the `yield` of the rocket on each Launch Pad (1.6 as 1.6; 0 when it is not in the table).
"""

from __future__ import annotations

from apogee.components import Components
from apogee.missions import farthest, goal_met, goals, launches_needed, qualifying
from apogee.queries import mission_of
from apogee.rocket import rocket_yield
from apogee.state import ApogeeState


def _goal_share(c: Components, goal, pl) -> float:
    """How much of one goal is done: the mean of its launches, astronauts and cards, each capped at 1."""
    if goal_met(c, goal, pl):
        return 1.0
    launches = qualifying(c, goal, pl)
    parts = []
    need = launches_needed(goal)
    if need:
        parts.append(min(len(launches), need) / need)
    if goal.astronauts:
        parts.append(min(sum(x.astronauts for x in launches), goal.astronauts) / goal.astronauts)
    if goal.cards:
        names = [c.tech[card].name for x in launches for card in x.cards]
        parts.append(sum(min(names.count(k), n) for k, n in goal.cards.items()) / sum(goal.cards.values()))
    return sum(parts) / len(parts) if parts else 0.0


def progress(c: Components, s: ApogeeState, player: int) -> float:
    """The share of the Mission fulfilled by `player`, 0-100: its goals (AP-MIS-29), Investors (AP-MIS-04),
    Mission 7's farthest destination (AP-MIS-17) and a Solo Mission's closing credits (AP-SMIS-07). A Solo
    Mission's closing Authority is left out: the Engineers in hand are not public."""
    if player in s.winners:
        return 100.0
    m = mission_of(c, s)
    pl = s.areas[player - 1]
    # the goals' shares read only the Mission's goals and the launches: kept in the catalog's memo by those
    parts = list(c.judged.get((_goal_share, s.solo, s.mission, s.extra_goals, pl.launches),
                              lambda: tuple(_goal_share(c, g, pl) for g in goals(c, s))))
    if m.race_turn:
        parts.append((farthest(pl) + 1) / len(c.destinations))
    if m.investors:
        parts.append(min(len(pl.investors), m.investors) / m.investors)
    if m.end_credits:
        parts.append(min(pl.credits, m.end_credits) / m.end_credits)
    return round(100 * sum(parts) / len(parts), 1) if parts else 0.0


def figures(c: Components, s: ApogeeState) -> dict[str, dict[str, float]]:
    players = [f"P{p}" for p in range(1, s.players + 1)]
    return {
        "score": {name: progress(c, s, p) for p, name in enumerate(players, 1)},
        "credits": {name: float(s.areas[p - 1].credits * 1000) for p, name in enumerate(players, 1)},
        "yield": {name: rocket_yield(c, s.areas[p - 1]) / 10 for p, name in enumerate(players, 1)},
    }

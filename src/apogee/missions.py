"""Missions: when a player's objective holds, and who wins (AP-MIS-*, AP-END-*, AP-TIE-*, AP-SMIS-*)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from apogee.components import Components, Goal, Mission
from apogee.queries import mission_of
from apogee.state import ApogeeState, Player


def qualifying(c: Components, goal: Goal, pl: Player) -> list:
    """AP-MIS-31: the player's own successful launches to the goal's destination that meet its per-launch
    conditions (crewed AP-AMB-23, R&D AP-MIS-01, AP-MIS-08, crew AP-MIS-02, AP-MIS-03, thrust AP-MIS-20, cost
    AP-MIS-15/AP-AMB-24)."""
    d = c.dest_index[goal.destination]
    return [x for x in pl.launches
            if x.destination == d and (x.crewed or not goal.crewed) and x.rnd >= goal.min_rnd
            and (x.rnd == 0 or not goal.no_rnd) and x.astronauts >= goal.min_crew
            and x.thrust >= goal.min_thrust and (not goal.cost_below or x.cost < goal.cost_below)]


def launches_needed(goal: Goal) -> int:
    """A goal without cards or astronauts to deposit asks for at least one launch."""
    return max(goal.launches, 1 if not (goal.cards or goal.astronauts) else 0)


def goal_met(c: Components, goal: Goal, pl: Player) -> bool:
    """AP-MIS-29, AP-MIS-30: the qualifying launches counted cumulatively: launches, deposited cards,
    astronauts. Without a launch none qualifies (asked of every position greedy weighs, mostly before any)."""
    launches = qualifying(c, goal, pl) if pl.launches else ()
    if len(launches) < launches_needed(goal):
        return False
    if goal.astronauts and sum(x.astronauts for x in launches) < goal.astronauts:
        return False
    if goal.cards:
        names = [c.tech[card].name for x in launches for card in x.cards]
        return all(names.count(name) >= n for name, n in goal.cards.items())
    return True


def goals(c: Components, s: ApogeeState) -> Sequence[Goal]:
    """The Mission's goals plus those added by Solo Events 13/14 (AP-SMIS-08, AP-SEV-20, AP-SEV-22). Without
    such Events, the Mission's own list (read it, never change it): greedy asks for every position it weighs."""
    m = mission_of(c, s)
    if not s.extra_goals:
        return m.goals
    extra = [c.events[e].goal for e in s.extra_goals]
    return [*m.goals, *(g for g in extra if g is not None)]


def objective_met(c: Components, s: ApogeeState, player: int, met: Iterable[bool] | None = None) -> bool:
    """The cumulative part of the objective: goals and Investors (AP-MIS-04, AP-SMIS-02). `met`, when the caller
    has it already, says `goal_met` of each of `goals(c, s)` in turn, so that they are not judged twice."""
    m = mission_of(c, s)
    pl = s.areas[player - 1]
    if m.investors and len(pl.investors) < m.investors:
        return False
    if m.race_turn:
        return bool(pl.launches)
    return all(goal_met(c, g, pl) for g in goals(c, s)) if met is None else all(met)


def end_clauses_met(c: Components, s: ApogeeState, player: int) -> bool:
    """AP-AMB-41, AP-SMIS-07: "end the game with" credits or Engineers' Authority (AP-AMB-46)."""
    m = mission_of(c, s)
    pl = s.areas[player - 1]
    return (pl.credits >= m.end_credits
            and sum(c.eng_auth[e] for e in pl.hand) >= m.end_authority)


def investor_race_won(c: Components, s: ApogeeState, player: int) -> bool:
    """AP-MIS-06, AP-MIS-07: Mission 3's first to its Investor count wins alone and at once."""
    m = mission_of(c, s)
    return not s.solo and m.no_tie and len(s.areas[player - 1].investors) >= m.investors


def farthest(pl: Player) -> int:
    """AP-MIS-17, AP-AMB-39, AP-GAP-30: the farthest destination reached, -1 for none."""
    return max((x.destination for x in pl.launches), default=-1)


def winners_at_turn_end(c: Components, s: ApogeeState) -> tuple[int, ...] | None:
    """Who wins if the game ends at the end of this turn, or None if it goes on.

    Multiplayer: the end of the turn in which someone fulfils the Mission (AP-END-01, AP-END-02, AP-MIS-28,
    AP-AMB-40, AP-AMB-64); Mission 7 at the end of its race turn (AP-END-04, AP-MIS-17). Solo (AP-SOLO-11,
    AP-SOLO-12, AP-AMB-41): a Mission without end clause is won at the end of the turn it is fulfilled; one
    with end clauses is judged at the end of the last turn; the last turn ends the game either way.
    """
    m = mission_of(c, s)
    players = range(1, s.players + 1)
    if s.solo:
        last = s.turn >= m.turns
        done = objective_met(c, s, 1)
        if m.end_credits or m.end_authority:
            if last:
                return (1,) if done and end_clauses_met(c, s, 1) else ()
            return None
        if done:
            return (1,)
        return () if last else None
    if m.race_turn:
        if s.turn < m.race_turn:
            return None
        best = max(farthest(s.areas[p - 1]) for p in players)
        won = tuple(p for p in players if best >= 0 and farthest(s.areas[p - 1]) == best)
        return tiebreak(c, s, won)
    if m.no_tie:
        return None
    won = tuple(p for p in players if objective_met(c, s, p))
    return tiebreak(c, s, won) if won else None


def tiebreak(c: Components, s: ApogeeState, won: tuple[int, ...]) -> tuple[int, ...]:
    """The tie-break variant among several winners."""
    if not s.tiebreak or len(won) < 2:  # AP-TIE-01: only when agreed before play (config `tiebreak`)
        return won

    def team(p: int) -> int:
        pl = s.areas[p - 1]
        return c.dir_auth[pl.director] * 10 + sum(c.eng_auth[e] for e in pl.hand)

    low = min(team(p) for p in won)  # AP-TIE-02: the lowest Director plus Engineers' Authority
    won = tuple(p for p in won if team(p) == low)
    low = min(c.dir_auth[s.areas[p - 1].director] for p in won)  # AP-TIE-03: then the lowest Director
    # AP-TIE-04, AP-AMB-32: a tie beyond that stays shared
    return tuple(p for p in won if c.dir_auth[s.areas[p - 1].director] == low)


# How a game ends, by rule (`Rules.endings`, `Rules.ending`): what `check` counts and must reach.
FULFILLED = "AP-END-01 fulfilled"       # the Mission fulfilled, then its turn played out
SHARED = "AP-END-02 shared"             # several players fulfilled it in that final turn
INVESTOR_RACE = "AP-END-03 Investors"   # Mission 3: the third Investor wins at once
RACE_TURN = "AP-END-04 turn 8"          # Mission 7: the race ends with turn 8
SOLO_WON = "AP-SOLO-11 won"
SOLO_LOST = "AP-SOLO-12 lost"


def endings(m: Mission, solo: bool) -> tuple[str, ...]:
    """The end conditions and scoring paths of a game of Mission `m`."""
    if solo:
        return (SOLO_WON, SOLO_LOST)
    if m.no_tie:
        return (INVESTOR_RACE,)
    if m.race_turn:
        return (RACE_TURN,)
    return (FULFILLED, SHARED)


def ending(c: Components, s: ApogeeState) -> tuple[str, ...]:
    """How a finished game ended: its end condition, then SHARED if several players fulfilled the Mission."""
    if not s.over or s.truncated:
        return ()
    m = mission_of(c, s)
    if s.solo:
        return (SOLO_WON,) if s.winners else (SOLO_LOST,)
    if m.no_tie:
        return (INVESTOR_RACE,)
    if m.race_turn:   # the farthest win, one or several: there is no Mission to fulfil or share
        return (RACE_TURN,)
    return (FULFILLED, SHARED) if len(s.winners) > 1 else (FULFILLED,)

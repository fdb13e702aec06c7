"""Game end and Scoring (GW-END-06, GW-SCORE-01..10, GW-SSCORE-01..06) and the result."""

from __future__ import annotations

from boardcore.rules import Outcome

from warlords import events as ev
from warlords.state import GUARDED, REBEL


def guards(s, p: int) -> int:
    """GW-SCORE-01, GW-GUARD-07: guards still on circles, wounded neighbours or not."""
    return sum(1 for g in s.guard[p - 1] if g == GUARDED)


def majority(c, s) -> list[int]:
    """GW-SCORE-02, GW-SCORE-10, GW-AMB-06, GW-SSCORE-04, GW-EX-09: a strict leader per planet type
    scores its Domination value at the marker's final position."""
    out = [0] * s.seats
    for t, kind in enumerate(c.types):
        counts = [0] * s.seats
        for i, o in enumerate(s.owner):
            if o and s.planet_type[i] == kind:
                counts[o - 1] += sum(s.pu[i])
        top = max(counts)
        if top and counts.count(top) == 1:
            out[counts.index(top)] += c.domination_value[s.track[t]]
    return out


def missions(c, s, p: int) -> int:
    """GW-SCORE-03, GW-SCORE-04, GW-AMB-40, GW-SSCORE-02, GW-EX-03, GW-EX-15: 2 x planets x
    non-wounded mercenaries per type (the `per_mercenary` variant: 2 per non-wounded mercenary
    whose type has a planet held). Hands and wounded cards score nothing."""
    held: dict[str, int] = {}
    for i, o in enumerate(s.owner):
        if o == p:
            held[s.planet_type[i]] = held.get(s.planet_type[i], 0) + 1
    total = 0
    for card in s.area[p - 1]:
        if card in s.wounded[p - 1]:
            continue
        n = held.get(c.mercs[card].mission, 0)
        total += 2 * (n if s.mission == "per_planet" else (1 if n else 0))
    return total


def finish(c, u, truncated: bool = False) -> None:
    """GW-END-06: final scoring, then nothing more happens; final Power adds guards, majority and
    missions to the Power gained in play (GW-SCORE-05, GW-SSCORE-06). The Rebellion scores majority
    and its sector score (GW-SSCORE-03, GW-SSCORE-04, GW-EX-14)."""
    s = u.state
    maj = majority(c, s)
    for p in range(1, s.seats + 1):
        if s.mode == "solo" and p == REBEL:
            u.emit(ev.FinalScored(player=p, guards=0, majority=maj[p - 1], missions=0,
                                  sector=sum(sum(x) for x in s.pre)))
        else:
            u.emit(ev.FinalScored(player=p, guards=guards(s, p), majority=maj[p - 1], missions=missions(c, s, p)))
    u.emit(ev.GameEnded(truncated=truncated))


def outcome(s) -> Outcome | None:
    """GW-CON-01, GW-CON-13, GW-SCORE-06; ties: GW-SCORE-07 (mission Power), GW-SCORE-08 (reputation),
    GW-SCORE-09, GW-GAP-27 (shared); GW-TEAM-08, GW-GAP-18 (team totals); GW-SSCORE-05, GW-AMB-57 (solo)."""
    if not s.over:
        return None
    if s.truncated:
        return Outcome(scores=tuple(s.power[:s.players]), winners=(), truncated=True, note="turn limit reached")
    if s.mode == "solo":
        human, rebel = s.power[0], s.power[1]
        won = human > rebel or (human == rebel and s.rep[0] > s.rep[1])
        return Outcome(scores=(human,), winners=(1,) if won else (),
                       note=f"Rebellion {rebel}: " + ("the human wins" if won else "the Rebellion wins"))
    if s.mode == "teams":
        teams = ((1, 3), (2, 4))
        key = [(sum(s.power[p - 1] for p in t), sum(s.final[p - 1][2] for p in t),
                max(s.rep[p - 1] for p in t)) for t in teams]
        best = max(key)
        winners = tuple(p for t, k in zip(teams, key) if k == best for p in t)
        return Outcome(scores=tuple(s.power), winners=tuple(sorted(winners)),
                       note=f"team 1+3: {key[0][0]}, team 2+4: {key[1][0]}")
    key = [(s.power[p], s.final[p][2], s.rep[p]) for p in range(s.players)]
    best = max(key)
    return Outcome(scores=tuple(s.power), winners=tuple(p + 1 for p in range(s.players) if key[p] == best))

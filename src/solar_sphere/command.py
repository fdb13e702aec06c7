"""The Command Centre: reputation and morale tracks, storage, drones, the decommission
matrix and the auxiliary die; and `apply_effect`, which every benefit in the data goes through.

Every function here emits facts into an `Unfolding` `u`; effects that need a choice are
pushed onto the effect stack as `Task`s and answered by `Choose` decisions.
"""

from __future__ import annotations

from solar_sphere.components import KINDS
from solar_sphere.events import (AuxDieGained, Decommissioned, DronesMoved, MoraleChanged, PointsScored,
                                 ReputationGained, ResourceChanged, SatelliteMoved, TaskDone, TasksPushed,
                                 TaskUpdated)
from solar_sphere.state import SolarState, Task


def push(u, *tasks: Task) -> None:
    if tasks:
        u.emit(TasksPushed(tasks=tasks))


def score(u, seat: int, points: int, why: str) -> None:
    """SS-PTS-02, SS-PTS-04: points scored during play are immediate (silver)."""
    if points:
        u.emit(PointsScored(player=seat, points=points, why=why))


def gain_morale(u, seat: int, n: int, why: str = "morale") -> None:
    """SS-TRK-05; SS-TRK-06 / SS-AMB-10 overflow into points (SS-EX-09); SS-DRDEP-10 DRANDA scores
    instead (it has no tracks, SS-AMB-49)."""
    s: SolarState = u.state
    if n <= 0:
        return
    if seat == s.dseat:
        score(u, seat, n * u.rules.c.levels.morale_points[s.level - 1], why + " (DRANDA)")
        return
    room = u.rules.c.cmd.morale_max - s.p[seat - 1].morale
    up = min(n, room)
    if up:
        u.emit(MoraleChanged(player=seat, delta=up))
    score(u, seat, n - up, "morale overflow")


def lose_morale(u, seat: int, n: int) -> None:
    """SS-TRK-07 / SS-AMB-11: an involuntary loss; each morale missing costs 2 points, so a score
    may go below 0 (SS-PTS-07, SS-AMB-32). Reproduces SS-EX-10."""
    s: SolarState = u.state
    have = s.p[seat - 1].morale
    down = min(n, have)
    if down:
        u.emit(MoraleChanged(player=seat, delta=-down))
    score(u, seat, -2 * (n - down), "morale underflow")


def gain_reputation(u, seat: int, n: int = 1) -> None:
    """SS-TRK-01, SS-TRK-02; SS-TRK-03 / SS-AMB-09 overflow into morale; SS-DRDEP-11 DRANDA scores instead.
    Nothing ever lowers reputation (SS-TRK-04)."""
    s: SolarState = u.state
    for _ in range(n):
        if seat == s.dseat:
            score(u, seat, u.rules.c.levels.reputation_points[s.level - 1], "reputation (DRANDA)")
        elif s.p[seat - 1].rep < len(u.rules.c.cmd.reputation_columns) - 1:
            u.emit(ReputationGained(player=seat))
        else:
            gain_morale(u, seat, 1, "reputation overflow")


def kickbacks_for(rules, morale: int, to: int, rep: int) -> int:
    """SS-KB-03, SS-KB-04, SS-AMB-05: 1 per spanner passed or landed on, +1 more for each at or
    behind the reputation marker's column (SS-GAP-08, SS-TRK-12; spanners SS-GAP-07). Checked
    against SS-EX-02, SS-EX-03 and SS-EX-28. The move lands on a spanner below the marker, so it
    never underflows (SS-TRK-08, SS-KB-08)."""
    column = rules.c.cmd.reputation_columns[rep]
    return sum(2 if sp <= column else 1 for sp in rules.c.cmd.spanners if to <= sp < morale)


def apply_effect(u, seat: int, code: str, crew: bool = False) -> None:
    """One benefit of the SS-GAP-24 vocabulary (hexes, matrix, crew actions and retirements).
    DRANDA ignores resources, drones and kickbacks (SS-AMB-48). Crew fabrications may stop short,
    like every "up to" (SS-AMB-38); a hex's "fabricate 1 drone" may not."""
    s: SolarState = u.state
    parts = code.split(":")
    kind = parts[0]
    n = int(parts[-1]) if parts[-1].isdigit() else 1
    if kind == "points":
        score(u, seat, n, "benefit")
    elif kind == "morale":
        gain_morale(u, seat, n)
    elif kind == "reputation":
        gain_reputation(u, seat, n)
    elif seat == s.dseat:
        return
    elif kind in ("resource", "gain"):
        if parts[1] == "any":
            push(u, Task(kind="gain_any", player=seat, n=n))
        else:
            push(u, Task(kind="gain", player=seat, n=n, arg=parts[1]))
    elif kind == "gain_any":
        push(u, Task(kind="gain_any", player=seat, n=n))
    elif kind == "fabricate":
        push(u, Task(kind="fabricate", player=seat, n=n, arg="upto" if crew else ""))
    elif kind in ("salvage_up_to", "salvage"):
        push(u, Task(kind="salvage", player=seat, n=n))
    elif kind == "salvage_any":
        push(u, Task(kind="salvage", player=seat, n=99))        # SS-ALM-16
    elif kind == "kickback":
        push(u, Task(kind="kickback", player=seat, n=n))         # SS-KB-09
    elif kind == "aux_die":
        push(u, Task(kind="aux", player=seat))                   # SS-ALM-08
    elif kind == "points_per_hex":
        score(u, seat, s.p[seat - 1].hexes, "crew")              # T2-05 retirement
    elif kind == "points_per_ship":
        score(u, seat, len(s.p[seat - 1].ships), "crew")         # T2-08 retirement
    elif kind == "morale_per_crew":
        p = s.p[seat - 1]
        gain_morale(u, seat, (len(p.crew) + len(p.retired)) // 2)   # SS-ALM-07, SS-AMB-27
    elif kind == "morale_per_hex":
        gain_morale(u, seat, s.p[seat - 1].hexes // 2)              # SS-ALM-07
    elif kind == "salvage_per_ship":
        push(u, Task(kind="salvage", player=seat, n=len(s.p[seat - 1].ships)))
    elif kind == "trade":                                        # SS-ALM-09: pay first
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(parts[1]), delta=-1))
        push(u, Task(kind="gain", player=seat, n=2, arg=parts[2]))
    elif kind == "pay_morale_for_reputation":                    # SS-ALM-12, SS-AMB-28
        u.emit(MoraleChanged(player=seat, delta=-2))
        gain_reputation(u, seat)
    else:
        raise ValueError(f"unknown effect {code!r}")


# -- effects on the stack that need no choice, and the options of those that do ---------------
def storage_room(s: SolarState, seat: int, rules) -> int:
    return rules.c.cmd.storage - sum(s.p[seat - 1].store)


def auto_task(u, t: Task, rng) -> bool:
    """Resolve the top task if it needs no decision; True when something was emitted."""
    s: SolarState = u.state
    rules = u.rules
    if t.kind == "gain":
        if t.n <= 0:
            u.emit(TaskDone())
            return True
        if storage_room(s, t.player, rules) > 0:              # SS-STO-01, SS-STO-02
            u.emit(ResourceChanged(player=t.player, kind=KINDS.index(t.arg), delta=1))
            u.emit(TaskUpdated(task=Task(kind="gain", player=t.player, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())
            return True
        return False                                          # SS-STO-03: a choice
    if t.kind == "fabricate":
        p = s.p[t.player - 1]
        if t.n <= 0 or (p.reserve == 0 and not any(p.sats)):  # SS-DRN-06
            u.emit(TaskDone())
            return True
        if p.reserve > 0 and t.arg != "upto":                 # SS-DRN-04
            u.emit(DronesMoved(player=t.player, src="reserve", dst="active"))
            u.emit(TaskUpdated(task=Task(kind="fabricate", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
            return True
        return False                                          # up to (SS-GEN-04), or SS-DRN-05: recall a satellite?
    if t.kind == "salvage":
        p = s.p[t.player - 1]
        if t.n <= 0 or p.inactive == 0:                       # SS-SAL-04, SS-AMB-38
            u.emit(TaskDone())
            return True
        return False
    if t.kind == "aux":
        u.emit(TaskDone())
        if not s.p[t.player - 1].aux:                         # SS-AUX-06, SS-AMB-13 (once a round)
            u.emit(AuxDieGained(player=t.player, value=rng.roll(6)))
        return True
    if t.kind == "refresh":
        if not refresh_targets(s, t.player, int(t.arg)):
            u.emit(TaskDone())
            return True
        return False
    if t.kind == "kickback" and t.n <= 0:
        u.emit(TaskDone())
        return True
    return False


def refresh_targets(s: SolarState, seat: int, using: int) -> list[int]:
    """SS-ALM-13, SS-AMB-26: any rotated current crew member other than the T3-02 being used
    (the other copy of T3-02 included)."""
    p = s.p[seat - 1]
    return [c for c, used in zip(p.crew, p.used, strict=True) if used and c != using]


def salvage_options(s: SolarState, t: Task, rules) -> list[str]:
    """SS-DRN-12, SS-DRN-13, SS-DRN-14, SS-DRN-15, SS-DRN-16, SS-DRN-17, SS-DRN-18: regenerate, or
    decommission into a row not used by this action (SS-DRN-17,
    SS-AMB-07) and not full (SS-DRN-18); or stop (SS-GEN-04, SS-AMB-38). Only inactive drones
    are offered (SS-DRN-15)."""
    p = s.p[t.player - 1]
    width = len(rules.c.cmd.matrix[0])
    opts = ["regenerate"]
    for row in range(3):
        if not t.mask & (1 << row) and p.matrix[row] < width:
            opts.append(f"decommission:{row + 1}")
    opts.append("stop")
    return opts


def do_salvage(u, t: Task, option: str) -> None:
    s: SolarState = u.state
    seat = t.player
    if option == "stop":
        u.emit(TaskDone())
        return
    rest = Task(kind="salvage", player=seat, n=t.n - 1, mask=t.mask)
    if option == "regenerate":                                # SS-DRN-13
        u.emit(DronesMoved(player=seat, src="inactive", dst="active"))
        u.emit(TaskUpdated(task=rest))
        return
    row = int(option.split(":")[1]) - 1
    rest = Task(kind="salvage", player=seat, n=t.n - 1, mask=t.mask | (1 << row))
    u.emit(TaskUpdated(task=rest))
    column = s.p[seat - 1].matrix[row]
    u.emit(Decommissioned(player=seat, row=row))              # SS-DRN-14
    apply_effect(u, seat, u.rules.c.cmd.matrix[row][column])  # SS-DRN-16, SS-AMB-42
    if all(filled > column for filled in s.p[seat - 1].matrix):
        push(u, Task(kind="aux", player=seat))                # SS-AUX-01, SS-AUX-02 (SS-EX-12, SS-EX-26)


def recall_options(s: SolarState, seat: int, rules) -> list[str]:
    """SS-DRN-05, SS-AMB-37: with an empty reserve, take back a satellite (any card) or stop;
    an "up to" fabrication from the reserve may also stop (SS-FAB-02, SS-GEN-04)."""
    p = s.p[seat - 1]
    if p.reserve > 0:
        return ["fabricate", "stop"]
    return [f"recall:{rules.c.locations[i]}" for i, on in enumerate(p.sats) if on] + ["stop"]


def do_recall(u, t: Task, option: str) -> None:
    if option == "stop":
        u.emit(TaskDone())
        return
    if option == "fabricate":
        u.emit(DronesMoved(player=t.player, src="reserve", dst="active"))
    else:
        loc = u.rules.c.loc_index[option.split(":", 1)[1]]
        u.emit(SatelliteMoved(player=t.player, location=loc, launch=False))
    u.emit(TaskUpdated(task=Task(kind="fabricate", player=t.player, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())


def storage_options(s: SolarState, t: Task) -> list[str]:
    """SS-STO-03, SS-AMB-12: discard a stored resource to make room, or the new one."""
    p = s.p[t.player - 1]
    return [f"drop:{k}" for i, k in enumerate(KINDS) if p.store[i] > 0] + ["drop:new"]


def do_storage(u, t: Task, option: str) -> None:
    """SS-STO-03, SS-STO-04, SS-AMB-12 (SS-EX-11): the discarded resource goes back to the supply."""
    what = option.split(":")[1]
    seat = t.player
    if what != "new":
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(what), delta=-1))
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(t.arg), delta=1))
    u.emit(TaskUpdated(task=Task(kind="gain", player=seat, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())


def do_gain_any(u, t: Task, option: str) -> None:
    """SS-GEN-05: the player names the type."""
    u.emit(TaskUpdated(task=Task(kind="gain_any", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
    push(u, Task(kind="gain", player=t.player, n=1, arg=option))


KICKBACK_OPTIONS = ("ore", "gold", "crystal", "fabricate", "salvage")


def do_kickback(u, t: Task, option: str) -> None:
    """SS-KB-05, SS-KB-06: each kickback is one choice; a salvage is its own action (SS-KB-07,
    SS-AMB-07)."""
    u.emit(TaskUpdated(task=Task(kind="kickback", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
    if option == "fabricate":
        push(u, Task(kind="fabricate", player=t.player, n=1))
    elif option == "salvage":
        push(u, Task(kind="salvage", player=t.player, n=2))
    else:
        push(u, Task(kind="gain", player=t.player, n=1, arg=option))

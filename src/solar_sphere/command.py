"""The Command Centre: reputation and morale tracks, storage, drones, the decommission
matrix and the auxiliary die; and `apply_effect`, which every benefit in the data goes through.

Every function here emits facts into an `Unfolding` `u`; effects that may need a choice are
put on the effect stack as `Task`s (`ask`) and answered through the decision points registered
below: storage, resources of any kind, fabrication, salvage and kickbacks.
"""

from __future__ import annotations

from solar_sphere.components import KINDS
from solar_sphere.events import (Decommissioned, DronesMoved, MoraleChanged, PointsScored, ReputationGained,
                                 ResourceChanged, SatelliteMoved, TaskDone, TaskUpdated)
from solar_sphere.prompts import POINTS, ask, choices, top
from solar_sphere.state import SolarState, Task


def score(u, seat: int, points: int, why: str) -> None:
    """SS-PTS-02, SS-PTS-04: points scored during play are immediate (silver)."""
    if points:
        u.emit(PointsScored(player=seat, points=points, why=why))


def gain_morale(c, u, seat: int, n: int, why: str = "morale") -> None:
    """SS-TRK-05; SS-TRK-06 / SS-AMB-10 overflow into points (SS-EX-09); SS-DRDEP-10 DRANDA scores
    instead (it has no tracks, SS-AMB-49)."""
    s: SolarState = u.state
    if n <= 0:
        return
    if seat == s.dranda_seat:
        score(u, seat, n * c.levels.morale_points[s.level - 1], why + " (DRANDA)")
        return
    room = c.cmd.morale_max - s.centres[seat - 1].morale
    up = min(n, room)
    if up:
        u.emit(MoraleChanged(player=seat, delta=up))
    score(u, seat, n - up, "morale overflow")


def lose_morale(u, seat: int, n: int) -> None:
    """SS-TRK-07 / SS-AMB-11: an involuntary loss; each morale missing costs 2 points, so a score
    may go below 0 (SS-PTS-07, SS-AMB-32). Reproduces SS-EX-10."""
    s: SolarState = u.state
    have = s.centres[seat - 1].morale
    down = min(n, have)
    if down:
        u.emit(MoraleChanged(player=seat, delta=-down))
    score(u, seat, -2 * (n - down), "morale underflow")


def gain_reputation(c, u, seat: int, n: int = 1) -> None:
    """SS-TRK-01, SS-TRK-02; SS-TRK-03 / SS-AMB-09 overflow into morale; SS-DRDEP-11 DRANDA scores instead.
    Nothing ever lowers reputation (SS-TRK-04)."""
    s: SolarState = u.state
    for _ in range(n):
        if seat == s.dranda_seat:
            score(u, seat, c.levels.reputation_points[s.level - 1], "reputation (DRANDA)")
        elif s.centres[seat - 1].rep < len(c.cmd.reputation_columns) - 1:
            u.emit(ReputationGained(player=seat))
        else:
            gain_morale(c, u, seat, 1, "reputation overflow")


def kickbacks_for(c, morale: int, to: int, rep: int) -> int:
    """SS-KB-03, SS-KB-04, SS-AMB-05: 1 per spanner passed or landed on, +1 more for each at or
    behind the reputation marker's column (SS-GAP-08, SS-TRK-12; spanners SS-GAP-07). Checked
    against SS-EX-02, SS-EX-03 and SS-EX-28. The move lands on a spanner below the marker, so it
    never underflows (SS-TRK-08, SS-KB-08)."""
    column = c.cmd.reputation_columns[rep]
    return sum(2 if sp <= column else 1 for sp in c.cmd.spanners if to <= sp < morale)


def apply_effect(c, u, seat: int, code: str, crew: bool = False) -> None:
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
        gain_morale(c, u, seat, n)
    elif kind == "reputation":
        gain_reputation(c, u, seat, n)
    elif seat == s.dranda_seat:
        return
    elif kind in ("resource", "gain"):
        if parts[1] == "any":
            ask(u, seat, "gain_any", n=n)
        else:
            ask(u, seat, "gain", n=n, arg=parts[1])
    elif kind == "gain_any":
        ask(u, seat, "gain_any", n=n)
    elif kind == "fabricate":
        ask(u, seat, "fabricate", n=n, arg="upto" if crew else "")
    elif kind in ("salvage_up_to", "salvage"):
        ask(u, seat, "salvage", n=n)
    elif kind == "salvage_any":
        ask(u, seat, "salvage", n=99)   # SS-ALM-16: every inactive drone, one action
    elif kind == "kickback":
        ask(u, seat, "kickback", n=n)   # SS-KB-09: a kickback without the morale move
    elif kind == "aux_die":
        ask(u, seat, "aux")             # SS-ALM-08: rolled onto its port at once
    elif kind == "points_per_hex":
        score(u, seat, s.centres[seat - 1].hexes, "crew")              # T2-05 retirement
    elif kind == "points_per_ship":
        score(u, seat, len(s.centres[seat - 1].ships), "crew")         # T2-08 retirement
    elif kind == "morale_per_crew":
        p = s.centres[seat - 1]
        gain_morale(c, u, seat, (len(p.crew) + len(p.retired)) // 2)   # SS-ALM-07, SS-AMB-27: all hired, halved down
    elif kind == "morale_per_hex":
        gain_morale(c, u, seat, s.centres[seat - 1].hexes // 2)              # SS-ALM-07: own hexes, halved down
    elif kind == "salvage_per_ship":
        ask(u, seat, "salvage", n=len(s.centres[seat - 1].ships))
    elif kind == "trade":                                        # SS-ALM-09: the paid resource leaves first
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(parts[1]), delta=-1))
        ask(u, seat, "gain", n=2, arg=parts[2])
    elif kind == "pay_morale_for_reputation":                    # SS-ALM-12, SS-AMB-28: a payment, never underflow
        u.emit(MoraleChanged(player=seat, delta=-2))
        gain_reputation(c, u, seat)
    else:
        raise ValueError(f"unknown effect {code!r}")




def take_kickbacks(c, u, seat: int, to: int) -> None:
    """SS-KB-03, SS-KB-04, SS-KB-05, SS-KB-06: the kickbacks are counted from the move, then chosen
    one by one. Moving back is a payment the player has the morale for, so it never underflows
    (SS-KB-08)."""
    s: SolarState = u.state
    before = s.centres[seat - 1].morale
    n = kickbacks_for(c, before, to, s.centres[seat - 1].rep)
    u.emit(MoraleChanged(player=seat, delta=to - before))
    ask(u, seat, "kickback", n=n)


# -- the decision points of the Command Centre ---------------------------------------------------
@POINTS.options("gain", asks="Your storage is full: discard a stored resource to make room, "
                             "or let the new one go (SS-STO-03)")
def make_room(c, s: SolarState, player: int) -> list:
    """SS-STO-03, SS-AMB-12: any stored kind may go back to make room, or the new resource."""
    p = s.centres[player - 1]
    return choices(player, [f"drop:{k}" for i, k in enumerate(KINDS) if p.store[i] > 0] + ["drop:new"])


@POINTS.resolves("gain")
def room_made(c, u, action, rng) -> None:
    """SS-STO-04 (SS-EX-11): the discarded resource returns to the supply and the new one is stored."""
    t = top(u.state)
    what = action.option.split(":")[1]
    seat = t.player
    if what != "new":
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(what), delta=-1))
        u.emit(ResourceChanged(player=seat, kind=KINDS.index(t.arg), delta=1))
    u.emit(TaskUpdated(task=Task(kind="gain", player=seat, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())


@POINTS.options("gain_any", asks="Choose the kind of resource to gain: ore, gold or crystal (SS-GEN-05)")
def any_kind(c, s: SolarState, player: int) -> list:
    """SS-GEN-05: "any resource" lets the player name the kind."""
    return choices(player, KINDS)


@POINTS.resolves("gain_any")
def kind_named(c, u, action, rng) -> None:
    """The named kind is then gained like any other (storage permitting)."""
    t = top(u.state)
    u.emit(TaskUpdated(task=Task(kind="gain_any", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
    ask(u, t.player, "gain", n=1, arg=action.option)


@POINTS.options("fabricate", asks="Fabricate a drone from your reserve, take back a satellite, "
                                  "or stop (SS-DRN-05)")
def fabricate_options(c, s: SolarState, player: int) -> list:
    """SS-DRN-05, SS-AMB-37: with an empty reserve a satellite (from any card) may come back
    instead; an "up to" fabrication may stop early (SS-FAB-02, SS-GEN-04)."""
    p = s.centres[player - 1]
    if p.reserve > 0:
        return choices(player, ["fabricate", "stop"])
    return choices(player, [f"recall:{c.locations[i]}" for i, on in enumerate(p.sats) if on] + ["stop"])


@POINTS.resolves("fabricate")
def fabricated(c, u, action, rng) -> None:
    t = top(u.state)
    option = action.option
    if option == "stop":
        u.emit(TaskDone())
        return
    if option == "fabricate":
        u.emit(DronesMoved(player=t.player, src="reserve", dst="active"))
    else:
        loc = c.loc_index[option.split(":", 1)[1]]
        u.emit(SatelliteMoved(player=t.player, location=loc, launch=False))
    u.emit(TaskUpdated(task=Task(kind="fabricate", player=t.player, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())


@POINTS.options("salvage", asks="Regenerate an inactive drone, decommission one into a matrix row, "
                                "or stop (SS-DRN-12)")
def salvage_options(c, s: SolarState, player: int) -> list:
    """SS-DRN-12: each salvaged drone is regenerated (SS-DRN-13) or decommissioned (SS-DRN-14), and
    only inactive drones are offered (SS-DRN-15); one decommission per row per action (SS-DRN-17,
    SS-AMB-07) and never into a full row (SS-DRN-18); salvage may stop early (SS-GEN-04, SS-AMB-38)."""
    t = top(s)
    p = s.centres[player - 1]
    width = len(c.cmd.matrix[0])
    opts = ["regenerate"]
    for row in range(3):
        if not t.mask & (1 << row) and p.matrix[row] < width:
            opts.append(f"decommission:{row + 1}")
    opts.append("stop")
    return choices(player, opts)


@POINTS.resolves("salvage")
def salvaged(c, u, action, rng) -> None:
    s: SolarState = u.state
    t = top(s)
    option = action.option
    seat = t.player
    if option == "stop":
        u.emit(TaskDone())
        return
    rest = Task(kind="salvage", player=seat, n=t.n - 1, mask=t.mask)
    if option == "regenerate":                                # SS-DRN-13: back to the active panel
        u.emit(DronesMoved(player=seat, src="inactive", dst="active"))
        u.emit(TaskUpdated(task=rest))
        return
    row = int(option.split(":")[1]) - 1
    rest = Task(kind="salvage", player=seat, n=t.n - 1, mask=t.mask | (1 << row))
    u.emit(TaskUpdated(task=rest))
    column = s.centres[seat - 1].matrix[row]
    u.emit(Decommissioned(player=seat, row=row))              # SS-DRN-14: into the row's left-most space
    apply_effect(c, u, seat, c.cmd.matrix[row][column])          # SS-DRN-16, SS-AMB-42: the space's benefit
    if all(filled > column for filled in s.centres[seat - 1].matrix):
        # SS-AUX-01, SS-AUX-02: filling a column unlocks the auxiliary die (SS-EX-12, SS-EX-26)
        ask(u, seat, "aux")


KICKBACK_OPTIONS = ("ore", "gold", "crystal", "fabricate", "salvage")
"""SS-KB-05: what one kickback may be."""


@POINTS.options("kickback", asks="Choose a kickback: a resource, a fabricated drone, "
                                 "or salvage of up to 2 drones (SS-KB-05)")
def kickback_options(c, s: SolarState, player: int) -> list:
    return choices(player, KICKBACK_OPTIONS)


@POINTS.resolves("kickback")
def kickback_taken(c, u, action, rng) -> None:
    """SS-KB-05, SS-KB-06: each kickback is its own choice; a salvage is its own decommission
    action, with its own row limit (SS-KB-07, SS-AMB-07)."""
    t = top(u.state)
    option = action.option
    u.emit(TaskUpdated(task=Task(kind="kickback", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
    if option == "fabricate":
        ask(u, t.player, "fabricate", n=1)
    elif option == "salvage":
        ask(u, t.player, "salvage", n=2)
    else:
        ask(u, t.player, "gain", n=1, arg=option)

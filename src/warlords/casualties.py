"""Casualties (GW-CMB-14..16; a Bombard's extra hits, GW-BOMB-05): each side removes its own units,
choosing which when the choice matters (GW-AMB-11); the Rebellion's losses are fixed (GW-AMB-55).

One decision point serves a combat round and a Bombard alike; both `invasion.py` and the Bombard in
`actions.py` use the steps here, so neither needs the other.
"""

from __future__ import annotations

import msgspec

from warlords import events as ev
from warlords.prompts import POINTS
from warlords.state import Invasion


def loss_groups(units, n: int) -> list[tuple[int, int, int]]:
    """Every way to remove exactly n of these units (GW-CMB-15, GW-BOMB-05)."""
    out = []
    for a in range(min(units[2], n) + 1):
        for t in range(min(units[1], n - a) + 1):
            i = n - a - t
            if i <= units[0]:
                out.append((i, t, a))
    return out


def rebel_losses(units, n: int) -> tuple[int, int, int]:
    """GW-AMB-55: the Rebellion loses Infantry, then Aircraft, then Tanks."""
    i = min(units[0], n)
    a = min(units[2], n - i)
    t = n - i - a
    return (i, t, a)


def side(s, inv: Invasion) -> tuple[bool, int, int, tuple[int, int, int]]:
    """Who removes casualties at this step of a round: (invader?, player, how many, their units).
    The invader's units wait in the invasion, the defender's are on the planet."""
    attacking = inv.stage == "cas_att"
    p = inv.attacker if attacking else inv.defender
    n = inv.att_loss if attacking else inv.def_loss
    units = inv.att if attacking else tuple(s.planet_units[inv.planet])
    return attacking, p, n, units


@POINTS.options("casualties", asks="Choose which of your units are lost to the hits (GW-CMB-15)")
def casualty_options(c, s, p: int) -> list:
    if s.invasion is not None and s.invasion.stage in ("cas_att", "cas_def"):
        _, p, n, units = side(s, s.invasion)
    else:
        x = s.ctx[-1]
        units, n = s.planet_units[x.planet], x.n
    return [ev.Casualties(player=p, infantry=i, tanks=t, aircraft=a) for i, t, a in loss_groups(units, n)]


@POINTS.resolves("casualties")
def on_casualties(c, u, a, rng) -> None:
    s = u.state
    units = (a.infantry, a.tanks, a.aircraft)
    if s.invasion is not None:
        inv = s.invasion
        attacking = inv.stage == "cas_att"
        u.emit(ev.UnitsLost(player=a.player, planet=inv.planet, units=units, invading=attacking))
        nxt = "cas_def" if attacking else "check"
        u.emit(ev.InvasionStaged(invasion=msgspec.structs.replace(s.invasion, stage=nxt)))
    else:
        u.emit(ev.UnitsLost(player=a.player, planet=s.ctx[-1].planet, units=units), ev.ActionEnded())

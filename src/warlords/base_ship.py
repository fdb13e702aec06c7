"""Move Base Ship (GW-SHIP-01..11), and the Tactical action of a recon marker in the sector entered
(GW-RCN-06..09). Solo games skip this phase (GW-SPT-01)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords.prompts import POINTS, ask
from warlords.state import Ctx


def ship_room(c, s, sector: str, p: int) -> bool:
    """GW-SHIP-03, GW-SHIP-04, GW-SHIP-05, GW-AMB-32: Outer Sectors hold 1 ship each (2 players) or
    2 (3-4); The Core any number; teammates' ships count too (GW-AMB-44)."""
    if sector == c.core:
        return True
    here = sum(1 for x, ship in enumerate(s.ships) if ship == sector and x != p - 1)
    return here < c.data.table.outer_ship_limit[s.players]


def sector_revealed(s, sector: str) -> bool:
    return all(s.revealed[i] for i, x in enumerate(s.planet_sector) if x == sector)


def ship_destinations(c, s, p: int) -> list[str]:
    """GW-SHIP-01, GW-SHIP-02, GW-FAQ-02: a different, adjacent sector; GW-SHIP-06, GW-AMB-62: the first
    turn anywhere revealed; GW-SHIP-07, GW-RCN-05: a jump to a sector holding one's recon marker.
    GW-EX-20."""
    here = s.ships[p - 1]
    if not here:
        options = [x for x in c.sectors if sector_revealed(s, x)]
    else:
        options = list(c.adjacent[here])
        for sector in s.recon[p - 1]:
            if sector and sector != here and sector not in options:
                options.append(sector)
    return [x for x in c.sectors if x in options and ship_room(c, s, x, p)]


def phase_ship(c, u, rng) -> None:
    s = u.state
    if ship_destinations(c, s, s.active):
        ask(u, s.active, "ship")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))   # GW-SHIP-10, GW-AMB-33: nowhere to go, the ship stays


def reveal_sector(c, u, sector: str) -> None:
    """GW-SHIP-08: every face-down planet of the sector turns up; its marker moves forward."""
    s = u.state
    planets = tuple(i for i, x in enumerate(s.planet_sector) if x == sector and not s.revealed[i])
    if planets:
        u.emit(ev.PlanetsRevealed(planets=planets, types=tuple(s.planet_type[i] for i in planets),
                                  advance=s.mode != "solo"))


@POINTS.options("ship", asks="Move your Base Ship to another sector: an adjacent one, or one holding your "
                             "recon marker (GW-SHIP-01)")
def ship_answers(c, s, p: int) -> list:
    return [ev.MoveShip(player=p, sector=x) for x in ship_destinations(c, s, p)]


@POINTS.resolves("ship")
def on_move(c, u, a, rng) -> None:
    """GW-SHIP-08, GW-EX-04: reveal on entering; GW-SHIP-09, GW-RCN-08, GW-AMB-34: then the
    Tactical action of one's recon marker there may follow at once."""
    u.emit(ev.ShipMoved(player=a.player, sector=a.sector))
    reveal_sector(c, u, a.sector)
    s = u.state
    u.emit(ev.PhaseStarted(phase="tactical" if a.sector in s.recon[a.player - 1] else "merc"))


# -- the Tactical action on entering a recon marker's sector ------------------------------
def tactical_kind(c, s, p: int) -> str:
    here = s.ships[p - 1]
    for k, sector in enumerate(s.recon[p - 1]):
        if sector and sector == here:
            return c.recon_kinds[k]
    return ""


def tactical_ctx(c, s, p: int) -> Ctx | None:
    """GW-RCN-06, GW-RCN-07, GW-RCN-09, GW-EX-17: Drop is a Deploy Only, Invade a Deploy (may
    invade), both on one planet of the entered sector, costing nothing."""
    kind = tactical_kind(c, s, p)
    if not kind:
        return None
    action = "deploy_only" if kind == "tactical_drop" else "deploy"
    return Ctx(kind=action, source="tactical", rep=True, invade=action == "deploy", reach="sector",
               sector=s.ships[p - 1], card=kind)


def phase_tactical(c, u, rng) -> None:
    s = u.state
    ctx = tactical_ctx(c, s, s.active)
    if ctx is not None and q.deploy_targets(c, s, s.active, ctx):
        ask(u, s.active, "tactical")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))


@POINTS.options("tactical", asks="Turn up your recon marker here and play its Tactical action, or pass (GW-RCN-06)")
def tactical_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p), ev.UseTactical(player=p)]


@POINTS.resolves("tactical")
def on_tactical(c, u, a, rng) -> None:
    s = u.state
    u.emit(ev.PhaseStarted(phase="merc"))
    if isinstance(a, ev.UseTactical):
        ctx = tactical_ctx(c, s, a.player)
        u.emit(ev.ReconReturned(player=a.player, kind=ctx.card, used=True), ev.ActionStarted(ctx=ctx))

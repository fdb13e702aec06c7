"""Move Base Ship (GW-SHIP-01..11), and the Tactical action of a recon marker in the sector entered
(GW-RCN-06..09). Solo games skip this phase (GW-SPT-01)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords.prompts import POINTS, ask, pass_or
from warlords.state import Ctx


def ship_room(c, s, sector: str, p: int) -> bool:
    """Whether `p`'s ship may end its move in `sector`; every other ship there counts, a
    teammate's too (GW-AMB-44, GW-AMB-32)."""
    if sector == c.core:
        return True   # GW-SHIP-05: The Core holds any number of ships
    here = sum(1 for x, ship in enumerate(s.ships) if ship == sector and x != p - 1)
    # GW-SHIP-03: an Outer Sector holds 1 ship with 2 players; GW-SHIP-04: 2 with 3 or 4 (data/table.toml)
    return here < c.data.table.outer_ship_limit[s.players]


def sector_revealed(s, sector: str) -> bool:
    """No planet of the sector is face down any more."""
    return all(s.revealed[i] for i, x in enumerate(s.planet_sector) if x == sector)


def ship_destinations(c, s, p: int) -> list[str]:
    """Where `p`'s Base Ship may go, in board order (the rulebook's example: GW-EX-20)."""
    here = s.ships[p - 1]
    if not here:
        # GW-SHIP-06, GW-AMB-62: the first placement, in any sector whose planets are all face up
        options = [x for x in c.sectors if sector_revealed(s, x)]
    else:
        # GW-SHIP-01, GW-FAQ-02, GW-SHIP-02: the ship must move, to an adjacent sector (data/galaxy.toml
        # lists no sector as its own neighbour, so staying is never offered)
        options = list(c.adjacent[here])
        for sector in s.recon[p - 1]:
            # GW-SHIP-07, GW-RCN-05: or jump to any sector holding one of one's recon markers
            if sector and sector != here and sector not in options:
                options.append(sector)
    return [x for x in c.sectors if x in options and ship_room(c, s, x, p)]


def phase_ship(c, u, rng) -> None:
    """Moving is compulsory, so the question is asked whenever there is somewhere to go."""
    s = u.state
    if ship_destinations(c, s, s.active):
        ask(u, s.active, "ship")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))   # GW-SHIP-10, GW-AMB-33: nowhere to go, the ship stays


def reveal_sector(c, u, sector: str) -> None:
    """GW-SHIP-08: entering a sector turns up all its face-down planets at once, and each moves its
    type's marker forward (not in solo, whose planets are all face up from the start)."""
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
    """The move, the planets it reveals (the rulebook's example: GW-EX-04), then the Tactical step
    or the mercenary."""
    u.emit(ev.ShipMoved(player=a.player, sector=a.sector))
    reveal_sector(c, u, a.sector)
    s = u.state
    # GW-SHIP-09, GW-RCN-08, GW-AMB-34: one's recon marker in the sector entered offers its Tactical
    # action at once, after the reveal and with the units on the Launch Pad now
    u.emit(ev.PhaseStarted(phase="tactical" if a.sector in s.recon[a.player - 1] else "merc"))


# -- the Tactical action on entering a recon marker's sector ------------------------------
def tactical_kind(c, s, p: int) -> str:
    """The kind of `p`'s recon marker in the ship's sector, "" if none is there."""
    here = s.ships[p - 1]
    for k, sector in enumerate(s.recon[p - 1]):
        if sector and sector == here:
            return c.recon_kinds[k]
    return ""


def tactical_ctx(c, s, p: int) -> Ctx | None:
    """The action a Tactical marker plays (the rulebook's example: GW-EX-17); None without one."""
    kind = tactical_kind(c, s, p)
    if not kind:
        return None
    # GW-RCN-06: Tactical Drop plays a Deploy Only; GW-RCN-07: Tactical Invade a Deploy that may invade
    action = "deploy_only" if kind == "tactical_drop" else "deploy"
    # GW-RCN-09: no cost (source "tactical"), and only a planet of the sector entered, Aircraft or not
    return Ctx(kind=action, source="tactical", rep=True, invade=action == "deploy", reach="sector",
               sector=s.ships[p - 1], card=kind)


def phase_tactical(c, u, rng) -> None:
    """Offered only when the Tactical deploy would have a planet to go to."""
    s = u.state
    ctx = tactical_ctx(c, s, s.active)
    if ctx is not None and q.deploy_targets(c, s, s.active, ctx):
        ask(u, s.active, "tactical")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))


tactical_answers = POINTS.options("tactical", asks="Turn up your recon marker here and play its Tactical action, "
                                                   "or pass (GW-RCN-06)")(pass_or(ev.UseTactical))


@POINTS.resolves("tactical")
def on_tactical(c, u, a, rng) -> None:
    """Either way the mercenary comes next; a Tactical action used turns its marker up and returns
    it to supply, then resolves before the mercenary is played."""
    s = u.state
    u.emit(ev.PhaseStarted(phase="merc"))
    if isinstance(a, ev.UseTactical):
        ctx = tactical_ctx(c, s, a.player)
        u.emit(ev.ReconReturned(player=a.player, kind=ctx.card, used=True), ev.ActionStarted(ctx=ctx))

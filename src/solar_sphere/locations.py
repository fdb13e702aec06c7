"""The eight Location cards: what their actions do once a die has visited them (SS-DEP-16), and the
decision points of the Solar Sphere ("build") and the Resistance Fleet ("attack"). Whether a card
may be visited at all is the Deploy turn's question (deploy.py); hiring at the Crew Station is in
crew.py.
"""

from __future__ import annotations

from solar_sphere import queries as q
from solar_sphere.command import apply_effect, gain_morale, gain_reputation
from solar_sphere.events import Attack, DronesCommitted, HexBuilt, ResourceChanged, TaskDone, TaskUpdated
from solar_sphere.prompts import POINTS, ask, choices, push, top
from solar_sphere.state import SolarState, Task


def take_action(c, u, seat: int, loc: int, value: int) -> None:
    """SS-DEP-16: the visited card's action, boosted by the player's satellite there (SS-DEP-17)."""
    s: SolarState = u.state
    card = c.loc[loc]
    boosted = s.centres[seat - 1].sats[loc]
    if card.kind == "asteroid":                   # SS-AST-03, SS-AST-04 (boost: 3 in total)
        ask(u, seat, "gain", n=3 if boosted else 1, arg=card.resource)
    elif card.kind == "fabricator":               # SS-FAB-02, SS-FAB-03 (boost: 1 more)
        ask(u, seat, "fabricate", n=3 if boosted else 2, arg="upto")
    elif card.kind == "salvage":                  # SS-SAL-02, SS-SAL-03 (boost: 6 whatever the die)
        ask(u, seat, "salvage", n=6 if boosted else value)
    elif card.kind == "sphere":                   # SS-SPH-02, SS-SPH-03 (boost: any value)
        ask(u, seat, "build", n=6 if boosted else value)
    elif card.kind == "crew":                     # SS-CREW-02, SS-CREW-03 (boost resource first, SS-AMB-40)
        push(u, *([Task(kind="gain_any", player=seat, n=1)] if boosted else []), Task(kind="hire", player=seat))
    elif card.kind == "fleet":                    # SS-FLT-02, SS-FLT-03 (boost: salvage up to 2 first)
        push(u, *([Task(kind="salvage", player=seat, n=2)] if boosted else []), Task(kind="attack", player=seat))


# -- the Solar Sphere ----------------------------------------------------------------------------
def build(c, u, seat: int, slot: int) -> None:
    """SS-SPH-06: pay, then place the drone on the hex; its benefits, its Corporation reputation,
    its faction icons, then 1 morale to the builder of each adjacent built hex, in that order
    (SS-SPH-14). Reproduces SS-EX-04; DRANDA's build (SS-DRSPH-12, SS-AMB-48) goes through here."""
    s: SolarState = u.state
    hx = c.hexes[s.hex_at[slot]]
    if seat != s.dranda_seat:                          # SS-DRSPH-11: DRANDA pays nothing
        for kind, n in enumerate(hx.cost):
            if n:
                u.emit(ResourceChanged(player=seat, kind=kind, delta=-n))
    u.emit(HexBuilt(player=seat, slot=slot, factions=c.hex_factions[s.hex_at[slot]]))   # SS-SPH-11: its icons count at once
    for benefit in hx.benefits:
        apply_effect(c, u, seat, benefit)           # SS-SPH-10: all of them (DRANDA's as SS-AMB-48 adapts them)
    if hx.corp:
        gain_reputation(c, u, seat)                 # SS-TRK-01: a Corporation icon gives reputation
    for near in c.adjacent[slot]:                # SS-SPH-12: clockwise slot order
        if s.builder[near] > 0:                  # SS-SPH-13: one morale per hex; Core and Corporation give none
            gain_morale(c, u, s.builder[near], 1, "adjacency")


@POINTS.options("build", asks="Choose the Sphere hex to build (SS-SPH-02)")
def hexes_to_build(c, s: SolarState, player: int) -> list:
    """The viable, affordable hexes up to the die's value; building needs an active drone to place
    (SS-SPH-07). An empty list ends the action unbuilt."""
    if s.centres[player - 1].active < 1:
        return []
    return choices(player, [c.slots[slot] for slot in q.buildable(c, s, player, top(s).n)])


@POINTS.resolves("build")
def hex_chosen(c, u, action, rng) -> None:
    """SS-SPH-08: one action builds one hex."""
    t = top(u.state)
    u.emit(TaskDone())
    build(c, u, t.player, c.slot_index[action.option])


# -- the Resistance Fleet ------------------------------------------------------------------------
@POINTS.options("attack", asks="Attack a Resistance ship with 1 crystal and your active drones, "
                               "or stop attacking (SS-FLT-04)")
def ships_to_attack(c, s: SolarState, player: int) -> list:
    """SS-FLT-06: at least one ship must be attacked, unless none can be; after that, stopping is
    an answer too."""
    t = top(s)
    targets = q.attack_options(s, t)
    return ([Attack(player=player, ship=pos, drones=n) for pos, n in targets]
            + choices(player, ["done"] if t.mask or not targets else []))


@POINTS.resolves("attack")
def attacked(c, u, action, rng) -> None:
    """SS-FLT-04, SS-FLT-05: pay the crystal, then the drones join the player's column on that ship;
    the attack is only declared now and resolved in Battle (SS-FLT-07)."""
    t = top(u.state)
    if type(action) is not Attack:                # "done"
        u.emit(TaskDone())
        return
    u.emit(TaskUpdated(task=Task(kind="attack", player=t.player, mask=t.mask | (1 << action.ship))))
    u.emit(ResourceChanged(player=t.player, kind=2, delta=-1))
    u.emit(DronesCommitted(player=t.player, ship=action.ship, n=action.drones))

"""The eight Location cards: who may visit (SS-DEP-04, SS-DEP-05, SS-AMB-15) and what their actions do
(SS-AST, SS-FAB, SS-SAL, SS-SPH, SS-CREW-01, SS-CREW-02, SS-CREW-03, SS-CREW-04, SS-FLT)."""

from __future__ import annotations

from solar_sphere.command import apply_effect, gain_morale, gain_reputation, push
from solar_sphere.components import KINDS
from solar_sphere.events import DronesCommitted, HexBuilt, ResourceChanged, TaskDone, TaskUpdated
from solar_sphere.state import SolarState, Task


# -- the Solar Sphere ---------------------------------------------------------------------------
def viable(s: SolarState, rules, slot: int) -> bool:
    """SS-SPH-04, SS-SPH-05, SS-AMB-02, SS-AMB-03: unbuilt and next to a built hex (the Core counts as
    built;
    face-down hexes are the Corporation's). Reproduces SS-EX-25."""
    if s.builder[slot]:
        return False
    c = rules.c
    return c.core_adjacent[slot] or any(s.builder[n] for n in c.adjacent[slot])


def affordable(store: list[int], cost: list[int]) -> bool:
    """SS-STO-06: paid only from storage, in full."""
    return store[0] >= cost[0] and store[1] >= cost[1] and store[2] >= cost[2]


def buildable(s: SolarState, rules, seat: int, limit: int) -> list[int]:
    """SS-SPH-02, SS-SPH-03, SS-SPH-07: viable, affordable hexes whose value is at most `limit` (6 when
    boosted)."""
    store = s.p[seat - 1].store
    hexes = rules.c.hexes
    return [slot for slot in range(len(s.builder))
            if not s.builder[slot] and hexes[s.hex_at[slot]].value <= limit
            and affordable(store, hexes[s.hex_at[slot]].cost) and viable(s, rules, slot)]


def build(u, seat: int, slot: int) -> None:
    """SS-SPH-06, SS-SPH-07, SS-SPH-08, SS-SPH-09, SS-SPH-10, SS-SPH-11, SS-SPH-12, SS-SPH-13, SS-SPH-14
    (order: SS-SPH-14): pay, place the drone, benefits, Corporation
    reputation, faction icons, then 1 morale to the builder of each adjacent built hex (one per
    hex, SS-SPH-13; the Core and Corporation hexes give none). One action builds one hex
    (SS-SPH-08). Reproduces SS-EX-04; DRANDA's build (SS-DRSPH-12, SS-AMB-48) goes through here."""
    s: SolarState = u.state
    rules = u.rules
    hx = rules.c.hexes[s.hex_at[slot]]
    if seat != s.dseat:                          # SS-DRSPH-11: DRANDA pays nothing
        for kind, n in enumerate(hx.cost):
            if n:
                u.emit(ResourceChanged(player=seat, kind=kind, delta=-n))
    u.emit(HexBuilt(player=seat, slot=slot, factions=rules.c.hex_factions[s.hex_at[slot]]))   # SS-SPH-11
    for benefit in hx.benefits:
        apply_effect(u, seat, benefit)           # SS-SPH-10, SS-AMB-48 for DRANDA
    if hx.corp:
        gain_reputation(u, seat)                 # SS-TRK-01
    for near in rules.c.adjacent[slot]:          # SS-SPH-12, SS-SPH-13, clockwise slot order
        if s.builder[near] > 0:
            gain_morale(u, s.builder[near], 1, "adjacency")


# -- the Crew Station (hiring) -----------------------------------------------------------------
EXTRA_PAYMENTS = {0: ("",), 1: ("ore", "gold", "crystal"),
                  2: ("ore+ore", "ore+gold", "ore+crystal", "gold+gold", "gold+crystal", "crystal+crystal")}


def cost_of(rules, card: int, pay: str) -> list[int]:
    """SS-ALM-01, SS-ALM-03, SS-ALM-05: 2 gold, plus the tier's extra resources as named by `pay`."""
    tier = rules.c.crew[card].tier
    cost = [0, rules.c.tiers.gold[tier - 1], 0]
    for kind in filter(None, pay.split("+")):
        cost[KINDS.index(kind)] += 1
    return cost


def hire_options(s: SolarState, rules, seat: int, store: list[int] | None = None) -> list[str]:
    """SS-CREW-04: a display card and how its extra cost is paid, if affordable."""
    store = s.p[seat - 1].store if store is None else store
    if store[1] < 2:
        return []
    out = []
    for slot, card in enumerate(s.display):
        if card < 0:
            continue
        extra = rules.c.tiers.extra[rules.c.crew[card].tier - 1]
        for pay in EXTRA_PAYMENTS[extra]:
            if affordable(store, cost_of(rules, card, pay)):
                out.append(f"{rules.c.crew[card].id}:{pay}" if pay else rules.c.crew[card].id)
    return out


def can_hire(s: SolarState, rules, seat: int, boost: bool) -> bool:
    """SS-AMB-40: the boost resource counts towards affordability."""
    store = s.p[seat - 1].store
    if store[1] + boost < 2 or sum(store) + boost < 2 + min(
            (rules.c.tiers.extra[rules.c.crew[c].tier - 1] for c in s.display if c >= 0), default=99):
        return False
    if not boost:
        return bool(hire_options(s, rules, seat))
    for k in range(3):
        more = store[:]
        more[k] += 1
        if hire_options(s, rules, seat, more):
            return True
    return False


# -- the Resistance Fleet (attacks) ------------------------------------------------------------
def attack_options(s: SolarState, t: Task) -> list[tuple[int, int]]:
    """SS-FLT-02, SS-FLT-04, SS-FLT-06, SS-AMB-24: each ship once per action, 1 crystal and 1+ drones each.
    Attacks are only declared here and resolved in Battle (SS-FLT-07)."""
    p = s.p[t.player - 1]
    if p.store[2] < 1 or p.active < 1:
        return []
    return [(pos, n) for pos, ship in enumerate(s.fleet) if ship is not None and not t.mask & (1 << pos)
            for n in range(1, p.active + 1)]


def do_attack(u, t: Task, ship: int, drones: int) -> None:
    """SS-FLT-04, SS-FLT-05: pay the crystal, then the drones join the player's column on that ship."""
    u.emit(TaskUpdated(task=Task(kind="attack", player=t.player, mask=t.mask | (1 << ship))))
    u.emit(ResourceChanged(player=t.player, kind=2, delta=-1))
    u.emit(DronesCommitted(player=t.player, ship=ship, n=drones))


# -- visiting ----------------------------------------------------------------------------------
def take_action(u, seat: int, loc: int, value: int) -> None:
    """SS-DEP-16: the visited card's action, boosted by the player's satellite there (SS-DEP-17)."""
    s: SolarState = u.state
    rules = u.rules
    card = rules.c.loc[loc]
    boosted = s.p[seat - 1].sats[loc]
    if card.kind == "asteroid":                   # SS-AST-03, SS-AST-04 (boost: 3 in total)
        push(u, Task(kind="gain", player=seat, n=3 if boosted else 1, arg=card.resource))
    elif card.kind == "fabricator":               # SS-FAB-02, SS-FAB-03 (boost: 1 more)
        push(u, Task(kind="fabricate", player=seat, n=3 if boosted else 2, arg="upto"))
    elif card.kind == "salvage":                  # SS-SAL-02, SS-SAL-03 (boost: 6 whatever the die)
        push(u, Task(kind="salvage", player=seat, n=6 if boosted else value))
    elif card.kind == "sphere":                   # SS-SPH-02, SS-SPH-03 (boost: any value)
        push(u, Task(kind="build", player=seat, n=6 if boosted else value))
    elif card.kind == "crew":                     # SS-CREW-02, SS-CREW-03 (boost resource first, SS-AMB-40)
        push(u, *([Task(kind="gain_any", player=seat, n=1)] if boosted else []), Task(kind="hire", player=seat))
    elif card.kind == "fleet":                    # SS-FLT-02, SS-FLT-03 (boost: salvage up to 2 first)
        push(u, *([Task(kind="salvage", player=seat, n=2)] if boosted else []), Task(kind="attack", player=seat))


def build_options(s: SolarState, rules, t: Task) -> list[str]:
    if s.p[t.player - 1].active < 1:              # SS-SPH-07
        return []
    return [rules.c.slots[slot] for slot in buildable(s, rules, t.player, t.n)]


def do_build(u, t: Task, option: str) -> None:
    u.emit(TaskDone())
    build(u, t.player, u.rules.c.slot_index[option])


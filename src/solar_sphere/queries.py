"""Pure questions of a position that several parts of the rules ask: what can be built, hired,
attacked or refreshed, and what it costs. Nothing here emits a fact or changes a state.

`c` is the component data (`rules.c`), `s` a state; seats count from 1.
"""

from __future__ import annotations

from solar_sphere.components import KINDS, Components
from solar_sphere.state import PlayerState, SolarState, Task


# -- storage and costs ---------------------------------------------------------------------------
def affordable(store: list[int], cost: list[int]) -> bool:
    """SS-STO-06: a cost is paid only from storage, and only in full."""
    return store[0] >= cost[0] and store[1] >= cost[1] and store[2] >= cost[2]


def storage_room(c: Components, s: SolarState, seat: int) -> int:
    """Free storage spaces: a gain beyond them forces a choice (SS-STO-02, SS-STO-03)."""
    return c.cmd.storage - sum(s.centres[seat - 1].store)


# -- the Solar Sphere ----------------------------------------------------------------------------
def viable(c: Components, s: SolarState, slot: int) -> bool:
    """SS-SPH-04, SS-SPH-05, SS-AMB-02, SS-AMB-03: a slot can be built when it is unbuilt and next
    to a built hex; the Core counts as built, and face-down hexes are the Corporation's.
    Reproduces SS-EX-25."""
    if s.builder[slot]:
        return False
    return c.core_adjacent[slot] or any(s.builder[n] for n in c.adjacent[slot])


def buildable(c: Components, s: SolarState, seat: int, limit: int) -> list[int]:
    """SS-SPH-02, SS-SPH-03: the viable hexes `seat` can pay for whose value is at most `limit`
    (the die's value, or 6 when the visit is boosted, SS-SPH-07)."""
    store = s.centres[seat - 1].store
    hexes = c.hexes
    return [slot for slot in range(len(s.builder))
            if not s.builder[slot] and hexes[s.hex_at[slot]].value <= limit
            and affordable(store, hexes[s.hex_at[slot]].cost) and viable(c, s, slot)]


# -- the Crew Station ----------------------------------------------------------------------------
EXTRA_PAYMENTS = {0: ("",), 1: ("ore", "gold", "crystal"),
                  2: ("ore+ore", "ore+gold", "ore+crystal", "gold+gold", "gold+crystal", "crystal+crystal")}
"""The ways of paying a tier's extra resources, by how many it asks."""


def cost_of(c: Components, card: int, pay: str) -> list[int]:
    """SS-ALM-01, SS-ALM-03, SS-ALM-05: a crew card costs 2 gold, plus its tier's extra resources
    in the kinds `pay` names ("ore+gold")."""
    tier = c.crew[card].tier
    cost = [0, c.tiers.gold[tier - 1], 0]
    for kind in filter(None, pay.split("+")):
        cost[KINDS.index(kind)] += 1
    return cost


def hire_options(c: Components, s: SolarState, seat: int, store: list[int] | None = None) -> list[str]:
    """SS-CREW-04: each display card `seat` can afford, with the way its extra cost is paid
    ("T2-06a:ore"); `store` replaces the seat's storage to ask "and with one resource more?"."""
    store = s.centres[seat - 1].store if store is None else store
    if store[1] < 2:
        return []
    out = []
    for slot, card in enumerate(s.display):
        if card < 0:
            continue
        extra = c.tiers.extra[c.crew[card].tier - 1]
        for pay in EXTRA_PAYMENTS[extra]:
            if affordable(store, cost_of(c, card, pay)):
                out.append(f"{c.crew[card].id}:{pay}" if pay else c.crew[card].id)
    return out


def can_hire(c: Components, s: SolarState, seat: int, boost: bool) -> bool:
    """SS-AMB-40: whether some display card is affordable, the boost resource (of any kind)
    counting towards it when the visit is boosted."""
    store = s.centres[seat - 1].store
    if store[1] + boost < 2 or sum(store) + boost < 2 + min(
            (c.tiers.extra[c.crew[card].tier - 1] for card in s.display if card >= 0), default=99):
        return False
    if not boost:
        return bool(hire_options(c, s, seat))
    for k in range(3):
        more = store[:]
        more[k] += 1
        if hire_options(c, s, seat, more):
            return True
    return False


# -- crew ----------------------------------------------------------------------------------------
def upright(c: Components, p: PlayerState, action: str) -> int | None:
    """The first current crew card of `p` with `action` that is not rotated yet (SS-CREW-16), if any."""
    return next((card for card, used in zip(p.crew, p.used, strict=True)
                 if not used and c.crew[card].action == action), None)


def refresh_targets(c: Components, s: SolarState, seat: int) -> list[int]:
    """SS-ALM-13, SS-AMB-26: T3-02 may turn upright any rotated current crew member but a T3-02:
    neither the card being used nor the other copy. Refreshing the twin rotates one T3-02 to turn
    the other upright, so it never gains a use (as many refreshes are left either way) while the two
    copies could refresh each other without end, the loop SS-AMB-26 forbids for one card (bots
    holding both did loop forever: rules 1.2)."""
    p = s.centres[seat - 1]
    return [card for card, used in zip(p.crew, p.used, strict=True) if used and c.crew[card].action != "refresh"]


# -- the Resistance Fleet ------------------------------------------------------------------------
def attack_options(s: SolarState, t: Task) -> list[tuple[int, int]]:
    """SS-FLT-02, SS-FLT-04, SS-AMB-24: (fleet position, drones) pairs: each ship at most once per
    action (`t.mask` remembers the ships attacked), for 1 crystal and 1 or more active drones."""
    p = s.centres[t.player - 1]
    if p.store[2] < 1 or p.active < 1:
        return []
    return [(pos, n) for pos, ship in enumerate(s.fleet) if ship is not None and not t.mask & (1 << pos)
            for n in range(1, p.active + 1)]

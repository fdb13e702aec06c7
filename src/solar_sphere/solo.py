"""DRANDA, the solo automa: its Deploy turns (SS-DRDEP-01..15) and what it does at each location
(SS-DRAST, SS-DRSAL, SS-DRSPH, SS-DRFLT, SS-DRCRW). Its Dock is in dock.py, its Battle share in
battle.py, its Recover in recover.py and its final score in scoring.py; its morale and reputation
become points in command.py (SS-DRDEP-10, SS-DRDEP-11)."""

from __future__ import annotations

from solar_sphere.command import score
from solar_sphere.components import COLOURS
from solar_sphere.crew import hire
from solar_sphere.events import DrandaCardMoved, DrandaCardRevealed, DrandaDiePlaced, DrandaDrones, DronesCommitted, TurnEnded, TurnStarted
from solar_sphere.locations import build
from solar_sphere.queries import viable
from solar_sphere.recover import fewest_key
from solar_sphere.scoring import hex_value
from solar_sphere.state import SolarState

FALLBACK = {1: (1, 2, 3), 2: (2, 3, 1), 3: (3, 2, 1)}     # SS-DRCRW-05: an empty tier tries higher, then lower


def location_for(c, card: int, colour: int, value: int) -> int:
    """SS-DRDEP-03, SS-DRAST-01: the card's icon for the die's colour; the Asteroid Belt is the
    one whose values include the die's."""
    target = getattr(c.dranda[card], COLOURS[colour])
    if target == "asteroid":
        return c.asteroid_for[value]
    return c.loc_index[target]


def discard_drone(u, why: str) -> None:
    """SS-DRDEP-08, SS-DRDEP-09, SS-AMB-46: one supply drone to the removed pool, or 1 point if none
    (SS-EX-27)."""
    d = u.state.dranda
    if d.supply > 0:
        u.emit(DrandaDrones(supply=-1, removed=1))
    else:
        score(u, u.state.dranda_seat, -1, why)


def reclaim(u, need: int) -> int:
    """SS-DRDEP-12, SS-AMB-46: take back missing drones at 1 point each; returns how many can be placed."""
    d = u.state.dranda
    short = min(max(0, need - d.supply), d.removed)
    if short:
        u.emit(DrandaDrones(supply=short, removed=-short))
        score(u, u.state.dranda_seat, -short, "drones reclaimed")
    return min(need, d.supply)


def dranda_turn(c, u, rng) -> None:
    """One turn, one transparent die (SS-DRDEP-06). DRANDA follows only these solo rules (SS-SOLO-04):
    it never takes kickbacks, launches satellites, changes or discards dice, handles resources or
    uses crew (SS-DRDEP-14)."""
    s: SolarState = u.state
    d = s.dranda
    u.emit(TurnStarted(player=s.dranda_seat))
    die = next(i for i, v in enumerate(d.dice) if v)      # SS-DRDEP-02: the left-most unplaced die (SS-DRDOCK-03)
    value, colour = d.dice[die], d.colours[die]
    if d.deck:
        card = d.deck[0]
        u.emit(DrandaCardRevealed(card=card))              # SS-DRDEP-05: it stays in the play area
    else:                                   # cannot happen with 12 cards (SS-INV-24); reuse the discard's top
        card = d.discard[-1]
    # SS-DRDEP-03, SS-DRDEP-04: the die goes where the card's icon for its colour says
    place(c, u, die, location_for(c, card, colour, value), value, rng, card)
    u.emit(TurnEnded(player=s.dranda_seat))


def place(c, u, die: int, loc: int, value: int, rng, trigger: int) -> None:
    """SS-DRDEP-04: DRANDA's die on card `loc`, and its behaviour there."""
    s: SolarState = u.state
    occupied = s.loc_dice[loc] > 0
    u.emit(DrandaDiePlaced(die=die, location=loc, value=value if die >= 3 else 0))
    if occupied:
        discard_drone(u, "occupied")                      # SS-DRDEP-08, SS-DRDEP-09: the occupied penalty
    kind = c.loc[loc].kind                         # SS-DRDEP-07: requirements ignored
    if kind == "sphere":
        dranda_build(c, u, value)
    elif kind == "fleet":
        dranda_attack(c, u)
    elif kind == "crew":
        dranda_hire(c, u, value)
    elif kind == "salvage":
        dranda_salvage(c, u, rng, trigger)
    # SS-DRAST-02: the Asteroid Belt gives DRANDA nothing; SS-AMB-54: nor does the Fabricator


def dranda_salvage(c, u, rng, trigger: int) -> None:
    """SS-DRSAL-01: DRANDA never salvages; it brings in an opaque die instead. Reproduces SS-EX-23."""
    d = u.state.dranda
    for _ in range(len(d.deck)):
        card = d.deck[0]
        u.emit(DrandaCardRevealed(card=card))                          # SS-DRSAL-02: the next card
        colour = COLOURS.index(c.dranda[card].order[0])          # SS-DRSAL-03: its left-most colour
        if d.opaque[colour] == 0:
            # SS-DRSAL-05: that die is rolled and placed where the new card says; SS-DRSAL-06: the card
            # that sent DRANDA here is discarded, the new one stays in the play area
            value = rng.roll(6)
            u.emit(DrandaCardMoved(card=trigger, to="discard"))
            place(c, u, 3 + colour, location_for(c, card, colour, value), value, rng, card)
            return
        u.emit(DrandaCardMoved(card=card, to="bottom"))    # SS-DRSAL-04, SS-AMB-47: that die is used: try the next


def keep(cands: list[int], test) -> list[int]:
    """SS-DRSPH-10, SS-AMB-44: a criterion no candidate meets leaves the set unchanged."""
    kept = [c for c in cands if test(c)]
    return kept or cands


def best(cands: list[int], key) -> list[int]:
    low = min(key(c) for c in cands)
    return [c for c in cands if key(c) == low]


def choose_hex(c, s: SolarState, value: int) -> tuple[int, bool]:
    """The hex DRANDA builds: the value step, then criteria 2 to 6, each applied only while more than
    one candidate is left (SS-DRSPH-10). Returns the slot (-1 if none is viable, SS-DRSPH-14) and
    whether only higher values were left (SS-DRSPH-04). Reproduces SS-EX-20."""
    seat = s.dranda_seat
    open_ = [slot for slot in range(len(s.builder)) if viable(c, s, slot)]
    if not open_:
        return -1, False
    worth = lambda slot: c.hexes[s.hex_at[slot]].value   # noqa: E731
    cands: list[int] = []
    for v in range(value, 0, -1):       # SS-DRSPH-02: the die's value, else SS-DRSPH-03: the next lower one
        cands = [slot for slot in open_ if worth(slot) == v]
        if cands:
            break
    higher = not cands
    if higher:
        cands = open_
    # SS-DRSPH-05: 6-point hexes under the scoring card
    cands = keep(cands, lambda slot: hex_value(c, s, s.scoring_card, slot, seat) == 6)
    if len(cands) > 1:                  # SS-DRSPH-06: an icon DRANDA has fewest of
        cands = best(cands, lambda slot: fewest_key(s.dranda.factions, c.hex_factions[s.hex_at[slot]]))
    if len(cands) > 1:                  # SS-DRSPH-07: most of DRANDA's hexes beside it
        cands = best(cands, lambda slot: -sum(1 for n in c.adjacent[slot] if s.builder[n] == seat))
    if len(cands) > 1:                  # SS-DRSPH-08: left-most
        cands = best(cands, lambda slot: c.slot_col[slot])
    if len(cands) > 1:                  # SS-DRSPH-09: top-most
        cands = best(cands, lambda slot: c.slot_row[slot])
    return cands[0], higher


def dranda_build(c, u, value: int) -> None:
    """SS-DRSPH-01: DRANDA builds exactly one viable hex, chosen by `choose_hex`, if there is one."""
    s: SolarState = u.state
    slot, higher = choose_hex(c, s, value)
    if slot < 0:
        return
    if higher:
        discard_drone(u, "higher hex")                     # SS-DRSPH-04: only higher values left costs a drone
    if reclaim(u, 1):                                      # SS-DRSPH-11: free, a supply drone (reclaimed if need be)
        # SS-DRSPH-12: benefits and adjacency as for anyone; the last hex ends the game (SS-DRSPH-13)
        build(c, u, s.dranda_seat, slot)


def plan_attack(c, s: SolarState, n: int) -> list[int]:
    """How many of `n` drones go to each fleet position, a ship's power counting everyone's drones
    against its printed value (SS-DRFLT-03). Reproduces SS-EX-21."""
    power = [0 if sh is None else sh.power() for sh in s.fleet]
    target = [0 if sh is None else c.ships[sh.card].value for sh in s.fleet]
    add = [0, 0, 0, 0]
    left = [n]

    def give(pos: int) -> None:
        power[pos] += 1
        add[pos] += 1
        left[0] -= 1

    def step_a(row) -> None:           # SS-DRFLT-04: up to each ship's target, left to right
        for pos in row:
            while left[0] and power[pos] < target[pos]:
                give(pos)

    def step_b(row) -> None:           # SS-DRFLT-05: then 1 each, round and round, up to target + 2
        while left[0]:
            gave = False
            for pos in row:
                if left[0] and power[pos] <= target[pos] + 2:
                    give(pos)
                    gave = True
            if not gave:
                break

    bottom = [pos for pos in (0, 1) if s.fleet[pos] is not None]   # SS-DRFLT-08: only the ships there are
    top = [pos for pos in (2, 3) if s.fleet[pos] is not None]
    for row in (bottom, top):                              # A and B on the bottom row, then SS-DRFLT-06: the top
        step_a(row)
        step_b(row)
    everyone = bottom + top
    while left[0] and everyone:                            # SS-DRFLT-07: D, one each in battle order
        for pos in everyone:
            if left[0]:
                give(pos)
    return add


def dranda_attack(c, u) -> None:
    """SS-DRFLT-01, SS-DRFLT-02: no crystal; 3 or 4 drones by level, into DRANDA's column (SS-DRFLT-09);
    resolved in Battle like any attack (SS-DRFLT-10, SS-DRBAT-01)."""
    s: SolarState = u.state
    want = c.levels.attack_drones[s.level - 1]
    if not any(sh is not None for sh in s.fleet):
        return
    n = reclaim(u, want)
    for pos, k in enumerate(plan_attack(c, s, n)):
        if k:
            u.emit(DronesCommitted(player=s.dranda_seat, ship=pos, n=k))


def choose_crew(c, s: SolarState, value: int) -> int:
    """The display slot DRANDA hires from, or -1 when the display is empty (SS-DRCRW-09).
    Reproduces SS-EX-22."""
    tier = (value + 1) // 2                                # SS-DRCRW-02: 1-2, 3-4, 5-6
    for t in FALLBACK[tier]:
        slots = [slot for slot in (2 * (t - 1), 2 * (t - 1) + 1) if s.display[slot] >= 0]
        if not slots:
            continue
        # SS-DRCRW-03, SS-AMB-45: the card with an icon DRANDA has fewest of
        slots = best(slots, lambda slot: fewest_key(s.dranda.factions, c.crew_factions[s.display[slot]]))
        if len(slots) == 1:
            return slots[0]
        return slots[0] if value % 2 else slots[1]         # SS-DRCRW-04: odd top, even bottom
    return -1


def dranda_hire(c, u, value: int) -> None:
    """SS-DRCRW-01: DRANDA hires one crew member, whatever the die, on `crew.hire`'s terms for it."""
    slot = choose_crew(c, u.state, value)
    if slot >= 0:
        hire(c, u, u.state.dranda_seat, slot)

"""DRANDA, the solo automa: its Deploy turns (SS-DRDEP-01, SS-DRDEP-02, SS-DRDEP-03, SS-DRDEP-04,
SS-DRDEP-05, SS-DRDEP-06, SS-DRDEP-07, SS-DRDEP-08, SS-DRDEP-09, SS-DRDEP-10, SS-DRDEP-11, SS-DRDEP-12,
SS-DRDEP-13, SS-DRDEP-14, SS-DRDEP-15) and its behaviour at each
location (SS-DRAST, SS-DRSAL, SS-DRSPH, SS-DRFLT, SS-DRCRW). Its Dock is in dock.py, its
Battle share in battle.py, its Recover in recover.py and its final score in scoring.py."""

from __future__ import annotations

from solar_sphere.command import score
from solar_sphere.components import COLOURS
from solar_sphere.crew import hire
from solar_sphere.events import DrandaCardMoved, DrandaCardRevealed, DrandaDiePlaced, DrandaDrones, DronesCommitted, TurnEnded, TurnStarted
from solar_sphere.locations import build, viable
from solar_sphere.recover import fewest_key
from solar_sphere.scoring import hex_value
from solar_sphere.state import SolarState

FALLBACK = {1: (1, 2, 3), 2: (2, 3, 1), 3: (3, 2, 1)}     # SS-DRCRW-05


def location_for(rules, card: int, colour: int, value: int) -> int:
    """SS-DRDEP-03, SS-DRAST-01: the card's icon for the die's colour; the Asteroid Belt is the
    one whose values include the die's."""
    target = getattr(rules.c.dranda[card], COLOURS[colour])
    if target == "asteroid":
        return rules.c.asteroid_for[value]
    return rules.c.loc_index[target]


def discard_drone(u, why: str) -> None:
    """SS-DRDEP-08, SS-DRDEP-09, SS-AMB-46: one supply drone to the removed pool, or 1 point if none
    (SS-EX-27)."""
    d = u.state.d
    if d.supply > 0:
        u.emit(DrandaDrones(supply=-1, removed=1))
    else:
        score(u, u.state.dseat, -1, why)


def reclaim(u, need: int) -> int:
    """SS-DRDEP-12, SS-AMB-46: take back missing drones at 1 point each; returns how many can be placed."""
    d = u.state.d
    short = min(max(0, need - d.supply), d.removed)
    if short:
        u.emit(DrandaDrones(supply=short, removed=-short))
        score(u, u.state.dseat, -short, "drones reclaimed")
    return min(need, d.supply)


def dranda_turn(u, rng) -> None:
    """SS-DRDEP-02, SS-DRDEP-03, SS-DRDEP-04, SS-DRDEP-05, SS-DRDEP-06: reveal a card over the left-most
    unplaced die (SS-DRDOCK-03), go where its
    icon for that die's colour says, and act there. The card stays in the play area (SS-DRDEP-05).
    DRANDA follows only these solo rules (SS-SOLO-04): it never takes kickbacks, launches
    satellites, changes or discards dice, handles resources or uses crew (SS-DRDEP-14)."""
    s: SolarState = u.state
    d = s.d
    u.emit(TurnStarted(player=s.dseat))
    die = next(i for i, v in enumerate(d.dice) if v)
    value, colour = d.dice[die], d.colours[die]
    if d.deck:
        card = d.deck[0]
        u.emit(DrandaCardRevealed(card=card))
    else:                                   # cannot happen with 12 cards (SS-INV-24); reuse the discard's top
        card = d.discard[-1]
    place(u, die, location_for(u.rules, card, colour, value), value, rng, card)
    u.emit(TurnEnded(player=s.dseat))


def place(u, die: int, loc: int, value: int, rng, trigger: int) -> None:
    s: SolarState = u.state
    occupied = s.loc_dice[loc] > 0
    u.emit(DrandaDiePlaced(die=die, location=loc, value=value if die >= 3 else 0))
    if occupied:
        discard_drone(u, "occupied")                      # SS-DRDEP-08, SS-DRDEP-09
    kind = u.rules.c.loc[loc].kind                         # SS-DRDEP-07: requirements ignored
    if kind == "sphere":
        dranda_build(u, value)
    elif kind == "fleet":
        dranda_attack(u)
    elif kind == "crew":
        dranda_hire(u, value)
    elif kind == "salvage":
        dranda_salvage(u, rng, trigger)
    # SS-DRAST-02: the Asteroid Belt gives DRANDA nothing; SS-AMB-54: nor does the Fabricator


def dranda_salvage(u, rng, trigger: int) -> None:
    """SS-DRSAL-01, SS-DRSAL-02, SS-DRSAL-03, SS-DRSAL-04, SS-DRSAL-05, SS-DRSAL-06, SS-AMB-47: reveal
    cards until one's left-most colour has an unused opaque
    die (its left-most colour, SS-DRSAL-03); roll it and send it where that card says. The trigger
    card is discarded. Reproduces SS-EX-23."""
    d = u.state.d
    rules = u.rules
    for _ in range(len(d.deck)):
        card = d.deck[0]
        u.emit(DrandaCardRevealed(card=card))
        colour = COLOURS.index(rules.c.dranda[card].order[0])
        if d.opaque[colour] == 0:
            value = rng.roll(6)
            u.emit(DrandaCardMoved(card=trigger, to="discard"))
            place(u, 3 + colour, location_for(rules, card, colour, value), value, rng, card)
            return
        u.emit(DrandaCardMoved(card=card, to="bottom"))


def keep(cands: list[int], test) -> list[int]:
    """SS-DRSPH-10, SS-AMB-44: a criterion no candidate meets leaves the set unchanged."""
    kept = [c for c in cands if test(c)]
    return kept or cands


def best(cands: list[int], key) -> list[int]:
    low = min(key(c) for c in cands)
    return [c for c in cands if key(c) == low]


def choose_hex(s: SolarState, rules, value: int) -> tuple[int, bool]:
    """SS-DRSPH-02, SS-DRSPH-03, SS-DRSPH-04, SS-DRSPH-05, SS-DRSPH-06, SS-DRSPH-07, SS-DRSPH-08,
    SS-DRSPH-09, SS-DRSPH-10: the value step (with its fallback), then criteria 2 to 6. Returns the slot
    (-1 if none is viable, SS-DRSPH-14) and whether only higher values were left (SS-DRSPH-04).
    The value step falls back to lower values first (SS-DRSPH-03). Reproduces SS-EX-20."""
    seat = s.dseat
    open_ = [slot for slot in range(len(s.builder)) if viable(s, rules, slot)]
    if not open_:
        return -1, False
    worth = lambda slot: rules.c.hexes[s.hex_at[slot]].value   # noqa: E731
    cands: list[int] = []
    for v in range(value, 0, -1):
        cands = [slot for slot in open_ if worth(slot) == v]
        if cands:
            break
    higher = not cands
    if higher:
        cands = open_
    cands = keep(cands, lambda slot: hex_value(s, rules, s.scoring_card, slot, seat) == 6)       # SS-DRSPH-05
    if len(cands) > 1:                                                                             # SS-DRSPH-06
        cands = best(cands, lambda slot: fewest_key(s.d.factions, rules.c.hex_factions[s.hex_at[slot]]))
    if len(cands) > 1:                                                                             # SS-DRSPH-07
        cands = best(cands, lambda slot: -sum(1 for n in rules.c.adjacent[slot] if s.builder[n] == seat))
    if len(cands) > 1:                                                                             # SS-DRSPH-08
        cands = best(cands, lambda slot: rules.c.slot_col[slot])
    if len(cands) > 1:                                                                             # SS-DRSPH-09
        cands = best(cands, lambda slot: rules.c.slot_row[slot])
    return cands[0], higher


def dranda_build(u, value: int) -> None:
    """SS-DRSPH-01, SS-DRSPH-02, SS-DRSPH-03, SS-DRSPH-04, SS-DRSPH-05, SS-DRSPH-06, SS-DRSPH-07,
    SS-DRSPH-08, SS-DRSPH-09, SS-DRSPH-10, SS-DRSPH-11, SS-DRSPH-12, SS-DRSPH-13, SS-DRSPH-14: no cost;
    a supply drone (reclaimed if need be) goes onto the chosen hex;
    building the last hex ends the game after the round like anyone's (SS-DRSPH-13)."""
    s: SolarState = u.state
    slot, higher = choose_hex(s, u.rules, value)
    if slot < 0:
        return
    if higher:
        discard_drone(u, "higher hex")                     # SS-DRSPH-04
    if reclaim(u, 1):                                      # SS-DRSPH-11
        build(u, s.dseat, slot)                            # SS-DRSPH-12, SS-DRSPH-13


def plan_attack(s: SolarState, rules, n: int) -> list[int]:
    """SS-DRFLT-03, SS-DRFLT-04, SS-DRFLT-05, SS-DRFLT-06, SS-DRFLT-07, SS-DRFLT-08: how many of `n`
    drones go to each fleet position, by steps A (SS-DRFLT-04)
    and B (SS-DRFLT-05) on the bottom row, C (SS-DRFLT-06) on the top, then D (SS-DRFLT-07); an
    empty row is skipped (SS-DRFLT-08). Reproduces SS-EX-21."""
    power = [0 if sh is None else sh.power() for sh in s.fleet]
    target = [0 if sh is None else rules.c.ships[sh.card].value for sh in s.fleet]
    add = [0, 0, 0, 0]
    left = [n]

    def give(pos: int) -> None:
        power[pos] += 1
        add[pos] += 1
        left[0] -= 1

    def step_a(row) -> None:
        for pos in row:
            while left[0] and power[pos] < target[pos]:
                give(pos)

    def step_b(row) -> None:
        while left[0]:
            gave = False
            for pos in row:
                if left[0] and power[pos] <= target[pos] + 2:
                    give(pos)
                    gave = True
            if not gave:
                break

    bottom = [pos for pos in (0, 1) if s.fleet[pos] is not None]
    top = [pos for pos in (2, 3) if s.fleet[pos] is not None]
    for row in (bottom, top):                              # A and B on the bottom row, then C on the top
        step_a(row)
        step_b(row)
    everyone = bottom + top
    while left[0] and everyone:                            # D
        for pos in everyone:
            if left[0]:
                give(pos)
    return add


def dranda_attack(u) -> None:
    """SS-DRFLT-01, SS-DRFLT-02, SS-DRFLT-09: no crystal; 3 or 4 drones by level, into DRANDA's column;
    resolved in Battle like any attack (SS-DRFLT-10, SS-DRBAT-01)."""
    s: SolarState = u.state
    rules = u.rules
    want = rules.c.levels.attack_drones[s.level - 1]
    if not any(sh is not None for sh in s.fleet):
        return
    n = reclaim(u, want)
    for pos, k in enumerate(plan_attack(s, rules, n)):
        if k:
            u.emit(DronesCommitted(player=s.dseat, ship=pos, n=k))


def choose_crew(s: SolarState, rules, value: int) -> int:
    """SS-DRCRW-02, SS-DRCRW-03, SS-DRCRW-04, SS-DRCRW-05, SS-DRCRW-09: the display slot DRANDA hires
    from, or -1; the card with the
    icon DRANDA has fewest of (SS-DRCRW-03, SS-AMB-45), then by parity. Reproduces SS-EX-22."""
    tier = (value + 1) // 2
    for t in FALLBACK[tier]:
        slots = [slot for slot in (2 * (t - 1), 2 * (t - 1) + 1) if s.display[slot] >= 0]
        if not slots:
            continue
        slots = best(slots, lambda slot: fewest_key(s.d.factions, rules.c.crew_factions[s.display[slot]]))
        if len(slots) == 1:
            return slots[0]
        return slots[0] if value % 2 else slots[1]         # SS-DRCRW-04: odd top, even bottom
    return -1


def dranda_hire(u, value: int) -> None:
    """SS-DRCRW-01, SS-DRCRW-06, SS-DRCRW-07, SS-DRCRW-08: free; points and token morale as usual; no
    limit, no retiring."""
    slot = choose_crew(u.state, u.rules, value)
    if slot >= 0:
        hire(u, u.state.dseat, slot)

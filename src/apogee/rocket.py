"""The rocket on a Launch Pad: what may be built on it, and its thrust, mass, yield, astronauts and cost
(AP-LCH-06, AP-LCH-07, AP-LCH-08, AP-YLD, AP-PRB, AP-TECH-*). Pure functions of the catalog and a player.
Examples: AP-EX-06 (yield lookup), AP-EX-07 (probability lookup), AP-EX-16 (astronauts), AP-EX-17 (thrust
order)."""

from __future__ import annotations

from apogee.components import FIRST, PAYLOAD, RND, UPPER, Components, yield_at
from apogee.queries import mission_of
from apogee.state import (AUTH_CUT, CAPSULE, ION, LIQUID, MASS, NUCLEAR, SOC, SOC_FIXED, SOLID,
                          THRUST, ApogeeState, Player)


def thrust(c: Components, pl: Player, turn_mods: bool = True) -> int:
    """AP-AMB-28: First Stage thrust with per-card bonuses (Kathy Johnson AP-ENG-02, Patrick Dahm AP-ENG-19),
    doubled by Heavy Version (AP-TECH-15); then Upper Stage with Airi Horikoshi (AP-ENG-12) and Hitesh Kalam
    (AP-ENG-20), Payload and R&D; then Yang Jinmei's +2 (AP-MD-14). Without `turn_mods`, only the cards count
    (Solo Event 05, AP-AMB-43)."""
    tech, kind = c.tech, c.kind
    mods = pl.mods if turn_mods else (0,) * 10
    first = rest = 0
    heavy = False
    for card in pl.pad:
        t = tech[card]
        k = kind[card]
        if k == FIRST:
            first += t.thrust + (mods[SOLID] if t.propulsion == "solid" else
                                 mods[LIQUID] if t.propulsion == "liquid" else 0)
        elif k == UPPER:
            rest += t.thrust + (mods[ION] if t.group == "ion" else 0) + (mods[NUCLEAR] if t.nuclear else 0)
        else:
            rest += t.thrust
            heavy = heavy or t.heavy
    return (first * 2 if heavy else first) + rest + mods[THRUST]


def mass(c: Components, pl: Player) -> int:
    """AP-AMB-29: printed masses, less Chandresh Gokhale / Utto Kuchemann (AP-ENG-11, AP-ENG-21) and the
    Aerospikes that have a Liquid Propulsion First Stage each (AP-TECH-13, AP-TECH-14), floor 0. The largest
    Aerospikes count first (AP-TECH-14)."""
    tech = c.tech
    total = 0
    liquid = 0
    spikes = []
    for card in pl.pad:
        t = tech[card]
        total += t.mass
        if t.propulsion == "liquid":
            liquid += 1
        if t.aerospike:
            spikes.append(t.aerospike)
    if spikes and liquid:
        spikes.sort(reverse=True)
        total -= sum(spikes[:liquid])
    return max(0, total - pl.mods[MASS])


def yield_of(c: Components, thrust_: int, mass_: int) -> int:
    """AP-YLD-01, AP-GAP-05: the yield in tenths, 0 when the rocket is not in the table (the rulebook's lookup
    example, AP-YLD-03; Pedro's 24/16 gives 1.6, AP-GAP-06) (AP-LCH-07, AP-YLD-02, AP-GAP-28)."""
    y = c.yields.get((thrust_, mass_))
    return yield_at(c, thrust_, mass_) if y is None else y  # beyond the grid the bands are read


def min_roll(c: Components, yield_: int, destination: int) -> int:
    """AP-PRB-01, AP-GAP-07: the least die result for a launch, 0 when unreachable (AP-LCH-08). Every yield
    falls in exactly one row (AP-PRB-03); 1.9 to Venus needs 7 (AP-PRB-02); 1.6 to the Moon 5 (AP-GAP-08)."""
    row = c.yield_band.of(yield_)
    return 0 if row < 0 else c.prob_table.cells[row][destination]


def rocket_yield(c: Components, pl: Player) -> int:
    return yield_of(c, thrust(c, pl), mass(c, pl))


def crew(c: Components, pl: Player) -> tuple[int, bool]:
    """AP-AMB-22: astronauts on the rocket now, and whether it is a crewed flight (AP-AMB-23): Crewed flight
    Payloads (AP-TECH-08, AP-TECH-09), Kosuke Omi (AP-ENG-15), Extra Seats up to one per crewed Payload
    (AP-TECH-11, AP-TECH-12), Pressurization up to one per Cargo (AP-TECH-18, AP-TECH-19). Crewed flight
    Payloads add up (AP-TECH-09, AP-TECH-12, AP-TECH-19)."""
    tech = c.tech
    total = crewed = capsules = seats = press = cargo = 0
    for card in pl.pad:
        t = tech[card]
        if t.crew:
            total += t.crew
            crewed += 1
        capsules += t.capsule
        seats += t.extra_seat
        press += t.pressurization
        cargo += t.cargo
    if crewed:
        total += capsules * pl.mods[CAPSULE] + min(seats, crewed)
    total += 2 * min(press, cargo)
    return total, crewed > 0


def cost(c: Components, pl: Player) -> int:
    """AP-MIS-15, AP-AMB-24: the printed costs of the built cards."""
    tech = c.tech
    return sum(tech[card].cost for card in pl.pad)


def has_stages(c: Components, pl: Player) -> tuple[bool, bool, bool]:
    """First Stage, Upper Stage (an SSTO gives both, AP-TECH-03, AP-TECH-05), Payload built."""
    tech, kind = c.tech, c.kind
    first = upper = payload = False
    for card in pl.pad:
        k = kind[card]
        if k == FIRST:
            first = True
            if tech[card].ssto:
                upper = True
        elif k == UPPER:
            upper = True
        elif k == PAYLOAD:
            payload = True
    return first, upper, payload


def soc_authority(c: Components, pl: Player) -> tuple[int, int]:
    """AP-LCH-02, AP-AMB-20: the player's own SOC Engineers (count, summed Authority), Malvina Glushko and
    Felipe de la Cierva counting their fixed value when sent by Specialty (AP-AMB-21)."""
    n = total = 0
    for e, spot in zip(pl.hand, pl.spots):
        if spot == SOC:
            n += 1
            total += c.eng_auth[e]
        elif spot == SOC_FIXED:
            n += 1
            total += c.engineer[e].amount
    return n, total


def required_authority(c: Components, s: ApogeeState, pl: Player, destination: int) -> int:
    """AP-GAP-09 less Shuguang Jun (AP-MD-16) and Engineer Training (AP-EV-23), floor 0."""
    cut = pl.mods[AUTH_CUT]
    if s.event >= 0 and c.events[s.event].key == "engineer_training":
        cut += c.events[s.event].amount
    return max(0, c.required[destination] - cut)


class BuildCheck:
    """`build_problem` for one player's rocket, the bans and the pad read once: a whole reserve is checked at
    the cost of one scan of the pad (the legal builds, and greedy's estimate of every position it weighs).
    Only counts are kept; the rarer questions (which stages a card would join, another card of its name)
    read the pad again when asked."""

    __slots__ = ("bans", "c", "count", "forbid_nuclear", "forbid_rnd", "pad", "ssto")

    def __init__(self, c: Components, s: ApogeeState, pl: Player) -> None:
        m = mission_of(c, s)
        tech, kinds = c.tech, c.kind
        self.c = c
        self.pad = pl.pad
        self.forbid_rnd, self.forbid_nuclear = m.forbid_rnd, m.forbid_nuclear
        self.bans = s.bans
        self.count = count = [0, 0, 0, 0]  # the pad's cards of each kind
        ssto = False  # a Single-Stage Orbital Launcher among the stages
        for x in pl.pad:
            k = kinds[x]
            count[k] += 1
            if k in (FIRST, UPPER) and tech[x].ssto:
                ssto = True
        self.ssto = ssto

    def problem(self, card: int) -> tuple[str, str] | None:
        """Why `card` may not be built on this rocket now: (reason, rule), or None. AP-TECH-21: the same checks
        for every way of building. Mission bans (AP-MIS-09, AP-MIS-10, AP-MIS-22) and Solo bans (AP-SEV-04,
        AP-SEV-05, AP-SEV-06) forbid building only: such cards may still be acquired and sold. The SSTO takes
        one First Stage space and closes the Upper Stage slot (AP-GAP-29). Extra Seat, Aerospike and
        Pressurization never block a build (AP-AMB-30)."""
        c = self.c
        t = c.tech[card]
        k = c.kind[card]
        if self.forbid_rnd and k == RND:
            return "Mission 4 forbids building R&D Technologies", "AP-MIS-09"
        if t.nuclear and k in (FIRST, UPPER):
            if self.forbid_nuclear:
                return "Mission 9 forbids building Nuclear stages", "AP-MIS-22"
            if "nuclear_build" in self.bans:
                return "Internal Ethics Policy forbids building Nuclear stages", "AP-SEV-04"
        if t.ssto and "ssto_build" in self.bans:
            return "Technological Delay forbids building the Single-Stage Orbital Launcher", "AP-SEV-06"
        if self.count[k] >= c.n.slot_limit:
            return "that Launch Pad slot already holds 3 cards", "AP-COMP-18"
        tech = c.tech
        if k in (FIRST, UPPER):
            if t.ssto and (self.count[FIRST] or self.count[UPPER]):
                return "a Single-Stage Orbital Launcher needs an empty First and Upper Stage", "AP-TECH-04"
            if self.ssto:
                return "no other stage may join a Single-Stage Orbital Launcher", "AP-TECH-04"
            kinds = c.kind
            for other in self.pad:
                if kinds[other] == k and tech[other].group != t.group:
                    rule = {"pulsed_nuclear": "AP-TECH-01", "pulsed_laser": "AP-TECH-02", "ion": "AP-TECH-06",
                            "nuclear_upper": "AP-TECH-07"}.get(t.group or tech[other].group, "AP-TECH-01")
                    return f"{t.name} is not compatible with {tech[other].name}", rule
        if t.unique and any(tech[x].name == t.name for x in self.pad):
            return f"only one {t.name} per rocket", "AP-TECH-16" if t.heavy else "AP-TECH-05"
        return None


def build_problem(c: Components, s: ApogeeState, pl: Player, card: int) -> tuple[str, str] | None:
    """Why `card` may not be built on `pl`'s rocket now (see `BuildCheck.problem`)."""
    return BuildCheck(c, s, pl).problem(card)


def buildable(c: Components, s: ApogeeState, player: int, cards) -> list[int]:
    """Those of `cards` that `player` may build now, whatever the way of building (AP-TECH-21)."""
    check = BuildCheck(c, s, s.areas[player - 1])
    return [card for card in cards if check.problem(card) is None]

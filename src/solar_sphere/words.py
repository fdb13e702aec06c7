"""The table's things in words, shared by describe.py (actions and events) and draw.py (hover text):
seats, Location cards, hexes, ships and crew cards by the names the data gives them, costs, and the
SS-GAP-24 benefit and crew action codes as the almanac words them ("trade 1 ore for 2 gold").

`c` is the component data, `s` a state or a view: a face-down hex (-1 in a view) or a card still
in a deck is named as unknown, never by what the full state holds.
"""

from __future__ import annotations

from solar_sphere.components import KINDS, Components
from solar_sphere.state import CORP, SolarState, Task

FACTION_NAMES = ("Engineering", "Science", "Security", "silver")   # SS-GAP-11 (provisional names)
POSITIONS = ("bottom left", "bottom right", "top left", "top right")  # fleet positions (SS-BAT-02)
PHASES = {"dock": "Phase 1: Dock", "deploy": "Phase 2: Deploy", "battle": "Phase 3: Battle",
          "recover": "Phase 4: Recover"}
WHY = {  # the reason a PointsScored carries, as the rulebook would say it
    "benefit": "a benefit", "morale overflow": "morale beyond the track", "dock": "docking",
    "hire": "the hire", "battle": "the battle", "crew": "a crew bonus", "adjacency": "adjacent hexes",
    "discard": "the discarded die", "morale token": "a morale token", "morale underflow": "morale it lacks",
    "reputation overflow": "reputation beyond the track", "occupied": "an occupied location",
    "higher hex": "building a higher hex", "drones reclaimed": "reclaimed drones",
}


# -- names ------------------------------------------------------------------------------------
def seat_name(s: SolarState, seat: int) -> str:
    """P1..P4, DRANDA in its solo seat, or the Corporation (SS-CORP-01)."""
    if seat == CORP:
        return "the Corporation"
    if s.dranda_seat and seat == s.dranda_seat:
        return "DRANDA"
    return f"P{seat}"


def stage_words(s: SolarState) -> str:
    """Where the game stands, for status lines: "round 2, Phase 2: Deploy" (setup and the end as such)."""
    return f"round {s.round}, {PHASES[s.phase]}" if s.phase in PHASES else "game over" if s.phase == "over" \
        else s.phase


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def location_name(c: Components, loc: int) -> str:
    """A Location card by its printed name, with its article ("the Solar Sphere")."""
    return "the " + c.loc[loc].name


def hex_words(c: Components, s: SolarState, slot: int) -> str:
    """A Sphere hex as seen in `s`: "O3 (H05, value 2)", or a face-down hex."""
    h = s.hex_at[slot]
    if h < 0 or s.face_down[slot]:
        return f"{c.slots[slot]} (a face-down hex)"
    return f"{c.slots[slot]} ({c.hexes[h].id}, value {c.hexes[h].value})"


def cost_words(cost) -> str:
    """[2, 1, 0] -> "2 ore + 1 gold"; nothing -> "nothing"."""
    parts = [f"{n} {KINDS[k]}" for k, n in enumerate(cost) if n]
    return " + ".join(parts) or "nothing"


def faction_words(factions) -> str:
    return ", ".join(FACTION_NAMES[f] for f in factions) or "no icon"


def ship_words(c: Components, s: SolarState, pos: int) -> str:
    """The ship at a fleet position: "R07 (resistance 3)"."""
    ship = s.fleet[pos] if 0 <= pos < len(s.fleet) else None
    if ship is None:
        return f"the empty {POSITIONS[pos]} space" if 0 <= pos < 4 else "a ship"
    card = c.ships[ship.card]
    return f"{card.id} (resistance {card.value})"


def effect_words(c: Components, code: str) -> str:
    """One SS-GAP-24 benefit or crew action code as the almanac words it ("gain 2 ore or any 1
    resource" is two codes, each through here)."""
    parts = code.split(":")
    kind = parts[0]
    n = int(parts[-1]) if parts[-1].isdigit() else 1
    if kind == "points":
        return plural(n, "point")
    if kind == "morale":
        return f"{n} morale"
    if kind == "reputation":
        return f"{n} reputation"
    if kind == "resource":
        return f"any {plural(n, 'resource')}" if parts[1] == "any" else f"{n} {parts[1]}"
    if kind == "gain":
        return f"gain {n} {parts[1]}"
    if kind == "gain_any":
        return f"gain any {plural(n, 'resource')}"
    if kind == "fabricate":
        return f"fabricate {plural(n, 'drone')}"
    if kind in ("salvage_up_to", "salvage"):
        return f"salvage up to {plural(n, 'drone')}"
    if kind == "salvage_any":
        return "salvage any number of drones"
    if kind == "kickback":
        return f"take {plural(n, 'kickback')} (no morale lost)"
    if kind == "aux_die":
        return "gain your auxiliary die"
    if kind == "points_per_hex":
        return "1 point per Sphere hex you built"
    if kind == "points_per_ship":
        return "1 point per claimed Resistance ship"
    if kind == "morale_per_crew":
        return "1 morale per 2 crew members"
    if kind == "morale_per_hex":
        return "1 morale per 2 Sphere hexes you built"
    if kind == "salvage_per_ship":
        return "salvage 1 drone per claimed ship"
    if kind == "trade":
        return f"trade 1 {parts[1]} for 2 {parts[2]}"
    if kind == "pay_morale_for_reputation":
        return "pay 2 morale for 1 reputation"
    if kind == "visit":
        where = c.loc[c.loc_index[parts[1]]].name if parts[1] in c.loc_index else parts[1]
        then = "1 kickback" if parts[2] == "kickback" else f"gain 1 {parts[3]}"
        return f"at the {where}: {then}"
    if kind == "reroll":
        return "reroll a failed attack's Resistance die"
    if kind == "refresh":
        return "refresh 1 crew member"
    if kind == "set_die":
        return "deploy a die as any value"
    return code.replace("_", " ").replace(":", " ")


def crew_words(c: Components, card: int) -> str:
    """A crew card by its id and almanac action: "T1-01a (trade 1 ore for 2 gold)"."""
    if card < 0:
        return "a face-down crew card"
    return f"{c.crew[card].id} ({effect_words(c, c.crew[card].action)})"


def benefits_words(c: Components, codes) -> str:
    return ", ".join(effect_words(c, code) for code in codes)


def task_words(c: Components, s: SolarState, t: Task) -> str:
    """What a pending effect will do, as an infinitive ("gain 2 ore", "hire a crew member")."""
    kind, n = t.kind, t.n
    if kind == "gain":
        return f"gain {n} {t.arg}"
    if kind == "gain_any":
        return f"gain any {plural(n, 'resource')}"
    if kind == "fabricate":
        return f"fabricate {'up to ' if t.arg == 'upto' else ''}{plural(n, 'drone')}"
    if kind == "salvage":
        return "salvage any number of drones" if n >= 99 else f"salvage up to {plural(n, 'drone')}"
    if kind == "build":
        return "build a Sphere hex of any value" if n >= 6 else f"build a Sphere hex of value {n} or less"
    if kind == "hire":
        return "hire a crew member"
    if kind == "attack":
        return "attack more Resistance ships" if t.mask else "attack Resistance ships"
    if kind == "kickback":
        return f"take {plural(n, 'kickback')}"
    if kind == "retire":
        return "retire a crew member"
    if kind == "bonus":
        return "take one retirement bonus: " + " or ".join(effect_words(c, b) for b in t.arg.split("|"))
    if kind == "refresh":
        return "turn a rotated crew member upright"
    if kind == "reroll":
        return f"decide on a reroll for {ship_words(c, s, n)}"
    if kind == "aux":
        return "gain the auxiliary die"
    return "finish an effect"


def action_words(c: Components, s: SolarState, seat: int, loc: int, value: int) -> str:
    """What the visited card's action does (SS-AST..SS-FLT), boosted by a satellite there (SS-DEP-17)."""
    card = c.loc[loc]
    boosted = bool(s.centres[seat - 1].sats[loc]) if seat != s.dranda_seat else False
    if card.kind == "asteroid":
        return f"gain {3 if boosted else 1} {card.resource}"
    if card.kind == "fabricator":
        return f"fabricate up to {3 if boosted else 2} drones"
    if card.kind == "salvage":
        return f"salvage up to {plural(6 if boosted else value, 'drone')}"
    if card.kind == "sphere":
        return "build a hex of any value" if boosted else f"build a hex of value {value} or less"
    if card.kind == "crew":
        return "gain any 1 resource, then hire" if boosted else "hire a crew member"
    return "salvage up to 2, then attack" if boosted else "attack Resistance ships"

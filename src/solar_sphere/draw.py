"""The table as a picture (an SVG document for the replay viewer), and the figures charted beside it.

`draw(c, view, player)` draws only from a view, so what the view blanks is drawn face down:
the face-down Sphere hexes, the Resistance, crew and DRANDA decks (as stacks with their counts).
The picture follows the table: the two rings of hexes around the Core with their builders
(SS-GAP-03 coordinates), the Resistance fleet with each ship's drone columns, the crew display
with its morale tokens, the eight Location cards with their dice and satellites, and each Command
Centre (tracks, docking ports, storage, drones, matrix, crew); in solo, DRANDA's play area.

Player colours are SS-GAP-21's (red, black, blue, yellow, seat by seat), DRANDA's drones black,
the Corporation's purple. Every piece carries a `<title>` for hover text. Sizes stay small (one
`<style>`, short classes): a 4-player table is about 25 KB.
"""

from __future__ import annotations

import math
import textwrap
from html import escape

from solar_sphere import queries as q
from solar_sphere.components import COLOURS, FACTIONS, KINDS, Components
from solar_sphere.prompts import POINTS, open_point
from solar_sphere.state import CORP, SolarState
from solar_sphere.words import (FACTION_NAMES, PHASES, POSITIONS, benefits_words, cost_words, effect_words,
                                faction_words, seat_name)

WIDTH = 900
SEAT_FILL = {1: "#d62728", 2: "#3a3a3a", 3: "#1f6fb4", 4: "#e8b900", CORP: "#7b4fa0"}
SEAT_INK = {1: "#fff", 2: "#fff", 3: "#fff", 4: "#000", CORP: "#fff"}
DRANDA_FILL = "#111"
KIND_FILL = ("#9a6b3f", "#e0b000", "#3fb8d0")          # ore, gold, crystal
DIE_FILL = {"black": "#222", "blue": "#1f6fb4", "yellow": "#e8b900"}
STYLE = ("<style>text{font-family:sans-serif;font-size:10px}.b{font-weight:bold}.s{font-size:8.5px}"
         ".l{font-size:13px;font-weight:bold}.w{fill:#fff}.m{text-anchor:middle}"
         ".c{fill:#fafaf5;stroke:#888}.d{fill:#667;stroke:#334}.e{fill:none;stroke:#aaa;stroke-dasharray:3 2}"
         ".p{fill:#fff;stroke:#888}.q{fill:#cfe3cf;stroke:#888}.g{fill:none;stroke:#bbb}"
         "</style>")
HEX_R = 31
SPHERE_X, SPHERE_Y = 160, 205


def series_colours(config) -> dict[str, str]:
    """Each charted seat's colour as the board draws it (`Rules.colours`): the players', and DRANDA's
    in the solo mode."""
    out = {f"P{seat}": SEAT_FILL[seat] for seat in range(1, config.players + 1)}
    if config.players == 1:
        out["DRANDA"] = DRANDA_FILL
    return out


def fill(s: SolarState, seat: int) -> tuple[str, str]:
    """A seat's colour and the ink readable on it."""
    if s.dranda_seat and seat == s.dranda_seat:
        return DRANDA_FILL, "#fff"
    return SEAT_FILL.get(seat, "#999"), SEAT_INK.get(seat, "#000")


def text(x: float, y: float, words: str, cls: str = "", colour: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    f = f' fill="{colour}"' if colour else ""
    return f'<text x="{x:g}" y="{y:g}"{c}{f}>{escape(words, quote=False)}</text>'


def rect(x: float, y: float, w: float, h: float, cls: str = "", colour: str = "", rx: int = 3) -> str:
    c = f' class="{cls}"' if cls else ""
    f = f' fill="{colour}"' if colour else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}"{c}{f}/>'


def squares(cells, w: float, h: float, style: str) -> str:
    """Many small rectangles as one path (the tracks, the matrix): far smaller than a rect each."""
    d = "".join(f"M{x:g} {y:g}h{w:g}v{h:g}h{-w:g}z" for x, y in cells)
    return f'<path d="{d}" {style}/>' if d else ""


def titled(title: str, *parts: str) -> str:
    """A piece with hover text."""
    return f"<g><title>{escape(title, quote=False)}</title>{''.join(parts)}</g>"


# -- the Sphere ----------------------------------------------------------------------------------
def hex_points(cx: float, cy: float, r: float) -> str:
    """A pointy-topped hexagon (SS-GAP-03)."""
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


def hex_centre(col: int, row: int) -> tuple[float, float]:
    """Doubled-width coordinates to the page: a col step is half a hex's width, a row step 3/4 of its height."""
    return SPHERE_X + col * HEX_R * math.sqrt(3) / 2, SPHERE_Y + row * HEX_R * 1.5


def sphere(c: Components, s: SolarState) -> list[str]:
    out = [text(20, 60, "The Solar Sphere", "l")]
    cx, cy = hex_centre(0, 0)
    out.append(titled("The Core: always counts as built, has no builder (SS-AMB-02)",
                      f'<polygon points="{hex_points(cx, cy, HEX_R - 1)}" fill="#f2d16b" stroke="#886"/>',
                      text(cx, cy + 4, "Core", "m b")))
    for slot in range(len(s.builder)):
        out.append(sphere_hex(c, s, slot))
    if s.scoring_card >= 0:
        sc = c.scoring[s.scoring_card]
        how = (f"{sc.low} a hex, +{sc.step} per own neighbour, at most {sc.high}" if sc.rule == "clusters"
               else f"{sc.high} a hex at {', '.join(sc.slots)}, {sc.low} elsewhere")
        out.append(titled(f"Sphere scoring card {sc.id}: {how}", text(20, 350, f"Scoring card: {sc.name}", "b"),
                          text(20, 363, how, "s")))
    return out


def sphere_hex(c: Components, s: SolarState, slot: int) -> str:
    x, y = hex_centre(c.slot_col[slot], c.slot_row[slot])
    name = c.slots[slot]
    builder = s.builder[slot]
    if s.face_down[slot] or s.hex_at[slot] < 0:
        return titled(f"{name}: a face-down hex, built by the Corporation from the start (SS-AMB-03)",
                      f'<polygon points="{hex_points(x, y, HEX_R - 1)}" class="d"/>',
                      text(x, y - 12, name, "m s w"), text(x, y + 6, "face", "m s w"),
                      text(x, y + 15, "down", "m s w"))
    hx = c.hexes[s.hex_at[slot]]
    corp = ", Corporation icon" if hx.corp else ""
    about = (f"{name}: hex {hx.id}, value {hx.value}, costs {cost_words(hx.cost)}; gives "
             f"{benefits_words(c, hx.benefits)}{corp}; icons {faction_words(c.hex_factions[s.hex_at[slot]])}")
    cost = " ".join(f"{n}{KINDS[k][0]}" for k, n in enumerate(hx.cost) if n)
    if builder:
        colour, ink = fill(s, builder)
        shape = f'<polygon points="{hex_points(x, y, HEX_R - 1)}" fill="{colour}" stroke="#222"/>'
        return titled(f"{about}; built by {seat_name(s, builder)}", shape, text(x, y - 12, name, "m s", ink),
                      text(x, y + 5, str(hx.value), "m l", ink), text(x, y + 17, seat_name(s, builder), "m s", ink))
    viable = q.viable(c, s, slot)
    edge = ' stroke="#2a7" stroke-width="2"' if viable else ' stroke="#888"'
    shape = f'<polygon points="{hex_points(x, y, HEX_R - 1)}" fill="#fafaf5"{edge}/>'
    note = "; viable: it can be built now" if viable else ""
    return titled(about + note, shape, text(x, y - 12, name, "m s"), text(x, y + 5, str(hx.value), "m l"),
                  text(x, y + 17, cost + (" ★" if hx.corp else ""), "m s"))


# -- the Resistance fleet ------------------------------------------------------------------------
def fleet(c: Components, s: SolarState) -> list[str]:
    out = [text(318, 52, "Resistance fleet", "l")]
    for pos, (x, y) in {2: (318, 58), 3: (452, 58), 0: (318, 134), 1: (452, 134)}.items():
        out.append(ship_card(c, s, pos, x, y))
    out.append(titled(f"The Resistance deck: {len(s.res_deck)} ships face down; "
                      f"{s.corp_beside} Corporation drones beside it",
                      rect(590, 58, 52, 70, "d"), text(616, 88, str(len(s.res_deck)), "m l w"),
                      text(616, 102, "deck", "m s w"), text(590, 142, f"Corp: {s.corp_beside}", "s")))
    if s.roll >= 0:
        out.append(titled("The Resistance die's roll for the ship being resolved",
                          rect(592, 150, 24, 24, "c"), text(604, 167, str(s.roll), "m l"),
                          text(590, 186, "roll", "s")))
    return out


def ship_card(c: Components, s: SolarState, pos: int, x: int, y: int) -> str:
    ship = s.fleet[pos]
    if ship is None:
        return titled(f"{POSITIONS[pos]}: no ship", rect(x, y, 128, 70, "e"), text(x + 64, y + 38, "empty", "m s"))
    card = c.ships[ship.card]
    icons = faction_words(c.ship_factions[ship.card])
    corp = ", Corporation icon" if card.corp else ""
    columns = "; ".join(f"{seat_name(s, seat)} {n}" for seat, n in ship.cols) or "no drones yet"
    parts = [rect(x, y, 128, 70, "c"), text(x + 5, y + 13, f"{card.id}  resistance {card.value}", "b"),
             text(x + 5, y + 26, f"bonus {' / '.join(map(str, card.bonus))}" + (" ★" if card.corp else ""), "s"),
             text(x + 5, y + 37, icons, "s")]
    for i, (seat, n) in enumerate(ship.cols):
        colour, ink = fill(s, seat)
        parts += [rect(x + 5 + 24 * i, y + 44, 21, 20, "", colour, 2),
                  text(x + 15.5 + 24 * i, y + 58, str(n), "m b", ink)]
    return titled(f"{POSITIONS[pos]}: {card.id}, resistance {card.value}, bonuses {card.bonus}, icons {icons}{corp}; "
                  f"drones {columns}", *parts)


# -- the crew display ----------------------------------------------------------------------------
def display(c: Components, s: SolarState) -> list[str]:
    out = [text(652, 52, "Crew display", "l")]
    for slot in range(6):
        tier, row = slot // 2, slot % 2
        x, y = 652 + 82 * tier, 58 + 76 * row
        out.append(crew_card(c, s, slot, x, y))
    for tier in range(3):
        out.append(titled(f"Tier {tier + 1} deck: {len(s.crew_decks[tier])} cards face down",
                          text(652 + 82 * tier, 218, f"Tier {tier + 1} · deck {len(s.crew_decks[tier])}", "s")))
    return out


def crew_card(c: Components, s: SolarState, slot: int, x: int, y: int) -> str:
    card = s.display[slot]
    if card < 0:
        return titled("an empty display slot (refilled in Recover)", rect(x, y, 78, 70, "e"))
    cc = c.crew[card]
    action = effect_words(c, cc.action)
    parts = [rect(x, y, 78, 70, "c"), text(x + 4, y + 12, cc.id, "b")]
    for i, line in enumerate(textwrap.wrap(action, 17)[:4]):
        parts.append(text(x + 4, y + 24 + 10 * i, line, "s"))
    parts.append(text(x + 4, y + 66, faction_words(c.crew_factions[card]), "s"))
    token = s.tokens[slot]
    if token:
        parts += [f'<circle cx="{x + 68}" cy="{y + 10}" r="7" fill="#f4a300"/>',
                  text(x + 68, y + 13, str(token), "m b")]
    cost = 2 + c.tiers.extra[cc.tier - 1]
    retire = " or ".join(effect_words(c, b) for b in cc.retire)
    return titled(f"{cc.id}, Tier {cc.tier}: {action}; retire for {retire}; costs {c.tiers.gold[cc.tier - 1]} gold"
                  f"{' + any ' + str(cost - 2) if cost > 2 else ''}, scores {c.tiers.points[cc.tier - 1]}"
                  + (f"; morale token {token}" if token else ""), *parts)


# -- the Location cards --------------------------------------------------------------------------
def accepts_words(values: list[int]) -> str:
    v = sorted(values)
    if v == [1, 2, 3, 4, 5, 6]:
        return "any die"
    if v == [1, 3, 5]:
        return "odd"
    if v == [2, 4, 6]:
        return "even"
    return " or ".join(map(str, v))


def locations(c: Components, s: SolarState) -> list[str]:
    out = [text(318, 240, "Location cards", "l")]
    for loc, card in enumerate(c.loc):
        x, y = 318 + 73 * loc, 246
        words = textwrap.wrap(card.name, 12)[:3]
        parts = [rect(x, y, 69, 92, "c")]
        if s.visiting == loc and s.turn:
            parts[0] = rect(x, y, 69, 92, "", "#e9f6ec")
        parts += [text(x + 4, y + 12 + 11 * i, line, "b" if i == 0 else "") for i, line in enumerate(words)]
        parts.append(text(x + 4, y + 50, accepts_words(card.accepts), "s"))
        dice = s.loc_dice[loc]
        parts.append(text(x + 4, y + 63, f"dice: {dice}" if dice else "no dice", "s"))
        sats = [seat for seat in range(1, s.players + 1) if s.centres[seat - 1].sats[loc]]
        for i, seat in enumerate(sats):
            parts.append(f'<circle cx="{x + 10 + 14 * i}" cy="{y + 80}" r="5" fill="{fill(s, seat)[0]}"/>')
        who = ", ".join(f"P{seat}" for seat in sats) or "none"
        out.append(titled(f"{card.name} ({card.id}): takes {accepts_words(card.accepts)}; {dice} dice this round; "
                          f"satellites: {who}", *parts))
    return out


# -- the Command Centres -------------------------------------------------------------------------
def centre(c: Components, s: SolarState, seat: int, x: int, y: int, acting: int) -> list[str]:
    p = s.centres[seat - 1]
    colour, ink = fill(s, seat)
    place = s.order.index(seat) + 1 if seat in s.order else 0
    head = (f"P{seat} · score {p.score}" + (f" · turn order {place}" if place else "")
            + ("  ◀ to act" if acting == seat else ""))
    out = [rect(x, y, 436, 160, "c"), rect(x, y, 436, 18, "", colour), text(x + 6, y + 13, head, "b", ink)]
    out += tracks(c, s, p, x + 6, y + 26, colour)
    out += ports(p, x + 6, y + 72)
    out += storage(c, p, x + 168, y + 72)
    out.append(titled(f"Drones: {p.reserve} in reserve, {p.active} active, {p.inactive} inactive, {p.hexes} on hexes, "
                      f"{p.on_ships} on ships, {sum(p.matrix)} decommissioned",
                      text(x + 6, y + 112, f"drones: reserve {p.reserve} · active {p.active} · inactive {p.inactive}"
                                           f" · on ships {p.on_ships} · hexes {p.hexes}")))
    out += matrix(c, p, x + 330, y + 66)
    out += crew(c, s, p, x + 6, y + 120)
    ships = ", ".join(c.ships[k].id for k in p.ships) or "none"
    sats = ", ".join(c.locations[i] for i, on in enumerate(p.sats) if on) or "none"
    facts = " ".join(f"{FACTIONS[k].capitalize()} {p.factions[k]}" for k in range(4))
    out.append(titled(f"Claimed ships: {ships}; satellites on {sats}; faction icons "
                      + ", ".join(f"{FACTION_NAMES[k]} {p.factions[k]}" for k in range(4)),
                      text(x + 256, y + 126, f"ships: {ships}"[:40], "s"),
                      text(x + 256, y + 136, f"satellites: {sats}"[:40], "s"),
                      text(x + 256, y + 146, f"icons {facts}", "s"),
                      text(x + 256, y + 156, f"retired crew: {len(p.retired)}", "s")))
    return out


def tracks(c: Components, s: SolarState, p, x: int, y: int, colour: str) -> list[str]:
    """The morale track's spaces 0..max with its spanners, and the reputation levels in the columns
    they share with it (SS-GAP-06, SS-GAP-07, SS-GAP-08)."""
    out = [text(x, y + 10, f"morale {p.morale}", "s"), text(x, y + 30, f"reputation {p.rep}", "s")]
    cell = 15
    left = x + 62
    spaces = range(c.cmd.morale_max + 1)
    out.append(squares([(left + cell * m, y) for m in spaces if m not in c.spanners], cell - 1, 14, 'class="g"'))
    out.append(squares([(left + cell * m, y) for m in spaces if m in c.spanners], cell - 1, 14,
                       'fill="#d9e6f2" stroke="#bbb"'))
    out.append(squares([(left + cell * p.morale, y)], cell - 1, 14, f'fill="{colour}"'))
    for level, column in enumerate(c.cmd.reputation_columns):
        on = level == p.rep
        out.append(f'<circle cx="{left + cell * column + 7}" cy="{y + 26}" r="6" fill="{colour if on else "#fff"}" '
                   f'stroke="#888"/>')
    spanners = ", ".join(map(str, c.cmd.spanners))
    return [titled(f"Morale {p.morale} of {c.cmd.morale_max} (spanners at {spanners}); reputation level {p.rep}, "
                   f"scoring {c.cmd.reputation_points[p.rep]} at the end", *out)]


def ports(p, x: int, y: int) -> list[str]:
    out = [text(x, y - 2, "docking ports" + (" (aux die out)" if p.aux else ""), "s")]
    for v in range(1, 7):
        n = p.ports[v - 1]
        bx = x + 26 * (v - 1)
        out.append(rect(bx, y + 2, 23, 23, "q" if n else "p"))
        out.append(text(bx + 11.5, y + 13, str(v), "m s"))
        if n:
            out.append(text(bx + 11.5, y + 23, "●" * n, "m s"))
    dice = ", ".join(f"{p.ports[v - 1]} on {v}" for v in range(1, 7) if p.ports[v - 1]) or "none"
    return [titled(f"Dice on the docking ports: {dice}; {p.placed} deployed, {p.discarded} discarded", *out)]


def storage(c: Components, p, x: int, y: int) -> list[str]:
    out = [text(x, y - 2, "storage", "s")]
    i = 0
    for kind, n in enumerate(p.store):
        out.append(squares([(x + 17 * (i + k), y + 4) for k in range(n)], 15, 15, f'fill="{KIND_FILL[kind]}"'))
        i += n
    out.append(squares([(x + 17 * j, y + 4) for j in range(i, c.cmd.storage)], 15, 15, 'class="e"'))
    words = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(p.store) if n) or "empty"
    return [titled(f"Storage ({c.cmd.storage} spaces): {words}", *out)]


def matrix(c: Components, p, x: int, y: int) -> list[str]:
    cells = [(row, col) for row, codes in enumerate(c.cmd.matrix) for col in range(len(codes))]
    covered = [(x + 15 * col, y + 8 + 14 * row) for row, col in cells if col < p.matrix[row]]
    empty = [(x + 15 * col, y + 8 + 14 * row) for row, col in cells if col >= p.matrix[row]]
    rows = "; ".join(f"row {r + 1}: " + ", ".join(effect_words(c, code) for code in codes)
                     for r, codes in enumerate(c.cmd.matrix))
    return [titled(f"Decommission matrix, {', '.join(map(str, p.matrix))} drones in its rows ({rows})",
                   text(x, y + 4, "matrix", "s"), squares(covered, 13, 12, 'fill="#555"'),
                   squares(empty, 13, 12, 'class="p"'))]


def crew(c: Components, s: SolarState, p, x: int, y: int) -> list[str]:
    out = []
    for i, (card, used) in enumerate(zip(p.crew, p.used, strict=False)):
        cc = c.crew[card]
        bx = x + 82 * i
        out.append(titled(f"{cc.id}: {effect_words(c, cc.action)}" + (" (used this round)" if used else ""),
                          rect(bx, y, 78, 34, "", "#ddd" if used else "#fff8e6"),
                          f'<rect x="{bx}" y="{y}" width="78" height="34" rx="3" fill="none" stroke="#a98"/>',
                          text(bx + 4, y + 12, cc.id + (" (used)" if used else ""), "b"),
                          text(bx + 4, y + 24, textwrap.shorten(effect_words(c, cc.action), 18, placeholder="…"),
                               "s")))
    if not p.crew:
        out.append(text(x, y + 14, "no crew yet", "s"))
    return out


def dranda_area(c: Components, s: SolarState, x: int, y: int, acting: int) -> list[str]:
    """DRANDA's play area (SS-DRSET-04): supply, dice, deck and discard pile, crew and ships."""
    d = s.dranda
    head = f"DRANDA · level {s.level} · score {d.score}" + ("  ◀ to act" if acting == s.dranda_seat else "")
    out = [rect(x, y, 436, 160, "c"), rect(x, y, 436, 18, "", DRANDA_FILL), text(x + 6, y + 13, head, "b w")]
    out.append(text(x + 6, y + 36, f"drones: supply {d.supply} · removed {d.removed} · on hexes {d.hexes}"
                                   f" · on ships {d.on_ships}"))
    out.append(text(x + 6, y + 54, "ship dice", "s"))
    for i, (v, k) in enumerate(zip(d.dice, d.colours, strict=False)):
        colour = COLOURS[k]
        ink = "#000" if colour == "yellow" else "#fff"
        out.append(titled(f"transparent {colour} die: " + (f"{v}, to play" if v else "placed"),
                          rect(x + 50 + 28 * i, y + 42, 24, 24, "", DIE_FILL[colour] if v else "#ccc"),
                          text(x + 62 + 28 * i, y + 59, str(v) if v else "–", "m b", ink)))
    state = {0: "in reserve", 1: "placed this round", 2: "out of the game"}
    for k, used in enumerate(d.opaque):
        out.append(titled(f"opaque {COLOURS[k]} die: {state.get(used, '')}",
                          f'<circle cx="{x + 160 + 18 * k}" cy="{y + 54}" r="7" fill="{DIE_FILL[COLOURS[k]]}" '
                          f'opacity="{1 if used == 0 else 0.3}"/>'))
    top = c.dranda[d.discard[-1]].id if d.discard else "none"
    out.append(titled(f"DRANDA's deck: {len(d.deck)} cards face down; discard pile {len(d.discard)}, top {top}",
                      rect(x + 380, y + 26, 40, 52, "d"), text(x + 400, y + 52, str(len(d.deck)), "m b w"),
                      text(x + 400, y + 66, "deck", "m s w"),
                      text(x + 6, y + 84, f"discard pile: {len(d.discard)} cards, top {top}", "s"),
                      text(x + 6, y + 96, "play area: " + (", ".join(c.dranda[k].id for k in d.area) or "empty"), "s")))
    crew_ids = ", ".join(c.crew[k].id for k in d.crew) or "none"
    ships = ", ".join(c.ships[k].id for k in d.ships) or "none"
    out.append(text(x + 6, y + 112, f"crew: {crew_ids}"[:90], "s"))
    out.append(text(x + 6, y + 126, f"ships: {ships}"[:90], "s"))
    icons = " ".join(f"{FACTIONS[k].capitalize()} {d.factions[k]}" for k in range(4))
    out.append(text(x + 6, y + 140, f"icons {icons}", "s"))
    return out


# -- the whole table -----------------------------------------------------------------------------
def header(c: Components, s: SolarState, player: int | None, acting: int) -> list[str]:
    order = ", ".join(seat_name(s, seat) for seat in s.order)
    phase = "Game over" if s.phase == "over" else PHASES.get(s.phase, s.phase)
    who = "spectator" if player is None else f"as seen by {seat_name(s, player)}"
    final = " · final round" if s.final else ""
    out = [text(10, 18, f"Solar Sphere · round {s.round} of 6 · {phase}{final} · turn order {order} · {who}", "l")]
    if s.phase == "over":
        scores = ", ".join(f"{seat_name(s, i + 1)} {v}" for i, v in enumerate(s.outcome))
        out.append(text(10, 36, f"Final scores: {scores}", "b"))
    elif acting:
        kind, _ = open_point(s)
        asks = POINTS[kind].asks if kind in POINTS else ""
        out.append(text(10, 36, f"{seat_name(s, acting)} to act" + (f": {asks}" if asks else ""), "b"))
    return out


def draw(c: Components, s: SolarState, player: int | None) -> str:
    """The view `s` as a self-contained SVG document (no scripts, no external references)."""
    acting = open_point(s)[1] if s.phase != "over" else 0
    seats = list(range(1, s.players + 1)) + ([s.dranda_seat] if s.dranda_seat else [])
    rows = (len(seats) + 1) // 2
    height = 380 + 168 * rows
    body = header(c, s, player, acting) + sphere(c, s) + fleet(c, s) + display(c, s) + locations(c, s)
    for i, seat in enumerate(seats):
        x, y = 10 + 446 * (i % 2), 378 + 168 * (i // 2)
        body += dranda_area(c, s, x, y, acting) if s.dranda_seat and seat == s.dranda_seat else centre(c, s, seat, x, y, acting)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}">{STYLE}<rect width="{WIDTH}" height="{height}" fill="#f4f1ea"/>'
            + "".join(body) + "</svg>")

"""The table for the terminal, as `player` may see it: the two rings of hexes around the Core with
their builders, the fleet, the crew display, each Command Centre, and DRANDA in solo. Rich markup,
one line per item: whoever shows it wraps it to the width it has (`boardcore.text.board_rows`)."""

from __future__ import annotations


from solar_sphere.components import FACTIONS, KINDS
from solar_sphere.state import CORP, SolarState
from solar_sphere.words import PHASES, crew_words, task_words

SEAT_STYLE = {1: "red", 2: "cyan", 3: "blue", 4: "yellow"}


def seat_name(s: SolarState, seat: int) -> str:
    if seat == CORP:
        return "Corp"
    if seat and seat == s.dranda_seat:
        return "DRANDA"
    return f"P{seat}"


def hex_cell(rules, s: SolarState, slot: int) -> str:
    name = rules.c.slots[slot]
    b = s.builder[slot]
    if s.face_down[slot]:
        return f"[dim]{name:>3} ####  [/dim]"
    hx = rules.c.hexes[s.hex_at[slot]]
    if b:
        style = SEAT_STYLE.get(b, "white") if b != s.dranda_seat else "magenta"
        return f"{name:>3} [{style}]{seat_name(s, b):<6}[/{style}]"
    cost = "".join(k[0] * n for k, n in zip(("o", "g", "c"), hx.cost, strict=True))
    return f"{name:>3} {hx.value}:{cost:<4}"


def sphere(rules, s: SolarState) -> list[str]:
    """Hexes placed by their doubled-width coordinates (SS-GAP-03), 11 characters per column pair."""
    c = rules.c
    rows: dict[int, dict[int, str]] = {}
    for slot in range(len(s.builder)):
        rows.setdefault(c.slot_row[slot], {})[c.slot_col[slot]] = hex_cell(rules, s, slot)
    rows.setdefault(0, {})[0] = "[bold]  CORE    [/bold]"
    lines = []
    for r in sorted(rows):
        line = " " * 6 if r % 2 else ""
        for col in range(-4, 5):
            if (col + r) % 2 == 0:
                line += rows[r].get(col, " " * 10) + " " * 2
        lines.append("  " + line.rstrip())
    sc = c.scoring[s.scoring_card] if s.scoring_card >= 0 else None
    lines.append(f"  Sphere scoring card: {sc.id} {sc.name}" if sc else "")
    return lines


def fleet(rules, s: SolarState) -> list[str]:
    out = []
    for row, label in ((2, "top   "), (0, "bottom")):
        cells = []
        for pos in (row, row + 1):
            sh = s.fleet[pos]
            if sh is None:
                cells.append("-" * 10)
                continue
            card = rules.c.ships[sh.card]
            cols = " ".join(f"{seat_name(s, who)}x{n}" for who, n in sh.cols) or "no drones"
            icons = "+".join(FACTIONS[f] for f in rules.c.ship_factions[sh.card])
            cells.append(f"{card.id} res {card.value} ({'/'.join(map(str, card.bonus))}) {icons}"
                         f"{' corp' if card.corp else ''}: {cols}")
        out.append(f"  {label} {' | '.join(cells)}")
    out.append(f"  Resistance deck {len(s.res_deck)} cards, Corporation drones beside it: {s.corp_beside}")
    return out


def display(rules, s: SolarState) -> list[str]:
    out = []
    for tier in range(3):
        cells = []
        for slot in (2 * tier, 2 * tier + 1):
            card = s.display[slot]
            if card < 0:
                cells.append("(empty)")
                continue
            token = f" +{s.tokens[slot]} morale" if s.tokens[slot] else ""
            cells.append(f"{crew_words(rules.c, card)}{token}")
        out.append(f"  Tier {tier + 1} ({len(s.crew_decks[tier])} in deck): " + " | ".join(cells))
    return out


def centre(rules, s: SolarState, seat: int) -> list[str]:
    p = s.centres[seat - 1]
    style = SEAT_STYLE.get(seat, "white")
    ports = " ".join(f"{v}:{'*' * p.ports[v - 1]}" for v in range(1, 7) if p.ports[v - 1])
    store = " ".join(f"{KINDS[k]} {p.store[k]}" for k in range(3) if p.store[k]) or "empty"
    crew = ", ".join(rules.c.crew[c].id + ("(used)" if u else "") for c, u in zip(p.crew, p.used, strict=True)) or "-"
    sats = ", ".join(rules.c.loc[i].name for i, on in enumerate(p.sats) if on) or "-"
    fac = " ".join(f"{FACTIONS[k]} {p.factions[k]}" for k in range(4))
    turn = "  [bold]<- to act[/bold]" if seat in (s.turn, s.tasks[-1].player if s.tasks else 0) else ""
    return [
        f"[{style}]P{seat}[/{style}] score {p.score}  reputation {p.rep}  morale {p.morale}{turn}",
        f"   ports {ports or '-'}{'  (aux die out)' if p.aux else ''}   storage {store}",
        f"   drones: reserve {p.reserve} active {p.active} inactive {p.inactive}  "
        f"matrix {'/'.join(map(str, p.matrix))}  hexes {p.hexes}  on ships {p.on_ships}",
        f"   crew {crew}   retired {len(p.retired)}   ships {len(p.ships)}   satellites {sats}",
        f"   factions {fac}",
    ]


def dranda(rules, s: SolarState) -> list[str]:
    d = s.dranda
    dice = " ".join(f"{('K', 'B', 'Y')[c]}{v or '-'}" for v, c in zip(d.dice, d.colours, strict=True)) or "-"
    return [f"[magenta]DRANDA[/magenta] (level {s.level}) score {d.score}  supply {d.supply} removed {d.removed}"
            f"  dice {dice}  deck {len(d.deck)} discard {len(d.discard)}",
            f"   crew {len(d.crew)}  ships {len(d.ships)}  factions "
            + " ".join(f"{FACTIONS[k]} {d.factions[k]}" for k in range(4))]


def render(rules, s: SolarState, player: int | None) -> str:
    s = rules.view(s, player)
    order = " ".join(seat_name(s, seat) for seat in s.order)
    lines = [f"[bold]Solar Sphere[/bold] round {s.round}/6  {PHASES.get(s.phase, s.phase)}  turn order {order}"]
    lines += sphere(rules, s)
    lines.append("[bold]Resistance fleet[/bold]")
    lines += fleet(rules, s)
    lines.append("[bold]Crew display[/bold]")
    lines += display(rules, s)
    used = ", ".join(f"{rules.c.loc[i].name} {n}" for i, n in enumerate(s.loc_dice) if n)
    lines.append(f"Dice on locations: {used or '-'}")
    for seat in range(1, s.players + 1):
        lines += centre(rules, s, seat)
    if s.dranda_seat:
        lines += dranda(rules, s)
    if s.tasks:
        t = s.tasks[-1]
        lines.append(f"Asked of P{t.player}: {task_words(rules.c, s, t)} ({', '.join(rules.task_options(s, t))})")
    if s.phase == "over":
        lines.append(f"[bold]Final scores[/bold] {s.outcome}")
    return "\n".join(lines)

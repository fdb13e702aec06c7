"""Text rendering of a player's view: the galaxy by sector with planets, units and ships, the planet
and reputation tracks, each base, the Command Areas with guards and wounds, the Market, and what is
being asked. Rich markup, one line per item: whoever shows it wraps it to the width it has
(`boardcore.text.board_rows`)."""

from __future__ import annotations

from warlords.state import DEC, DEST, GUARDED, LP, MED, MIS, OPEN, REBEL, RES
from warlords.words import ACTION_NAMES, ASKED, END_KINDS, PHASES, count, merc, type_name

COLOURS = ("red", "blue", "green", "yellow")
ZONES = (("RES", RES), ("LP", LP), ("MIS", MIS), ("MED", MED), ("DEC", DEC), ("out", DEST))


def units(u) -> str:
    parts = [f"{n}{k}" for n, k in zip(u, "ITA") if n]
    return "".join(parts) or "-"


def name(v, p: int) -> str:
    if v.mode == "solo" and p == REBEL:
        return "[magenta]Rebellion[/]"
    return f"[{COLOURS[(p - 1) % 4]}]P{p}[/]"


def galaxy(c, v) -> list[str]:
    rows = []
    for row in range(0, len(c.sectors), 3):
        cells = []
        for sector in c.sectors[row:row + 3]:
            ships = "".join(str(p) for p, x in enumerate(v.ships, 1) if x == sector)
            head = f"{sector}{'*' if sector == c.core else ''}{' ship ' + ships if ships else ''}"
            pre = v.pre[c.sector_index[sector]] if v.mode == "solo" else (0, 0, 0)
            if sum(pre):
                head += f" pre {units(pre)}"
            planets = []
            for i, x in enumerate(v.planet_sector):
                if x != sector:
                    continue
                planets.append(map_planet(v, i))
            cells.append(f"{head}: " + ", ".join(planets))
        rows.append(" | ".join(cells))
    return rows


def map_planet(v, i: int) -> str:
    """A planet on the map by its number, as the options and the log name it ("Brown 7", held: "Brown 7
    P2:1I"); face down in brackets, with its type when the reader knows it ("(brown 7)", "(? 7)")."""
    kind = v.planet_type[i]
    if v.revealed[i]:
        shown = f"{type_name(kind)} {i}"
    else:
        shown = f"({kind.lower() if kind else '?'} {i})"
    return shown + (f" P{v.owner[i]}:{units(v.planet_units[i])}" if v.owner[i] else "")


def hand(c, cards) -> str:
    """A hand by what its cards show, as the options word them ("M27 (Red: Deploy, Bombard)"); the
    cards the reader may not see only counted."""
    known = [merc(c, x) for x in cards if x in c.mercs]
    hidden = len(cards) - len(known)
    return " · ".join(known + ([f"{count(hidden, 'card', 'cards')} face down"] if hidden else [])) or "-"


def tracks(c, v) -> list[str]:
    planet = "  ".join(f"{t[:2]} {v.track[k]}(+{c.deploy_value[v.track[k]]}/{c.domination_value[v.track[k]]})"
                       for k, t in enumerate(c.types))
    slots = "  ".join(f"{k * 2 + 1}-{k * 2 + 2} {ACTION_NAMES.get(m, m or '?')}" for k, m in enumerate(v.rep_slots))
    reps = "  ".join(f"P{p}:{r}" for p, r in enumerate(v.rep, 1))
    return [f"Planet track (pos +deploy/domination): {planet}", f"Reputation markers: {slots}",
            f"Reputation: {reps}"]


def player_lines(c, v, p: int) -> list[str]:
    b = v.base[p - 1]
    if v.mode == "solo" and p == REBEL:
        return [f"{name(v, p)} power {v.power[p - 1]}  pool {units(b[0:3])}"]
    zones = "  ".join(f"{label} {units(b[z * 3:z * 3 + 3])}" for label, z in ZONES)
    row = []
    for k, card in enumerate(v.area[p - 1]):
        m = c.mercs[card]
        wound = "[red]✗[/]" if card in v.wounded[p - 1] else ""
        row.append(f"[{m.left[0]}|{card} {m.mission[:2]} {','.join(a[:3] for a in m.actions)}|{m.right[0]}]{wound}")
        if k < len(v.guard[p - 1]) and v.circle[p - 1][k]:
            g = v.guard[p - 1][k]
            row.append("G" if g == GUARDED else ("o" if g == OPEN else "·"))
    support = ", ".join(c.support_name.get(x, "?") for x in v.support_hands[p - 1]) or "-"
    recon = ",".join(x for x in v.recon[p - 1] if x) or "-"
    return [f"{name(v, p)} power {v.power[p - 1]}  base: {zones}  recon: {recon}",
            f"   command: {' '.join(row) or '-'}",
            f"   hand: {hand(c, v.hands[p - 1])}   support: {support}"]


def render(c, v, player) -> str:
    head = f"[bold]Galactic Warlords[/] ({v.mode}, {v.players}p) turn {v.turn}, {name(v, v.active) if v.active else '-'}"
    head += f", {PHASES.get(v.phase, v.phase)}" + (f"; ends after turn {v.last_turn} "
                                                   f"({END_KINDS.get(v.end_kind, v.end_kind)})" if v.last_turn else "")
    lines = [head, *galaxy(c, v), *tracks(c, v)]
    for p in range(1, v.seats + 1):
        lines += player_lines(c, v, p)
    lines.append(f"Market: {', '.join(v.market) or '-'}   deck {len(v.deck)}   support deck {len(v.sdeck)}")
    if v.mode == "solo":
        lines.append(f"Rebel deck {len(v.rebel_deck)}, card in play: {v.rebel_card or '-'}")
    if v.invasion is not None:
        i = v.invasion
        lines.append(f"Invasion of planet {i.planet}: P{i.attacker} {units(i.att)} vs P{i.defender} "
                     f"{units(v.planet_units[i.planet])}, round {i.round}, dice {i.att_dice} / {i.def_dice}")
    if v.over:
        lines.append("[bold]Game over[/]: " + "  ".join(f"{name(v, p)} {v.power[p - 1]}" for p in range(1, v.seats + 1)))
    elif v.prompt is not None:
        lines.append(f"Waiting for P{v.prompt.player}: {ASKED.get(v.prompt.kind, v.prompt.kind)}")
    return "\n".join(lines)

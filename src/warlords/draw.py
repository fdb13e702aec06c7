"""The position as a picture: one self-contained SVG document drawn from a view (the replay viewer's board).

Left, the galaxy: the sectors on their grid (The Core lighter), each planet a disc of its type's
colour with its number (the number the text form and the words use), the units on it in the
holder's colour, Base Ships, recon markers and, in solo, the Rebellion's pre-deployed units.
Right, the planet track (Deploy and Domination values), the Reputation Track with its action
markers, the Mercenary Market and the decks, and the invasion or Rebel card under way. Below,
each player's base (Reserve, Launch Pad, Mission, Medical Bay, Decon, destroyed), Command Area
(cards with their mission, actions and skill half-circles; guards, wounds) and hand.

Only what the view shows is drawn: a card, planet or recon marker the view blanks is drawn face
down. Every piece carries a `<title>` for hover text, in the words of `describe.py`.
"""

from __future__ import annotations

from html import escape   # (xml.sax.saxutils imports urllib, http.client and ssl: 24 ms at every start)

from warlords.words import ACTION_NAMES, BONUSES, PHASES, RECON_NAMES, merc, sector, type_name, units, who
from warlords.state import DEC, DEST, GUARDED, LP, MED, MIS, OPEN, REBEL, RES

WIDTH = 900
PLAYER_HEX = {"red": "#c8372d", "blue": "#2f66c9", "green": "#23884a", "yellow": "#b88a00"}
REBEL_HEX = "#8e2fb8"
TYPE_HEX = {"WHITE": "#f4f4f4", "BLUE": "#7fb2ff", "YELLOW": "#ffe27a", "BROWN": "#b98558", "RED": "#ff8a7a",
            "GREEN": "#86dd98"}
SKILL_HEX = {"RED": "#e0453a", "GREEN": "#35a95a", "BLUE": "#3a78e0", "YELLOW": "#e6b800"}
SHORT = {"deploy": "Dep", "deploy_only": "DOnly", "assassinate": "Ass", "subterfuge": "Sub", "bombard": "Bom",
         "support": "Sup", "recon": "Rec"}
ZONES = (("Reserve", RES), ("Launch Pad", LP), ("Mission", MIS), ("Medical Bay", MED), ("Decon", DEC),
         ("destroyed", DEST))
STYLE = ("text{font-family:sans-serif;font-size:11px;fill:#222}.s{font-size:9px}.b{font-weight:bold}"
         ".w{fill:#fff}.m{fill:#555}.sec{stroke:#0b1430;stroke-width:1}.fd{fill:#555;stroke:#bbb;"
         "stroke-dasharray:3 2}.pl{stroke:#333}.card{fill:#fdfaf2;stroke:#777}.back{fill:#3d4a6b;stroke:#222}")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def esc(text) -> str:
    return escape(str(text))


def title(text: str) -> str:
    return f"<title>{esc(text)}</title>"


def series_colours(c, config) -> dict[str, str]:
    """Each charted seat's colour as the board draws it (`Rules.colours`): the players' in seat order,
    and the Rebellion's in the solo mode (figures.py names the series)."""
    names = c.data.units.colours
    out = {f"P{p}": PLAYER_HEX.get(names[(p - 1) % len(names)], "#444") for p in range(1, config.players + 1)}
    if config.players == 1:
        out["Rebellion"] = REBEL_HEX
    return out


def colour(c, v, p: int) -> str:
    """A seat's colour, the same in every picture (data/units.toml lists the colours in seat order)."""
    if v.mode == "solo" and p == REBEL:
        return REBEL_HEX
    names = c.data.units.colours
    return PLAYER_HEX.get(names[(p - 1) % len(names)], "#444")


def text(x: float, y: float, body: str, cls: str = "", fill: str = "", anchor: str = "") -> str:
    attrs = f' class="{cls}"' if cls else ""
    attrs += f' style="fill:{fill}"' if fill else ""
    attrs += f' text-anchor="{anchor}"' if anchor else ""
    return f'<text x="{x:g}" y="{y:g}"{attrs}>{esc(body)}</text>'


def short_units(u) -> str:
    return " ".join(f"{n}{k}" for n, k in zip(u, "ITA") if n) or "-"


# -- the galaxy -------------------------------------------------------------------------------
SECTOR_W, SECTOR_H, GALAXY_X, GALAXY_Y = 178, 150, 8, 34


def galaxy(c, v, viewer) -> list[str]:
    out = []
    cols = 3
    for k, name in enumerate(c.sectors):
        x = GALAXY_X + (k % cols) * (SECTOR_W + 4)
        y = GALAXY_Y + (k // cols) * (SECTOR_H + 4)
        fill = "#4f7fc4" if name == c.core else "#1d2b53"
        out.append(f'<g>{title(("The Core" if name == c.core else "Outer Sector " + name))}'
                   f'<rect class="sec" x="{x}" y="{y}" width="{SECTOR_W}" height="{SECTOR_H}" rx="6" fill="{fill}"/>'
                   f'{text(x + 6, y + 14, sector(c, name), "w b")}</g>')
        out += ships(c, v, name, x, y) + recon_marks(c, v, name, x, y, viewer) + planets(c, v, name, x, y)
        if v.mode == "solo":
            pre = v.pre[k]
            if sum(pre):
                out.append(f'<g>{title("Pre-deployed Rebellion units: " + units(pre))}'
                           f'<rect x="{x + 6}" y="{y + SECTOR_H - 24}" width="92" height="16" rx="3" '
                           f'fill="{REBEL_HEX}"/>'
                           f'{text(x + 10, y + SECTOR_H - 12, "pre " + short_units(pre), "w s")}</g>')
    return out


def ships(c, v, name: str, x: float, y: float) -> list[str]:
    out = []
    here = [p for p, s in enumerate(v.ships, 1) if s == name]
    for k, p in enumerate(here):
        sx = x + SECTOR_W - 14 - k * 16
        out.append(f'<g>{title(f"{who(v, p)} Base Ship")}<path d="M{sx} {y + 5}l7 12h-14z" '
                   f'fill="{colour(c, v, p)}" stroke="#fff"/></g>')
    return out


def recon_marks(c, v, name: str, x: float, y: float, viewer) -> list[str]:
    """Recon markers lie face down: the viewer's own show their kind, the others' only where they are."""
    out = []
    k = 0
    for p, marks in enumerate(v.recon, 1):
        for slot, where in enumerate(marks):
            if where != name:
                continue
            kind = c.recon_kinds[slot] if p == viewer else ""   # GW-RCN-11: the others' kinds are hidden
            label = RECON_NAMES.get(kind, "recon")
            mx = x + SECTOR_W - 16 - k * 16
            out.append(f'<g>{title(f"{who(v, p)} {label} marker, face down")}<rect x="{mx}" y="{y + 22}" '
                       f'width="12" height="12" fill="{colour(c, v, p)}" stroke="#fff"/>'
                       f'{text(mx + 6, y + 31, label.split()[-1][0] if kind else "?", "w s", anchor="middle")}</g>')
            k += 1
    return out


def planets(c, v, name: str, x: float, y: float) -> list[str]:
    mine = [i for i, s in enumerate(v.planet_sector) if s == name]
    if not mine:
        return []
    step = min(60.0, (SECTOR_W - 12) / len(mine))
    r = min(19.0, step / 2 - 2)
    out = []
    for k, i in enumerate(mine):
        cx = x + 6 + step * k + step / 2
        cy = y + 62
        kind = v.planet_type[i]
        if v.revealed[i]:
            disc = f'<circle class="pl" cx="{cx:g}" cy="{cy}" r="{r:g}" fill="{TYPE_HEX.get(kind, "#ccc")}"/>'
            words = f"{type_name(kind)} planet {i}"
        elif kind:   # face down, its type known to this view alone (a Recon look), drawn small inside
            disc = (f'<circle class="fd" cx="{cx:g}" cy="{cy}" r="{r:g}"/>'
                    f'<circle cx="{cx:g}" cy="{cy}" r="{r / 2:g}" fill="{TYPE_HEX.get(kind, "#ccc")}"/>')
            words = f"face-down planet {i} ({type_name(kind)})"
        else:
            disc = f'<circle class="fd" cx="{cx:g}" cy="{cy}" r="{r:g}"/>'
            words = f"face-down planet {i}"
        o = v.owner[i]
        if o:
            words += f"; {who(v, o)}: {units(v.planet_units[i])}"
        label = text(cx, cy + 4, str(i), "b" if v.revealed[i] else "w b", anchor="middle")
        piece = f"<g>{title(words)}{disc}{label}"
        if o:
            piece += (f'<rect x="{cx - r:g}" y="{cy + r + 4:g}" width="{2 * r:g}" height="15" rx="3" '
                      f'fill="{colour(c, v, o)}"/>'
                      + text(cx, cy + r + 15, short_units(v.planet_units[i]), "w s b", anchor="middle"))
        out.append(piece + "</g>")
    return out


# -- tracks, market, decks ----------------------------------------------------------------------
RIGHT_X = 566


def planet_track(c, v, y: float) -> list[str]:
    out = [text(RIGHT_X, y, "Planet track (Deploy / Domination)", "b")]
    cell = 50
    for t, kind in enumerate(c.types):
        ry = y + 8 + t * 19
        out.append(f'<rect x="{RIGHT_X}" y="{ry}" width="64" height="16" fill="{TYPE_HEX.get(kind, "#ccc")}" '
                   f'stroke="#666"/>{text(RIGHT_X + 4, ry + 12, type_name(kind), "s")}')
        for pos in range(len(c.deploy_value)):
            cx = RIGHT_X + 68 + pos * cell
            here = v.track[t] == pos
            out.append(f'<rect x="{cx}" y="{ry}" width="{cell - 2}" height="16" fill="{"#333" if here else "#eee"}"/>'
                       + text(cx + 4, ry + 12, f"+{c.deploy_value[pos]} / {c.domination_value[pos]}",
                              "s w" if here else "s m"))
        out[-1] = f"<g>{title(f'{type_name(kind)} marker on space {v.track[t] + 1}')}{out[-1]}</g>"
    return out


def reputation_track(c, v, y: float) -> list[str]:
    out = [text(RIGHT_X, y, "Reputation Track", "b")]
    last = c.rep_last
    per_row = 8
    w = 40
    for space in range(1, last + 1):
        row, col = divmod(space - 1, per_row)
        sx, sy = RIGHT_X + col * w, y + 8 + row * 40
        slot = space // 2
        marker = v.rep_slots[slot] if slot < len(v.rep_slots) else ""
        bonus = c.rep_space.get(space)
        tip = f"space {space}" + (f": +{bonus.power} Power" if bonus else "")
        if bonus and bonus.alternative:
            tip += f" or {BONUSES.get(bonus.alternative, bonus.alternative)}"
        if marker:   # GW-REP-02: the marker governing a player on this space
            tip += f"; from here, a {ACTION_NAMES.get(marker, marker)} gains reputation"
        out.append(f'<g>{title(tip)}<rect x="{sx}" y="{sy}" width="{w - 2}" height="34" fill="#f1ecdf" '
                   f'stroke="#999"/>'
                   + text(sx + 3, sy + 11, str(space), "s b") + text(sx + 3, sy + 22, SHORT.get(marker, ""), "s m")
                   + "</g>")
    for p in range(1, v.seats + 1):
        pos = v.rep[p - 1]
        if pos <= 0:   # the start space, left of the track
            cx, cy = RIGHT_X - 8, y + 14 + (p - 1) * 9
        else:
            row, col = divmod(pos - 1, per_row)
            cx, cy = RIGHT_X + col * w + 6 + (p - 1) * 9, y + 8 + row * 40 + 28
        out.append(f'<g>{title(f"{who(v, p)}: reputation {pos}")}<circle cx="{cx:g}" cy="{cy:g}" r="4" '
                   f'fill="{colour(c, v, p)}" stroke="#fff"/></g>')
    return out


CARD_H = 60


def card(c, cid: str, x: float, y: float, wounded: bool = False, note: str = "") -> str:
    """A mercenary: its mission colour band, id, actions and the two skill half-circles; a back if hidden."""
    m = c.mercs.get(cid)
    if m is None:
        return (f'<g>{title("a mercenary, face down")}<rect class="back" x="{x:g}" y="{y:g}" width="38" '
                f'height="{CARD_H}" rx="3"/></g>')
    tip = merc(c, cid) + f", {m.infantry} Infantry" + (", wounded: scores no mission" if wounded else "") + note
    acts = [SHORT[a] for a in m.actions]
    body = (f'<rect class="card" x="{x:g}" y="{y:g}" width="38" height="{CARD_H}" rx="3"/>'
            f'<rect x="{x + 1:g}" y="{y + 1:g}" width="36" height="9" fill="{TYPE_HEX.get(m.mission, "#ccc")}"/>'
            f'<path d="M{x:g} {y + 22:g}a6 6 0 0 1 0 12z" fill="{SKILL_HEX[m.left]}"/>'
            f'<path d="M{x + 38:g} {y + 22:g}a6 6 0 0 0 0 12z" fill="{SKILL_HEX[m.right]}"/>'
            + text(x + 19, y + 20, cid, "s b", anchor="middle")
            + "".join(text(x + 19, y + 31 + 8 * k, a, "s", anchor="middle") for k, a in enumerate(acts))
            + text(x + 35, y + CARD_H - 3, f"{m.infantry}I", "s m", anchor="end"))
    if wounded:
        body += (f'<path d="M{x + 4:g} {y + 4:g}l30 {CARD_H - 8}M{x + 34:g} {y + 4:g}l-30 {CARD_H - 8}" '
                 f'stroke="#c00" stroke-width="2"/>')
    return f"<g>{title(tip)}{body}</g>"


def market(c, v, y: float) -> list[str]:
    out = [text(RIGHT_X, y, "Mercenary Market", "b")]
    for k, cid in enumerate(v.market):
        out.append(card(c, cid, RIGHT_X + k * 44, y + 6))
    deck = (f"Deck: {len(v.deck)} mercenaries · support deck {len(v.sdeck)} · support discards {len(v.sdiscard)}")
    out.append(text(RIGHT_X, y + CARD_H + 20, deck, "s"))
    gone = len(v.removed)
    if gone:
        out.append(f'<g>{title("Out of the game, face up: " + ", ".join(v.removed))}'
                   f'{text(RIGHT_X, y + CARD_H + 32, f"{gone} mercenaries out of the game", "s m")}</g>')
    return out


def under_way(c, v, y: float) -> list[str]:
    """The invasion being fought, the Rebel card being carried out, or what is asked."""
    out = []
    if v.invasion is not None:
        i = v.invasion
        lines = [f"Invasion of {type_name(v.planet_type[i.planet])} {i.planet}, round {i.round}",
                 f"{cap(who(v, i.attacker))} invading with {units(i.att)}",
                 f"{cap(who(v, i.defender))} defending with {units(v.planet_units[i.planet])}"]
        if i.att_dice or i.def_dice:
            lines.append(f"dice {', '.join(i.att_dice) or '-'} / {', '.join(i.def_dice) or '-'}".replace("_", " "))
        out.append(f'<rect x="{RIGHT_X - 4}" y="{y - 12}" width="330" height="{14 * len(lines) + 6}" '
                   f'fill="#fde3e0"/>')
        out += [text(RIGHT_X, y + 14 * k, line, "b" if k == 0 else "") for k, line in enumerate(lines)]
        y += 14 * len(lines) + 10
    if v.mode == "solo":
        rc = c.rebels.get(v.rebel_card)
        now = f"Rebel deck: {len(v.rebel_deck)} cards"
        if rc is not None:
            now += f" · {v.rebel_card}: " + ", ".join(ACTION_NAMES.get(a, a) for a in rc.actions)
        out.append(text(RIGHT_X, y, now, "s", fill=REBEL_HEX))
    return out


# -- the players ----------------------------------------------------------------------------------
PANEL_H = 118
REBEL_PANEL_H = 28


def panel_height(v, p: int) -> int:
    return REBEL_PANEL_H if v.mode == "solo" and p == REBEL else PANEL_H


def panel(c, v, p: int, y: float, viewer) -> list[str]:
    col = colour(c, v, p)
    b = v.base[p - 1]
    out = [f'<rect x="4" y="{y}" width="{WIDTH - 8}" height="{panel_height(v, p) - 6}" rx="5" fill="#fafafa" '
           f'stroke="{col}"/>']
    if v.mode == "solo" and p == REBEL:   # GW-REB-21: no base, hand or Command Area, only its pool
        head = f"The Rebellion · Power {v.power[p - 1]} · reputation {v.rep[p - 1]} · pool {units(b[0:3])}"
        return out + [text(12, y + 16, head, "b", fill=col)]
    you = " (you)" if viewer == p else ""
    active = " · to act" if v.prompt is not None and v.prompt.player == p else ""
    out.append(text(12, y + 16, f"{who(v, p)}{you} · Power {v.power[p - 1]} · reputation {v.rep[p - 1]}{active}",
                    "b", fill=col))
    for k, (label, z) in enumerate(ZONES):
        u = b[z * 3:z * 3 + 3]
        out.append(f'<g>{title(f"{label}: {units(u)}")}'
                   f'{text(290 + 100 * k, y + 16, f"{label} {short_units(u)}", "s")}</g>')
    out += command_area(c, v, p, y + 24)
    hy = y + PANEL_H - 12
    x = 12
    for label, cards, names in (("Hand", v.hands[p - 1], {m: m for m in c.mercs}),
                                ("support cards", v.support_hands[p - 1], c.support_name)):
        known = [names[x_] for x_ in cards if x_ in names]
        if len(known) == len(cards):
            body = f"{label}: {', '.join(known) or 'none'}"
            out.append(text(x, hy, body, "s"))
            x += 5.3 * len(body) + 14
        else:   # hidden from this view: drawn face down
            out.append(text(x, hy, f"{label}:", "s"))
            x += 5 * len(label) + 8
            out.append(backs(x, hy - 9, len(cards), f"{who(v, p)} {label.lower()}: {len(cards)}, face down"))
            x += 8 * len(cards) + 14
    if v.skills_used[p - 1]:
        out.append(text(x, hy, "skills used: " + ", ".join(x_.lower() for x_ in v.skills_used[p - 1]), "s"))
    return out


def backs(x: float, y: float, n: int, tip: str) -> str:
    """`n` cards face down, fanned."""
    cards = "".join(f'<rect class="back" x="{x + 8 * k:g}" y="{y:g}" width="7" height="11" rx="1"/>'
                    for k in range(n))
    return f"<g>{title(tip)}{cards}</g>"


def command_area(c, v, p: int, y: float) -> list[str]:
    out = []
    row = v.area[p - 1]
    for k, cid in enumerate(row):
        x = 12 + k * 46
        out.append(card(c, cid, x, y, wounded=cid in v.wounded[p - 1]))
        if k < len(v.circle[p - 1]) and v.circle[p - 1][k]:
            g = v.guard[p - 1][k]
            state = {GUARDED: "guarded", OPEN: "completed this turn, may take a guard"}.get(g, "empty for good")
            fill = colour(c, v, p) if g == GUARDED else "none"
            out.append(f'<g>{title(f"{v.circle[p - 1][k].lower()} circle {k + 1}: {state}")}'
                       f'<circle cx="{x + 41}" cy="{y + 28}" r="6" fill="{fill}" '
                       f'stroke="{SKILL_HEX[v.circle[p - 1][k]]}" stroke-width="2"/></g>')
    if not row:
        out.append(text(12, y + 30, "Command Area: no mercenary yet", "s m"))
    return out


def header(c, v, player) -> str:
    mode = {"solo": "solo against the Rebellion", "teams": "2 vs 2", "ffa": f"{v.players} players"}[v.mode]
    line = f"Galactic Warlords · {mode} · turn {v.turn}"
    if v.over:
        line += " · game over" + (" (turn limit)" if v.truncated else "")
    else:
        if v.active:
            line += f" · {who(v, v.active)}: {PHASES.get(v.phase, v.phase)}"
        if v.last_turn:
            line += f" · ends after turn {v.last_turn}"
    if player is not None:
        line += f" · as seen by {who(v, player)}"
    return text(10, 20, line, "b")


def draw(c, v, player: int | None) -> str:
    """The SVG document of view `v` as `player` sees it (None: a spectator)."""
    out = [header(c, v, player)]
    out += galaxy(c, v, player)
    out += planet_track(c, v, 46)
    out += reputation_track(c, v, 184)
    out += market(c, v, 290)
    out += under_way(c, v, 404)
    y = GALAXY_Y + 3 * (SECTOR_H + 4) + 6
    for p in range(1, v.seats + 1):
        out += panel(c, v, p, y, player)
        y += panel_height(v, p)
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}"><style>{STYLE}</style><rect width="{WIDTH}" height="{height}" fill="#fff"/>'
            + "".join(out) + "</svg>")

"""The Apogee table as an SVG picture (the replay viewer's board), drawn from a view only.

What the rulebook puts on the table, top to bottom: the Mission and this turn's Event; the three
Technology rivers with their piles, the R&D pile, the Investor river and the Engineer piles; the Space
Operations Center board, one column per destination with the Authority it requires and each player's
deposits there; then each player's area: the Mission Director, credits, additional dice and Investors,
the Engineers in hand (with the action each stands on), the reserve, and the Launch Pad's four slots
with the rocket's thrust, mass, yield and astronauts.

Everything hidden from the viewer arrives as -1 in the view and is drawn face down (a grey card).
Each piece carries a `<title>` (hover text) with its full name and numbers. The document is
self-contained: one inline `<style>`, no scripts, no external references; about 900 px wide.
"""

from __future__ import annotations

from html import escape

from apogee.components import KINDS, Components
from apogee.figures import progress
from apogee.queries import mission_of
from apogee.rocket import crew, mass, min_roll, soc_authority, thrust, yield_of
from apogee.state import SOC_FIXED, SPOTS, ApogeeState
from apogee.words import (BAN_WORDS, KIND_WORDS, SPOT_WORDS, STEP_WORDS, card_facts, director_effect,
                          engineer_effect, event_effect, event_name, goal_text, investor_text, money, place_name,
                          tenths)

WIDTH = 900
COLOURS = ("#c0392b", "#1f6fb4", "#27903f", "#d9791a", "#7d4fb0")  # P1..P5, the same in every picture
STYLE = ("text{font-family:sans-serif;font-size:10px;fill:#222}.s{font-size:8.5px}.h{font-size:14px;"
         "font-weight:bold}.b{font-weight:bold}.w{fill:#fff}.c{stroke:#777;stroke-width:.6}.k0{fill:#f6dfb4}"
         ".k1{fill:#cfe2f3}.k2{fill:#d9ead3}.k3{fill:#ead1dc}.e{fill:#fff6d5}.i{fill:#e8f0e0}.fd{fill:#6e6e6e}"
         ".p{fill:#fafafa;stroke:#bbb}")
SPOT_SHORT = {"none": "", "specialty": "Specialty", "construction": "Construction", "rnd": "R&D",
              "design": "Design", "soc": "Space Ops", "soc_fixed": "Space Ops"}


def colour(p: int) -> str:
    return COLOURS[(p - 1) % len(COLOURS)]


def series_colours(config) -> dict[str, str]:
    """Each charted seat's colour as the board draws it (`Rules.colours`)."""
    return {f"P{p}": colour(p) for p in range(1, config.players + 1)}


def room(width: float, size: float = 10) -> int:
    """About how many letters fit in `width` px at font size `size` (a sans-serif letter is about 0.55 em)."""
    return max(3, int(width / (size * 0.55)))


def clip(text: str, width: float, size: float = 10) -> str:
    """Shorten `text` to about `width` px at font size `size`."""
    fits = room(width, size)
    return text if len(text) <= fits else text[:fits - 1].rstrip() + "…"


def two_lines(text: str, width: float, size: float) -> tuple[str, str]:
    """`text` cut between words into a first line that fits `width` at `size` and the rest."""
    words, first = text.split(), ""
    while words and len(f"{first} {words[0]}".strip()) <= room(width, size):
        first = f"{first} {words.pop(0)}".strip()
    return (first, " ".join(words)) if first else (clip(text, width, size), "")


class Svg:
    """A small writer: pieces are appended as text, escaped once here."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def rect(self, x, y, w, h, cls="", fill="", rx=3, title="", stroke="") -> None:
        attrs = f' class="{cls}"' if cls else ""
        attrs += f' fill="{fill}"' if fill else ""
        attrs += f' stroke="{stroke}" stroke-width="2.5"' if stroke else ""
        body = f"<title>{escape(title)}</title>" if title else ""
        self.parts.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}"{attrs}>{body}</rect>'
                          if body else f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}"{attrs}/>')

    def text(self, x, y, s, cls="", fill="", anchor="") -> None:
        attrs = f' class="{cls}"' if cls else ""
        attrs += f' fill="{fill}"' if fill else ""
        attrs += f' text-anchor="{anchor}"' if anchor else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{attrs}>{escape(s)}</text>')

    def group(self, title: str) -> None:
        self.parts.append(f"<g><title>{escape(title)}</title>")

    def end(self) -> None:
        self.parts.append("</g>")


def card(svg: Svg, c: Components, x: float, y: float, card_id: int, w: float = 100, h: float = 28) -> None:
    """A Technology card: name, thrust/mass and cost; face down when hidden."""
    if not 0 <= card_id < len(c.tech):
        svg.rect(x, y, w, h, "c fd", title="a face-down Technology card")
        return
    t = c.tech[card_id]
    svg.group(f"{t.name}: {card_facts(c, card_id)}")
    svg.rect(x, y, w, h, f"c k{KINDS.index(t.kind)}")
    name(svg, x, y, w, t.name)
    svg.text(x + 3, y + h - 3, f"{t.thrust}/{t.mass} · {money(t.cost)}", "s")
    svg.end()


def name(svg: Svg, x: float, y: float, w: float, text: str) -> None:
    """A card's name at its top: on one line when it fits, else whole on two small lines (names such as
    "Kerosene Liquid Propulsion" were cut to "Kerosene Liq…"); cards are 28 tall to leave room for it."""
    if len(text) <= room(w - 6):
        svg.text(x + 3, y + 10, text)
        return
    first, rest = two_lines(text, w - 6, 8.5)
    svg.text(x + 3, y + 9, first, "s")
    if rest:
        svg.text(x + 3, y + 17, clip(rest, w - 6, 8.5), "s")


def face_down_pile(svg: Svg, x: float, y: float, what: str, n: int, w: float = 62, h: float = 28) -> None:
    svg.rect(x, y, w, h, "c fd", title=f"{what} pile: {n} cards face down")
    svg.text(x + w / 2, y + h / 2 + 4, f"{n}", "b w", anchor="middle")


def header(svg: Svg, c: Components, v: ApogeeState) -> float:
    m = mission_of(c, v)
    what = "; ".join(goal_text(c, g) for g in m.goals)
    if m.investors:
        what = (what + "; " if what else "") + f"win {m.investors} Investors"
    if m.race_turn:
        what = f"reach the farthest destination by turn {m.race_turn}"
    title = (f"Apogee · Solo Mission {m.number} ({m.level}, {m.turns} turns)" if v.solo
             else f"Apogee · Mission {m.number} ({m.level})")
    svg.text(10, 18, title, "h")
    svg.text(10, 33, clip(f"Objective: {what}" if what else "Objective: see the Mission card", 430))
    stage = STEP_WORDS.get(v.stage, v.stage.replace("_", " "))
    over = "Game over" if v.over else f"Turn {v.turn} · {stage}"
    svg.text(WIDTH - 10, 18, over, "b", anchor="end")
    if v.event >= 0:
        svg.group(f"{event_name(c, v.event)}: {event_effect(c, v.event)}")
        svg.text(WIDTH - 10, 33, clip(f"Event: {event_name(c, v.event)}: {event_effect(c, v.event)}", 440),
                 anchor="end")
        svg.end()
    if v.bans:
        bans = ", ".join(BAN_WORDS.get(b, b.replace("_", " ")) for b in v.bans)
        svg.text(WIDTH - 10, 45, clip(f"For the rest of the game: {bans}", 340, 8.5), "s", anchor="end")
    return 52


def market(svg: Svg, c: Components, v: ApogeeState, y: float) -> float:
    """The rivers and piles (AP-SETUP-15), the R&D pile, the Investor river (AP-SETUP-16), the Engineer piles."""
    for r, river in enumerate(v.rivers):
        ry = y + r * 34
        svg.text(10, ry + 18, f"{KIND_WORDS[KINDS[r]]} river", "b")
        for i, card_id in enumerate(river):
            card(svg, c, 100 + i * 106, ry, card_id, w=102)
        face_down_pile(svg, 422, ry, f"{KIND_WORDS[KINDS[r]]}", len(v.piles[r]), w=40)
    ry = y + 3 * 34
    svg.text(10, ry + 18, "R&D pile", "b")
    face_down_pile(svg, 100, ry, "R&D", len(v.piles[3]), w=40)
    svg.text(150, ry + 18, f"Junior Engineers {len(v.juniors)} · Senior Engineers {len(v.seniors)} · "
             f"Events {len(v.event_pile)} · blue dice in the supply {v.supply}", "s")
    svg.text(480, y + 10, "Investors", "b")
    for i, inv in enumerate(v.investor_river):
        ix = 480 + i * 206
        svg.group(investor_text(c, inv))
        svg.rect(ix, y + 16, 200, 40, "c i")
        x = c.investor[inv]
        svg.text(ix + 4, y + 29, f"{x.name} · {money(x.credits)}", "b")
        goal = investor_text(c, inv, credits=False)
        svg.text(ix + 4, y + 45, clip(goal[goal.find("(") + 1:-1], 192), "s")
        svg.end()
    svg.text(480, y + 72, f"Investor pile {len(v.investor_pile)} · out of the game {len(v.investors_out)}", "s")
    return y + 4 * 34 + 4


def operations_center(svg: Svg, c: Components, v: ApogeeState, y: float) -> float:
    """The Space Operations Center board: each destination's Authority (AP-GAP-09) and what each player
    deposited there (AP-LCH-14)."""
    n = len(c.destinations)
    col = (WIDTH - 20) / n
    rows = max(1, sum(1 for pl in v.areas if pl.launches))
    height = 30 + 12 * rows
    svg.rect(10, y, WIDTH - 20, height, "p", rx=4)
    svg.text(14, y + 11, "Space Operations Center", "b s")
    for d in range(n):
        x = 10 + d * col
        svg.text(x + col / 2, y + 23, f"{place_name(c, d)} · Authority {tenths(c.required[d])}", "b",
                 anchor="middle")
        line = 0
        for p, pl in enumerate(v.areas, 1):
            here = [x_ for x_ in pl.launches if x_.destination == d]
            if not here:
                continue
            cards = [c.tech[k].name for x_ in here for k in x_.cards]
            astronauts = sum(x_.astronauts for x_ in here)
            summary = f"P{p}: {len(here)} launch{'es' if len(here) > 1 else ''}"
            if astronauts:
                summary += f", {astronauts} astronauts"
            svg.group(f"P{p} at {place_name(c, d)}: {', '.join(cards) or 'no card'}; {astronauts} astronauts")
            svg.text(x + 6, y + 36 + 12 * line, clip(summary, col - 8, 8.5), "s", fill=colour(p))
            svg.end()
            line += 1
    return y + height + 6


def engineer_card(svg: Svg, c: Components, x: float, y: float, e: int, spot: int) -> None:
    w, h = 84, 28
    if not 0 <= e < len(c.engineer):
        svg.rect(x, y, w, h, "c fd", title="a face-down Engineer")
        svg.text(x + w / 2, y + 17, "Engineer", "s w", anchor="middle")
        return
    eng = c.engineer[e]
    where = "soc_fixed" if spot == SOC_FIXED else SPOTS[spot] if 0 <= spot < len(SPOTS) else "none"
    on = f", on {SPOT_WORDS.get(where, 'the Space Operations Center')}" if where not in ("none",) else ""
    svg.group(f"{eng.name} ({tenths(eng.authority)}, {eng.profile.capitalize()}): {engineer_effect(c, e)}{on}")
    svg.rect(x, y, w, h, "c e")
    name(svg, x, y, w, eng.name)
    svg.text(x + 3, y + h - 4, f"{tenths(eng.authority)} {SPOT_SHORT.get(where, '')}", "s")
    svg.end()


def player_area(svg: Svg, c: Components, v: ApogeeState, p: int, y: float, acting: bool) -> float:
    """One player's board, Launch Pad and hand (AP-SETUP-01)."""
    pl = v.areas[p - 1]
    height = 160
    svg.rect(10, y, WIDTH - 20, height, "p", rx=5)
    svg.rect(10, y, 6, height, fill=colour(p), rx=2)
    if acting:  # the player who must decide now
        svg.rect(10, y, WIDTH - 20, height, fill="none", rx=5, stroke=colour(p))
    if 0 <= pl.director < len(c.director):
        d = c.director[pl.director]
        who = f"{d.name} ({d.company}, {c.nations[d.nation].name}, Authority {d.authority})"
        tip = f"{d.name}: {director_effect(c, pl.director)}"
    elif any(0 <= d < len(c.director) for d in pl.dealt):  # the viewer's own choice (AP-SETUP-12)
        who = "choosing a Mission Director: " + " or ".join(c.director[d].name for d in pl.dealt)
        tip = "; ".join(f"{c.director[d].name}: {director_effect(c, d)}" for d in pl.dealt)
    else:
        who, tip = "Mission Director face down", "a face-down Mission Director"
    svg.group(tip)
    svg.text(22, y + 15, f"P{p}", "h", fill=colour(p))
    svg.text(48, y + 14, clip(who, 420), "b")
    svg.end()
    used = [w for w, flag in (("Specialty used", pl.specialty_used), ("Intervention used", pl.nation_used)) if flag]
    status = (f"{money(pl.credits)} credits · {pl.dice} additional dice · {len(pl.investors)} Investors · "
              f"Mission {progress(c, v, p):g}%" + (" · " + ", ".join(used) if used else ""))
    svg.text(WIDTH - 16, y + 14, status, anchor="end")
    svg.text(22, y + 32, "Engineers", "s")
    for i, (e, spot) in enumerate(zip(pl.hand, pl.spots)):
        engineer_card(svg, c, 22 + i * 88, y + 36, e, spot)
    if pl.drawn:
        svg.text(470, y + 32, "R&D drawn", "s")
        for i, k in enumerate(pl.drawn[:3]):
            card(svg, c, 470 + i * 40, y + 36, k, w=36)
    svg.text(22, y + 76, f"Reserve ({len(pl.reserve)}/9)", "s")
    for i, k in enumerate(pl.reserve[:10]):
        card(svg, c, 22 + (i % 5) * 84, y + 80 + (i // 5) * 31, k, w=80)
    if len(pl.reserve) > 10:
        svg.text(440, y + 130, f"+{len(pl.reserve) - 10}", "b")
    launch_pad(svg, c, pl, 590, y + 24)
    return y + height + 6


def launch_pad(svg: Svg, c: Components, pl, x: float, y: float) -> None:
    """The four slots of up to 3 cards (AP-COMP-18) and the rocket's numbers (AP-YLD-01, AP-PRB-01)."""
    svg.text(x, y + 8, "Launch Pad", "s")
    for k in range(4):
        sx = x + k * 73
        svg.text(sx, y + 19, KIND_WORDS[KINDS[k]], "s")
        built = [card_id for card_id in pl.pad if c.kind[card_id] == k]
        for i, card_id in enumerate(built[:3]):
            card(svg, c, sx, y + 22 + i * 30, card_id, w=70)
    n, auth = soc_authority(c, pl)
    if n:
        svg.text(x, y + 128, f"Space Operations Center: {n} Engineer{'s' if n > 1 else ''}, Authority "
                 f"{tenths(auth)}", "s")
    if pl.pad and all(k >= 0 for k in pl.pad):
        t, m = thrust(c, pl), mass(c, pl)
        y_ = yield_of(c, t, m)
        astronauts, _ = crew(c, pl)
        rolls = ", ".join(f"{place_name(c, d)} {r}+" for d in range(len(c.destinations))
                          if (r := min_roll(c, y_, d))) if y_ else "none: not in the yield table"
        line = (f"thrust {t} · mass {m} · yield {tenths(y_) if y_ else 'off the table'} · "
                f"{astronauts} astronauts")
        svg.group(f"Rolls needed: {rolls}")
        svg.text(x, y + 118, clip(line, 296, 8.5), "s")
        svg.end()


def draw(c: Components, v: ApogeeState, player: int | None) -> str:
    """The picture of view `v` as seen by `player` (None: a spectator)."""
    svg = Svg()
    y = header(svg, c, v)
    y = market(svg, c, v, y)
    y = operations_center(svg, c, v, y)
    q = v.prompt
    acting = set() if q is None or v.over else (
        {p for p in range(1, v.players + 1) if v.areas[p - 1].waiting} if q.player == 0 else {q.player})
    for p in range(1, v.players + 1):
        y = player_area(svg, c, v, p, y, p in acting)
    if v.over:
        result = ("stopped at the turn limit, no result" if v.truncated else
                  "winners: " + ", ".join(f"P{p}" for p in v.winners) if v.winners else "nobody wins")
        svg.text(10, y + 12, f"Game over: {result}", "b")
        y += 18
    height = int(y + 4)
    body = "".join(svg.parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}"><style>{STYLE}</style><rect width="{WIDTH}" height="{height}" fill="#fff"/>'
            f"{body}</svg>")

"""Text rendering of what a player may see (rich markup), one line per item: whoever shows it wraps it
to the width it has (`boardcore.text.board_rows`)."""

from __future__ import annotations

from apogee.components import KINDS, Components
from apogee.missions import goal_met, goals, objective_met
from apogee.prompts import POINTS
from apogee.queries import mission_of
from apogee.rocket import crew, mass, min_roll, soc_authority, thrust, yield_of
from apogee.state import SOC, SOC_FIXED, SPOTS, ApogeeState
from apogee.words import BAN_WORDS, SPOT_WORDS, investor_text, stage_words, tenths

SHORT = {"first": "FS", "upper": "US", "payload": "PL", "rnd": "RD"}


def tech_card(c: Components, card: int) -> str:
    if card < 0:
        return "?"
    t = c.tech[card]
    return f"{t.name}({t.thrust}/{t.mass},{t.cost}k)"


def render(c: Components, v: ApogeeState, player: int | None) -> str:
    m = mission_of(c, v)
    mode = f"Solo Mission {m.number} ({m.level}, {m.turns} turns)" if v.solo else f"Mission {m.number} ({m.level})"
    event = c.events[v.event].name if v.event >= 0 else "none"
    lines = [f"[bold]Apogee[/bold] - {mode} - {stage_words(v)} - Event: [yellow]{event}[/yellow]"]
    if v.bans:
        lines.append(f"  bans for the game: {', '.join(BAN_WORDS.get(b, b) for b in v.bans)}")
    for k, river in enumerate(v.rivers):
        lines.append(f"  river {SHORT[KINDS[k]]}: " + (", ".join(tech_card(c, card) for card in river) or "-")
                     + f"   (pile {len(v.piles[k])})")
    lines.append(f"  R&D pile {len(v.piles[3])}   Juniors {len(v.juniors)}   Seniors {len(v.seniors)}   "
                 f"blue dice in supply {v.supply}")
    invs = "; ".join(f"{investor_text(c, i, False)} +{c.investor[i].credits}k" for i in v.investor_river) or "-"
    lines.append(f"  Investors: {invs}")
    for p, pl in enumerate(v.areas, 1):
        me = " (you)" if p == player else ""
        d = c.director[pl.director] if pl.director >= 0 else None
        head = (f"[bold]P{p}{me}[/bold] {d.name} ({c.nations[d.nation].name}, Authority {d.authority})" if d else f"[bold]P{p}{me}[/bold] ?")
        flags = []
        if pl.specialty_used:
            flags.append("Specialty spent")
        if pl.nation_used:
            flags.append("Intervention spent")
        lines.append(f"{head}  {pl.credits}k credits  {pl.dice} dice  Investors {len(pl.investors)}  "
                     f"{'  '.join(flags)}")
        hand = ", ".join(_engineer(c, e, sp) for e, sp in zip(pl.hand, pl.spots)) or "-"
        lines.append(f"  Engineers: {hand}")
        reserve = ", ".join(tech_card(c, card) for card in pl.reserve) or "-"
        lines.append(f"  reserve ({len(pl.reserve)}/9): {reserve}")
        if pl.drawn:
            lines.append("  R&D drawn: " + ", ".join(tech_card(c, card) for card in pl.drawn))
        pad = ", ".join(f"{SHORT[KINDS[c.kind[card]]]} {tech_card(c, card)}" for card in pl.pad) or "-"
        lines.append(f"  Launch Pad: {pad}")
        if pl.pad and all(card >= 0 for card in pl.pad):
            t, ms = thrust(c, pl), mass(c, pl)
            y = yield_of(c, t, ms)
            astronauts, _ = crew(c, pl)
            rolls = "  ".join(f"{name} {min_roll(c, y, i) or '-'}" for i, name in enumerate(c.destinations)) \
                if y else "not in the yield table"
            n, auth = soc_authority(c, pl)
            lines.append(f"    thrust {t}  mass {ms}  yield {tenths(y)}  astronauts {astronauts}  "
                         f"SOC {tenths(auth)} ({n})  roll needed: {rolls}")
        for x in pl.launches:
            cards = ", ".join(c.tech[card].name for card in x.cards) or "-"
            lines.append(f"  SOC deposit at {c.destinations[x.destination]} (turn {x.turn}): {cards}; "
                         f"{x.astronauts} astronauts")
        if all(e >= 0 for e in pl.hand):
            done = [goal_met(c, g, pl) for g in goals(c, v)]
            state = "fulfilled" if objective_met(c, v, p) else f"goals {sum(done)}/{len(done)}"
            lines.append(f"  Mission progress: {state}")
    if v.over:
        lines.append("[bold]Game over[/bold]: " + ("turn cap reached" if v.truncated else
                                                   f"winners {v.winners or 'none'}"))
    elif v.prompt is not None:
        who = "every player still to answer" if v.prompt.player == 0 else f"P{v.prompt.player}"
        kind = v.prompt.kind  # the question in words, never the decision point's internal name
        lines.append(f"Waiting for {who}: {POINTS[kind].asks if kind in POINTS else kind}")
    return "\n".join(lines)


def _engineer(c: Components, e: int, spot: int) -> str:
    if e < 0:
        return "?"
    x = c.engineer[e]
    where = "SOC*" if spot == SOC_FIXED else "SOC" if spot == SOC else SPOT_WORDS[SPOTS[spot]] if spot > 0 else ""
    return f"{x.name} {tenths(x.authority)}" + (f"@{where}" if where else "")

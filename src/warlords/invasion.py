"""Invasion and Combat (GW-CMB-01..24): devastation, defender reinforcements and the
defending manoeuvres, rounds of dice with Heavy Siege, simultaneous casualties,
victory with reputation for the invader, and Evacuate.

Rounds repeat Steps 3-5 only (GW-CMB-21, GW-AMB-12) until a side is gone or the defender
evacuates: the invader cannot retreat (GW-CMB-22); dice are counted afresh each round
(GW-CMB-23). Rebellion choices are automatic (GW-REB-20, GW-AMB-55).
"""

from __future__ import annotations

import msgspec

from warlords import events as ev
from warlords import reputation, support
from warlords.casualties import loss_groups, rebel_losses, side
from warlords.prompts import POINTS, ask
from warlords.state import GUARDED, REBEL, Invasion

replace = msgspec.structs.replace


def is_rebel(s, p: int) -> bool:
    return p == REBEL and s.mode == "solo"


def staged(u, inv: Invasion, **changes) -> Invasion:
    new = replace(inv, **changes)
    u.emit(ev.InvasionStaged(invasion=new))
    return new


def step(c, u, rng) -> None:
    s = u.state
    inv = s.inv
    STAGES[inv.stage](c, u, inv, rng)


# -- Step 1: Planet Devastation ------------------------------------------------------
def start(c, u, p: int, defender: int, planet: int, units, sector: str = "") -> None:
    """GW-CMB-01, GW-CMB-02, GW-CMB-03, GW-EX-08: devastation once per invasion, then the defender's
    reinforcement step."""
    s = u.state
    inv = Invasion(planet=planet, attacker=p, defender=defender, att=tuple(units),
                   start_defenders=sum(s.pu[planet]))
    u.emit(ev.InvasionStarted(invasion=inv, sector=sector, devastate=c.type_index[s.planet_type[planet]]))


# -- Step 2: Defender Reinforcements -------------------------------------------------
def guard_reinforcements(c, s, inv: Invasion) -> list[int]:
    """GW-CMB-04, GW-CMB-05, GW-CMB-11: one guard, only if the defender had fewer units than the
    invader at the start of the step, under the 3-unit limit; its circle stays empty."""
    if inv.guard_used or is_rebel(s, inv.defender) or inv.start_defenders >= sum(inv.att):
        return []
    if sum(s.pu[inv.planet]) >= c.limit:
        return []
    return [k for k, g in enumerate(s.guard[inv.defender - 1]) if g == GUARDED]


def kickstarter_cards(c, s, inv: Invasion) -> list[str]:
    """GW-SUP-11, GW-CMB-11: the defender's Kickstarter Brigade (one support card per turn)."""
    d = inv.defender
    if is_rebel(s, d) or s.support_played[d - 1] or not support.kickstart_room(c, s, d):
        return []
    return [x for x in s.support_hands[d - 1] if c.support[x] == "kickstarter"][:1]


@POINTS.options("reinforce", asks="Defend the invaded planet: move a guard onto it or play Kickstarter Brigade, "
                                  "or pass (GW-CMB-04)")
def reinforce_answers(c, s, p: int) -> list:
    return reinforce_options(c, s, s.inv)


def reinforce_options(c, s, inv: Invasion) -> list:
    d = inv.defender
    return ([ev.Pass(player=d)] + [ev.Reinforce(player=d, circle=k) for k in guard_reinforcements(c, s, inv)]
            + [ev.PlaySupport(player=d, card=x) for x in kickstarter_cards(c, s, inv)])


def reinforce(c, u, inv: Invasion, rng) -> None:
    s = u.state
    if len(reinforce_options(c, s, inv)) > 1:
        ask(u, inv.defender, "reinforce")
    else:
        staged(u, inv, stage="roll")


def manoeuvre(c, s, inv: Invasion, circle: int) -> str:
    """GW-CMB-06, GW-AMB-16: a mercenary beside the guard's circle with the invaded planet's
    mission symbol gives the manoeuvre of the circle's colour."""
    d = inv.defender - 1
    kind = s.planet_type[inv.planet]
    area = s.area[d]
    if c.mercs[area[circle]].mission == kind or c.mercs[area[circle + 1]].mission == kind:
        return c.manoeuvre_of[s.circle[d][circle]]
    return ""


@POINTS.resolves("reinforce")
def on_reinforce(c, u, a, rng) -> None:
    s = u.state
    inv = s.inv
    if isinstance(a, ev.Reinforce):
        move = manoeuvre(c, s, inv, a.circle)
        u.emit(ev.Reinforced(player=a.player, planet=inv.planet, circle=a.circle))
        staged(u, inv, guard_used=True, manoeuvre=move)
    elif isinstance(a, ev.PlaySupport):
        support.play(c, u, a.player, a.card)
    else:
        staged(u, inv, stage="roll")


# -- Step 3: roll -----------------------------------------------------------------------
def dice_counts(c, s, inv: Invasion) -> tuple[int, int]:
    """GW-CMB-12, GW-CMB-09/10, GW-AMB-15: one die per unit up to 3; Fortify +1 and First
    Strike -1 in the first round."""
    cap = c.data.dice.max_dice
    a = min(cap, sum(inv.att))
    d = min(cap, sum(s.pu[inv.planet]))
    if inv.round == 1:
        if inv.manoeuvre == "fortify":
            d += 1
        elif inv.manoeuvre == "first_strike":
            a = max(0, a - 1)
    return a, d


def roll(c, u, inv: Invasion, rng) -> None:
    """GW-CMB-13, GW-AMB-60: Heavy Siege is set by the Tanks present when the dice are rolled."""
    s = u.state
    a, d = dice_counts(c, s, inv)
    faces = c.faces
    att = tuple(faces[rng.randbelow(len(faces))] for _ in range(a))
    dfn = tuple(faces[rng.randbelow(len(faces))] for _ in range(d))
    u.emit(ev.CombatRolled(attacker=att, defender=dfn))
    nxt = "reroll" if inv.round == 1 and inv.manoeuvre == "efficient_targeting" else "hits"
    staged(u, s.inv, stage=nxt, siege=inv.att[1] > 0)


def reroll(c, u, inv: Invasion, rng) -> None:
    ask(u, inv.defender, "reroll")


@POINTS.options("reroll", asks="Efficient Targeting: reroll any of your dice once, or keep them (GW-CMB-07)")
def reroll_answers(c, s, p: int) -> list:
    return reroll_options(s, s.inv)


def reroll_options(s, inv: Invasion) -> list:
    """GW-CMB-07: any number of the defender's dice, by result."""
    d = inv.def_dice
    h, ih, m = d.count("hit"), d.count("invader_hit"), d.count("miss")
    out = [ev.Pass(player=inv.defender)]
    for x in range(h + 1):
        for y in range(ih + 1):
            for z in range(m + 1):
                if x + y + z:
                    out.append(ev.Reroll(player=inv.defender, hits=x, invader_hits=y, misses=z))
    return out


@POINTS.resolves("reroll")
def on_reroll(c, u, a, rng) -> None:
    s = u.state
    inv = s.inv
    if isinstance(a, ev.Reroll):
        keep = list(inv.def_dice)
        for face, n in (("hit", a.hits), ("invader_hit", a.invader_hits), ("miss", a.misses)):
            for _ in range(n):
                keep.remove(face)
        new = tuple(c.faces[rng.randbelow(len(c.faces))] for _ in range(a.hits + a.invader_hits + a.misses))
        u.emit(ev.Rerolled(defender=tuple(keep) + new))
    staged(u, s.inv, stage="hits")


# -- Step 4: casualties -----------------------------------------------------------------
def hits(c, u, inv: Invasion, rng) -> None:
    """GW-CMB-14: invader Hits (+ Invader Hits under Heavy Siege); defender Hits (+ Invader
    Hits under first-round Bolster, GW-CMB-08). First Strike is in `dice_counts` (GW-CMB-10)."""
    s = u.state
    att_hits = inv.att_dice.count("hit") + (inv.att_dice.count("invader_hit") if inv.siege else 0)
    bolster = inv.round == 1 and inv.manoeuvre == "bolster"
    def_hits = inv.def_dice.count("hit") + (inv.def_dice.count("invader_hit") if bolster else 0)
    staged(u, inv, stage="cas_att", att_loss=min(def_hits, sum(inv.att)),
           def_loss=min(att_hits, sum(s.pu[inv.planet])))


def casualties(c, u, inv: Invasion, rng) -> None:
    """GW-CMB-15/16, GW-AMB-11/55: each side removes its own units; choices only when they matter."""
    s = u.state
    attacking, p, n, units = side(s, inv)
    nxt = "cas_def" if attacking else "check"
    if n:
        groups = loss_groups(units, n)
        if is_rebel(s, p):
            lost = rebel_losses(units, n)
        elif len(groups) == 1:
            lost = groups[0]
        else:
            ask(u, p, "casualties")
            return
        u.emit(ev.UnitsLost(player=p, planet=inv.planet, units=lost, invading=attacking))
    staged(u, s.inv, stage=nxt)


# -- Step 5: victory, Evacuate, next round ------------------------------------------------
def check(c, u, inv: Invasion, rng) -> None:
    """GW-CMB-17, GW-CMB-18 (the winner holds the planet), GW-CMB-19, GW-AMB-13 (both gone: nobody
    wins), GW-CMB-20, GW-AMB-14 (Evacuate), GW-CMB-21 (another round)."""
    s = u.state
    left_att = sum(inv.att)
    left_def = sum(s.pu[inv.planet])
    if not left_att and not left_def:
        u.emit(ev.InvasionEnded(winner=0))
    elif not left_def:
        u.emit(ev.InvasionEnded(winner=inv.attacker))
        reputation.gain(c, u, inv.attacker)
    elif not left_att:
        u.emit(ev.InvasionEnded(winner=inv.defender))
    elif s.pu[inv.planet][2] and not is_rebel(s, inv.defender):
        staged(u, inv, stage="evacuate")
        ask(u, inv.defender, "evacuate")
    else:
        next_round(u, inv)


def next_round(u, inv: Invasion) -> None:
    staged(u, inv, stage="roll", round=inv.round + 1, att_dice=(), def_dice=(), att_loss=0, def_loss=0)


@POINTS.options("evacuate", asks="Evacuate: move all your units on the planet to your Launch Pad, or fight "
                                 "another round (GW-CMB-20)")
def evacuate_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p), ev.Evacuate(player=p)]


@POINTS.resolves("evacuate")
def on_evacuate(c, u, a, rng) -> None:
    """GW-CMB-20, GW-AMB-14: the defender leaves; the invader holds the planet without reputation."""
    s = u.state
    inv = s.inv
    if isinstance(a, ev.Evacuate):
        u.emit(ev.Evacuated(player=a.player, planet=inv.planet), ev.InvasionEnded(winner=inv.attacker))
    else:
        next_round(u, inv)


def evacuate_wait(c, u, inv: Invasion, rng) -> None:
    ask(u, inv.defender, "evacuate")


STAGES = {"reinforce": reinforce, "roll": roll, "reroll": reroll, "hits": hits, "cas_att": casualties,
          "cas_def": casualties, "check": check, "evacuate": evacuate_wait}

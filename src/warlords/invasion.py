"""Invasion and Combat (GW-CMB-01..24): devastation, defender reinforcements and the
defending manoeuvres, rounds of dice with Heavy Siege, simultaneous casualties (`casualties.py`),
victory with reputation for the invader, and Evacuate.

The invasion in progress is `state.invasion`, moved from stage to stage (`STAGES`). The Rebellion's
choices in it are made for it (GW-REB-20), and its invasions follow the same steps (GW-REB-15), as
do the human's invasions of its planets (GW-SPT-15).
"""

from __future__ import annotations

import msgspec

from warlords import events as ev
from warlords import reputation, support
from warlords.casualties import loss_groups, rebel_losses, side
from warlords.prompts import POINTS, ask, pass_or
from warlords.state import GUARDED, REBEL, Invasion

replace = msgspec.structs.replace


def is_rebel(s, p: int) -> bool:
    """The Rebellion, whose choices are automatic (GW-REB-20)."""
    return p == REBEL and s.mode == "solo"


def staged(u, inv: Invasion, **changes) -> Invasion:
    """Record how far the invasion has got."""
    new = replace(inv, **changes)
    u.emit(ev.InvasionStaged(invasion=new))
    return new


def step(c, u, rng) -> None:
    """The invasion's next step, by the stage it has reached."""
    inv = u.state.invasion
    STAGES[inv.stage](c, u, inv, rng)


# -- Step 1: Planet Devastation ------------------------------------------------------
def start(c, u, p: int, defender: int, planet: int, units, sector: str = "") -> None:
    """GW-CMB-01: units deployed onto an opponent's planet invade it; the deploying side is the
    invader (the rulebook's example: GW-EX-08)."""
    s = u.state
    # the defenders counted now decide the guard reinforcement (GW-CMB-11)
    inv = Invasion(planet=planet, attacker=p, defender=defender, att=tuple(units),
                   start_defenders=sum(s.planet_units[planet]))
    # GW-CMB-02, GW-CMB-03: the planet's type marker goes back one space, once for the whole invasion
    # (never below the first: `evolve.invasion_started`); then the defender's reinforcement step
    u.emit(ev.InvasionStarted(invasion=inv, sector=sector, devastate=c.type_index[s.planet_type[planet]]))


# -- Step 2: Defender Reinforcements -------------------------------------------------
def guard_reinforcements(c, s, inv: Invasion) -> list[int]:
    """The circles whose guard may reinforce the planet. It counts as a defender from the first roll
    and leaves its circle empty for good (GW-CMB-05: `evolve.reinforced`)."""
    # GW-CMB-04: one guard per invasion, only if the defender has fewer units than the invader;
    # GW-CMB-11: counted at the start of the step, so a Kickstarter unit never blocks it
    if inv.guard_used or is_rebel(s, inv.defender) or inv.start_defenders >= sum(inv.att):
        return []
    if sum(s.planet_units[inv.planet]) >= c.limit:
        return []
    return [k for k, g in enumerate(s.guard[inv.defender - 1]) if g == GUARDED]


def kickstarter_cards(c, s, inv: Invasion) -> list[str]:
    """GW-SUP-11, GW-CMB-11: the defender's Kickstarter Brigade, with or without fewer units, if the
    defender has not played a support card this turn (GW-SUP-03)."""
    d = inv.defender
    if is_rebel(s, d) or s.support_played[d - 1] or not support.kickstart_room(c, s, d):
        return []
    return [x for x in s.support_hands[d - 1] if c.support[x] == "kickstarter"][:1]


@POINTS.options("reinforce", asks="Defend the invaded planet: move a guard onto it or play The Kickstarter "
                                  "Brigade, or pass (GW-CMB-04)")
def reinforce_options(c, s, p: int) -> list:
    """Step 2's choices for the defender: pass, a guard, or Kickstarter Brigade (both may be used)."""
    inv = s.invasion
    d = inv.defender
    return ([ev.Pass(player=d)] + [ev.Reinforce(player=d, circle=k) for k in guard_reinforcements(c, s, inv)]
            + [ev.PlaySupport(player=d, card=x) for x in kickstarter_cards(c, s, inv)])


def reinforce(c, u, inv: Invasion, rng) -> None:
    """Step 2 asks the defender only when there is more to do than pass."""
    s = u.state
    if len(reinforce_options(c, s, inv.defender)) > 1:
        ask(u, inv.defender, "reinforce")
    else:
        staged(u, inv, stage="roll")


def manoeuvre(c, s, inv: Invasion, circle: int) -> str:
    """GW-CMB-06, GW-AMB-16: a mercenary beside the reinforcing guard's circle with the invaded
    planet's mission symbol gives the manoeuvre of the circle's colour, for the first round."""
    d = inv.defender - 1
    kind = s.planet_type[inv.planet]
    area = s.area[d]
    if c.mercs[area[circle]].mission == kind or c.mercs[area[circle + 1]].mission == kind:
        return c.manoeuvre_of[s.circle[d][circle]]
    return ""


@POINTS.resolves("reinforce")
def on_reinforce(c, u, a, rng) -> None:
    """A guard or a Kickstarter Brigade, after which the defender may still add the other; a pass
    goes on to the roll."""
    s = u.state
    inv = s.invasion
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
    """How many dice the invader and the defender roll this round."""
    cap = c.data.dice.max_dice
    # GW-CMB-12: one die per own unit, at most 3; GW-CMB-23: counted afresh every round
    a = min(cap, sum(inv.att))
    d = min(cap, sum(s.planet_units[inv.planet]))
    if inv.round == 1:
        if inv.manoeuvre == "fortify":
            d += 1              # GW-CMB-09, GW-AMB-15: Fortify, one more die, even a 4th
        elif inv.manoeuvre == "first_strike":
            a = max(0, a - 1)   # GW-CMB-10: First Strike, one die fewer for the invader
    return a, d


def roll(c, u, inv: Invasion, rng) -> None:
    """Step 3: both sides roll; GW-CMB-13, GW-AMB-60: Heavy Siege is set by the invader's Tanks
    present as the dice are rolled."""
    s = u.state
    a, d = dice_counts(c, s, inv)
    faces = c.faces
    att = tuple(faces[rng.randbelow(len(faces))] for _ in range(a))
    dfn = tuple(faces[rng.randbelow(len(faces))] for _ in range(d))
    u.emit(ev.CombatRolled(attacker=att, defender=dfn))
    nxt = "reroll" if inv.round == 1 and inv.manoeuvre == "efficient_targeting" else "hits"
    staged(u, s.invasion, stage=nxt, siege=inv.att[1] > 0)


def reroll(c, u, inv: Invasion, rng) -> None:
    """Efficient Targeting's reroll is the defender's, after the first roll."""
    ask(u, inv.defender, "reroll")


@POINTS.options("reroll", asks="Efficient Targeting: reroll any of your dice once, or keep them (GW-CMB-07)")
def reroll_options(c, s, p: int) -> list:
    """GW-CMB-07: any number of the defender's dice, chosen by result (dice of one result are alike)."""
    inv = s.invasion
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
    """The dice chosen are rolled again and the new results stand."""
    s = u.state
    inv = s.invasion
    if isinstance(a, ev.Reroll):
        keep = list(inv.def_dice)
        for face, n in (("hit", a.hits), ("invader_hit", a.invader_hits), ("miss", a.misses)):
            for _ in range(n):
                keep.remove(face)
        new = tuple(c.faces[rng.randbelow(len(c.faces))] for _ in range(a.hits + a.invader_hits + a.misses))
        u.emit(ev.Rerolled(defender=tuple(keep) + new))
    staged(u, s.invasion, stage="hits")


# -- Step 4: casualties -----------------------------------------------------------------
def hits(c, u, inv: Invasion, rng) -> None:
    """Step 4: each side's hit total, no more than the other side's units (GW-CMB-15)."""
    s = u.state
    # GW-CMB-14: the invader's Hits, and Invader Hits under Heavy Siege
    att_hits = inv.att_dice.count("hit") + (inv.att_dice.count("invader_hit") if inv.siege else 0)
    # the defender's Hits, and Invader Hits under a first-round Bolster (GW-CMB-08)
    bolster = inv.round == 1 and inv.manoeuvre == "bolster"
    def_hits = inv.def_dice.count("hit") + (inv.def_dice.count("invader_hit") if bolster else 0)
    staged(u, inv, stage="cas_att", att_loss=min(def_hits, sum(inv.att)),
           def_loss=min(att_hits, sum(s.planet_units[inv.planet])))


def casualties(c, u, inv: Invasion, rng) -> None:
    """The invader's losses, then the defender's: both follow from the same roll, so the order
    changes nothing (GW-CMB-15). Each side is asked only when it has a choice."""
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
    staged(u, s.invasion, stage=nxt)


# -- Step 5: victory, Evacuate, next round ------------------------------------------------
def check(c, u, inv: Invasion, rng) -> None:
    """Step 5: a side still standing alone wins and holds the planet (GW-CMB-18, GW-CMB-24:
    `evolve.invasion_ended`); otherwise Evacuate or another round."""
    s = u.state
    left_att = sum(inv.att)
    left_def = sum(s.planet_units[inv.planet])
    if not left_att and not left_def:
        u.emit(ev.InvasionEnded(winner=0))   # GW-CMB-19, GW-AMB-13: both gone, nobody wins or gains
    elif not left_def:
        u.emit(ev.InvasionEnded(winner=inv.attacker))
        reputation.gain(c, u, inv.attacker)   # GW-CMB-17: a winning invader gains 1 reputation
    elif not left_att:
        u.emit(ev.InvasionEnded(winner=inv.defender))   # a winning defender gains nothing
    elif s.planet_units[inv.planet][2] and not is_rebel(s, inv.defender):
        # GW-CMB-20: a defender with an Aircraft there may evacuate
        staged(u, inv, stage="evacuate")
        ask(u, inv.defender, "evacuate")
    else:
        next_round(u, inv)


def next_round(u, inv: Invasion) -> None:
    """GW-CMB-21, GW-AMB-12: Steps 3-5 again, with no new devastation, reinforcement or manoeuvre
    (the manoeuvres look at round 1 only); GW-CMB-22: the invader cannot retreat."""
    staged(u, inv, stage="roll", round=inv.round + 1, att_dice=(), def_dice=(), att_loss=0, def_loss=0)


evacuate_options = POINTS.options("evacuate", asks="Evacuate: move all your units on the planet to your Launch "
                                                   "Pad, or fight another round (GW-CMB-20)")(pass_or(ev.Evacuate))


@POINTS.resolves("evacuate")
def on_evacuate(c, u, a, rng) -> None:
    """GW-AMB-14: the defender's units go to its Launch Pad and the invader holds the planet, without
    reputation; or the fight goes on."""
    s = u.state
    inv = s.invasion
    if isinstance(a, ev.Evacuate):
        u.emit(ev.Evacuated(player=a.player, planet=inv.planet), ev.InvasionEnded(winner=inv.attacker))
    else:
        next_round(u, inv)


def evacuate_wait(c, u, inv: Invasion, rng) -> None:
    """At the Evacuate stage the defender's answer is awaited."""
    ask(u, inv.defender, "evacuate")


STAGES = {"reinforce": reinforce, "roll": roll, "reroll": reroll, "hits": hits, "cas_att": casualties,
          "cas_def": casualties, "check": check, "evacuate": evacuate_wait}

"""Engineer Specialties (AP-ENG-*), activated from the Specialty action (AP-SPC-09)."""

from __future__ import annotations

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.common import (ROLLS, ask, build, buildable, draw_rnd, gain, next_in_order, pay,
                           roll_main, sale_price, sell, take_from_river)
from apogee.investors import replace_river

TURN_MODS = {"solid_thrust", "liquid_thrust", "ion_thrust", "nuclear_thrust", "mass_cut", "capsule_crew"}


def activate(u: Unfolding, rng, player: int, engineer: int) -> None:
    """AP-SPC-03, AP-SPC-04, AP-SPC-05: an Engineer with a roll rolls the main die first (AP-SPC-04); others
    act at once."""
    e = u.rules.c.engineer[engineer]
    if e.roll:
        roll_main(u, rng, player, "engineer", e.roll, engineer)
    else:
        succeed(u, rng, player, engineer)


def succeed(u: Unfolding, rng, player: int, engineer: int) -> None:
    """What each Specialty does. Turn-long ones become modifiers of the owner's rocket (AP-ENG-24, AP-AMB-65,
    AP-AMB-69): AP-ENG-02, -11, -12, -15, -19, -20, -21."""
    c = u.rules.c
    e = c.engineer[engineer]
    s = u.state
    pl = s.p[player - 1]
    effect = e.effect
    if effect in TURN_MODS:
        u.emit(ev.Modified(player=player, mod=effect, amount=e.amount))
    # AP-ENG-13, AP-ENG-14: every player's allowance for this turn (spent in planning.resolve_build)
    elif effect == "discount":
        u.emit(ev.Modified(player=0, mod="discount", amount=e.amount))
    elif effect == "soc_authority":  # AP-ENG-03, AP-ENG-17, AP-AMB-21
        u.emit(ev.SocAssigned(player=player, engineer=engineer))
    elif effect == "replace_river":  # AP-ENG-01, AP-ENG-18
        ask(u, "replace_river", player, b=engineer)
        return
    elif effect == "river_pick":  # AP-ENG-04
        if any(s.rivers):
            ask(u, "river_pick", player, b=engineer)
            return
    elif effect == "draw_rnd":  # AP-ENG-05: both cards kept
        draw_rnd(u, player, e.amount)
    # AP-ENG-06, AP-ENG-07: printed cost exactly 20,000, for free; no card, no effect
    elif effect == "cheap_build":
        if [card for card in buildable(c, s, player, pl.reserve) if c.tech[card].cost == e.amount]:
            ask(u, "cheap_build", player, b=engineer)
            return
    elif effect == "gain":  # AP-ENG-08
        gain(u, player, e.amount, "specialty")
    elif effect == "sell":  # AP-ENG-09
        if pl.reserve:
            ask(u, "engineer_sell", player, b=engineer)
            return
    elif effect == "buy_die":  # AP-ENG-10, AP-AMB-35
        if pl.dice < c.n.dice_limit and s.supply > 0 and pl.credits >= e.amount:
            pay(u, player, e.amount, "specialty")
            u.emit(ev.DieGained(player=player))
    elif effect == "replace_investors":  # AP-ENG-16, AP-ENG-22
        replace_river(u)
    if not u.state.over:
        next_in_order(u)


def fail(u: Unfolding, rng, player: int, engineer: int) -> None:
    """A failed Specialty roll does nothing (AP-SPC-05)."""
    next_in_order(u)


ROLLS["engineer"] = (succeed, fail)


def cheap_build_options(c, s, player: int, engineer: int) -> list[int]:
    pl = s.p[player - 1]
    return [card for card in buildable(c, s, player, pl.reserve) if c.tech[card].cost == c.engineer[engineer].amount]


def resolve_choice(u: Unfolding, rng, action) -> None:
    """The choice a Specialty asked for; then the next Specialty."""
    c = u.rules.c
    p = action.player
    if isinstance(action, ev.ChooseRiver):  # AP-ENG-01, AP-AMB-49: all beneath, then 3 revealed
        r = ("first", "upper", "payload").index(action.river)
        s = u.state
        cleared = tuple(s.rivers[r])
        pile = list(cleared) + s.piles[r]
        n = min(c.n.river_size, len(pile))
        u.emit(ev.RiverReplaced(river=r, cleared=cleared, revealed=tuple(pile[-1:-n - 1:-1])))
    elif isinstance(action, ev.TakeCard):
        take_from_river(u, p, action.card)
    elif isinstance(action, ev.Build):
        build(u, p, action.card, 0)
    elif isinstance(action, ev.Sell):
        sell(u, p, action.card, sale_price(c, u.state, p))
    if not u.state.over:
        next_in_order(u)

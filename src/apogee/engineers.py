"""Engineer Specialties (AP-ENG-*), activated from the Specialty step (AP-SPC-09). A Specialty that needs a
choice asks for it (replace_river, river_pick, cheap_build, engineer_sell); the next Specialty follows the
answer."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import Components
from apogee.dice import ROLLS, roll_main
from apogee.effects import gain, next_in_order, pay
from apogee.investors import replace_river
from apogee.prompts import POINTS, ask
from apogee.queries import sale_price
from apogee.rocket import buildable
from apogee.state import RIVERS, ApogeeState
from apogee.technologies import build, draw_rnd, river_picks, sell, take_pick

TURN_MODS = {"solid_thrust", "liquid_thrust", "ion_thrust", "nuclear_thrust", "mass_cut", "capsule_crew"}


def activate(c: Components, u: Unfolding, rng, player: int, engineer: int) -> None:
    """AP-SPC-03, AP-SPC-04, AP-SPC-05: an Engineer with a roll rolls the main die first (AP-SPC-04); others
    act at once."""
    e = c.engineer[engineer]
    if e.roll:
        roll_main(c, u, rng, player, "engineer", e.roll, engineer)
    else:
        succeed(c, u, rng, player, engineer)


def succeed(c: Components, u: Unfolding, rng, player: int, engineer: int) -> None:
    """What each Specialty does. Turn-long ones become modifiers of the owner's rocket (AP-ENG-24, AP-AMB-65,
    AP-AMB-69): AP-ENG-02, -11, -12, -15, -19, -20, -21."""
    e = c.engineer[engineer]
    s = u.state
    pl = s.areas[player - 1]
    effect = e.effect
    if effect in TURN_MODS:
        u.emit(ev.Modified(player=player, mod=effect, amount=e.amount))
    # AP-ENG-13, AP-ENG-14: every player's allowance for this turn (spent in planning.resolve_build)
    elif effect == "discount":
        u.emit(ev.Modified(player=0, mod="discount", amount=e.amount))
    elif effect == "soc_authority":  # AP-ENG-03, AP-ENG-17, AP-AMB-21
        u.emit(ev.SocAssigned(player=player, engineer=engineer))
    elif effect == "replace_river":  # AP-ENG-01, AP-ENG-18
        ask(u, player, "replace_river", b=engineer)
        return
    elif effect == "river_pick":  # AP-ENG-04
        if any(s.rivers):
            ask(u, player, "river_pick", b=engineer)
            return
    elif effect == "draw_rnd":  # AP-ENG-05: both cards kept
        draw_rnd(c, u, player, e.amount)
    # AP-ENG-06, AP-ENG-07: printed cost exactly 20,000, for free; no card, no effect
    elif effect == "cheap_build":
        if cheap_build_options(c, s, player, engineer):
            ask(u, player, "cheap_build", b=engineer)
            return
    elif effect == "gain":  # AP-ENG-08
        gain(u, player, e.amount, "specialty")
    elif effect == "sell":  # AP-ENG-09
        if pl.reserve:
            ask(u, player, "engineer_sell", b=engineer)
            return
    elif effect == "buy_die":  # AP-ENG-10, AP-AMB-35
        if pl.dice < c.n.dice_limit and s.supply > 0 and pl.credits >= e.amount:
            pay(u, player, e.amount, "specialty")
            u.emit(ev.DieGained(player=player))
    elif effect == "replace_investors":  # AP-ENG-16, AP-ENG-22
        replace_river(c, u)
    if not u.state.over:
        next_in_order(u)


def fail(c: Components, u: Unfolding, rng, player: int, engineer: int) -> None:
    """A failed Specialty roll does nothing (AP-SPC-05)."""
    next_in_order(u)


ROLLS["engineer"] = (succeed, fail)


def _next_specialty(u: Unfolding) -> None:
    if not u.state.over:
        next_in_order(u)


@POINTS.options("replace_river", asks="Choose a Technology river to replace with three new cards (AP-ENG-01)")
def rivers_to_replace(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.ChooseRiver(player=player, river=r) for r in RIVERS]


@POINTS.resolves("replace_river")
def river_replaced(c: Components, u: Unfolding, action: ev.ChooseRiver, rng) -> None:
    """AP-ENG-01, AP-AMB-49: all its cards beneath its pile, then 3 revealed from the top."""
    r = RIVERS.index(action.river)
    s = u.state
    cleared = tuple(s.rivers[r])
    pile = list(cleared) + s.piles[r]
    n = min(c.n.river_size, len(pile))
    u.emit(ev.RiverReplaced(river=r, cleared=cleared, revealed=tuple(pile[-1:-n - 1:-1])))
    _next_specialty(u)


POINTS.options("river_pick", asks="Take one card from a Technology river into your reserve, or pass "
               "(AP-ENG-04)")(river_picks)


@POINTS.resolves("river_pick")
def river_picked(c: Components, u: Unfolding, action, rng) -> None:
    take_pick(c, u, action)
    _next_specialty(u)


def cheap_build_options(c: Components, s: ApogeeState, player: int, engineer: int) -> list[int]:
    """AP-ENG-06, AP-ENG-07: reserve cards of exactly the Engineer's printed cost that may be built."""
    pl = s.areas[player - 1]
    cost = c.engineer[engineer].amount
    return [card for card in buildable(c, s, player, pl.reserve) if c.tech[card].cost == cost]


@POINTS.options("cheap_build", asks="Build for free a card of your reserve whose printed cost is the one the "
                "Engineer names, or pass (AP-ENG-06)")
def cheap_builds(c: Components, s: ApogeeState, player: int) -> list:
    return ([ev.Build(player=player, card=card) for card in cheap_build_options(c, s, player, s.prompt.b)]
            + [ev.Pass(player=player)])


@POINTS.resolves("cheap_build")
def cheap_built(c: Components, u: Unfolding, action, rng) -> None:
    if isinstance(action, ev.Build):
        build(c, u, action.player, action.card, 0)
    _next_specialty(u)


@POINTS.options("engineer_sell", asks="Sell one card of your reserve on the Public Market (AP-ENG-09)")
def engineer_sales(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.Sell(player=player, card=card) for card in s.areas[player - 1].reserve]


@POINTS.resolves("engineer_sell")
def engineer_sold(c: Components, u: Unfolding, action: ev.Sell, rng) -> None:
    sell(c, u, action.player, action.card, sale_price(c, u.state, action.player))
    _next_specialty(u)

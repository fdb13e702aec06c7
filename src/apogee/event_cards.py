"""Event cards (AP-EV-*): the immediate ones resolve at reveal, player by player in Director Authority order
(AP-PEV-02, AP-AMB-36, AP-EV-34); the others are read where they apply. Examples: AP-EX-11 (Economic Crisis),
AP-EX-12 (Engine Failure)."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import FIRST, Components
from apogee.dice import ROLLS, roll_main
from apogee.effects import gain, next_in_order, pay
from apogee.queries import event_amount
from apogee.technologies import draw_rnd


def liquid_stages(c, pl) -> tuple[int, ...]:
    return tuple(card for card in pl.pad if c.kind[card] == FIRST and c.tech[card].propulsion == "liquid")


def resolve_for(c: Components, u: Unfolding, rng, player: int) -> None:
    """The revealed base Event's immediate effect on one player (AP-PEV-03)."""
    s = u.state
    e = c.events[s.event]
    pl = s.areas[player - 1]
    if e.key == "economic_crisis":  # AP-EV-04, AP-EV-05 (AP-EV-05: what one has, down to 0)
        pay(u, player, e.amount, "economic_crisis")
    elif e.key == "exceptional_aid":  # AP-EV-16, AP-EV-17, AP-AMB-66, AP-AMB-70 (AP-EV-17: nothing once spent)
        if not pl.specialty_used:
            gain(u, player, e.amount, "exceptional_aid")
    # AP-EV-19, AP-EV-20, AP-EV-21 (AP-EV-20: not at 9; AP-EV-21: not from an empty pile)
    elif e.key == "new_patents":
        if len(pl.reserve) < c.n.reserve_limit:
            draw_rnd(c, u, player, e.amount)
    # AP-EV-08, AP-EV-10, AP-AMB-16, AP-AMB-61: one roll, more than 4 (AP-EV-10: dice allowed)
    elif e.key == "engine_failure":
        if liquid_stages(c, pl):
            roll_main(c, u, rng, player, "engine", event_amount(c, s))
            return
    if not u.state.over:
        next_in_order(u)


def repaired(c: Components, u: Unfolding, rng, player: int, arg: int) -> None:
    next_in_order(u)


def destroyed(c: Components, u: Unfolding, rng, player: int, arg: int) -> None:
    """AP-EV-09: every Liquid Propulsion First Stage back to the reserve."""
    cards = liquid_stages(c, u.state.areas[player - 1])
    u.emit(ev.TechReturned(player=player, cards=cards))
    next_in_order(u)


ROLLS["engine"] = (repaired, destroyed)

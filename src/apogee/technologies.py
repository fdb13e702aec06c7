"""Technology cards changing hands: taken from a river or the R&D pile, built onto the Launch Pad, sold on the
Public Market or discarded beneath their pile; each acquisition and build is checked by the Investors.
Also the reserve's limit of 9 (AP-COMP-16), a choice owed at once."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import Components
from apogee.effects import gain
from apogee.investors import check_investors
from apogee.prompts import POINTS
from apogee.queries import event_key, straight_back
from apogee.state import ApogeeState


def take_from_river(c: Components, u: Unfolding, player: int, card: int) -> None:
    """AP-DES-04, AP-DES-07: the card to the reserve, the river refilled from its pile (AP-AMB-48), then the
    Investors check the acquisition (AP-IVR-08)."""
    river = c.kind[card]
    pile = u.state.piles[river]
    u.emit(ev.TechAcquired(player=player, card=card, river=river, revealed=pile[-1] if pile else -1))
    check_investors(c, u, player, "acquire", card=card)


def draw_rnd(c: Components, u: Unfolding, player: int, count: int) -> None:
    """R&D cards from the top of the pile straight into the reserve, while the pile lasts (AP-ENG-05,
    AP-MD-10, AP-MD-11, AP-EV-19, AP-EV-20, AP-EV-21), each an acquisition for the Investors."""
    for _ in range(count):
        pile = u.state.piles[3]
        if not pile or u.state.over:
            return
        card = pile[-1]
        u.emit(ev.TechAcquired(player=player, card=card, river=-1))
        check_investors(c, u, player, "acquire", card=card)


def build(c: Components, u: Unfolding, player: int, card: int, paid: int) -> None:
    """AP-CON-03: onto the Launch Pad for `paid` (nothing for a 0-cost card, AP-CON-10). A CubeSat then pays
    its credits (AP-TECH-20) except under Missed Call for Tenders (AP-EV-26); then the Investors check the
    build (AP-IVR-09)."""
    u.emit(ev.TechBuilt(player=player, card=card, paid=paid))
    bonus = c.tech[card].cubesat
    if bonus and event_key(c, u.state) != "missed_tenders":
        gain(u, player, bonus, "cubesat")
    check_investors(c, u, player, "build", card=card)


def sell(c: Components, u: Unfolding, player: int, card: int, price: int, built: bool = False) -> None:
    """AP-SELL-01, AP-SELL-02, AP-SELL-03: beneath the pile of its type (AP-GEN-05) for `price`, the credits
    at once."""
    u.emit(ev.TechSold(player=player, card=card, price=price, built=built,
                       revealed=straight_back(c, u.state, card)))


def discard(c: Components, u: Unfolding, player: int, card: int) -> None:
    """Beneath its pile, for nothing."""
    u.emit(ev.TechDiscarded(player=player, card=card, revealed=straight_back(c, u.state, card)))


def river_picks(c: Components, s: ApogeeState, player: int) -> list:
    """The answers to a pick from the rivers (Design, an Engineer's or a Director's Specialty): any card of
    the three rivers, or none."""
    return [ev.TakeCard(player=player, card=card) for r in s.rivers for card in r] + [ev.Pass(player=player)]


def take_pick(c: Components, u: Unfolding, action) -> None:
    """The answer to a pick from the rivers: the card taken, or nothing on a Pass."""
    if isinstance(action, ev.TakeCard):
        take_from_river(c, u, action.player, action.card)


# -- the reserve's limit -------------------------------------------------------------
@POINTS.options("trim", asks="Your reserve holds more than 9 cards: discard one beneath its pile (AP-AMB-08)")
def reserve_cards(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.Discard(player=player, card=card) for card in s.areas[player - 1].reserve]


@POINTS.resolves("trim")
def trim(c: Components, u: Unfolding, action: ev.Discard, rng) -> None:
    """AP-AMB-08, AP-DES-09, AP-LCH-18: down to 9, beneath the piles, for nothing."""
    discard(c, u, action.player, action.card)

"""Small steps every part of the rules uses: asking, moving through a step's order, paying,
taking cards, building, and rolling the main die with additional dice after it."""

from __future__ import annotations

from collections.abc import Callable

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.components import PAYLOAD, Catalog
from apogee.state import ApogeeState

# purpose -> (on success, on failure); each called as fn(u, rng, player, arg)
ROLLS: dict[str, tuple[Callable, Callable]] = {}


def cat_of(u: Unfolding) -> Catalog:
    return u.rules.cat


def ask(u: Unfolding, kind: str, player: int, a: int = 0, b: int = 0) -> None:
    u.emit(ev.Asked(kind=kind, player=player, a=a, b=b))


def goto(u: Unfolding, step: str, order: tuple[int, ...] = (), cursor: int = 0) -> None:
    u.emit(ev.StepStarted(step=step, order=tuple(order), cursor=cursor))


def next_in_order(u: Unfolding) -> None:
    """The step's next player (or Engineer)."""
    s = u.state
    u.emit(ev.StepStarted(step=s.stage, order=tuple(s.order), cursor=s.cursor + 1))


def authority_order(cat: Catalog, s: ApogeeState) -> tuple[int, ...]:
    """AP-GEN-06, AP-AMB-32: descending Director Authority, ties to the lower seat."""
    auth = cat.dir_auth
    return tuple(sorted(range(1, s.players + 1), key=lambda p: (-auth[s.p[p - 1].director], p)))


def event_key(cat: Catalog, s: ApogeeState) -> str:
    """The key of this turn's Event ("" when none, AP-PEV-07)."""
    return cat.events[s.event].key if s.event >= 0 else ""


def event_amount(cat: Catalog, s: ApogeeState) -> int:
    return cat.events[s.event].amount if s.event >= 0 else 0


def gain(u: Unfolding, player: int, amount: int, reason: str) -> None:
    if amount:
        u.emit(ev.CreditsChanged(player=player, amount=amount, reason=reason))


def pay(u: Unfolding, player: int, amount: int, reason: str) -> None:
    """AP-AMB-37: pay what one can, never going below 0 (AP-INV-01)."""
    paid = min(amount, u.state.p[player - 1].credits)
    if paid > 0:
        u.emit(ev.CreditsChanged(player=player, amount=-paid, reason=reason))


def sale_price(cat: Catalog, s: ApogeeState, player: int, base: int | None = None) -> int:
    """AP-SELL-01/04 (the Director's sale credits, AP-GAP-04); New Space Prices Soar adds its
    amount to every Public Market sale of the turn (AP-EV-11, AP-EV-12, AP-AMB-38)."""
    price = cat.sale_credits[s.p[player - 1].director] if base is None else base
    if event_key(cat, s) == "prices_soar":
        price += event_amount(cat, s)
    return price


def take_from_river(u: Unfolding, player: int, card: int) -> None:
    """AP-DES-04, AP-DES-07: the card to the reserve, the river refilled from its pile (AP-AMB-48),
    then the Investors check the acquisition (AP-IVR-08)."""
    cat = cat_of(u)
    river = cat.kind[card]
    u.emit(ev.TechAcquired(player=player, card=card, river=river))
    refill(u, river)
    from apogee.investors import check_investors
    check_investors(u, player, "acquire", card=card)


def refill(u: Unfolding, river: int) -> None:
    """AP-AMB-48: a river short of 3 is refilled while its pile lasts (AP-DES-08)."""
    s = u.state
    missing = cat_of(u).n.river_size - len(s.rivers[river])
    pile = s.piles[river]
    if missing > 0 and pile:
        u.emit(ev.RiverFilled(river=river, cards=tuple(pile[-1:-missing - 1:-1])))


def draw_rnd(u: Unfolding, player: int, count: int) -> None:
    """R&D cards from the top of the pile straight into the reserve (AP-ENG-05, AP-MD-10/11,
    AP-EV-19..21), each an acquisition for the Investors."""
    from apogee.investors import check_investors
    for _ in range(count):
        pile = u.state.piles[3]
        if not pile or u.state.over:
            return
        card = pile[-1]
        u.emit(ev.TechAcquired(player=player, card=card, river=-1))
        check_investors(u, player, "acquire", card=card)


def build(u: Unfolding, player: int, card: int, paid: int) -> None:
    """AP-CON-03: onto the Launch Pad. A CubeSat pays its credits (AP-TECH-20) except under
    Missed Call for Tenders (AP-EV-26); then the Investors check the build (AP-IVR-09)."""
    cat = cat_of(u)
    u.emit(ev.TechBuilt(player=player, card=card, paid=paid))
    bonus = cat.tech[card].cubesat
    if bonus and event_key(cat, u.state) != "missed_tenders":
        gain(u, player, bonus, "cubesat")
    from apogee.investors import check_investors
    check_investors(u, player, "build", card=card)


def buildable(u_or_cat, s: ApogeeState, player: int, cards, max_cost: int | None = None) -> list[int]:
    from apogee.rocket import build_problem
    cat = u_or_cat
    pl = s.p[player - 1]
    return [c for c in cards if (max_cost is None or cat.tech[c].cost <= max_cost)
            and build_problem(cat, s, pl, c) is None]


def payloads(cat: Catalog, cards) -> list[int]:
    return [c for c in cards if cat.kind[c] == PAYLOAD]


def roll_main(u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int = 0) -> None:
    """Roll the main die (AP-GEN-01) for a roll that additional dice may repeat (AP-DICE-06)."""
    value = rng.roll(cat_of(u).n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose=purpose))
    settle(u, rng, player, purpose, needed, arg, value)


def settle(u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int, value: int) -> None:
    """Success on `needed` or more; after a failure the player may spend an additional die, one at
    a time (AP-SPC-06, AP-DICE-01..03, AP-AMB-15) while one could still succeed."""
    success, failure = ROLLS[purpose]
    if value >= needed:
        success(u, rng, player, arg)
    elif u.state.p[player - 1].dice > 0 and needed <= cat_of(u).n.die_sides:
        ask(u, "reroll_" + purpose, player, a=needed, b=arg)
    else:
        failure(u, rng, player, arg)


def spend_die(u: Unfolding, rng, player: int) -> None:
    """AP-DICE-04, AP-SPC-07: the blue die is rolled and goes back to the supply whatever it shows."""
    asked = u.state.answered
    purpose = asked.kind[len("reroll_"):]
    value = rng.roll(cat_of(u).n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, blue=True, purpose=purpose))
    settle(u, rng, player, purpose, asked.a, asked.b, value)


def accept_failure(u: Unfolding, rng, player: int) -> None:
    asked = u.state.answered
    ROLLS[asked.kind[len("reroll_"):]][1](u, rng, player, asked.b)

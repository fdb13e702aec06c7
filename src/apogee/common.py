"""Small steps every part of the rules uses: asking, moving through a step's order, paying, taking cards,
building, and rolling the main die with additional dice after it."""

from __future__ import annotations

from collections.abc import Callable

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.components import PAYLOAD, Catalog
from apogee.state import ApogeeState

# purpose -> (on success, on failure); each called as fn(u, rng, player, arg)
ROLLS: dict[str, tuple[Callable, Callable]] = {}


def ask(u: Unfolding, kind: str, player: int, a: int = 0, b: int = 0) -> None:
    u.emit(ev.Asked(kind=kind, player=player, a=a, b=b))


def goto(u: Unfolding, step: str, order: tuple[int, ...] = (), cursor: int = 0) -> None:
    u.emit(ev.StepStarted(step=step, order=tuple(order), cursor=cursor))


def next_in_order(u: Unfolding) -> None:
    """The step's next player (or Engineer)."""
    s = u.state
    u.emit(ev.StepStarted(step=s.stage, order=tuple(s.order), cursor=s.cursor + 1))


def authority_order(c: Catalog, s: ApogeeState) -> tuple[int, ...]:
    """AP-GEN-06, AP-AMB-32: descending Director Authority, ties to the lower seat. Seats are the boards'
    identification numbers 1-5 (AP-COMP-09, AP-SETUP-01)."""
    auth = c.dir_auth
    return tuple(sorted(range(1, s.players + 1), key=lambda p: (-auth[s.p[p - 1].director], p)))


def event_key(c: Catalog, s: ApogeeState) -> str:
    """The key of this turn's Event ("" when none, AP-PEV-07)."""
    return c.events[s.event].key if s.event >= 0 else ""


def event_amount(c: Catalog, s: ApogeeState) -> int:
    return c.events[s.event].amount if s.event >= 0 else 0


def gain(u: Unfolding, player: int, amount: int, reason: str) -> None:
    if amount:
        u.emit(ev.CreditsChanged(player=player, amount=amount, reason=reason))


def pay(u: Unfolding, player: int, amount: int, reason: str) -> None:
    """AP-AMB-37: pay what one can, never going below 0 (AP-INV-01)."""
    paid = min(amount, u.state.p[player - 1].credits)
    if paid > 0:
        u.emit(ev.CreditsChanged(player=player, amount=-paid, reason=reason))


def sale_price(c: Catalog, s: ApogeeState, player: int, base: int | None = None) -> int:
    """AP-SELL-01, AP-SELL-04 (the Director's sale credits, AP-GAP-04); New Space Prices Soar adds its amount
    to every Public Market sale of the turn (AP-EV-11, AP-EV-12, AP-AMB-38). A normal sale then earns 60,000
    (AP-SELL-08)."""
    price = c.sale_credits[s.p[player - 1].director] if base is None else base
    if event_key(c, s) == "prices_soar":
        price += event_amount(c, s)
    return price


def take_from_river(u: Unfolding, player: int, card: int) -> None:
    """AP-DES-04, AP-DES-07: the card to the reserve, the river refilled from its pile (AP-AMB-48), then the
    Investors check the acquisition (AP-IVR-08)."""
    c = u.rules.c
    river = c.kind[card]
    pile = u.state.piles[river]
    u.emit(ev.TechAcquired(player=player, card=card, river=river, revealed=pile[-1] if pile else -1))
    from apogee.investors import check_investors
    check_investors(u, player, "acquire", card=card)


def sell(u: Unfolding, player: int, card: int, price: int, built: bool = False) -> None:
    """AP-SELL-01, AP-SELL-02, AP-SELL-03: beneath its pile for `price`. Credits at once (AP-SELL-02), the
    card beneath the pile of its type (AP-SELL-03, AP-GEN-05); the price is the same for every type
    (AP-SELL-04)."""
    u.emit(ev.TechSold(player=player, card=card, price=price, built=built, revealed=straight_back(u, card)))


def discard(u: Unfolding, player: int, card: int) -> None:
    u.emit(ev.TechDiscarded(player=player, card=card, revealed=straight_back(u, card)))


def straight_back(u: Unfolding, card: int) -> int:
    """AP-AMB-48: a card put beneath the empty pile of a short river is revealed into it at once."""
    c = u.rules.c
    k = c.kind[card]
    if k < 3 and len(u.state.rivers[k]) < c.n.river_size and not u.state.piles[k]:
        return card
    return -1


def draw_rnd(u: Unfolding, player: int, count: int) -> None:
    """R&D cards from the top of the pile straight into the reserve (AP-ENG-05, AP-MD-10, AP-MD-11, AP-EV-19,
    AP-EV-20, AP-EV-21), each an acquisition for the Investors."""
    from apogee.investors import check_investors
    for _ in range(count):
        pile = u.state.piles[3]
        if not pile or u.state.over:
            return
        card = pile[-1]
        u.emit(ev.TechAcquired(player=player, card=card, river=-1))
        check_investors(u, player, "acquire", card=card)


def build(u: Unfolding, player: int, card: int, paid: int) -> None:
    """AP-CON-03: onto the Launch Pad. A 0-cost card (CubeSat) is built without paying (AP-CON-10). A CubeSat
    pays its credits (AP-TECH-20) except under Missed Call for Tenders (AP-EV-26); then the Investors check
    the build (AP-IVR-09)."""
    c = u.rules.c
    u.emit(ev.TechBuilt(player=player, card=card, paid=paid))
    bonus = c.tech[card].cubesat
    if bonus and event_key(c, u.state) != "missed_tenders":
        gain(u, player, bonus, "cubesat")
    from apogee.investors import check_investors
    check_investors(u, player, "build", card=card)


def buildable(u_or_cat, s: ApogeeState, player: int, cards, max_cost: int | None = None) -> list[int]:
    from apogee.rocket import build_problem
    c = u_or_cat
    pl = s.p[player - 1]
    return [card for card in cards if (max_cost is None or c.tech[card].cost <= max_cost)
            and build_problem(c, s, pl, card) is None]


def payloads(c: Catalog, cards) -> list[int]:
    return [card for card in cards if c.kind[card] == PAYLOAD]


def roll_main(u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int = 0) -> None:
    """Roll the main die (AP-GEN-01) for a roll that additional dice may repeat (AP-DICE-06). The main die is
    never owned (AP-COMP-10)."""
    value = rng.roll(u.rules.c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose=purpose))
    settle(u, rng, player, purpose, needed, arg, value)


def settle(u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int, value: int) -> None:
    """Success on `needed` or more; after a failure the player may spend an additional die, one at a time
    (AP-SPC-06, AP-DICE-01, AP-DICE-02, AP-DICE-03, AP-AMB-15) while one could still succeed. Comparisons
    follow AP-GEN-03: "N or higher" is >= N and "higher than N" is >= N + 1 (callers pass the least succeeding
    value). Every attempt keeps the first one's target (AP-DICE-02, AP-DICE-03, AP-DICE-05, AP-AMB-55,
    AP-LCH-10); Engineer rolls may be repeated (AP-AMB-57)."""
    success, failure = ROLLS[purpose]
    if value >= needed:
        success(u, rng, player, arg)
    elif u.state.p[player - 1].dice > 0 and needed <= u.rules.c.n.die_sides:
        ask(u, "reroll_" + purpose, player, a=needed, b=arg)
    else:
        failure(u, rng, player, arg)


def spend_die(u: Unfolding, rng, player: int) -> None:
    """AP-DICE-04, AP-SPC-07: the blue die is rolled and goes back to the supply whatever it shows."""
    asked = u.state.answered
    purpose = asked.kind[len("reroll_"):]
    value = rng.roll(u.rules.c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, blue=True, purpose=purpose))
    settle(u, rng, player, purpose, asked.a, asked.b, value)


def accept_failure(u: Unfolding, rng, player: int) -> None:
    asked = u.state.answered
    ROLLS[asked.kind[len("reroll_"):]][1](u, rng, player, asked.b)

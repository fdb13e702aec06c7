"""Pure questions of a position that several parts of the rules ask: order of play, this turn's Event, the
Mission, sale prices, who stands where. Nothing here emits or changes a state."""

from __future__ import annotations

from apogee.components import Components, Mission
from apogee.state import SOC, SOC_FIXED, ApogeeState


def authority_order(c: Components, s: ApogeeState) -> tuple[int, ...]:
    """AP-GEN-06, AP-AMB-32: descending Director Authority, ties to the lower seat. Seats are the boards'
    identification numbers 1-5 (AP-COMP-09, AP-SETUP-01)."""
    auth = c.dir_auth
    return tuple(sorted(range(1, s.players + 1), key=lambda p: (-auth[s.areas[p - 1].director], p)))


def event_key(c: Components, s: ApogeeState) -> str:
    """The key of this turn's Event ("" when none, AP-PEV-07)."""
    return c.events[s.event].key if s.event >= 0 else ""


def event_amount(c: Components, s: ApogeeState) -> int:
    return c.events[s.event].amount if s.event >= 0 else 0


def mission_of(c: Components, s: ApogeeState) -> Mission:
    return c.solo_missions[s.mission] if s.solo else c.missions[s.mission]


def sale_price(c: Components, s: ApogeeState, player: int, base: int | None = None) -> int:
    """AP-SELL-04: the same price for every type, the Director's sale credits (AP-GAP-04), so a normal sale
    earns 60,000 (AP-SELL-08); New Space Prices Soar adds its amount to every Public Market sale of the turn
    (AP-EV-11, AP-EV-12, AP-AMB-38)."""
    price = c.sale_credits[s.areas[player - 1].director] if base is None else base
    if event_key(c, s) == "prices_soar":
        price += event_amount(c, s)
    return price


def straight_back(c: Components, s: ApogeeState, card: int) -> int:
    """AP-AMB-48: a card put beneath the empty pile of a short river is revealed into it at once (the card,
    or -1 when it stays beneath its pile)."""
    k = c.kind[card]
    if k < 3 and len(s.rivers[k]) < c.n.river_size and not s.piles[k]:
        return card
    return -1


def placed(s: ApogeeState, spot: int) -> list[tuple[int, int]]:
    """(player, Engineer) on `spot`, in seat order."""
    return [(p, e) for p in range(1, s.players + 1)
            for e, sp in zip(s.areas[p - 1].hand, s.areas[p - 1].spots) if sp == spot]


def dismissable(s: ApogeeState, player: int) -> list[int]:
    """AP-DIS-03, AP-AMB-67: any Engineer of the hand except those at the SOC this turn."""
    pl = s.areas[player - 1]
    return [e for e, spot in zip(pl.hand, pl.spots) if spot not in (SOC, SOC_FIXED)]

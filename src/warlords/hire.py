"""Hire a Mercenary (GW-HIRE-01..08), and the supply running out that it may trigger (GW-END-01)."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask


def hire_options(s, p: int) -> list:
    out = [ev.Hire(player=p, card=card) for card in s.market]
    if s.deck:
        out.append(ev.Hire(player=p))
    return out


def phase_hire(c, u, rng) -> None:
    """GW-HIRE-06 (nothing to hire, or GW-END-02 after the supply ran out)."""
    s = u.state
    if hire_options(s, s.active) and s.end_kind != "supply":
        ask(u, s.active, "hire")
    else:
        u.emit(ev.PhaseStarted(phase="end"))


def market_size(c, s) -> int:
    return c.data.table.solo_market if s.mode == "solo" else c.data.table.market


@POINTS.options("hire", asks="Hire a mercenary: draft one from the Market, or draw the top card of the deck "
                             "(GW-HIRE-01)")
def hire_answers(c, s, p: int) -> list:
    return hire_options(s, p)


@POINTS.resolves("hire")
def on_hire(c, u, a, rng) -> None:
    """GW-HIRE-02 (draft, refilled at once in multiplayer), GW-HIRE-03 (draw while the deck has
    cards), GW-HIRE-04, GW-AMB-02, GW-SPT-14, GW-AMB-48 (a draw clears the Market in 2 players and
    solo, out of the game face up: GW-HIRE-07), GW-HIRE-05 (3-4 players keep it); the Market never
    exceeds its size (GW-HIRE-08); solo refills at the end of the turn (GW-SPT-09)."""
    s = u.state
    if a.card:
        u.emit(ev.MercenaryHired(player=a.player, card=a.card, drafted=True))
        if s.mode != "solo" and s.deck:
            u.emit(ev.MarketFilled(cards=(s.deck[0],)))
    else:
        u.emit(ev.MercenaryHired(player=a.player, card=s.deck[0], drafted=False))
        if s.players <= 2 and s.market:
            u.emit(ev.MarketCleared(cards=tuple(s.market)))
            if s.mode != "solo":
                u.emit(ev.MarketFilled(cards=tuple(s.deck[:market_size(c, s)])))
    check_supply(c, u)
    u.emit(ev.PhaseStarted(phase="end"))


def check_supply(c, u) -> None:
    """GW-END-01, GW-AMB-22, GW-SEND-03: the Market and the deck are both empty."""
    s = u.state
    if s.market or s.deck or s.end_kind == "supply":
        return
    if s.mode == "solo":
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + 1))
    else:
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + s.players))

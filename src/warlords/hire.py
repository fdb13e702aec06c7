"""Hire a Mercenary (GW-HIRE-01..08), and the supply running out that it may trigger (GW-END-01)."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask


def hire_options(s, p: int) -> list:
    """GW-HIRE-01: a draft from the Market or a draw from the deck, whichever is possible."""
    out = [ev.Hire(player=p, card=card) for card in s.market]
    if s.deck:   # GW-HIRE-03: a draw needs a card in the deck
        out.append(ev.Hire(player=p))
    return out


def phase_hire(c, u, rng) -> None:
    """Hiring is compulsory when possible. GW-HIRE-06: with nothing to hire the phase is skipped;
    GW-END-02: so it is after the supply ran out."""
    s = u.state
    if hire_options(s, s.active) and s.end_kind != "supply":
        ask(u, s.active, "hire")
    else:
        u.emit(ev.PhaseStarted(phase="end"))


def market_size(c, s) -> int:
    """GW-HIRE-08: what the Market holds when full (4; 3 in solo, data/table.toml)."""
    return c.data.table.solo_market if s.mode == "solo" else c.data.table.market


@POINTS.options("hire", asks="Hire a mercenary: draft one from the Market, or draw the top card of the deck "
                             "(GW-HIRE-01)")
def hire_answers(c, s, p: int) -> list:
    return hire_options(s, p)


@POINTS.resolves("hire")
def on_hire(c, u, a, rng) -> None:
    """A draft or a draw, the Market's refill, and the supply check; then the end of the turn.
    Solo refills the Market only at the end of the turn (GW-SPT-09, in `flow.end_turn`)."""
    s = u.state
    if a.card:
        u.emit(ev.MercenaryHired(player=a.player, card=a.card, drafted=True))
        if s.mode != "solo" and s.deck:   # GW-HIRE-02: a draft is refilled at once in multiplayer
            u.emit(ev.MarketFilled(cards=(s.deck[0],)))
    else:
        u.emit(ev.MercenaryHired(player=a.player, card=s.deck[0], drafted=False))
        # GW-HIRE-04, GW-AMB-02, GW-SPT-14, GW-AMB-48: with 2 players and in solo a draw clears the
        # Market, out of the game face up (GW-HIRE-07); GW-HIRE-05: with 3 or 4 it stays
        if s.players <= 2 and s.market:
            u.emit(ev.MarketCleared(cards=tuple(s.market)))
            if s.mode != "solo":   # refilled to its size at most (GW-HIRE-08), as the deck allows
                u.emit(ev.MarketFilled(cards=tuple(s.deck[:market_size(c, s)])))
    check_supply(c, u)
    u.emit(ev.PhaseStarted(phase="end"))


def check_supply(c, u) -> None:
    """The supply is exhausted once the Market and the deck are both empty (GW-AMB-22); it is
    triggered once."""
    s = u.state
    if s.market or s.deck or s.end_kind == "supply":
        return
    if s.mode == "solo":
        # GW-SEND-03: the Rebellion takes one more turn (the next), and the human none
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + 1))
    else:
        # GW-END-01: this turn ends, then everyone takes exactly one more
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + s.players))

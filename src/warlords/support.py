"""Support cards (GW-SUP-01..13): drawing, playing, Blockade answers and their effects.

GW-SUP-06 Assassinate, GW-SUP-07 Scout Ships (Recon), GW-SUP-08 Subterfuge, GW-SUP-09 Deploy Only
play that action at its normal cost (GW-SUP-05); played and blocked cards go to the face-up
discard pile (GW-SUP-13)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords.prompts import POINTS, ask
from warlords.state import RES, Ctx

ACTION_CARDS = ("assassinate", "recon", "subterfuge", "deploy_only")


def draw(c, u, p: int, rng) -> None:
    """GW-SUPA-01, GW-GAP-26: an empty deck is refilled by shuffling the discard pile."""
    s = u.state
    if not s.sdeck and s.sdiscard:
        u.emit(ev.SupportShuffled(order=tuple(rng.shuffled(s.sdiscard))))
    if s.sdeck:
        u.emit(ev.SupportDrawn(player=p, card=s.sdeck[0]))


def playable_now(c, s, p: int, kind: str) -> bool:
    """GW-SUP-06..12: the cards playable in one's own Action Phase (the reactive ones are not)."""
    if kind in ACTION_CARDS:
        return q.playable(c, s, p, kind, "support", invade=False)
    if kind == "black_friday":
        return bool(q.market_borrowable(c, s, p, "market", True))
    return False


def responders(c, s, p: int) -> tuple[int, ...]:
    """GW-SUP-10, GW-AMB-25/26: others in turn order who hold a Blockade and have not played
    a support card this turn."""
    out = []
    for k in range(1, s.seats):
        r = (p - 1 + k) % s.seats + 1
        if s.support_played[r - 1] or (s.mode == "solo"):
            continue
        if any(c.support[x] == "blockade" for x in s.support_hands[r - 1]):
            out.append(r)
    return tuple(out)


def play(c, u, p: int, card: str, response: bool = False) -> None:
    """GW-SUP-02/03: the card leaves the hand; Blockade answers come before any effect."""
    u.emit(ev.SupportPlayed(player=p, card=card, responders=responders(c, u.state, p), response=response))


def step(c, u, rng) -> None:
    """The top card waits for answers, then takes effect (a Blockade cancels the card below)."""
    s = u.state
    top = s.pending[-1]
    if top.responders:
        ask(u, top.responders[0], "blockade")
        return
    kind = c.support[top.card]
    if kind == "blockade":
        u.emit(ev.SupportResolved(card=top.card, cancelled=s.pending[-2].card))
        return
    u.emit(ev.SupportResolved(card=top.card))
    effect(c, u, top.player, kind)


def effect(c, u, p: int, kind: str) -> None:
    """GW-SUP-04/05: actions at their normal cost, never for reputation."""
    s = u.state
    if kind in ACTION_CARDS:
        u.emit(ev.ActionStarted(ctx=Ctx(kind=kind, source="support", invade=False)))
    elif kind == "black_friday":
        u.emit(ev.ActionStarted(ctx=Ctx(kind="black_friday", source="support")))
    elif kind == "kickstarter":
        inv = s.inv
        if inv is not None and kickstart_room(c, s, p):
            u.emit(ev.Reinforced(player=p, planet=inv.planet))


def kickstart_room(c, s, p: int) -> bool:
    """GW-SUP-11, GW-AMB-45: an Infantry in Reserve and room under the 3-unit limit."""
    inv = s.inv
    return (inv is not None and inv.defender == p and s.base[p - 1][RES * 3] > 0
            and sum(s.pu[inv.planet]) < c.limit)


@POINTS.resolves("blockade")
def on_block(c, u, a, rng) -> None:
    if isinstance(a, ev.Block):
        play(c, u, a.player, a.card, response=True)
    else:
        u.emit(ev.Responded(player=a.player))


@POINTS.options("blockade", asks="Cancel the support card just played with a Blockade, or let it be (GW-SUP-10)")
def block_options(c, s, p: int) -> list:
    cards = [x for x in s.support_hands[p - 1] if c.support[x] == "blockade"]
    return [ev.Pass(player=p)] + [ev.Block(player=p, card=cards[0])] if cards else [ev.Pass(player=p)]

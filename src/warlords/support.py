"""Support cards (GW-SUP-01..13): drawing, playing, Blockade answers and their effects.

A card played waits on `state.pending` until every player who could block it has answered; a
Blockade played on it waits on top of it in turn. Hands are hidden and unlimited (GW-SUP-01:
`hidden.view`)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords.prompts import POINTS, ask
from warlords.state import RES, Ctx, opponents

# GW-SUP-06 Assassinate, GW-SUP-07 Scout Ships (a Recon), GW-SUP-08 Subterfuge, GW-SUP-09 Deploy Only:
# cards that play that action
ACTION_CARDS = ("assassinate", "recon", "subterfuge", "deploy_only")


def draw(c, u, p: int, rng) -> None:
    """One support card into `p`'s hand, if any is left. GW-GAP-26: an empty deck is first
    refilled by shuffling the discard pile."""
    s = u.state
    if not s.sdeck and s.sdiscard:
        u.emit(ev.SupportShuffled(order=tuple(rng.shuffled(s.sdiscard))))
    if s.sdeck:
        u.emit(ev.SupportDrawn(player=p, card=s.sdeck[0]))


def playable_now(c, s, p: int, kind: str) -> bool:
    """Whether a card of `kind` may be played in one's own Action Phase now, with an effect."""
    if kind in ACTION_CARDS:
        return q.playable(c, s, p, kind, "support", invade=False)
    if kind == "black_friday":   # GW-SUP-12: it needs a Market action that can be played
        return bool(q.market_borrowable(c, s, p, "market", True))
    return False   # Blockade and Kickstarter Brigade are played only in answer (GW-SUP-10, GW-SUP-11)


def responders(c, s, p: int) -> tuple[int, ...]:
    """GW-SUP-10: `p`'s opponents, in turn order from `p`, who may answer with a Blockade: they hold
    one and have not played a support card this turn (GW-AMB-26). GW-AMB-25, GW-TEAM-01: a Blockade
    answers an opponent's card, and in 2 vs 2 a teammate is no opponent. Solo has no Blockade."""
    if s.mode == "solo":
        return ()
    rivals = opponents(s, p)
    out = []
    for k in range(1, s.seats):
        r = (p - 1 + k) % s.seats + 1
        if s.support_played[r - 1] or r not in rivals:
            continue
        if any(c.support[x] == "blockade" for x in s.support_hands[r - 1]):
            out.append(r)
    return tuple(out)


def play(c, u, p: int, card: str, response: bool = False) -> None:
    """The card leaves the hand and counts as the player's one support card this turn (GW-SUP-03:
    `evolve.support_played`); Blockade answers come before any effect."""
    u.emit(ev.SupportPlayed(player=p, card=card, responders=responders(c, u.state, p), response=response))


def step(c, u, rng) -> None:
    """The top card waits for answers, then takes effect. Resolved cards go to the face-up discard
    pile (GW-SUP-13: `evolve.support_resolved`)."""
    s = u.state
    top = s.pending[-1]
    if top.responders:
        ask(u, top.responders[0], "blockade")
        return
    kind = c.support[top.card]
    if kind == "blockade":
        # GW-SUP-10, GW-AMB-25: the card below is cancelled, and still was its player's card this turn
        u.emit(ev.SupportResolved(card=top.card, cancelled=s.pending[-2].card))
        return
    u.emit(ev.SupportResolved(card=top.card))
    effect(c, u, top.player, kind)


def effect(c, u, p: int, kind: str) -> None:
    """A card's effect. Its action (source "support") pays its normal cost and, built without `rep`,
    never gains reputation (GW-SUP-04); its Deploy Only may reach by Dropship and gain Deploy Power
    like any other (GW-SUP-09)."""
    s = u.state
    if kind in ACTION_CARDS:
        u.emit(ev.ActionStarted(ctx=Ctx(kind=kind, source="support", invade=False)))
    elif kind == "black_friday":
        u.emit(ev.ActionStarted(ctx=Ctx(kind="black_friday", source="support")))
    elif kind == "kickstarter":
        inv = s.invasion
        if inv is not None and kickstart_room(c, s, p):
            u.emit(ev.Reinforced(player=p, planet=inv.planet))


def kickstart_room(c, s, p: int) -> bool:
    """GW-SUP-11, GW-AMB-45: Kickstarter Brigade needs the defender's Infantry in Reserve and room on
    the invaded planet under the 3-unit limit."""
    inv = s.invasion
    return (inv is not None and inv.defender == p and s.base[p - 1][RES * 3] > 0
            and sum(s.planet_units[inv.planet]) < c.limit)


@POINTS.options("blockade", asks="Cancel the support card just played with a Blockade, or let it be (GW-SUP-10)")
def block_options(c, s, p: int) -> list:
    """Pass, or one Blockade (all are alike)."""
    cards = [x for x in s.support_hands[p - 1] if c.support[x] == "blockade"]
    return [ev.Pass(player=p)] + [ev.Block(player=p, card=cards[0])] if cards else [ev.Pass(player=p)]


@POINTS.resolves("blockade")
def on_block(c, u, a, rng) -> None:
    """A Blockade is itself a support card played, which the others may answer in turn."""
    if isinstance(a, ev.Block):
        play(c, u, a.player, a.card, response=True)
    else:
        u.emit(ev.Responded(player=a.player))

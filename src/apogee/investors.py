"""Investors: objectives checked after each occurrence, paid once (AP-IVR-*)."""

from __future__ import annotations

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.components import FIRST, UPPER, Catalog, Investor
from apogee.missions import investor_race_won
from apogee.queries import event_key
from apogee.rocket import thrust
from apogee.state import Launch, Player


def matches(c: Catalog, inv: Investor, pl: Player, occurrence: str, card: int,
            launch: Launch | None) -> bool:
    """AP-IVR-07, AP-IVR-08, AP-IVR-09, AP-IVR-10, AP-IVR-11: does this occurrence fulfil the card's
    objective?"""
    if inv.kind != occurrence:
        return False
    if occurrence in ("acquire", "build"):
        return c.tech[card].name == inv.tech
    if occurrence == "static_fire":
        kinds, tech = c.kind, c.tech
        firsts = [x for x in pl.pad if kinds[x] == FIRST]
        uppers = [x for x in pl.pad if kinds[x] == UPPER]
        return (len(firsts) >= inv.min_first and len(uppers) >= inv.min_upper
                and sum(tech[x].propulsion == "solid" for x in firsts) >= inv.min_solid
                and (not inv.nuclear or any(tech[x].nuclear for x in firsts + uppers))
                and (not inv.min_thrust or thrust(c, pl) >= inv.min_thrust))
    assert launch is not None
    if inv.destination:
        d = c.dest_index[inv.destination]
        if launch.destination < d or (inv.exact and launch.destination != d):
            return False
    return (not inv.crewed or launch.crewed) and launch.yield_ >= inv.min_yield


def check_investors(u: Unfolding, player: int, occurrence: str, card: int = -1,
                    launch: Launch | None = None) -> None:
    """AP-IVR-02, AP-IVR-03, AP-IVR-04, AP-IVR-05, AP-IVR-06, AP-AMB-17, AP-AMB-18: each face-up Investor the
    occurrence fulfils goes to the player with its credits (none under Timid Investors, AP-EV-22, AP-IVR-12)
    and the river is refilled; a card revealed meanwhile cannot be fulfilled by the same occurrence. Only
    face-up cards are checked (AP-IVR-01), each once (AP-IVR-05), and only for what happens after their reveal
    (AP-IVR-06); an empty pile leaves the river short (AP-IVR-04). Launch and static fire objectives are met
    in the Administration phase, where those actions are (AP-IVR-11, AP-AMB-72). Mission 3 ends at once on a
    third Investor (AP-MIS-06, AP-END-03, AP-AMB-71)."""
    s = u.state
    if s.over:
        return
    c = u.rules.c
    for inv_id in tuple(s.investor_river):
        s = u.state
        inv = c.investor[inv_id]
        pl = s.p[player - 1]
        if inv_id not in s.investor_river or not matches(c, inv, pl, occurrence, card, launch):
            continue
        paid = 0 if event_key(c, s) == "timid_investors" else inv.credits
        pile = s.investor_pile
        u.emit(ev.InvestorWon(player=player, investor=inv_id, credits=paid, revealed=pile[-1] if pile else -1))
        if investor_race_won(c, u.state, player):
            u.emit(ev.GameEnded(winners=(player,)))
            return


def replace_river(u: Unfolding) -> None:
    """AP-ENG-16, AP-AMB-50: the river's Investors leave the game, up to 2 new ones are revealed."""
    s = u.state
    pile = s.investor_pile
    n = min(u.rules.c.n.investor_river, len(pile))
    u.emit(ev.InvestorsReplaced(removed=tuple(s.investor_river), revealed=tuple(pile[-1:-n - 1:-1])))

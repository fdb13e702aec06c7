"""Investors: objectives checked after each occurrence, paid once (AP-IVR-*)."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import FIRST, UPPER, Components, Investor
from apogee.missions import investor_race_won
from apogee.queries import event_key
from apogee.rocket import thrust
from apogee.state import Launch, Player


def matches(c: Components, inv: Investor, pl: Player, occurrence: str, card: int,
            launch: Launch | None) -> bool:
    """Does this occurrence fulfil the card's objective? AP-IVR-07: an objective is one of four kinds of
    occurrence."""
    if inv.kind != occurrence:
        return False
    if occurrence in ("acquire", "build"):  # AP-IVR-08, AP-IVR-09: the named Technology, by any method
        return c.tech[card].name == inv.tech
    if occurrence == "static_fire":  # AP-IVR-10: a successful static fire of a rocket meeting the card
        kinds, tech = c.kind, c.tech
        firsts = [x for x in pl.pad if kinds[x] == FIRST]
        uppers = [x for x in pl.pad if kinds[x] == UPPER]
        return (len(firsts) >= inv.min_first and len(uppers) >= inv.min_upper
                and sum(tech[x].propulsion == "solid" for x in firsts) >= inv.min_solid
                and (not inv.nuclear or any(tech[x].nuclear for x in firsts + uppers))
                and (not inv.min_thrust or thrust(c, pl) >= inv.min_thrust))
    assert launch is not None  # AP-IVR-11: a successful launch meeting the card's conditions
    if inv.destination:
        d = c.dest_index[inv.destination]
        if launch.destination < d or (inv.exact and launch.destination != d):
            return False
    return (not inv.crewed or launch.crewed) and launch.yield_ >= inv.min_yield


def check_investors(c: Components, u: Unfolding, player: int, occurrence: str, card: int = -1,
                    launch: Launch | None = None) -> None:
    """Right after each occurrence (AP-AMB-17), every face-up Investor it fulfils goes to the player (AP-IVR-02,
    both if it fulfils both, AP-AMB-18). Launch and static fire objectives can only be met in the
    Administration phase, where those actions are (AP-IVR-11, AP-AMB-72)."""
    s = u.state
    if s.over:
        return
    # AP-IVR-01, AP-IVR-06: only the cards face up before the occurrence; one revealed meanwhile cannot be
    # fulfilled by the same occurrence
    for inv_id in tuple(s.investor_river):
        s = u.state
        inv = c.investor[inv_id]
        pl = s.areas[player - 1]
        # AP-IVR-05: each card is won once, by one player
        if inv_id not in s.investor_river or not matches(c, inv, pl, occurrence, card, launch):
            continue
        # AP-IVR-12, AP-EV-22: won, but paying nothing under Timid Investors
        paid = 0 if event_key(c, s) == "timid_investors" else inv.credits
        pile = s.investor_pile
        # AP-IVR-03, AP-IVR-04: the river refilled from the pile while it lasts
        u.emit(ev.InvestorWon(player=player, investor=inv_id, credits=paid, revealed=pile[-1] if pile else -1))
        # AP-MIS-06, AP-END-03, AP-AMB-71: Mission 3 ends at once on the third Investor
        if investor_race_won(c, u.state, player):
            u.emit(ev.GameEnded(winners=(player,)))
            return


def replace_river(c: Components, u: Unfolding) -> None:
    """AP-ENG-16, AP-AMB-50: the river's Investors leave the game, up to 2 new ones are revealed."""
    s = u.state
    pile = s.investor_pile
    n = min(c.n.investor_river, len(pile))
    u.emit(ev.InvestorsReplaced(removed=tuple(s.investor_river), revealed=tuple(pile[-1:-n - 1:-1])))

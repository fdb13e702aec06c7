"""Crew: hiring at the Crew Station (SS-CREW-04..14), retiring, and using crew actions
(SS-CREW-15..17 and the almanac, SS-ALM-01..17), with their decision points "hire", "retire",
"bonus" and "refresh". The card actions and bonuses are data codes (crew.toml: SS-ALM-02, SS-ALM-04,
SS-ALM-06), carried out by `command.apply_effect`.
"""

from __future__ import annotations

from solar_sphere import queries as q
from solar_sphere.command import apply_effect, gain_morale, score
from solar_sphere.events import CrewHired, CrewRefreshed, CrewRetired, CrewUsed, ResourceChanged, TaskDone
from solar_sphere.prompts import POINTS, ask, choices, top
from solar_sphere.state import SolarState

GENERAL = "general"
"""`usable`'s moment for crew that work at any free point of the turn (not "When you visit")."""


def hire(c, u, seat: int, slot: int, pay: str = "") -> None:
    """Take the card in display slot `slot`. Players pay for it (SS-CREW-04); DRANDA hires free
    (SS-DRCRW-06), turns token morale into points (SS-DRCRW-07) and keeps every card, without limit
    or retirement (SS-DRCRW-08). The display is not refilled now (SS-CREW-14)."""
    s: SolarState = u.state
    card = s.display[slot]
    token = s.tokens[slot]
    if seat != s.dranda_seat:
        for kind, n in enumerate(q.cost_of(c, card, pay)):
            if n:
                u.emit(ResourceChanged(player=seat, kind=kind, delta=-n))
        if len(s.centres[seat - 1].crew) >= c.cmd.crew_slots:
            ask(u, seat, "retire", n=card)  # SS-CREW-08, SS-CREW-09: a fourth forces a retirement
    u.emit(CrewHired(player=seat, slot=slot, factions=c.crew_factions[card]))   # SS-CREW-07: its icons count
    score(u, seat, c.tiers.points[c.crew[card].tier - 1], "hire")    # SS-CREW-05, SS-ALM-17: points at once
    gain_morale(c, u, seat, token, "morale token")                        # SS-CREW-06: the token's morale


@POINTS.options("hire", asks="Choose the crew member to hire, and how to pay the extra cost (SS-CREW-04)")
def hire_options(c, s: SolarState, player: int) -> list:
    return choices(player, q.hire_options(c, s, player))


@POINTS.resolves("hire")
def hired(c, u, action, rng) -> None:
    card_id, _, pay = action.option.partition(":")
    u.emit(TaskDone())
    hire(c, u, action.player, u.state.display.index(c.crew_index[card_id]), pay)


@POINTS.options("retire", asks="Choose the crew member to retire (SS-CREW-09)")
def retire_options(c, s: SolarState, player: int) -> list:
    """SS-CREW-09, SS-CREW-10: any previous crew member, never the one just hired; crew retire only
    here."""
    return choices(player, [c.crew[card].id for card in s.centres[player - 1].crew if card != top(s).n])


@POINTS.resolves("retire")
def retired(c, u, action, rng) -> None:
    """SS-CREW-11, SS-AMB-29: the retirement bonus resolves at once; "A or B" is the player's choice
    (SS-ALM-15). Reproduces SS-EX-19."""
    seat = action.player
    card = c.crew_index[action.option]
    u.emit(CrewRetired(player=seat, card=card))
    u.emit(TaskDone())
    bonus = c.crew[card].retire
    if len(bonus) == 1:
        apply_effect(c, u, seat, bonus[0], crew=True)
    else:
        ask(u, seat, "bonus", arg="|".join(bonus))


@POINTS.options("bonus", asks="Choose one of the retirement bonuses (SS-ALM-15)")
def bonus_options(c, s: SolarState, player: int) -> list:
    return choices(player, top(s).arg.split("|"))


@POINTS.resolves("bonus")
def bonus_chosen(c, u, action, rng) -> None:
    u.emit(TaskDone())
    apply_effect(c, u, action.player, action.option, crew=True)


def usable(c, s: SolarState, seat: int, where: str) -> list[int]:
    """Crew the player may use now (SS-CREW-15, SS-CREW-16, SS-AMB-25): upright cards; `where` is
    `GENERAL` for the turn's free moments, else the id of the Location card being visited, for the
    "When you visit" cards (SS-ALM-10). T3-03 works through ChooseDie (SS-ALM-11) and T2-09 in
    Battle (SS-ALM-14). Each is used once a round (SS-CREW-16); retired crew are not current and
    never usable (SS-CREW-12), though their icons and the current ones count (SS-CREW-13)."""
    p = s.centres[seat - 1]
    out = []
    # SS-AMB-25: after the location action, a "When you visit X" card still counts for the turn that visited X
    visited = (c.locations[s.visiting] if where == GENERAL and s.turn == seat
               and s.step in ("acting", "after") and s.visiting >= 0 else None)
    for card, used in zip(p.crew, p.used, strict=True):
        if used:
            continue
        action = c.crew[card].action
        kind = action.split(":")[0]
        if kind == "visit":
            if action.split(":")[1] in (where, visited):
                out.append(card)
        elif where != GENERAL:
            continue
        elif kind in ("set_die", "reroll"):
            continue
        elif kind == "trade":
            if p.store[("ore", "gold", "crystal").index(action.split(":")[1])] >= 1:   # SS-ALM-09: holds the paid kind
                out.append(card)
        elif kind == "pay_morale_for_reputation":
            if p.morale >= 2:                                                          # SS-ALM-12: can pay 2
                out.append(card)
        elif kind == "refresh":
            if q.refresh_targets(c, s, seat):
                out.append(card)
        else:
            out.append(card)
    return out


def use(c, u, seat: int, card: int) -> None:
    """SS-CREW-15: rotate the card, then carry out its action."""
    action = c.crew[card].action
    u.emit(CrewUsed(player=seat, card=card))
    if action == "refresh":                                   # SS-ALM-13: the target is asked for next
        ask(u, seat, "refresh")
        return
    if action.startswith("visit:"):
        action = action.split(":", 2)[2]                      # "gain:ore" / "kickback"
        if action.startswith("gain:"):
            action += ":1"
        elif action == "kickback":
            action = "kickback:1"
    apply_effect(c, u, seat, action, crew=True)


@POINTS.options("refresh", asks="Choose a rotated crew member to turn upright (SS-ALM-13)")
def refresh_options(c, s: SolarState, player: int) -> list:
    return choices(player, [c.crew[card].id for card in q.refresh_targets(c, s, player)])


@POINTS.resolves("refresh")
def refreshed(c, u, action, rng) -> None:
    """SS-ALM-13: the chosen card can be used again this round."""
    u.emit(TaskDone())
    u.emit(CrewRefreshed(player=action.player, card=c.crew_index[action.option]))

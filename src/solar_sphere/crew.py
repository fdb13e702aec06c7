"""Crew: hiring at the Crew Station (SS-CREW-04, SS-CREW-05, SS-CREW-06, SS-CREW-07, SS-CREW-08,
SS-CREW-09, SS-CREW-10, SS-CREW-11, SS-CREW-12, SS-CREW-13, SS-CREW-14), retiring (SS-CREW-09,
SS-CREW-10, SS-CREW-11) and using
crew actions (SS-CREW-15, SS-CREW-16, SS-CREW-17, the almanac SS-ALM-01, SS-ALM-02, SS-ALM-03,
SS-ALM-04, SS-ALM-05, SS-ALM-06, SS-ALM-07, SS-ALM-08, SS-ALM-09, SS-ALM-10, SS-ALM-11, SS-ALM-12,
SS-ALM-13, SS-ALM-14, SS-ALM-15, SS-ALM-16, SS-ALM-17)."""

from __future__ import annotations

from solar_sphere.command import apply_effect, gain_morale, push, refresh_targets, score
from solar_sphere.events import CrewHired, CrewRefreshed, CrewRetired, CrewUsed, ResourceChanged, TaskDone
from solar_sphere.locations import cost_of
from solar_sphere.state import SolarState, Task

GENERAL = "general"


def hire(u, seat: int, slot: int, pay: str = "") -> None:
    """SS-CREW-04, SS-CREW-05, SS-CREW-06, SS-CREW-07: pay (players only; SS-ALM-01, SS-ALM-03,
    SS-ALM-05 costs), take the card, score its points
    (SS-ALM-17: immediately), take its token's morale, record its icons; a fourth crew member
    forces a retirement (SS-CREW-08, SS-CREW-09). The display is not refilled now (SS-CREW-14). DRANDA
    hires free (SS-DRCRW-06), converts token morale to points (SS-DRCRW-07) and keeps every card
    without limit or retirement (SS-DRCRW-08)."""
    s: SolarState = u.state
    rules = u.rules
    card = s.display[slot]
    token = s.tokens[slot]
    if seat != s.dseat:
        for kind, n in enumerate(cost_of(rules, card, pay)):
            if n:
                u.emit(ResourceChanged(player=seat, kind=kind, delta=-n))
        if len(s.p[seat - 1].crew) >= rules.c.cmd.crew_slots:
            push(u, Task(kind="retire", player=seat, n=card))                        # SS-CREW-08, SS-CREW-09
    u.emit(CrewHired(player=seat, slot=slot, factions=rules.c.crew_factions[card]))          # SS-CREW-07
    score(u, seat, rules.c.tiers.points[rules.c.crew[card].tier - 1], "hire")      # SS-CREW-05
    gain_morale(u, seat, token, "morale token")                                      # SS-CREW-06


def hire_choice(u, t: Task, option: str) -> None:
    s: SolarState = u.state
    rules = u.rules
    card_id, _, pay = option.partition(":")
    card = rules.c.crew_index[card_id]
    u.emit(TaskDone())
    hire(u, t.player, s.display.index(card), pay)


def retire_options(s: SolarState, rules, t: Task) -> list[str]:
    """SS-CREW-09, SS-CREW-10: any previous crew member, never the one just hired; retiring happens only
    here."""
    return [rules.c.crew[c].id for c in s.p[t.player - 1].crew if c != t.n]


def retire(u, t: Task, option: str) -> None:
    """SS-CREW-11, SS-AMB-29: the bonus resolves at once; "A or B" is the player's choice (SS-ALM-15).
    Reproduces SS-EX-19."""
    rules = u.rules
    card = rules.c.crew_index[option]
    u.emit(CrewRetired(player=t.player, card=card))
    u.emit(TaskDone())
    bonus = rules.c.crew[card].retire
    if len(bonus) == 1:
        apply_effect(u, t.player, bonus[0], crew=True)
    else:
        push(u, Task(kind="bonus", player=t.player, arg="|".join(bonus)))


def bonus_choice(u, t: Task, option: str) -> None:
    u.emit(TaskDone())
    apply_effect(u, t.player, option, crew=True)


ALMANAC = "SS-ALM-02, SS-ALM-04, SS-ALM-06: the card actions and bonuses are data codes (crew.toml)"


def usable(s: SolarState, rules, seat: int, where: str) -> list[int]:
    """Crew the player may use now (SS-CREW-15, SS-CREW-16, SS-AMB-25): upright cards; `where` is
    "general" for the turn's free moments, else the id of the Location card being visited,
    for the "When you visit" cards (SS-ALM-10). T3-03 works through ChooseDie (SS-ALM-11)
    and T2-09 in Battle (SS-ALM-14). Each is used once a round (SS-CREW-16); retired crew are
    not current and never usable (SS-CREW-12); their icons and current ones count (SS-CREW-13)."""
    p = s.p[seat - 1]
    out = []
    # SS-AMB-25: after the location action, a "When you visit X" card still counts for the turn that visited X
    visited = (rules.c.locations[s.visiting] if where == GENERAL and s.turn == seat
               and s.step in ("acting", "after") and s.visiting >= 0 else None)
    for card, used in zip(p.crew, p.used, strict=True):
        if used:
            continue
        action = rules.c.crew[card].action
        kind = action.split(":")[0]
        if kind == "visit":
            if action.split(":")[1] in (where, visited):
                out.append(card)
        elif where != GENERAL:
            continue
        elif kind in ("set_die", "reroll"):
            continue
        elif kind == "trade":
            if p.store[("ore", "gold", "crystal").index(action.split(":")[1])] >= 1:   # SS-ALM-09
                out.append(card)
        elif kind == "pay_morale_for_reputation":
            if p.morale >= 2:                                                          # SS-ALM-12
                out.append(card)
        elif kind == "refresh":
            if refresh_targets(s, seat, card):
                out.append(card)
        else:
            out.append(card)
    return out


def use(u, seat: int, card: int) -> None:
    """SS-CREW-15: rotate, then carry out the action."""
    action = u.rules.c.crew[card].action
    u.emit(CrewUsed(player=seat, card=card))
    if action == "refresh":                                   # SS-ALM-13: remembers which card refreshes
        push(u, Task(kind="refresh", player=seat, arg=str(card)))
        return
    if action.startswith("visit:"):
        action = action.split(":", 2)[2]                      # "gain:ore" / "kickback"
        if action.startswith("gain:"):
            action += ":1"
        elif action == "kickback":
            action = "kickback:1"
    apply_effect(u, seat, action, crew=True)


def refresh_choice(u, t: Task, option: str) -> None:
    """SS-ALM-13: turn another rotated crew member upright."""
    u.emit(TaskDone())
    u.emit(CrewRefreshed(player=t.player, card=u.rules.c.crew_index[option]))

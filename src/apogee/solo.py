"""Solo mode (AP-SOLO-*): the built Event pile and the 14 Solo Events (AP-SEV-*). The Solo Missions'
objectives are in missions.py (AP-SMIS-*)."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.dice import ROLLS, roll_main
from apogee.effects import gain, next_in_order, pay
from apogee.components import Components
from apogee.rocket import thrust


def event_pile(c: Components, mission: int, rng) -> list[int]:
    """AP-SOLO-04: the Solo Event pile, returned bottom first (the pile's order); it holds twice as many cards
    as the Mission lists Solo Events, one per turn of the Mission (AP-SOLO-08)."""
    solo = [c.solo_event_id[n] for n in c.solo_missions[mission].events]  # AP-SOLO-05: listed order, top first
    base = rng.sample(list(c.base_events), len(solo))  # AP-SOLO-06: as many base Events, drawn unseen
    # AP-SOLO-07: one base Event after each Solo Event, so the bottom card is a base Event
    top_first = [card for pair in zip(solo, base) for card in pair]
    return top_first[::-1]


def resolve_for(c: Components, u: Unfolding, rng, player: int) -> None:
    """A Solo Event at reveal (AP-SEV-24)."""
    s = u.state
    e = c.events[s.event]
    pl = s.areas[player - 1]
    key = e.key
    # AP-SEV-01, AP-SEV-02, AP-SEV-03, AP-SEV-04, AP-SEV-05, AP-SEV-06: bans until the end of the game;
    # earlier Seniors stay (AP-SEV-02); banned cards may still be acquired and sold (AP-SEV-05)
    if key == "ban":
        if e.ban not in s.bans:
            u.emit(ev.BanAdded(ban=e.ban))
    elif key == "power_evaluation":  # AP-SEV-07, AP-SEV-08, AP-AMB-43
        if thrust(c, pl, turn_mods=False) >= e.threshold:
            gain(u, player, e.amount, "power_evaluation")
        elif pl.dice:
            u.emit(ev.DiceReturned(player=player, count=1))
    elif key == "construction_delay":  # AP-SEV-09, AP-SEV-10, AP-AMB-44 (AP-SEV-10: no Engineer, no effect)
        if pl.built_kinds != 0b1111 and pl.hand:
            u.emit(ev.DismissalsOwed(player=player, count=e.amount))
    elif key == "all_risk":  # AP-SEV-11, AP-AMB-46
        if (sum(c.eng_auth[x] for x in pl.hand) >= e.threshold and pl.dice < c.n.dice_limit
                and s.supply > 0):
            u.emit(ev.DieGained(player=player))
    elif key == "behind_schedule":  # AP-SEV-12, AP-SEV-13 (AP-SEV-13: pay what one has)
        if len(pl.investors) < e.threshold:
            pay(u, player, e.amount, "behind_schedule")
    elif key == "hiring_bonus":  # AP-SEV-14, AP-SEV-15, AP-AMB-37 (AP-SEV-15: exactly 3, nothing)
        if len(pl.hand) < e.threshold:
            pay(u, player, e.amount, "hiring_bonus")
        elif len(pl.hand) > e.threshold:
            gain(u, player, e.amount, "hiring_bonus")
    # AP-SEV-16, AP-SEV-17, AP-AMB-45, AP-AMB-12 (AP-SEV-17: over 100,000, one Engineer of choice)
    elif key == "human_resources":
        if pl.credits < e.threshold:
            if s.seniors and len(pl.hand) < c.n.hand_limit:
                u.emit(ev.EngineersRecruited(player=player, senior=True, engineers=(s.seniors[-1],)))
        elif pl.credits > e.upper and pl.hand:
            u.emit(ev.DismissalsOwed(player=player, count=1))
    elif key == "boredom":  # AP-SEV-18
        if not pl.launches and pl.hand:
            u.emit(ev.DismissalsOwed(player=player, count=min(e.amount, len(pl.hand))))
    elif key == "invested_funds":  # AP-SEV-19, AP-AMB-42: more than 4 avoids paying; dice allowed
        roll_main(c, u, rng, player, "funds", e.threshold + 1)
        return
    # AP-SEV-20, AP-SEV-21, AP-SEV-22, AP-SEV-23: no additional dice (AP-SEV-21, AP-SEV-23: pay what one has)
    elif key == "mission_change":
        value = rng.roll(c.n.die_sides)
        u.emit(ev.DiceRolled(player=player, value=value, purpose="mission_change"))
        if value <= e.threshold:
            u.emit(ev.GoalAdded(event=s.event))
        else:
            pay(u, player, e.amount, "mission_change")
    next_in_order(u)


def funds_kept(c: Components, u: Unfolding, rng, player: int, arg: int) -> None:
    next_in_order(u)


def funds_lost(c: Components, u: Unfolding, rng, player: int, arg: int) -> None:
    pay(u, player, c.events[u.state.event].amount, "invested_funds")
    next_in_order(u)


ROLLS["funds"] = (funds_kept, funds_lost)

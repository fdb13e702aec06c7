"""Reputation (GW-REP-01..19): the governing marker, gains and the bonus of the space reached."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords import hire, scoring, support
from warlords.prompts import POINTS
from warlords.state import DEST, REBEL, RES, Ctx


def governing(c, s, p: int) -> str:
    """GW-REP-02, GW-AMB-17: slot floor(p/2)+1 governs a player on position p."""
    slot = s.rep[p - 1] // 2
    return s.rep_slots[slot] if slot < len(s.rep_slots) else ""


def matches(c, s, p: int, kind: str) -> bool:
    """GW-REP-03, GW-REP-08, GW-AMB-19: Deploy Only matches a Deploy marker (unless the data has its
    own); the markers never move (GW-REP-19). GW-EX-05."""
    marker = governing(c, s, p)
    if not marker or s.rep[p - 1] >= c.rep_last:
        return False
    if kind == marker:
        return True
    return kind == "deploy_only" and marker == "deploy" and "deploy_only" not in c.data.reputation.markers


def bonus_options(c, s, p: int) -> list[str]:
    """GW-REP-10..16, GW-AMB-38, GW-AMB-39: power, or the space's alternative when it can be carried
    out (GW-REP-16, GW-GAP-12: Gain Mission only if the data's track has it). GW-EX-02, GW-EX-19."""
    space = c.rep_space.get(s.rep[p - 1])
    if space is None:
        return []
    out = ["power"] if space.power else []
    alt = space.alternative
    b = s.base[p - 1]
    if alt == "for_the_cause" and b[RES * 3]:
        out.append(alt)
    elif alt == "new_friends" and q.support_available(s):
        out.append(alt)
    elif alt == "need_a_hand":
        if b[DEST * 3 + 1]:
            out.append("need_a_hand_tank")
        if b[DEST * 3 + 2]:
            out.append("need_a_hand_aircraft")
    elif alt == "recover_units":
        out.append(alt)
    elif alt == "gain_mission" and s.deck:
        out.append(alt)
    return out


def gain(c, u, p: int) -> None:
    """GW-REP-01, GW-REP-04 (one space per action), GW-REP-09 (a winning invader), GW-REP-10: the bonus
    is offered at once (before the action's effect, GW-REP-17). The Rebellion always takes the
    power (GW-AMB-54, GW-REB-19). Reaching the last space ends the game (GW-REP-18, GW-END-03,
    GW-SEND-02); gains beyond it are ignored."""
    s = u.state
    if s.rep[p - 1] >= c.rep_last:
        return
    u.emit(ev.ReputationGained(player=p, space=s.rep[p - 1] + 1))
    reached_end = s.rep[p - 1] >= c.rep_last
    options = bonus_options(c, s, p)
    if p == REBEL and s.mode == "solo":
        if "power" in options:
            u.emit(ev.PowerGained(player=p, amount=c.rep_space[s.rep[p - 1]].power, reason="reputation"))
    elif options:
        u.emit(ev.ActionStarted(ctx=Ctx(kind="bonus", source="reputation", target=p)))
    if reached_end:
        if s.mode == "solo":
            if not s.ctx or s.ctx[-1].kind != "bonus":
                scoring.finish(c, u)   # GW-SEND-02, GW-AMB-56: after the gain and its bonus
        else:
            u.emit(ev.EndTriggered(kind="reputation", last_turn=s.turn))


@POINTS.options("bonus", asks="Take the bonus of the reputation space reached: its Power or its alternative; "
                              "or decline (GW-REP-10)")
def bonus_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p)] + [ev.Bonus(player=p, choice=x) for x in bonus_options(c, s, p)]


@POINTS.resolves("bonus")
def take_bonus(c, u, a, rng) -> None:
    """GW-REP-11..16; GW-AMB-37: Recover Units runs Recovery for Infantry only."""
    s = u.state
    p = a.player
    if isinstance(a, ev.Bonus):
        choice = a.choice
        if choice == "power":
            u.emit(ev.PowerGained(player=p, amount=c.rep_space[s.rep[p - 1]].power, reason="reputation"))
        elif choice == "for_the_cause":
            u.emit(ev.UnitsGained(player=p, infantry=1))
        elif choice == "new_friends":
            support.draw(c, u, p, rng)
        elif choice == "need_a_hand_tank":
            u.emit(ev.Repaired(player=p, unit=1))
        elif choice == "need_a_hand_aircraft":
            u.emit(ev.Repaired(player=p, unit=2))
        elif choice == "recover_units":
            u.emit(ev.Recovered(player=p, infantry_only=True))
        elif choice == "gain_mission":
            u.emit(ev.MercenaryHired(player=p, card=s.deck[0], drafted=False))
            hire.check_supply(c, u)
    u.emit(ev.ActionEnded())
    if s.mode == "solo" and s.rep[p - 1] >= c.rep_last:
        scoring.finish(c, u)

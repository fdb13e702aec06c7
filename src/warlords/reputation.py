"""Reputation (GW-REP-01..19): the governing marker, gains and the bonus of the space reached.

The markers are dealt at setup and never move (GW-REP-19); a player's position is `state.rep`.
A bonus is offered as an action of its own (`Ctx(kind="bonus")`) on top of the one that earned it,
so it is resolved before that action's effect (GW-REP-17). The human's reputation in solo works the
same way, on the solo markers (GW-SPT-16)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords import hire, scoring, support
from warlords.prompts import POINTS
from warlords.state import DEST, REBEL, RES, Ctx


def governing(c, s, p: int) -> str:
    """GW-REP-02, GW-AMB-17: each slot governs two spaces, so slot floor(p/2)+1 (counted from 1)
    governs a player on position p."""
    slot = s.rep[p - 1] // 2
    return s.rep_slots[slot] if slot < len(s.rep_slots) else ""


def matches(c, s, p: int, kind: str) -> bool:
    """GW-REP-03: whether an action of `kind` matches `p`'s governing marker (the rulebook's example:
    GW-EX-05)."""
    marker = governing(c, s, p)
    if not marker or s.rep[p - 1] >= c.rep_last:
        return False
    if kind == marker:
        return True
    # GW-REP-08, GW-AMB-19: a Deploy Only matches a Deploy marker, unless the data gives it its own
    return kind == "deploy_only" and marker == "deploy" and "deploy_only" not in c.data.reputation.markers


def bonus_options(c, s, p: int) -> list[str]:
    """GW-REP-10: the bonuses of the space `p` stands on, its power or its alternative (data:
    GW-GAP-09); an alternative that cannot be carried out is left out. Declining is the prompt's
    Pass (GW-AMB-39). The rulebook's examples: GW-EX-02, GW-EX-19."""
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
    elif alt == "need_a_hand":   # GW-AMB-38: only with a destroyed Tank, or Aircraft, to bring back
        if b[DEST * 3 + 1]:
            out.append("need_a_hand_tank")
        if b[DEST * 3 + 2]:
            out.append("need_a_hand_aircraft")
    elif alt == "recover_units":
        out.append(alt)
    elif alt == "gain_mission" and s.deck:   # GW-REP-16, GW-GAP-12: only on a track the data gives
        out.append(alt)
    return out


def gain(c, u, p: int) -> None:
    """One reputation for `p`: for a matching action (one per action, GW-REP-04) or for winning an
    invasion (GW-REP-09), with the bonus of the space reached."""
    s = u.state
    if s.rep[p - 1] >= c.rep_last:
        return   # GW-REP-18: gains beyond the last space are ignored and give no bonus
    u.emit(ev.ReputationGained(player=p, space=s.rep[p - 1] + 1))   # GW-REP-01: one space right
    reached_end = s.rep[p - 1] >= c.rep_last
    options = bonus_options(c, s, p)
    if p == REBEL and s.mode == "solo":
        # GW-REB-19, GW-AMB-54: the Rebellion always takes the power
        if "power" in options:
            u.emit(ev.PowerGained(player=p, amount=c.rep_space[s.rep[p - 1]].power, reason="reputation"))
    elif options:
        # GW-REP-10: the bonus is offered at once, before the action's effect (GW-REP-17)
        u.emit(ev.ActionStarted(ctx=Ctx(kind="bonus", source="reputation", target=p)))
    if reached_end:
        if s.mode == "solo":
            if not s.ctx or s.ctx[-1].kind != "bonus":
                scoring.finish(c, u)   # GW-SEND-02, GW-AMB-56: at once, after the gain and its bonus
        else:
            # GW-REP-18, GW-END-03: the game ends after this turn
            u.emit(ev.EndTriggered(kind="reputation", last_turn=s.turn))


@POINTS.options("bonus", asks="Take the bonus of the reputation space reached: its Power or its alternative; "
                              "or decline (GW-REP-10)")
def bonus_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p)] + [ev.Bonus(player=p, choice=x) for x in bonus_options(c, s, p)]


@POINTS.resolves("bonus")
def take_bonus(c, u, a, rng) -> None:
    """The bonus chosen, if any; then the action that earned it goes on (or, in solo, a last space
    reached ends the game: GW-SEND-02)."""
    s = u.state
    p = a.player
    if isinstance(a, ev.Bonus):
        choice = a.choice
        if choice == "power":   # GW-REP-11: the space's power at once
            u.emit(ev.PowerGained(player=p, amount=c.rep_space[s.rep[p - 1]].power, reason="reputation"))
        elif choice == "for_the_cause":   # GW-REP-12: one Infantry from Reserve to Launch Pad
            u.emit(ev.UnitsGained(player=p, infantry=1))
        elif choice == "new_friends":   # GW-REP-13: one support card
            support.draw(c, u, p, rng)
        elif choice == "need_a_hand_tank":   # GW-REP-14: a destroyed Tank back onto the Launch Pad
            u.emit(ev.Repaired(player=p, unit=1))
        elif choice == "need_a_hand_aircraft":   # ... or, by the FAQ, an Aircraft
            u.emit(ev.Repaired(player=p, unit=2))
        elif choice == "recover_units":   # GW-REP-15, GW-AMB-37: Recovery, for Infantry only
            u.emit(ev.Recovered(player=p, infantry_only=True))
        elif choice == "gain_mission":   # GW-REP-16: the top card of the deck into hand
            u.emit(ev.MercenaryHired(player=p, card=s.deck[0], drafted=False))
            hire.check_supply(c, u)
    u.emit(ev.ActionEnded())
    if s.mode == "solo" and s.rep[p - 1] >= c.rep_last:
        scoring.finish(c, u)

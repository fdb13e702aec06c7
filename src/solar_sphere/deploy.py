"""Phase 2: Deploy (SS-DEP-01..20), a player's turn: kickbacks and crew, a die to deploy and the
Location card it visits, then a satellite or the card's action, then crew again. The turn's steps
are decision points ("turn", "visit", "act", "after"); DRANDA's turns are in solo.py.

A visit is legal only where something could be done after it (SS-AMB-15), which is the costly
question here: `visit_ok` answers it, with a `Memo` of what does not depend on the die.
"""

from __future__ import annotations

from boardcore.game.errors import IllegalAction
from boardcore.game.rules import Unoffered

from solar_sphere import queries as q
from solar_sphere.command import gain_morale, take_kickbacks
from solar_sphere.components import KINDS
from solar_sphere.crew import GENERAL, usable, use
from solar_sphere.events import (Choose, ChooseDie, CrewUsed, DieDeployed, DiscardDie, EndTurn, SatelliteMoved,
                                 StepSet, TakeKickbacks, TurnEnded, UseCrew, Visit)
from solar_sphere.locations import take_action
from solar_sphere.prompts import POINTS
from solar_sphere.state import SolarState
from solar_sphere.words import cost_words, hex_words, location_name


def next_seat(s: SolarState) -> int:
    """SS-DEP-01, SS-DEP-03: the next seat in turn order that still has a die to deploy, 0 when none
    has (DRANDA has 3 turns a round, one per transparent die: SS-DRDEP-01, SS-DRDEP-06)."""
    n = len(s.order)
    for k in range(1, n + 1):
        seat = s.order[(s.at + k) % n]
        if seat == s.dranda_seat:
            if any(s.dranda.dice):
                return seat
        elif sum(s.centres[seat - 1].ports):
            return seat
    return 0


def action_resolved(c, u) -> bool:
    """The visited card's action is over: crew may still be used (SS-AMB-25), else the turn ends.
    True when the turn ended."""
    s: SolarState = u.state
    if usable(c, s, s.turn, GENERAL):
        u.emit(StepSet(step="after"))
        return False
    u.emit(TurnEnded(player=s.turn))
    return True


# -- can something be done after a visit? (SS-AMB-15) ---------------------------------------------
class Memo:
    """What SS-AMB-15 asks that does not depend on the die, worked out when first needed: the
    lowest value of a hex the player could build (99: none), and whether a hire is affordable
    without (False) and with (True) the boost resource."""

    __slots__ = ("lowest_hex", "hire")

    def __init__(self) -> None:
        self.lowest_hex: int | None = None
        self.hire: dict[bool, bool] = {}


def can_act(c, s: SolarState, seat: int, loc: int, value: int, active: int, inactive: int,
            memo: Memo | None = None) -> bool:
    """SS-AMB-15: whether the visited card's action can be taken. The Asteroid Belts, the Fabricator
    and the Salvage Ship always can; the Sphere needs a drone and a viable, affordable hex within
    reach; the Crew Station an affordable card, counting the boost resource; the Fleet a crystal, a
    ship and a drone."""
    kind = c.loc[loc].kind
    if kind in ("asteroid", "fabricator", "salvage"):
        return True
    p = s.centres[seat - 1]
    memo = memo or Memo()
    boosted = p.sats[loc]
    if kind == "sphere":
        if active < 1:
            return False
        if memo.lowest_hex is None:
            values = [c.hexes[s.hex_at[slot]].value for slot in q.buildable(c, s, seat, 6)]
            memo.lowest_hex = min(values) if values else 99
        return memo.lowest_hex <= (6 if boosted else value)
    if kind == "crew":
        if boosted not in memo.hire:
            memo.hire[boosted] = q.can_hire(c, s, seat, boosted)
        return memo.hire[boosted]
    if kind == "fleet":
        reach = active + (min(2, inactive) if boosted else 0)
        return p.store[2] >= 1 and reach >= 1 and any(x is not None for x in s.fleet)
    return False


def with_triggers(c, s: SolarState, seat: int, loc: int, active: int, inactive: int) -> list:
    """SS-AMB-15 with SS-ALM-10: the positions (state, active, inactive) that the upright "When you
    visit" crew of this card can bring about before the choice (a resource, or a kickback: a
    resource, a fabricated drone or up to 2 regenerated drones)."""
    triggers = [c.crew[card].action.split(":", 2)[2] for card in usable(c, s, seat, c.locations[loc])]
    out = [(s, active, inactive)]
    for gain in triggers:
        more = []
        for st, a, i in out:
            if gain.startswith("gain:"):
                kinds = [KINDS.index(gain.split(":")[1])]
            else:
                kinds = [0, 1, 2]
                more.append((st, a + (1 if st.centres[seat - 1].reserve else 0), i))
                more.append((st, a + min(2, i), i - min(2, i)))
            for k in kinds:
                copy = st.copy()
                copy.centres[seat - 1].store[k] += 1
                more.append((copy, a, i))
        out += more
    return out[1:]


def visit_ok(c, s: SolarState, seat: int, loc: int, value: int, active: int, inactive: int,
             memo: Memo | None = None) -> bool:
    """Whether a die of `value` may visit card `loc`, with `active`/`inactive` drones left after
    changing it. The card must accept the value (SS-DEP-05: SS-AST-01, SS-AST-02, SS-FAB-01,
    SS-SAL-01, SS-SPH-01, SS-CREW-01, SS-FLT-01); something must then be doable there (SS-DEP-13,
    SS-DEP-15, SS-AMB-15): a satellite, which needs a drone left after the occupied cost
    (SS-AMB-36), or the action, perhaps after "When you visit" crew."""
    if value not in c.loc_accepts[loc]:
        return False
    if s.loc_dice[loc]:
        # SS-DEP-09, SS-DEP-10: a card holding any die this round (SS-AMB-39; each Asteroid Belt on
        # its own, SS-DEP-12, SS-AST-05; satellites do not count, SS-DEP-18) costs exactly one
        # exhausted drone, so it needs an active one (SS-DEP-11)
        if active < 1:
            return False
        active -= 1
        inactive += 1
    if active >= 1 and not s.centres[seat - 1].sats[loc]:
        return True
    if can_act(c, s, seat, loc, value, active, inactive, memo):
        return True
    p = s.centres[seat - 1]
    trigger = c.crew_trigger
    if any(trigger[card] == loc and not used for card, used in zip(p.crew, p.used, strict=True)):
        for st, a, i in with_triggers(c, s, seat, loc, active, inactive):
            if (a >= 1 and not st.centres[seat - 1].sats[loc]) or can_act(c, st, seat, loc, value, a, i):
                return True
    return False


def any_visit(c, s: SolarState, seat: int, value: int, active: int, inactive: int, memo: Memo | None = None) -> bool:
    """Some card can be visited with this value (SS-EX-13, SS-EX-30)."""
    memo = memo or Memo()
    return any(visit_ok(c, s, seat, loc, value, active, inactive, memo) for loc in range(8))


def dice_on_ports(s: SolarState, seat: int) -> list[int]:
    """The values of the dice `seat` may deploy: an auxiliary die gained this turn waits (SS-AUX-03)."""
    p = s.centres[seat - 1]
    return [v for v in range(1, 7) if p.ports[v - 1] - (1 if p.fresh == v else 0) > 0]


# -- the turn's steps ---------------------------------------------------------------------------
@POINTS.options("turn", asks="Your Deploy turn: take kickbacks, use crew, deploy a die (drones change "
                             "its value) or discard one (SS-DEP-02)")
def turn_options(c, s: SolarState, player: int) -> list:
    """The start of a Deploy turn (SS-DEP-02): kickbacks, crew, a die to deploy, or a discard."""
    p = s.centres[player - 1]
    acts: list = []
    if not s.kicked:                          # SS-KB-01, SS-KB-02, SS-AMB-06: once, before the die
        acts += [TakeKickbacks(player=player, to=sp) for sp in c.cmd.spanners if sp < p.morale]
    acts += [UseCrew(player=player, card=c.crew[card].id) for card in usable(c, s, player, GENERAL)]
    setter = q.upright(c, p, "set_die") is not None
    ok: dict[tuple[int, int], bool] = {}
    memo = Memo()
    dice = dice_on_ports(s, player)
    for v in dice:
        for t in range(1, 7):
            cost = abs(t - v)
            if cost <= p.active:                  # SS-DEP-06, SS-DEP-07, SS-GEN-03: 1..6, no wrap
                key = (t, cost)
                if key not in ok:
                    ok[key] = any_visit(c, s, player, t, p.active - cost, p.inactive + cost, memo)
                if ok[key]:
                    acts.append(ChooseDie(player=player, die=v, value=t))
            if setter and t != v:                 # SS-ALM-11, SS-AMB-41: the occupied cost still applies
                key = (t, 0)
                if key not in ok:
                    ok[key] = any_visit(c, s, player, t, p.active, p.inactive, memo)
                if ok[key]:
                    acts.append(ChooseDie(player=player, die=v, value=t, crew=True))
    acts += [DiscardDie(player=player, die=v) for v in dice]    # SS-DEP-19, SS-AMB-16: always, even with a visit
    return acts


def die_is_legal(c, s: SolarState, action: ChooseDie) -> bool:
    """`action in turn_options(...)` for a ChooseDie, without listing the other dice and values."""
    p = s.centres[action.player - 1]
    v, target = action.die, action.value
    if not (1 <= v <= 6 and 1 <= target <= 6) or p.ports[v - 1] - (1 if p.fresh == v else 0) <= 0:
        return False
    if action.crew:
        setter = q.upright(c, p, "set_die") is not None
        return setter and target != v and any_visit(c, s, action.player, target, p.active, p.inactive)
    cost = abs(target - v)
    return cost <= p.active and any_visit(c, s, action.player, target, p.active - cost, p.inactive + cost)


@POINTS.resolves("turn")
def turn_taken(c, u, action, rng) -> None:
    s: SolarState = u.state
    seat = action.player
    kind = type(action)
    if kind is TakeKickbacks:
        take_kickbacks(c, u, seat, action.to)
    elif kind is UseCrew:
        use(c, u, seat, c.crew_index[action.card])
    elif kind is ChooseDie:
        if action.crew:                                               # SS-ALM-11: T3-03 sets the value
            u.emit(CrewUsed(player=seat, card=q.upright(c, s.centres[seat - 1], "set_die")))
    else:                                                             # SS-DEP-19, SS-DEP-20: discarded
        gain_morale(c, u, seat, 1, "discard")                            # until Recover, for 1 morale
        u.emit(TurnEnded(player=seat))


@POINTS.options("visit", asks="Choose the Location card your die visits (SS-DEP-04)")
def visit_options(c, s: SolarState, player: int) -> list:
    p = s.centres[player - 1]
    memo = Memo()
    return [Visit(player=player, location=c.locations[loc]) for loc in range(8)
            if visit_ok(c, s, player, loc, s.chosen, p.active, p.inactive, memo)]


def visit_is_legal(c, s: SolarState, action: Visit) -> bool:
    """`action in visit_options(...)`, asking only about the card named."""
    p = s.centres[action.player - 1]
    loc = c.loc_index.get(action.location)
    return loc is not None and visit_ok(c, s, action.player, loc, s.chosen, p.active, p.inactive)


@POINTS.resolves("visit")
def visited(c, u, action, rng) -> None:
    """SS-DEP-09, SS-DEP-10: the die goes onto the card, exhausting a drone if it is occupied."""
    loc = c.loc_index[action.location]
    u.emit(DieDeployed(player=action.player, location=loc, occupied=u.state.loc_dice[loc] > 0))


@POINTS.options("act", asks="Launch a satellite onto the Location card you visit, or take its action (SS-DEP-13)")
def act_options(c, s: SolarState, player: int) -> list:
    """SS-DEP-13: a satellite or the action; "When you visit" crew (SS-ALM-10)."""
    p = s.centres[player - 1]
    loc = s.visiting
    acts: list = []
    if p.active >= 1 and not p.sats[loc]:
        acts.append(Choose(player=player, option="satellite"))
    if can_act(c, s, player, loc, s.chosen, p.active, p.inactive):
        acts.append(Choose(player=player, option="action"))
    acts += [UseCrew(player=player, card=c.crew[card].id) for card in usable(c, s, player, c.locations[loc])]
    if not acts:          # a trigger was used to no avail: the action may still be taken, to no effect
        acts.append(Choose(player=player, option="action"))
    return acts


def act_unoffered(c, s: SolarState, player: int) -> list[Unoffered]:
    """Why the visited card's action is not among the "act" options (SS-AMB-15): the visit was
    legal for the satellite alone. Said only where a reason can be named; the Asteroid Belts, the
    Fabricator and the Salvage Ship are always open."""
    p = s.centres[player - 1]
    loc = s.visiting
    if loc < 0 or any(type(a) is Choose and a.option == "action" for a in act_options(c, s, player)):
        return []           # offered (if need be to no effect, when nothing else is)
    option = f"Take the action of {location_name(c, loc)}"
    kind = c.loc[loc].kind
    if kind == "sphere":
        limit = 6 if p.sats[loc] else s.chosen
        if p.active < 1:
            return [Unoffered(option, "a hex is built with a drone from your active panel, and it is empty", "SS-SPH-07")]
        reach = [slot for slot in range(len(s.builder)) if not s.builder[slot] and q.viable(c, s, slot)
                 and c.hexes[s.hex_at[slot]].value <= limit]
        if not reach:
            return [Unoffered(option, f"no hex of value {limit} or less can be built: one must be face up, unbuilt "
                                      "and next to a built hex", "SS-SPH-04")]
        cheapest = min(reach, key=lambda slot: sum(c.hexes[s.hex_at[slot]].cost))
        return [Unoffered(option, f"no hex of value {limit} or less you can pay for: {hex_words(c, s, cheapest)} costs "
                                  f"{cost_words(c.hexes[s.hex_at[cheapest]].cost)}, and your storage holds "
                                  f"{cost_words(p.store)}", "SS-SPH-07")]
    if kind == "crew":
        return [Unoffered(option, "you cannot pay for any crew card on display", "SS-CREW-04")]
    if kind == "fleet":
        why = ("each ship attacked costs 1 crystal, and you have none" if p.store[2] < 1 else
               "there is no Resistance ship to attack" if all(x is None for x in s.fleet) else
               "an attack needs a drone from your active panel, and it is empty")
        return [Unoffered(option, why, "SS-FLT-06")]
    return []


@POINTS.resolves("act")
def acted(c, u, action, rng) -> None:
    s: SolarState = u.state
    seat = action.player
    if type(action) is UseCrew:
        use(c, u, seat, c.crew_index[action.card])
    elif action.option == "satellite":      # SS-DEP-14, SS-DRN-08, SS-DRN-09: an active drone stays on the
        u.emit(SatelliteMoved(player=seat, location=s.visiting, launch=True))   # card, and the turn ends
        u.emit(TurnEnded(player=seat))
    else:                                   # SS-DEP-16: the card's action (boosted by a satellite there)
        u.emit(StepSet(step="acting"))
        take_action(c, u, seat, s.visiting, s.chosen)


@POINTS.options("after", asks="Use more crew, or end your turn (SS-CREW-17)")
def after_options(c, s: SolarState, player: int) -> list:
    return [UseCrew(player=player, card=c.crew[card].id) for card in usable(c, s, player, GENERAL)] + [
        EndTurn(player=player)]


@POINTS.resolves("after")
def after_answered(c, u, action, rng) -> None:
    if type(action) is UseCrew:
        use(c, u, action.player, c.crew_index[action.card])
    else:
        u.emit(TurnEnded(player=action.player))


# -- refusals -----------------------------------------------------------------------------------
def refuse(c, s: SolarState, action) -> None:
    """Name the rule an illegal action in a Deploy turn breaks, where one clearly applies."""
    p = s.centres[action.player - 1]
    if isinstance(action, ChooseDie) and s.step == "turn":
        if not 1 <= action.die <= 6 or p.ports[action.die - 1] == 0:
            raise IllegalAction(f"no die on port {action.die}", rule="SS-DEP-04")
        if action.die == p.fresh and p.ports[action.die - 1] == 1:
            raise IllegalAction("the auxiliary die cannot be deployed on the turn it is gained", rule="SS-AUX-03")
        if not 1 <= action.value <= 6:
            raise IllegalAction("die values never leave 1..6", rule="SS-DEP-07")
        if not action.crew and abs(action.value - action.die) > p.active:
            raise IllegalAction("one active drone per step of change is needed", rule="SS-DEP-06")
    if isinstance(action, Visit) and s.step == "visit" and action.location in c.loc_index:
        loc = c.loc_index[action.location]
        if s.chosen not in c.loc_accepts[loc]:
            raise IllegalAction(f"a {s.chosen} cannot visit {action.location}", rule="SS-DEP-05")
        if s.loc_dice[loc] and p.active < 1:
            raise IllegalAction("an occupied location needs an active drone to exhaust", rule="SS-DEP-11")
        raise IllegalAction("nothing could be done there after the visit", rule="SS-AMB-15")
    if isinstance(action, TakeKickbacks) and s.step == "turn":
        if s.kicked:
            raise IllegalAction("kickbacks are taken once per turn", rule="SS-KB-01")
        raise IllegalAction("kickbacks move the morale marker back onto a spanner space", rule="SS-KB-02")

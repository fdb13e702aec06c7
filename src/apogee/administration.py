"""B. Administration phase: the quarter's earnings, then up to 2 Director actions each in Director Authority
order (AP-ADM-*, AP-ERN-*, AP-DIR-*, AP-SELL, AP-REC, AP-DIS, AP-SF, AP-LCH).

Rulebook examples worked here: AP-EX-05 (sales and Yelena), AP-EX-08 (Pedro's launch), AP-EX-09 (debt),
AP-EX-13 (weather and an additional die), AP-EX-14 (Crucial Performance Test), AP-EX-18 (SOC Authority with
Engineer Training and Shuguang Jun).
"""

from __future__ import annotations

from boardcore.game.rules import Unfolding, Unoffered

from apogee import events as ev
from apogee.components import FIRST, RND, UPPER, Components
from apogee.dice import ROLLS, roll_main
from apogee.directors import intervene, use_specialty
from apogee.effects import gain, goto, next_in_order, pay, reveal
from apogee.investors import check_investors
from apogee.prompts import POINTS, ask
from apogee.queries import authority_order, dismissable, event_amount, event_key, mission_of, sale_price
from apogee.rocket import (cost, crew, has_stages, mass, min_roll, required_authority, soc_authority, thrust,
                           yield_of)
from apogee.state import KEEP_FIRST, SOC, ApogeeState, Launch
from apogee.technologies import sell
from apogee.words import place_name


def start_administration(c: Components, u: Unfolding, rng) -> None:
    """AP-ADM-01, AP-ERN-08, AP-AMB-11: everyone collects or pays first, in Authority order."""
    s = u.state
    reveal(u, SOC)
    order = authority_order(c, s)
    salary = event_key(c, s) == "salary_exemption"
    for p in order:
        pl = u.state.areas[p - 1]
        if salary:  # AP-EV-31, AP-ERN-07
            amount = event_amount(c, s)
        else:
            # AP-ERN-01, AP-ERN-02 with the Director's table (AP-GAP-04); every Engineer owned counts
            # (AP-ERN-02, AP-AMB-46)
            table = c.earnings[pl.director]
            amount = table[min(len(pl.hand), len(table) - 1)]
        if amount >= 0:  # AP-ERN-03
            u.emit(ev.EarningsCollected(player=p, amount=amount))
        else:  # AP-ERN-04, AP-ERN-05, AP-ERN-06, AP-AMB-51
            paid = min(-amount, pl.credits)
            unpaid = -amount - paid
            dismiss = min(-(-unpaid // 20), len(pl.hand))
            u.emit(ev.EarningsCollected(player=p, amount=-paid, unpaid=unpaid, dismissals=dismiss))
    burn_out = event_key(c, s) == "burn_out"
    u.emit(ev.ActionsGranted(count=event_amount(c, s) if burn_out else c.n.director_actions))
    goto(u, "admin", order)


def admin_step(c: Components, u: Unfolding, rng) -> bool:
    """AP-DIR-01, AP-DIR-05: the player in turn acts until their actions are spent or they pass; True once
    every player has had their turn."""
    s = u.state
    if s.cursor >= len(s.order):
        return True
    p = s.order[s.cursor]
    if s.areas[p - 1].actions > 0:
        ask(u, p, "admin")
    else:
        next_in_order(u)
    return False


# -- what may be done --------------------------------------------------------
def static_fire_ok(c: Components, s: ApogeeState, player: int) -> bool:
    """AP-SF-01, AP-SF-06, AP-SF-08 (Supply Problem, AP-EV-24). Static fires ignore Anti-Nuclear Demonstration
    and Space Debris Alert (AP-EV-03, AP-EV-28)."""
    pl = s.areas[player - 1]
    if pl.fired or event_key(c, s) == "supply_problem":
        return False
    first, upper, _ = has_stages(c, pl)
    return first and upper


def launch_problem(c: Components, s: ApogeeState, player: int, destination: int) -> tuple[str, str] | None:
    """AP-LCH-20: the checks in order; any failure means the launch cannot be declared (AP-AMB-52). Either
    missing condition makes the launch impossible (AP-LCH-03); only the player's own SOC Engineers count
    (AP-LCH-04); Mission 12's yield floor applies to every launch (AP-AMB-19)."""
    pl = s.areas[player - 1]
    if pl.launched:
        return "only one launch per turn", "AP-LCH-12"
    key = event_key(c, s)
    tech, kind = c.tech, c.kind
    if key == "anti_nuclear" and any(tech[card].nuclear and kind[card] in (FIRST, UPPER) for card in pl.pad):
        return "Anti-Nuclear Demonstration grounds Nuclear rockets", "AP-EV-02"
    if key == "space_debris" and any(tech[card].solar_sail or tech[card].capsule for card in pl.pad):
        return "Space Debris Alert grounds Solar Sails and Conical Capsules", "AP-EV-27"
    if not all(has_stages(c, pl)):
        return "the rocket is not complete", "AP-LCH-01"
    n, authority = soc_authority(c, pl)
    if not n or authority < required_authority(c, s, pl, destination):
        return "not enough Authority at the Space Operations Center", "AP-LCH-02"
    y = yield_of(c, thrust(c, pl), mass(c, pl))
    if not y:
        return "the rocket's thrust or mass is not in the yield table", "AP-LCH-07"
    m = mission_of(c, s)
    if y < m.min_yield:
        return "Mission 12 forbids launching below a yield of 2.6", "AP-MIS-27"
    if not min_roll(c, y, destination):
        return "that destination cannot be reached with this yield", "AP-LCH-08"
    if key == "timid_insurers" and pl.credits < event_amount(c, s):
        return "Timid Insurers: the launch fee cannot be paid", "AP-EV-07"
    return None


def launch_destinations(c: Components, s: ApogeeState, player: int) -> list[int]:
    """The destinations `launch_problem` allows, computed once for all of them."""
    pl = s.areas[player - 1]
    if pl.launched or not all(has_stages(c, pl)):
        return []
    n, authority = soc_authority(c, pl)
    if not n:
        return []
    return [d for d in range(len(c.destinations)) if authority >= required_authority(c, s, pl, d)
            and launch_problem(c, s, player, d) is None]


def admin_unoffered(c: Components, s: ApogeeState, player: int) -> list[Unoffered]:
    """Why the Director actions hold no launch (the prompt names it): the first of AP-LCH-20's checks
    the rocket fails, for the nearest destination (the one that asks least of it)."""
    if launch_destinations(c, s, player):
        return []
    why, rule = launch_problem(c, s, player, 0) or ("not enough Authority at the Space Operations Center",
                                                    "AP-LCH-02")
    if rule == "AP-LCH-01":
        lacking = [stage for stage, built in zip(("a First Stage", "an Upper Stage", "a Payload"),
                                                 has_stages(c, s.areas[player - 1])) if not built]
        why = f"{why}: it lacks {' and '.join(lacking)} on the Launch Pad"
    return [Unoffered(f"Launch to {place_name(c, 0)} or farther", why, rule)]


def specialty_ok(c: Components, s: ApogeeState, player: int) -> bool:
    """AP-DIR-04: whether the Director's Specialty may be used now. Using it is one action (AP-DSP-03); one
    that is not available is neither offered nor spent (AP-DSP-05, AP-AMB-33, AP-AMB-68)."""
    pl = s.areas[player - 1]
    # AP-DSP-02: once per game; AP-SEV-03: Solo Event 03 forbids it for the rest of the game
    if pl.specialty_used or "director_specialty" in s.bans:
        return False
    key = c.director[pl.director].specialty
    if key == "draw_rnd":
        return bool(s.piles[3])  # AP-MD-12
    if key == "recruit_seniors":
        return bool(s.seniors) and "senior_recruit" not in s.bans  # AP-MD-20, AP-SEV-01
    if key in ("keep_first_stages", "thrust", "authority_cut"):
        # AP-DSP-04, AP-MD-04, AP-MD-15, AP-MD-17: tied to a launch, so an action must remain for one
        return pl.actions >= 2 and not pl.launched
    return True


def nation_ok(c: Components, s: ApogeeState, player: int) -> bool:
    """AP-NAT-02, AP-NAT-05 (Solo AP-SOLO-03, Mission 5 AP-MIS-13, AP-AMB-54)."""
    return not (s.areas[player - 1].nation_used or s.solo or mission_of(c, s).no_nation)


@POINTS.options("admin", asks="Take a Director action: Specialty, sell, recruit, dismiss, static fire, launch or "
                "Nation Intervention; or pass to end your turn (AP-DIR-02)")
def admin_actions(c: Components, s: ApogeeState, player: int) -> list:
    """Every Director action open to the player now, and Pass (AP-DIR-02, AP-DIR-05): actions of seven kinds
    (AP-COMP-12), two a turn (one under Burn Out, AP-DIR-06, counted by `actions`), the same kind twice except
    static fire and launch (AP-DIR-03)."""
    pl = s.areas[player - 1]
    out: list = [ev.Pass(player=player)]
    if specialty_ok(c, s, player):
        out.append(ev.UseSpecialty(player=player))
    # AP-SELL-01, AP-SELL-05, AP-SELL-06, AP-SELL-07: any unbuilt card of the reserve, never a built one
    out += [ev.Sell(player=player, card=card) for card in pl.reserve]
    if len(pl.hand) < c.n.hand_limit:  # AP-REC-03, AP-AMB-12: not with a full hand; free (AP-REC-02)
        if s.juniors:  # AP-AMB-60: nor from an empty pile
            out.append(ev.Recruit(player=player, senior=False))
        if s.seniors and "senior_recruit" not in s.bans:
            out.append(ev.Recruit(player=player, senior=True))
    # AP-DIS-02, AP-COMP-15: dismissing is free, and the only way to discard an Engineer by choice
    out += [ev.Dismiss(player=player, engineer=e) for e in dismissable(s, player)]
    if static_fire_ok(c, s, player):  # open under the launch bans of AP-EV-03 and AP-EV-28
        out.append(ev.StaticFire(player=player))
    if not pl.launched:  # AP-EV-33: a launch an Event bans is not offered, so no action or fee is spent
        out += [ev.LaunchRocket(player=player, destination=c.destinations[d])
                for d in launch_destinations(c, s, player)]
    if nation_ok(c, s, player):
        out += [ev.Intervene(player=player, target=t) for t in range(1, s.players + 1) if t != player]
    return out


# -- doing it ----------------------------------------------------------------
@POINTS.resolves("admin")
def resolve_admin(c: Components, u: Unfolding, action, rng) -> None:
    """The chosen Director action (its cost in actions is taken by evolve); a Pass ends the player's turn."""
    s = u.state
    p = action.player
    kind = type(action)
    if kind is ev.Sell:  # AP-SELL-01, AP-SELL-02, AP-SELL-03, AP-SELL-04, AP-SELL-05
        sell(c, u, p, action.card, sale_price(c, s, p))
    elif kind is ev.Recruit:  # AP-REC-01, AP-REC-02
        pile = s.seniors if action.senior else s.juniors
        u.emit(ev.EngineersRecruited(player=p, senior=action.senior, engineers=(pile[-1],)))
    elif kind is ev.Dismiss:  # AP-DIS-01, AP-DIS-02
        u.emit(ev.EngineerDismissed(player=p, engineer=action.engineer, reason="dismiss"))
    elif kind is ev.StaticFire:
        static_fire(c, u, rng, p)
    elif kind is ev.LaunchRocket:
        launch(c, u, rng, p, c.dest_index[action.destination])
    elif kind is ev.UseSpecialty:
        use_specialty(c, u, rng, p)
    elif kind is ev.Intervene:
        intervene(c, u, rng, p, action.target)


def static_fire(c: Components, u: Unfolding, rng, player: int) -> None:
    """AP-SF-02, AP-SF-03, AP-SF-04: the main die only, no re-roll; repeatable in later turns with the same
    rocket (AP-SF-05), no SOC or Payload needed (AP-SF-07), weather irrelevant (AP-AMB-58); 4 or more (6 under
    Crucial Performance Test, AP-EV-25) gains a die if the player may hold one (AP-AMB-34); Investors check
    (AP-IVR-10)."""
    s = u.state
    target = event_amount(c, s) if event_key(c, s) == "performance_test" else c.n.static_fire
    value = rng.roll(c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose="static_fire"))
    success = value >= target
    u.emit(ev.StaticFired(player=player, success=success))
    if success:
        if s.areas[player - 1].dice < c.n.dice_limit and u.state.supply > 0:
            u.emit(ev.DieGained(player=player))
        check_investors(c, u, player, "static_fire")


def launch(c: Components, u: Unfolding, rng, player: int, destination: int) -> None:
    """AP-LCH-09, AP-LCH-10, AP-EV-06 (the fee, once, before the first roll, AP-AMB-13), weather on every
    attempt (AP-EV-13, AP-EV-14, AP-EV-15, AP-AMB-14), additional dice after a failure (AP-DICE-01,
    AP-DICE-02, AP-DICE-03, AP-DICE-04, AP-DICE-05)."""
    s = u.state
    key = event_key(c, s)
    if key == "timid_insurers":
        pay(u, player, event_amount(c, s), "timid_insurers")
    pl = s.areas[player - 1]
    needed = min_roll(c, yield_of(c, thrust(c, pl), mass(c, pl)), destination)
    if key == "weather":
        needed -= event_amount(c, s)
    roll_main(c, u, rng, player, "launch", needed, destination)


def launched(c: Components, u: Unfolding, rng, player: int, destination: int) -> None:
    """The launch succeeds: the rocket's cards leave the Launch Pad, the SOC records the deposit, the Director's
    launch credits are paid, the Investors check the launch. A reserve over 9 is trimmed next, in flow
    (AP-LCH-18)."""
    s = u.state
    pl = s.areas[player - 1]
    tech, kind = c.tech, c.kind
    # AP-LCH-15, AP-TECH-17, AP-MD-03: with Reuse or Harper Tompkins the First Stages stay (an SSTO too,
    # AP-AMB-27), while Reuse itself goes back like other R&D (AP-AMB-26)
    keep = pl.mods[KEEP_FIRST] > 0 or any(tech[card].reuse for card in pl.pad)
    # AP-LCH-14, AP-LCH-19: Payloads, and the R&D that deposits (Extra Seat, Pressurization, CubeSat,
    # AP-AMB-25), stay on the SOC for the rest of the game
    deposited = tuple(card for card in pl.pad if tech[card].deposit)
    kept = tuple(card for card in pl.pad if keep and kind[card] == FIRST)
    returned = tuple(card for card in pl.pad if card not in deposited and card not in kept)  # AP-LCH-13
    astronauts, crewed = crew(c, pl)
    t = thrust(c, pl)
    record = Launch(destination=destination, cards=deposited, astronauts=astronauts, crewed=crewed,
                    rnd=sum(kind[card] == RND for card in pl.pad), thrust=t,
                    yield_=yield_of(c, t, mass(c, pl)), cost=cost(c, pl), turn=s.turn)
    u.emit(ev.RocketLaunched(player=player, launch=record, returned=returned, kept=kept))
    gain(u, player, c.launch_credits[pl.director], "launch")  # AP-LCH-11, the Director's amount (AP-GAP-04)
    check_investors(c, u, player, "launch", launch=record)


def aborted(c: Components, u: Unfolding, rng, player: int, destination: int) -> None:
    """AP-LCH-16, AP-AMB-13: the rocket stays; the launch of the turn is spent. New cards may still be built
    on it later (AP-LCH-17)."""
    u.emit(ev.LaunchAborted(player=player, destination=destination))


ROLLS["launch"] = (launched, aborted)


# -- Engineers owed by a debt -----------------------------------------------------
@POINTS.options("dismiss_owed", asks="You owe Engineers (an unpaid debt or a Solo Event): dismiss "
                "one of your choice beneath its pile (AP-ERN-06)")
def owed_choices(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.Dismiss(player=player, engineer=e) for e in s.areas[player - 1].hand]


@POINTS.resolves("dismiss_owed")
def dismiss_owed(c: Components, u: Unfolding, action: ev.Dismiss, rng) -> None:
    """AP-ERN-06: the chosen Engineer beneath its pile, one per 20,000 of unpaid debt, before anything else
    (AP-AMB-11); the Solo Events that cost Engineers are owed the same way (AP-SEV-09, AP-SEV-17, AP-SEV-18)."""
    u.emit(ev.EngineerDismissed(player=action.player, engineer=action.engineer, reason="owed"))

"""Mission Director Specialties (AP-MD-*, AP-DSP-*) and Nation Interventions (AP-NI-*, AP-NAT-*).

A Specialty that names cards or Engineers asks for them one prompt at a time; the prompts are named after
the Director (the recorded `Asked` events keep those names): liam, anatoliy, laura, ekaterina, yelena,
zhang, and us_pick for the United States Intervention."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import FIRST, PAYLOAD, RND, UPPER, Components
from apogee.effects import gain
from apogee.prompts import POINTS, ask
from apogee.queries import dismissable, sale_price
from apogee.rocket import buildable
from apogee.state import ApogeeState
from apogee.technologies import build, discard, draw_rnd, river_picks, sell, take_pick


def use_specialty(c: Components, u: Unfolding, rng, player: int) -> None:
    """AP-DSP-01, AP-DSP-02, AP-DSP-03: resolved at once, spent even if its effect is partial."""
    s = u.state
    pl = s.areas[player - 1]
    d = c.director[pl.director]
    key = d.specialty
    if key == "gain":  # AP-MD-02
        gain(u, player, d.amount, "specialty")
    elif key in ("keep_first_stages", "thrust", "authority_cut"):  # AP-MD-03, AP-MD-04, -14/15, -16/17
        u.emit(ev.Modified(player=player, mod=key, amount=d.amount or 1))
    elif key == "sell_many":  # AP-MD-05, AP-AMB-59
        if pl.reserve:
            ask(u, player, "liam")
    elif key == "build_payload":
        if laura_builds(c, s, player):
            ask(u, player, "laura")
    elif key == "build_nuclear":
        if ekaterina_builds(c, s, player):
            ask(u, player, "ekaterina")
    elif key == "river_pick":  # AP-MD-08, AP-MD-09  (rivers only, never R&D)
        if any(s.rivers):
            ask(u, player, "yelena")
    elif key == "draw_rnd":  # AP-MD-10, AP-MD-11  (only what the pile holds)
        draw_rnd(c, u, player, d.amount)
    elif key == "sell_built":  # AP-MD-13, AP-AMB-63
        if pl.pad:
            ask(u, player, "anatoliy")
    elif key == "dismiss_many":  # AP-MD-18, AP-AMB-59, AP-AMB-67
        if dismissable(s, player):
            ask(u, player, "zhang")
    elif key == "recruit_seniors":  # AP-MD-19, AP-MD-20, AP-AMB-12
        n = min(d.amount, len(s.seniors), c.n.hand_limit - len(pl.hand))
        if n > 0:
            u.emit(ev.EngineersRecruited(player=player, senior=True, engineers=tuple(s.seniors[-1:-n - 1:-1])))


# -- Liam Van Horn and Anatoliy Feoktistov: sales ------------------------------------
@POINTS.options("liam", asks="Sell a card of your reserve on the Public Market, or stop selling (AP-MD-05)")
@POINTS.options("anatoliy", asks="Sell one card built on your Launch Pad, or pass (AP-MD-13)")
def director_sales(c: Components, s: ApogeeState, player: int) -> list:
    """Liam Van Horn sells from the reserve, Anatoliy Feoktistov from the Launch Pad; either may stop."""
    pl = s.areas[player - 1]
    cards = pl.pad if s.prompt.kind == "anatoliy" else pl.reserve
    return [ev.Sell(player=player, card=card) for card in cards] + [ev.Pass(player=player)]


@POINTS.resolves("liam")
def liam_sells(c: Components, u: Unfolding, action, rng) -> None:
    """Any number of sales, one prompt each, while the reserve holds cards."""
    if isinstance(action, ev.Pass):
        return
    p = action.player
    sell(c, u, p, action.card, sale_price(c, u.state, p))
    if u.state.areas[p - 1].reserve:
        ask(u, p, "liam")


@POINTS.resolves("anatoliy")
def anatoliy_sells(c: Components, u: Unfolding, action, rng) -> None:
    """AP-MD-13: the Director's own price, plus the Event's bonus (AP-AMB-38)."""
    if isinstance(action, ev.Sell):
        s = u.state
        p = action.player
        base = c.director[s.areas[p - 1].director].amount
        sell(c, u, p, action.card, sale_price(c, s, p, base), built=True)


# -- Laura Grey Walter and Ekaterina Vostochny: a free build -------------------------
def laura_builds(c: Components, s: ApogeeState, player: int) -> list[int]:
    """AP-MD-06: any Payload of the reserve that may be built."""
    pl = s.areas[player - 1]
    return buildable(c, s, player, [card for card in pl.reserve if c.kind[card] == PAYLOAD])


def ekaterina_builds(c: Components, s: ApogeeState, player: int) -> list[int]:
    """AP-MD-07: any Nuclear First or Upper Stage of the reserve that may be built."""
    pl = s.areas[player - 1]
    return buildable(c, s, player, [card for card in pl.reserve
                                    if c.tech[card].nuclear and c.kind[card] in (FIRST, UPPER)])


@POINTS.options("laura", asks="Build one Payload of your reserve for free, or pass (AP-MD-06)")
def laura_options(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.Build(player=player, card=card) for card in laura_builds(c, s, player)] + [ev.Pass(player=player)]


@POINTS.options("ekaterina", asks="Build one Nuclear stage of your reserve for free, or pass (AP-MD-07)")
def ekaterina_options(c: Components, s: ApogeeState, player: int) -> list:
    return ([ev.Build(player=player, card=card) for card in ekaterina_builds(c, s, player)]
            + [ev.Pass(player=player)])


@POINTS.resolves("laura")
@POINTS.resolves("ekaterina")
def free_build(c: Components, u: Unfolding, action, rng) -> None:
    if isinstance(action, ev.Build):
        build(c, u, action.player, action.card, 0)


# -- Yelena Tereshkova: a card from the rivers ----------------------------------------
POINTS.options("yelena", asks="Take one card from a Technology river into your reserve, or pass "
               "(AP-MD-08)")(river_picks)


@POINTS.resolves("yelena")
def yelena_takes(c: Components, u: Unfolding, action, rng) -> None:
    take_pick(c, u, action)


# -- Zhang Kang: dismiss Engineers for credits ------------------------------------------
@POINTS.options("zhang", asks="Dismiss an Engineer who is not at the Space Operations Center, for "
                "credits, or stop (AP-MD-18)")
def zhang_dismissals(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.Dismiss(player=player, engineer=e) for e in dismissable(s, player)] + [ev.Pass(player=player)]


@POINTS.resolves("zhang")
def zhang_dismisses(c: Components, u: Unfolding, action, rng) -> None:
    """Any number of Engineers not at the SOC, each paid the Director's amount, one prompt each."""
    if isinstance(action, ev.Pass):
        return
    s = u.state
    p = action.player
    u.emit(ev.EngineerDismissed(player=p, engineer=action.engineer, reason="zhang"))
    gain(u, p, c.director[s.areas[p - 1].director].amount, "specialty")
    if dismissable(u.state, p):
        ask(u, p, "zhang")


# -- Nation Interventions -----------------------------------------------------------------
def intervene(c: Components, u: Unfolding, rng, player: int, target: int) -> None:
    """AP-NAT-01: the Director's Nation Intervention against one opponent (AP-AMB-31), resolved at once and
    spent either way (AP-NAT-02, its action taken by evolve). A target with nothing to lose makes a success
    void (AP-NI-05)."""
    s = u.state
    nation = c.nations[c.director[s.areas[player - 1].director].nation]
    value = rng.roll(c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose="nation"))
    if value < nation.roll:  # AP-NAT-03: 6 or more; AP-NAT-04, AP-NI-04: no additional die, spent for good
        return
    victim = s.areas[target - 1]
    if nation.effect == "remove_rnd":  # AP-NI-01: the United States pick an R&D card of the target's reserve
        if any(c.kind[card] == RND for card in victim.reserve):
            ask(u, player, "us_pick", a=target)
    elif nation.effect == "remove_dice":  # AP-NI-02: Russia sends up to 2 of the target's dice to the supply
        n = min(nation.amount, victim.dice)
        if n:
            u.emit(ev.DiceReturned(player=target, count=n))
    elif nation.effect == "remove_engineer":  # AP-NI-03: China, at random among those not at the SOC
        pool = dismissable(s, target)
        if pool:
            u.emit(ev.EngineerDismissed(player=target, engineer=rng.choice(pool), reason="china"))


@POINTS.options("us_pick", asks="Nation Intervention: choose an R&D card of the targeted player's "
                "reserve to discard (AP-NI-01)")
def target_rnd_cards(c: Components, s: ApogeeState, player: int) -> list:
    target = s.areas[s.prompt.a - 1]
    return [ev.Discard(player=player, card=card) for card in target.reserve if c.kind[card] == RND]


@POINTS.resolves("us_pick")
def us_discards(c: Components, u: Unfolding, action: ev.Discard, rng) -> None:
    """AP-NI-01: the chosen R&D card leaves the target's reserve beneath its pile."""
    discard(c, u, u.state.answered.a, action.card)

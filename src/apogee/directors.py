"""Mission Director Specialties (AP-MD-*) and Nation Interventions (AP-NI-*, AP-NAT-*)."""

from __future__ import annotations

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.common import ask, build, buildable, discard, draw_rnd, gain, sale_price, sell, take_from_river
from apogee.components import FIRST, PAYLOAD, RND, UPPER, Catalog
from apogee.state import ApogeeState


def options(c: Catalog, s: ApogeeState, player: int, kind: str) -> list[int]:
    """Cards a Director Specialty prompt may name."""
    pl = s.p[player - 1]
    if kind == "laura":  # AP-MD-06
        return buildable(c, s, player, [card for card in pl.reserve if c.kind[card] == PAYLOAD])
    if kind == "ekaterina":  # AP-MD-07
        return buildable(c, s, player, [card for card in pl.reserve
                                          if c.tech[card].nuclear and c.kind[card] in (FIRST, UPPER)])
    if kind == "liam":
        return list(pl.reserve)
    if kind == "anatoliy":
        return list(pl.pad)
    return []


def use_specialty(u: Unfolding, rng, player: int) -> None:
    """AP-DSP-01, AP-DSP-02, AP-DSP-03: resolved at once, spent even if its effect is partial."""
    c = u.rules.c
    s = u.state
    pl = s.p[player - 1]
    d = c.director[pl.director]
    key = d.specialty
    if key == "gain":  # AP-MD-02
        gain(u, player, d.amount, "specialty")
    elif key in ("keep_first_stages", "thrust", "authority_cut"):  # AP-MD-03, AP-MD-04, -14/15, -16/17
        u.emit(ev.Modified(player=player, mod=key, amount=d.amount or 1))
    elif key == "sell_many":  # AP-MD-05, AP-AMB-59
        if pl.reserve:
            ask(u, "liam", player)
    elif key == "build_payload":
        if options(c, s, player, "laura"):
            ask(u, "laura", player)
    elif key == "build_nuclear":
        if options(c, s, player, "ekaterina"):
            ask(u, "ekaterina", player)
    elif key == "river_pick":  # AP-MD-08, AP-MD-09  (rivers only, never R&D)
        if any(s.rivers):
            ask(u, "yelena", player)
    elif key == "draw_rnd":  # AP-MD-10, AP-MD-11  (only what the pile holds)
        draw_rnd(u, player, d.amount)
    elif key == "sell_built":  # AP-MD-13, AP-AMB-63
        if pl.pad:
            ask(u, "anatoliy", player)
    elif key == "dismiss_many":  # AP-MD-18, AP-AMB-59, AP-AMB-67
        from apogee.administration import dismissable
        if dismissable(s, player):
            ask(u, "zhang", player)
    elif key == "recruit_seniors":  # AP-MD-19, AP-MD-20, AP-AMB-12
        n = min(d.amount, len(s.seniors), c.n.hand_limit - len(pl.hand))
        if n > 0:
            u.emit(ev.EngineersRecruited(player=player, senior=True, engineers=tuple(s.seniors[-1:-n - 1:-1])))


def resolve_choice(u: Unfolding, rng, action) -> None:
    """A card or Engineer named for a Director Specialty or the United States Intervention."""
    c = u.rules.c
    s = u.state
    p = action.player
    kind = s.answered.kind
    if isinstance(action, ev.Pass):
        return
    if kind == "liam":  # any number, one prompt each
        sell(u, p, action.card, sale_price(c, s, p))
        if u.state.p[p - 1].reserve:
            ask(u, "liam", p)
    elif kind == "anatoliy":  # AP-MD-13 (AP-AMB-38 adds the Event's bonus)
        base = c.director[s.p[p - 1].director].amount
        sell(u, p, action.card, sale_price(c, s, p, base), built=True)
    elif kind in ("laura", "ekaterina"):
        build(u, p, action.card, 0)
    elif kind == "yelena":
        take_from_river(u, p, action.card)
    elif kind == "zhang":
        u.emit(ev.EngineerDismissed(player=p, engineer=action.engineer, reason="zhang"))
        gain(u, p, c.director[s.p[p - 1].director].amount, "specialty")
        from apogee.administration import dismissable
        if dismissable(u.state, p):
            ask(u, "zhang", p)
    elif kind == "us_pick":  # AP-NI-01
        discard(u, s.answered.a, action.card)


def intervene(u: Unfolding, rng, player: int, target: int) -> None:
    """AP-NAT-01, AP-NAT-02, AP-NAT-03, AP-NAT-04, AP-NI-01, AP-NI-02, AP-NI-03, AP-NI-04, AP-NI-05,
    AP-AMB-31: a main-die roll, no additional dice; spent either way. The roll needs 6 or more (AP-NAT-03); a
    failure spends it for good (AP-NAT-04, AP-NI-04); a target with nothing to lose makes a success void
    (AP-NI-05); China's Engineer is random among those not at the SOC (AP-NI-03)."""
    c = u.rules.c
    s = u.state
    nation = c.nations[c.director[s.p[player - 1].director].nation]
    value = rng.roll(c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose="nation"))
    if value < nation.roll:
        return
    victim = s.p[target - 1]
    if nation.effect == "remove_rnd":
        if any(c.kind[card] == RND for card in victim.reserve):
            ask(u, "us_pick", player, a=target)
    elif nation.effect == "remove_dice":
        n = min(nation.amount, victim.dice)
        if n:
            u.emit(ev.DiceReturned(player=target, count=n))
    elif nation.effect == "remove_engineer":
        from apogee.administration import dismissable
        pool = dismissable(s, target)
        if pool:
            u.emit(ev.EngineerDismissed(player=target, engineer=rng.choice(pool), reason="china"))

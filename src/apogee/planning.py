"""A. Planning phase: Engineer placement and the resolution of Specialties, Constructions, R&D and Design, in
that order (AP-PLC-11).

Rulebook examples worked here: AP-EX-01 (Specialty order), AP-EX-02 (Constructions), AP-EX-03 (R&D order),
AP-EX-04 (Design order), AP-EX-15 (Design tie), AP-EX-10 (Ethan N. Maughmer).
"""

from __future__ import annotations

from boardcore.rules import Unfolding

from apogee import events as ev
from apogee.common import (ask, authority_order, build, buildable, event_amount, event_key, goto,
                           next_in_order, take_from_river)
from apogee.components import Catalog
from apogee.state import (CONSTRUCTION, DESIGN, DISCOUNT, RND, SOC, SPECIALTY, SPOTS, UNSET, ApogeeState)


# -- placement ---------------------------------------------------------------
def open_placement(u: Unfolding) -> None:
    """AP-TURN-03, AP-PLC-01, AP-AMB-01: every player with Engineers places them at once, face down."""
    s = u.state
    players = tuple(p for p in range(1, s.players + 1) if s.p[p - 1].hand)
    u.emit(ev.SimultaneousStep(step="place", players=players))


def placement_actions(c: Catalog, s: ApogeeState) -> list:
    """AP-PLC-01, AP-PLC-08, AP-PLC-10: the next unplaced Engineer of each waiting player goes on one spot (or
    none, AP-PLC-09). Spots: Specialty (AP-PLC-02), Construction (AP-PLC-03), R&D (AP-PLC-04), Design
    (AP-PLC-05) and the SOC (AP-PLC-06, used in Administration, AP-PLC-12); placing costs nothing (AP-PLC-07).
    Events limit spots: Inaccessible Premises (AP-EV-32), Poor Schedule Management (AP-EV-30) and Resource
    Restriction (AP-EV-18)."""
    key = event_key(c, s)
    limit = event_amount(c, s)
    memo = _PLACE
    out = []
    for p in range(1, s.players + 1):
        pl = s.p[p - 1]
        if not pl.waiting:
            continue
        i = pl.spots.index(UNSET)
        eng = pl.hand[i]
        for spot, name in enumerate(SPOTS):
            if spot == SPECIALTY and key == "inaccessible_premises":
                continue
            if spot == CONSTRUCTION and key == "construction_limit" and pl.spots.count(CONSTRUCTION) >= limit:
                continue
            if spot == DESIGN and key == "design_limit" and pl.spots.count(DESIGN) >= limit:
                continue
            action = memo.get((p, eng, spot))
            if action is None:
                action = memo[(p, eng, spot)] = ev.Place(player=p, engineer=eng, spot=name)
            out.append(action)
    return out


_PLACE: dict[tuple[int, int, int], ev.Place] = {}  # decisions are immutable: made once, reused


def placed(s: ApogeeState, spot: int) -> list[tuple[int, int]]:
    return [(p, e) for p in range(1, s.players + 1)
            for e, sp in zip(s.p[p - 1].hand, s.p[p - 1].spots) if sp == spot]


def reveal(u: Unfolding, spot: int) -> list[tuple[int, int]]:
    pairs = placed(u.state, spot)
    if pairs:
        u.emit(ev.PlacementRevealed(spot=SPOTS[spot], engineers=tuple(pairs)))
    return pairs


# -- a. Specialties ----------------------------------------------------------
def start_specialties(u: Unfolding, rng) -> None:
    """AP-SPC-01, AP-SPC-02, AP-AMB-02: all Specialty Engineers revealed, resolved one by one in descending
    Engineer Authority across players (ties: Director Authority, then seat). A step with no Engineer is
    skipped (AP-PLC-13)."""
    c = u.rules.c
    s = u.state
    pairs = reveal(u, SPECIALTY)
    if not pairs:  # AP-PLC-13
        start_construction(u, rng)
        return
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    pairs.sort(key=lambda pe: (-c.eng_auth[pe[1]], rank[pe[0]]))
    goto(u, "specialty", tuple(p * 1000 + e for p, e in pairs))


def specialty_step(u: Unfolding, rng) -> None:
    s = u.state
    if s.cursor >= len(s.order):
        start_construction(u, rng)
        return
    code = s.order[s.cursor]
    from apogee.engineers import activate
    activate(u, rng, code // 1000, code % 1000)


# -- b. Constructions --------------------------------------------------------
def start_construction(u: Unfolding, rng) -> None:
    """AP-CON-01, AP-CON-05, AP-AMB-03: revealed; players build in Director Authority order. Cards gained by a
    Specialty are in the reserve by now and may be built (AP-SPC-08)."""
    c = u.rules.c
    pairs = reveal(u, CONSTRUCTION)
    if not pairs:
        start_rnd(u, rng)
        return
    who = {p for p, _ in pairs}
    goto(u, "construction", tuple(p for p in authority_order(c, u.state) if p in who))


def construction_options(c: Catalog, s: ApogeeState, player: int) -> list[int]:
    """AP-CON-02, AP-CON-03, AP-CON-04, AP-CON-07, AP-CON-08, AP-AMB-10: build bans of Missions and Solo
    Events on every way of building (AP-AMB-53); reserve cards that may be built and paid for, at the price
    less this turn's Ethan N. Maughmer allowance (AP-ENG-13, AP-ENG-14)."""
    pl = s.p[player - 1]
    allowance = pl.mods[DISCOUNT]
    return [card for card in buildable(c, s, player, pl.reserve)
            if max(0, c.tech[card].cost - allowance) <= pl.credits]


def construction_step(u: Unfolding, rng) -> None:
    """One prompt per Construction Engineer (AP-CON-02, AP-CON-06); none when nothing can be built, the build
    then being lost (AP-CON-04, AP-CON-07)."""
    s = u.state
    if s.cursor >= len(s.order):
        start_rnd(u, rng)
        return
    p = s.order[s.cursor]
    builds = s.p[p - 1].spots.count(CONSTRUCTION)
    if construction_options(u.rules.c, s, p):
        ask(u, "build", p, a=builds)
    else:
        next_in_order(u)


def resolve_build(u: Unfolding, rng, action) -> None:
    """AP-CON-03, AP-AMB-09, AP-AMB-10: a chosen build (or a Pass), then the next build or player."""
    c = u.rules.c
    p = action.player
    left = u.state.answered.a - 1
    if isinstance(action, ev.Build):
        pl = u.state.p[p - 1]
        price = c.tech[action.card].cost
        paid = max(0, price - pl.mods[DISCOUNT])
        if price - paid:
            u.emit(ev.Modified(player=p, mod="discount", amount=-(price - paid)))
        build(u, p, action.card, paid)
    if u.state.over:
        return
    if left > 0 and construction_options(c, u.state, p):
        ask(u, "build", p, a=left)
    else:
        next_in_order(u)


# -- c. R&D ------------------------------------------------------------------
def start_rnd(u: Unfolding, rng) -> None:
    """AP-RND-01, AP-RND-02, AP-RND-03, AP-RND-07, AP-AMB-04, AP-AMB-05: order by the single best Engineer
    (AP-RND-02), for free (AP-RND-06); revealed; the player with the highest single R&D Engineer draws first,
    as many cards as Engineers, while the pile lasts."""
    c = u.rules.c
    s = u.state
    pairs = reveal(u, RND)
    if not pairs:
        start_design(u, rng)
        return
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    best: dict[int, int] = {}
    count: dict[int, int] = {}
    for p, e in pairs:
        best[p] = max(best.get(p, 0), c.eng_auth[e])
        count[p] = count.get(p, 0) + 1
    order = sorted(best, key=lambda p: (-best[p], rank[p]))
    for p in order:
        pile = u.state.piles[3]
        n = min(count[p], len(pile))
        if n:
            u.emit(ev.RndDrawn(player=p, cards=tuple(pile[-1:-n - 1:-1])))
    goto(u, "rnd", tuple(order))


def rnd_step(u: Unfolding, rng) -> None:
    """AP-RND-04: each drawer keeps one card; then the rest go beneath the pile (AP-RND-05)."""
    s = u.state
    if s.cursor < len(s.order):
        p = s.order[s.cursor]
        if s.p[p - 1].drawn:
            ask(u, "keep_rnd", p)
        else:
            next_in_order(u)
        return
    rest = tuple(card for pl in s.p for card in pl.drawn)
    if rest:
        u.emit(ev.RndReturned(cards=rest))
    start_design(u, rng)


def resolve_keep(u: Unfolding, rng, action) -> None:
    """AP-RND-04, AP-IVR-08: the kept card is an acquisition."""
    from apogee.investors import check_investors
    check_investors(u, action.player, "acquire", card=action.card)
    if not u.state.over:
        next_in_order(u)


# -- d. Design ---------------------------------------------------------------
def start_design(u: Unfolding, rng) -> None:
    """AP-DES-01, AP-DES-02, AP-DES-03, AP-AMB-06: summed Authority first (AP-DES-02), then the best single
    Engineer (AP-DES-03); revealed; order by summed Authority, ties by the single highest Engineer, then
    Director Authority."""
    c = u.rules.c
    s = u.state
    pairs = reveal(u, DESIGN)
    if not pairs:
        from apogee.administration import start_administration
        start_administration(u, rng)
        return
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    total: dict[int, int] = {}
    best: dict[int, int] = {}
    for p, e in pairs:
        total[p] = total.get(p, 0) + c.eng_auth[e]
        best[p] = max(best.get(p, 0), c.eng_auth[e])
    goto(u, "design", tuple(sorted(total, key=lambda p: (-total[p], -best[p], rank[p]))))


def design_step(u: Unfolding, rng) -> None:
    """AP-DES-04, AP-DES-05, AP-AMB-07: one optional pick per player; one card however many Engineers
    (AP-DES-05), free (AP-DES-06); the phase ends after (AP-DES-10)."""
    s = u.state
    if s.cursor >= len(s.order):
        from apogee.administration import start_administration
        start_administration(u, rng)
        return
    if any(s.rivers):
        ask(u, "design", s.order[s.cursor])
    else:
        next_in_order(u)


def resolve_design(u: Unfolding, rng, action) -> None:
    if isinstance(action, ev.TakeCard):
        take_from_river(u, action.player, action.card)
    if not u.state.over:
        next_in_order(u)


def soc_reveal(u: Unfolding) -> None:
    reveal(u, SOC)

"""A. Planning phase: Engineer placement, then the resolution of Specialties, Constructions, R&D and Design
(AP-PLC-*, AP-SPC-*, AP-CON-*, AP-RND-*, AP-DES-*). The order of those steps is flow's (AP-PLC-11): each
`start_*` opens its step or, with no Engineer on its spot, returns False (the step is skipped, AP-PLC-13);
each `*_step` plays the step's next turn and returns True once its order is played out.

Rulebook examples worked here: AP-EX-01 (Specialty order), AP-EX-02 (Constructions), AP-EX-03 (R&D order),
AP-EX-04 (Design order), AP-EX-15 (Design tie), AP-EX-10 (Ethan N. Maughmer).
"""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import Components
from apogee.effects import goto, next_in_order, reveal
from apogee.engineers import activate
from apogee.investors import check_investors
from apogee.prompts import POINTS, ask
from apogee.queries import authority_order, event_amount, event_key
from apogee.rocket import buildable
from apogee.state import CONSTRUCTION, DESIGN, DISCOUNT, RND, SPECIALTY, SPOTS, UNSET, ApogeeState
from apogee.technologies import build, river_picks, take_pick


# -- placement ---------------------------------------------------------------
def open_placement(u: Unfolding) -> None:
    """AP-TURN-03, AP-PLC-01, AP-AMB-01: every player with Engineers places them at once, face down."""
    s = u.state
    players = tuple(p for p in range(1, s.players + 1) if s.areas[p - 1].hand)
    u.emit(ev.SimultaneousStep(step="place", players=players))


@POINTS.options("place", asks="Place your next Engineer face down on an action or the Space Operations Center, "
                "or leave it unplaced (AP-PLC-01)")
def placement_actions(c: Components, s: ApogeeState, player: int = 0) -> list:
    """The next unplaced Engineer of each waiting player goes on one spot, or none (AP-PLC-08, AP-PLC-09,
    AP-PLC-10): Specialty (AP-PLC-02), Construction (AP-PLC-03), R&D (AP-PLC-04), Design (AP-PLC-05) or the
    SOC (AP-PLC-06, used in Administration, AP-PLC-12); placing costs nothing (AP-PLC-07). Inaccessible
    Premises closes Specialty (AP-EV-32); Resource Restriction and Poor Schedule Management cap Construction
    and Design (AP-EV-18, AP-EV-30)."""
    key = event_key(c, s)
    limit = event_amount(c, s)
    memo = _PLACE
    out = []
    for p in range(1, s.players + 1):
        pl = s.areas[p - 1]
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


@POINTS.resolves("place")
def placement_made(c: Components, u: Unfolding, action: ev.Place, rng) -> None:
    """Nothing follows one placement: the step resolves once every player has placed (flow, AP-PLC-11)."""


# -- a. Specialties ----------------------------------------------------------
def start_specialties(c: Components, u: Unfolding, rng) -> bool:
    """AP-SPC-01, AP-SPC-02, AP-AMB-02: all Specialty Engineers revealed, resolved one by one in descending
    Engineer Authority across players (ties: Director Authority, then seat)."""
    s = u.state
    pairs = reveal(u, SPECIALTY)
    if not pairs:
        return False
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    pairs.sort(key=lambda pe: (-c.eng_auth[pe[1]], rank[pe[0]]))
    goto(u, "specialty", tuple(p * 1000 + e for p, e in pairs))
    return True


def specialty_step(c: Components, u: Unfolding, rng) -> bool:
    s = u.state
    if s.cursor >= len(s.order):
        return True
    code = s.order[s.cursor]
    activate(c, u, rng, code // 1000, code % 1000)
    return False


# -- b. Constructions --------------------------------------------------------
def start_construction(c: Components, u: Unfolding, rng) -> bool:
    """AP-CON-01, AP-CON-05, AP-AMB-03: revealed; players build in Director Authority order. Cards gained by a
    Specialty are in the reserve by now and may be built (AP-SPC-08)."""
    pairs = reveal(u, CONSTRUCTION)
    if not pairs:
        return False
    who = {p for p, _ in pairs}
    goto(u, "construction", tuple(p for p in authority_order(c, u.state) if p in who))
    return True


def construction_options(c: Components, s: ApogeeState, player: int) -> list[int]:
    """Reserve cards that may be built and paid for (AP-CON-02, AP-CON-03, AP-CON-04, AP-CON-07, AP-CON-08,
    AP-AMB-10), at the price less this turn's Ethan N. Maughmer allowance (AP-ENG-13, AP-ENG-14); the bans
    of Missions and Solo Events hold for every way of building (AP-AMB-53)."""
    pl = s.areas[player - 1]
    allowance = pl.mods[DISCOUNT]
    return [card for card in buildable(c, s, player, pl.reserve)
            if max(0, c.tech[card].cost - allowance) <= pl.credits]


def construction_step(c: Components, u: Unfolding, rng) -> bool:
    """One prompt per Construction Engineer (AP-CON-02, AP-CON-06); none when nothing can be built, the build
    then being lost (AP-CON-04, AP-CON-07)."""
    s = u.state
    if s.cursor >= len(s.order):
        return True
    p = s.order[s.cursor]
    builds = s.areas[p - 1].spots.count(CONSTRUCTION)
    if construction_options(c, s, p):
        ask(u, p, "build", a=builds)
    else:
        next_in_order(u)
    return False


@POINTS.options("build", asks="Build a card of your reserve onto your Launch Pad, paying its cost, or pass "
                "(AP-CON-03)")
def construction_builds(c: Components, s: ApogeeState, player: int) -> list:
    return ([ev.Build(player=player, card=card) for card in construction_options(c, s, player)]
            + [ev.Pass(player=player)])


@POINTS.resolves("build")
def resolve_build(c: Components, u: Unfolding, action, rng) -> None:
    """AP-CON-03, AP-AMB-09, AP-AMB-10: a chosen build (or a Pass), then the next build or player; the
    allowance pays what it can of the price (AP-ENG-14)."""
    p = action.player
    left = u.state.answered.a - 1
    if isinstance(action, ev.Build):
        pl = u.state.areas[p - 1]
        price = c.tech[action.card].cost
        paid = max(0, price - pl.mods[DISCOUNT])
        if price - paid:
            u.emit(ev.Modified(player=p, mod="discount", amount=-(price - paid)))
        build(c, u, p, action.card, paid)
    if u.state.over:
        return
    if left > 0 and construction_options(c, u.state, p):
        ask(u, p, "build", a=left)
    else:
        next_in_order(u)


# -- c. R&D ------------------------------------------------------------------
def start_rnd(c: Components, u: Unfolding, rng) -> bool:
    """The R&D Engineers revealed (AP-RND-01), then the draws, for free (AP-RND-06)."""
    s = u.state
    pairs = reveal(u, RND)
    if not pairs:
        return False
    # AP-RND-02, AP-AMB-05: the best single R&D Engineer draws first, ties to the Director's Authority
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    best: dict[int, int] = {}
    count: dict[int, int] = {}
    for p, e in pairs:
        best[p] = max(best.get(p, 0), c.eng_auth[e])
        count[p] = count.get(p, 0) + 1
    order = sorted(best, key=lambda p: (-best[p], rank[p]))
    for p in order:  # AP-RND-03: one card per Engineer; AP-RND-07, AP-AMB-04: only what the pile holds
        pile = u.state.piles[3]
        n = min(count[p], len(pile))
        if n:
            u.emit(ev.RndDrawn(player=p, cards=tuple(pile[-1:-n - 1:-1])))
    goto(u, "rnd", tuple(order))
    return True


def rnd_step(c: Components, u: Unfolding, rng) -> bool:
    """AP-RND-04: each drawer keeps one card; then the rest go beneath the pile (AP-RND-05)."""
    s = u.state
    if s.cursor < len(s.order):
        p = s.order[s.cursor]
        if s.areas[p - 1].drawn:
            ask(u, p, "keep_rnd")
        else:
            next_in_order(u)
        return False
    rest = tuple(card for pl in s.areas for card in pl.drawn)
    if rest:
        u.emit(ev.RndReturned(cards=rest))
    return True


@POINTS.options("keep_rnd", asks="Keep one of the R&D cards you drew; the others go beneath the pile "
                "(AP-RND-04)")
def drawn_cards(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.KeepRnd(player=player, card=card) for card in s.areas[player - 1].drawn]


@POINTS.resolves("keep_rnd")
def resolve_keep(c: Components, u: Unfolding, action: ev.KeepRnd, rng) -> None:
    """AP-RND-04, AP-IVR-08: the kept card is an acquisition."""
    check_investors(c, u, action.player, "acquire", card=action.card)
    if not u.state.over:
        next_in_order(u)


# -- d. Design ---------------------------------------------------------------
def start_design(c: Components, u: Unfolding, rng) -> bool:
    """The Design Engineers revealed (AP-DES-01); players pick by summed Authority (AP-DES-02), ties to the
    single highest Engineer (AP-DES-03), then to the Director's Authority (AP-AMB-06)."""
    s = u.state
    pairs = reveal(u, DESIGN)
    if not pairs:
        return False
    rank = {p: i for i, p in enumerate(authority_order(c, s))}
    total: dict[int, int] = {}
    best: dict[int, int] = {}
    for p, e in pairs:
        total[p] = total.get(p, 0) + c.eng_auth[e]
        best[p] = max(best.get(p, 0), c.eng_auth[e])
    goto(u, "design", tuple(sorted(total, key=lambda p: (-total[p], -best[p], rank[p]))))
    return True


def design_step(c: Components, u: Unfolding, rng) -> bool:
    """AP-DES-04, AP-DES-05, AP-AMB-07: one optional pick per player, one card however many Engineers
    (AP-DES-05), free (AP-DES-06); the phase ends after (AP-DES-10)."""
    s = u.state
    if s.cursor >= len(s.order):
        return True
    if any(s.rivers):
        ask(u, s.order[s.cursor], "design")
    else:
        next_in_order(u)
    return False


POINTS.options("design", asks="Take one card from a Technology river into your reserve, or pass "
               "(AP-DES-04)")(river_picks)


@POINTS.resolves("design")
def resolve_design(c: Components, u: Unfolding, action, rng) -> None:
    take_pick(c, u, action)
    if not u.state.over:
        next_in_order(u)

"""Building Apogee positions for rulebook examples: a real setup, then the table arranged by hand."""

from __future__ import annotations

from boardcore.game.rng import ScriptedRng
from boardcore.session.session import Session

import apogee
from apogee.state import IDLE, SOC, SPOT_OF, UNSET, ApogeeState, Prompt

R = apogee.RULES
C = R.c


def eng(name: str) -> int:
    return next(i for i, e in enumerate(C.engineer) if e.name == name)


def director(name: str) -> int:
    return next(i for i, d in enumerate(C.director) if d.name == name)


def event(name: str) -> int:
    return next(i for i, e in enumerate(C.events) if e.name == name)


def solo_event(number: int) -> int:
    return C.solo_event_id[number]


def table(players: int = 2, mission: int = 1, directors: tuple[str, ...] = (), seed: int = 1,
          **options) -> ApogeeState:
    """A game after setup and the starting choices, at turn 1's placement, then cleared for a
    scenario: no Event, empty hands (Engineers back in their piles), 80,000 each."""
    s = Session.new(R, players=players, mission=mission, seed=seed, **options)
    while s.state.stage in ("director", "team"):
        s.apply(s.legal_actions()[0])
    st = R.copy(s.state)
    names = list(directors) or [d.name for d in C.director][:players]
    for p, name in enumerate(names, 1):
        pl = st.areas[p - 1]
        old, new = pl.director, director(name)
        if new in st.directors_out:
            st.directors_out.remove(new)
            st.directors_out.append(old)
        else:
            other = next(q for q in st.areas if q.director == new)
            other.director = old
        pl.director = new
    for pl in st.areas:
        for e in pl.hand:
            (st.seniors if C.senior[e] else st.juniors).insert(0, e)
        pl.hand, pl.spots, pl.waiting = [], [], False
    if st.event >= 0:
        st.event_pile = (*st.event_pile, st.event)
        st.events_seen = tuple(x for x in st.events_seen if x != st.event)
    st.event = -1
    st.prompt = None
    return st


def set_mod(pl, mod: int, amount: int) -> None:
    """A turn modifier (AP-GEN-08) held by `pl`: the modifiers are a tuple, replaced when one changes."""
    pl.mods = (*pl.mods[:mod], amount, *pl.mods[mod + 1:])


def on_top(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    """`pile` with `card` moved to its top (its last place), so that it is drawn or revealed next."""
    return (*(x for x in pile if x != card), card)


def take(s: ApogeeState, name: str) -> int:
    """A Technology card of that name out of its pile (or river), for placing by hand."""
    for pile in (*s.piles, *s.rivers):
        for c in reversed(pile):
            if C.tech[c].name == name:
                pile.remove(c)
                return c
    raise LookupError(name)


def give_engineer(s: ApogeeState, player: int, name: str, spot: int = IDLE) -> int:
    e = eng(name)
    for pile in (s.juniors, s.seniors):
        if e in pile:
            pile.remove(e)
    for pl in s.areas:
        if e in pl.hand:
            i = pl.hand.index(e)
            del pl.hand[i], pl.spots[i]
    pl = s.areas[player - 1]
    pl.hand.append(e)
    pl.spots.append(spot)
    return e


def session(s: ApogeeState, rolls=(), **config) -> Session:
    cfg = R.make_config(players=s.players, mission=s.mission, **config)
    return Session.from_state(R, s, config=cfg, rng=ScriptedRng(list(rolls)))


def plan(s: ApogeeState, placements: dict[int, list[tuple[str, str]]], rolls=()) -> Session:
    """Every player's Engineers on their spots; the last one is placed by a decision, which starts
    the Planning resolution (AP-PLC-11). Returns the session after that decision."""
    last = None
    for p, items in placements.items():
        for name, spot in items:
            give_engineer(s, p, name, SPOT_OF[spot])
            last = (p, name, spot)
    s.stage = "place"
    p, name, spot = last
    pl = s.areas[p - 1]
    pl.spots[pl.hand.index(eng(name))] = UNSET
    pl.waiting = True
    s.prompt = Prompt(kind="place")
    sess = session(s, rolls)
    sess.apply(apogee.events.Place(player=p, engineer=eng(name), spot=spot))
    return sess


def admin(s: ApogeeState, player: int, actions: int = 2, rolls=()) -> Session:
    """The Administration phase at `player`'s turn with `actions` Director actions."""
    from apogee.queries import authority_order
    order = authority_order(C, s)
    s.stage, s.order, s.cursor = "admin", list(order), order.index(player)
    for i, p in enumerate(order):
        pl = s.areas[p - 1]
        pl.actions = actions if i >= s.cursor else 0
        pl.spots = [IDLE if x == UNSET else x for x in pl.spots]
    s.prompt = Prompt(kind="admin", player=player)
    return session(s, rolls)


def at_soc(s: ApogeeState, player: int, *names: str) -> None:
    for name in names:
        give_engineer(s, player, name, SOC)


def build_pad(s: ApogeeState, player: int, *names: str) -> list[int]:
    cards = [take(s, n) for n in names]
    s.areas[player - 1].pad.extend(cards)
    return cards


def reserve(s: ApogeeState, player: int, *names: str) -> list[int]:
    cards = [take(s, n) for n in names]
    s.areas[player - 1].reserve.extend(cards)
    return cards


def _unfolding_for(s: ApogeeState):
    """An Unfolding over `s` without a decision, to run one step of the rules directly."""
    from boardcore.game.rules import Unfolding
    return Unfolding.over(R, s)

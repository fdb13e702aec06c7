"""Building Solar Sphere positions for rule tests: start a real game, reshape the table to the
scenario, then play it through a Session with forced chance (ScriptedRng)."""

from __future__ import annotations

from boardcore.agents.play import seeded, start
from boardcore.game.rng import Rng, ScriptedRng
from boardcore.session.session import Session

import solar_sphere
from solar_sphere.events import Choose, ChooseDie, DiscardDie, Visit
from solar_sphere.state import Ship

RULES = solar_sphere.RULES
C = RULES.c


def put(obj, field: str, index: int, value):
    """`obj.field[index] = value` for a sequence the state keeps as a tuple: its copies share it, so
    it is replaced, never changed in place (state.py)."""
    items = list(getattr(obj, field))
    items[index] = value
    setattr(obj, field, tuple(items))
    return obj


def bump(obj, field: str, index: int, by: int = 1):
    """`obj.field[index] += by` for a tuple of the state (a faction count, a matrix row)."""
    return put(obj, field, index, getattr(obj, field)[index] + by)


def out_of_decks(s, card: int):
    """Take crew card `card` out of whichever crew deck holds it (as it would be once hired)."""
    s.crew_decks = tuple(tuple(c for c in deck if c != card) for deck in s.crew_decks)
    return s


def fresh(players: int = 2, seed: int = 1, level: int = 3):
    """A real game after setup (round 1, Deploy)."""
    config = RULES.make_config(players=players, level=level)
    state, _ = start(RULES, config, seeded(seed))
    return config, state


def slot(name: str) -> int:
    return C.slot_index[name]


def hex_index(hid: str) -> int:
    return next(i for i, h in enumerate(C.hexes) if h.id == hid)


def ship_index(sid: str) -> int:
    return next(i for i, sh in enumerate(C.ships) if sh.id == sid)


def crew_index(cid: str) -> int:
    return C.crew_index[cid]


def loc(lid: str) -> int:
    return C.loc_index[lid]


def at_turn(s, seat: int, dice=(), others_dice: bool = False):
    """`seat` starts a Deploy turn with `dice` on its ports; everyone else has none (unless asked)."""
    s.phase, s.tasks = "deploy", []
    s.loc_dice = [0] * 8
    for i, p in enumerate(s.centres, 1):
        if i == seat or not others_dice:
            p.ports = [0] * 6
            p.placed = 3 - (len(dice) if i == seat else 0)
            p.discarded = 0
    for v in dice:
        s.centres[seat - 1].ports[v - 1] += 1
    if s.dranda is not None and not others_dice:
        s.dranda.dice = [0, 0, 0]
    s.turn, s.step, s.at, s.kicked, s.chosen, s.visiting = seat, "turn", s.order.index(seat), False, 0, -1
    return s


def open_sphere(s, built=None):
    """A Sphere with no face-down hexes and the given builders {slot name: seat}."""
    s.face_down = (False,) * 18
    builder = [0] * 18
    for name, seat in (built or {}).items():
        builder[slot(name)] = seat
    s.builder = tuple(builder)
    for i, p in enumerate(s.centres, 1):
        p.hexes = sum(1 for b in s.builder if b == i)
    return reveal(s)


def reveal(s):
    """Keep the public copy of the hex layout in step with a hand-made Sphere."""
    s.shown = tuple(-1 if down else h for h, down in zip(s.hex_at, s.face_down))
    return s


def put_hex(s, slot_name: str, hid: str):
    """Place hex `hid` in `slot_name`, swapping it with wherever it was."""
    a, h = slot(slot_name), hex_index(hid)
    b = s.hex_at.index(h)
    hex_at = list(s.hex_at)
    hex_at[a], hex_at[b] = hex_at[b], hex_at[a]
    s.hex_at = tuple(hex_at)
    return reveal(s)


def fleet(s, **ships):
    """fleet(s, top_left=("R01", [[1, 3]]), ...): ships by position with drone columns. The piles are
    tuples in the state (shared by its copies), so they are replaced, not changed in place."""
    names = {"bottom_left": 0, "bottom_right": 1, "top_left": 2, "top_right": 3}
    for i in range(4):
        if s.fleet[i] is not None and s.fleet[i].card not in s.res_out:
            s.res_out = (*s.res_out, s.fleet[i].card)
        s.fleet[i] = None
    for name, (sid, cols) in ships.items():
        card = ship_index(sid)
        s.res_deck = tuple(k for k in s.res_deck if k != card)
        s.res_out = tuple(k for k in s.res_out if k != card)
        s.fleet[names[name]] = Ship(card=card, cols=tuple(tuple(c) for c in cols))
    s.corp_beside = 2 - sum(1 for sh in s.fleet if sh for who, _ in sh.cols if who == -1)
    for seat, p in enumerate(s.centres, 1):
        p.on_ships = sum(n for sh in s.fleet if sh for who, n in sh.cols if who == seat)
    if s.dranda is not None:
        s.dranda.on_ships = sum(n for sh in s.fleet if sh for who, n in sh.cols if who == s.dranda_seat)
    return s


def play(config, state, script=(), seed: str = "t"):
    """A session from this position; chance follows `script`, then a seeded generator."""
    return Session.from_state(RULES, state, config=config, rng=ScriptedRng(list(script), then=Rng.derive(seed, 0)))


def deploy(session, seat: int, die: int, value: int, location: str):
    """Choose a die, visit a location (two decisions)."""
    session.apply(ChooseDie(player=seat, die=die, value=value))
    session.apply(Visit(player=seat, location=location))


def choose(session, seat: int, option: str):
    session.apply(Choose(player=seat, option=option))


def end_deploy(session, seat: int, die: int):
    """The last die of the Deploy phase is discarded, so Battle (and what follows) runs."""
    session.apply(DiscardDie(player=seat, die=die))


def events(session, kind=None):
    """The events in effect, optionally only those of one class."""
    out = [r.event for r in session.history.live]
    return [e for e in out if isinstance(e, kind)] if kind else out

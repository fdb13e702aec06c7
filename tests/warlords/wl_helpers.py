"""Building Galactic Warlords positions for tests: a real setup, then the table arranged by hand."""

from __future__ import annotations

from boardcore.agents.play import seeded, start
from boardcore.game.rng import Rng, ScriptedRng
from boardcore.session.session import Session

from warlords import RULES
from warlords import events as ev
from warlords.state import DEST, GUARDED, LP, MED, MIS, RES, SHUT, Ctx, Prompt

C = RULES.c
HIT, IHIT, MISS = 0, 2, 4   # die face indices (data/dice.toml: hit, hit, invader_hit, invader_hit, miss, miss)


def table(players: int = 2, seed: int = 1, **options):
    """The config and the state right after setup."""
    cfg = RULES.make_config(players=players, **options)
    state, _ = start(RULES, cfg, seeded(seed))
    return cfg, state


def clear(s, reveal: bool = True):
    """Every planet face up (optionally) and empty; no ships, no recon markers."""
    n = len(s.owner)
    s.revealed = [reveal] * n if reveal else list(s.revealed)
    for i in range(n):
        owner = s.owner[i]
        if owner:
            b = s.base[owner - 1]
            b[RES * 3] += s.planet_units[i][0]
            b[DEST * 3 + 1] += s.planet_units[i][1]
            b[DEST * 3 + 2] += s.planet_units[i][2]
    s.owner = [0] * n
    s.planet_units = [[0, 0, 0] for _ in range(n)]
    return s


def planets_in(s, sector: str) -> list[int]:
    return [i for i, x in enumerate(s.planet_sector) if x == sector]


def set_type(s, planet: int, kind: str) -> int:
    s.planet_type = list(s.planet_type)
    s.planet_type[planet] = kind
    return planet


def put(s, planet: int, player: int, infantry: int = 0, tanks: int = 0, aircraft: int = 0) -> int:
    """Units onto a planet, taken from the player's Reserve (Infantry) or destroyed pile (others)."""
    b = s.base[player - 1]
    if player == 2 and s.mode == "solo":
        for k, n in enumerate((infantry, tanks, aircraft)):
            b[RES * 3 + k] -= n
    else:
        b[RES * 3] -= infantry
        b[LP * 3 + 1] -= tanks
        b[LP * 3 + 2] -= aircraft
    s.owner = list(s.owner)
    s.planet_units = [list(x) for x in s.planet_units]
    s.owner[planet] = player
    s.planet_units[planet] = [infantry, tanks, aircraft]
    return planet


def launch_pad(s, player: int, infantry: int = 0, tanks: int = 0, aircraft: int = 0):
    """Set the Launch Pad; Infantry balance against the Reserve, Tanks and Aircraft against the destroyed pile."""
    b = s.base[player - 1]
    b[RES * 3] += b[LP * 3] - infantry
    b[DEST * 3 + 1] += b[LP * 3 + 1] - tanks
    b[DEST * 3 + 2] += b[LP * 3 + 2] - aircraft
    b[LP * 3:LP * 3 + 3] = [infantry, tanks, aircraft]


def take_out(s, card: str) -> None:
    """Remove a mercenary from wherever it is: any hand, the deck or the market."""
    for h in s.hands:
        if card in h:
            h.remove(card)
    if card in s.deck:
        s.deck.remove(card)
    if card in s.market:
        s.market.remove(card)


def command_area(s, player: int, cards: list[str], guards: dict[int, int] | None = None):
    """Lay a row of mercenaries; circles from their touching colours; `guards` maps circle -> GUARDED/SHUT."""
    p = player - 1
    for card in cards:
        take_out(s, card)
    s.area[p] = list(cards)
    circle = []
    for a, b in zip(cards, cards[1:]):
        circle.append(C.mercs[a].right if C.mercs[a].right == C.mercs[b].left else "")
    s.circle = [list(x) for x in s.circle]
    s.guard = [list(x) for x in s.guard]
    s.circle[p] = circle
    s.guard[p] = [SHUT] * len(circle)
    for k, g in (guards or {}).items():
        s.guard[p][k] = g
        if g == GUARDED:
            s.base[p][RES * 3] -= 1


def hand(s, player: int, cards: list[str]):
    """Give `player` exactly these cards (swapped with the deck to keep the count)."""
    current = s.hands[player - 1]
    for card in cards:
        for h in s.hands:
            if card in h and h is not current:
                h.remove(card)
                h.append(next(x for x in s.deck if x not in cards))
                s.deck.remove(h[-1])
        if card in s.deck:
            s.deck.remove(card)
        if card in s.market:
            s.market.remove(card)
    s.deck.extend(x for x in current if x not in cards)
    s.hands[player - 1] = list(cards)


def at_phase(s, player: int, phase: str, kind: str, played: str = ""):
    s.phase, s.active, s.played, s.used = phase, player, played, []
    s.ctx, s.invasion, s.pending = [], None, []
    s.support_played = [False] * s.seats
    s.prompt = Prompt(player=player, kind=kind)
    return s


def at_actions(s, player: int, card: str):
    """`player` is in the Action Phase with `card` just played."""
    take_out(s, card)
    if card not in s.area[player - 1]:
        s.area[player - 1] = s.area[player - 1] + [card]
        if len(s.area[player - 1]) > 1:
            s.circle = [list(x) for x in s.circle]
            s.guard = [list(x) for x in s.guard]
            s.circle[player - 1].append("")
            s.guard[player - 1].append(SHUT)
    return at_phase(s, player, "actions", "action", played=card)


def session(cfg, s, dice=(), then: int = 0):
    """A session from this position; chance is scripted first, then seeded."""
    return Session.from_state(RULES, s, config=cfg, rng=ScriptedRng(list(dice), then=Rng.derive(f"t{then}", 0)))


def merc_with(*actions: str, two: bool | None = None, exclude=()) -> str:
    """The first mercenary whose printed actions include these."""
    for m in C.merc_ids:
        card = C.mercs[m]
        if all(a in card.actions for a in actions) and m not in exclude and (two is None or card.two_player == two):
            return m
    raise LookupError(actions)


__all__ = ["C", "HIT", "IHIT", "MISS", "table", "clear", "planets_in", "set_type", "put", "launch_pad",
           "command_area", "hand", "at_phase", "at_actions", "session", "merc_with", "ev", "Ctx", "Prompt",
           "GUARDED", "SHUT", "LP", "MIS", "MED", "RES", "DEST"]

"""The table as data: config, state and the small frozen records inside it (the concepts of
GW-CON-01..13, by the names noted on the fields).

Units of a player sit in zones of their base kept as one flat list of 18 counters,
`base[p][zone * 3 + kind]` (kind: Infantry, Tank, Aircraft), plus the planets they occupy and the
guards on their Command Area circles: GW-CON-06, every unit is in exactly one of these places. The
Rebellion (solo) is seat 2; its pool is its RES zone.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from boardcore.game.rules import MAX_TURNS

# GW-COMP-04: the base's spaces and the Reserve beside it; GW-AMB-10: DEST holds destroyed Tanks and
# Aircraft, out of the game
RES, LP, MIS, MED, DEC, DEST = 0, 1, 2, 3, 4, 5  # reserve, launch pad, mission, medical bay, decon, destroyed
ZONES = ("reserve", "launch_pad", "mission", "medical_bay", "decon", "destroyed")
REBEL = 2  # the Rebellion's seat in solo
# circle states: open (completed this turn, may take a guard), guarded, empty for good
OPEN, GUARDED, SHUT = 0, 1, 2


class WarlordsConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`players`: 1 (solo), 2, 3 or 4. `mode`: "teams" (default for 4, GW-AMB-04) or "ffa".
    `level`: solo "standard" or "hard". `mission`: "per_planet" or "per_mercenary" (GW-AMB-40).
    `max_turns`: 0 = play to the end, else truncate after that many turns."""

    players: int = 2
    mode: Annotated[Literal["", "teams", "ffa"], Meta(description="empty: the usual one for the table")] = ""
    level: Literal["standard", "hard"] = "standard"
    mission: Literal["per_planet", "per_mercenary"] = "per_planet"
    max_turns: Annotated[int, Meta(ge=0, le=MAX_TURNS, description="0: no cap")] = 0


class Prompt(msgspec.Struct, frozen=True, kw_only=True):
    """What is being asked of whom now."""

    player: int
    kind: str


class Ctx(msgspec.Struct, frozen=True, kw_only=True):
    """An action being resolved (GW-ACT-03): its kind, where it came from, and how far it got.

    source: card (this turn's mercenary), support, borrowed (Subterfuge B), market
    (Black Friday), copy (solo Subterfuge), tactical, skill."""

    kind: str
    source: str
    stage: str = "start"
    rep: bool = False
    invade: bool = True
    reach: str = "ship"   # ship, any, sector (Tactical: `sector` only)
    sector: str = ""
    planet: int = -1
    target: int = 0
    card: str = ""
    n: int = 0


class Invasion(msgspec.Struct, frozen=True, kw_only=True):
    """An invasion in progress (GW-CMB-01..24). The invader's units stay here until it ends."""

    planet: int
    attacker: int
    defender: int
    att: tuple[int, int, int]
    stage: str = "reinforce"
    round: int = 1
    guard_used: bool = False
    start_defenders: int = 0
    manoeuvre: str = ""
    siege: bool = False
    att_dice: tuple[str, ...] = ()
    def_dice: tuple[str, ...] = ()
    att_loss: int = 0   # units the invader must remove this round
    def_loss: int = 0


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """A support card played and waiting for Blockade answers (GW-SUP-10)."""

    player: int
    card: str
    responders: tuple[int, ...] = ()


_cp = list.copy


class WarlordsState(msgspec.Struct, kw_only=True):
    """The whole table."""

    players: int
    seats: int
    mode: str                      # ffa, teams, solo
    level: str = "standard"
    mission: str = "per_planet"
    max_turns: int = 0
    # galaxy
    planet_sector: list[str] = []
    planet_type: list[str] = []     # "" = unknown (views only)
    revealed: list[bool] = []       # GW-CON-08: face up for good once revealed
    owner: list[int] = []           # GW-CON-09, GW-AMB-05: the player with units there, 0 when empty
    planet_units: list[list[int]] = msgspec.field(default_factory=list, name="pu")  # each planet's infantry, tanks, aircraft
    box_tiles: list[str] = []       # planet types back in the box, unseen
    track: list[int] = []           # GW-CON-10: planet-track position per planet type
    peeked: list[list[int]] = []    # planets each player saw through Recon
    ships: list[str] = []
    recon: list[list[str]] = []     # [player][kind] = sector, "" = in supply
    pre: list[list[int]] = []       # solo: pre-deployed Rebellion units per sector
    # players
    base: list[list[int]] = []      # GW-CON-05: only the Launch Pad's units may be used
    power: list[int] = []
    rep: list[int] = []             # GW-CON-11: reputation positions (the markers: `rep_slots`)
    hands: list[list[str]] = []
    support_hands: list[list[str]] = []
    area: list[list[str]] = []      # GW-CON-04: the Command Area, the cards in play, left to right
    circle: list[list[str]] = []    # colour of the circle between area[k] and area[k+1], "" = none
    guard: list[list[int]] = []     # state of that circle: OPEN, GUARDED, SHUT
    wounded: list[list[str]] = []
    skills_used: list[list[str]] = []
    # decks and tracks
    rep_slots: list[str] = []
    rep_leftover: str = ""
    deck: list[str] = []
    market: list[str] = []          # GW-CON-12: the Mercenary Market
    removed: list[str] = []         # out of the game, face up
    removed_unseen: list[str] = []  # out of the game unseen at setup
    sdeck: list[str] = []
    sdiscard: list[str] = []
    rebel_deck: list[str] = []
    rebel_removed: list[str] = []
    rebel_card: str = ""
    rebel_step: int = 0
    rebel_sector: int = 0
    # turn
    first: int = 0
    active: int = 0
    turn: int = 0
    phase: str = "setup"
    prompt: Prompt | None = None
    played: str = ""                # mercenary played this turn
    used: list[int] = []            # printed action slots used this turn
    support_played: list[bool] = []
    team_used: bool = False
    ctx: list[Ctx] = []
    invasion: Invasion | None = msgspec.field(default=None, name="inv")
    pending: list[Pending] = []
    taken: str = ""                 # card taken by Subterfuge, seen by the two players involved
    exchange: list[str] = []        # team card exchange picks, hidden
    last_turn: int = 0              # 0 = no end triggered; else the game ends after that turn
    end_kind: str = ""
    over: bool = False
    truncated: bool = False
    final: list[list[int]] = []     # per player: guards, majority, missions, sector score

    def copy(self) -> WarlordsState:
        """Explicit copy: the lists that change often are copied; the rest (planets, tracks,
        circles, guards, discard piles...) are shared, and evolve copies them before a change."""
        return msgspec.structs.replace(
            self, owner=self.owner[:], base=list(map(_cp, self.base)), power=self.power[:], rep=self.rep[:],
            hands=list(map(_cp, self.hands)), support_hands=list(map(_cp, self.support_hands)),
            area=list(map(_cp, self.area)), deck=self.deck[:], market=self.market[:], sdeck=self.sdeck[:],
            used=self.used[:], support_played=self.support_played[:], ctx=self.ctx[:], pending=self.pending[:],
            exchange=self.exchange[:])


def own(s: WarlordsState, name: str) -> list:
    """Copy-on-write: `copy()` shares the rarely changed lists, so a handler takes its own first."""
    fresh = getattr(s, name)[:]
    setattr(s, name, fresh)
    return fresh


def own_row(s: WarlordsState, name: str, i: int) -> list:
    """Row `i` of a shared list of lists, made the state's own (the outer list too)."""
    outer = own(s, name)
    inner = outer[i] = outer[i][:]
    return inner


def count(s: WarlordsState, p: int, zone: int) -> int:
    """Units of every kind in one zone of `p`'s base."""
    b = s.base[p - 1]
    i = zone * 3
    return b[i] + b[i + 1] + b[i + 2]


def team_of(s: WarlordsState, p: int) -> int:
    """GW-SET-18: seats alternate between the teams, so 1+3 play against 2+4."""
    return (p - 1) % 2 if s.mode == "teams" else p


_OPPONENTS: dict = {}


def opponents(s: WarlordsState, p: int) -> tuple[int, ...]:
    """Everyone else in free-for-all; the other team in 2 vs 2 (GW-TEAM-01, GW-AMB-44: teammates are
    not opponents); the Rebellion in solo. Cached: it depends on the seating alone."""
    key = (s.mode, s.seats, p)
    found = _OPPONENTS.get(key)
    if found is None:
        found = _OPPONENTS[key] = _opponents(s, p)
    return found


def _opponents(s: WarlordsState, p: int) -> tuple[int, ...]:
    if s.mode == "solo":
        return (REBEL,) if p == 1 else (1,)
    if s.mode == "teams":
        return tuple(q for q in range(1, s.seats + 1) if (q - p) % 2)
    return tuple(q for q in range(1, s.seats + 1) if q != p)


def teammate(s: WarlordsState, p: int) -> int:
    """The other seat of `p`'s team, 0 outside team play."""
    return (p + 1) % 4 + 1 if s.mode == "teams" else 0


def units_on(s: WarlordsState, planet: int) -> int:
    """Every unit on a planet counts as one (GW-COMP-10)."""
    u = s.planet_units[planet]
    return u[0] + u[1] + u[2]

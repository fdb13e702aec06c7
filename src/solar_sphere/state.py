"""The state of a Solar Sphere game: plain structs with hand-written copies.

The greedy bot copies every position it weighs, and most of the table changes only a few times a
round, so what changes rarely is a tuple, replaced (never changed in place) when it changes and
shared by every copy; what most decisions change (stores, ports, the stack, dice on the Location
cards) stays a list, copied. A Ship is replaced whole when drones join it. The wire form is the
same either way: msgspec encodes tuples and lists alike, as arrays.

Seats: players are 1..n; in the solo mode DRANDA sits in seat 2 (`SolarState.dranda_seat`).
Fleet positions: 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right (SS-BAT-02).
Builders on the Sphere: 0 unbuilt, -1 the Corporation, else the seat that built it (SS-PTS-06).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

CORP = -1
ORE, GOLD, CRYSTAL = 0, 1, 2


class SolarConfig(msgspec.Struct, frozen=True, kw_only=True):
    """`players` 2-4, or 1 for the DRANDA solo mode at `level` 1-3 (SS-GEN-01, SS-SOLO-02)."""

    players: int = 2
    level: Annotated[int, Meta(ge=1, le=3)] = 3


class Task(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One pending effect on the effect stack (SS-GEN-08: each resolves fully before the next).
    `kind` names the effect, `n` how many are left, `arg` its detail, `mask` its memory
    (matrix rows used by a decommission action, ships attacked by an attack action)."""

    kind: str
    player: int
    n: int = 0
    arg: str = ""
    mask: int = 0


class Ship(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A Resistance ship in the fleet; `cols` are the drone columns left to right as
    (seat, drones) pairs, the Corporation as seat -1 (SS-FLT-05, SS-FLT-08). Frozen: a ship that
    gains drones is a new Ship, so copies of the fleet share the ships."""

    card: int
    cols: tuple[tuple[int, int], ...] = ()

    def power(self) -> int:
        return sum(c[1] for c in self.cols)


class PlayerState(msgspec.Struct, kw_only=True, gc=False):
    """One Command Centre (SS-COMP-14). Only `store` and `ports` change on most turns; the tuples are
    replaced when they change."""

    morale: int = 0                    # 0..20 on the morale track (SS-GAP-07)
    rep: int = 0                       # reputation level 0..6 (SS-GAP-06)
    score: int = 0
    store: list[int] = []              # ore, gold, crystal
    reserve: int = 12
    active: int = 6
    inactive: int = 2
    matrix: tuple[int, ...] = ()       # drones in each matrix row (filled left to right)
    sats: tuple[bool, ...] = ()        # a satellite on each Location card
    hexes: int = 0                     # drones on Sphere hexes
    on_ships: int = 0                  # drones on Resistance ship cards
    crew: tuple[int, ...] = ()         # current crew (card indexes)
    used: tuple[bool, ...] = ()        # rotated, parallel to crew
    retired: tuple[int, ...] = ()
    ships: tuple[int, ...] = ()        # claimed Resistance cards
    factions: tuple[int, ...] = ()     # eng, sci, sec, sil (SS-GAP-12)
    ports: list[int] = []              # dice on docking port v (index v-1), the auxiliary die included
    rolled: tuple[int, ...] = ()       # this round's Dock roll
    aux: bool = False                  # the auxiliary die was gained this round
    fresh: int = 0                     # value of an auxiliary die gained this turn (not deployable yet)
    placed: int = 0                    # dice on Location cards
    discarded: int = 0                 # dice discarded above the board
    hires: int = 0

    def copy(self) -> PlayerState:
        """Scalars and tuples shared, the two lists new (`list.copy` by name: no slice object each)."""
        q = self.__copy__()
        q.store = self.store.copy()
        q.ports = self.ports.copy()
        return q


class DrandaState(msgspec.Struct, kw_only=True, gc=False):
    """DRANDA's play area: all it has, since it has no Command Centre (SS-DRSET-04). What it claims
    is a tuple, as a player's is; its piles and dice are lists."""

    supply: int = 20                   # its drones not in play (SS-DRSET-05: all 20 at the start)
    removed: int = 0
    hexes: int = 0
    on_ships: int = 0
    score: int = 0
    crew: tuple[int, ...] = ()
    ships: tuple[int, ...] = ()
    factions: tuple[int, ...] = ()     # its 4 counts, silver included (SS-DRSET-10)
    deck: list[int] = []               # top first (SS-DRSET-06: shuffled face down)
    discard: list[int] = []            # bottom first; the last is the top card (SS-DRSET-07: one at the start)
    area: list[int] = []               # cards set aside this round
    dice: list[int] = []               # transparent dice values, in play order; 0 once placed (SS-DRSET-08)
    colours: list[int] = []            # colour of each of those dice (index into COLOURS)
    opaque: list[int] = []             # per colour: 0 unused, 1 placed this round, 2 out of the game (SS-DRSET-09)

    def copy(self) -> DrandaState:
        q = self.__copy__()
        q.deck = self.deck.copy()
        q.discard = self.discard.copy()
        q.area = self.area.copy()
        q.dice = self.dice.copy()
        q.colours = self.colours.copy()
        q.opaque = self.opaque.copy()
        return q


class SolarState(msgspec.Struct, kw_only=True, gc=False):
    """The table. Lists: the stack, the fleet (of shared, frozen ships), the dice on the Location
    cards and each seat's store and ports; every other sequence is a tuple, replaced when it changes."""

    players: int
    solo: bool = False
    level: int = 0
    dranda_seat: int = msgspec.field(default=0, name="dseat")   # DRANDA's seat (solo), else 0
    round: int = 0
    phase: str = "setup"                # setup, dock, deploy, battle, recover, over
    final: bool = False                 # the final hex was built this round (SS-SPH-09)
    order: tuple[int, ...] = ()         # turn order, position 1 first (SS-GAP-23)
    turn: int = 0                       # seat taking a Deploy turn
    at: int = -1                        # turn-order position of the latest Deploy turn
    step: str = ""                      # turn, visit, act, after (the Deploy turn's prompt)
    kicked: bool = False                # kickbacks taken this turn (SS-KB-01)
    chosen: int = 0                     # value of the die being deployed
    visiting: int = -1                  # Location card visited this turn
    tasks: list[Task] = []              # effect stack, top last
    centres: list[PlayerState] = msgspec.field(default_factory=list, name="p")   # centres[0]: player 1
    dranda: DrandaState | None = msgspec.field(default=None, name="d")
    hex_at: tuple[int, ...] = ()        # slot -> hex index (-1: unknown face-down hex in a view)
    face_down: tuple[bool, ...] = ()
    shown: tuple[int, ...] = ()         # hex_at as everyone sees it (face-down hexes as -1)
    builder: tuple[int, ...] = ()
    scoring_card: int = -1
    res_deck: tuple[int, ...] = ()
    res_out: tuple[int, ...] = ()       # removed from the game unclaimed
    deck_size: int = 12
    fleet: list[Ship | None] = []
    corp_beside: int = 2
    crew_decks: tuple[tuple[int, ...], ...] = ()
    display: tuple[int, ...] = ()       # tier t top slot 2t, bottom slot 2t+1 (SS-GAP-22); -1 empty
    tokens: tuple[int, ...] = ()        # morale token value on each display slot (0 none; SS-GAP-19)
    loc_dice: list[int] = []            # ship dice on each Location card this round
    battle_at: int = 0                  # next fleet position to resolve, in battle order
    roll: int = -1                      # resistance roll awaiting a reroll decision
    rerolled: int = 0                   # seats (bitmask) that rerolled the current ship
    outcome: tuple[int, ...] = ()       # final scores once over

    def copy(self) -> SolarState:
        """Scalars, tuples, tasks and ships shared; the lists new, each seat's by `PlayerState.copy`
        (through `map`: no comprehension frame)."""
        c = self.__copy__()
        c.tasks = self.tasks.copy()
        c.centres = list(map(PlayerState.copy, self.centres))
        if self.dranda is not None:
            c.dranda = self.dranda.copy()
        c.fleet = self.fleet.copy()
        c.loc_dice = self.loc_dice.copy()
        return c

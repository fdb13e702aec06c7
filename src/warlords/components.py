"""Component data (GW-COMP-01..10): the schema of `data/*.toml` and the lookups the rules use.

Every value the rulebook does not give lives in a file marked `provisional`
(GW-GAP-01..29, documented in data/README.md); nothing here hard-codes them.
`load(folder)` reads the default data, optionally replaced file by file from
`folder` (`--data DIR`), through `boardcore.game.data.load`, which fingerprints it.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from boardcore.game.data import DataError, load as load_data
from boardcore.game.memo import Memo

DATA_DIR = Path(__file__).parent / "data"
UNIT_KINDS = ("infantry", "tank", "aircraft")  # GW-COMP-10: each counts as one unit
INF, TANK, AIR = 0, 1, 2


class Sector(msgspec.Struct, frozen=True):
    name: str
    adjacent: list[str]
    core: bool = False
    middle: bool = False


class Galaxy(msgspec.Struct, frozen=True):
    """GW-COMP-01, GW-CON-07: the board's sectors, the Outer ones and The Core, with their adjacency."""

    sectors: list[Sector]
    provisional: bool = True
    source: str = ""


class Track(msgspec.Struct, frozen=True):
    deploy: list[int]
    domination: list[int]
    start: int = 0
    solo_start: int = 4


class Planets(msgspec.Struct, frozen=True):
    """GW-COMP-08: the planet tiles, by type, and the planet track's Deploy and Domination rows."""

    types: list[str]
    tiles_per_type: int
    set_aside_per_type: int
    extra_tiles: list[int]
    outer_slots: int
    solo_middle_slots: int
    solo_other_slots: int
    track: Track
    provisional: bool = True
    source: str = ""


class Space(msgspec.Struct, frozen=True):
    space: int
    power: int
    alternative: str = ""


class Reputation(msgspec.Struct, frozen=True):
    last: int
    slots: int
    markers: list[str]
    spaces: list[Space]
    solo_removed: str = "recon"
    provisional: bool = True
    source: str = ""


class Mercenary(msgspec.Struct, frozen=True):
    """GW-CON-03: what a card shows: mission, the two half-circles' colours, Infantry, actions, and
    the "2" mark (GW-COMP-07: the 2-player deck is the cards that have it)."""

    id: str
    mission: str
    left: str
    right: str
    infantry: int
    actions: list[str]
    two_player: bool


class Mercenaries(msgspec.Struct, frozen=True):
    """GW-COMP-06: the 40 Mercenary cards (support cards, tiles and markers have files of their own);
    GW-GAP-28: each card has a component id."""

    cards: list[Mercenary]
    provisional: bool = True
    source: str = ""


class SupportCard(msgspec.Struct, frozen=True):
    id: str
    kind: str
    name: str = ""


class Support(msgspec.Struct, frozen=True):
    cards: list[SupportCard]
    solo_removed: list[str] = []
    provisional: bool = True
    source: str = ""


class Dice(msgspec.Struct, frozen=True):
    faces: list[str]
    max_dice: int = 3
    bombard_dice: int = 2
    provisional: bool = True
    source: str = ""


class Units(msgspec.Struct, frozen=True):
    """GW-COMP-03: one colour's units and markers; `planet_limit` is the 3 of GW-DEP-03."""

    infantry: int
    tanks: int
    aircraft: int
    start_mission_infantry: int
    planet_limit: int
    colours: list[str]
    provisional: bool = False
    source: str = ""


class Actions(msgspec.Struct, frozen=True):
    deploy: str = ""
    deploy_only: str = ""
    assassinate: str = "infantry"
    subterfuge: str = "infantry"
    bombard: str = "infantry_or_aircraft"
    support: str = "infantry"
    recon: str = "infantry"
    provisional: bool = True
    source: str = ""


class Recon(msgspec.Struct, frozen=True):
    kinds: list[str]
    provisional: bool = True
    source: str = ""


class Skill(msgspec.Struct, frozen=True):
    skill: str
    manoeuvre: str


class Skills(msgspec.Struct, frozen=True):
    RED: Skill
    GREEN: Skill
    BLUE: Skill
    YELLOW: Skill
    provisional: bool = False
    source: str = ""


class RebelCard(msgspec.Struct, frozen=True):
    """GW-COMP-09: a Rebellion card, missing from the component list, so provisional data."""

    id: str
    level: int
    actions: list[str]
    priority: list[str]
    pre_deploy: list[str]
    bombard: list[str]


class Rebellion(msgspec.Struct, frozen=True):
    cards: list[RebelCard]
    standard_remove: list[int]
    hard_remove: list[int]
    provisional: bool = True
    source: str = ""


class Table(msgspec.Struct, frozen=True):
    hand: int
    market: int
    solo_hand_drawn: int
    solo_hand_kept: int
    solo_market: int
    support_dealt: int
    three_player_removed: int
    outer_ship_limit: list[int]
    provisional: bool = False
    source: str = ""


class Data(msgspec.Struct, frozen=True):
    """One field per data file (its stem)."""

    galaxy: Galaxy
    planets: Planets
    reputation: Reputation
    mercenaries: Mercenaries
    support: Support
    dice: Dice
    units: Units
    actions: Actions
    recon: Recon
    skills: Skills
    rebellion: Rebellion
    table: Table


class Components:
    """The loaded data plus precomputed lookups (rules read these, never the files)."""

    def __init__(self, data: Data, data_id: str, sha256: str) -> None:
        self.data, self.data_id, self.sha256 = data, data_id, sha256
        g = data.galaxy
        self.sectors = tuple(s.name for s in g.sectors)
        self.sector_index = {s: i for i, s in enumerate(self.sectors)}
        self.adjacent = {s.name: tuple(s.adjacent) for s in g.sectors}
        cores = [s.name for s in g.sectors if s.core]
        if len(cores) != 1:
            raise DataError("galaxy: exactly one sector must be The Core (core = true)")
        self.core = cores[0]
        self.middle = tuple(s.name for s in g.sectors if s.middle)
        self.types = tuple(data.planets.types)
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.tiles = tuple(f"P-{t}-{k}" for t in self.types for k in range(1, data.planets.tiles_per_type + 1))
        # a mercenary's mission as a type index: scored for every seat at every greedy step
        self.mission_type = {c.id: self.type_index[c.mission] for c in data.mercenaries.cards
                             if c.mission in self.type_index}
        # warlords.evaluate's holdings and majorities by the planets they read (a greedy game meets a few
        # hundred), and warlords.hidden's pools of components by game variant
        self.judged = Memo(4_096)
        self.deploy_value = tuple(data.planets.track.deploy)
        self.domination_value = tuple(data.planets.track.domination)
        self.track_last = len(self.deploy_value) - 1
        self.mercs = {c.id: c for c in data.mercenaries.cards}
        self.merc_ids = tuple(c.id for c in data.mercenaries.cards)
        self.support = {c.id: c.kind for c in data.support.cards}
        self.support_name = {c.id: c.name or c.kind for c in data.support.cards}
        self.support_ids = tuple(c.id for c in data.support.cards)
        self.faces = tuple(data.dice.faces)
        self.rep_last = data.reputation.last
        self.rep_space = {s.space: s for s in data.reputation.spaces}
        self.cost = {a: getattr(data.actions, a) for a in ACTION_TYPES}
        self.skill_of = {c: getattr(data.skills, c).skill for c in SKILL_COLOURS}
        self.manoeuvre_of = {c: getattr(data.skills, c).manoeuvre for c in SKILL_COLOURS}
        self.rebels = {c.id: c for c in data.rebellion.cards}
        self.recon_kinds = tuple(data.recon.kinds)
        self.recon_index = {k: i for i, k in enumerate(self.recon_kinds)}
        u = data.units
        self.totals = (u.infantry, u.tanks, u.aircraft)
        self.limit = u.planet_limit
        self.validate()

    def validate(self) -> None:
        """Cross-file checks that msgspec's types cannot express."""
        for s, adj in self.adjacent.items():
            for other in adj:
                if other not in self.adjacent or s not in self.adjacent[other]:
                    raise DataError(f"galaxy: adjacency {s}-{other} is not symmetric")
        for c in self.mercs.values():
            if c.mission not in self.type_index or c.left not in SKILL_COLOURS or c.right not in SKILL_COLOURS:
                raise DataError(f"mercenaries: {c.id} has an unknown mission or skill colour")
            if any(a not in ACTION_TYPES for a in c.actions):
                raise DataError(f"mercenaries: {c.id} has an unknown action")
        for c in self.rebels.values():
            if any(t not in self.type_index for t in c.priority):
                raise DataError(f"rebellion: {c.id} has an unknown planet type")
        if len(self.data.reputation.markers) != self.data.reputation.slots + 1:
            raise DataError("reputation: there must be exactly one marker more than slots (GW-SET-12)")
        if len(self.deploy_value) != len(self.domination_value):
            raise DataError("planets: deploy and domination rows differ in length")


ACTION_TYPES = ("deploy", "deploy_only", "assassinate", "subterfuge", "bombard", "support", "recon")
SKILL_COLOURS = ("RED", "GREEN", "BLUE", "YELLOW")


def load(folder: Path | str | None = None) -> Components:
    loaded = load_data(Data, DATA_DIR, Path(folder) if folder is not None else None)
    return Components(loaded.data, loaded.data_id, loaded.sha256)

"""Component data: the msgspec schema of `data/*.toml` and the lookups the rules use.

`load(folder)` reads the default data (with `folder`'s files replacing same-named ones, the `--data DIR` of
AP-GAP-01) through `boardcore.game.data.load` and builds a `Components`: every card kind expanded to card ids, and
flat per-id tuples so hot paths index instead of searching. Units follow AP-GEN-04: credits in thousands,
Authority and yield in tenths.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from boardcore.game.data import DataError, Loaded
from boardcore.game.data import load as load_data
from boardcore.game.memo import Memo

DATA_DIR = Path(__file__).parent / "data"
KINDS = ("first", "upper", "payload", "rnd")
FIRST, UPPER, PAYLOAD, RND = 0, 1, 2, 3


class Tech(msgspec.Struct, frozen=True, kw_only=True):
    """One kind of Technology card (AP-COMP-19, AP-GAP-14)."""
    name: str
    kind: str
    count: int = 1
    cost: int = 0
    thrust: int = 0
    mass: int = 0
    propulsion: str = ""
    nuclear: bool = False
    group: str = ""
    ssto: bool = False
    unique: bool = False
    crew: int = 0
    cargo: bool = False
    capsule: bool = False
    solar_sail: bool = False
    cubesat: int = 0
    extra_seat: bool = False
    aerospike: int = 0
    heavy: bool = False
    reuse: bool = False
    pressurization: bool = False
    deposit: bool = False
    given: list[str] = []
    provisional: bool = False
    source: str = ""


class TechFile(msgspec.Struct, frozen=True):
    tech: list[Tech]


class Engineer(msgspec.Struct, frozen=True, kw_only=True):
    """AP-COMP-13; effect names the Specialty (AP-ENG-*). Four Engineers are named only by the rulebook's
    examples (AP-ENG-23) and four not at all (AP-GAP-21)."""
    name: str
    authority: int
    profile: str
    effect: str
    roll: int = 0
    amount: int = 0
    provisional: bool = False
    source: str = ""


class EngineerFile(msgspec.Struct, frozen=True):
    engineer: list[Engineer]


class DirectorDefaults(msgspec.Struct, frozen=True, kw_only=True):
    earnings: list[int]
    launch_credits: int
    sale_credits: int
    provisional: bool = False
    source: str = ""


class Director(msgspec.Struct, frozen=True, kw_only=True):
    """AP-COMP-11, AP-MD-01; per-card credits default to `defaults` (AP-GAP-04). Four per Nation (AP-COMP-08);
    Directors of one Nation share its Intervention (AP-MD-21)."""
    name: str
    company: str
    nation: str
    authority: int
    specialty: str
    amount: int = 0
    earnings: list[int] | None = None
    launch_credits: int | None = None
    sale_credits: int | None = None


class Nation(msgspec.Struct, frozen=True, kw_only=True):
    key: str
    name: str
    effect: str
    roll: int
    amount: int = 0


class DirectorFile(msgspec.Struct, frozen=True):
    defaults: DirectorDefaults
    director: list[Director]
    nation: list[Nation]


class Investor(msgspec.Struct, frozen=True, kw_only=True):
    """AP-COMP-20, AP-IVR-07: one objective and its credits (AP-GAP-19)."""
    name: str
    kind: str
    credits: int
    tech: str = ""
    min_first: int = 0
    min_upper: int = 0
    min_solid: int = 0
    nuclear: bool = False
    min_thrust: int = 0
    destination: str = ""
    exact: bool = False
    crewed: bool = False
    min_yield: int = 0


class InvestorFile(msgspec.Struct, frozen=True):
    investor: list[Investor]
    provisional: bool = False
    source: str = ""


class Event(msgspec.Struct, frozen=True, kw_only=True):
    """AP-COMP-22 (base) and AP-COMP-24 (solo)."""
    key: str
    name: str
    timing: str = "immediate"
    amount: int = 0
    number: int = 0
    ban: str = ""
    threshold: int = 0
    upper: int = 0
    goal: Goal | None = None


class EventFile(msgspec.Struct, frozen=True):
    event: list[Event]
    provisional_fields: list[str] = []
    source: str = ""


class Goal(msgspec.Struct, frozen=True, kw_only=True):
    destination: str
    launches: int = 0
    crewed: bool = False
    min_rnd: int = 0
    no_rnd: bool = False
    min_crew: int = 0
    min_thrust: int = 0
    cost_below: int = 0
    cards: dict[str, int] = {}
    astronauts: int = 0


class Mission(msgspec.Struct, frozen=True, kw_only=True):
    """AP-MIS-* and AP-SMIS-*. 12 multiplayer and 6 Solo Missions (AP-COMP-07); a Solo Mission card gives its
    objective, turns and Solo Event numbers (AP-COMP-23). Durations are not data: they have no rules effect
    (AP-GAP-32)."""
    number: int
    level: str
    goals: list[Goal] = []
    investors: int = 0
    forbid_rnd: bool = False
    forbid_nuclear: bool = False
    no_nation: bool = False
    min_yield: int = 0
    race_turn: int = 0
    no_tie: bool = False
    turns: int = 0
    events: list[int] = []
    end_credits: int = 0
    end_authority: int = 0


class MissionFile(msgspec.Struct, frozen=True):
    mission: list[Mission]


class Numbers(msgspec.Struct, frozen=True, kw_only=True):
    start_credits: int
    hand_limit: int
    reserve_limit: int
    dice_limit: int
    blue_dice: int
    die_sides: int
    slot_limit: int
    river_size: int
    investor_river: int
    director_actions: int
    static_fire: int
    nation_roll: int
    team_juniors: int
    team_seniors: int
    dealt_directors: int


class YieldTable(msgspec.Struct, frozen=True, kw_only=True):
    thrust: list[int]
    mass: list[int]
    cells: list[list[int]]
    provisional_rows: list[int] = []
    source: str = ""


class ProbabilityTable(msgspec.Struct, frozen=True, kw_only=True):
    yield_: list[int] = msgspec.field(name="yield")
    cells: list[list[int]]
    provisional_rows: list[int] = []
    source: str = ""


class AuthorityTable(msgspec.Struct, frozen=True, kw_only=True):
    required: list[int]
    provisional: bool = False
    source: str = ""


class Tables(msgspec.Struct, frozen=True, kw_only=True):
    destinations: list[str]
    numbers: Numbers
    yield_: YieldTable = msgspec.field(name="yield")
    probability: ProbabilityTable
    authority: AuthorityTable


class Data(msgspec.Struct, frozen=True):
    technologies: TechFile
    engineers: EngineerFile
    directors: DirectorFile
    investors: InvestorFile
    events: EventFile
    solo_events: EventFile
    missions: MissionFile
    solo_missions: MissionFile
    tables: Tables


class Bands:
    """Which band of a table's axis a value falls in: the first (or, with `last`, the last) band whose lowest
    value it reaches, -1 for none. The scan is done once for every value from one below the lowest bound to the
    highest, beyond which the answer no longer changes, so the rules index instead of scanning: the yield and
    probability lookups (AP-YLD-01, AP-PRB-01) are asked for every rocket greedy looks at."""

    __slots__ = ("bands", "base", "top")

    def __init__(self, lows: list[int], last: bool = False) -> None:
        self.base = min(lows, default=0) - 1
        self.top = max(lows, default=0)
        self.bands = tuple(_scan(lows, x, last) for x in range(self.base, self.top + 1))

    def of(self, x: int) -> int:
        if x <= self.base:
            return -1
        return self.bands[min(x, self.top) - self.base]


def _scan(lows: list[int], x: int, last: bool) -> int:
    """The band of `x` by reading the bounds in order, as the rulebook's tables are read."""
    found = -1
    for i, low in enumerate(lows):
        if x >= low:
            found = i
            if not last:
                break
    return found


def yield_at(c: Components, thrust: int, mass: int) -> int:
    """AP-YLD-01: the yield table's cell for the rocket's row and column, 0 outside the table."""
    row = c.thrust_band.of(thrust)
    col = c.mass_band.of(mass)
    return 0 if row < 0 or col < 0 else c.yield_table.cells[row][col]


class Components:
    """Everything the rules look up, by card id. Built once per data set."""

    def __init__(self, loaded: Loaded) -> None:
        d: Data = loaded.data
        self.loaded = loaded
        self.n = d.tables.numbers
        self.destinations = tuple(d.tables.destinations)
        self.dest_index = {name: i for i, name in enumerate(self.destinations)}
        self.yield_table = d.tables.yield_
        self.prob_table = d.tables.probability
        # AP-YLD-01: the row is the first whose lowest thrust the rocket reaches, the column the last whose lowest
        # mass it reaches; AP-PRB-01: the row is the first whose lowest yield it reaches
        self.thrust_band = Bands(self.yield_table.thrust)
        self.mass_band = Bands(self.yield_table.mass, last=True)
        self.yield_band = Bands(self.prob_table.yield_)
        # the yield of every rocket from nothing built to the bands' highest bounds, looked up in one step
        self.yields = {(t, m): yield_at(self, t, m)
                       for t in range(min(0, self.thrust_band.base), self.thrust_band.top + 1)
                       for m in range(min(0, self.mass_band.base), self.mass_band.top + 1)}
        self.required = tuple(d.tables.authority.required)
        # apogee.evaluate's judgements of plans, launches and rockets, by value: a greedy game meets about 200,
        # each about 0.7 KB, so at most about 6 MB
        self.judged = Memo(8_192)
        # Technology cards: ids 0..109 in file order (AP-COMP-04).
        techs: list[Tech] = []
        for kind in d.technologies.tech:
            if kind.kind not in KINDS:
                raise DataError(f"technologies: {kind.name} has unknown kind {kind.kind!r}")
            techs.extend([kind] * kind.count)
        self.tech = tuple(techs)
        self.kind = tuple(KINDS.index(t.kind) for t in techs)
        self.tech_names = sorted({t.name for t in techs})
        self.by_kind = tuple(tuple(i for i, k in enumerate(self.kind) if k == n) for n in range(4))
        self.engineer = tuple(d.engineers.engineer)
        self.senior = tuple(e.profile == "senior" for e in self.engineer)
        self.eng_auth = tuple(e.authority for e in self.engineer)
        defaults = d.directors.defaults
        self.director = tuple(d.directors.director)
        self.dir_auth = tuple(x.authority for x in self.director)
        self.earnings = tuple(tuple(x.earnings or defaults.earnings) for x in self.director)
        self.launch_credits = tuple(defaults.launch_credits if x.launch_credits is None else x.launch_credits
                                    for x in self.director)
        self.sale_credits = tuple(defaults.sale_credits if x.sale_credits is None else x.sale_credits
                                  for x in self.director)
        self.nations = {x.key: x for x in d.directors.nation}
        for x in self.director:
            if x.nation not in self.nations:
                raise DataError(f"directors: {x.name} has unknown nation {x.nation!r}")
        self.investor = tuple(d.investors.investor)
        # Events: base cards first, then Solo Events (id = base count + number - 1).
        self.events = tuple(d.events.event) + tuple(sorted(d.solo_events.event, key=lambda e: e.number))
        self.base_events = tuple(range(len(d.events.event)))
        self.solo_event_id = {e.number: len(d.events.event) + i
                              for i, e in enumerate(sorted(d.solo_events.event, key=lambda e: e.number))}
        self.missions = {m.number: m for m in d.missions.mission}
        self.solo_missions = {m.number: m for m in d.solo_missions.mission}
        for m in (*self.missions.values(), *self.solo_missions.values()):
            for g in m.goals:
                if g.destination not in self.dest_index:
                    raise DataError(f"mission {m.number}: unknown destination {g.destination!r}")
        for e in self.events:
            if e.goal is not None and e.goal.destination not in self.dest_index:
                raise DataError(f"solo event {e.number}: unknown destination {e.goal.destination!r}")


def load(folder: Path | str | None = None) -> Components:
    """AP-GAP-01: the data comes from files, never from code; `folder` replaces files by name."""
    return Components(load_data(Data, DATA_DIR, Path(folder) if folder is not None else None))

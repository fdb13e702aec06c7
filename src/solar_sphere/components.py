"""Component data: the msgspec schema of `data/*.toml` and the lookups the rules use.

Everything the rulebook does not print is read from data (SS-GEN-09, SS-GAP-01): an owner of
the physical game replaces a file with `--data DIR` (see data/README.md) and `load` checks it
against this schema, naming the file and field of any error.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from boardcore.game.data import DataError, load as load_data

DATA_DIR = Path(__file__).parent / "data"
KINDS = ("ore", "gold", "crystal")           # SS-GEN-05: the three resource types, in storage order
FACTIONS = ("eng", "sci", "sec", "sil")      # SS-GAP-11, SS-GAP-12: three coloured kinds and silver (wild), 4 markers
COLOURS = ("black", "blue", "yellow")        # DRANDA's dice (SS-DRSET-08); player colours SS-GAP-21


class Location(msgspec.Struct, forbid_unknown_fields=True):
    """SS-COMP-02, SS-COMP-03, SS-GAP-02: a Location card, the die values it accepts and its kind."""

    id: str
    name: str
    kind: str
    accepts: list[int]
    resource: str = ""
    provisional: bool = False
    source: str = ""


class Locations(msgspec.Struct):
    card: list[Location]


class Slots(msgspec.Struct):
    """SS-GAP-03: the 18 slots around the Core, as doubled-width grid coordinates."""

    ids: list[str]
    cols: list[int]
    rows: list[int]
    kinds: list[str]
    provisional: bool = False
    source: str = ""


class Hex(msgspec.Struct, forbid_unknown_fields=True):
    """SS-COMP-15, SS-GAP-04: a hex's value, cost, benefits (SS-GAP-24 codes), icons and Corporation icon."""

    id: str
    value: int
    cost: list[int]
    benefits: list[str]
    factions: list[str]
    corp: bool = False
    provisional: bool = False


class Sphere(msgspec.Struct):
    """SS-COMP-01: the Core is implicit; 18 hexes and their slots (the score track needs no data, SS-GAP-20)."""

    face_down: dict[str, int]
    slots: Slots
    hex: list[Hex]


class Ship(msgspec.Struct, forbid_unknown_fields=True):
    """SS-COMP-04, SS-GAP-15: a Resistance ship's value, three bonuses, icons and Corporation icon."""

    id: str
    value: int
    bonus: list[int]
    factions: list[str]
    corp: bool = False
    provisional: bool = False


class Resistance(msgspec.Struct):
    """The Resistance die (SS-COMP-10, SS-GAP-16), the deck per player count and the ships, each with
    `columns` drone columns (SS-GAP-17)."""

    die_faces: list[int]
    composition: dict[str, list[int]]
    ship: list[Ship]
    columns: int = 5
    provisional: list[str] = []


class ScoringCard(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    rule: str
    high: int
    low: int
    slots: list[str] = []
    step: int = 0
    provisional: bool = False


class Scoring(msgspec.Struct):
    """SS-COMP-05, SS-GAP-05: the Sphere scoring cards, one drawn per game."""

    card: list[ScoringCard]


class Tiers(msgspec.Struct):
    gold: list[int]
    extra: list[int]
    points: list[int]


class CrewCard(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    tier: int
    action: str
    retire: list[str]
    factions: list[str]
    provisional: bool = False


class Crew(msgspec.Struct):
    """SS-COMP-06, SS-GAP-13: 48 cards in 3 tiers; their icons SS-GAP-14; the display layout is
    2 slots per tier (SS-GAP-22)."""

    tiers: Tiers
    card: list[CrewCard]


class Command(msgspec.Struct):
    """SS-COMP-14: a Command Centre. Its tracks (SS-GAP-06, SS-GAP-07, aligned by SS-GAP-08), port
    bonuses (SS-GAP-09) and matrix (SS-GAP-10); a player set's 20 drones (SS-COMP-13)."""

    morale_max: int
    spanners: list[int]
    morale_points: list[int]
    reputation_columns: list[int]
    reputation_points: list[int]
    ports: list[list[int]]
    matrix: list[list[str]]
    drones: int = 20
    start_active: int = 6
    start_inactive: int = 2
    storage: int = 6
    crew_slots: int = 3
    provisional: bool = False


class Levels(msgspec.Struct):
    morale_points: list[int]
    reputation_points: list[int]
    attack_drones: list[int]
    success_discard: list[int]
    supply_points: list[int]
    drones: int = 20


class DrandaCard(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    black: str
    blue: str
    yellow: str
    order: list[str]
    provisional: bool = False


class Dranda(msgspec.Struct):
    """SS-COMP-12, SS-GAP-18: the DRANDA cards and what each difficulty level changes."""

    levels: Levels
    card: list[DrandaCard]


class Data(msgspec.Struct):
    locations: Locations
    sphere: Sphere
    resistance: Resistance
    scoring: Scoring
    crew: Crew
    command: Command
    dranda: Dranda


class Components:
    """The loaded data with the precomputed lookups of the hot paths. The schema above follows the
    rulebook's components; the values it does not print are the SS-GAP defaults in data/*.toml.
    Counted pieces that need no data: resources (SS-COMP-07: unlimited), the turn order track
    (SS-COMP-08, SS-GAP-23: the state's `order`), the 9 Corporation drones (SS-COMP-09, placed by
    setup) and the 6 morale tokens (SS-COMP-11, SS-GAP-19: the display's `tokens`)."""

    def __init__(self, data: Data, data_id: str, sha256: str) -> None:
        self.data, self.data_id, self.sha256 = data, data_id, sha256
        self.validate(data)
        d = data
        self.locations = [loc.id for loc in d.locations.card]
        self.loc_index = {loc: i for i, loc in enumerate(self.locations)}
        self.loc = d.locations.card
        self.loc_accepts = [frozenset(c.accepts) for c in d.locations.card]
        self.asteroid_for = {}
        for i, c in enumerate(d.locations.card):
            if c.kind == "asteroid":
                for v in c.accepts:
                    self.asteroid_for[v] = i
        self.loc_of_kind = {c.kind: i for i, c in enumerate(d.locations.card) if c.kind != "asteroid"}
        s = d.sphere.slots
        self.slots = s.ids
        self.slot_index = {sid: i for i, sid in enumerate(s.ids)}
        self.slot_kind = s.kinds
        self.slot_col, self.slot_row = s.cols, s.rows
        pos = {(c, r): i for i, (c, r) in enumerate(zip(s.cols, s.rows, strict=True))}
        self.adjacent: list[tuple[int, ...]] = []
        self.core_adjacent: list[bool] = []
        for c, r in zip(s.cols, s.rows, strict=True):
            near = [(c + 2, r), (c - 2, r), (c + 1, r + 1), (c - 1, r + 1), (c + 1, r - 1), (c - 1, r - 1)]
            self.adjacent.append(tuple(sorted(pos[n] for n in near if n in pos)))
            self.core_adjacent.append((0, 0) in near)
        self.hexes = d.sphere.hex
        self.hex_factions = [tuple(FACTIONS.index(f) for f in h.factions) for h in d.sphere.hex]
        self.ships = d.resistance.ship
        self.ship_factions = [tuple(FACTIONS.index(f) for f in sh.factions) for sh in d.resistance.ship]
        self.crew = d.crew.card
        self.crew_index = {c.id: i for i, c in enumerate(d.crew.card)}
        self.crew_factions = [tuple(FACTIONS.index(f) for f in c.factions) for c in d.crew.card]
        self.crew_trigger = [self.loc_index.get(c.action.split(":")[1], -1) if c.action.startswith("visit:") else -1
                             for c in d.crew.card]
        self.tiers = d.crew.tiers
        self.cmd = d.command
        self.spanners = frozenset(d.command.spanners)
        self.scoring = d.scoring.card
        # SS-PTS-05, SS-GAP-05: what a hex is worth under each scoring card, by its slot ("slots") or by how
        # many of its neighbours the same seat built ("clusters"), so scoring looks nothing up hex by hex
        self.slot_points = [tuple(sc.high if sid in sc.slots else sc.low for sid in self.slots) for sc in self.scoring]
        self.cluster_points = [tuple(min(sc.high, sc.low + sc.step * own) for own in range(7)) for sc in self.scoring]
        self.dranda = d.dranda.card
        self.levels = d.dranda.levels

    @staticmethod
    def validate(d: Data) -> None:
        """Cross-field checks the schema cannot express, with errors naming the file."""
        def need(ok: bool, msg: str) -> None:
            if not ok:
                raise DataError(msg)
        need(len(d.locations.card) == 8, "locations.toml: there must be 8 Location cards (SS-COMP-02)")
        kinds = sorted(c.kind for c in d.locations.card)
        need(kinds.count("asteroid") == 3 and {"fabricator", "salvage", "sphere", "crew", "fleet"} <= set(kinds),
             "locations.toml: need 3 asteroid cards and one each of fabricator, salvage, sphere, crew, fleet")
        for c in d.locations.card:
            need(c.kind != "asteroid" or c.resource in KINDS, f"locations.toml: {c.id} resource must be one of {KINDS}")
            need(all(1 <= v <= 6 for v in c.accepts), f"locations.toml: {c.id} accepts values outside 1..6")
        s = d.sphere.slots
        need(len(s.ids) == 18 == len(s.cols) == len(s.rows) == len(s.kinds),
             "sphere.toml: [slots] needs 18 ids, cols, rows and kinds (SS-COMP-01)")
        need(len(d.sphere.hex) == 18, "sphere.toml: there must be 18 hexes (SS-COMP-01)")
        for h in d.sphere.hex:
            need(1 <= h.value <= 6 and len(h.cost) == 3, f"sphere.toml: hex {h.id} needs value 1..6 and cost [ore, gold, crystal]")
            need(all(f in FACTIONS for f in h.factions), f"sphere.toml: hex {h.id} has an unknown faction")
            for b in h.benefits:
                need(b.split(":")[0] in BENEFITS, f"sphere.toml: hex {h.id} benefit {b!r} is not in the vocabulary")
        need(len(d.resistance.ship) == 18, "resistance.toml: there must be 18 ships (SS-COMP-04)")
        for key, row in d.resistance.composition.items():
            need(len(row) == 4 and sum(row) == 12, f"resistance.toml: composition {key} must be 4 counts totalling 12")
            for value, n in zip((2, 3, 4, 5), row, strict=True):
                have = sum(1 for sh in d.resistance.ship if sh.value == value)
                need(have >= n, f"resistance.toml: composition {key} wants {n} ships of value {value}, only {have}")
        for sh in d.resistance.ship:
            need(len(sh.bonus) == 3 and all(f in FACTIONS for f in sh.factions), f"resistance.toml: ship {sh.id} is malformed")
        need(len(d.resistance.die_faces) == 6, "resistance.toml: die_faces needs 6 faces")
        need(len(d.scoring.card) >= 1 and all(c.rule in ("slots", "clusters") for c in d.scoring.card),
             "scoring.toml: each card's rule must be slots or clusters")
        for c in d.crew.card:
            need(1 <= c.tier <= 3 and all(f in FACTIONS for f in c.factions), f"crew.toml: card {c.id} is malformed")
        need(len(d.crew.card) == 48, "crew.toml: there must be 48 crew cards (SS-COMP-06)")
        cmd = d.command
        need(len(cmd.morale_points) == cmd.morale_max + 1, "command.toml: morale_points needs morale_max + 1 values")
        need(len(cmd.reputation_columns) == len(cmd.reputation_points), "command.toml: reputation columns and points differ in length")
        need(len(cmd.ports) == 6 and all(len(p) == 3 for p in cmd.ports), "command.toml: ports needs 6 rows of 3")
        need(len(cmd.matrix) == 3 and len({len(r) for r in cmd.matrix}) == 1, "command.toml: matrix needs 3 rows of equal length")
        need(len(d.dranda.card) >= 3, "dranda.toml: DRANDA needs at least 3 cards")
        for c in d.dranda.card:
            need(sorted(c.order) == sorted(COLOURS), f"dranda.toml: card {c.id} order must list black, blue, yellow")


BENEFITS = ("points", "morale", "reputation", "resource", "fabricate", "salvage_up_to", "salvage_any",
            "kickback", "aux_die")


def load(folder: Path | None = None) -> Components:
    loaded = load_data(Data, DATA_DIR, folder)
    return Components(loaded.data, loaded.data_id, loaded.sha256)

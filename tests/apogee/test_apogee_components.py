"""Component data: counts, tables and provisional values (AP-COMP-*, AP-GAP-*, data files)."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest
from apogee_helpers import C, R

import apogee
from apogee.components import DATA_DIR, FIRST, PAYLOAD, RND, UPPER, load
from apogee.rocket import min_roll, yield_of


@pytest.mark.rule("AP-COMP-04", "AP-COMP-19", "AP-GAP-10", "AP-GAP-11", "AP-GAP-12", "AP-GAP-13", "AP-GAP-14",
                  "AP-GAP-16", "AP-GAP-17", "AP-GAP-18", "AP-GAP-01")
def test_technology_catalogue():
    kinds = Counter(C.kind)
    assert (kinds[FIRST], kinds[UPPER], kinds[PAYLOAD], kinds[RND]) == (28, 26, 28, 28)
    names = Counter(t.name for t in C.tech)
    assert names["CubeSat"] == 6 and names["Single-Stage Orbital Launcher"] == 1
    assert sorted(t.cubesat for t in C.tech if t.name == "CubeSat") == [20, 20, 20, 40, 40, 40]
    assert sorted(t.aerospike for t in C.tech if t.name == "Aerospike Nozzle") == [1, 1, 2]
    deposit = {t.name for t in C.tech if t.deposit and t.kind == "rnd"}
    assert deposit == {"CubeSat", "Extra Seat", "Pressurization"}
    assert all(t.deposit for t in C.tech if t.kind == "payload")
    assert all(t.provisional and t.source.startswith("AP-GAP") for t in C.tech)
    lh = next(t for t in C.tech if t.name == "Liquid Hydrogen Propulsion")
    assert (lh.thrust, lh.mass, lh.propulsion) == (5, 4, "liquid") and lh.given == ["thrust", "mass"]


@pytest.mark.rule("AP-COMP-03", "AP-COMP-13", "AP-GAP-21", "AP-GAP-22", "AP-GAP-23", "AP-GAP-24", "AP-ENG-23")
def test_engineer_roster():
    assert len(C.engineer) == 30
    assert Counter(e.profile for e in C.engineer) == {"junior": 15, "senior": 15}
    auth = [e.authority for e in C.engineer]
    assert len(set(auth)) == 30
    assert all(e.authority <= 60 for e in C.engineer if e.profile == "junior")
    named_in_examples = {"Rafal Gora": 72, "Sebastian Von Braun": 80, "Carlotta Pelterie": 92,
                         "Patricia Jackson": 102}
    for name, a in named_in_examples.items():
        e = next(x for x in C.engineer if x.name == name)
        assert e.authority == a and e.provisional and e.profile == "senior"


@pytest.mark.rule("AP-COMP-08", "AP-COMP-11", "AP-MD-01", "AP-MD-21", "AP-GAP-04", "AP-NI-01", "AP-NI-02",
                  "AP-NI-03")
def test_directors_and_nations():
    assert len(C.director) == 12
    assert Counter(d.nation for d in C.director) == {"us": 4, "russia": 4, "china": 4}
    assert sorted(C.dir_auth) == [1, 2, 5, 5, 6, 7, 8, 10, 12, 14, 15, 16]
    assert set(C.launch_credits) == {80} and set(C.sale_credits) == {40}
    assert set(C.earnings) == {(60, 40, 20, 0, -20, -40)}
    assert {n.effect for n in C.nations.values()} == {"remove_rnd", "remove_dice", "remove_engineer"}
    assert all(n.roll == 6 for n in C.nations.values())


@pytest.mark.rule("AP-COMP-05", "AP-COMP-20", "AP-GAP-19", "AP-GAP-20", "AP-IVR-07")
def test_investors():
    assert len(C.investor) == 20
    assert Counter(i.kind for i in C.investor) == {"acquire": 5, "build": 5, "static_fire": 5, "launch": 5}
    assert all(i.credits % 20 == 0 for i in C.investor)


@pytest.mark.rule("AP-COMP-06", "AP-COMP-22", "AP-COMP-24", "AP-EV-01", "AP-GAP-25", "AP-GAP-26")
def test_events():
    base = [C.events[i] for i in C.base_events]
    assert len(base) == 20 and len(C.solo_event_id) == 14
    immediate = {e.name for e in base if e.timing == "immediate"}
    assert immediate == {"Economic Crisis", "Engine Failure", "Exceptional Aid", "New Patents"}
    assert sorted(C.solo_event_id) == list(range(1, 15))


@pytest.mark.rule("AP-COMP-07", "AP-COMP-23", "AP-GAP-32", "AP-SMIS-01", "AP-SMIS-02", "AP-SMIS-03", "AP-SMIS-04",
                  "AP-SMIS-05", "AP-SMIS-06")
def test_missions_data():
    assert sorted(C.missions) == list(range(1, 13)) and sorted(C.solo_missions) == list(range(1, 7))
    turns = {n: m.turns for n, m in C.solo_missions.items()}
    assert turns == {1: 6, 2: 6, 3: 8, 4: 8, 5: 10, 6: 10}
    assert C.solo_missions[5].events == [4, 6, 13, 5, 7]
    assert C.solo_missions[1].end_credits == 420 and C.solo_missions[2].end_credits == 320
    assert C.solo_missions[4].end_authority == 420
    assert all(2 * len(m.events) == m.turns for m in C.solo_missions.values())


@pytest.mark.rule("AP-YLD-01", "AP-YLD-02", "AP-GAP-05", "AP-GAP-28", "AP-PRB-01", "AP-PRB-03", "AP-GAP-07",
                  "AP-GAP-06", "AP-GAP-08", "AP-LCH-07", "AP-LCH-08")
def test_tables():
    assert yield_of(C, 33, 5) == 45 and yield_of(C, 40, 30) == 14
    assert yield_of(C, 24, 16) == 16               # Pedro's rocket (AP-GAP-06)
    assert yield_of(C, 12, 8) == 0                 # thrust below the last row
    assert yield_of(C, 30, 4) == 0                 # mass below 5
    dest = C.dest_index
    assert min_roll(C, 16, dest["Moon"]) == 5      # AP-GAP-08
    assert min_roll(C, 22, dest["Titan"]) == 0     # "-" in the rulebook
    assert min_roll(C, 9, dest["GEO"]) == 0        # below 1.0 nothing
    # every yield in exactly one row; columns never get easier as the yield drops
    for d in range(6):
        rolls = [min_roll(C, y, d) or 99 for y in range(50, 0, -1)]
        assert rolls == sorted(rolls)
    t = C.yield_table
    for row in t.cells:
        assert row == sorted(row, reverse=True)


@pytest.mark.rule("AP-YLD-01", "AP-PRB-01")
def test_lookups_read_the_tables_as_printed():
    """The precomputed bands give what reading each table row by row gives, for every value, in range or not."""
    def read_yield(thrust, mass):
        t = C.yield_table
        row = next((i for i, low in enumerate(t.thrust) if thrust >= low), -1)
        col = max((j for j, low in enumerate(t.mass) if mass >= low), default=-1)
        return 0 if row < 0 or col < 0 else t.cells[row][col]

    def read_roll(yield_, d):
        p = C.prob_table
        return next((p.cells[i][d] for i, low in enumerate(p.yield_) if yield_ >= low), 0)

    for thrust in range(-5, 80):
        assert [yield_of(C, thrust, m) for m in range(-5, 60)] == [read_yield(thrust, m) for m in range(-5, 60)]
    for y in range(-5, 80):
        assert [min_roll(C, y, d) for d in range(6)] == [read_roll(y, d) for d in range(6)]


@pytest.mark.rule("AP-GAP-09", "AP-GAP-30", "AP-COMP-21", "AP-GEN-04", "AP-GAP-03", "AP-COMP-02")
def test_authority_and_destinations():
    assert C.destinations == ("GEO", "Moon", "Venus", "Mars", "Europa", "Titan")
    assert C.required == (20, 50, 80, 110, 140, 170)
    assert C.n.start_credits == 80  # credits in thousands: 80,000


@pytest.mark.rule("AP-COMP-09", "AP-COMP-10", "AP-COMP-14", "AP-COMP-16", "AP-COMP-17", "AP-COMP-18", "AP-GAP-02",
                  "AP-GEN-01", "AP-GAP-31")
def test_fixed_numbers():
    n = C.n
    assert (n.hand_limit, n.reserve_limit, n.dice_limit, n.slot_limit) == (5, 9, 3, 3)
    assert (n.blue_dice, n.die_sides) == (10, 12)
    assert R.max_players == 5


@pytest.mark.rule("AP-GAP-01")
def test_with_data_replaces_files(tmp_path):
    text = (DATA_DIR / "tables.toml").read_text().replace("required = [20, 50, 80, 110, 140, 170]",
                                                           "required = [10, 50, 80, 110, 140, 170]")
    (tmp_path / "tables.toml").write_text(text)
    other = R.with_data(tmp_path)
    assert other.c.required[0] == 10 and R.c.required[0] == 20
    assert other.data_id.startswith("custom-") and other.data_sha256 != R.data_sha256
    assert R.data_id.startswith("default-")
    from boardcore.game.data import DataError
    bad = tmp_path / "bad"
    bad.mkdir()
    shutil.copy(DATA_DIR / "missions.toml", bad / "missions.toml")
    (bad / "missions.toml").write_text((bad / "missions.toml").read_text().replace('"GEO"', '"Pluto"'))
    with pytest.raises(DataError):
        load(bad)
    assert apogee.RULES is R

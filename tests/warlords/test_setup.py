"""Components, concepts and setup (GW-COMP, GW-CON, GW-SET, GW-SSET) and the data files (GW-GAP)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest
from wl_helpers import C, LP, MIS, RES, table

from boardcore.game.data import DataError
from boardcore.session.session import Session
from warlords import RULES, load
from warlords.components import DATA_DIR


@pytest.mark.rule("GW-COMP-01", "GW-COMP-02", "GW-COMP-03", "GW-COMP-04", "GW-COMP-05", "GW-COMP-06", "GW-COMP-07",
                  "GW-COMP-08", "GW-COMP-10", "GW-GAP-05", "GW-GAP-06", "GW-GAP-13", "GW-GAP-15", "GW-GAP-16",
                  "GW-GAP-28", "GW-GAP-29", "GW-CON-03", "GW-CON-07")
def test_components_match_the_rulebook_counts():
    d = C.data
    assert (d.units.infantry, d.units.tanks, d.units.aircraft) == (20, 3, 2) and not d.units.provisional
    assert len(d.units.colours) == 4 and len(C.sectors) == 9 and C.core == "C"
    assert len(C.faces) == 6 and set(C.faces) == {"hit", "invader_hit", "miss"} and d.dice.max_dice == 3
    assert len(C.mercs) == 40 and sum(m.two_player for m in C.mercs.values()) == 30
    assert len(C.support_ids) == 16 and len(C.tiles) == 24 and len(C.types) == 6
    assert len(d.reputation.markers) + 2 * len(d.units.colours) == 17       # "17 Recon and Action markers"
    missions = Counter(m.mission for m in C.mercs.values())
    assert all(missions[t] in (6, 7) for t in C.types)
    halves = Counter(x for m in C.mercs.values() for x in (m.left, m.right))
    assert set(halves.values()) == {20}
    recon_two = [m for m in C.mercs.values() if "recon" in m.actions]
    assert len(recon_two) == 7 and all(m.two_player for m in recon_two)
    assert sorted(Counter(C.support.values()).items()) == [
        ("assassinate", 3), ("black_friday", 1), ("blockade", 2), ("deploy_only", 3), ("kickstarter", 2),
        ("recon", 2), ("subterfuge", 3)]


@pytest.mark.rule("GW-GAP-01", "GW-GAP-02", "GW-GAP-04", "GW-GAP-08", "GW-GAP-09", "GW-GAP-10", "GW-GAP-11",
                  "GW-GAP-14", "GW-GAP-21", "GW-GAP-22", "GW-COMP-09")
def test_provisional_data_is_flagged_and_documented():
    readme = (DATA_DIR / "README.md").read_text()
    for path in sorted(DATA_DIR.glob("*.toml")):
        raw = msgspec.toml.decode(path.read_bytes())
        assert "provisional" in raw and raw.get("source"), path.name
        assert path.name in readme, path.name
    for gap in ("GW-GAP-01", "GW-GAP-07", "GW-GAP-13", "GW-GAP-22"):
        assert gap in readme
    for s, adj in C.adjacent.items():
        assert s not in adj and all(s in C.adjacent[x] for x in adj)
    assert C.rep_last == 16 and C.data.reputation.slots == 8
    assert [C.rep_space[k].alternative for k in (1, 2, 3, 4)] == [
        "for_the_cause", "new_friends", "recover_units", "need_a_hand"]
    assert C.cost["bombard"] == "infantry_or_aircraft" and C.cost["deploy"] == ""
    assert len(C.rebels) == 22 and sum(r.level == 1 for r in C.rebels.values()) == 8


def test_with_data_replaces_files_and_records_the_data(tmp_path: Path):
    (tmp_path / "dice.toml").write_text('provisional = true\nsource = "test"\nfaces = ["hit", "miss"]\n')
    rules = RULES.with_data(tmp_path)
    assert rules.data_id.startswith("custom-") and rules.data_id != RULES.data_id
    assert rules.c.faces == ("hit", "miss")
    s = Session.new(rules, players=2, seed=1)
    assert s.created.data_id == rules.data_id
    (tmp_path / "galaxy.toml").write_text('provisional = true\nsectors = [{name = "A", adjacent = ["B"]}]\n')
    with pytest.raises(DataError):
        load(tmp_path)


@pytest.mark.rule("GW-SET-01", "GW-SET-02", "GW-SET-03", "GW-SET-04", "GW-SET-05", "GW-SET-19", "GW-SET-20",
                  "GW-GAP-20", "GW-CON-05", "GW-CON-06", "GW-SSET-03")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_the_same_base(players):
    cfg, s = table(players)
    s0 = RULES.initial(cfg)      # before the first turn's Recovery
    humans = 1 if players == 1 else players
    for p in range(1, humans + 1):
        b = s0.base[p - 1]
        assert (b[RES * 3], b[MIS * 3], b[LP * 3 + 1], b[LP * 3 + 2]) == (18, 2, 3, 2)
        assert s.power[p - 1] == 0 and s.rep[p - 1] == 0
        assert s.recon[p - 1] == ["", ""]
    assert not any(s.ships)
    view = RULES.view(s, 1)
    assert all(x == "" for x in view.deck) and all(x == "" for i, x in enumerate(view.planet_type)
                                                    if not s.revealed[i])
    if players > 1:
        assert all(x == "" for x in view.hands[1]) and view.hands[0] == s.hands[0]


@pytest.mark.rule("GW-SET-06", "GW-SET-07", "GW-SET-08", "GW-SET-09", "GW-SET-21", "GW-SET-22", "GW-SET-23",
                  "GW-CON-08")
@pytest.mark.parametrize("players, board, core", [(2, 19, 3), (3, 20, 4), (4, 21, 5)])
def test_planets_seeded_per_player_count(players, board, core):
    cfg, s = table(players, seed=players)
    assert len(s.planet_type) == board and len(s.box_tiles) == 24 - board
    on_board = Counter(s.planet_type)
    assert all(on_board[t] >= 2 for t in C.types)
    assert sum(1 for x in s.planet_sector if x == "C") == core
    assert all(sum(1 for x in s.planet_sector if x == sec) == 2 for sec in C.sectors if sec != "C")


@pytest.mark.rule("GW-SET-12", "GW-SET-13", "GW-SET-14", "GW-SET-15", "GW-SET-16", "GW-SET-17", "GW-SET-18",
                  "GW-AMB-01", "GW-AMB-03", "GW-GAP-17", "GW-GAP-19", "GW-CON-11", "GW-CON-12")
@pytest.mark.parametrize("players, deck", [(2, 30), (3, 33), (4, 40)])
def test_cards_dealt_per_player_count(players, deck):
    cfg, s = table(players, seed=7)
    assert len(s.rep_slots) == 8 and s.rep_leftover
    assert sorted(s.rep_slots + [s.rep_leftover]) == sorted(C.data.reputation.markers)
    assert all(len(h) == 1 for h in s.support_hands) and len(s.sdeck) == 16 - players
    assert all(len(h) == 5 for h in s.hands) and len(s.market) == 4
    assert len(s.deck) + len(s.market) + 5 * players == deck
    assert len(s.removed_unseen) == (7 if players == 3 else 0)
    if players == 2:
        assert all(C.mercs[m].two_player for h in s.hands for m in h)
    assert 1 <= s.first <= players and s.active == s.first
    firsts = {table(players, seed=k)[1].first for k in range(12)}
    assert len(firsts) > 1


@pytest.mark.rule("GW-SET-20", "GW-AMB-65", "GW-RCN-11")
def test_hidden_information_is_redacted_in_views_and_logs():
    s = Session.new(RULES, players=2, seed=3)
    for rec in s.records()[1:]:
        seen = RULES.visible(rec.event, 2)
        tag = type(rec.event).__name__
        if tag in ("GalaxySeeded", "DeckFormed", "SupportShuffled"):
            assert seen != rec.event
        if tag == "HandDealt":
            assert (seen == rec.event) == (rec.event.player == 2)
    v = RULES.view(s.state, None)
    assert all(x == "" for h in v.hands for x in h) and v.rep_leftover == ""

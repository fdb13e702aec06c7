"""Components and setup (SS-COMP, SS-SET, SS-GEN)."""

from __future__ import annotations

from collections import Counter

import pytest
from ss_helpers import C, RULES, fresh

from boardcore.game.errors import BoardcoreError
from solar_sphere.components import DATA_DIR


@pytest.mark.rule("SS-COMP-01", "SS-COMP-02", "SS-COMP-03", "SS-COMP-04", "SS-COMP-05", "SS-COMP-06",
                  "SS-COMP-12", "SS-COMP-15", "SS-GEN-09", "SS-GAP-01", "SS-GAP-02", "SS-GAP-04", "SS-GAP-13",
                  "SS-GAP-15", "SS-GAP-18", "SS-SET-09")
def test_component_counts_come_from_data():
    assert len(C.slots) == 18 and len(C.hexes) == 18
    assert len(C.loc) == 8 and sorted(c.kind for c in C.loc).count("asteroid") == 3
    assert {tuple(sorted(c.accepts)) for c in C.loc} == {(1, 2), (3, 4), (5, 6), (1, 2, 3, 4, 5, 6), (1, 3, 5), (2, 4, 6)}
    assert Counter(sh.value for sh in C.ships) == {2: 6, 3: 6, 4: 3, 5: 3}
    assert all(len(sh.bonus) == 3 for sh in C.ships)
    assert len(C.scoring) == 4
    assert Counter(c.tier for c in C.crew) == {1: 18, 2: 18, 3: 12}
    assert len(C.dranda) == 12
    assert Counter(h.value for h in C.hexes) == {v: 3 for v in range(1, 7)}
    assert C.data.locations.card[0].provisional and C.data.sphere.hex[0].provisional


@pytest.mark.rule("SS-COMP-13", "SS-COMP-14", "SS-SET-20", "SS-SET-21", "SS-SET-22", "SS-SET-23", "SS-SET-25",
                  "SS-SET-26", "SS-SET-27", "SS-SET-28", "SS-SET-29", "SS-SET-30", "SS-DRN-02", "SS-COMP-07",
                  "SS-STO-05", "SS-GAP-06", "SS-GAP-07", "SS-GAP-12")
def test_command_centres_start_empty():
    config = RULES.make_config(players=3)
    s = RULES.initial(config)
    for p in s.centres:
        assert (p.rep, p.morale, p.score) == (0, 0, 0)
        assert (p.reserve, p.active, p.inactive) == (12, 6, 2)
        assert p.store == [0, 0, 0] and p.crew == () and p.ships == () and p.matrix == (0, 0, 0)
        assert p.factions == (0, 0, 0, 0) and not any(p.sats) and p.ports == [0] * 6 and not p.aux
    assert len(C.cmd.ports) == 6 and C.cmd.storage == 6 and C.cmd.crew_slots == 3
    assert C.cmd.morale_max == 20 and C.cmd.reputation_columns == [0, 3, 6, 9, 12, 15, 18]


@pytest.mark.rule("SS-SET-01", "SS-SET-02", "SS-SET-03", "SS-SET-04", "SS-SET-05", "SS-SET-06", "SS-SET-16",
                  "SS-AMB-01", "SS-AMB-03", "SS-GAP-03", "SS-COMP-09", "SS-SET-07")
@pytest.mark.parametrize("players,down", [(2, 6), (3, 3), (4, 0), (1, 6)])
def test_sphere_laid_with_face_down_hexes(players, down):
    _, s = fresh(players, seed=5)
    assert sorted(s.hex_at) == list(range(18))
    assert sum(s.face_down) == down
    assert [b for b, f in zip(s.builder, s.face_down) if f] == [-1] * down   # Corporation drones on them
    assert s.corp_beside == 2                                                  # 2 beside the deck
    assert C.slots[:6] == ["I1", "I2", "I3", "I4", "I5", "I6"]
    assert C.adjacent[C.slot_index["I1"]] == tuple(sorted(C.slot_index[n] for n in ("I2", "I6", "O1", "O2", "O12")))


@pytest.mark.rule("SS-SET-12", "SS-SET-13", "SS-SET-14", "SS-SET-15", "SS-FLOW-03", "SS-DRSET-01")
@pytest.mark.parametrize("players,row", [(1, (6, 6, 0, 0)), (2, (6, 6, 0, 0)), (3, (3, 6, 3, 0)), (4, (3, 3, 3, 3))])
def test_resistance_deck_composition(players, row):
    _, s = fresh(players, seed=9)
    cards = [*s.res_deck, *(sh.card for sh in s.fleet if sh)]
    assert len(cards) == 12 and len(set(cards)) == 12
    values = Counter(C.ships[c].value for c in cards)
    assert tuple(values.get(v, 0) for v in (2, 3, 4, 5)) == row
    assert s.fleet[0] is None and s.fleet[1] is None and s.fleet[2] and s.fleet[3]
    assert len(s.res_deck) == 10


@pytest.mark.rule("SS-SET-11", "SS-SET-17", "SS-SET-18", "SS-SET-19", "SS-SET-24", "SS-SET-31", "SS-GAP-22",
                  "SS-GAP-23", "SS-GEN-01", "SS-SET-08", "SS-SET-10")
def test_cards_display_and_turn_order():
    _, s = fresh(4, seed=2)
    assert 0 <= s.scoring_card < 4
    for tier in range(3):
        assert all(C.crew[c].tier == tier + 1 for c in s.crew_decks[tier])
        assert all(C.crew[s.display[slot]].tier == tier + 1 for slot in (2 * tier, 2 * tier + 1))
    assert s.tokens == (0,) * 6
    assert sorted(s.order) == [1, 2, 3, 4] and s.round == 1 and s.phase == "deploy"
    with pytest.raises(BoardcoreError):
        RULES.initial(RULES.make_config(players=5))


@pytest.mark.rule("SS-GEN-07", "SS-INV-27")
def test_same_seed_same_game():
    a, b = fresh(2, seed=11)[1], fresh(2, seed=11)[1]
    assert a == b
    assert fresh(2, seed=12)[1] != a


@pytest.mark.rule("SS-GAP-21", "SS-GAP-20", "SS-GAP-19", "SS-GAP-11", "SS-GAP-24", "SS-GAP-17", "SS-GEN-05",
                  "SS-COMP-10", "SS-COMP-11", "SS-COMP-08", "SS-GAP-16")
def test_vocabulary_and_small_components():
    from solar_sphere.components import BENEFITS, FACTIONS, KINDS
    assert KINDS == ("ore", "gold", "crystal") and FACTIONS == ("eng", "sci", "sec", "sil")
    assert all(b.split(":")[0] in BENEFITS for h in C.hexes for b in h.benefits)
    assert C.data.resistance.die_faces == [0, 0, 1, 1, 2, 3] and C.data.resistance.columns == 5


@pytest.mark.rule("SS-GEN-09")
def test_replacement_data_is_validated(tmp_path):
    from boardcore.game.data import DataError
    (tmp_path / "locations.toml").write_text('[[card]]\nid = "X"\nname = "x"\nkind = "asteroid"\naccepts = [1]\n')
    with pytest.raises(DataError, match="8 Location cards"):
        RULES.with_data(tmp_path)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "scoring.toml").write_text('[[card]]\nid = "S"\nname = "s"\nrule = "slots"\nhigh = "six"\nlow = 2\n')
    with pytest.raises(DataError, match=r"scoring.*high"):
        RULES.with_data(bad)
    other = tmp_path / "ok"
    other.mkdir()
    source = (DATA_DIR / "command.toml").read_text()
    (other / "command.toml").write_text(source.replace("[[2, 4, 7]", "[[3, 4, 7]"))
    rules = RULES.with_data(other)
    assert rules.c.cmd.ports[0] == [3, 4, 7] and rules.data_id.startswith("custom-")
    assert rules.data_id != RULES.data_id and RULES.c.cmd.ports[0] == [2, 4, 7]

"""The Solar Sphere location (SS-SPH) and Sphere scoring (SS-PTS-05/06); SS-EX-04, SS-EX-25."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, choose, deploy, fresh, open_sphere, play, put, put_hex, slot

from solar_sphere.queries import viable
from solar_sphere.scoring import hex_value, sphere_points


@pytest.mark.rule("SS-EX-04", "SS-SPH-02", "SS-SPH-06", "SS-SPH-08", "SS-SPH-10", "SS-SPH-11", "SS-SPH-12",
                  "SS-SPH-13", "SS-SPH-14", "SS-FAC-01", "SS-FAC-02", "SS-AMB-02")
def test_esther_builds_next_to_her_hexes_and_arlo():
    config, s = fresh(4, seed=1)
    e = s.order[0]
    a = s.order[1]
    at_turn(s, e, dice=(2,), others_dice=True)
    open_sphere(s, {"I1": e, "I3": e, "O2": a})
    put_hex(s, "I2", "H04")
    pe, pa = s.centres[e - 1], s.centres[a - 1]
    pe.store, pe.active, pe.morale, pa.morale = [1, 1, 0], 3, 5, 3
    pe.reserve = 20 - 3 - pe.inactive - 2
    pa.reserve -= 1
    session = play(config, s)
    deploy(session, e, 2, 2, "L-SPH")
    choose(session, e, "action")
    choose(session, e, "I2")
    st = session.state
    pe, pa = st.centres[e - 1], st.centres[a - 1]
    assert pe.store == [0, 0, 0] and pe.active == 2 and st.builder[slot("I2")] == e
    assert pe.score == s.centres[e - 1].score + 2 and pe.factions[1] == 1
    assert (pe.morale, pa.morale) == (8, 4)
    assert not st.final


@pytest.mark.rule("SS-EX-25", "SS-SPH-04", "SS-SPH-05", "SS-AMB-03")
def test_viability_at_the_start():
    _, s = fresh(4, seed=3)
    assert {RULES.c.slots[i] for i in range(18) if viable(RULES.c, s, i)} == {"I1", "I2", "I3", "I4", "I5", "I6"}
    open_sphere(s, {"I2": -1, "O4": -1, "O5": -1})
    s.face_down = tuple(b == -1 for b in s.builder)
    names = {RULES.c.slots[i] for i in range(18) if viable(RULES.c, s, i)}
    assert names == {"I1", "I3", "I4", "I5", "I6", "O2", "O3", "O6"}


@pytest.mark.rule("SS-SPH-03", "SS-SPH-02")
def test_boost_builds_any_value():
    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(1,), others_dice=True)
    open_sphere(s)
    for name, hid in zip(("I1", "I2", "I3", "I4", "I5", "I6"), ("H16", "H17", "H18", "H13", "H14", "H15")):
        put_hex(s, name, hid)
    s.centres[a - 1].store = [3, 0, 0]
    session = play(config, s)
    deploy(session, a, 1, 1, "L-SPH")
    assert [x.option for x in RULES.legal_actions(session.state)] == ["satellite"]   # 6 > 1
    put(s.centres[a - 1], "sats", RULES.c.loc_index["L-SPH"], True)
    s.centres[a - 1].active -= 1
    session = play(config, s)
    deploy(session, a, 1, 1, "L-SPH")
    choose(session, a, "action")
    assert "I1" in RULES.task_options(session.state, session.state.tasks[-1])


@pytest.mark.rule("SS-SPH-09", "SS-AMB-04", "SS-AMB-17", "SS-FLOW-04", "SS-END-01", "SS-BAT-20", "SS-REC-11",
                  "SS-INV-05", "SS-INV-26")
def test_final_hex_ends_the_game_after_battle():
    config, s = fresh(2, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(1,))
    open_sphere(s, {name: -1 for name in RULES.c.slots})
    s.face_down = (True,) * 18
    put(s, "builder", slot("I1"), 0)
    put(s, "face_down", slot("I1"), False)
    put_hex(s, "I1", "H01")
    s.centres[a - 1].store = [1, 0, 0]
    session = play(config, s, [0, 0])
    deploy(session, a, 1, 1, "L-SPH")
    choose(session, a, "action")
    choose(session, a, "I1")
    st = session.state
    assert st.final and st.phase == "over" and st.round == 1 and session.outcome is not None


@pytest.mark.rule("SS-PTS-05", "SS-PTS-06", "SS-GAP-05", "SS-END-03")
def test_scoring_cards():
    _, s = fresh(2, seed=1)
    open_sphere(s, {"I1": 1, "O1": 1, "O2": 1, "I2": 2, "O3": -1})
    for card, expect in ((0, 6 + 2 + 2), (1, 2 + 6 + 2), (2, 2 + 2 + 6)):
        s.scoring_card = card
        assert sphere_points(RULES.c, s, 1) == expect
    s.scoring_card = 3                          # clusters: I1 touches O1 and O2, O1 touches I1 and O2 ...
    assert hex_value(RULES.c, s, 3, slot("I1"), 1) == 6 and sphere_points(RULES.c, s, 1) == 6 + 6 + 6
    assert sphere_points(RULES.c, s, 2) == 2      # I2: no own neighbour; Corporation hexes score nobody

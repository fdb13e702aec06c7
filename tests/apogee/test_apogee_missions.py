"""Missions, the end of the game, the tie-break and Solo mode (AP-MIS-*, AP-END-*, AP-TIE-*,
AP-SOLO-*, AP-SMIS-*)."""

from __future__ import annotations

import pytest
from apogee_helpers import C, R, _unfolding_for, admin, at_soc, build_pad, give_engineer, table, take
from boardcore.session import Session

from apogee import events as ev
from apogee.missions import objective_met, winners_at_turn_end
from apogee.rocket import build_problem
from apogee.state import Launch

D = C.dest_index


def launch(dest, *cards, astronauts=0, crewed=False, rnd=0, thrust=20, yield_=20, cost=100, turn=1):
    ids = []
    for name in cards:
        ids.append(next(c for c in range(len(C.tech)) if C.tech[c].name == name))
    return Launch(destination=D[dest], cards=tuple(ids), astronauts=astronauts, crewed=crewed, rnd=rnd,
                  thrust=thrust, yield_=yield_, cost=cost, turn=turn)


def met(mission, *launches, players=2, **kw):
    s = table(players=players, mission=mission)
    s.areas[0].launches = launches
    for k, v in kw.items():
        setattr(s.areas[0], k, v)
    return objective_met(C, s, 1)


@pytest.mark.rule("AP-MIS-01", "AP-AMB-56", "AP-MIS-02", "AP-MIS-03", "AP-AMB-23")
def test_missions_1_and_2():
    assert met(1, launch("GEO", "Satellite", rnd=1))
    assert not met(1, launch("GEO", "Satellite", rnd=0))
    assert not met(1, launch("Moon", "Satellite", rnd=1))
    assert met(2, launch("GEO", "Conical Capsule", astronauts=2, crewed=True))
    assert not met(2, launch("GEO", "Cargo", astronauts=2, crewed=False))  # Pressurized Cargo is not crewed
    assert not met(2, launch("GEO", "Small Shuttle", astronauts=1, crewed=True))


@pytest.mark.rule("AP-MIS-04", "AP-MIS-06", "AP-MIS-07", "AP-END-03", "AP-AMB-71", "AP-INV-24")
def test_mission_3_first_to_three_investors_wins_at_once():
    s = table(mission=3)
    s.areas[0].investors, s.investor_pile = s.investor_pile[:2], s.investor_pile[2:]
    inv = next(i for i in s.investor_river if C.investor[i].kind == "acquire") if any(
        C.investor[i].kind == "acquire" for i in s.investor_river) else None
    if inv is None:
        inv = next(i for i in s.investor_pile if C.investor[i].kind == "acquire")
        s.investor_pile = (*(i for i in s.investor_pile if i != inv), s.investor_river[-1])
        s.investor_river = (*s.investor_river[:-1], inv)
    card = take(s, C.investor[inv].tech)
    s.areas[0].reserve.append(card)
    from apogee.investors import check_investors
    u = _unfolding_for(s)
    check_investors(C, u, 1, "acquire", card=card)
    assert u.state.over and u.state.winners == (1,)
    assert R.outcome(u.state).winners == (1,)


@pytest.mark.rule("AP-MIS-08", "AP-AMB-24", "AP-MIS-11", "AP-MIS-12", "AP-MIS-14", "AP-MIS-15", "AP-MIS-16")
def test_missions_4_5_6():
    assert met(4, launch("Moon", "Satellite"), launch("Moon", "Cargo"))
    assert not met(4, launch("Moon", "Satellite", "Cargo", rnd=1))
    assert met(5, launch("Moon", "Conical Capsule", crewed=True, astronauts=2),
               launch("Moon", "Small Shuttle", crewed=True, astronauts=3))
    assert not met(5, launch("Moon", "Conical Capsule", crewed=True, astronauts=2))
    assert met(6, launch("Venus", "CubeSat", cost=120), launch("Venus", "Satellite", cost=140))
    assert not met(6, launch("Venus", "CubeSat", "Satellite", cost=160))


@pytest.mark.rule("AP-MIS-09", "AP-MIS-22", "AP-INV-22")
def test_mission_bans():
    s = table(mission=9)
    card = take(s, "Thermal Nuclear Propulsion")
    assert build_problem(C, s, s.areas[0], card)[1] == "AP-MIS-22"
    card = take(s, "Pulsed Nuclear Propulsion")
    assert build_problem(C, s, s.areas[0], card)[1] == "AP-MIS-22"


@pytest.mark.rule("AP-MIS-18", "AP-MIS-19", "AP-MIS-20", "AP-MIS-21", "AP-MIS-23", "AP-MIS-24", "AP-MIS-25",
                  "AP-MIS-26", "AP-MIS-29", "AP-MIS-30", "AP-MIS-31")
def test_far_missions():
    assert met(8, launch("Mars", "Interplanetary Vessel", crewed=True, astronauts=4, thrust=29))
    assert not met(8, launch("Mars", "Interplanetary Vessel", crewed=True, astronauts=4, thrust=28))
    assert met(9, launch("Mars", "Cargo", astronauts=2), launch("Mars", "Small Shuttle", crewed=True, astronauts=3))
    assert not met(9, launch("Mars", "Cargo", astronauts=4))
    assert met(10, launch("Europa", "CubeSat", "CubeSat", "Satellite"), launch("Europa", "Cargo"))
    assert met(11, launch("Titan", "Interplanetary Vessel", crewed=True, astronauts=4),
               launch("Titan", "Conical Capsule", crewed=True, astronauts=2))
    assert not met(11, launch("Titan", "Cargo", astronauts=6))
    assert met(12, launch("Mars", "Cargo"), launch("Titan", "Small Shuttle", crewed=True, astronauts=3),
               launch("Europa", "Interplanetary Vessel", crewed=True, astronauts=4))
    s = table(mission=11)
    s.areas[1].launches = (launch("Titan", "Interplanetary Vessel", crewed=True, astronauts=6),)
    assert not objective_met(C, s, 1) and objective_met(C, s, 2)


@pytest.mark.rule("AP-MIS-27", "AP-AMB-19")
def test_mission_12_yield_floor():
    s = table(mission=12)
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    sess = admin(s, 1)
    assert not any(isinstance(a, ev.LaunchRocket) for a in sess.legal_actions())
    import pytest as _p
    from boardcore.game.errors import IllegalAction
    with _p.raises(IllegalAction) as err:
        sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert err.value.rule == "AP-MIS-27"


@pytest.mark.rule("AP-MIS-17", "AP-END-04", "AP-AMB-39", "AP-GAP-30")
def test_mission_7_race():
    s = table(players=3, mission=7)
    s.turn = 8
    s.areas[0].launches = (launch("Venus"),)
    s.areas[1].launches = (launch("Mars"), launch("GEO"))
    s.areas[2].launches = (launch("Mars"),)
    assert winners_at_turn_end(C, s) == (2, 3)
    s.turn = 7
    assert winners_at_turn_end(C, s) is None
    s = table(players=2, mission=7)
    s.turn = 8
    assert winners_at_turn_end(C, s) == ()


@pytest.mark.rule("AP-END-01", "AP-END-02", "AP-END-05", "AP-MIS-28", "AP-AMB-40", "AP-AMB-64", "AP-PEV-02")
def test_game_ends_at_the_end_of_the_turn():
    s = table(directors=("Harper Tompkins", "Andrew Wingfield"))
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    sess = admin(s, 1, rolls=[12])
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert objective_met(C, sess.state, 1) and not sess.state.over
    assert sess.state.prompt.player == 1  # the turn goes on
    sess.apply(ev.Pass(player=1))
    sess.apply(ev.Pass(player=2))
    assert sess.state.over and sess.outcome.winners == (1,)


@pytest.mark.rule("AP-TIE-01", "AP-TIE-02", "AP-TIE-03", "AP-TIE-04", "AP-AMB-32")
def test_tie_break():
    s = table(players=3, mission=1, directors=("Andrew Wingfield", "Shuguang Jun", "Fei Lihua"))
    for p in (1, 2, 3):
        s.areas[p - 1].launches = (launch("GEO", rnd=1),)
    assert winners_at_turn_end(C, s) == (1, 2, 3)
    s.tiebreak = True
    assert winners_at_turn_end(C, s) == (1, 2)  # 5 = 5 < 16: still shared
    give_engineer(s, 2, "Kathy Johnson")
    assert winners_at_turn_end(C, s) == (1,)


@pytest.mark.rule("AP-SOLO-04", "AP-SOLO-05", "AP-SOLO-06", "AP-SOLO-07", "AP-SOLO-08", "AP-SOLO-09",
                  "AP-SOLO-01", "AP-INV-19")
def test_solo_event_pile():
    sess = Session.new("apogee", players=1, mission=5, seed=2)
    pile = sess.state.event_pile[::-1]  # top first
    assert len(pile) == 10
    assert [C.events[e].number for e in pile[::2]] == [4, 6, 13, 5, 7]
    assert all(e in C.base_events for e in pile[1::2])
    st = sess.state
    assert st.areas[0].credits == 80 and [len(r) for r in st.rivers] == [3, 3, 3] and len(st.areas[0].dealt) == 2


def solo_run(mission, decide, seed=1):
    sess = Session.new("apogee", players=1, mission=mission, seed=seed)
    while not sess.outcome:
        sess.apply(decide(sess))
    return sess


def passive(sess):
    legal = sess.legal_actions()
    for a in legal:
        if isinstance(a, ev.Pass) or (isinstance(a, ev.Place) and a.spot == "none"):
            return a
    return legal[0]


@pytest.mark.rule("AP-SOLO-10", "AP-SOLO-11", "AP-SOLO-12", "AP-SOLO-13", "AP-AMB-41", "AP-SMIS-07")
def test_solo_mission_fails_after_its_turns():
    sess = solo_run(3, passive)
    assert sess.state.turn == 8 and sess.outcome.winners == ()
    s = table(players=1, mission=1)
    s.turn = 6
    s.areas[0].launches = (launch("GEO"),)
    s.areas[0].credits = 420
    assert winners_at_turn_end(C, s) == (1,)
    s.areas[0].credits = 400
    assert winners_at_turn_end(C, s) == ()
    s.turn = 5
    s.areas[0].credits = 500
    assert winners_at_turn_end(C, s) is None  # end clause: judged at the end of the last turn
    s = table(players=1, mission=3)
    s.turn = 3
    s.areas[0].launches = (launch("Moon", "Cargo", astronauts=6),)
    assert winners_at_turn_end(C, s) == (1,)  # no end clause: won at the end of this turn


@pytest.mark.rule("AP-SMIS-08", "AP-AMB-70", "AP-AMB-66")
def test_solo_extra_goal_and_aid_under_incompetence():
    s = table(players=1, mission=5)
    s.areas[0].launches = (launch("Mars", "CubeSat", "CubeSat", "CubeSat", "CubeSat", "Rover"),)
    assert objective_met(C, s, 1)
    s.extra_goals = (C.solo_event_id[13],)
    assert not objective_met(C, s, 1)
    s.areas[0].launches += (launch("Mars", "Satellite"),)
    assert objective_met(C, s, 1)
    s = table(players=1, mission=2)
    s.bans = ("director_specialty",)
    from test_apogee_events import run_event
    from apogee_helpers import event
    assert run_event(s, event("Exceptional Aid")).state.areas[0].credits == 120


@pytest.mark.rule("AP-GEN-03", "AP-AMB-16")
def test_comparison_wording():
    """"4 or higher" is >= 4 (static fire); "higher than 4" is >= 5 (Engine Failure)."""
    assert C.n.static_fire == 4
    assert C.events[next(i for i, e in enumerate(C.events) if e.key == "engine_failure")].amount == 5
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Ion Engine")
    sess = admin(s, 1, rolls=[4])
    sess.apply(ev.StaticFire(player=1))
    assert sess.state.areas[0].dice == 1


@pytest.mark.rule("AP-GEN-09")
def test_the_rocket_is_the_launch_pad():
    from apogee.rocket import cost, thrust
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Ion Engine")
    s.areas[0].reserve.append(take(s, "Booster x4"))
    assert thrust(C, s.areas[0]) == 6 and cost(C, s.areas[0]) == 40


@pytest.mark.rule("AP-AMB-05", "AP-AMB-02")
def test_ties_between_players_fall_to_director_authority(tmp_path):
    from apogee_helpers import plan
    from apogee.components import DATA_DIR
    text = (DATA_DIR / "engineers.toml").read_text().replace('name = "Kathy Johnson"\nauthority = 8',
                                                             'name = "Kathy Johnson"\nauthority = 20')
    (tmp_path / "engineers.toml").write_text(text)
    other = R.with_data(tmp_path)
    import apogee_helpers as h
    saved = h.R, h.C
    h.R, h.C = other, other.c
    try:
        s = h.table(directors=("Andrew Wingfield", "Fei Lihua"))
        sess = plan(s, {1: [("Qian Tao", "rnd")], 2: [("Kathy Johnson", "rnd")]})
        assert sess.state.order == (2, 1)
    finally:
        h.R, h.C = saved

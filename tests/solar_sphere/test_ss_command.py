"""The Command Centre: tracks (SS-TRK), storage (SS-STO), kickbacks (SS-KB) and the examples
SS-EX-02, SS-EX-03, SS-EX-09, SS-EX-10, SS-EX-11, SS-EX-28."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, choose, deploy, events, fresh, hex_index, open_sphere, play, put, put_hex, slot

from boardcore.game.errors import IllegalAction
from solar_sphere.command import kickbacks_for
from solar_sphere.events import PointsScored, TakeKickbacks


def kick_turn(morale, rep, seat_dice=(3,)):
    config, s = fresh(2, seed=7)
    seat = s.order[0]
    at_turn(s, seat, dice=seat_dice, others_dice=True)
    s.centres[seat - 1].morale, s.centres[seat - 1].rep = morale, rep
    return config, s, seat


@pytest.mark.rule("SS-EX-02", "SS-KB-01", "SS-KB-02", "SS-KB-03", "SS-KB-05", "SS-KB-06", "SS-DRN-04", "SS-GAP-08")
def test_arlo_kickbacks_back_four():
    """With default data SS-GAP-07/08: spanners on even spaces, level L in column 3L."""
    config, s, a = kick_turn(8, 0)
    session = play(config, s)
    session.apply(TakeKickbacks(player=a, to=4))
    assert session.state.tasks[-1].n == 2 and session.state.centres[a - 1].morale == 4
    choose(session, a, "gold")
    choose(session, a, "fabricate")
    p = session.state.centres[a - 1]
    assert p.store == [0, 1, 0] and (p.reserve, p.active) == (11, 7)
    assert session.state.step == "turn" and not session.state.tasks       # he now deploys a die
    with pytest.raises(IllegalAction):
        session.apply(TakeKickbacks(player=a, to=2))                         # once per turn


@pytest.mark.rule("SS-EX-03", "SS-KB-04", "SS-AMB-05", "SS-TRK-12")
def test_esther_kickbacks_with_reputation():
    assert kickbacks_for(RULES.c, 10, 4, 2) == 5
    config, s, e = kick_turn(10, 2)
    session = play(config, s)
    session.apply(TakeKickbacks(player=e, to=4))
    assert session.state.tasks[-1].n == 5 and session.state.centres[e - 1].rep == 2


@pytest.mark.rule("SS-EX-28", "SS-KB-03", "SS-KB-04")
def test_maximum_kickbacks():
    assert kickbacks_for(RULES.c, 20, 2, 6) == 18


@pytest.mark.rule("SS-KB-02", "SS-KB-08", "SS-TRK-08", "SS-AMB-06")
def test_kickbacks_only_onto_spanners_below():
    config, s, a = kick_turn(5, 0)
    actions = RULES.legal_actions(s)
    assert {x.to for x in actions if isinstance(x, TakeKickbacks)} == {2, 4}
    config, s, a = kick_turn(2, 0)
    assert not any(isinstance(x, TakeKickbacks) for x in RULES.legal_actions(s))


@pytest.mark.rule("SS-KB-07", "SS-KB-05")
def test_each_kickback_salvage_is_its_own_action():
    config, s, a = kick_turn(8, 0)
    s.centres[a - 1].inactive = 4
    s.centres[a - 1].reserve = 10
    session = play(config, s)
    session.apply(TakeKickbacks(player=a, to=4))
    choose(session, a, "salvage")
    choose(session, a, "decommission:1")
    choose(session, a, "ore")                       # the matrix bonus: 1 resource of choice
    assert "decommission:1" not in RULES.task_options(session.state, session.state.tasks[-1])
    choose(session, a, "stop")
    choose(session, a, "salvage")                   # the second kickback: a fresh row limit
    assert "decommission:1" in RULES.task_options(session.state, session.state.tasks[-1])


@pytest.mark.rule("SS-EX-09", "SS-AMB-09", "SS-AMB-10", "SS-TRK-01", "SS-TRK-03", "SS-TRK-06", "SS-TRK-04")
def test_reputation_overflow_chain():
    config, s = fresh(4, seed=1)
    seat = s.order[0]
    at_turn(s, seat, dice=(1,), others_dice=True)
    open_sphere(s)
    put_hex(s, "I1", "H03")
    p = s.centres[seat - 1]
    p.rep, p.morale, p.store, p.score = 6, 20, [0, 1, 0], 0
    session = play(config, s)
    deploy(session, seat, 1, 1, "L-SPH")
    choose(session, seat, "action")
    choose(session, seat, "I1")
    p = session.state.centres[seat - 1]
    assert (p.score, p.rep, p.morale) == (2, 6, 20)


def defeat_twice(morale):
    """Two bottom-row ships with no drones are defeated in a non-final round."""
    from ss_helpers import end_deploy, fleet
    config, s = fresh(2, seed=2)
    s.round = 3
    seat = s.order[-1]
    at_turn(s, seat, dice=(2,))
    fleet(s, bottom_left=("R01", []), bottom_right=("R02", []))
    for p in s.centres:
        p.morale, p.score = morale, 10
    session = play(config, s, [1, 1, 1, 1, 1, 1])
    end_deploy(session, seat, 2)
    return session, seat


@pytest.mark.rule("SS-EX-10", "SS-AMB-11", "SS-BAT-23", "SS-TRK-07", "SS-PTS-07", "SS-AMB-32")
def test_morale_underflow_costs_two_points():
    session, seat = defeat_twice(1)
    other = 3 - seat
    penalties = [e for e in events(session, PointsScored) if e.why == "morale underflow"]
    assert [e.player for e in penalties] == [other]          # the discarder had 2 morale (1 + discard)
    assert session.state.centres[other - 1].score == 8


@pytest.mark.rule("SS-EX-11", "SS-AMB-12", "SS-STO-01", "SS-STO-02", "SS-STO-03", "SS-STO-04", "SS-AST-04")
def test_storage_overflow_choices():
    config, s = fresh(2, seed=3)
    seat = s.order[0]
    at_turn(s, seat, dice=(5,), others_dice=True)
    p = s.centres[seat - 1]
    p.store = [2, 2, 2]
    put(p, "sats", RULES.c.loc_index["L-CRYS"], True)
    p.active -= 1
    session = play(config, s)
    deploy(session, seat, 5, 5, "L-CRYS")
    choose(session, seat, "action")
    choose(session, seat, "drop:ore")
    choose(session, seat, "drop:ore")
    choose(session, seat, "drop:new")
    assert session.state.centres[seat - 1].store == [0, 2, 4]


@pytest.mark.rule("SS-STO-06", "SS-TRK-09", "SS-TRK-10", "SS-TRK-11", "SS-GAP-06", "SS-GAP-07")
def test_track_points_from_data():
    assert RULES.c.cmd.reputation_points[6] == 18 and RULES.c.cmd.morale_points[20] == 10
    assert RULES.c.cmd.morale_points[7] == 3
    from solar_sphere.queries import affordable
    assert not affordable([1, 0, 0], [1, 1, 0]) and affordable([1, 1, 0], [1, 1, 0])
    assert slot("I1") == 0 and hex_index("H01") == 0

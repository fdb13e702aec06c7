"""Phase 3: Battle (SS-BAT, SS-CORP) and the Resistance Fleet location (SS-FLT);
SS-EX-05, SS-EX-06, SS-EX-07, SS-EX-14, SS-EX-15, SS-EX-16."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, choose, deploy, end_deploy, events, fleet, fresh, play, ship_index

from boardcore.game.errors import IllegalAction
from solar_sphere.events import (Attack, MoraleChanged, PhaseStarted, PointsScored, ResistanceRolled, ShipMovedDown,
                                 ShipResolved)


def battle_log(session, *kinds):
    """The facts of the kinds asked for, from the first Battle phase up to Recover: what the
    battle itself did (Recover and the next Dock change morale again afterwards)."""
    out, inside = [], False
    for e in events(session):
        if isinstance(e, PhaseStarted):
            if inside and e.phase == "recover":
                break
            inside = inside or e.phase == "battle"
        elif inside and isinstance(e, kinds):
            out.append(e)
    return out


def battle(players=2, round_=2, script=(), seed=1, **ships):
    """End Deploy with the given fleet; returns the session after Battle (and Recover)."""
    config, s = fresh(players, seed=seed)
    s.round = round_
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s, **ships)
    session = play(config, s, script)
    before = s.copy()
    end_deploy(session, last, 2)
    return session, before, last


@pytest.mark.rule("SS-EX-05", "SS-BAT-04", "SS-BAT-06", "SS-BAT-08", "SS-BAT-10", "SS-BAT-13", "SS-BAT-14",
                  "SS-BAT-21", "SS-DRN-11", "SS-BAT-01", "SS-BAT-03")
def test_arlo_alone_defeats_r01():
    session, before, _ = battle(round_=1, script=[1], top_left=("R01", [[1, 3]]))
    st = session.state
    a = st.centres[0]
    assert events(session, ResistanceRolled)[0] == ResistanceRolled(ship=2, roller=1, value=1)
    assert a.score == before.centres[0].score + 3
    assert ship_index("R01") in a.ships and a.factions[0] == 1 and a.rep == 0
    assert a.inactive == before.centres[0].inactive + 3
    assert battle_log(session, MoraleChanged) == [MoraleChanged(player=1, delta=1)]   # Arlo gains 1 morale


@pytest.mark.rule("SS-EX-06", "SS-BAT-05", "SS-BAT-09", "SS-BAT-11", "SS-BAT-12")
def test_two_attackers_share_r02():
    session, before, _ = battle(round_=1, script=[0], top_left=("R02", [[2, 1], [1, 2]]))
    st = session.state
    assert st.centres[0].score == before.centres[0].score + 4 and st.centres[1].score == before.centres[1].score + 2
    assert ship_index("R02") in st.centres[0].ships and st.centres[0].factions[1] == 1
    assert st.centres[0].inactive == before.centres[0].inactive + 2 and st.centres[1].inactive == before.centres[1].inactive + 1
    assert battle_log(session, MoraleChanged) == [MoraleChanged(player=1, delta=1), MoraleChanged(player=2, delta=1)]


@pytest.mark.rule("SS-EX-07", "SS-BAT-17", "SS-BAT-18", "SS-BAT-19", "SS-CORP-01", "SS-CORP-05")
def test_bottom_row_defeat_with_corporation_drone():
    config, s = fresh(3, seed=2)
    s.round = 3
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s, bottom_left=("R13", [[1, 2], [2, 2], [-1, 1]]))
    s.centres[0].morale, s.centres[1].morale, s.centres[2].morale = 3, 0, 1
    if last == 3:
        s.centres[2].morale = 0                          # the discard below gives C back 1
    session = play(config, s, [2])
    scores = [p.score for p in s.centres]
    end_deploy(session, last, 2)
    st = session.state
    roll = events(session, ResistanceRolled)[0]
    assert roll.roller == 1 and roll.value == 2
    assert st.centres[1].score == scores[1] - 2                           # Esther at 0: 2 points
    assert ship_index("R13") in st.centres[0].ships and st.centres[0].factions[0] == 1 and st.centres[0].factions[2] == 1
    assert st.corp_beside == 2
    lost = [e for e in events(session, ShipResolved)][0]
    assert lost.claimed_by == 1
    # every attacker loses 1 morale; Esther, already at 0, loses 2 points instead; nobody scores a bonus
    assert battle_log(session, MoraleChanged, PointsScored) == [
        MoraleChanged(player=1, delta=-1), PointsScored(player=2, points=-2, why="morale underflow"),
        MoraleChanged(player=3, delta=-1)]


@pytest.mark.rule("SS-EX-14", "SS-CORP-03", "SS-AMB-21", "SS-BAT-22", "SS-AMB-22")
def test_corporation_commander():
    session, before, _ = battle(players=3, round_=3, script=[1], bottom_left=("R03", [[-1, 1], [2, 1], [3, 1]]))
    st = session.state
    assert st.centres[1].score == before.centres[1].score + 2 and st.centres[2].score == before.centres[2].score + 1
    assert ship_index("R03") in st.res_out and all(p.rep == 0 for p in st.centres)
    assert st.corp_beside == 2


@pytest.mark.rule("SS-EX-15", "SS-CORP-04", "SS-AMB-20")
def test_corporation_second():
    session, before, _ = battle(players=2, round_=3, script=[0], bottom_right=("R07", [[1, 3], [-1, 1], [2, 1]]))
    st = session.state
    assert st.centres[0].score == before.centres[0].score + 5 and st.centres[1].score == before.centres[1].score + 1
    assert ship_index("R07") in st.centres[0].ships and st.centres[0].factions[1] == 1


@pytest.mark.rule("SS-EX-16", "SS-BAT-20", "SS-AMB-19", "SS-BAT-07", "SS-FLOW-05", "SS-END-02")
def test_final_round_unattacked_ship():
    session, before, last = battle(round_=6, script=[0], top_left=("R09", [[1, 4]]), top_right=("R10", []))
    st = session.state
    assert st.phase == "over" and st.round == 6
    assert len(events(session, ResistanceRolled)) == 1                  # R10 fails without a roll
    assert ship_index("R09") in st.centres[0].ships and ship_index("R10") in st.res_out
    assert not events(session, ShipMovedDown)


@pytest.mark.rule("SS-BAT-15", "SS-BAT-16", "SS-CORP-02", "SS-AMB-23", "SS-AMB-55", "SS-BAT-02", "SS-AMB-18",
                  "SS-INV-28", "SS-REC-02")
def test_top_row_failure_moves_down():
    session, before, _ = battle(round_=2, script=[3, 3], top_left=("R07", [[1, 1]]), top_right=("R08", [[2, 1]]))
    st = session.state
    assert st.fleet[0].card == ship_index("R07") and st.fleet[1].card == ship_index("R08")
    assert st.fleet[0].cols == ((1, 1), (-1, 1)) and st.corp_beside == 0
    assert st.fleet[2] is not None and st.fleet[3] is not None                # a new top row drawn
    assert [e.ship for e in events(session, ResistanceRolled)] == [2, 3]


@pytest.mark.rule("SS-FLT-02", "SS-FLT-03", "SS-FLT-04", "SS-FLT-05", "SS-FLT-06", "SS-FLT-07", "SS-FLT-08",
                  "SS-AMB-24", "SS-INV-20")
def test_attacks_cost_crystal_and_join_own_column():
    config, s = fresh(2, seed=3)
    a = s.order[0]
    b = s.order[1]
    at_turn(s, a, dice=(2,), others_dice=True)
    fleet(s, bottom_left=("R01", [[b, 1], [a, 1], [-1, 1]]), top_left=("R02", []))
    s.centres[a - 1].store = [0, 0, 2]
    s.centres[a - 1].active = 4
    session = play(config, s)
    deploy(session, a, 2, 2, "L-FLT")
    choose(session, a, "action")
    with pytest.raises(IllegalAction):
        choose(session, a, "done")                                       # at least one ship
    session.apply(Attack(player=a, ship=0, drones=2))
    with pytest.raises(IllegalAction):
        session.apply(Attack(player=a, ship=0, drones=1))                # each ship once per action
    session.apply(Attack(player=a, ship=2, drones=1))
    st = session.state
    assert st.fleet[0].cols == ((b, 1), (a, 3), (-1, 1)) and st.fleet[2].cols == ((a, 1),)
    assert st.centres[a - 1].store == [0, 0, 0] and st.centres[a - 1].active == 1 and not st.tasks


@pytest.mark.rule("SS-BAT-23", "SS-SOLO-05")
def test_two_defeats_apply_one_by_one():
    session, before, last = battle(round_=3, script=[], bottom_left=("R01", []), bottom_right=("R02", []))
    losses = [e for e in events(session) if type(e).__name__ in ("MoraleChanged", "PointsScored")]
    assert len(losses) >= 2


@pytest.mark.rule("SS-ALM-14", "SS-AMB-35")
def test_reroll_crew_after_a_failed_roll():
    config, s = fresh(2, seed=1)
    s.round = 2
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s, top_left=("R01", [[1, 3]]))
    card = RULES.c.crew_index["T2-09a"]
    s.centres[0].crew, s.centres[0].used, s.centres[0].hires = (card,), (False,), 1
    session = play(config, s, [3, 0])
    end_deploy(session, last, 2)
    assert session.state.tasks[-1].kind == "reroll"
    choose(session, 1, "reroll")
    st = session.state
    assert ship_index("R01") in st.centres[0].ships and [e.value for e in events(session, ResistanceRolled)] == [3, 0]

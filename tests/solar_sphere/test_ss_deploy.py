"""Phase 2: Deploy (SS-DEP), the simple locations (SS-AST, SS-FAB, SS-SAL), drones (SS-DRN)
and the auxiliary die (SS-AUX); examples SS-EX-12, SS-EX-13, SS-EX-26, SS-EX-30."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, choose, deploy, events, fresh, loc, open_sphere, play, put, put_hex

from boardcore.game.errors import IllegalAction
from solar_sphere.events import (AuxDieGained, ChooseDie, Choose, DiscardDie, EndTurn, TakeKickbacks, TurnStarted,
                                 Visit)


def turn(dice=(3,), seed=5, players=2, others=True):
    config, s = fresh(players, seed=seed)
    seat = s.order[0]
    at_turn(s, seat, dice=dice, others_dice=others)
    return config, s, seat


@pytest.mark.rule("SS-DEP-04", "SS-DEP-05", "SS-AST-01", "SS-AST-02", "SS-FAB-01", "SS-SAL-01", "SS-SPH-01",
                  "SS-CREW-01", "SS-FLT-01", "SS-DEP-12", "SS-AST-05")
def test_die_requirements():
    config, s, a = turn(dice=(3,))
    s.centres[a - 1].active = 0                                    # no changes possible
    s.centres[a - 1].store = [0, 2, 1]
    legal = RULES.legal_actions(s)
    assert [x for x in legal if isinstance(x, ChooseDie)] == [ChooseDie(player=a, die=3, value=3)]
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=3, value=3))
    visits = {x.location for x in RULES.legal_actions(session.state)}
    assert visits == {"L-GOLD", "L-FAB", "L-SAL", "L-CREW"}         # 3: gold belt, any, odd (Sphere: no drone)
    for where in ("L-ORE", "L-CRYS", "L-FLT"):
        with pytest.raises(IllegalAction) as err:
            session.apply(Visit(player=a, location=where))
        assert err.value.rule == "SS-DEP-05"


@pytest.mark.rule("SS-DEP-06", "SS-DEP-07", "SS-GEN-03", "SS-DRN-07")
def test_changing_a_die_exhausts_drones_without_wrapping():
    config, s, a = turn(dice=(1,))
    s.centres[a - 1].active = 5
    legal = {(x.die, x.value) for x in RULES.legal_actions(s) if isinstance(x, ChooseDie)}
    assert (1, 6) in legal and all(1 <= v <= 6 for _, v in legal)
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=1, value=6))
    p = session.state.centres[a - 1]
    assert (p.active, p.inactive) == (0, 7) and session.state.chosen == 6
    s.centres[a - 1].active = 4
    assert (1, 6) not in {(x.die, x.value) for x in RULES.legal_actions(s) if isinstance(x, ChooseDie)}


@pytest.mark.rule("SS-EX-13", "SS-DEP-09", "SS-DEP-10", "SS-DEP-11", "SS-AMB-39", "SS-FAB-02", "SS-DRN-04")
def test_occupied_by_own_die():
    config, s, a = turn(dice=(2,))
    s.loc_dice[loc("L-FAB")] = 1                      # his first die is already there
    s.centres[a - 1].active, s.centres[a - 1].inactive = 1, 2
    session = play(config, s)
    deploy(session, a, 2, 2, "L-FAB")
    p = session.state.centres[a - 1]
    assert (p.active, p.inactive) == (0, 3)
    choose(session, a, "action")
    assert RULES.task_options(session.state, session.state.tasks[-1]) == ["fabricate", "stop"]   # up to 2
    choose(session, a, "fabricate")
    choose(session, a, "fabricate")
    p = session.state.centres[a - 1]
    assert (p.active, p.reserve) == (2, 10)
    s.centres[a - 1].active = 0
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=2, value=2))
    with pytest.raises(IllegalAction) as err:
        session.apply(Visit(player=a, location="L-FAB"))
    assert err.value.rule == "SS-DEP-11"


@pytest.mark.rule("SS-DEP-13", "SS-DEP-14", "SS-DEP-15", "SS-DEP-16", "SS-DEP-17", "SS-DRN-08", "SS-DRN-09",
                  "SS-FAB-03", "SS-AMB-36")
def test_satellite_then_boost():
    config, s, a = turn(dice=(4, 4))
    session = play(config, s)
    deploy(session, a, 4, 4, "L-FAB")
    choose(session, a, "satellite")
    st = session.state
    assert st.centres[a - 1].sats[loc("L-FAB")] and st.centres[a - 1].active == 5 and st.turn != a   # the turn ended
    # later turn: the occupied card costs 1 drone, the satellite boosts to 3 fabrications
    s2 = st.copy()
    at_turn(s2, a, dice=(4,), others_dice=True)
    s2.loc_dice[loc("L-FAB")] = 1
    session = play(config, s2)
    deploy(session, a, 4, 4, "L-FAB")
    acts = RULES.legal_actions(session.state)
    assert Choose(player=a, option="satellite") not in acts              # one satellite per card
    choose(session, a, "action")
    for _ in range(3):
        choose(session, a, "fabricate")
    p = session.state.centres[a - 1]
    assert (p.active, p.reserve) == (5 - 1 + 3, 12 - 3)


@pytest.mark.rule("SS-DEP-19", "SS-DEP-20", "SS-AMB-16", "SS-DEP-02")
def test_no_passing_discard_gains_morale():
    config, s, a = turn(dice=(2, 5))
    assert DiscardDie(player=a, die=5) in RULES.legal_actions(s)        # allowed even with a legal visit
    session = play(config, s)
    session.apply(DiscardDie(player=a, die=5))
    p = session.state.centres[a - 1]
    assert p.morale == s.centres[a - 1].morale + 1 and p.discarded == 1 and p.ports[4] == 0


@pytest.mark.rule("SS-AST-03", "SS-AST-04")
def test_asteroid_belt():
    config, s, a = turn(dice=(1,))
    session = play(config, s)
    deploy(session, a, 1, 1, "L-ORE")
    choose(session, a, "action")
    assert session.state.centres[a - 1].store == [1, 0, 0]


@pytest.mark.rule("SS-SAL-02", "SS-SAL-03", "SS-SAL-04", "SS-DRN-12", "SS-DRN-13", "SS-DRN-14", "SS-DRN-15",
                  "SS-DRN-16", "SS-DRN-17", "SS-DRN-18", "SS-AMB-07", "SS-AMB-38", "SS-AMB-42", "SS-GAP-10",
                  "SS-GEN-04")
def test_salvage_ship_row_limits():
    config, s, a = turn(dice=(2,))
    s.centres[a - 1].inactive, s.centres[a - 1].reserve = 5, 9
    session = play(config, s)
    deploy(session, a, 2, 2, "L-SAL")
    choose(session, a, "action")
    t = session.state.tasks[-1]
    assert t.kind == "salvage" and t.n == 2                          # up to the die's value
    choose(session, a, "decommission:3")                             # +1 point (row 3, column 1)
    assert "decommission:3" not in RULES.task_options(session.state, session.state.tasks[-1])
    choose(session, a, "regenerate")
    p = session.state.centres[a - 1]
    assert p.matrix == (0, 0, 1) and p.inactive == 3 and not session.state.tasks
    s.centres[a - 1].matrix = (3, 0, 0)
    session = play(config, s)
    deploy(session, a, 2, 2, "L-SAL")
    choose(session, a, "action")
    assert "decommission:1" not in RULES.task_options(session.state, session.state.tasks[-1])   # full row
    choose(session, a, "stop")                                        # up to: may stop
    assert session.state.centres[a - 1].inactive == 5


@pytest.mark.rule("SS-EX-12", "SS-AUX-01", "SS-AUX-02", "SS-AUX-06", "SS-AMB-13", "SS-INV-16")
def test_matrix_row_limit_and_lost_aux_die():
    config, s, a = turn(dice=(4, 2))
    p = s.centres[a - 1]
    p.matrix, p.inactive, p.reserve, p.active = (1, 1, 0), 4, 8, 6
    session = play(config, s, [3])
    deploy(session, a, 4, 4, "L-SAL")
    choose(session, a, "action")
    choose(session, a, "decommission:3")                              # column 1 complete: aux die rolled 3
    assert events(session, AuxDieGained) == [AuxDieGained(player=a, value=3)]
    choose(session, a, "decommission:1")
    choose(session, a, "gold")                                        # +1 resource of choice
    choose(session, a, "decommission:2")                              # +2 morale
    with pytest.raises(IllegalAction):
        choose(session, a, "decommission:2")                          # a second drone in a row
    choose(session, a, "regenerate")
    p = session.state.centres[a - 1]
    assert p.matrix == (2, 2, 1) and p.ports[2] == 1 and p.aux
    before = s.centres[a - 1]
    assert (p.score, p.morale, p.store[1]) == (before.score + 1, before.morale + 2, before.store[1] + 1)
    assert (p.active, p.inactive) == (before.active + 1, 0)
    # a later turn of the same round: column 2 completes, the auxiliary die is not gained again
    s2 = session.state.copy()
    at_turn(s2, a, dice=(2,), others_dice=True)
    s2.centres[a - 1].aux, s2.centres[a - 1].morale, s2.centres[a - 1].inactive = True, 4, 1
    session = play(config, s2)
    session.apply(TakeKickbacks(player=a, to=2))
    choose(session, a, "salvage")
    choose(session, a, "decommission:3")
    assert session.state.centres[a - 1].matrix == (2, 2, 2) and not events(session, AuxDieGained)


@pytest.mark.rule("SS-EX-26", "SS-AMB-14", "SS-AUX-03", "SS-AUX-04", "SS-AUX-05", "SS-AUX-07", "SS-DEP-01",
                  "SS-DEP-03", "SS-AMB-56")
def test_aux_die_gives_extra_turn():
    config, s = fresh(2, seed=6)
    a, b = s.order
    at_turn(s, a, dice=(3,))
    s.centres[b - 1].ports = [0, 0, 0, 0, 1, 0]
    s.centres[b - 1].placed = 2
    p = s.centres[a - 1]
    p.matrix, p.inactive, p.morale = (0, 1, 1), 1, 4
    session = play(config, s, [6])
    session.apply(TakeKickbacks(player=a, to=2))
    choose(session, a, "salvage")
    choose(session, a, "decommission:1")                 # column 1 complete -> aux die 6
    choose(session, a, "ore")                            # no inactive drone left: the salvage ends
    st = session.state
    assert st.centres[a - 1].ports[5] == 1 and st.centres[a - 1].fresh == 6
    assert not any(isinstance(x, ChooseDie) and x.die == 6 for x in RULES.legal_actions(st))   # not this turn
    session.apply(DiscardDie(player=a, die=3))
    assert session.state.turn == b
    session.apply(DiscardDie(player=b, die=5))
    assert session.state.turn == a                       # B has no dice: A takes another turn
    assert ChooseDie(player=a, die=6, value=6) in RULES.legal_actions(session.state)
    morale = session.state.centres[a - 1].morale
    session.apply(DiscardDie(player=a, die=6))
    st = session.state
    assert st.round == 2 and not st.centres[a - 1].aux and sum(st.centres[a - 1].ports) == 3   # back to the reserve
    assert sum(e.player == a for e in events(session, TurnStarted)) == 2 and morale >= 0


@pytest.mark.rule("SS-EX-30", "SS-AMB-15", "SS-SPH-07")
def test_legal_visit_needs_something_to_do():
    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(2,), others_dice=True)
    open_sphere(s)
    for name, hid in zip(("I1", "I2", "I3", "I4", "I5", "I6"), ("H07", "H08", "H09", "H10", "H11", "H12")):
        put_hex(s, name, hid)
    p = s.centres[a - 1]
    p.active, p.store = 1, [6, 0, 0]
    session = play(config, s)
    deploy(session, a, 2, 2, "L-SPH")
    acts = RULES.legal_actions(session.state)
    assert acts == [Choose(player=a, option="satellite")]             # no hex within reach: only a satellite
    s.loc_dice[loc("L-SPH")] = 1
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=2, value=2))
    assert Visit(player=a, location="L-SPH") not in RULES.legal_actions(session.state)


@pytest.mark.rule("SS-DRN-05", "SS-DRN-06", "SS-AMB-37", "SS-FAB-02")
def test_fabricate_from_empty_reserve_recalls_satellite():
    config, s, a = turn(dice=(2,))
    p = s.centres[a - 1]
    p.reserve, p.active = 0, 5
    put(p, "sats", loc("L-ORE"), True)
    session = play(config, s)
    deploy(session, a, 2, 2, "L-FAB")
    choose(session, a, "action")
    assert RULES.task_options(session.state, session.state.tasks[-1]) == ["recall:L-ORE", "stop"]
    choose(session, a, "recall:L-ORE")
    p = session.state.centres[a - 1]
    assert not p.sats[loc("L-ORE")] and p.active == 6 and not session.state.tasks   # nothing more to fabricate


@pytest.mark.rule("SS-DRN-01", "SS-DRN-03", "SS-DRN-10", "SS-DRN-11", "SS-INV-01")
def test_drone_conservation_through_a_game():
    from solar_sphere.invariants import drones_conserved
    from boardcore.agents.play import playout, seeded, agent_rng, start
    from boardcore.agents.policies import RandomAgent
    config = RULES.make_config(players=3)
    st, pos = start(RULES, config, seeded(4))
    st, _, _ = playout(RULES, st, pos, {i: RandomAgent(RULES) for i in (1, 2, 3)}, seeded(4), agent_rng(4))
    assert drones_conserved(RULES.c, st) is None
    assert all(p.hexes == sum(1 for b in st.builder if b == i) for i, p in enumerate(st.centres, 1))


@pytest.mark.rule("SS-AMB-25", "SS-CREW-17")
def test_end_turn_after_action_with_unused_crew():
    config, s, a = turn(dice=(1,))
    p = s.centres[a - 1]
    card = RULES.c.crew_index["T2-01a"]
    p.crew, p.used, p.hires = (card,), (False,), 1
    session = play(config, s)
    deploy(session, a, 1, 1, "L-ORE")
    choose(session, a, "action")
    assert session.state.step == "after"
    session.apply(EndTurn(player=a))
    assert session.state.turn != a or session.state.step == "turn"


@pytest.mark.rule("SS-AMB-38", "SS-GEN-04", "SS-FAB-02")
def test_fabricator_may_stop_short():
    config, s, a = turn(dice=(2,))
    session = play(config, s)
    deploy(session, a, 2, 2, "L-FAB")
    choose(session, a, "action")
    choose(session, a, "fabricate")
    choose(session, a, "stop")
    p = session.state.centres[a - 1]
    assert (p.active, p.reserve) == (s.centres[a - 1].active + 1, s.centres[a - 1].reserve - 1) and not session.state.tasks

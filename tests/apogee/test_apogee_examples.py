"""The rulebook's worked examples (AP-EX-01..08) and the derived scenarios (AP-EX-09..18), each
with forced dice."""

from __future__ import annotations

import pytest
from apogee_helpers import C, R, admin, at_soc, build_pad, eng, event, on_top, plan, reserve, set_mod, table, take
from boardcore.game.errors import IllegalAction

from apogee import events as ev
from apogee.rocket import crew, mass, min_roll, thrust, yield_of
from apogee.state import SOLID, Prompt


def finish_turn(sess):
    """Every remaining Director action passed: the turn ends and the next one starts."""
    turn = sess.state.turn
    while sess.state.turn == turn and sess.state.prompt and sess.state.prompt.kind == "admin":
        sess.apply(ev.Pass(player=sess.state.prompt.player))


def names(cards):
    return sorted(C.tech[c].name for c in cards)


@pytest.mark.rule("AP-EX-01", "AP-SPC-01", "AP-SPC-02", "AP-SPC-04", "AP-SPC-05", "AP-SPC-08", "AP-ENG-18",
                  "AP-ENG-05", "AP-ENG-01", "AP-AMB-49", "AP-PLC-02", "AP-SPC-09")
def test_ex01_specialties_in_authority_order():
    s = table()
    river = list(s.rivers[2])
    top3 = s.piles[2][-3:][::-1]
    rnd_top = s.piles[3][-2:][::-1]
    sess = plan(s, {1: [("Qian Tao", "specialty"), ("Geza Szebehely", "specialty")]}, rolls=[7])
    # Geza (8.4) first: his river choice is asked before Qian Tao rolls.
    assert sess.state.prompt == Prompt(kind="replace_river", player=1, b=eng("Geza Szebehely"))
    sess.apply(ev.ChooseRiver(player=1, river="payload"))
    st = sess.state
    assert st.rivers[2] == top3
    assert st.piles[2][:3] == river  # the old river beneath the pile
    assert sorted(st.areas[0].reserve) == sorted(rnd_top)  # Qian Tao rolled 7 >= 4: both kept
    assert st.areas[0].credits == 80 + 20 and st.areas[0].dice == 0  # only the earnings for 2 Engineers


@pytest.mark.rule("AP-EX-02", "AP-CON-01", "AP-CON-02", "AP-CON-03", "AP-CON-04", "AP-CON-05", "AP-CON-06",
                  "AP-PLC-03", "AP-AMB-03", "AP-AMB-09")
def test_ex02_constructions():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    s.areas[0].credits, s.areas[1].credits = 100, 80
    shuttle, = reserve(s, 1, "Small Shuttle")
    pulsed, sail = reserve(s, 2, "Pulsed Nuclear Propulsion", "Solar Sail")
    sess = plan(s, {1: [("Kathy Johnson", "construction")],
                    2: [("Qian Tao", "construction"), ("Oliver Hooker", "construction")]})
    assert sess.state.prompt.kind == "build" and sess.state.prompt.player == 1  # Director order, AP-AMB-03
    sess.apply(ev.Build(player=1, card=shuttle))
    assert sess.state.prompt == Prompt(kind="build", player=2, a=2)
    sess.apply(ev.Build(player=2, card=pulsed))
    st = sess.state
    # credits after the Administration phase's earnings (1 Engineer: +40, 2 Engineers: +20)
    assert st.areas[0].credits == 60 + 40 and st.areas[0].pad == [shuttle] and st.areas[0].reserve == []
    assert st.areas[1].credits == 0 + 20 and st.areas[1].pad == [pulsed] and st.areas[1].reserve == [sail]
    assert st.stage != "construction"  # the second build was lost: Solar Sail cannot be paid


@pytest.mark.rule("AP-EX-03", "AP-RND-01", "AP-RND-02", "AP-RND-03", "AP-RND-04", "AP-RND-05", "AP-RND-06",
                  "AP-PLC-04", "AP-AMB-04")
def test_ex03_rnd_draw_order_and_keep():
    s = table()
    pile = list(s.piles[3])
    sess = plan(s, {1: [("Chandresh Gokhale", "rnd"), ("Katalina Tsiolkovsky", "rnd"), ("Qian Tao", "rnd")],
                    2: [("Rafal Gora", "rnd"), ("Kathy Johnson", "rnd")]})
    st = sess.state
    assert st.areas[1].drawn == tuple(pile[-2:][::-1])   # Pedro (7.2) first, 2 cards
    assert st.areas[0].drawn == tuple(pile[-5:-2][::-1])  # then Suzanne, 3 cards
    assert st.prompt == Prompt(kind="keep_rnd", player=2)
    sess.apply(ev.KeepRnd(player=2, card=st.areas[1].drawn[0]))
    sess.apply(ev.KeepRnd(player=1, card=sess.state.areas[0].drawn[1]))
    st = sess.state
    assert len(st.areas[0].reserve) == 1 and len(st.areas[1].reserve) == 1
    assert len(st.piles[3]) == len(pile) - 2
    assert sorted(st.piles[3][:3]) == sorted(set(pile[-5:]) - set(st.areas[0].reserve + st.areas[1].reserve))
    assert (st.areas[0].credits, st.areas[1].credits) == (80 + 0, 80 + 20)  # earnings only


@pytest.mark.rule("AP-EX-04", "AP-DES-01", "AP-DES-02", "AP-DES-04", "AP-DES-05", "AP-DES-06", "AP-DES-07",
                  "AP-PLC-05")
def test_ex04_design_order_by_summed_authority():
    s = table()
    ion = take(s, "Ion Engine")
    thermal = take(s, "Thermal Nuclear Propulsion")
    s.piles[1].append(s.rivers[1].pop())
    s.rivers[1].append(ion)
    s.piles[1].append(thermal)
    pile_size = len(s.piles[1])
    sess = plan(s, {1: [("Sebastian Von Braun", "design"), ("Katalina Tsiolkovsky", "design")],
                    2: [("Carlotta Pelterie", "design")]})
    assert sess.state.prompt == Prompt(kind="design", player=1)
    sess.apply(ev.TakeCard(player=1, card=ion))
    assert thermal in sess.state.rivers[1]
    sess.apply(ev.TakeCard(player=2, card=thermal))
    st = sess.state
    assert st.areas[0].reserve == [ion] and st.areas[1].reserve == [thermal]
    assert len(st.rivers[1]) == 3 and len(st.piles[1]) == pile_size - 2
    assert st.stage == "admin"


@pytest.mark.rule("AP-EX-05", "AP-DIR-01", "AP-DIR-03", "AP-DIR-05", "AP-SELL-01", "AP-SELL-02", "AP-SELL-03",
                  "AP-SELL-05", "AP-MD-08", "AP-DSP-01", "AP-DSP-02", "AP-DSP-03", "AP-DIR-04", "AP-TURN-04")
def test_ex05_administration_sales_and_yelena():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    a, b = reserve(s, 1, "Satellite", "Booster x2")
    sess = admin(s, 1)
    sess.apply(ev.Sell(player=1, card=a))
    sess.apply(ev.Sell(player=1, card=b))
    st = sess.state
    assert st.areas[0].credits == 160 and st.piles[2][0] == a and st.piles[3][0] == b
    assert st.prompt == Prompt(kind="admin", player=2)
    sess.apply(ev.UseSpecialty(player=2))
    pick = sess.state.rivers[0][0]
    top = sess.state.piles[0][-1]
    sess.apply(ev.TakeCard(player=2, card=pick))
    st = sess.state
    assert st.areas[1].reserve == [pick] and top in st.rivers[0] and st.areas[1].specialty_used
    assert ev.UseSpecialty(player=2) not in sess.legal_actions()
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.UseSpecialty(player=2))
    assert err.value.rule == "AP-DIR-04"
    sess.apply(ev.Pass(player=2))
    assert sess.state.turn == 2


@pytest.mark.rule("AP-EX-06", "AP-YLD-01", "AP-YLD-03", "AP-EX-07", "AP-PRB-01", "AP-PRB-02", "AP-PRB-03")
def test_ex06_07_table_lookups():
    assert yield_of(C, 27, 15) == 19
    assert min_roll(C, 19, C.dest_index["Venus"]) == 7


@pytest.mark.rule("AP-EX-08", "AP-LCH-01", "AP-LCH-02", "AP-LCH-05", "AP-LCH-06", "AP-LCH-09", "AP-LCH-11",
                  "AP-LCH-12", "AP-LCH-13", "AP-LCH-14", "AP-LCH-19", "AP-GAP-06", "AP-GAP-08", "AP-TECH-10",
                  "AP-PLC-06", "AP-PLC-12", "AP-MIS-30", "AP-INV-23")
def test_ex08_pedros_launch():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    lh1, lh2, ion, vessel, booster = build_pad(s, 2, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion",
                                               "Ion Engine", "Interplanetary Vessel", "Booster x4")
    at_soc(s, 2, "Patricia Jackson")
    pl = s.areas[1]
    assert (thrust(C, pl), mass(C, pl)) == (24, 16)
    assert yield_of(C, 24, 16) == 16 and min_roll(C, 16, C.dest_index["Moon"]) == 5
    sess = admin(s, 2, rolls=[7])
    sess.apply(ev.LaunchRocket(player=2, destination="Moon"))
    st = sess.state
    pl = st.areas[1]
    assert pl.credits == 160
    assert sorted(pl.reserve) == sorted([lh1, lh2, ion, booster]) and pl.pad == []
    (launch,) = pl.launches
    assert launch.cards == (vessel,) and launch.destination == 1 and launch.astronauts == 4
    assert pl.launched and ev.LaunchRocket(player=2, destination="GEO") not in sess.legal_actions()


@pytest.mark.rule("AP-EX-09", "AP-ERN-01", "AP-ERN-02", "AP-ERN-04", "AP-ERN-05", "AP-ERN-06", "AP-ERN-08",
                  "AP-AMB-11", "AP-AMB-51", "AP-ADM-01", "AP-INV-15")
def test_ex09_debt():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    s.areas[0].credits = 20
    sess = plan(s, {1: [("Kathy Johnson", "none"), ("Qian Tao", "none"), ("Oliver Hooker", "none"),
                        ("Rafal Gora", "none"), ("Chandresh Gokhale", "soc")]})
    st = sess.state
    assert st.areas[0].credits == 0 and st.areas[0].skip
    assert st.prompt == Prompt(kind="dismiss_owed", player=1)
    assert ev.Dismiss(player=1, engineer=eng("Chandresh Gokhale")) in sess.legal_actions()  # SOC too
    sess.apply(ev.Dismiss(player=1, engineer=eng("Qian Tao")))
    st = sess.state
    assert len(st.areas[0].hand) == 4 and st.juniors[0] == eng("Qian Tao")
    assert st.prompt == Prompt(kind="admin", player=2)  # P1 takes no Director action
    assert st.areas[0].actions == 0


@pytest.mark.rule("AP-EX-10", "AP-ENG-13", "AP-ENG-14", "AP-AMB-10")
def test_ex10_maughmer_allowance():
    s = table()
    s.areas[0].credits = 40
    solid, cryo = reserve(s, 1, "Solid Propulsion", "Cryogenic Upper Stage")
    sess = plan(s, {1: [("Ethan N. Maughmer", "specialty"), ("Kathy Johnson", "construction"),
                        ("Qian Tao", "construction")]})
    sess.apply(ev.Build(player=1, card=solid))
    assert sess.state.areas[0].credits == 40
    sess.apply(ev.Build(player=1, card=cryo))
    st = sess.state
    assert st.areas[0].credits == 0 + 0 and sorted(st.areas[0].pad) == sorted([solid, cryo])  # 3 Engineers earn 0
    assert st.areas[1].credits == 80 + 60  # built nothing: no benefit; 0 Engineers earn 60


@pytest.mark.rule("AP-EX-11", "AP-EV-04", "AP-EV-05", "AP-AMB-37", "AP-AMB-36", "AP-EV-34")
def test_ex11_crisis_payments_exact():
    from apogee.event_cards import resolve_for
    s = table(players=3)
    s.areas[0].credits, s.areas[1].credits, s.areas[2].credits = 20, 0, 100
    s.event = event("Economic Crisis")
    s.stage, s.order, s.cursor = "event", (1, 2, 3), 0
    u = _unfolding(s)
    for p in (1, 2, 3):
        resolve_for(C, u, None, p)
    assert [pl.credits for pl in u.state.areas] == [0, 0, 60]


def _unfolding(s):
    from boardcore.game.rules import Unfolding
    return Unfolding.over(R, s)


@pytest.mark.rule("AP-EX-12", "AP-EV-08", "AP-EV-09", "AP-EV-10", "AP-AMB-16", "AP-AMB-61", "AP-DICE-06",
                  "AP-CON-09")
def test_ex12_engine_failure():
    s = table()
    lh = build_pad(s, 1, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion")
    s.areas[0].dice, s.supply = 1, s.supply - 1
    fail = event("Engine Failure")
    s.event_pile = on_top(s.event_pile, fail)
    sess = admin(s, 2, actions=1, rolls=[4, 3])
    finish_turn(sess)
    st = sess.state
    assert st.event == fail and st.prompt == Prompt(kind="reroll_engine", player=1, a=5)
    sess.apply(ev.SpendDie(player=1))
    st = sess.state
    assert st.areas[0].pad == [] and sorted(st.areas[0].reserve) == sorted(lh)
    assert st.areas[0].dice == 0 and st.supply == 10


@pytest.mark.rule("AP-EX-12", "AP-EV-08")
def test_ex12_engine_failure_repaired_on_five():
    s = table()
    lh = build_pad(s, 1, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion")
    fail = event("Engine Failure")
    s.event_pile = on_top(s.event_pile, fail)
    sess = admin(s, 2, actions=1, rolls=[5])
    finish_turn(sess)
    assert sess.state.areas[0].pad == lh


def launch_ready(s, player=1, *extra):
    build_pad(s, player, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", *extra)
    at_soc(s, player, "Pahal Chawla")


@pytest.mark.rule("AP-EX-13", "AP-EV-13", "AP-AMB-14", "AP-DICE-01", "AP-DICE-02", "AP-DICE-03",
                  "AP-DICE-04", "AP-DICE-05", "AP-AMB-15", "AP-AMB-55", "AP-LCH-10", "AP-GEN-02", "AP-EV-15")
def test_ex13_perfect_weather_with_additional_die():
    s = table()
    launch_ready(s, 1, "Booster x4", "Booster x4", "Booster x4")  # thrust 19, mass 12: yield 1.9
    s.event = event("Perfect Weather Conditions")
    s.areas[0].dice, s.supply = 2, 8
    pl = s.areas[0]
    y = yield_of(C, thrust(C, pl), mass(C, pl))
    need = min_roll(C, y, C.dest_index["Venus"])
    assert need == 7
    sess = admin(s, 1, rolls=[5, 6])
    sess.apply(ev.LaunchRocket(player=1, destination="Venus"))
    assert sess.state.prompt == Prompt(kind="reroll_launch", player=1, a=6, b=2)
    sess.apply(ev.SpendDie(player=1))
    st = sess.state
    assert len(st.areas[0].launches) == 1 and st.areas[0].dice == 1 and st.supply == 9
    assert st.areas[0].actions == 1


@pytest.mark.rule("AP-EX-14", "AP-EV-25", "AP-SF-04", "AP-SF-02", "AP-AMB-58", "AP-SF-07")
def test_ex14_crucial_performance_test():
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Ion Engine")
    s.areas[0].dice, s.supply = 2, 8
    s.event = event("Crucial Performance Test")
    sess = admin(s, 1, rolls=[5])
    sess.apply(ev.StaticFire(player=1))
    st = sess.state
    assert st.areas[0].dice == 2 and st.prompt.kind == "admin"  # no re-roll offered, no die gained
    assert st.areas[0].fired and ev.StaticFire(player=1) not in sess.legal_actions()


@pytest.mark.rule("AP-EX-15", "AP-DES-03")
def test_ex15_design_tie():
    s = table()
    sess = plan(s, {1: [("Mark Faget", "design"), ("Natalie Resnik", "design")],
                    2: [("Geza Szebehely", "design"), ("Diane Dyson", "design")]})
    assert sess.state.order == (2, 1)


@pytest.mark.rule("AP-EX-16", "AP-TECH-08", "AP-TECH-09", "AP-TECH-11", "AP-TECH-12", "AP-TECH-18",
                  "AP-TECH-19", "AP-AMB-22", "AP-AMB-30", "AP-ENG-15", "AP-GAP-15")
def test_ex16_astronaut_stacking():
    s = table()
    build_pad(s, 1, "Conical Capsule", "Extra Seat", "Extra Seat", "Cargo", "Pressurization")
    pl = s.areas[0]
    from apogee.state import CAPSULE
    set_mod(pl, CAPSULE, 1)
    assert crew(C, pl) == (6, True)


@pytest.mark.rule("AP-EX-17", "AP-AMB-28", "AP-TECH-15", "AP-ENG-02", "AP-MD-14")
def test_ex17_thrust_order():
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Solid Propulsion", "Heavy Version", "Ion Engine", "Satellite")
    pl = s.areas[0]
    set_mod(pl, SOLID, 2)
    assert thrust(C, pl) == 26
    from apogee.state import THRUST
    set_mod(pl, THRUST, 2)
    assert thrust(C, pl) == 28


@pytest.mark.rule("AP-EX-18", "AP-AMB-20", "AP-EV-23", "AP-MD-16", "AP-LCH-03", "AP-LCH-04", "AP-MD-17",
                  "AP-AMB-33")
def test_ex18_soc_authority():
    s = table(directors=("Shuguang Jun", "Harper Tompkins"))
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite",
              "Booster x4")
    at_soc(s, 1, "Kathy Johnson", "Qian Tao")
    at_soc(s, 2, "Pahal Chawla")  # another player's SOC never helps (AP-LCH-04)
    s.event = event("Engineer Training")
    sess = admin(s, 1, rolls=[12])
    assert not any(isinstance(a, ev.LaunchRocket) and a.destination == "Moon" for a in sess.legal_actions())
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.LaunchRocket(player=1, destination="Moon"))
    assert err.value.rule == "AP-LCH-02"
    sess.apply(ev.UseSpecialty(player=1))
    sess.apply(ev.LaunchRocket(player=1, destination="Moon"))
    assert sess.state.areas[0].launches[0].destination == 1

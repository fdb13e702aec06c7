"""Planning phase: placement, Specialties, Constructions, R&D, Design and the Engineers
(AP-PLC-*, AP-SPC-*, AP-CON-*, AP-RND-*, AP-DES-*, AP-ENG-*)."""

from __future__ import annotations

import pytest
from apogee_helpers import C, eng, event, give_engineer, plan, reserve, session, table
from boardcore.game.errors import IllegalAction

from apogee import events as ev
from apogee.rocket import mass, soc_authority, thrust
from apogee.state import SOC_FIXED, UNSET, Prompt


def placing(s, player, *names):
    for n in names:
        give_engineer(s, player, n, UNSET)
    s.stage, s.prompt = "place", Prompt(kind="place")
    for pl in s.areas:
        pl.waiting = UNSET in pl.spots
    return session(s)


@pytest.mark.rule("AP-PLC-01", "AP-PLC-07", "AP-PLC-08", "AP-PLC-10", "AP-PLC-09")
def test_placement_one_spot_per_engineer():
    s = table()
    sess = placing(s, 1, "Qian Tao", "Kathy Johnson")
    legal = [a for a in sess.legal_actions() if a.player == 1]
    assert {a.spot for a in legal} == {"none", "specialty", "construction", "rnd", "design", "soc"}
    assert len({a.engineer for a in legal}) == 1
    first = legal[0].engineer
    sess.apply(ev.Place(player=1, engineer=first, spot="design"))
    legal = [a for a in sess.legal_actions() if a.player == 1]
    assert {a.engineer for a in legal} == {eng("Qian Tao"), eng("Kathy Johnson")} - {first}
    sess.apply(ev.Place(player=1, engineer=legal[0].engineer, spot="design"))
    assert sess.state.areas[0].credits == 80 and sess.state.prompt == Prompt(kind="design", player=1)  # free


@pytest.mark.rule("AP-EV-32", "AP-EV-30", "AP-EV-18", "AP-PLC-08", "AP-INV-17")
def test_events_limit_placement():
    s = table()
    s.event = event("Inaccessible Premises")
    sess = placing(s, 1, "Qian Tao")
    assert "specialty" not in {a.spot for a in sess.legal_actions()}
    for name, spot in (("Poor Schedule Management", "construction"), ("Resource Restriction", "design")):
        s = table()
        s.event = event(name)
        sess = placing(s, 1, "Qian Tao", "Kathy Johnson")
        a = next(x for x in sess.legal_actions() if x.player == 1 and x.spot == spot)
        sess.apply(a)
        assert spot not in {x.spot for x in sess.legal_actions() if x.player == 1}
        with pytest.raises(IllegalAction) as err:
            sess.apply(ev.Place(player=1, engineer=sess.legal_actions()[0].engineer, spot=spot))
        assert err.value.rule == "AP-PLC-08"


@pytest.mark.rule("AP-SPC-03", "AP-SPC-06", "AP-SPC-07", "AP-ENG-08", "AP-AMB-57", "AP-DICE-06")
def test_specialty_roll_with_additional_dice():
    s = table()
    s.areas[0].dice, s.supply = 2, 8
    sess = plan(s, {1: [("Oliver Hooker", "specialty")]}, rolls=[3, 2, 9])
    assert sess.state.prompt == Prompt(kind="reroll_engineer", player=1, a=4, b=eng("Oliver Hooker"))
    sess.apply(ev.SpendDie(player=1))
    assert sess.state.prompt.kind == "reroll_engineer" and sess.state.areas[0].dice == 1
    sess.apply(ev.SpendDie(player=1))
    st = sess.state
    assert st.areas[0].dice == 0 and st.supply == 10
    assert st.areas[0].credits == 80 + 60 + 40  # Oliver's 60,000, then 1 Engineer's earnings


@pytest.mark.rule("AP-SPC-06", "AP-AMB-15")
def test_specialty_failure_accepted():
    s = table()
    s.areas[0].dice, s.supply = 1, 9
    sess = plan(s, {1: [("Oliver Hooker", "specialty")]}, rolls=[3])
    sess.apply(ev.Pass(player=1))
    assert sess.state.areas[0].dice == 1 and sess.state.areas[0].credits == 80 + 40


@pytest.mark.rule("AP-ENG-02", "AP-ENG-11", "AP-ENG-12", "AP-ENG-19", "AP-ENG-20", "AP-ENG-21", "AP-ENG-24",
                  "AP-AMB-65", "AP-AMB-69", "AP-GEN-08", "AP-INV-21", "AP-AMB-29")
def test_turn_long_rocket_modifiers():
    s = table()
    from apogee_helpers import build_pad
    build_pad(s, 1, "Solid Propulsion", "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite")
    build_pad(s, 2, "Solid Propulsion", "Thermal Nuclear Propulsion", "Satellite")
    base1, base2 = thrust(C, s.areas[0]), thrust(C, s.areas[1])
    m1 = mass(C, s.areas[0])
    sess = plan(s, {1: [("Kathy Johnson", "specialty"), ("Patrick Dahm", "specialty"), ("Airi Horikoshi", "specialty"),
                        ("Utto Kuchemann", "specialty"), ("Chandresh Gokhale", "specialty")],
                    2: [("Hitesh Kalam", "specialty")]})
    st = sess.state
    assert thrust(C, st.areas[0]) == base1 + 2 + 1 + 1
    assert mass(C, st.areas[0]) == m1 - 3
    assert thrust(C, st.areas[1]) == base2 + 1  # Hitesh: the Nuclear Upper Stage; Kathy not P2's
    while sess.state.stage == "admin":
        sess.apply(ev.Pass(player=sess.state.prompt.player))
    assert not any(any(pl.mods) for pl in sess.state.areas)


@pytest.mark.rule("AP-ENG-03", "AP-ENG-17", "AP-AMB-21", "AP-DIS-03", "AP-AMB-67")
def test_soc_specialists():
    s = table()
    sess = plan(s, {1: [("Malvina Glushko", "specialty"), ("Felipe de la Cierva", "specialty")]})
    st = sess.state
    assert st.areas[0].spots == [SOC_FIXED, SOC_FIXED]
    assert soc_authority(C, st.areas[0]) == (2, 82 + 110)
    assert not any(isinstance(a, ev.Dismiss) for a in sess.legal_actions())


@pytest.mark.rule("AP-ENG-04", "AP-ENG-06", "AP-ENG-07", "AP-ENG-09", "AP-ENG-10", "AP-AMB-35")
def test_engineer_choices():
    s = table()
    cheap = reserve(s, 1, "Satellite", "Cargo")
    s.areas[0].credits = 20
    sess = plan(s, {1: [("Diane Dyson", "specialty"), ("Florentina Coanda", "specialty"),
                        ("Matviy Lyulka", "specialty"), ("Katalina Tsiolkovsky", "specialty")]},
                rolls=[6, 7])
    # Katalina (3.6) first: pays 20 for a die
    st = sess.state
    assert st.areas[0].dice == 1 and st.areas[0].credits == 0
    assert st.prompt.kind == "engineer_sell"  # Matviy (3.2)
    sess.apply(ev.Sell(player=1, card=cheap[1]))
    assert sess.state.areas[0].credits == 40
    assert sess.state.prompt.kind == "cheap_build"  # Florentina (2.4) rolled 6: only a 20,000 card
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)} == {cheap[0]}
    sess.apply(ev.Build(player=1, card=cheap[0]))
    assert cheap[0] in sess.state.areas[0].pad and sess.state.areas[0].credits == 40
    assert sess.state.prompt.kind == "river_pick"  # Diane (1.6) rolled 7 >= 6
    pick = sess.state.rivers[0][0]
    sess.apply(ev.TakeCard(player=1, card=pick))
    assert pick in sess.state.areas[0].reserve


@pytest.mark.rule("AP-ENG-10", "AP-AMB-35")
def test_katalina_without_credits_or_room():
    s = table()
    s.areas[0].credits = 0
    sess = plan(s, {1: [("Katalina Tsiolkovsky", "specialty")]})
    assert sess.state.areas[0].dice == 0 and sess.state.areas[0].credits == 40
    s = table()
    s.areas[0].dice, s.supply = 3, 7
    sess = plan(s, {1: [("Katalina Tsiolkovsky", "specialty")]})
    assert sess.state.areas[0].dice == 3 and sess.state.areas[0].credits == 80 + 40


@pytest.mark.rule("AP-ENG-16", "AP-ENG-22", "AP-AMB-50", "AP-AMB-47")
def test_investor_river_replaced():
    s = table()
    old = s.investor_river
    top = s.investor_pile[-2:][::-1]
    sess = plan(s, {1: [("Mark Faget", "specialty")]})
    st = sess.state
    assert st.investor_river == top and st.investors_out == old


@pytest.mark.rule("AP-ENG-13", "AP-ENG-14", "AP-AMB-10")
def test_maughmer_discount_everyone_no_payout():
    s = table()
    sat, = reserve(s, 2, "Satellite")
    sess = plan(s, {1: [("Ethan N. Maughmer", "specialty")], 2: [("Kathy Johnson", "construction")]})
    sess.apply(ev.Build(player=2, card=sat))
    st = sess.state
    assert st.areas[1].credits == 80 + 40  # free build, then 1 Engineer's earnings
    assert st.areas[0].credits == 80 + 40  # P1 built nothing: no benefit, no payout


@pytest.mark.rule("AP-CON-07", "AP-CON-08", "AP-AMB-53", "AP-CON-10", "AP-TECH-20", "AP-TECH-21", "AP-MIS-09",
                  "AP-MIS-10")
def test_construction_respects_rules_and_cubesat_pays():
    s = table(mission=4)
    cube, sat = reserve(s, 1, "CubeSat", "Satellite")
    sess = plan(s, {1: [("Kathy Johnson", "construction")]})
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)} == {sat}
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.Build(player=1, card=cube))
    assert err.value.rule == "AP-MIS-09"
    s = table()
    cube, = reserve(s, 1, "CubeSat")
    sess = plan(s, {1: [("Kathy Johnson", "construction")]})
    sess.apply(ev.Build(player=1, card=cube))
    assert sess.state.areas[0].credits == 80 + C.tech[cube].cubesat + 40


@pytest.mark.rule("AP-EV-26")
def test_missed_call_for_tenders():
    s = table()
    s.event = event("Missed Call for Tenders")
    cube, = reserve(s, 1, "CubeSat")
    sess = plan(s, {1: [("Kathy Johnson", "construction")]})
    sess.apply(ev.Build(player=1, card=cube))
    assert cube in sess.state.areas[0].pad and sess.state.areas[0].credits == 80 + 40


@pytest.mark.rule("AP-RND-07", "AP-AMB-04")
def test_rnd_pile_runs_out():
    s = table()
    keep = s.piles[3][-1:]
    s.piles[3] = keep
    sess = plan(s, {1: [("Chandresh Gokhale", "rnd"), ("Qian Tao", "rnd")], 2: [("Kathy Johnson", "rnd")]})
    st = sess.state
    assert st.areas[0].drawn == tuple(keep) and st.areas[1].drawn == ()
    sess.apply(ev.KeepRnd(player=1, card=keep[0]))
    assert sess.state.areas[0].reserve == keep


@pytest.mark.rule("AP-DES-08", "AP-AMB-48", "AP-AMB-06", "AP-AMB-07", "AP-DES-09", "AP-AMB-08", "AP-COMP-16",
                  "AP-INV-03", "AP-DES-10")
def test_design_short_river_optional_pick_and_trim():
    s = table()
    s.piles[0] = []
    sess = plan(s, {1: [("Kathy Johnson", "design")], 2: [("Qian Tao", "design")]})
    assert ev.Pass(player=2) in sess.legal_actions()
    card = sess.state.rivers[0][0]
    reserve(sess.state, 2, *["Booster x2"] * 0)
    sess.apply(ev.TakeCard(player=2, card=card))
    assert len(sess.state.rivers[0]) == 2  # empty pile: the river stays short
    sess.apply(ev.Pass(player=1))
    assert sess.state.stage == "admin"
    s = table()
    reserve(s, 1, *["Solid Propulsion"] * 8, "Ion Engine")
    sess = plan(s, {1: [("Kathy Johnson", "design")]})
    sess.apply(ev.TakeCard(player=1, card=sess.state.rivers[2][0]))
    assert sess.state.prompt == Prompt(kind="trim", player=1)
    sess.apply(ev.Discard(player=1, card=sess.state.areas[0].reserve[0]))
    assert len(sess.state.areas[0].reserve) == 9 and sess.state.prompt.kind == "admin"


@pytest.mark.rule("AP-ENG-01", "AP-AMB-49")
def test_river_replacement_with_short_pile():
    s = table()
    river = list(s.rivers[0])
    s.piles[0] = s.piles[0][-1:]
    top = s.piles[0][-1]
    sess = plan(s, {1: [("Irina Kemurdzhian", "specialty")]})
    sess.apply(ev.ChooseRiver(player=1, river="first"))
    st = sess.state
    assert st.rivers[0] == [top, river[2], river[1]] and st.piles[0] == [river[0]]


@pytest.mark.rule("AP-SPC-02", "AP-AMB-02", "AP-ENG-05")
def test_specialties_across_players_by_engineer_authority():
    s = table()
    sess = plan(s, {1: [("Qian Tao", "specialty")], 2: [("Rafal Gora", "specialty")]}, rolls=[1, 12])
    events = [r.event for r in sess.records() if isinstance(r.event, ev.DiceRolled)]
    assert [e.player for e in events] == [2, 1]  # Rafal (7.2) before Qian Tao (2.0)
    assert len(sess.state.areas[0].reserve) == 2 and len(sess.state.areas[1].reserve) == 0


@pytest.mark.rule("AP-CON-06", "AP-AMB-09")
def test_builds_in_players_order_and_optional():
    s = table()
    cube, solid = reserve(s, 1, "CubeSat", "Solid Propulsion")
    s.areas[0].credits = 0
    sess = plan(s, {1: [("Kathy Johnson", "construction"), ("Qian Tao", "construction")]})
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)} == {cube}
    sess.apply(ev.Build(player=1, card=cube))  # CubeSat credits pay for the next build
    assert solid in {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)}
    sess.apply(ev.Pass(player=1))
    assert solid in sess.state.areas[0].reserve

"""Administration phase: earnings, Director actions, static fire, launch, Directors and Nations
(AP-ERN-*, AP-DIR-*, AP-DSP-*, AP-SELL-*, AP-REC-*, AP-DIS-*, AP-SF-*, AP-LCH-*, AP-DICE-*,
AP-NAT-*, AP-NI-*, AP-MD-*)."""

from __future__ import annotations

import pytest
from apogee_helpers import C, admin, at_soc, build_pad, eng, event, give_engineer, plan, reserve, table, take
from boardcore.game.errors import IllegalAction

from apogee import events as ev
from apogee.state import KEEP_FIRST, Prompt

DIRECTORS = [d.name for d in C.director]


def legal_kinds(sess):
    return {a.__struct_config__.tag for a in sess.legal_actions()}


def rocket(s, p=1, *extra, soc="Pahal Chawla"):
    """A complete rocket: thrust 19, mass 12 (yield 1.9), 12.0 at the SOC."""
    cards = build_pad(s, p, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
                      "Booster x4", *extra)
    if soc:
        at_soc(s, p, soc)
    return cards


@pytest.mark.rule("AP-ERN-01", "AP-ERN-02", "AP-ERN-03", "AP-GEN-10", "AP-AMB-46", "AP-PLC-09")
def test_earnings_by_hand_size():
    for n, gain in enumerate((60, 40, 20, 0, -20, -40)):
        s = table()
        names = ["Kathy Johnson", "Qian Tao", "Oliver Hooker", "Rafal Gora", "Mark Faget"][:n]
        s.areas[0].credits = 200
        sess = plan(s, {1: [(x, "none") for x in names] or [("Kathy Johnson", "none")]} if n else
                    {2: [("Kathy Johnson", "none")]})
        assert sess.state.areas[0].credits == 200 + gain


@pytest.mark.rule("AP-ERN-07", "AP-EV-31")
def test_salary_exemption():
    s = table()
    s.event = event("Salary Exemption")
    sess = plan(s, {1: [(x, "none") for x in ("Kathy Johnson", "Qian Tao", "Oliver Hooker", "Rafal Gora")]})
    assert sess.state.areas[0].credits == 80 + 60 and sess.state.areas[1].credits == 80 + 60


@pytest.mark.rule("AP-DIR-02", "AP-COMP-12", "AP-DIR-05", "AP-REC-01", "AP-REC-02", "AP-DIS-01", "AP-DIS-02",
                  "AP-GEN-05", "AP-AMB-60")
def test_recruit_and_dismiss():
    s = table()
    sess = admin(s, 1)
    assert {"pass", "use_specialty", "recruit", "intervene"} <= legal_kinds(sess)
    top = sess.state.seniors[-1]
    sess.apply(ev.Recruit(player=1, senior=True))
    assert sess.state.areas[0].hand == [top] and sess.state.areas[0].credits == 80
    sess.apply(ev.Dismiss(player=1, engineer=top))
    assert sess.state.seniors[0] == top and sess.state.areas[0].hand == []


@pytest.mark.rule("AP-REC-03", "AP-AMB-12", "AP-COMP-14", "AP-INV-08")
def test_hand_limit_blocks_recruiting():
    s = table()
    for n in ("Kathy Johnson", "Qian Tao", "Oliver Hooker", "Rafal Gora", "Mark Faget"):
        give_engineer(s, 1, n)
    sess = admin(s, 1)
    assert "recruit" not in legal_kinds(sess)
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.Recruit(player=1, senior=False))
    assert err.value.rule == "AP-REC-03"


@pytest.mark.rule("AP-DIS-03", "AP-AMB-67", "AP-COMP-15")
def test_soc_engineers_cannot_be_dismissed():
    s = table()
    at_soc(s, 1, "Qian Tao")
    give_engineer(s, 1, "Kathy Johnson")
    sess = admin(s, 1)
    dismiss = {a.engineer for a in sess.legal_actions() if isinstance(a, ev.Dismiss)}
    assert dismiss == {eng("Kathy Johnson")}


@pytest.mark.rule("AP-SELL-04", "AP-SELL-06", "AP-SELL-07", "AP-SELL-08", "AP-EV-11", "AP-EV-12", "AP-AMB-38",
                  "AP-AMB-62")
def test_selling():
    s = table()
    built, = build_pad(s, 1, "Solid Propulsion")
    card, = reserve(s, 1, "Interplanetary Vessel")
    s.event = event("New Space Prices Soar")
    sess = admin(s, 1)
    sells = {a.card for a in sess.legal_actions() if isinstance(a, ev.Sell)}
    assert sells == {card}  # never a built card
    river = [list(r) for r in sess.state.rivers]
    sess.apply(ev.Sell(player=1, card=card))
    assert sess.state.areas[0].credits == 80 + 60 and sess.state.piles[2][0] == card
    assert [list(r) for r in sess.state.rivers] == river


@pytest.mark.rule("AP-AMB-48")
def test_sale_beneath_an_empty_pile_refills_its_river():
    s = table()
    s.piles[2], s.rivers[2] = [], s.rivers[2][:2]
    card, = reserve(s, 1, "Rover") if any(C.tech[c].name == "Rover" for x in s.piles for c in x) else (None,)
    if card is None:
        card = s.piles[3].pop()
    s.areas[0].reserve.append(card)
    sess = admin(s, 1)
    sess.apply(ev.Sell(player=1, card=card))
    if C.kind[card] == 2:
        assert sess.state.rivers[2][-1] == card and sess.state.piles[2] == []


@pytest.mark.rule("AP-SF-01", "AP-SF-02", "AP-SF-03", "AP-SF-05", "AP-SF-06", "AP-AMB-34", "AP-COMP-17",
                  "AP-INV-06", "AP-INV-07")
def test_static_fire():
    s = table()
    sess = admin(s, 1)
    assert "static_fire" not in legal_kinds(sess)
    s = table()
    build_pad(s, 1, "Single-Stage Orbital Launcher")
    sess = admin(s, 1, rolls=[4])
    sess.apply(ev.StaticFire(player=1))
    assert sess.state.areas[0].dice == 1 and sess.state.supply == 9
    assert "static_fire" not in legal_kinds(sess)
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Ion Engine")
    s.areas[0].dice, s.supply = 3, 7
    sess = admin(s, 1, rolls=[9])
    sess.apply(ev.StaticFire(player=1))
    assert sess.state.areas[0].dice == 3 and sess.state.areas[0].pad  # no fourth die; rocket unchanged


@pytest.mark.rule("AP-SF-08", "AP-EV-24", "AP-EV-03", "AP-EV-28", "AP-EV-02", "AP-EV-27", "AP-EV-33", "AP-AMB-52")
def test_event_bans_on_launch_and_static_fire():
    s = table()
    rocket(s, 1, soc="Pahal Chawla")
    s.areas[0].pad.append(take(s, "Solar Sail")) if False else None
    s.event = event("Supply Problem")
    sess = admin(s, 1)
    assert "static_fire" not in legal_kinds(sess) and "launch" in legal_kinds(sess)
    s = table()
    build_pad(s, 1, "Pulsed Nuclear Propulsion", "Ion Engine", "Satellite", "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    s.event = event("Anti-Nuclear Demonstration")
    sess = admin(s, 1)
    assert "launch" not in legal_kinds(sess) and "static_fire" in legal_kinds(sess)
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert err.value.rule == "AP-EV-02" and sess.state.areas[0].actions == 2
    s = table()
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Conical Capsule", "Booster x4", "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    s.event = event("Space Debris Alert")
    sess = admin(s, 1)
    assert "launch" not in legal_kinds(sess) and "static_fire" in legal_kinds(sess)


@pytest.mark.rule("AP-EV-06", "AP-EV-07", "AP-AMB-13", "AP-LCH-16", "AP-LCH-17", "AP-LCH-20")
def test_timid_insurers_fee_and_failed_launch():
    s = table()
    pad = rocket(s)
    s.event = event("Timid Insurers")
    s.areas[0].credits = 60
    sess = admin(s, 1, rolls=[1])
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    st = sess.state
    assert st.areas[0].credits == 0 and st.areas[0].pad == pad and st.areas[0].launched and not st.areas[0].launches
    assert "launch" not in legal_kinds(sess)
    s = table()
    rocket(s)
    s.event = event("Timid Insurers")
    s.areas[0].credits = 40
    sess = admin(s, 1)
    assert "launch" not in legal_kinds(sess)


@pytest.mark.rule("AP-EV-14", "AP-EV-15", "AP-AMB-14")
def test_bad_weather():
    s = table()
    rocket(s)
    s.event = event("Bad Weather Conditions")
    sess = admin(s, 1, rolls=[5])  # GEO needs 4; 5 - 2 = 3 fails
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert not sess.state.areas[0].launches


@pytest.mark.rule("AP-LCH-15", "AP-TECH-17", "AP-AMB-26", "AP-AMB-27", "AP-MD-03", "AP-MD-04", "AP-AMB-33",
                  "AP-LCH-18", "AP-INV-23", "AP-AMB-25")
def test_what_stays_after_a_launch():
    s = table()
    fs, ion, sat, b1, b2, b3 = rocket(s)
    s.areas[0].pad.remove(b3)
    reuse = take(s, "Reuse")
    s.areas[0].pad.append(reuse)
    s.areas[0].pad.append(b3)
    s.areas[0].pad.remove(b3)
    sess = admin(s, 1, rolls=[12])
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    pl = sess.state.areas[0]
    assert pl.pad == [fs] and reuse in pl.reserve and sat in pl.launches[0].cards
    s = table(directors=("Harper Tompkins", "Andrew Wingfield"))
    fs, ion, sat, b1, b2, b3 = rocket(s)
    cube = take(s, "CubeSat")
    s.areas[0].pad[-1] = cube
    s.piles[3].append(b3)
    sess = admin(s, 1, rolls=[12])
    sess.apply(ev.UseSpecialty(player=1))
    assert sess.state.areas[0].mods[KEEP_FIRST]
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    pl = sess.state.areas[0]
    assert pl.pad == [fs] and set(pl.launches[0].cards) == {sat, cube}


@pytest.mark.rule("AP-LCH-18", "AP-AMB-08")
def test_trim_after_launch():
    s = table()
    rocket(s)
    reserve(s, 1, *["Solid Propulsion"] * 8)
    sess = admin(s, 1, rolls=[12])
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert sess.state.prompt == Prompt(kind="trim", player=1) and len(sess.state.areas[0].reserve) == 13
    for _ in range(4):
        sess.apply(ev.Discard(player=1, card=sess.state.areas[0].reserve[-1]))
    assert len(sess.state.areas[0].reserve) == 9 and sess.state.prompt.kind == "admin"


@pytest.mark.rule("AP-DIR-03", "AP-DIR-06", "AP-EV-29", "AP-INV-15", "AP-SELL-05")
def test_action_counts():
    s = table()
    reserve(s, 1, "Satellite", "Cargo", "Rover")
    s.event = event("Burn Out")
    sess = plan(s, {2: [("Kathy Johnson", "none")]})
    assert sess.state.prompt.kind == "admin"
    p = sess.state.prompt.player
    assert sess.state.areas[p - 1].actions == 1
    s = table()
    a, b, c = reserve(s, 1, "Satellite", "Cargo", "Rover")
    sess = admin(s, 1)
    sess.apply(ev.Sell(player=1, card=a))
    sess.apply(ev.Sell(player=1, card=b))
    assert sess.state.prompt.player == 2 and c in sess.state.areas[0].reserve


@pytest.mark.rule("AP-MD-02", "AP-DSP-02")
def test_andrew_wingfield():
    s = table(directors=("Andrew Wingfield", "Harper Tompkins"))
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    assert sess.state.areas[0].credits == 140 and sess.state.areas[0].specialty_used


@pytest.mark.rule("AP-MD-05", "AP-AMB-59")
def test_liam_van_horn_sells_any_number():
    s = table(directors=("Liam Van Horn", "Harper Tompkins"))
    a, b = reserve(s, 1, "Satellite", "Cargo")
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    sess.apply(ev.Sell(player=1, card=a))
    sess.apply(ev.Sell(player=1, card=b))
    assert sess.state.areas[0].credits == 160 and sess.state.areas[0].actions == 1


@pytest.mark.rule("AP-MD-06", "AP-MD-07", "AP-TECH-21")
def test_free_builds_by_directors():
    s = table(directors=("Laura Grey Walter", "Ekaterina Vostochny"))
    vessel, solid = reserve(s, 1, "Interplanetary Vessel", "Solid Propulsion")
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)} == {vessel}
    sess.apply(ev.Build(player=1, card=vessel))
    assert sess.state.areas[0].pad == [vessel] and sess.state.areas[0].credits == 80
    s = table(directors=("Laura Grey Walter", "Ekaterina Vostochny"))
    build_pad(s, 2, "Cryogenic Upper Stage")
    thermal, pulsed = reserve(s, 2, "Thermal Nuclear Propulsion", "Pulsed Nuclear Propulsion")
    sess = admin(s, 2)
    sess.apply(ev.UseSpecialty(player=2))
    # AP-TECH-07 blocks thermal
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.Build)} == {pulsed}
    sess.apply(ev.Build(player=2, card=pulsed))
    assert pulsed in sess.state.areas[1].pad


@pytest.mark.rule("AP-MD-09", "AP-MD-10", "AP-MD-11", "AP-MD-12", "AP-DSP-05", "AP-AMB-68")
def test_korolev_and_yelena():
    s = table(directors=("Mikhail Korolev", "Yelena Tereshkova"))
    s.piles[3] = s.piles[3][-1:]
    top = s.piles[3][0]
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    assert sess.state.areas[0].reserve == [top]
    s = table(directors=("Mikhail Korolev", "Yelena Tereshkova"))
    s.piles[3] = []
    sess = admin(s, 1)
    assert "use_specialty" not in legal_kinds(sess)
    s = table(directors=("Yelena Tereshkova", "Mikhail Korolev"))
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    picks = {a.card for a in sess.legal_actions() if isinstance(a, ev.TakeCard)}
    assert picks == {c for r in sess.state.rivers for c in r}  # never the R&D pile


@pytest.mark.rule("AP-MD-13", "AP-AMB-63")
def test_anatoliy_sells_a_built_card():
    s = table(directors=("Anatoliy Feoktistov", "Harper Tompkins"))
    built, = build_pad(s, 1, "Satellite")
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    sess.apply(ev.Sell(player=1, card=built))
    assert sess.state.areas[0].credits == 160 and sess.state.areas[0].pad == []


@pytest.mark.rule("AP-MD-14", "AP-MD-15", "AP-MD-16", "AP-MD-17", "AP-AMB-33", "AP-DSP-04")
def test_launch_linked_specialties_need_a_launch_action():
    for name in ("Yang Jinmei", "Shuguang Jun", "Harper Tompkins"):
        s = table(directors=(name, "Andrew Wingfield"))
        sess = admin(s, 1, actions=1)
        assert "use_specialty" not in legal_kinds(sess)
        s = table(directors=(name, "Andrew Wingfield"))
        sess = admin(s, 1, actions=2)
        assert "use_specialty" in legal_kinds(sess)


@pytest.mark.rule("AP-MD-18", "AP-MD-19", "AP-MD-20", "AP-AMB-12")
def test_zhang_kang_and_fei_lihua():
    s = table(directors=("Zhang Kang", "Fei Lihua"))
    a = give_engineer(s, 1, "Kathy Johnson")
    b = give_engineer(s, 1, "Qian Tao")
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    sess.apply(ev.Dismiss(player=1, engineer=a))
    sess.apply(ev.Dismiss(player=1, engineer=b))
    assert sess.state.areas[0].credits == 120 and sess.state.areas[0].hand == []
    s = table(directors=("Fei Lihua", "Zhang Kang"))
    for n in ("Kathy Johnson", "Qian Tao", "Oliver Hooker", "Mark Faget"):
        give_engineer(s, 1, n)
    sess = admin(s, 1)
    sess.apply(ev.UseSpecialty(player=1))
    assert len(sess.state.areas[0].hand) == 5
    s = table(directors=("Fei Lihua", "Zhang Kang"))
    s.seniors = []
    assert "use_specialty" not in legal_kinds(admin(s, 1))


@pytest.mark.rule("AP-NAT-01", "AP-NAT-02", "AP-NAT-03", "AP-NI-01", "AP-NI-05", "AP-AMB-31", "AP-INV-13")
def test_us_intervention():
    s = table(directors=("Andrew Wingfield", "Harper Tompkins"))
    rnd, fs = reserve(s, 2, "Solar Sail", "Solid Propulsion")
    sess = admin(s, 1, rolls=[6])
    assert ev.Intervene(player=1, target=1) not in sess.legal_actions()
    sess.apply(ev.Intervene(player=1, target=2))
    assert {a.card for a in sess.legal_actions()} == {rnd}
    sess.apply(ev.Discard(player=1, card=rnd))
    assert sess.state.areas[1].reserve == [fs] and sess.state.areas[0].nation_used
    assert "intervene" not in legal_kinds(sess)


@pytest.mark.rule("AP-NI-02", "AP-NI-03", "AP-NI-04", "AP-NAT-04")
def test_russian_and_chinese_interventions():
    s = table(directors=("Yelena Tereshkova", "Harper Tompkins"))
    s.areas[1].dice, s.supply = 3, 7
    sess = admin(s, 1, rolls=[7])
    sess.apply(ev.Intervene(player=1, target=2))
    assert sess.state.areas[1].dice == 1 and sess.state.supply == 9
    s = table(directors=("Zhang Kang", "Harper Tompkins"))
    at_soc(s, 2, "Qian Tao")
    k = give_engineer(s, 2, "Kathy Johnson")
    s.areas[0].dice, s.supply = 2, 8
    sess = admin(s, 1, rolls=[6, k])
    sess.apply(ev.Intervene(player=1, target=2))
    assert sess.state.areas[1].hand == [eng("Qian Tao")]  # only non-SOC Engineers can go
    s = table(directors=("Zhang Kang", "Harper Tompkins"))
    s.areas[0].dice, s.supply = 2, 8
    sess = admin(s, 1, rolls=[5])
    sess.apply(ev.Intervene(player=1, target=2))
    assert sess.state.prompt.kind == "admin" and sess.state.areas[0].dice == 2 and sess.state.areas[0].nation_used


@pytest.mark.rule("AP-NAT-05", "AP-MIS-13", "AP-AMB-54", "AP-SOLO-03")
def test_no_intervention_in_mission_5_or_solo():
    s = table(mission=5)
    assert "intervene" not in legal_kinds(admin(s, 1))
    s = table(players=1, mission=1)
    assert "intervene" not in legal_kinds(admin(s, 1))

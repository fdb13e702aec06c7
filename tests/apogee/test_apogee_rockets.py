"""Technology characteristics and Investors (AP-TECH-*, AP-IVR-*)."""

from __future__ import annotations

import pytest
from apogee_helpers import C, _unfolding_for, admin, at_soc, build_pad, reserve, table, take

from apogee import events as ev
from apogee.investors import check_investors
from apogee.rocket import build_problem, has_stages, mass


def problem(s, name, p=1):
    card = take(s, name)
    s.areas[p - 1].reserve.append(card)
    found = build_problem(C, s, s.areas[p - 1], card)
    return found and found[1]


@pytest.mark.rule("AP-TECH-01", "AP-TECH-02", "AP-TECH-06", "AP-TECH-07", "AP-INV-05")
def test_self_only_groups():
    s = table()
    build_pad(s, 1, "Pulsed Nuclear Propulsion")
    assert problem(s, "Solid Propulsion") == "AP-TECH-01"
    assert problem(s, "Pulsed Nuclear Propulsion") is None
    s = table()
    build_pad(s, 1, "Solid Propulsion")
    assert problem(s, "Pulsed Laser Propulsion") == "AP-TECH-02"
    s = table()
    build_pad(s, 1, "Ion Engine")
    assert problem(s, "Cryogenic Upper Stage") == "AP-TECH-06"
    assert problem(s, "Ion Engine") is None
    s = table()
    build_pad(s, 1, "Thermal Nuclear Propulsion")
    assert problem(s, "Nuclear Electric Propulsion") is None
    assert problem(s, "Hypergolic Upper Stage") == "AP-TECH-07"


@pytest.mark.rule("AP-TECH-03", "AP-TECH-04", "AP-TECH-05", "AP-GAP-29", "AP-SF-01", "AP-LCH-01")
def test_single_stage_orbital_launcher():
    s = table()
    build_pad(s, 1, "Single-Stage Orbital Launcher")
    assert has_stages(C, s.areas[0]) == (True, True, False)
    assert problem(s, "Solid Propulsion") == "AP-TECH-04"
    assert problem(s, "Ion Engine") == "AP-TECH-04"
    s = table()
    build_pad(s, 1, "Ion Engine")
    assert problem(s, "Single-Stage Orbital Launcher") == "AP-TECH-04"


@pytest.mark.rule("AP-TECH-16", "AP-TECH-15", "AP-COMP-18", "AP-INV-04")
def test_unique_and_slot_limits():
    s = table()
    build_pad(s, 1, "Heavy Version")
    assert problem(s, "Heavy Version") == "AP-TECH-16"
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Solid Propulsion", "Solid Propulsion")
    assert problem(s, "Solid Propulsion") == "AP-COMP-18"


@pytest.mark.rule("AP-TECH-13", "AP-TECH-14", "AP-AMB-30", "AP-AMB-29")
def test_aerospikes():
    s = table()
    build_pad(s, 1, "Aerospike Nozzle", "Solid Propulsion")
    assert mass(C, s.areas[0]) == 3  # no Liquid Propulsion: no effect, yet it was built
    s = table()
    spikes = [c for c in range(len(C.tech)) if C.tech[c].aerospike]
    for c in spikes:
        for pile in s.piles:
            if c in pile:
                pile.remove(c)
    s.areas[0].pad = spikes + [take(s, "Liquid Hydrogen Propulsion")]
    assert mass(C, s.areas[0]) == 4 - 2  # one Liquid stage: only the largest Aerospike counts


def investor(s, name_or_kind, **match):
    inv = next(i for i, x in enumerate(C.investor) if x.kind == name_or_kind and
               all(getattr(x, k) == v for k, v in match.items()))
    pile = [i for i in s.investor_pile if i != inv]
    river = [inv, *(i for i in s.investor_river if i != inv)]
    while len(river) > 2:
        pile.append(river.pop())
    s.investor_pile, s.investor_river = tuple(pile), tuple(river)
    return inv


@pytest.mark.rule("AP-IVR-02", "AP-IVR-03", "AP-IVR-05", "AP-IVR-08", "AP-AMB-17", "AP-INV-14", "AP-INV-27")
def test_acquire_investor():
    s = table()
    inv = investor(s, "acquire", tech="Heavy Version")
    top = s.investor_pile[-1]
    card = take(s, "Heavy Version")
    s.areas[0].reserve.append(card)
    u = _unfolding_for(s)
    check_investors(C, u, 1, "acquire", card=card)
    st = u.state
    assert st.areas[0].investors == (inv,) and st.areas[0].credits == 80 + C.investor[inv].credits
    assert top in st.investor_river and len(st.investor_river) == 2
    check_investors(C, u, 2, "acquire", card=card)
    assert st.areas[1].investors == ()


@pytest.mark.rule("AP-IVR-09", "AP-IVR-06", "AP-AMB-18")
def test_build_investor_only_after_reveal():
    s = table()
    card, = reserve(s, 1, "Ion Engine")
    inv = next(i for i, x in enumerate(C.investor) if x.tech == "Ion Engine" and x.kind == "build")
    if inv in s.investor_river:
        s.investor_pile = (inv, *s.investor_pile)
        s.investor_river = (*(i for i in s.investor_river if i != inv), s.investor_pile[-1])
        s.investor_pile = s.investor_pile[:-1]
    from apogee_helpers import plan
    sess = plan(s, {1: [("Kathy Johnson", "construction")]})
    sess.apply(ev.Build(player=1, card=card))
    assert inv not in sess.state.areas[0].investors  # not face up when built


@pytest.mark.rule("AP-IVR-10", "AP-IVR-11", "AP-AMB-72", "AP-IVR-07")
def test_static_fire_and_launch_investors():
    s = table()
    inv = investor(s, "static_fire", min_first=2)
    build_pad(s, 1, "Solid Propulsion", "Solid Propulsion", "Ion Engine")
    sess = admin(s, 1, rolls=[4])
    sess.apply(ev.StaticFire(player=1))
    assert sess.state.areas[0].investors == (inv,)
    s = table()
    inv = investor(s, "launch", destination="GEO")
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    sess = admin(s, 1, rolls=[10])
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))
    assert inv in sess.state.areas[0].investors


@pytest.mark.rule("AP-IVR-04", "AP-IVR-12")
def test_empty_investor_pile():
    s = table()
    inv = investor(s, "acquire", tech="Heavy Version")
    s.investors_out += s.investor_pile
    s.investor_pile = ()
    card = take(s, "Heavy Version")
    s.areas[0].reserve.append(card)
    u = _unfolding_for(s)
    check_investors(C, u, 1, "acquire", card=card)
    assert len(u.state.investor_river) == 1 and u.state.areas[0].investors == (inv,)

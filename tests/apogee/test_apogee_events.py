"""Event cards and Solo Events (AP-EV-*, AP-SEV-*, AP-PEV-*)."""

from __future__ import annotations

import pytest
from apogee_helpers import C, _unfolding_for, build_pad, event, give_engineer, reserve, solo_event, table

from apogee import event_cards, solo
from apogee import events as ev
from apogee.state import Prompt


class Dice:
    """Forced main-die values for direct calls."""

    def __init__(self, *values):
        self.values = list(values)

    def roll(self, sides=12):
        return self.values.pop(0)


def reveal(s, card, players=None):
    """Resolve an immediate Event for each player in Director Authority order."""
    from apogee.queries import authority_order
    s.event = card
    s.stage, s.order, s.cursor = "event", authority_order(C, s), 0
    return _unfolding_for(s)


def run_event(s, card, rng=None):
    u = reveal(s, card)
    mod = solo if card not in C.base_events else event_cards
    while u.state.cursor < len(u.state.order) and u.state.prompt is None:
        mod.resolve_for(C, u, rng, u.state.order[u.state.cursor])
    return u


@pytest.mark.rule("AP-EV-16", "AP-EV-17", "AP-AMB-66", "AP-PEV-02", "AP-PEV-03")
def test_exceptional_aid():
    s = table()
    s.areas[1].specialty_used = True
    u = run_event(s, event("Exceptional Aid"))
    assert [pl.credits for pl in u.state.areas] == [120, 80]


@pytest.mark.rule("AP-EV-19", "AP-EV-20", "AP-EV-21", "AP-AMB-36", "AP-IVR-08")
def test_new_patents():
    s = table(players=3, directors=("Andrew Wingfield", "Fei Lihua", "Harper Tompkins"))
    reserve(s, 3, *["Solid Propulsion"] * 5, *["Ion Engine"] * 4)
    s.piles[3] = s.piles[3][-1:]
    top = s.piles[3][0]
    u = run_event(s, event("New Patents"))
    st = u.state
    assert st.areas[1].reserve == [top] and st.areas[0].reserve == [] and len(st.areas[2].reserve) == 9


@pytest.mark.rule("AP-EV-22", "AP-IVR-12", "AP-MIS-05")
def test_timid_investors_still_award_the_card():
    s = table(mission=3)
    inv = next(i for i, x in enumerate(C.investor) if x.kind == "acquire")
    s.investor_river = (inv, *s.investor_river[1:])
    s.investor_pile = tuple(i for i in s.investor_pile if i != inv)
    s.event = event("Timid Investors")
    from apogee.investors import check_investors
    from apogee_helpers import take
    card = take(s, C.investor[inv].tech)
    s.areas[0].reserve.append(card)
    u = _unfolding_for(s)
    check_investors(C, u, 1, "acquire", card=card)
    assert u.state.areas[0].investors == (inv,) and u.state.areas[0].credits == 80


@pytest.mark.rule("AP-PEV-04", "AP-PEV-06", "AP-INV-21", "AP-GEN-08")
def test_whole_turn_event_ends_with_the_turn():
    from apogee_helpers import admin
    s = table()
    s.event = event("Burn Out")
    s.event_pile = tuple(e for e in s.event_pile if e != s.event)
    s.events_seen = (*s.events_seen, s.event)
    sess = admin(s, 1, actions=1)
    sess.apply(ev.Pass(player=1))
    sess.apply(ev.Pass(player=2))
    st = sess.state
    assert st.event != event("Burn Out")
    assert st.turn == 2


@pytest.mark.rule("AP-SEV-01", "AP-SEV-02", "AP-SEV-03", "AP-SEV-04", "AP-SEV-05", "AP-SEV-06", "AP-SEV-24",
                  "AP-PEV-06", "AP-AMB-53")
def test_solo_bans_last_the_game():
    from apogee.administration import admin_actions
    from apogee.rocket import build_problem
    s = table(players=1, mission=1, directors=("Fei Lihua",))
    senior = give_engineer(s, 1, "Pahal Chawla")
    for n in (1, 2, 3, 4):
        u = run_event(s, solo_event(n))
        s = u.state
    assert s.bans == ("senior_recruit", "director_specialty", "nuclear_build", "ssto_build")
    assert senior in s.areas[0].hand
    s.areas[0].actions = 2
    tags = {a.__struct_config__.tag + str(getattr(a, "senior", "")) for a in admin_actions(C, s, 1)}
    assert "recruitTrue" not in tags and "use_specialty" not in tags
    from apogee_helpers import take
    thermal, ssto = take(s, "Thermal Nuclear Propulsion"), take(s, "Single-Stage Orbital Launcher")
    s.areas[0].reserve += [thermal, ssto]
    assert build_problem(C, s, s.areas[0], thermal)[1] == "AP-SEV-04"
    assert build_problem(C, s, s.areas[0], ssto)[1] == "AP-SEV-06"
    assert any(isinstance(a, ev.Sell) and a.card == thermal for a in admin_actions(C, s, 1))


@pytest.mark.rule("AP-SEV-07", "AP-SEV-08", "AP-AMB-43")
def test_power_evaluation():
    s = table(players=1, mission=5)
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion", "Heavy Version")
    assert run_event(s, solo_event(5)).state.areas[0].credits == 80 + 60  # (5+5)*2 = 20
    s = table(players=1, mission=5)
    s.areas[0].dice, s.supply = 1, 9
    st = run_event(s, solo_event(5)).state
    assert st.areas[0].dice == 0 and st.supply == 10 and st.areas[0].credits == 80


@pytest.mark.rule("AP-SEV-09", "AP-SEV-10", "AP-AMB-44")
def test_construction_delay():
    s = table(players=1, mission=5)
    give_engineer(s, 1, "Kathy Johnson")
    s.areas[0].built_kinds = 0b0111
    u = run_event(s, solo_event(6))
    assert u.state.areas[0].owed == 1
    s = table(players=1, mission=5)
    s.areas[0].built_kinds = 0b1111
    give_engineer(s, 1, "Kathy Johnson")
    assert run_event(s, solo_event(6)).state.areas[0].owed == 0
    s = table(players=1, mission=5)
    assert run_event(s, solo_event(6)).state.areas[0].owed == 0


@pytest.mark.rule("AP-SEV-11", "AP-SEV-12", "AP-SEV-13")
def test_all_risk_and_behind_schedule():
    s = table(players=1, mission=4)
    for n in ("Pahal Chawla", "Utto Kuchemann", "Hitesh Kalam"):
        give_engineer(s, 1, n)
    assert run_event(s, solo_event(7)).state.areas[0].dice == 1  # 12.0 + 10.8 + 9.6 >= 30
    s = table(players=1, mission=1)
    s.areas[0].credits = 20
    assert run_event(s, solo_event(8)).state.areas[0].credits == 0
    s = table(players=1, mission=1)
    s.areas[0].investors = (0, 1)
    s.investor_pile = tuple(i for i in s.investor_pile if i not in (0, 1))
    assert run_event(s, solo_event(8)).state.areas[0].credits == 80


@pytest.mark.rule("AP-SEV-14", "AP-SEV-15", "AP-AMB-37")
def test_hiring_bonus():
    for names, credits in (([], 40), (["Kathy Johnson", "Qian Tao", "Oliver Hooker"], 80),
                           (["Kathy Johnson", "Qian Tao", "Oliver Hooker", "Mark Faget"], 120)):
        s = table(players=1, mission=2)
        for n in names:
            give_engineer(s, 1, n)
        assert run_event(s, solo_event(9)).state.areas[0].credits == credits


@pytest.mark.rule("AP-SEV-16", "AP-SEV-17", "AP-AMB-45")
def test_human_resources():
    s = table(players=1, mission=4)
    s.areas[0].credits = 40
    top = s.seniors[-1]
    assert run_event(s, solo_event(10)).state.areas[0].hand == [top]
    for credits, owed in ((60, 0), (100, 0), (120, 1)):
        s = table(players=1, mission=4)
        s.areas[0].credits = credits
        give_engineer(s, 1, "Kathy Johnson")
        assert run_event(s, solo_event(10)).state.areas[0].owed == owed


@pytest.mark.rule("AP-SEV-18")
def test_boredom():
    s = table(players=1, mission=3)
    give_engineer(s, 1, "Kathy Johnson")
    assert run_event(s, solo_event(11)).state.areas[0].owed == 1
    give_engineer(s, 1, "Qian Tao")
    give_engineer(s, 1, "Mark Faget")
    s.areas[0].owed = 0
    assert run_event(s, solo_event(11)).state.areas[0].owed == 2


@pytest.mark.rule("AP-SEV-19", "AP-AMB-42")
def test_invested_funds_reroll():
    s = table(players=1, mission=3)
    s.areas[0].dice, s.supply = 1, 9
    u = run_event(s, solo_event(12), Dice(4))
    assert u.state.prompt == Prompt(kind="reroll_funds", player=1, a=5)
    s = u.state
    s.answered, s.prompt = s.prompt, None
    from apogee.dice import spend_die
    spend_die(C, u, Dice(5), 1)
    assert u.state.areas[0].credits == 80 and u.state.areas[0].dice == 0
    s = table(players=1, mission=3)
    assert run_event(s, solo_event(12), Dice(3)).state.areas[0].credits == 40


@pytest.mark.rule("AP-SEV-20", "AP-SEV-21", "AP-SEV-22", "AP-SEV-23", "AP-SMIS-08", "AP-AMB-42")
def test_mission_changes():
    s = table(players=1, mission=5)
    s.areas[0].dice, s.supply = 2, 8
    st = run_event(s, solo_event(13), Dice(6)).state
    assert st.extra_goals == (solo_event(13),) and st.prompt is None
    s = table(players=1, mission=5)
    s.areas[0].dice, s.supply = 2, 8
    st = run_event(s, solo_event(13), Dice(7)).state
    assert st.extra_goals == () and st.areas[0].credits == 40 and st.areas[0].dice == 2
    s = table(players=1, mission=6)
    s.areas[0].credits = 40
    st = run_event(s, solo_event(14), Dice(10)).state
    assert st.areas[0].credits == 0
    s = table(players=1, mission=6)
    assert run_event(s, solo_event(14), Dice(9)).state.extra_goals == (solo_event(14),)
    from apogee.missions import goals
    assert [g.destination for g in goals(C, run_event(table(players=1, mission=6), solo_event(14), Dice(1)).state)] \
        == ["Europa", "Titan", "Titan"]


@pytest.mark.rule("AP-SEV-09", "AP-TECH-03")
def test_the_single_stage_launcher_counts_for_both_stages_in_construction_delay():
    """Event 06 asks for a Technology per stage; the launcher is a First and an Upper Stage."""
    from apogee import RULES
    from apogee.components import PAYLOAD, RND

    ssto = next(i for i, t in enumerate(C.tech) if t.ssto)
    payload = C.kind.index(PAYLOAD)
    rnd = C.kind.index(RND)
    s = table(players=1, mission=5)
    give_engineer(s, 1, "Kathy Johnson")
    s.areas[0].reserve = [ssto, payload, rnd]
    for card in (ssto, payload, rnd):
        s = RULES.evolve(s, ev.TechBuilt(player=1, card=card, paid=0))
    assert s.areas[0].built_kinds == 0b1111
    assert run_event(s, solo_event(6)).state.areas[0].owed == 0          # no Engineer to discard

"""Solo mode, the Galactic Rebellion (GW-SSET, GW-REB, GW-SPT, GW-SEND, GW-SSCORE)."""

from __future__ import annotations

from collections import Counter

import pytest
from wl_helpers import (HIT, MED, MISS, RES, C, at_actions, at_phase, clear, command_area, ev, launch_pad,
                        merc_with, planets_in, put, session, table)

from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import run_bots
from boardcore.game.rng import ScriptedRng
from boardcore.session.session import Session
from warlords import RULES, flow, scoring, solo
from boardcore.game.rules import Unfolding

T = C.type_index


def solo_table(seed=1, **options):
    cfg, s = table(1, seed=seed, **options)
    return cfg, s


def ready(s):
    """The human's Action Phase on a clean board."""
    clear(s)
    s.rep_slots = ["support"] * 8
    s.support_hands = [[], []]
    s.pre = [[0, 0, 0] for _ in C.sectors]
    return s


@pytest.mark.rule("GW-SSET-01", "GW-SSET-02", "GW-SSET-04", "GW-SSET-05", "GW-SSET-06", "GW-SSET-07",
                  "GW-SSET-08", "GW-SSET-09", "GW-SSET-10", "GW-SSET-11", "GW-SSET-12", "GW-SSET-14",
                  "GW-AMB-58", "GW-GAP-21", "GW-GAP-25", "GW-REB-01", "GW-REB-02", "GW-SPT-13")
def test_solo_setup_and_the_first_round():
    cfg, s = solo_table()
    assert s.mode == "solo" and s.seats == 2 and s.prompt.kind == "keep"
    assert len(s.planet_type) == 12 and all(s.revealed) and Counter(s.planet_type) == {t: 2 for t in C.types}
    assert all(len(planets_in(s, x)) == (2 if x in ("W", "C", "E") else 1) for x in C.sectors)
    assert s.track == [4] * 6 and len(s.rep_slots) == 8 and "recon" not in s.rep_slots
    assert len(s.hands[0]) == 5 and not s.market
    assert all("recon" not in C.mercs[m].actions and C.mercs[m].two_player for m in s.deck + s.hands[0])
    assert len(s.support_hands[0]) == 1 and len(s.sdeck) == 11
    assert all(C.support[x] not in ("blockade", "recon") for x in s.sdeck + s.support_hands[0])
    assert len(s.rebel_deck) == 13 and [C.rebels[r].level for r in s.rebel_deck] == [1] * 5 + [2] * 8
    assert s.base[1][:3] == [20, 3, 2] and not any(s.ships)
    sess = session(cfg, s)
    first, second = s.hands[0][:2]
    sess.apply(ev.Discard(player=1, card=first))
    events = sess.apply(ev.Discard(player=1, card=second))
    st = sess.state
    assert len(st.hands[0]) == 3 and first in st.deck and second in st.deck and len(st.market) == 3
    assert [type(e).__name__ for e in events].index("RebelCardDrawn") < \
        [type(e).__name__ for e in events].index("TurnStarted")          # the Rebellion goes first


@pytest.mark.rule("GW-SSET-13", "GW-GAP-24")
def test_hard_mode_has_more_level_two_cards():
    cfg, s = solo_table(level="hard")
    assert [C.rebels[r].level for r in s.rebel_deck] == [1] * 2 + [2] * 11


@pytest.mark.rule("GW-REB-17", "GW-GAP-23", "GW-REB-21")
def test_rebel_assassinate_wounds_by_priority_then_kills_a_guard():
    cfg, s = solo_table()
    ready(s)
    card = C.rebels["R1-08"]                                            # priority BLUE, WHITE, GREEN
    blue = next(m for m in C.merc_ids if C.mercs[m].mission == "BLUE")
    red = next(m for m in C.merc_ids if C.mercs[m].mission == "RED")
    command_area(s, 1, [red, blue])
    e = Unfolding.over(RULES, s)
    solo.assassinate(C, e, card)
    assert e.state.wounded[0] == [blue]
    cfg, s = solo_table()
    ready(s)
    command_area(s, 1, [red], guards={})
    s.area[0] = [red]
    e = Unfolding.over(RULES, s)
    solo.assassinate(C, e, card)
    assert e.state.wounded[0] == []                                     # fewer than 2 mercenaries
    assert not s.hands[1] and not s.support_hands[1] and not s.ships[1]


@pytest.mark.rule("GW-REB-09", "GW-REB-12", "GW-REB-13", "GW-REB-18")
def test_rebel_pool_limits_and_returns():
    cfg, s = solo_table()
    ready(s)
    s.base[1][RES * 3] = 0
    s.base[1][MED * 3] = 20          # keep the count: they are "elsewhere" for this check only
    e = Unfolding.over(RULES, s)
    power = s.power[1]
    solo.pre_deploy(C, e, C.rebels["R1-01"])                             # C: I, N: I - none in the pool
    assert e.state.power[1] == power + 2
    cfg, s = solo_table()
    ready(s)
    kind = s.planet_type[planets_in(s, "N")[0]]
    held = put(s, planets_in(s, "N")[0], 2, infantry=2)
    s.pre[C.sector_index["N"]] = [3, 0, 0]
    s.base[1][RES * 3] -= 3
    card = next(r for r in C.rebels.values() if r.priority[0] == kind)
    e = Unfolding.over(RULES, s)
    e.state.rebel_step, e.state.rebel_sector = 0, 0
    solo.deploy_invade(C, e, card)
    assert e.state.planet_units[held] == [3, 0, 0] and e.state.pre[C.sector_index["N"]] == [2, 0, 0]
    # a Rebellion unit destroyed goes back to the pool
    pool = e.state.base[1][RES * 3]
    e.emit(ev.UnitsLost(player=2, planet=held, units=(1, 0, 0)))
    assert e.state.base[1][RES * 3] == pool + 1


@pytest.mark.rule("GW-SPT-01", "GW-SPT-02", "GW-SPT-03", "GW-SPT-04", "GW-SPT-05", "GW-AMB-50", "GW-AMB-66")
def test_solo_deployment_range():
    cfg, s = solo_table()
    ready(s)
    launch_pad(s, 1, infantry=3)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    assert len(sess.legal_actions()) == 12                              # no planet held: anywhere
    cfg, s = solo_table()
    ready(s)
    put(s, planets_in(s, "NW")[0], 1, infantry=1)
    launch_pad(s, 1, infantry=3)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sectors = {s.planet_sector[a.planet] for a in sess.legal_actions()}
    assert sectors == {"NW", "N", "W"}
    target = planets_in(s, "N")[0]
    sess.apply(ev.TargetPlanet(player=1, planet=target))
    sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=0, aircraft=0))
    assert sess.state.power[0] == 0 and sess.state.owner[target] == 1
    cfg, s = solo_table()
    ready(s)
    put(s, planets_in(s, "NW")[0], 1, infantry=1)
    launch_pad(s, 1, infantry=2, aircraft=1)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    assert len(sess.legal_actions()) == 12                              # Dropship reaches anywhere
    st = at_phase(solo_table()[1], 1, "recall", "recall")
    st.prompt = None
    e = Unfolding.over(RULES, st)
    flow.advance(C, e, None)
    assert e.state.phase != "ship"


@pytest.mark.rule("GW-SPT-06", "GW-SPT-11", "GW-SPT-10", "GW-SPT-12")
def test_solo_assassinate_and_heavy_assault_remove_pre_deployed_units():
    cfg, s = solo_table()
    ready(s)
    s.pre[C.sector_index["E"]] = [1, 1, 0]
    s.base[1][RES * 3] -= 1
    s.base[1][RES * 3 + 1] -= 1
    launch_pad(s, 1, infantry=1)
    card = merc_with("assassinate", two=True)
    sess = session(cfg, at_actions(s, 1, card))
    sess.apply(ev.ChooseAction(player=1, action="assassinate", slot=C.mercs[card].actions.index("assassinate")))
    assert set(sess.legal_actions()) == {ev.RemovePreDeployed(player=1, sector="E", unit="infantry"),
                                         ev.RemovePreDeployed(player=1, sector="E", unit="tank")}
    sess.apply(ev.RemovePreDeployed(player=1, sector="E", unit="tank"))
    assert sess.state.pre[C.sector_index["E"]] == [1, 0, 0] and sess.state.base[1][RES * 3 + 1] == 3
    # a single guard of a colour is enough in solo
    s = sess.state.copy()
    s.area[0] = []
    a = next(m for m in C.merc_ids if C.mercs[m].right == "RED")
    b = next(m for m in C.merc_ids if C.mercs[m].left == "RED" and m != a)
    s.area = [list(x) for x in s.area]
    s.area[0] = [a]
    s.circle = [[], []]
    s.guard = [[], []]
    s.hands[0] = [b] + [m for m in s.hands[0] if m != b][:2]
    s.pre[C.sector_index["N"]] = [1, 0, 0]
    s.base[1][RES * 3] -= 1
    launch_pad(s, 1, infantry=1)
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=b, side="right"))
    sess.apply(ev.PlaceGuard(player=1))
    assert sess.state.prompt.kind == "skill"
    sess.apply(ev.UseSkill(player=1, colour="RED"))
    sess.apply(ev.RemovePreDeployed(player=1, sector="E", unit="infantry"))
    sess.apply(ev.RemovePreDeployed(player=1, sector="N", unit="infantry"))
    assert all(sum(x) == 0 for x in sess.state.pre) and sess.state.prompt.kind == "action"


@pytest.mark.rule("GW-SPT-07", "GW-SPT-08", "GW-SPT-09", "GW-AMB-49", "GW-AMB-48", "GW-SPT-14")
def test_solo_subterfuge_and_market_refill_at_end_of_turn():
    cfg, s = solo_table()
    sess = session(cfg, s)
    sess.apply(ev.Discard(player=1, card=s.hands[0][0]))
    sess.apply(ev.Discard(player=1, card=sess.state.hands[0][0]))
    st = sess.state.copy()
    ready(st)
    launch_pad(st, 1, infantry=3)
    card = merc_with("subterfuge", two=True)
    at_actions(st, 1, card)
    market = list(st.market)
    sess = session(cfg, st)
    sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=C.mercs[card].actions.index("subterfuge")))
    assert {a.option for a in sess.legal_actions()} == {"copy", "swap"}
    sess.apply(ev.SubterfugeOption(player=1, option="swap"))
    give, take = st.hands[0][0], market[0]
    sess.apply(ev.SoloSwap(player=1, discard=give, take=take))
    s2 = sess.state
    assert take in s2.hands[0] and give in s2.removed and len(s2.market) == 2
    sess.apply(ev.Pass(player=1))
    sess.apply(ev.Hire(player=1, card=s2.market[0]))
    assert len(sess.state.market) == 3 or sess.state.over


@pytest.mark.rule("GW-SPT-15", "GW-SPT-16", "GW-REB-15")
def test_the_human_invades_the_rebellion():
    cfg, s = solo_table()
    ready(s)
    s.rep_slots = ["deploy"] * 8
    planet = put(s, planets_in(s, "C")[0], 2, infantry=1)
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, "M01"), dice=[HIT, MISS, MISS])
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.Pass(player=1))
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    st = sess.state
    assert st.owner[planet] == 1 and st.rep[0] == 2 and st.base[1][RES * 3] == s.base[1][RES * 3] + 1


@pytest.mark.rule("GW-SEND-01", "GW-SEND-03", "GW-SEND-04", "GW-AMB-56")
def test_solo_game_ends():
    s = Session.new(RULES, players=1, seed=4)
    run_bots(s, {1: RandomAgent(RULES)}, seed=4)
    st = s.state
    assert st.over and (not st.rebel_deck or st.end_kind in ("supply", "") or max(st.rep) == C.rep_last)
    cfg, s2 = solo_table()
    ready(s2)
    s2.rebel_deck = s2.rebel_deck[:1]
    e = Unfolding.over(RULES, s2)
    e.state.phase, e.state.prompt = "rebel", None
    flow.advance(C, e, ScriptedRng([], then=__import__("boardcore.game.rng", fromlist=["Rng"]).Rng.derive("x", 0)))
    assert e.state.over or e.state.prompt is not None
    blues = [m for m in C.merc_ids if C.mercs[m].mission == "BLUE" and C.mercs[m].two_player][:4]
    cfg, s3 = solo_table()
    ready(s3)
    command_area(s3, 1, blues[:3])
    s3.hands[0] = [blues[3]] + s3.hands[0][:2]
    sess = session(cfg, at_phase(s3, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=blues[3], side="right"))
    assert sess.state.end_kind == ""


@pytest.mark.rule("GW-SEND-02", "GW-SSCORE-01", "GW-SSCORE-04", "GW-SSCORE-05", "GW-AMB-57")
def test_solo_reputation_end_is_immediate_and_ties_go_to_reputation():
    cfg, s = solo_table()
    ready(s)
    s.rep_slots = ["bombard"] * 8
    s.rep = [15, 0]
    planet = put(s, planets_in(s, "C")[0], 2, infantry=2)
    launch_pad(s, 1, infantry=1)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    sess.apply(ev.Bonus(player=1, choice="power"))
    st = sess.state
    assert st.over and st.planet_units[planet] == [2, 0, 0]                         # the Bombard never resolved
    st.power = [10, 10]
    st.rep = [16, 3]
    assert RULES.outcome(st).winners == (1,)
    st.rep = [3, 3]
    assert RULES.outcome(st).winners == ()
    assert scoring.majority(C, st)[1] == C.domination_value[st.track[T[st.planet_type[planet]]]]




@pytest.mark.rule("GW-SUP-03", "GW-SUP-11", "GW-AMB-26", "GW-REB-01")
def test_kickstarter_is_offered_on_the_rebellions_turn_after_a_support_card_on_ones_own():
    """The Rebellion's turn is a turn of its own: a support card played on the human's
    previous turn does not use up the one allowed while the Rebellion invades."""
    from wl_helpers import set_type

    cfg, s = solo_table()
    clear(s)
    for planet, kind in zip(planets_in(s, "C"), ["WHITE", "BLUE"]):
        set_type(s, planet, kind)
    put(s, planets_in(s, "C")[0], 1, infantry=1)
    s.pre = [[0, 0, 0] for _ in C.sectors]
    s.pre[C.sector_index["C"]] = [2, 0, 0]                             # the Rebellion invades from C
    s.base[1][RES * 3] -= 2
    kick = next(x for x in C.support_ids if C.support[x] == "kickstarter")
    for hand in s.support_hands:
        if kick in hand:
            hand.remove(kick)
    if kick in s.sdeck:
        s.sdeck.remove(kick)
    s.support_hands = [[kick], []]
    s.support_played = [True, False]                                  # used on the human's own turn
    s.rebel_deck = ["R1-01"] + [x for x in s.rebel_deck if x != "R1-01"]
    s.prompt = None
    e = Unfolding.over(RULES, s)
    e.emit(ev.PhaseStarted(phase="rebel"))
    flow.advance(C, e, ScriptedRng([4] * 6))
    assert e.state.prompt.kind == "reinforce"
    assert ev.PlaySupport(player=1, card=kick) in RULES.legal_actions(e.state)


def test_the_search_s_margin_is_the_estimate_of_the_lead():
    """`mcts` scores leaves with `margin`: Warlords' `evaluate` is already the lead over the best opponent
    (the Rebellion alone), with no look ahead, so the two are one."""
    from boardcore.agents.play import agent_rng, seeded, start

    for config in (RULES.make_config(players=1), RULES.make_config(players=3)):
        chance, choice = seeded("margin"), agent_rng("margin")
        state, position = start(RULES, config, chance)
        for _ in range(60):
            if RULES.outcome(state) is not None:
                break
            for p in range(1, config.players + 1):
                assert RULES.margin(state, p) == RULES.evaluate(state, p)
            player = RULES.to_act(state)[0]
            legal = [a for a in RULES.legal_actions(state) if a.player == player]
            unfolding = RULES.unfold(state, legal[choice(position).randbelow(len(legal))], chance(position),
                                     trusted=True, in_place=True)
            state, position = unfolding.state, position + len(unfolding.events)

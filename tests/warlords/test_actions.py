"""The Action Phase, reputation and the seven actions (GW-ACT, GW-REP, GW-DEP, GW-DONLY, GW-ASN,
GW-SUB, GW-BOMB, GW-SUPA, GW-RCN)."""

from __future__ import annotations

from pathlib import Path

import pytest
from wl_helpers import (HIT, LP, MED, MIS, MISS, RES, C, at_actions, at_phase, clear, command_area, ev, hand,
                        launch_pad, merc_with, planets_in, put, session, table)

from warlords import RULES, reputation
from warlords.state import DEC

T = C.type_index


def base_table(players=2, slots="support", **options):
    cfg, s = table(players, **options)
    clear(s)
    s.rep_slots = [slots] * 8
    s.ships = ["C"] + ["NW", "SE", "NE"][:players - 1]
    s.support_hands = [[] for _ in range(players)]
    return cfg, s


@pytest.mark.rule("GW-ACT-01", "GW-ACT-02", "GW-ACT-03", "GW-INV-22")
def test_each_printed_action_at_most_once_in_any_order():
    cfg, s = base_table()
    launch_pad(s, 1, infantry=3)
    put(s, planets_in(s, "E")[0], 2, infantry=2)
    sess = session(cfg, at_actions(s, 1, "M01"), dice=[MISS, MISS])
    kinds = {a.action for a in sess.legal_actions() if isinstance(a, ev.ChooseAction)}
    assert kinds == {"deploy", "bombard"}
    sess.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    assert not any(isinstance(a, (ev.ChooseAction, ev.PlaySupport)) for a in sess.legal_actions())
    sess.apply(ev.TargetPlanet(player=1, planet=planets_in(s, "E")[0]))
    kinds = {a.action for a in sess.legal_actions() if isinstance(a, ev.ChooseAction)}
    assert kinds == {"deploy"}
    sess.apply(ev.Pass(player=1))
    assert sess.state.phase in ("hire", "end", "recall", "ship")


@pytest.mark.rule("GW-ACT-04", "GW-ACT-05", "GW-AMB-20", "GW-GAP-26")
def test_an_action_needs_its_cost_and_a_target():
    cfg, s = base_table()
    launch_pad(s, 1, infantry=0, tanks=1)
    put(s, planets_in(s, "E")[0], 2, infantry=2)
    card = merc_with("bombard", "support")
    sess = session(cfg, at_actions(s, 1, card))
    assert not any(isinstance(a, ev.ChooseAction) and a.action in ("bombard", "support")
                   for a in sess.legal_actions())
    cfg, s = base_table()
    launch_pad(s, 1, infantry=2)
    s.sdiscard, s.sdeck = [], []
    sess = session(cfg, at_actions(s, 1, card))
    offered = {a.action for a in sess.legal_actions() if isinstance(a, ev.ChooseAction)}
    assert "bombard" not in offered and "support" not in offered        # no opposing Infantry; no cards


@pytest.mark.rule("GW-ACT-08", "GW-RCN-10", "GW-INV-19")
def test_recon_marker_in_the_ship_sector_returns_after_the_action_phase():
    cfg, s = base_table()
    s.recon = [["C", ""], ["", ""]]
    sess = session(cfg, at_actions(s, 1, "M01"))
    events = sess.apply(ev.Pass(player=1))
    assert any(isinstance(e, ev.ReconReturned) and not e.used for e in events)
    assert sess.state.recon[0] == ["", ""]


@pytest.mark.rule("GW-REP-08", "GW-AMB-19", "GW-DONLY-01", "GW-DONLY-02", "GW-DEP-05")
def test_deploy_only_matches_a_deploy_marker_and_never_invades():
    cfg, s = base_table(slots="deploy")
    launch_pad(s, 1, infantry=3)
    mine = put(s, planets_in(s, "C")[0], 1, infantry=1)
    theirs = put(s, planets_in(s, "C")[1], 2, infantry=1)
    card = merc_with("deploy_only")
    sess = session(cfg, at_actions(s, 1, card))
    sess.apply(ev.ChooseAction(player=1, action="deploy_only", slot=0))
    assert sess.state.rep[0] == 1
    sess.apply(ev.Pass(player=1))
    targets = {a.planet for a in sess.legal_actions()}
    assert mine in targets and theirs not in targets
    sess.apply(ev.TargetPlanet(player=1, planet=mine))
    assert {(a.infantry + a.tanks + a.aircraft) for a in sess.legal_actions()} == {1, 2}   # 3-unit limit
    power = sess.state.power[0]
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    assert sess.state.planet_units[mine] == [3, 0, 0] and sess.state.power[0] == power


@pytest.mark.rule("GW-DEP-02", "GW-DEP-03", "GW-FAQ-04", "GW-COMP-10")
def test_any_mix_of_units_up_to_three():
    cfg, s = base_table()
    launch_pad(s, 1, infantry=3, tanks=2, aircraft=1)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=planets_in(s, "C")[0]))
    groups = {(a.infantry, a.tanks, a.aircraft) for a in sess.legal_actions()}
    assert (1, 1, 1) in groups and (0, 2, 1) in groups and all(sum(g) <= 3 for g in groups)


@pytest.mark.rule("GW-REP-13", "GW-REP-15", "GW-AMB-37", "GW-REP-10")
def test_new_friends_and_recover_units():
    cfg, s = base_table(slots="support")
    launch_pad(s, 1, infantry=2)
    b = s.base[0]
    b[RES * 3] -= 4
    b[DEC * 3], b[MIS * 3], b[MED * 3] = 1, 2, 1
    b[DEC * 3 + 1], b[LP * 3 + 1] = 1, b[LP * 3 + 1] - 1
    s.rep = [1, 0]                                   # space 2 offers New Friends, space 3 Recover Units
    card = merc_with("support")
    sess = session(cfg, at_actions(s, 1, card))
    slot = C.mercs[card].actions.index("support")
    sess.apply(ev.ChooseAction(player=1, action="support", slot=slot))
    hand_before = len(sess.state.support_hands[0])
    sess.apply(ev.Bonus(player=1, choice="new_friends"))
    assert len(sess.state.support_hands[0]) == hand_before + 2       # the bonus, then the action's card
    s2 = sess.state.copy()
    s2.rep = [2, 0]
    s2.used = []
    at_phase(s2, 1, "actions", "action", played=card)
    lp = list(s2.base[0][LP * 3:LP * 3 + 3])
    sess = session(cfg, s2)
    sess.apply(ev.ChooseAction(player=1, action="support", slot=slot))
    sess.apply(ev.Bonus(player=1, choice="recover_units"))
    nb = sess.state.base[0]
    assert nb[LP * 3] == lp[0] - 1 + 1 and nb[DEC * 3 + 1] == 1 and nb[LP * 3 + 1] == lp[1]


@pytest.mark.rule("GW-REP-16", "GW-GAP-12")
def test_gain_mission_draws_a_mercenary_when_the_track_has_it(tmp_path: Path):
    src = (Path(__file__).parents[2] / "src/warlords/data/reputation.toml").read_text()
    (tmp_path / "reputation.toml").write_text(src.replace('alternative = "for_the_cause"', 'alternative = "gain_mission"', 1))
    rules = RULES.with_data(tmp_path)
    cfg, s = base_table()
    s.rep = [0, 0]
    assert "gain_mission" not in reputation.bonus_options(rules.c, s, 1)   # not yet on the track's space
    s.rep = [1, 0]
    assert "gain_mission" in reputation.bonus_options(rules.c, s, 1)
    s.rep, top = [0, 0], s.deck[0]
    from wl_helpers import Prompt
    from warlords.state import Ctx
    s.ctx, s.prompt = [Ctx(kind="bonus", source="reputation", target=1)], Prompt(player=1, kind="bonus")
    s.rep = [1, 0]
    from boardcore.session.session import Session
    sess = Session.from_state(rules, s, config=cfg)
    sess.apply(ev.Bonus(player=1, choice="gain_mission"))
    assert top in sess.state.hands[0]


@pytest.mark.rule("GW-REP-18", "GW-END-03", "GW-AMB-23")
def test_the_last_reputation_space_ends_the_game_after_the_turn():
    cfg, s = base_table(slots="bombard")
    s.rep = [15, 0]
    launch_pad(s, 1, infantry=2)
    put(s, planets_in(s, "E")[0], 2, infantry=2)
    sess = session(cfg, at_actions(s, 1, "M01"), dice=[MISS, MISS])
    sess.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    assert sess.state.rep[0] == 16 and sess.state.end_kind == "reputation"
    assert {a.choice for a in sess.legal_actions() if isinstance(a, ev.Bonus)} == {"power"}
    sess.apply(ev.Bonus(player=1, choice="power"))
    sess.apply(ev.TargetPlanet(player=1, planet=planets_in(s, "E")[0]))
    assert not sess.state.over                       # the turn is finished first
    sess.apply(ev.Pass(player=1))
    while not sess.state.over:
        sess.apply(sess.legal_actions()[0])
    assert sess.state.turn == s.turn and reputation.matches(C, sess.state, 1, "bombard") is False


@pytest.mark.rule("GW-DEP-09", "GW-TEAM-07", "GW-AMB-44", "GW-TEAM-01")
def test_team_mates_are_never_targets():
    cfg, s = base_table(players=4)
    assert s.mode == "teams"
    launch_pad(s, 1, infantry=3)
    mate = put(s, planets_in(s, "C")[0], 3, infantry=1)
    enemy = put(s, planets_in(s, "C")[1], 2, infantry=1)
    command_area(s, 3, ["M01", "M02"])
    command_area(s, 2, ["M03", "M04"])
    sess = session(cfg, at_actions(s, 1, "M29"))   # Deploy, Bombard, Assassinate
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    targets = {a.planet for a in sess.legal_actions()}
    assert enemy in targets and mate not in targets
    from warlords import queries as q
    assert q.bombard_targets(sess.state, 1) == [enemy]
    assert {t for t, _ in q.wound_targets(sess.state, 1)} == {2}


@pytest.mark.rule("GW-ASN-05", "GW-AMB-42", "GW-GUARD-07", "GW-INV-26")
def test_a_wound_is_permanent_and_single():
    cfg, s = base_table()
    command_area(s, 2, ["M01", "M02", "M03"])
    s.wounded = [[], ["M03"]]
    launch_pad(s, 1, infantry=2)
    card = merc_with("assassinate")
    sess = session(cfg, at_actions(s, 1, card))
    sess.apply(ev.ChooseAction(player=1, action="assassinate", slot=C.mercs[card].actions.index("assassinate")))
    assert ev.Wound(player=1, target=2, card="M03") not in sess.legal_actions()


@pytest.mark.rule("GW-SUB-01", "GW-SUB-02", "GW-SUB-03", "GW-AMB-43", "GW-INV-14")
def test_subterfuge_keep_and_give():
    cfg, s = base_table()
    launch_pad(s, 1, infantry=1)
    sess = session(cfg, at_actions(s, 1, "M05"), dice=[s.hands[1][2]])
    sizes = [len(h) for h in sess.state.hands]
    sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=1))
    assert sess.state.base[0][MIS * 3] >= 1 and sess.legal_actions() == [ev.TargetPlayer(player=1, target=2)]
    taken = s.hands[1][2]
    sess.apply(ev.TargetPlayer(player=1, target=2))
    view = RULES.view(sess.state, 2)
    assert view.taken == taken and RULES.view(sess.state, None).taken == "?"
    sess.apply(ev.SubterfugeOption(player=1, option="keep"))
    give = next(a for a in sess.legal_actions() if a.card != taken)
    assert all(a.card != taken for a in sess.legal_actions())
    sess.apply(give)
    assert [len(h) for h in sess.state.hands] == sizes
    assert taken in sess.state.hands[0] and give.card in sess.state.hands[1]


@pytest.mark.rule("GW-SUB-05", "GW-SUB-06", "GW-SUB-09", "GW-REP-06")
def test_subterfuge_borrowed_actions_are_limited():
    cfg, s = base_table(slots="deploy")
    launch_pad(s, 1, infantry=3)
    theirs = put(s, planets_in(s, "C")[0], 2, infantry=1)
    borrowed = "M05"                                   # Deploy, Subterfuge
    hand(s, 2, [borrowed] + [m for m in s.hands[1] if m != borrowed][:4])
    sess = session(cfg, at_actions(s, 1, "M11"), dice=[borrowed])   # M11: Assassinate, Subterfuge
    sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=1))
    sess.apply(ev.TargetPlayer(player=1, target=2))
    sess.apply(ev.SubterfugeOption(player=1, option="play"))
    assert sess.legal_actions() == [ev.BorrowAction(player=1, card=borrowed, action="deploy")]
    sess.apply(ev.BorrowAction(player=1, card=borrowed, action="deploy"))
    assert theirs not in {a.planet for a in sess.legal_actions()}
    sess.apply(ev.TargetPlanet(player=1, planet=planets_in(s, "C")[1]))
    sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=0, aircraft=0))
    assert sess.state.rep[0] == 0 and borrowed in sess.state.hands[1]
    assert sess.state.used == [1]                      # the own card's Assassinate is still available


@pytest.mark.rule("GW-BOMB-02", "GW-BOMB-03", "GW-BOMB-04", "GW-BOMB-07", "GW-BOMB-08", "GW-INV-20", "GW-AMB-07")
def test_bombard_kills_then_rolls_two_dice():
    cfg, s = base_table()
    launch_pad(s, 1, infantry=1)
    far = put(s, planets_in(s, "SE")[0], 2, infantry=2)
    put(s, planets_in(s, "NW")[0], 2, tanks=1)
    track = list(s.track)
    sess = session(cfg, at_actions(s, 1, "M01"), dice=[HIT, HIT])
    sess.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    assert {a.planet for a in sess.legal_actions()} == {far}          # any sector, opposing Infantry only
    medbay = sess.state.base[1][MED * 3]
    events = sess.apply(ev.TargetPlanet(player=1, planet=far))
    rolled = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert len(rolled) == 1 and len(rolled[0].values) == 2
    st = sess.state
    assert st.owner[far] == 0 and st.base[1][MED * 3] == medbay + 2 and list(st.track) == track
    assert st.rep[0] == 0 and not any(isinstance(e, ev.InvasionStarted) for e in events)


@pytest.mark.rule("GW-SUPA-01", "GW-GAP-26", "GW-SUP-13")
def test_support_action_draws_reshuffling_the_discards():
    cfg, s = base_table(slots="bombard")
    launch_pad(s, 1, infantry=1)
    s.sdiscard, s.sdeck = list(s.sdeck), []
    card = merc_with("support")
    sess = session(cfg, at_actions(s, 1, card), dice=[list(reversed(s.sdiscard))], then=2)
    events = sess.apply(ev.ChooseAction(player=1, action="support", slot=C.mercs[card].actions.index("support")))
    assert any(isinstance(e, ev.SupportShuffled) for e in events)
    assert len(sess.state.support_hands[0]) == 1 and sess.state.sdiscard == []


@pytest.mark.rule("GW-RCN-01", "GW-RCN-06", "GW-RCN-09", "GW-AMB-34")
def test_tactical_drop_deploys_only_in_the_entered_sector():
    cfg, s = base_table()
    s.recon = [["NE", ""], ["", ""]]
    s.ships = ["N", "SE"]
    launch_pad(s, 1, infantry=2, aircraft=1)
    enemy = put(s, planets_in(s, "NE")[0], 2, infantry=1)
    free = planets_in(s, "NE")[1]
    sess = session(cfg, at_phase(s, 1, "ship", "ship"))
    sess.apply(ev.MoveShip(player=1, sector="NE"))
    assert sess.state.prompt.kind == "tactical"
    sess.apply(ev.UseTactical(player=1))
    assert {a.planet for a in sess.legal_actions()} == {free}       # no invasion, no Dropship reach
    sess.apply(ev.TargetPlanet(player=1, planet=free))
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    st = sess.state
    assert st.owner[free] == 1 and st.power[0] == C.deploy_value[st.track[T[st.planet_type[free]]]]
    assert st.phase == "merc" and st.recon[0] == ["", ""] and st.owner[enemy] == 2



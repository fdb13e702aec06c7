"""The rulebook's worked examples (GW-EX-01..20), with forced dice where chance matters."""

from __future__ import annotations

import pytest
from wl_helpers import (DEST, GUARDED, HIT, IHIT, LP, MED, MISS, RES, SHUT, C, at_actions, at_phase, clear,
                        command_area, ev, hand, launch_pad, merc_with, planets_in, put, session, set_type,
                        table)

from boardcore.game.errors import IllegalAction
from boardcore.game.rng import ScriptedRng
from warlords import RULES, flow, scoring, solo
from boardcore.game.rules import Unfolding

T = C.type_index
DEPLOY_BOMBARD = "M01"     # Deploy, Bombard
DEPLOY_RECON = "M02"       # Deploy, Recon
DEPLOY_SUBTERFUGE = "M05"  # Deploy, Subterfuge


def quiet_track(s, first: str = "support"):
    """A reputation track whose markers the test's actions do not match."""
    s.rep_slots = [first] + ["support"] * 7
    return s


@pytest.mark.rule("GW-EX-01", "GW-DEP-01", "GW-DEP-04", "GW-CON-02", "GW-CON-09")
def test_ex01_deploy_power_on_a_yellow_planet():
    cfg, s = table(2)
    quiet_track(clear(s))
    s.ships = ["C", "NW"]
    yellow = set_type(s, planets_in(s, "C")[0], "YELLOW")
    s.track = list(s.track)
    s.track[T["YELLOW"]] = 4
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=yellow))
    events = sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    st = sess.state
    assert st.owner[yellow] == 1 and st.planet_units[yellow] == [2, 0, 0]
    assert st.base[0][LP * 3] == 0
    assert [e.amount for e in events if isinstance(e, ev.PowerGained)] == [2]
    assert st.power[0] == 2 and st.track[T["YELLOW"]] == 4


def _bombard_ready(choice_rep: bool = True):
    cfg, s = table(2)
    clear(s)
    s.rep_slots = ["bombard"] * 8
    s.ships = ["C", "NW"]
    target = put(s, planets_in(s, "E")[0], 2, infantry=2)
    launch_pad(s, 1, infantry=1)
    return cfg, at_actions(s, 1, DEPLOY_BOMBARD), target


@pytest.mark.rule("GW-EX-02", "GW-REP-01", "GW-REP-03", "GW-REP-10", "GW-REP-11", "GW-REP-12", "GW-REP-17",
                  "GW-ACT-07", "GW-AMB-20", "GW-AMB-39")
@pytest.mark.parametrize("choice", ["for_the_cause", "power"])
def test_ex02_reputation_bonus_choice(choice):
    cfg, s, target = _bombard_ready()
    reserve = s.base[0][RES * 3]
    sess = session(cfg, s, dice=[MISS, MISS])
    sess.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    st = sess.state
    assert st.rep[0] == 1 and st.prompt.kind == "bonus"          # before the Bombard resolves
    offered = {a.choice for a in sess.legal_actions() if isinstance(a, ev.Bonus)}
    assert offered == {"power", "for_the_cause"}
    assert ev.Pass(player=1) in sess.legal_actions()                # the bonus may be declined
    sess.apply(ev.Bonus(player=1, choice=choice))
    st = sess.state
    if choice == "for_the_cause":
        assert st.base[0][LP * 3] == 1 and st.base[0][RES * 3] == reserve - 1 and st.power[0] == 0
    else:
        assert st.power[0] == 2 and st.base[0][RES * 3] == reserve
    assert st.prompt.kind == "planet"                                # then the Bombard's effect
    sess.apply(ev.TargetPlanet(player=1, planet=target))
    assert sess.state.planet_units[target] == [1, 0, 0]


def _missions_table(blue_mercs: int, wounded_yellow: int = 0, mission: str = "per_planet"):
    cfg, s = table(2, mission=mission)
    clear(s)
    blues = [m for m in C.merc_ids if C.mercs[m].mission == "BLUE"][:blue_mercs]
    yellows = [m for m in C.merc_ids if C.mercs[m].mission == "YELLOW"][:3]
    command_area(s, 1, blues + yellows)
    s.wounded = [list(yellows[:wounded_yellow]), []]
    b1, b2 = planets_in(s, "W")
    y = planets_in(s, "E")[0]
    for p, kind in ((b1, "BLUE"), (b2, "BLUE"), (y, "YELLOW")):
        set_type(s, p, kind)
        put(s, p, 1, infantry=1)
    return s


@pytest.mark.rule("GW-EX-03", "GW-SCORE-03", "GW-SCORE-04", "GW-ASN-04", "GW-CON-04")
def test_ex03_missions_8_plus_6():
    assert scoring.missions(C, _missions_table(2), 1) == 14
    assert scoring.missions(C, _missions_table(2, wounded_yellow=1), 1) == 8 + 4


@pytest.mark.rule("GW-EX-15", "GW-AMB-40", "GW-SSCORE-02")
def test_ex15_the_printed_solo_example_under_both_readings():
    assert scoring.missions(C, _missions_table(4), 1) == 22
    assert scoring.missions(C, _missions_table(4, mission="per_mercenary"), 1) == 2 * 7
    assert scoring.missions(C, _missions_table(2, mission="per_mercenary"), 1) == 2 * 5


@pytest.mark.rule("GW-EX-04", "GW-SET-10", "GW-SET-11", "GW-SHIP-08", "GW-CON-10", "GW-GAP-03", "GW-GAP-07")
def test_ex04_planet_markers_follow_reveals():
    for seed in range(5):
        cfg, s = table(2, seed=seed)
        for t, kind in enumerate(C.types):
            shown = sum(1 for i, x in enumerate(s.planet_type) if x == kind and s.revealed[i])
            assert s.track[t] == shown
        assert all(s.revealed[i] == (x in ("W", "C", "E")) for i, x in enumerate(s.planet_sector))
    cfg, s = table(2, seed=3)
    nw = planets_in(s, "NW")
    set_type(s, nw[0], "WHITE")
    set_type(s, nw[1], "RED")
    white = s.track[T["WHITE"]]
    s.ships = ["W", "SE"]
    sess = session(cfg, at_phase(s, 1, "ship", "ship"))
    sess.apply(ev.MoveShip(player=1, sector="NW"))
    assert sess.state.track[T["WHITE"]] == white + 1 and all(sess.state.revealed[i] for i in nw)


def _play(sess, action: str, slot: int, planet=None):
    sess.apply(ev.ChooseAction(player=1, action=action, slot=slot))
    if sess.state.prompt.kind == "bonus":
        sess.apply(ev.Pass(player=1))
    if action == "bombard":
        sess.apply(ev.TargetPlanet(player=1, planet=planet))
    elif action == "recon":
        sess.apply(ev.ChooseSector(player=1, sector="NE"))
        sess.apply(ev.Pass(player=1))
    elif action == "subterfuge":
        sess.apply(ev.TargetPlayer(player=1, target=2))
        sess.apply(ev.SubterfugeOption(player=1, option="keep"))
        sess.apply(sess.legal_actions()[0])


@pytest.mark.rule("GW-EX-05", "GW-REP-02", "GW-REP-04", "GW-REP-05", "GW-AMB-17", "GW-GAP-08")
@pytest.mark.parametrize("start, card, action, slot, expected", [
    (0, DEPLOY_BOMBARD, "bombard", 1, 1),
    (1, DEPLOY_BOMBARD, "bombard", 1, 2),
    (2, DEPLOY_BOMBARD, "bombard", 1, 2),
    (2, DEPLOY_RECON, "recon", 1, 3),
    (3, DEPLOY_RECON, "recon", 1, 4),
    (4, DEPLOY_RECON, "recon", 1, 4),
    (4, DEPLOY_SUBTERFUGE, "subterfuge", 1, 5),
])
def test_ex05_which_action_earns_reputation(start, card, action, slot, expected):
    cfg, s = table(2)
    clear(s)
    s.rep_slots = ["bombard", "recon", "subterfuge", "deploy", "deploy", "support", "assassinate", "assassinate"]
    s.rep = [start, 0]
    s.ships = ["C", "NW"]
    target = put(s, planets_in(s, "E")[0], 2, infantry=3)
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, card), dice=[MISS, MISS] if action == "bombard" else [], then=1)
    _play(sess, action, slot, target)
    assert sess.state.rep[0] == expected


@pytest.mark.rule("GW-EX-05", "GW-SUP-04", "GW-SUP-07", "GW-REP-05", "GW-GAP-15")
def test_ex05_recon_through_a_support_card_gains_nothing():
    cfg, s = table(2)
    clear(s, reveal=False)
    s.rep_slots = ["bombard", "recon"] + ["support"] * 6
    s.rep = [2, 0]
    s.ships = ["C", "NW"]
    s.support_hands = [["S04"], []]
    s.sdeck = [x for x in s.sdeck if x != "S04"]
    launch_pad(s, 1, infantry=1)
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD))
    sess.apply(ev.PlaySupport(player=1, card="S04"))
    sess.apply(ev.ChooseSector(player=1, sector="NE"))
    assert sess.state.rep[0] == 2 and sess.state.base[0][LP * 3] == 0


def _dropship(ne_state: str):
    cfg, s = table(2)
    clear(s)
    quiet_track(s)
    s.ships = ["W", "SE"]
    ne = set_type(s, planets_in(s, "NE")[0], "YELLOW")
    if ne_state == "face_down":
        s.revealed = list(s.revealed)
        s.revealed[ne] = False
    elif ne_state == "blue":
        put(s, ne, 2, infantry=1)
    launch_pad(s, 1, infantry=2, aircraft=1)
    return cfg, s, ne


@pytest.mark.rule("GW-EX-06", "GW-DEP-07", "GW-DEP-08", "GW-FAQ-09", "GW-DONLY-02", "GW-AMB-36", "GW-DEP-06")
def test_ex06_aircraft_dropship():
    cfg, s, ne = _dropship("empty")
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    assert ev.TargetPlanet(player=1, planet=ne) in sess.legal_actions()
    sess.apply(ev.TargetPlanet(player=1, planet=ne))
    groups = {(a.infantry, a.tanks, a.aircraft) for a in sess.legal_actions()}
    assert (2, 0, 0) not in groups and (2, 0, 1) in groups       # without the Aircraft, NE is out of reach
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=1))
    assert sess.state.owner[ne] == 1
    assert sess.state.power[0] == C.deploy_value[s.track[T["YELLOW"]]]
    # face down: not a target
    cfg, s, ne = _dropship("face_down")
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    assert ev.TargetPlanet(player=1, planet=ne) not in sess.legal_actions()
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.TargetPlanet(player=1, planet=ne))
    assert err.value.rule == "GW-DEP-08"
    # held by Blue: Deploy invades, Deploy Only may not
    cfg, s, ne = _dropship("blue")
    only = at_actions(s, 1, merc_with("deploy_only"))
    sess = session(cfg, only)
    sess.apply(ev.ChooseAction(player=1, action="deploy_only", slot=0))
    assert ev.TargetPlanet(player=1, planet=ne) not in sess.legal_actions()
    cfg, s, ne = _dropship("blue")
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=[HIT, HIT, HIT, MISS])
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=ne))
    events = sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=1))
    assert any(isinstance(e, ev.InvasionStarted) for e in events)


def _row():
    """[A][B][C]: A-B forms a circle, B-C does not."""
    for a in C.merc_ids:
        for b in C.merc_ids:
            for c in C.merc_ids:
                if len({a, b, c}) == 3 and C.mercs[a].right == C.mercs[b].left \
                        and C.mercs[b].right != C.mercs[c].left:
                    return a, b, c


@pytest.mark.rule("GW-EX-07", "GW-ASN-01", "GW-ASN-02", "GW-ASN-03", "GW-ASN-06", "GW-GUARD-04", "GW-GUARD-05",
                  "GW-GUARD-06", "GW-SCORE-04")
def test_ex07_assassinate_choices():
    a, b, c = _row()
    cfg, s = table(2)
    clear(s)
    quiet_track(s)
    command_area(s, 1, [a, b, c], guards={0: GUARDED})
    launch_pad(s, 2, infantry=1)
    s.ships = ["C", "N"]
    card = merc_with("assassinate")
    sess = session(cfg, at_actions(s, 2, card))
    slot = C.mercs[card].actions.index("assassinate")
    sess.apply(ev.ChooseAction(player=2, action="assassinate", slot=slot))
    assert sess.state.base[1][2 * 3] >= 1   # the cost went to Mission
    legal = sess.legal_actions()
    assert set(legal) == {ev.KillGuard(player=2, target=1, circle=0), ev.Wound(player=2, target=1, card=c)}
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.Wound(player=2, target=1, card=a))
    assert err.value.rule == "GW-ASN-02"
    medbay = sess.state.base[0][MED * 3]
    branch = sess.branch()
    branch.apply(ev.KillGuard(player=2, target=1, circle=0))
    assert branch.state.guard[0][0] == SHUT and branch.state.base[0][MED * 3] == medbay + 1
    sess.apply(ev.Wound(player=2, target=1, card=c))
    assert sess.state.wounded[0] == [c]


def _invasion(defender_units=(1, 0, 0), attacker_lp=(2, 0, 0), yellow_at=4, dice=()):
    cfg, s = table(2)
    clear(s)
    quiet_track(s)
    s.ships = ["C", "NW"]
    planet = set_type(s, planets_in(s, "C")[0], "YELLOW")
    s.track = list(s.track)
    s.track[T["YELLOW"]] = yellow_at
    put(s, planet, 2, *defender_units)
    launch_pad(s, 1, *attacker_lp)
    s.support_hands = [[], []]
    return cfg, s, planet


@pytest.mark.rule("GW-EX-08", "GW-CMB-01", "GW-CMB-02", "GW-CMB-03", "GW-CMB-12", "GW-CMB-17", "GW-CMB-21",
                  "GW-CMB-23", "GW-REP-09", "GW-AMB-12")
def test_ex08_planet_devastation_once_per_invasion():
    cfg, s, planet = _invasion()
    # round 1: both miss; round 2: the invader hits
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=[MISS, MISS, MISS, HIT, MISS, MISS])
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    events = sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    started = [e for e in events if isinstance(e, ev.InvasionStarted)]
    assert started and started[0].devastate == T["YELLOW"]
    assert sum(isinstance(e, ev.CombatRolled) for e in events) == 2
    st = sess.state
    assert st.track[T["YELLOW"]] == 3
    assert C.deploy_value[3] < C.deploy_value[4] and C.domination_value[3] < C.domination_value[4]
    assert st.owner[planet] == 1 and st.planet_units[planet] == [2, 0, 0] and st.rep[0] == 1


@pytest.mark.rule("GW-EX-09", "GW-SCORE-02", "GW-SCORE-10", "GW-AMB-06")
def test_ex09_unit_majority():
    cfg, s = table(2)
    clear(s)
    for p in range(len(s.owner)):
        set_type(s, p, "RED")
    w1, w2 = planets_in(s, "W")
    w3 = planets_in(s, "E")[0]
    for p in (w1, w2, w3):
        set_type(s, p, "WHITE")
    put(s, w1, 1, infantry=1)
    put(s, w2, 1, infantry=1)
    put(s, w3, 2, infantry=3)
    s.track = list(s.track)
    s.track[T["WHITE"]] = 4
    assert scoring.majority(C, s) == [0, 4]
    whites = [m for m in C.merc_ids if C.mercs[m].mission == "WHITE"][:1]
    command_area(s, 1, whites)
    assert scoring.missions(C, s, 1) == 2 * 2


# -- solo examples -------------------------------------------------------------------------
def solo_table(seed: int = 1):
    cfg, s = table(1, seed=seed)
    return cfg, s


def rebel_turn(s, card: str, step: int = 0, dice=()):
    """Run the Rebellion's card `card` from action `step` until it ends or the human must decide."""
    s.phase, s.prompt, s.rebel_card, s.rebel_step, s.rebel_sector = "rebel", None, card, step, 0
    s.rebel_deck = [x for x in s.rebel_deck if x != card] or ["R2-14"]
    e = Unfolding.over(RULES, s)
    flow.advance(C, e, ScriptedRng(list(dice)))
    return e


def solo_board(s, types: dict[str, list[str]]):
    clear(s)
    for sector, kinds in types.items():
        for planet, kind in zip(planets_in(s, sector), kinds):
            set_type(s, planet, kind)
    s.support_hands = [[], []]


@pytest.mark.rule("GW-EX-10", "GW-REB-03", "GW-REB-10", "GW-REB-11", "GW-REB-14", "GW-REB-16", "GW-AMB-52")
def test_ex10_target_priority():
    cfg, s = solo_table()
    solo_board(s, {"W": ["BLUE", "BROWN"], "S": ["YELLOW"], "N": ["RED"], "E": ["BLUE", "BLUE"]})
    s.pre = [[0, 0, 0] for _ in C.sectors]
    for sector in ("W", "S", "N", "E"):
        s.pre[C.sector_index[sector]] = [1, 0, 0]
        s.base[1][RES * 3] -= 1
    power = s.power[1]
    e = rebel_turn(s, "R1-02", step=1)     # Deploy/Invade with priority BROWN, BLUE, YELLOW
    st = e.state
    w_blue, w_brown = planets_in(st, "W")
    assert st.owner[w_brown] == 2 and st.owner[w_blue] == 0
    assert st.owner[planets_in(st, "S")[0]] == 2
    assert st.pre[C.sector_index["N"]] == [1, 0, 0]                 # no priority type in N
    e_planets = planets_in(st, "E")
    assert st.owner[e_planets[0]] == 2 and st.owner[e_planets[1]] == 0   # lower slot among equals
    assert st.power[1] == power                                      # no Deploy Power


@pytest.mark.rule("GW-EX-11", "GW-REB-04", "GW-REB-05", "GW-REB-06", "GW-AMB-53")
def test_ex11_rebel_bombard_by_priority():
    cfg, s = solo_table()
    solo_board(s, {"C": ["BLUE", "RED"], "W": ["WHITE", "GREEN"]})
    blue, red = planets_in(s, "C")
    put(s, blue, 1, infantry=2)
    put(s, red, 1, infantry=1)
    track = list(s.track)
    medbay = s.base[0][MED * 3]
    s.phase, s.prompt, s.rebel_card, s.rebel_step = "rebel", None, "R1-03", 0
    e = Unfolding.over(RULES, s)
    solo.bombard(C, e, C.rebels["R1-03"])  # takes no rng at all: the Rebellion's Bombard rolls no dice
    st = e.state
    assert st.planet_units[blue] == [1, 0, 0] and st.planet_units[red] == [1, 0, 0]
    assert st.base[0][MED * 3] == medbay + 1 and list(st.track) == track


@pytest.mark.rule("GW-EX-12", "GW-REB-07", "GW-REB-08", "GW-AMB-51")
def test_ex12_pre_deployment_overflow():
    cfg, s = solo_table()
    solo_board(s, {"C": ["BLUE", "YELLOW"], "N": ["BROWN"]})
    s.pre = [[0, 0, 0] for _ in C.sectors]
    s.pre[C.sector_index["C"]] = [3, 0, 0]
    s.base[1][RES * 3] -= 3
    pool = list(s.base[1][:3])
    power = s.power[1]
    e = Unfolding.over(RULES, s)
    solo.pre_deploy(C, e, C.rebels["R2-01"])                       # C: I+T (both overflow), N: I
    st = e.state
    assert st.power[1] == power + 2
    assert st.pre[C.sector_index["C"]] == [3, 0, 0]
    assert st.pre[C.sector_index["N"]] == [1, 0, 0]
    assert st.base[1][:3] == [pool[0] - 1, pool[1], pool[2]]


@pytest.mark.rule("GW-EX-13", "GW-REB-15", "GW-CMB-13", "GW-REB-19", "GW-REB-20", "GW-AMB-55", "GW-AMB-54")
def test_ex13_deploy_invade_across_sectors():
    cfg, s = solo_table()
    solo_board(s, {"N": ["BLUE"], "C": ["WHITE", "BLUE"], "E": ["RED", "GREEN"], "W": ["WHITE", "BLUE"]})
    s.pre = [[0, 0, 0] for _ in C.sectors]
    for sector, units in (("N", [2, 0, 0]), ("C", [2, 1, 0]), ("E", [1, 0, 0])):
        s.pre[C.sector_index[sector]] = units
        for k in range(3):
            s.base[1][RES * 3 + k] -= units[k]
    white, blue_c = planets_in(s, "C")
    put(s, white, 1, infantry=2)
    white_track = s.track[T["WHITE"]]
    # Rebellion 3 dice: invader hit, invader hit, miss (Heavy Siege: 2 hits); human 2 dice: miss, miss
    e = rebel_turn(s, "R1-01", step=1, dice=[IHIT, IHIT, MISS, MISS, MISS])
    st = e.state
    order = [x.planet for x in e.events if isinstance(x, (ev.Deployed, ev.InvasionStarted))
             for x in [x if isinstance(x, ev.Deployed) else x.invasion]]
    assert order == [planets_in(st, "N")[0], white]                  # canonical order: N before C
    assert st.owner[planets_in(st, "N")[0]] == 2 and st.planet_units[planets_in(st, "N")[0]] == [2, 0, 0]
    assert st.track[T["WHITE"]] == white_track - 1
    assert st.owner[white] == 2 and st.planet_units[white] == [2, 1, 0] and st.owner[blue_c] == 0
    assert st.pre[C.sector_index["E"]] == [1, 0, 0] and st.pre[C.sector_index["W"]] == [0, 0, 0]
    assert st.rep[1] == 1 and st.power[1] == C.rep_space[1].power   # the Rebellion takes the power


@pytest.mark.rule("GW-EX-14", "GW-SSCORE-03", "GW-SSCORE-06")
def test_ex14_rebellion_sector_score():
    cfg, s = solo_table()
    clear(s)
    s.pre = [[0, 0, 0] for _ in C.sectors]
    s.pre[C.sector_index["N"]] = [2, 0, 0]
    s.pre[C.sector_index["S"]] = [1, 1, 0]
    s.power = [0, 3]
    e = Unfolding.over(RULES, s)
    scoring.finish(C, e)
    assert e.state.final[1][3] == 4 and e.state.power[1] == 3 + 4


@pytest.mark.rule("GW-EX-16", "GW-SUB-04", "GW-SUB-07", "GW-SUB-08", "GW-FAQ-05", "GW-BOMB-01", "GW-BOMB-05",
                  "GW-BOMB-06", "GW-AMB-08", "GW-AMB-11", "GW-REP-06")
def test_ex16_bombard_through_subterfuge():
    cfg, s = table(2)
    clear(s)
    s.rep_slots = ["bombard"] * 8
    s.ships = ["C", "NW"]
    borrowed = merc_with("bombard", exclude=("M01",))
    hand(s, 2, [borrowed] + [m for m in s.hands[1] if m != borrowed][:4])
    target = put(s, planets_in(s, "E")[0], 2, infantry=2, tanks=1)
    launch_pad(s, 1, infantry=2, aircraft=1)
    sess = session(cfg, at_actions(s, 1, DEPLOY_SUBTERFUGE), dice=[borrowed, HIT, MISS])
    sess.apply(ev.ChooseAction(player=1, action="subterfuge", slot=1))
    sess.apply(ev.TargetPlayer(player=1, target=2))
    assert sess.state.taken == borrowed
    sess.apply(ev.SubterfugeOption(player=1, option="play"))
    sess.apply(ev.BorrowAction(player=1, card=borrowed, action="bombard"))
    sess.apply(ev.PayWith(player=1, unit="aircraft"))
    assert sess.state.base[0][2 * 3 + 2] == 1                        # the Aircraft is in Mission
    sess.apply(ev.TargetPlanet(player=1, planet=target))
    assert sess.state.prompt.player == 2                               # Blue picks the extra casualty
    destroyed = sess.state.base[1][DEST * 3 + 1]
    sess.apply(ev.Casualties(player=2, infantry=0, tanks=1, aircraft=0))
    st = sess.state
    assert st.planet_units[target] == [1, 0, 0] and st.base[1][DEST * 3 + 1] == destroyed + 1
    assert st.rep[0] == 0 and borrowed in st.hands[1] and borrowed not in st.hands[0]


@pytest.mark.rule("GW-EX-17", "GW-RCN-02", "GW-RCN-03", "GW-RCN-04", "GW-RCN-05", "GW-RCN-07", "GW-RCN-08",
                  "GW-SHIP-07", "GW-SHIP-09", "GW-FAQ-06", "GW-AMB-34", "GW-AMB-35")
def test_ex17_recon_when_everything_is_revealed():
    cfg, s = table(2)
    clear(s)
    quiet_track(s)
    s.ships = ["C", "SW"]
    launch_pad(s, 1, infantry=3)
    sess = session(cfg, at_actions(s, 1, DEPLOY_RECON))
    sess.apply(ev.ChooseAction(player=1, action="recon", slot=1))
    assert {a.sector for a in sess.legal_actions()} == set(C.sectors)
    sess.apply(ev.ChooseSector(player=1, sector="NE"))
    sess.apply(ev.PlaceRecon(player=1, kind="tactical_invade"))
    assert sess.state.recon[0][C.recon_index["tactical_invade"]] == "NE"
    # a later turn: jump to NE and invade at once
    s2 = sess.state.copy()
    put(s2, planets_in(s2, "NE")[0], 2, infantry=1)
    at_phase(s2, 1, "ship", "ship")
    later = session(cfg, s2, dice=[HIT, MISS, MISS])
    assert ev.MoveShip(player=1, sector="NE") in later.legal_actions()
    later.apply(ev.MoveShip(player=1, sector="NE"))
    later.apply(ev.UseTactical(player=1))
    assert later.state.recon[0] == ["", ""]
    later.apply(ev.TargetPlanet(player=1, planet=planets_in(s2, "NE")[0]))
    later.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    assert later.state.owner[planets_in(s2, "NE")[0]] == 1


@pytest.mark.rule("GW-EX-18", "GW-RCL-02", "GW-RCL-04", "GW-RCL-06", "GW-RCL-07", "GW-FAQ-01")
def test_ex18_recalling_a_guard():
    a, b, c = _row()
    cfg, s = table(2)
    clear(s)
    command_area(s, 1, [a, b], guards={0: GUARDED})
    put(s, planets_in(s, "C")[0], 1, infantry=2)
    lp = s.base[0][LP * 3]
    sess = session(cfg, at_phase(s, 1, "recall", "recall"))
    assert ev.Recall(player=1, circle=0) in sess.legal_actions()
    sess.apply(ev.Recall(player=1, circle=0))
    st = sess.state
    assert st.base[0][LP * 3] == lp + 1 and st.guard[0][0] == SHUT
    assert st.prompt.kind == "ship" and st.planet_units[planets_in(st, "C")[0]] == [2, 0, 0]


@pytest.mark.rule("GW-EX-19", "GW-REP-14", "GW-FAQ-07", "GW-FAQ-08", "GW-CMB-16", "GW-AMB-10", "GW-AMB-38")
def test_ex19_destroyed_tank_and_need_a_hand():
    cfg, s, planet = _invasion(defender_units=(1, 0, 0), attacker_lp=(1, 1, 0))
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=[MISS, MISS, HIT])
    medbay, destroyed = s.base[0][MED * 3], s.base[0][DEST * 3 + 1]
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=1, aircraft=0))
    sess.apply(ev.Casualties(player=1, infantry=0, tanks=1, aircraft=0))
    st = sess.state
    assert st.base[0][DEST * 3 + 1] == destroyed + 1 and st.base[0][MED * 3] == medbay
    # later: reputation reaches a Need a Hand? space
    s2 = st.copy()
    s2.rep_slots = ["bombard"] * 8
    s2.rep = [3, s2.rep[1]]
    assert C.rep_space[4].alternative == "need_a_hand"
    target = put(s2, planets_in(s2, "E")[0], 2, infantry=1)
    launch_pad(s2, 1, infantry=1, tanks=s2.base[0][LP * 3 + 1])
    later = session(cfg, at_actions(s2, 1, DEPLOY_BOMBARD), dice=[MISS, MISS])
    later.apply(ev.ChooseAction(player=1, action="bombard", slot=1))
    assert ev.Bonus(player=1, choice="need_a_hand_tank") in later.legal_actions()
    tanks, destroyed = later.state.base[0][LP * 3 + 1], later.state.base[0][DEST * 3 + 1]
    later.apply(ev.Bonus(player=1, choice="need_a_hand_tank"))
    assert later.state.base[0][LP * 3 + 1] == tanks + 1 and later.state.base[0][DEST * 3 + 1] == destroyed - 1
    later.apply(ev.TargetPlanet(player=1, planet=target))


@pytest.mark.rule("GW-EX-20", "GW-SHIP-01", "GW-SHIP-02", "GW-FAQ-02", "GW-GAP-02")
def test_ex20_compulsory_ship_move():
    cfg, s = table(2)
    s.ships = ["C", "NW"]
    s.recon = [["", ""], ["", ""]]
    sess = session(cfg, at_phase(s, 1, "ship", "ship"))
    assert {a.sector for a in sess.legal_actions()} == {"N", "W", "E", "S"}
    with pytest.raises(IllegalAction) as err:
        sess.apply(ev.MoveShip(player=1, sector="C"))
    assert err.value.rule == "GW-SHIP-01"



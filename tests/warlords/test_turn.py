"""The turn: phases, Recovery, Recall, Move Base Ship, Play a Mercenary, guards and skills."""

from __future__ import annotations

from pathlib import Path

import pytest
from wl_helpers import (DEST, GUARDED, LP, MED, MIS, RES, SHUT, C, at_actions, at_phase, clear, command_area,
                        ev, hand, launch_pad, planets_in, put, session, table)

from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import run_bots
from boardcore.game.rng import Rng
from boardcore.game.rules import Unfolding
from boardcore.session.session import Session
from warlords import RULES, base_ship, flow, mercenary
from warlords.state import DEC

ORDER = ["recall", "ship", "tactical", "merc", "actions", "hire", "end", "start"]


@pytest.mark.rule("GW-TURN-01", "GW-TURN-02", "GW-TURN-03", "GW-TURN-04", "GW-REC-05", "GW-INV-25")
def test_every_turn_runs_the_phases_in_order():
    s = Session.new(RULES, players=3, seed=5)
    run_bots(s, {p: RandomAgent(RULES) for p in (1, 2, 3)}, seed=5)
    phases, turns = [], []
    for rec in s.records():
        e = rec.event
        if isinstance(e, ev.TurnStarted):
            turns.append(e.player)
            phases = []
        elif isinstance(e, ev.PhaseStarted) and e.phase in ORDER:
            assert not phases or ORDER.index(e.phase) > ORDER.index(phases[-1]) or e.phase == "start"
            phases.append(e.phase)
    assert turns[:6] == [turns[0], turns[0] % 3 + 1, (turns[0] + 1) % 3 + 1] * 2
    assert all(isinstance(r.event, (ev.PlayMercenary, ev.Hire)) for r in s.records()[:0])


@pytest.mark.rule("GW-REC-01", "GW-REC-02", "GW-REC-03", "GW-REC-04")
def test_recovery_moves_one_step_in_order():
    cfg, s = table(2)
    p = s.active
    other = p % 2 + 1
    b = s.base[other - 1]
    b[RES * 3] -= 5
    b[DEC * 3:DEC * 3 + 3] = [2, 0, 0]
    b[MIS * 3:MIS * 3 + 3] = [1, 0, 1]
    b[LP * 3 + 2] -= 1
    b[MED * 3] = 2
    lp = list(b[LP * 3:LP * 3 + 3])
    s.deck = s.deck[:5]
    sess = session(cfg, at_phase(s, p, "hire", "hire"))
    sess.apply(ev.Hire(player=p, card=s.market[0]))
    nb = sess.state.base[other - 1]
    assert sess.state.active == other
    assert nb[LP * 3:LP * 3 + 3] == [lp[0] + 2, lp[1], lp[2]]
    assert nb[DEC * 3:DEC * 3 + 3] == [3, 0, 1] and nb[MIS * 3:MIS * 3 + 3] == [0, 0, 0] and nb[MED * 3] == 0


@pytest.mark.rule("GW-RCL-01", "GW-RCL-03", "GW-RCL-04", "GW-RCL-05", "GW-RCL-07", "GW-AMB-21", "GW-AMB-05")
def test_recall_one_own_infantry_from_any_planet():
    cfg, s = table(2)
    clear(s)
    lone = put(s, planets_in(s, "NW")[0], 1, infantry=1)
    put(s, planets_in(s, "SE")[0], 1, tanks=1)
    put(s, planets_in(s, "E")[0], 2, infantry=2)
    s.ships = ["C", "N"]
    sess = session(cfg, at_phase(s, 1, "recall", "recall"))
    assert set(sess.legal_actions()) == {ev.Pass(player=1), ev.Recall(player=1, planet=lone)}
    lp = sess.state.base[0][LP * 3]
    track = list(sess.state.track)
    sess.apply(ev.Recall(player=1, planet=lone))
    st = sess.state
    assert st.owner[lone] == 0 and st.base[0][LP * 3] == lp + 1 and list(st.track) == track
    assert st.prompt.kind == "ship"


@pytest.mark.rule("GW-SHIP-03", "GW-SHIP-05", "GW-AMB-32", "GW-AMB-44")
def test_two_players_one_ship_per_outer_sector():
    cfg, s = table(2)
    s.ships = ["C", "N"]
    s.recon = [["", ""], ["", ""]]
    sess = session(cfg, at_phase(s, 1, "ship", "ship"))
    assert {a.sector for a in sess.legal_actions()} == {"W", "E", "S"}
    s.ships = ["N", "C"]
    sess = session(cfg, at_phase(s, 2, "ship", "ship"))
    assert "N" not in {a.sector for a in sess.legal_actions()}   # P1's ship holds N alone (GW-SHIP-03)
    s.ships = ["N", "E"]
    assert "C" in base_ship.ship_destinations(C, s, 1)


@pytest.mark.rule("GW-SHIP-04", "GW-SHIP-05")
def test_three_players_two_ships_per_outer_sector():
    cfg, s = table(3)
    s.recon = [["", ""]] * 3
    s.ships = ["C", "N", ""]
    assert "N" in base_ship.ship_destinations(C, s, 1)
    s.ships = ["C", "N", "N"]
    assert "N" not in base_ship.ship_destinations(C, s, 1)
    s.ships = ["N", "C", "C"]
    assert "C" in base_ship.ship_destinations(C, s, 1)


@pytest.mark.rule("GW-SHIP-06", "GW-AMB-62")
def test_first_turn_places_the_ship_in_any_revealed_sector():
    cfg, s = table(2)
    p = s.active
    assert s.prompt.kind in ("ship", "recall")
    options = base_ship.ship_destinations(C, s, p)
    assert set(options) == {"W", "C", "E"}
    sess = session(cfg, at_phase(s, p, "ship", "ship"))
    events = sess.apply(ev.MoveShip(player=p, sector="E"))
    assert not any(isinstance(e, ev.PlanetsRevealed) for e in events)


@pytest.mark.rule("GW-SHIP-10", "GW-AMB-33")
def test_a_ship_with_nowhere_to_go_stays(tmp_path: Path):
    (tmp_path / "table.toml").write_text(
        (C.data and (Path(__file__).parents[2] / "src/warlords/data/table.toml").read_text())
        .replace("outer_ship_limit = [0, 0, 1, 2, 2]", "outer_ship_limit = [0, 0, 0, 0, 0]"))
    rules = RULES.with_data(tmp_path)
    cfg = rules.make_config(players=2)
    st = rules.initial(cfg)
    for e in rules.setup(rules.copy(st), Rng.derive("x", 1)):
        st = rules.evolve(st, e)
    st.ships = ["NW", "SE"]
    at_phase(st, 1, "ship", "ship")
    st.prompt = None
    e = Unfolding.over(rules, st)
    flow.advance(rules.c, e, None)
    assert e.state.ships[0] == "NW" and e.state.phase != "ship"


@pytest.mark.rule("GW-SHIP-11", "GW-DEP-01")
def test_ordinary_deploys_reach_only_the_ship_sector():
    cfg, s = table(2)
    clear(s)
    s.ships = ["W", "SE"]
    launch_pad(s, 1, infantry=3, aircraft=0)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    assert {s.planet_sector[a.planet] for a in sess.legal_actions()} == {"W"}


def _pair():
    """Two cards A, B with A.right == B.left (a circle forms when B goes right of A)."""
    for a in C.merc_ids:
        for b in C.merc_ids:
            if a != b and C.mercs[a].right == C.mercs[b].left:
                return a, b


@pytest.mark.rule("GW-MERC-01", "GW-MERC-02", "GW-MERC-03", "GW-MERC-04", "GW-MERC-05", "GW-MERC-06",
                  "GW-AMB-46", "GW-AMB-64", "GW-GUARD-01", "GW-CON-03")
def test_play_a_mercenary_gains_units_and_completes_a_circle():
    a, b = _pair()
    cfg, s = table(2)
    clear(s)
    command_area(s, 1, [])
    hand(s, 1, [a, b] + [m for m in s.hands[0] if m not in (a, b)][:3])
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    assert all(x.side == "right" for x in sess.legal_actions())      # the first card starts the row
    reserve = sess.state.base[0][RES * 3]
    sess.apply(ev.PlayMercenary(player=1, card=a, side="right"))
    assert sess.state.base[0][RES * 3] == reserve - C.mercs[a].infantry
    assert sess.state.prompt.kind == "action"
    offered = {x.action for x in sess.legal_actions() if isinstance(x, ev.ChooseAction)}
    assert offered <= set(C.mercs[a].actions)
    s2 = sess.state.copy()
    at_phase(s2, 1, "merc", "play")
    sess = session(cfg, s2)
    assert {x.side for x in sess.legal_actions()} == {"left", "right"}
    sess.apply(ev.PlayMercenary(player=1, card=b, side="right"))
    st = sess.state
    assert st.area[0] == [a, b] and st.circle[0] == [C.mercs[a].right]
    assert st.prompt.kind == "guard"


@pytest.mark.rule("GW-MERC-03", "GW-AMB-47")
def test_units_gained_are_capped_by_the_reserve():
    cfg, s = table(2)
    card = max(C.merc_ids, key=lambda m: C.mercs[m].infantry)
    hand(s, 1, [card] + [m for m in s.hands[0] if m != card][:4])
    b = s.base[0]
    b[MED * 3] += b[RES * 3] - 1
    b[RES * 3] = 1
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    lp = sess.state.base[0][LP * 3]
    sess.apply(ev.PlayMercenary(player=1, card=card, side="right" if not s.area[0] else "left"))
    assert sess.state.base[0][RES * 3] == 0 and sess.state.base[0][LP * 3] == lp + 1


def _guard_setup(guarded_before: bool):
    """Row [A][B] with an A-B circle of colour X (guarded or not); card N to the right forms X again."""
    for a in C.merc_ids:
        for b in C.merc_ids:
            ca, cb = C.mercs[a], C.mercs[b]
            if a == b or ca.right != cb.left or cb.right != cb.left:
                continue
            for n in C.merc_ids:
                if n not in (a, b) and C.mercs[n].left == cb.right:
                    cfg, s = table(2)
                    clear(s)
                    command_area(s, 1, [a, b], guards={0: GUARDED if guarded_before else SHUT})
                    hand(s, 1, [n] + [m for m in s.hands[0] if m not in (a, b, n)][:4])
                    launch_pad(s, 1, infantry=2)
                    others = [m for m in C.merc_ids if m not in (a, b, n) and m not in s.hands[0]][:2]
                    command_area(s, 2, others)                 # so that any skill has a target
                    put(s, planets_in(s, "E")[0], 2, infantry=1)
                    return cfg, s, n, cb.left
    raise LookupError


@pytest.mark.rule("GW-GUARD-02", "GW-GUARD-03")
def test_a_circle_left_unguarded_is_shut_for_good():
    cfg, s, n, colour = _guard_setup(False)
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=n, side="right"))
    assert sess.legal_actions() == [ev.Pass(player=1), ev.PlaceGuard(player=1)]
    sess.apply(ev.Pass(player=1))
    assert sess.state.guard[0] == [SHUT, SHUT]


@pytest.mark.rule("GW-SKILL-01", "GW-SKILL-02", "GW-FAQ-03", "GW-AMB-28", "GW-AMB-29", "GW-SKILL-07")
def test_second_guard_of_a_colour_unlocks_its_skill_once():
    cfg, s, n, colour = _guard_setup(True)
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=n, side="right"))
    sess.apply(ev.PlaceGuard(player=1))
    assert sess.state.prompt.kind == "skill"
    assert ev.UseSkill(player=1, colour=colour) in sess.legal_actions()
    sess.apply(ev.Pass(player=1))
    assert sess.state.prompt.kind == "action" and not sess.state.skills_used[0]
    cfg, s, n, colour = _guard_setup(True)
    s.skills_used = [[colour], []]
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=n, side="right"))
    sess.apply(ev.PlaceGuard(player=1))
    assert sess.state.prompt.kind == "action"                        # once per game


def _skill_state(colour: str):
    cfg, s = table(2)
    clear(s)
    s.rep_slots = ["deploy"] * 8
    s.ships = ["C", "NW"]
    s.prompt = None
    return cfg, s


def _use_skill(cfg, s, colour: str, dice=()):
    s.phase, s.active = "actions", 1
    at_phase(s, 1, "merc", "skill")
    s.played = s.area[0][-1] if s.area[0] else "M01"
    s.area = [list(x) for x in s.area]
    if not s.area[0]:
        s.area[0] = ["M01"]
    s.circle = [list(x) for x in s.circle]
    s.guard = [list(x) for x in s.guard]
    s.circle[0], s.guard[0] = [colour] * (len(s.area[0]) - 1), [GUARDED] * (len(s.area[0]) - 1)
    from warlords.state import Ctx
    sess = session(cfg, s, dice=dice)
    st = sess.state
    st.prompt = None
    st.phase = "actions"
    st.ctx = [mercenary.skill_ctx(C, colour)]
    st.skills_used = [[colour], []]
    from boardcore.game.rules import Unfolding
    e = Unfolding.over(RULES, st)
    flow.advance(C, e, None)
    _ = Ctx
    return session(cfg, e.state, dice=dice)


@pytest.mark.rule("GW-SKILL-03", "GW-AMB-30", "GW-GUARD-05")
def test_heavy_assault_wounds_or_kills_a_guard():
    a, b = _pair()
    cfg, s = _skill_state("RED")
    command_area(s, 2, [a, b, "M40"], guards={0: GUARDED})
    sess = _use_skill(cfg, s, "RED")
    legal = set(sess.legal_actions())
    assert ev.KillGuard(player=1, target=2, circle=0) in legal
    assert ev.Wound(player=1, target=2, card="M40") in legal and ev.Wound(player=1, target=2, card=a) not in legal


@pytest.mark.rule("GW-SKILL-04", "GW-AMB-31", "GW-AMB-09")
def test_orbital_bombardment_destroys_everything_on_a_planet():
    cfg, s = _skill_state("GREEN")
    planet = put(s, planets_in(s, "E")[0], 2, infantry=2, tanks=1)
    track = list(s.track)
    medbay, destroyed = s.base[1][MED * 3], s.base[1][DEST * 3 + 1]
    sess = _use_skill(cfg, s, "GREEN")
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    st = sess.state
    assert st.owner[planet] == 0 and st.planet_units[planet] == [0, 0, 0] and list(st.track) == track
    assert st.base[1][MED * 3] == medbay + 2 and st.base[1][DEST * 3 + 1] == destroyed + 1


@pytest.mark.rule("GW-SKILL-05")
def test_call_for_support_draws_two():
    cfg, s = _skill_state("BLUE")
    before = len(s.support_hands[0])
    sess = _use_skill(cfg, s, "BLUE")
    assert len(sess.state.support_hands[0]) == before + 2


@pytest.mark.rule("GW-SKILL-06", "GW-REP-07", "GW-AMB-18", "GW-AMB-31")
def test_covert_ops_deploys_anywhere_and_counts_as_a_deploy():
    cfg, s = _skill_state("YELLOW")
    launch_pad(s, 1, infantry=2)
    sess = _use_skill(cfg, s, "YELLOW")
    if sess.state.prompt.kind == "bonus":      # a Deploy matched the DEPLOY marker
        assert sess.state.rep[0] == 1
        sess.apply(ev.Pass(player=1))
    sectors = {s.planet_sector[a.planet] for a in sess.legal_actions()}
    assert sectors == set(C.sectors)
    assert sess.state.rep[0] == 1


@pytest.mark.rule("GW-AMB-63")
def test_an_empty_hand_skips_the_mercenary():
    cfg, s = table(2)
    s.deck.extend(s.hands[0])
    s.hands[0] = []
    sess = session(cfg, at_phase(s, 1, "tactical", "tactical"))
    sess.state.recon = [["", ""], ["", ""]]
    sess.apply(ev.Pass(player=1))
    assert sess.state.phase == "actions" and sess.state.prompt.kind == "action"



"""Team play (GW-TEAM), Hire a Mercenary (GW-HIRE), game end (GW-END) and scoring (GW-SCORE)."""

from __future__ import annotations

import pytest
from wl_helpers import (GUARDED, LP, RES, C, at_actions, at_phase, clear, command_area, ev, hand, launch_pad,
                        planets_in, put, session, set_type, table)

from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import run_bots
from boardcore.session.session import Session
from warlords import RULES, scoring


def team_table():
    cfg, s = table(4)
    clear(s)
    s.rep_slots = ["support"] * 8
    s.ships = ["C", "NW", "SE", "NE"]
    s.support_hands = [[] for _ in range(4)]
    return cfg, s


@pytest.mark.rule("GW-TEAM-01", "GW-TEAM-02", "GW-TEAM-03", "GW-TEAM-06", "GW-SET-18", "GW-AMB-04")
def test_card_exchange_is_simultaneous_and_hidden():
    cfg, s = team_table()
    assert s.mode == "teams"
    sess = session(cfg, at_actions(s, 1, "M01"))
    kinds = {a.kind for a in sess.legal_actions() if isinstance(a, ev.TeamAction)}
    assert "exchange" in kinds and "switch" not in kinds
    mine, theirs = sess.state.hands[0][0], sess.state.hands[2][0]
    sess.apply(ev.TeamAction(player=1, kind="exchange"))
    assert set(sess.to_act) == {1, 3}
    sess.apply(ev.ExchangePick(player=3, card=theirs))
    assert RULES.view(sess.state, 1).exchange[1] == "?" and RULES.view(sess.state, 3).exchange[1] == theirs
    sess.apply(ev.ExchangePick(player=1, card=mine))
    st = sess.state
    assert theirs in st.hands[0] and mine in st.hands[2] and len(st.hands[0]) == len(s.hands[0])
    assert not any(isinstance(a, ev.TeamAction) for a in sess.legal_actions()) and st.rep[0] == 0


@pytest.mark.rule("GW-TEAM-04", "GW-TEAM-05")
def test_planet_switch_and_infantry_transfer():
    cfg, s = team_table()
    a = put(s, planets_in(s, "C")[0], 1, infantry=2)
    b = put(s, planets_in(s, "N")[0], 3, infantry=1, tanks=1)
    put(s, planets_in(s, "SE")[0], 3, infantry=1)
    track = list(s.track)
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.TeamAction(player=1, kind="switch"))
    assert sess.legal_actions() == [ev.SwitchPlanets(player=1, mine=a, theirs=b)]   # adjacent sectors only
    sess.apply(ev.SwitchPlanets(player=1, mine=a, theirs=b))
    st = sess.state
    assert st.owner[a] == 3 and st.planet_units[a] == [1, 1, 0] and st.owner[b] == 1 and st.planet_units[b] == [2, 0, 0]
    assert list(st.track) == track and st.power[0] == 0
    cfg, s = team_table()
    launch_pad(s, 1, infantry=3)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.TeamAction(player=1, kind="transfer"))
    reserve3 = sess.state.base[2][RES * 3]
    sess.apply(ev.Transfer(player=1, count=2))
    st = sess.state
    assert st.base[0][LP * 3] == 1 and st.base[2][RES * 3] == reserve3 - 2


@pytest.mark.rule("GW-TEAM-08", "GW-GAP-18")
def test_the_team_with_more_power_wins():
    s = Session.new(RULES, players=4, seed=2)
    run_bots(s, {p: RandomAgent(RULES) for p in range(1, 5)}, seed=2)
    out = s.outcome
    st = s.state
    t1, t2 = st.power[0] + st.power[2], st.power[1] + st.power[3]
    if t1 != t2:
        assert set(out.winners) == ({1, 3} if t1 > t2 else {2, 4})


@pytest.mark.rule("GW-HIRE-01", "GW-HIRE-02", "GW-HIRE-03", "GW-HIRE-04", "GW-SET-21", "GW-AMB-02")
def test_two_player_draw_clears_the_market():
    cfg, s = table(2)
    market = list(s.market)
    top = s.deck[0]
    sess = session(cfg, at_phase(s, 1, "hire", "hire"))
    assert len(sess.legal_actions()) == len(market) + 1
    sess.apply(ev.Hire(player=1))
    st = sess.state
    assert top in st.hands[0] and all(m in st.removed for m in market) and len(st.market) == 4
    cfg, s = table(2)
    card, refill = s.market[1], s.deck[0]
    sess = session(cfg, at_phase(s, 1, "hire", "hire"))
    sess.apply(ev.Hire(player=1, card=card))
    assert card in sess.state.hands[0] and refill in sess.state.market and len(sess.state.market) == 4


@pytest.mark.rule("GW-HIRE-05", "GW-HIRE-08", "GW-SET-22", "GW-SET-23", "GW-INV-15")
def test_three_and_four_player_draw_leaves_the_market():
    for players in (3, 4):
        cfg, s = table(players)
        market = list(s.market)
        sess = session(cfg, at_phase(s, 1, "hire", "hire"))
        sess.apply(ev.Hire(player=1))
        assert sess.state.market == market


@pytest.mark.rule("GW-HIRE-06", "GW-END-01", "GW-END-02", "GW-AMB-22", "GW-INV-14")
def test_last_card_gives_everyone_one_more_turn():
    cfg, s = table(3)
    s.removed.extend(s.deck)
    s.deck = []
    s.removed.extend(s.market[1:])
    s.market = s.market[:1]
    sess = session(cfg, at_phase(s, 1, "hire", "hire"))
    t = s.turn
    events = sess.apply(ev.Hire(player=1, card=s.market[0]))
    assert sess.state.end_kind == "supply" and sess.state.last_turn == t + 3
    turns = [e.player for e in events if isinstance(e, ev.TurnStarted)]
    while not sess.state.over:
        if sess.state.prompt.kind == "hire":
            raise AssertionError("nothing can be hired after the supply ran out")
        a = sess.legal_actions()[0]
        events = sess.apply(a)
        turns += [e.player for e in events if isinstance(e, ev.TurnStarted)]
    assert turns == [2, 3, 1]


@pytest.mark.rule("GW-END-04", "GW-END-05", "GW-END-06", "GW-AMB-41", "GW-INV-24")
def test_fourth_mercenary_with_one_mission_ends_after_the_turn():
    blues = [m for m in C.merc_ids if C.mercs[m].mission == "BLUE"]
    cfg, s = table(2)
    command_area(s, 1, blues[:3])
    s.wounded = [[blues[0]], []]
    hand(s, 1, [blues[3]] + [m for m in s.hands[0] if m not in blues][:4])
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    sess.apply(ev.PlayMercenary(player=1, card=blues[3], side="right"))
    if sess.state.prompt.kind == "guard":
        sess.apply(ev.Pass(player=1))
    assert sess.state.end_kind == "mission" and not sess.state.over
    sess.apply(ev.Pass(player=1))
    sess.apply(sess.legal_actions()[0])
    assert sess.state.over and sess.outcome is not None and sess.legal_actions() == []


@pytest.mark.rule("GW-SCORE-01", "GW-SCORE-05", "GW-SCORE-06", "GW-CON-01", "GW-CON-13")
def test_final_power_adds_guards_majority_and_missions():
    cfg, s = table(2)
    clear(s)
    blue = [m for m in C.merc_ids if C.mercs[m].mission == "BLUE"][:2]
    command_area(s, 1, blue + ["M40"], guards={0: GUARDED})
    planet = set_type(s, planets_in(s, "C")[0], "BLUE")
    put(s, planet, 1, infantry=2)
    s.power = [5, 3]
    s.track = list(s.track)
    s.track[C.type_index["BLUE"]] = 3
    from boardcore.game.rules import Unfolding
    e = Unfolding.over(RULES, s)
    scoring.finish(C, e)
    st = e.state
    guards = sum(1 for g in st.guard[0] if g == GUARDED)
    assert st.final[0] == [guards, 3, 4, 0] and st.power[0] == 5 + guards + 3 + 4
    assert RULES.outcome(st).winners == (1,)


@pytest.mark.rule("GW-SCORE-07", "GW-SCORE-08", "GW-SCORE-09", "GW-GAP-27")
def test_tie_breaks():
    cfg, s = table(3)
    s.over = True
    s.power = [10, 10, 9]
    s.final = [[0, 0, 4, 0], [0, 0, 2, 0], [0, 0, 9, 0]]
    assert RULES.outcome(s).winners == (1,)
    s.final = [[0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 0, 0]]
    s.rep = [3, 5, 0]
    assert RULES.outcome(s).winners == (2,)
    s.rep = [5, 5, 0]
    assert RULES.outcome(s).winners == (1, 2)

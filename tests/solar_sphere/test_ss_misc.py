"""Rules checked across areas: the round's flow, effect ordering, satellites and occupancy,
crew kickbacks, the Corporation's hexes, and DRANDA's reputation."""

from __future__ import annotations

import pytest
from ss_helpers import (RULES, at_turn, bump, choose, crew_index, deploy, end_deploy, events, fleet, fresh, loc,
                        open_sphere, out_of_decks, play, put, put_hex, slot)

from solar_sphere.events import (ChooseDie, DieDeployed, PhaseStarted, PointsScored, ReputationGained,
                                 RoundStarted, TurnStarted, UseCrew)


@pytest.mark.rule("SS-GEN-02", "SS-FLOW-02")
def test_round_flow():
    config, s = fresh(2, seed=2)
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s)
    session = play(config, s)
    end_deploy(session, last, 2)
    kinds = [type(e).__name__ for e in events(session) if isinstance(e, (PhaseStarted, RoundStarted, TurnStarted))]
    assert kinds[:4] == ["PhaseStarted", "PhaseStarted", "RoundStarted", "PhaseStarted"]
    phases = [e.phase for e in events(session, PhaseStarted)]
    assert phases[:3] == ["battle", "recover", "deploy"] and kinds[4] == "TurnStarted"


@pytest.mark.rule("SS-TRK-02", "SS-GEN-08", "SS-SPH-10", "SS-TRK-01")
def test_corporation_icon_gives_one_level_before_the_next_effect():
    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(1,), others_dice=True)
    open_sphere(s)
    put_hex(s, "I1", "H03")
    s.centres[a - 1].store = [0, 1, 0]
    session = play(config, s)
    deploy(session, a, 1, 1, "L-SPH")
    choose(session, a, "action")
    choose(session, a, "I1")
    assert session.state.centres[a - 1].rep == 1
    evs = events(session)
    i = evs.index(ReputationGained(player=a))
    assert isinstance(evs[i - 1], PointsScored)                 # benefit points first, then reputation


@pytest.mark.rule("SS-DEP-18", "SS-DEP-17")
def test_satellites_do_not_occupy():
    config, s = fresh(2, seed=2)
    a, b = s.order
    at_turn(s, a, dice=(2,), others_dice=True)
    put(s.centres[b - 1], "sats", loc("L-FAB"), True)
    s.centres[b - 1].active -= 1
    session = play(config, s)
    deploy(session, a, 2, 2, "L-FAB")
    assert events(session, DieDeployed)[-1].occupied is False
    choose(session, a, "action")
    choose(session, a, "fabricate")
    choose(session, a, "fabricate")
    assert not session.state.tasks                                          # not boosted by B's satellite
    assert session.state.centres[a - 1].active == s.centres[a - 1].active + 2


@pytest.mark.rule("SS-KB-09", "SS-ALM-10")
def test_crew_kickback_costs_no_morale():
    config, s = fresh(2, seed=2)
    a = s.order[0]
    at_turn(s, a, dice=(2,), others_dice=True)
    p = s.centres[a - 1]
    p.crew, p.used, p.hires, p.morale = (crew_index("T3-06a"),), (False,), 1, 3
    out_of_decks(s, crew_index("T3-06a"))
    if crew_index("T3-06a") in s.display:
        put(s, "display", s.display.index(crew_index("T3-06a")), -1)
    bump(p, "factions", 0)
    bump(p, "factions", 3)
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=2, value=2))
    session.apply(RULES.parse_action(session.state, f"P{a} visit location=L-FLT"))
    session.apply(UseCrew(player=a, card="T3-06a"))
    assert session.state.tasks[-1].kind == "kickback" and session.state.centres[a - 1].morale == 3
    choose(session, a, "crystal")
    assert session.state.centres[a - 1].store[2] == 1


@pytest.mark.rule("SS-CORP-06", "SS-GEN-06")
def test_corporation_hexes_never_move_and_never_score():
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_rng, playout, seeded, start
    config = RULES.make_config(players=2)
    st, pos = start(RULES, config, seeded(3))
    down = [i for i, f in enumerate(st.face_down) if f]
    st, _, _ = playout(RULES, st, pos, {1: RandomAgent(RULES), 2: RandomAgent(RULES)}, seeded(3), agent_rng(3))
    assert all(st.builder[i] == -1 for i in down) and st.corp_beside == 2


@pytest.mark.rule("SS-DRDEP-11", "SS-DRDEP-01")
def test_dranda_reputation_becomes_points():
    config, s = fresh(1, seed=1, level=3)
    s.order = (1, 2)
    at_turn(s, 1, dice=(3,))
    names = {"I1": "H03"}
    open_sphere(s, {n: -1 for n in RULES.c.slots if n not in names})
    put_hex(s, "I1", "H03")
    d = s.dranda
    card = next(i for i, c in enumerate(RULES.c.dranda) if c.black == "L-SPH")
    d.dice, d.colours = [1, 0, 0], [0, 1, 2]
    if card in d.discard:
        d.discard.remove(card)
        d.discard.append(next(c for c in d.deck if c != card))
        d.deck.remove(d.discard[-1])
    d.deck = [card] + [c for c in d.deck + d.area if c != card]
    d.area = []
    session = play(config, s)
    session.apply(RULES.parse_action(session.state, "P1 discard_die die=3"))    # the player's turn as normal
    pts = [e.points for e in events(session, PointsScored) if e.player == 2]
    assert pts[:2] == [1, 3] and session.state.builder[slot("I1")] == 2


@pytest.mark.rule("SS-GAP-14", "SS-GAP-13")
def test_crew_icons_from_data():
    from collections import Counter
    icons = Counter(f for c in RULES.c.crew for f in c.factions)
    assert icons == {"eng": 17, "sci": 17, "sec": 18, "sil": 8}
    assert [len(c.factions) for c in RULES.c.crew if c.tier == 3] == [2] * 12

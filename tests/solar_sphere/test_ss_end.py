"""End of the game and final scoring (SS-END, SS-FAC, SS-PTS); SS-EX-17, SS-EX-24."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, end_deploy, events, fleet, fresh, open_sphere, play

from solar_sphere.events import FinalScored, GameEnded, PointsScored
from solar_sphere.scoring import faction_sets, ranks, winners


@pytest.mark.rule("SS-EX-17", "SS-AMB-33", "SS-FAC-03", "SS-FAC-05", "SS-FAC-06", "SS-FAC-07", "SS-END-05")
def test_faction_sets():
    assert faction_sets([3, 1, 0, 1]) == 1
    assert faction_sets([2, 2, 2, 0]) == 2
    assert faction_sets([0, 0, 0, 3]) == 1
    assert faction_sets([4, 4, 0, 2]) == 2


def final_round(players=2, setup=None):
    config, s = fresh(players, seed=2)
    s.round = 6
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s)
    if setup:
        setup(s)
    session = play(config, s)
    end_deploy(session, last, 2)
    return session, s


@pytest.mark.rule("SS-EX-24", "SS-AMB-31", "SS-END-08", "SS-END-09", "SS-END-06", "SS-END-07", "SS-END-04",
                  "SS-PTS-03", "SS-PTS-04", "SS-FAC-04", "SS-CREW-13", "SS-INV-13")
def test_final_scoring_parts():
    def setup(s):
        open_sphere(s)
        p = s.centres[0]
        p.active, p.inactive, p.reserve, p.store = 5, 5, 10, [2, 1, 1]
        p.rep, p.morale, p.factions, p.score = 2, 7, [1, 1, 0, 1], 10
        s.centres[1].morale = 0
    session, before = final_round(setup=setup)
    f = next(e for e in events(session, FinalScored) if e.player == 1)
    morale = session.state.centres[0].morale
    assert (f.halves, f.reputation, f.factions, f.sphere) == (4, 4, 5, 0)
    assert f.morale == RULES.c.cmd.morale_points[morale]
    p = session.state.centres[0]
    during = sum(e.points for e in events(session, PointsScored) if e.player == 1)
    assert p.score == 10 + during + f.sphere + f.factions + f.reputation + f.morale + f.halves
    assert events(session, GameEnded)[0].scores[0] == p.score


@pytest.mark.rule("SS-END-10", "SS-END-11", "SS-END-12", "SS-AMB-34", "SS-FLOW-01")
def test_tie_breaks():
    _, s = fresh(3, seed=1)
    s.phase, s.outcome = "over", [20, 20, 20]
    s.centres[0].rep, s.centres[1].rep, s.centres[2].rep = 2, 2, 1
    s.centres[0].morale, s.centres[1].morale = 5, 6
    assert winners(s) == (2,) and ranks(s) == [2, 1, 3]
    s.centres[0].morale = 6
    assert winners(s) == (1, 2) and ranks(s) == [1, 1, 3]


@pytest.mark.rule("SS-PTS-01", "SS-PTS-02", "SS-GAP-20")
def test_score_is_one_integer():
    _, s = fresh(2, seed=1)
    assert isinstance(s.centres[0].score, int)
    assert all(isinstance(e.points, int) for e in [PointsScored(player=1, points=-2)])


@pytest.mark.rule("SS-FLOW-03", "SS-END-01", "SS-INV-05", "SS-INV-26")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_lasts_at_most_six_rounds(players):
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_rng, playout, seeded, start
    config = RULES.make_config(players=players)
    st, pos = start(RULES, config, seeded(players))
    st, _, _ = playout(RULES, st, pos, {i: RandomAgent(RULES) for i in range(1, players + 1)}, seeded(1), agent_rng(1))
    assert st.phase == "over" and st.round <= 6 and (st.round == 6 or st.final)
    out = RULES.outcome(st)
    assert out.scores == tuple(p.score for p in st.centres) and out.winners


@pytest.mark.rule("SS-INV-13")
@pytest.mark.parametrize("players", [1, 3])
def test_score_is_the_sum_of_point_events(players):
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import run_bots
    from boardcore.session.session import Session
    session = Session.new(RULES, players=players, level=2, seed=17)
    run_bots(session, {p: RandomAgent(RULES) for p in range(1, players + 1)}, seed=17)
    seats = list(range(1, players + 1)) + ([2] if players == 1 else [])
    for seat in seats:
        total = sum(e.points for e in events(session, PointsScored) if e.player == seat)
        total += sum(e.sphere + e.factions + e.reputation + e.morale + e.halves + e.supply
                     for e in events(session, FinalScored) if e.player == seat)
        final = session.state.dranda.score if seat == session.state.dranda_seat else session.state.centres[seat - 1].score
        assert total == final

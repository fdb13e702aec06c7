"""Phase 1: Dock (SS-DOCK, SS-PORT) and rulebook examples SS-EX-01, SS-EX-08, SS-EX-29."""

from __future__ import annotations

import pytest
from ss_helpers import RULES, at_turn, end_deploy, events, fleet, fresh, play

from solar_sphere.dock import new_order, port_bonus
from solar_sphere.events import MoraleChanged


def dock_round(players=2, script=()):
    """Finish round 1's Deploy with no ships, so round 2's Dock rolls `script`."""
    config, s = fresh(players, seed=3)
    at_turn(s, s.order[-1], dice=(2,))
    fleet(s)
    session = play(config, s, script)
    end_deploy(session, s.order[-1], 2)
    return session


@pytest.mark.rule("SS-EX-01", "SS-DOCK-01", "SS-DOCK-02", "SS-DOCK-03", "SS-DOCK-06", "SS-DOCK-07", "SS-PORT-01",
                  "SS-PORT-02", "SS-PORT-03", "SS-GAP-09")
def test_arlo_docks_1_1_2_for_five_morale():
    """With default data SS-GAP-09 (port 1 x2 = 4 and port 2 x1 = 1 are the rulebook's)."""
    session = dock_round(2, script=[1, 1, 2, 6, 6, 6])
    s = session.state
    arlo = next(i for i, p in enumerate(s.centres, 1) if p.rolled == (1, 1, 2))
    before = next(e for e in events(session, MoraleChanged) if e.player == arlo and e.delta == 5)
    assert before.delta == 5
    p = s.centres[arlo - 1]
    assert p.ports[0] == 2 and p.ports[1] == 1 and sum(p.rolled) == 4


@pytest.mark.rule("SS-EX-29", "SS-PORT-03")
def test_dock_bonus_variants():
    """With default data SS-GAP-09."""
    assert port_bonus(RULES.c, (1, 1, 1)) == 7
    assert port_bonus(RULES.c, (6, 6, 6)) == 2
    assert port_bonus(RULES.c, (3, 4, 5)) == 1
    assert port_bonus(RULES.c, (2, 2, 5)) == 3


@pytest.mark.rule("SS-EX-08", "SS-DOCK-04", "SS-DOCK-05", "SS-AMB-08")
def test_turn_order_ties_reverse():
    assert new_order([1, 2, 3], {1: 10, 2: 12, 3: 10}) == (2, 3, 1)
    assert new_order([3, 1, 2], {1: 9, 2: 9, 3: 9}) == (2, 1, 3)


@pytest.mark.rule("SS-DOCK-04", "SS-DOCK-07", "SS-DOCK-08", "SS-DOCK-09", "SS-PORT-04", "SS-TRK-05", "SS-FLOW-02",
                  "SS-REC-10", "SS-AMB-57", "SS-INV-17")
def test_dock_sets_order_and_morale_from_three_dice_only():
    session = dock_round(2, script=[1, 1, 2, 6, 6, 6])
    s = session.state
    assert s.round == 2 and s.phase == "deploy"
    rolls = sorted((p.rolled for p in s.centres))
    assert rolls == [(1, 1, 2), (6, 6, 6)]
    high = next(i for i, p in enumerate(s.centres, 1) if p.rolled == (6, 6, 6))
    assert s.order[0] == high                      # 18 beats 4
    assert not any(p.aux for p in s.centres) and all(sum(p.ports) == 3 for p in s.centres)
    low = s.centres[2 - high]
    assert low.morale >= 5                         # +5 from the ports (plus the discard's +1 earlier)


@pytest.mark.rule("SS-PORT-05", "SS-DEP-08")
def test_die_keeps_its_port_until_deployed():
    config, s = fresh(2, seed=4)
    seat = s.turn
    at_turn(s, seat, dice=(3, 5))
    session = play(config, s)
    session.apply(RULES.parse_action(session.state, f"P{seat} choose_die die=3 value=3"))
    assert session.state.centres[seat - 1].ports[4] == 1 and session.state.centres[seat - 1].ports[2] == 0




@pytest.mark.rule("SS-EX-08", "SS-DOCK-05")
def test_three_player_tie_reverses_through_a_round():
    config, s = fresh(3, seed=3)
    s.order = (1, 2, 3)                                  # previous order A, B, C
    at_turn(s, 3, dice=(2,))
    fleet(s)
    session = play(config, s, [3, 3, 4, 4, 4, 4, 2, 4, 4])   # A 10, B 12, C 10 (rolled in that order)
    end_deploy(session, 3, 2)
    assert session.state.order == (2, 3, 1)

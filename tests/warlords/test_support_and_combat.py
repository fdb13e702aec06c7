"""Support cards (GW-SUP) and Invasion and Combat (GW-CMB)."""

from __future__ import annotations

import pytest
from wl_helpers import (DEST, GUARDED, HIT, IHIT, LP, MISS, C, at_actions, clear, command_area, ev,
                        launch_pad, planets_in, put, session, set_type, table)

T = C.type_index


def base_table(players=2, slots="support", **options):
    cfg, s = table(players, **options)
    clear(s)
    s.rep_slots = [slots] * 8
    s.ships = ["C"] + ["NW", "SE", "NE"][:players - 1]
    s.support_hands = [[] for _ in range(players)]
    return cfg, s


def give_support(s, player: int, *cards: str):
    for card in cards:
        if card in s.sdeck:
            s.sdeck.remove(card)
        s.support_hands[player - 1].append(card)


@pytest.mark.rule("GW-SUP-01", "GW-SUP-02", "GW-SUP-03", "GW-SUP-05", "GW-SUP-06", "GW-ACT-06", "GW-AMB-27",
                  "GW-INV-09")
def test_an_assassinate_card_costs_its_action_and_uses_the_turns_allowance():
    cfg, s = base_table()
    command_area(s, 2, ["M01", "M02"])
    launch_pad(s, 1, infantry=1)
    give_support(s, 1, "S01", "S02", "S09")
    sess = session(cfg, at_actions(s, 1, "M01"))
    assert {a.card for a in sess.legal_actions() if isinstance(a, ev.PlaySupport)} == {"S01", "S09"}  # one per kind
    sess.apply(ev.PlaySupport(player=1, card="S01"))
    assert sess.state.base[0][LP * 3] == 0                     # 1 Infantry to Mission
    sess.apply(ev.Wound(player=1, target=2, card="M02"))
    assert not any(isinstance(a, ev.PlaySupport) for a in sess.legal_actions())
    assert sess.state.sdiscard[-1] == "S01"


@pytest.mark.rule("GW-SUP-08", "GW-SUP-09", "GW-SUP-04")
def test_subterfuge_and_deploy_only_cards():
    cfg, s = base_table(slots="deploy")
    launch_pad(s, 1, infantry=2)
    enemy = put(s, planets_in(s, "C")[0], 2, infantry=1)
    give_support(s, 1, "S09")
    sess = session(cfg, at_actions(s, 1, "M11"))
    sess.apply(ev.PlaySupport(player=1, card="S09"))
    assert enemy not in {a.planet for a in sess.legal_actions()}
    planet = planets_in(s, "C")[1]
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=0, aircraft=0))
    st = sess.state
    assert st.rep[0] == 0 and st.power[0] == C.deploy_value[st.track[T[st.planet_type[planet]]]]
    cfg, s = base_table()
    launch_pad(s, 1, infantry=1)
    give_support(s, 1, "S06")
    sess = session(cfg, at_actions(s, 1, "M01"), dice=[s.hands[1][0]])
    sess.apply(ev.PlaySupport(player=1, card="S06"))
    assert sess.legal_actions() == [ev.TargetPlayer(player=1, target=2)]


def assassinate_played(players: int, blockades: dict[int, str], **options):
    """P1 has just played an Assassinate card in their Action Phase; `blockades` maps seats to the
    Blockade each holds."""
    cfg, s = base_table(players=players, **options)
    command_area(s, 2, ["M01", "M02"])
    launch_pad(s, 1, infantry=1)
    give_support(s, 1, "S01")
    for seat, card in blockades.items():
        give_support(s, seat, card)
    sess = session(cfg, at_actions(s, 1, "M01"))
    sess.apply(ev.PlaySupport(player=1, card="S01"))
    return sess


@pytest.mark.rule("GW-SUP-10", "GW-AMB-25", "GW-AMB-26", "GW-SUP-13")
def test_blockade_cancels_a_card_which_still_counts():
    sess = assassinate_played(3, {2: "S12", 3: "S13"})
    assert sess.state.prompt.player == 2 and sess.state.prompt.kind == "blockade"
    sess.apply(ev.Block(player=2, card="S12"))
    assert sess.state.prompt.player == 3                         # the Blockade itself can be blocked
    sess.apply(ev.Pass(player=3))
    st = sess.state
    assert st.prompt.kind == "action" and set(st.sdiscard[-2:]) == {"S01", "S12"}
    assert st.support_played[0] and st.support_played[1] and st.base[0][LP * 3] == 1
    assert not any(isinstance(a, ev.PlaySupport) for a in sess.legal_actions())


@pytest.mark.rule("GW-AMB-25", "GW-TEAM-01", "GW-SUP-10")
def test_in_2_vs_2_only_an_opponent_may_blockade():
    """The stricter reading: a Blockade answers an opponent's card, and teammates are not opponents
    (P3, P1's partner, holding one, used to be asked first)."""
    sess = assassinate_played(4, {3: "S12", 4: "S13"}, mode="teams")
    assert (sess.state.prompt.player, sess.state.prompt.kind) == (4, "blockade")
    sess.apply(ev.Block(player=4, card="S13"))
    assert (sess.state.prompt.player, sess.state.prompt.kind) == (3, "blockade")   # P4's card: P3 is its opponent
    sess.apply(ev.Pass(player=3))
    assert sess.state.prompt.kind == "action" and "S01" in sess.state.sdiscard and "S12" in sess.state.support_hands[2]


@pytest.mark.rule("GW-SUP-12", "GW-AMB-24", "GW-HIRE-07", "GW-REP-05")
def test_black_friday_plays_a_market_action_then_replaces_the_market():
    cfg, s = base_table(slots="deploy")
    launch_pad(s, 1, infantry=2)
    give_support(s, 1, "S16")
    at_actions(s, 1, "M11")
    market = list(s.market)
    sess = session(cfg, s)
    sess.apply(ev.PlaySupport(player=1, card="S16"))
    borrow = next(a for a in sess.legal_actions() if a.action in ("deploy", "deploy_only"))
    sess.apply(borrow)
    sess.apply(sess.legal_actions()[0])
    sess.apply(next(a for a in sess.legal_actions() if isinstance(a, ev.DeployUnits)))
    st = sess.state
    assert all(m in st.removed for m in market) and len(st.market) == C.data.table.market
    assert not set(st.market) & set(market) and st.rep[0] == 0


def invasion(defender=(1, 0, 0), attacker=(2, 0, 0), guards=None, defender_cards=None, dice=(), support=()):
    cfg, s = base_table()
    planet = set_type(s, planets_in(s, "C")[0], "YELLOW")
    s.track = list(s.track)
    s.track[T["YELLOW"]] = 2
    put(s, planet, 2, *defender)
    launch_pad(s, 1, *attacker)
    if defender_cards:
        command_area(s, 2, defender_cards, guards=guards)
    give_support(s, 2, *support)
    sess = session(cfg, at_actions(s, 1, "M01"), dice=dice)
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    return sess, planet


def _row_with_mission(colour: str, mission: str):
    for a in C.merc_ids:
        for b in C.merc_ids:
            if a != b and C.mercs[a].right == C.mercs[b].left == colour and mission in (
                    C.mercs[a].mission, C.mercs[b].mission):
                return [a, b]
    raise LookupError


@pytest.mark.rule("GW-CMB-04", "GW-CMB-05", "GW-CMB-06", "GW-CMB-09", "GW-AMB-15", "GW-AMB-16", "GW-INV-20")
def test_guard_reinforcement_with_fortify():
    row = _row_with_mission("RED", "YELLOW")
    # attacker 3 dice all miss; defender 1+1 units, 2 dice + Fortify = 3 dice: hit, hit, hit
    sess, planet = invasion(attacker=(3, 0, 0), defender_cards=row, guards={0: GUARDED},
                            dice=[MISS, MISS, MISS, HIT, HIT, HIT])
    sess.apply(ev.DeployUnits(player=1, infantry=3, tanks=0, aircraft=0))
    assert sess.state.prompt.kind == "reinforce" and sess.state.prompt.player == 2
    events = sess.apply(ev.Reinforce(player=2, circle=0))
    rolled = next(e for e in events if isinstance(e, ev.CombatRolled))
    assert len(rolled.defender) == 3 and len(rolled.attacker) == 3
    st = sess.state
    assert st.guard[1][0] != GUARDED and st.owner[planet] == 2 and st.planet_units[planet] == [2, 0, 0]


@pytest.mark.rule("GW-CMB-10", "GW-CMB-08", "GW-CMB-11", "GW-SUP-11", "GW-AMB-45")
def test_first_strike_and_kickstarter():
    row = _row_with_mission("GREEN", "YELLOW")
    sess, planet = invasion(attacker=(3, 0, 0), defender_cards=row, guards={0: GUARDED},
                            dice=[MISS, MISS, HIT, HIT, HIT], support=("S14",))
    sess.apply(ev.DeployUnits(player=1, infantry=3, tanks=0, aircraft=0))
    legal = sess.legal_actions()
    assert ev.PlaySupport(player=2, card="S14") in legal and ev.Reinforce(player=2, circle=0) in legal
    sess.apply(ev.PlaySupport(player=2, card="S14"))
    assert sess.state.planet_units[planet] == [2, 0, 0]
    events = sess.apply(ev.Reinforce(player=2, circle=0))      # the Kickstarter unit does not block it
    rolled = next(e for e in events if isinstance(e, ev.CombatRolled))
    assert len(rolled.attacker) == 2 and len(rolled.defender) == 3
    row = _row_with_mission("YELLOW", "YELLOW")
    sess, planet = invasion(attacker=(2, 0, 0), defender_cards=row, guards={0: GUARDED},
                            dice=[MISS, MISS, IHIT, IHIT])
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    sess.apply(ev.Reinforce(player=2, circle=0))
    assert sess.state.owner[planet] == 2 and sess.state.planet_units[planet] == [2, 0, 0]   # Bolster: invader hits count


@pytest.mark.rule("GW-CMB-07")
def test_efficient_targeting_rerolls():
    row = _row_with_mission("BLUE", "YELLOW")
    sess, planet = invasion(attacker=(2, 0, 0), defender_cards=row, guards={0: GUARDED},
                            dice=[MISS, MISS, MISS, MISS, HIT, HIT])
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    sess.apply(ev.Reinforce(player=2, circle=0))
    assert sess.state.prompt.kind == "reroll"
    sess.apply(ev.Reroll(player=2, hits=0, invader_hits=0, misses=2))
    assert sess.state.owner[planet] == 2


@pytest.mark.rule("GW-CMB-13", "GW-CMB-14", "GW-CMB-15", "GW-CMB-18", "GW-CMB-24", "GW-DEP-10", "GW-AMB-60",
                  "GW-AMB-61")
def test_heavy_siege_counts_invader_hits():
    sess, planet = invasion(defender=(2, 0, 0), attacker=(1, 1, 0), dice=[IHIT, IHIT, MISS, MISS])
    events = sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=1, aircraft=0))
    st = sess.state
    assert st.owner[planet] == 1 and st.planet_units[planet] == [1, 1, 0] and st.power[0] == 0
    assert any(isinstance(e, ev.InvasionEnded) and e.winner == 1 for e in events)
    sess, planet = invasion(defender=(2, 0, 0), attacker=(2, 0, 0), dice=[IHIT, IHIT, MISS, MISS, HIT, HIT, MISS,
                                                                          MISS])
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    assert sess.state.owner[planet] == 1                   # no siege in round 1, two hits in round 2


@pytest.mark.rule("GW-CMB-19", "GW-AMB-13", "GW-CMB-22")
def test_both_sides_wiped_out():
    sess, planet = invasion(defender=(1, 0, 0), attacker=(1, 0, 0), dice=[HIT, HIT])
    sess.apply(ev.DeployUnits(player=1, infantry=1, tanks=0, aircraft=0))
    st = sess.state
    assert st.owner[planet] == 0 and st.rep[0] == 0 and st.invasion is None


@pytest.mark.rule("GW-CMB-20", "GW-AMB-14", "GW-CMB-16", "GW-AMB-11")
def test_evacuate_with_an_aircraft():
    sess, planet = invasion(defender=(1, 0, 1), attacker=(3, 0, 0), dice=[MISS, MISS, MISS, MISS, MISS])
    sess.apply(ev.DeployUnits(player=1, infantry=3, tanks=0, aircraft=0))
    assert sess.state.prompt.kind == "evacuate"
    lp = list(sess.state.base[1][LP * 3:LP * 3 + 3])
    sess.apply(ev.Evacuate(player=2))
    st = sess.state
    assert st.owner[planet] == 1 and st.rep[0] == 0
    assert st.base[1][LP * 3:LP * 3 + 3] == [lp[0] + 1, lp[1], lp[2] + 1]
    sess, planet = invasion(defender=(1, 1, 0), attacker=(2, 0, 0), dice=[HIT, MISS, HIT, MISS])
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    assert sess.state.prompt.kind == "casualties"
    destroyed = sess.state.base[1][DEST * 3 + 1]
    sess.apply(ev.Casualties(player=2, infantry=0, tanks=1, aircraft=0))
    assert sess.state.base[1][DEST * 3 + 1] == destroyed + 1


@pytest.mark.rule("GW-CMB-02", "GW-AMB-59")
def test_devastation_stops_at_the_first_space():
    sess, planet = invasion(dice=[HIT, MISS, MISS])
    st = sess.state.copy()
    st.track = list(st.track)
    st.track[T["YELLOW"]] = 0
    from wl_helpers import session as again
    sess2 = again(sess.config, st, dice=[HIT, MISS, MISS])
    sess2.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    assert sess2.state.track[T["YELLOW"]] == 0



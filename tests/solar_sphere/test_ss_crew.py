"""Crew Station, hiring, retiring and crew actions (SS-CREW, SS-ALM); SS-EX-18, SS-EX-19."""

from __future__ import annotations

import pytest
from ss_helpers import (RULES, at_turn, bump, choose, crew_index, deploy, end_deploy, events, fleet, fresh, loc,
                        out_of_decks, play, put)

from boardcore.game.errors import IllegalAction
from solar_sphere.events import AuxDieGained, ChooseDie, CrewRetired, UseCrew


def crew_turn(dice=(3,), crew=(), store=(0, 0, 0), display=None, seed=4):
    config, s = fresh(2, seed=seed)
    a = s.order[0]
    at_turn(s, a, dice=dice, others_dice=True)
    p = s.centres[a - 1]
    p.crew = tuple(crew_index(c) for c in crew)
    p.used = (False,) * len(crew)
    p.hires = len(crew)
    for c in p.crew:
        out_of_decks(s, c)
        if c in s.display:
            put(s, "display", s.display.index(c), -1)
    for c in crew:
        for f in RULES.c.crew_factions[crew_index(c)]:
            bump(p, "factions", f)
    p.store = list(store)
    if display:
        for slot, cid in display.items():
            card = crew_index(cid)
            old = s.display[slot]
            s.crew_decks = tuple((*(c for c in deck if c != card), *((old,) if old >= 0 else ())) if card in deck
                                 else deck for deck in s.crew_decks)
            put(s, "display", slot, card)
    return config, s, a


@pytest.mark.rule("SS-EX-19", "SS-CREW-02", "SS-CREW-04", "SS-CREW-05", "SS-CREW-07", "SS-CREW-08", "SS-CREW-09",
                  "SS-CREW-10", "SS-CREW-11", "SS-CREW-13", "SS-ALM-03", "SS-ALM-15", "SS-AMB-29", "SS-CREW-14",
                  "SS-INV-03")
def test_hiring_a_fourth_crew_member():
    config, s, a = crew_turn(crew=("T1-01a", "T2-02a", "T3-01a"), store=(1, 3, 0), display={2: "T2-06a"})
    score = s.centres[a - 1].score
    session = play(config, s)
    deploy(session, a, 3, 3, "L-CREW")
    choose(session, a, "action")
    assert "T2-06a:ore" in RULES.task_options(session.state, session.state.tasks[-1])
    choose(session, a, "T2-06a:ore")
    st = session.state
    assert st.centres[a - 1].score == score + 2 and st.centres[a - 1].store == [0, 1, 0] and st.display[2] == -1
    assert RULES.task_options(st, st.tasks[-1]) == ["T1-01a", "T2-02a", "T3-01a"]     # not the new one
    choose(session, a, "T2-02a")
    assert RULES.task_options(session.state, session.state.tasks[-1]) == ["gain:gold:2", "gain_any:1"]
    choose(session, a, "gain:gold:2")
    p = session.state.centres[a - 1]
    assert p.store == [0, 3, 0] and crew_index("T2-02a") in p.retired and len(p.crew) == 3
    assert p.factions[2] == 1                                       # T2-02a's Sec still counts


@pytest.mark.rule("SS-CREW-03", "SS-AMB-40", "SS-ALM-01", "SS-CREW-06")
def test_crew_station_boost_and_token():
    config, s, a = crew_turn(store=(0, 1, 0), display={0: "T1-03a"})
    put(s, "tokens", 0, 2)
    put(s.centres[a - 1], "sats", loc("L-CREW"), True)
    s.centres[a - 1].active -= 1
    morale = s.centres[a - 1].morale
    session = play(config, s)
    deploy(session, a, 3, 3, "L-CREW")
    choose(session, a, "action")
    choose(session, a, "gold")                       # the boost: 1 resource before hiring
    choose(session, a, "T1-03a")
    p = session.state.centres[a - 1]
    assert p.store == [0, 0, 0] and p.morale == morale + 2 and session.state.tokens[0] == 0


@pytest.mark.rule("SS-EX-18", "SS-REC-04", "SS-REC-05", "SS-REC-06", "SS-REC-07", "SS-INV-07", "SS-INV-08",
                  "SS-INV-09", "SS-REC-03", "SS-REC-01", "SS-REC-09")
def test_display_tokens_age_and_discard():
    config, s = fresh(2, seed=8)
    x = s.display[0]
    for rnd in (1, 2, 3):
        s.round = rnd
        last = s.order[-1]
        at_turn(s, last, dice=(2,))
        fleet(s)
        session = play(config, s)
        end_deploy(session, last, 2)
        s = session.state.copy()
        if rnd == 1:
            assert s.display[0] == x and s.tokens[0] == 1
        if rnd == 2:
            assert s.display[0] == x and s.tokens[0] == 2
    assert s.display[0] != x and s.tokens[0] == 0 and x in s.crew_decks[0][-2:]   # both first cards aged out


@pytest.mark.rule("SS-CREW-15", "SS-CREW-16", "SS-ALM-02", "SS-ALM-09", "SS-INV-19")
def test_trade_once_per_round():
    config, s, a = crew_turn(crew=("T1-01a",), store=(1, 0, 0))
    session = play(config, s)
    session.apply(UseCrew(player=a, card="T1-01a"))
    p = session.state.centres[a - 1]
    assert p.store == [0, 2, 0] and p.used == (True,)
    with pytest.raises(IllegalAction):
        session.apply(UseCrew(player=a, card="T1-01a"))


@pytest.mark.rule("SS-ALM-10", "SS-ALM-02")
def test_when_you_visit_crew():
    config, s, a = crew_turn(dice=(1,), crew=("T1-07a",), store=(0, 0, 0))
    assert not any(isinstance(x, UseCrew) for x in RULES.legal_actions(s))       # only at the Sphere
    session = play(config, s)
    deploy(session, a, 1, 1, "L-SPH")
    session.apply(UseCrew(player=a, card="T1-07a"))
    assert session.state.centres[a - 1].store == [1, 0, 0]


@pytest.mark.rule("SS-ALM-11", "SS-AMB-41", "SS-ALM-06", "SS-ALM-05")
def test_t3_03_sets_any_value():
    config, s, a = crew_turn(dice=(1,), crew=("T3-03a",))
    s.centres[a - 1].active = 0
    assert ChooseDie(player=a, die=1, value=6, crew=True) in RULES.legal_actions(s)
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=1, value=6, crew=True))
    assert session.state.chosen == 6 and session.state.centres[a - 1].used == (True,)


@pytest.mark.rule("SS-ALM-12", "SS-AMB-28", "SS-ALM-04")
def test_t3_04_pays_two_morale():
    config, s, a = crew_turn(crew=("T3-04a",))
    s.centres[a - 1].morale = 1
    assert not any(isinstance(x, UseCrew) for x in RULES.legal_actions(s))
    s.centres[a - 1].morale = 3
    session = play(config, s)
    session.apply(UseCrew(player=a, card="T3-04a"))
    assert (session.state.centres[a - 1].morale, session.state.centres[a - 1].rep) == (1, 1)


@pytest.mark.rule("SS-ALM-13", "SS-AMB-26")
def test_t3_02_refreshes_another():
    config, s, a = crew_turn(crew=("T3-02a", "T2-01a"))
    s.centres[a - 1].used = (False, True)
    session = play(config, s)
    session.apply(UseCrew(player=a, card="T3-02a"))
    assert RULES.task_options(session.state, session.state.tasks[-1]) == ["T2-01a"]
    choose(session, a, "T2-01a")
    assert session.state.centres[a - 1].used == (True, False)


@pytest.mark.rule("SS-ALM-13", "SS-AMB-26")
def test_t3_02_refreshes_neither_itself_nor_the_other_copy():
    """The two copies refreshing each other gained nothing and never ended (bots looped forever):
    with only the other T3-02 rotated there is nothing to refresh, so T3-02 cannot be used; with
    another card rotated as well, that card alone is offered."""
    config, s, a = crew_turn(crew=("T3-02a", "T3-02b", "T2-01a"))
    s.centres[a - 1].used = (False, True, False)
    assert UseCrew(player=a, card="T3-02a") not in RULES.legal_actions(s)
    s.centres[a - 1].used = (False, True, True)
    session = play(config, s)
    session.apply(UseCrew(player=a, card="T3-02a"))
    assert RULES.task_options(session.state, session.state.tasks[-1]) == ["T2-01a"]
    choose(session, a, "T2-01a")
    assert session.state.centres[a - 1].used == (True, True, False)


@pytest.mark.rule("SS-ALM-07", "SS-AMB-27", "SS-ALM-17")
def test_morale_per_crew_and_hex():
    config, s, a = crew_turn(crew=("T2-04a", "T1-01a", "T1-02a"))
    s.centres[a - 1].retired = (crew_index("T1-03a"),)
    s.centres[a - 1].hires = 4
    out_of_decks(s, crew_index("T1-03a"))
    bump(s.centres[a - 1], "factions", 0)
    morale = s.centres[a - 1].morale
    session = play(config, s)
    session.apply(UseCrew(player=a, card="T2-04a"))
    assert session.state.centres[a - 1].morale == morale + 2


@pytest.mark.rule("SS-ALM-08", "SS-ALM-16", "SS-AMB-30", "SS-REC-08")
def test_retirement_aux_die_and_salvage_any():
    config, s, a = crew_turn(crew=("T3-03a", "T3-01a", "T1-01a"), store=(1, 2, 0), display={0: "T1-02a"})
    session = play(config, s, [5])
    deploy(session, a, 3, 3, "L-CREW")
    choose(session, a, "action")
    choose(session, a, "T1-02a")
    choose(session, a, "T3-03a")
    assert events(session, AuxDieGained) == [AuxDieGained(player=a, value=5)]
    assert events(session, CrewRetired)[0].card == crew_index("T3-03a")


@pytest.mark.rule("SS-CREW-12", "SS-INV-09")
def test_retired_crew_cannot_be_used():
    config, s, a = crew_turn(crew=("T2-01a",))
    s.centres[a - 1].retired, s.centres[a - 1].crew, s.centres[a - 1].used = (crew_index("T2-01a"),), (), ()
    assert not any(isinstance(x, UseCrew) for x in RULES.legal_actions(s))


@pytest.mark.rule("SS-AMB-15", "SS-ALM-10", "SS-AMB-25")
def test_visit_made_possible_by_a_when_you_visit_crew():
    from ss_helpers import open_sphere, put_hex, slot
    config, s, a = crew_turn(dice=(1,), crew=("T1-07a",), store=(0, 0, 0))
    open_sphere(s)
    put_hex(s, "I1", "H01")
    for name in ("I2", "I3", "I4", "I5", "I6"):
        put(s, "builder", slot(name), -1)
    p = s.centres[a - 1]
    put(p, "sats", loc("L-SPH"), True)
    p.active = 2
    s.loc_dice[loc("L-SPH")] = 1
    session = play(config, s)
    session.apply(ChooseDie(player=a, die=1, value=1))
    from solar_sphere.events import Visit
    assert Visit(player=a, location="L-SPH") in RULES.legal_actions(session.state)
    session.apply(Visit(player=a, location="L-SPH"))
    assert RULES.legal_actions(session.state) == [UseCrew(player=a, card="T1-07a")]
    session.apply(UseCrew(player=a, card="T1-07a"))
    choose(session, a, "action")
    choose(session, a, "I1")
    assert session.state.builder[slot("I1")] == a


@pytest.mark.rule("SS-AMB-25", "SS-ALM-10", "SS-CREW-15")
def test_when_you_visit_crew_may_still_be_used_after_the_location_action():
    """A "When you visit the Solar Sphere" card works for the whole turn that visited it,
    so the ore can be gained after paying for the hex, when storage has room again."""
    from ss_helpers import open_sphere, put_hex

    from solar_sphere.events import EndTurn

    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(3, 5), others_dice=True)
    open_sphere(s, {})
    put_hex(s, "I2", "H07")                                     # value 3, costs 2 ore
    p = s.centres[a - 1]
    p.store = [2, 2, 2]                                         # full before the build
    p.crew, p.used = (crew_index("T1-07a"), crew_index("T3-05a")), (False, False)
    p.factions = (1, 0, 0, 1)
    session = play(config, s)
    deploy(session, a, 3, 3, "L-SPH")
    choose(session, a, "action")
    choose(session, a, "I2")
    legal = session.legal_actions(a)
    assert UseCrew(player=a, card="T1-07a") in legal and UseCrew(player=a, card="T3-05a") in legal
    assert EndTurn(player=a) in legal                           # the turn waits for the player
    session.apply(UseCrew(player=a, card="T1-07a"))
    assert session.state.centres[a - 1].store == [1, 2, 2]            # paid 2 ore, then gained 1

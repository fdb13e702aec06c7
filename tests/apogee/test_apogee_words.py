"""Apogee in words (describe): rulebook examples told with their costs and results, every event type that
random games rarely meet (apogee.RARE_EVENTS) told in a scenario that reaches it, and what a player may
not see never named for them."""

from __future__ import annotations

import pytest
from apogee_helpers import (C, R, admin, at_soc, build_pad, eng, event, give_engineer, on_top, plan, reserve,
                            solo_event, table, take)
from boardcore.game.rules import Unfolding
from boardcore.session.session import Session

import apogee
from apogee import events as ev
from apogee import solo
from apogee.prompts import POINTS

QIAN_TAO_ROLLS_7 = [7]
LAUNCH_ROLLS_7 = [7]
FAILS_5_THEN_6 = [5, 6]
FAILS_5 = [5]
FAILS_4 = [4]
NATION_ROLLS_6 = [6]


def told(sess: Session, action, reader: int | None = None) -> list[tuple[str, str]]:
    """`action` applied to `sess`; each event it recorded as `reader` reads it: (event type, words)."""
    state = R.copy(sess.state)
    events = sess.apply(action)
    return replay_words(state, events, reader)


def replay_words(state, events, reader) -> list[tuple[str, str]]:
    """`events` from `state` on (left as it is), each as `reader` reads it."""
    state = R.copy(state)
    out = []
    for e in events:
        shown = R.visible(e, reader)
        if shown is not None:
            out.append((type(e).__name__, R.describe(R.view(state, reader), shown, reader)))
        state = R.evolve(state, e)
    return out


def offered(sess: Session, action) -> str:
    """An action as its player sees it before taking it."""
    return R.describe(R.view(sess.state, action.player), action, action.player)


def words_of(lines, kind: str) -> list[str]:
    return [text for name, text in lines if name == kind]


# -- the rulebook's examples, with what they cost and what they did ---------------------
@pytest.mark.rule("AP-EX-08", "AP-LCH-11", "AP-LCH-14")
def test_pedros_launch_to_the_moon_in_words():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    build_pad(s, 2, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion", "Ion Engine", "Interplanetary Vessel",
              "Booster x4")
    at_soc(s, 2, "Patricia Jackson")
    sess = admin(s, 2, rolls=LAUNCH_ROLLS_7)
    launch = ev.LaunchRocket(player=2, destination="Moon")
    assert offered(sess, launch) == "Launch to the Moon, yield 1.6, roll 5+ (1 Director action)"
    lines = told(sess, launch, reader=1)
    assert words_of(lines, "DiceRolled") == ["P2 rolls 7 on the main die for the launch"]
    assert words_of(lines, "RocketLaunched") == [
        "P2 reaches the Moon: Interplanetary Vessel and 4 astronauts deposited, 4 cards back to the reserve"]
    assert words_of(lines, "CreditsChanged") == ["P2 gains 80,000 (for the launch), now 160,000"]


@pytest.mark.rule("AP-EX-02", "AP-CON-03")
def test_constructions_say_their_price_and_the_rocket_they_make():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    s.areas[0].credits, s.areas[1].credits = 100, 80
    shuttle, = reserve(s, 1, "Small Shuttle")
    pulsed, sail = reserve(s, 2, "Pulsed Nuclear Propulsion", "Solar Sail")
    sess = plan(s, {1: [("Kathy Johnson", "construction")],
                    2: [("Qian Tao", "construction"), ("Oliver Hooker", "construction")]})
    build = ev.Build(player=1, card=shuttle)
    assert offered(sess, build) == "Build Small Shuttle for 40,000 (Payload 2/4); rocket 2/4"
    lines = told(sess, build, reader=2)
    assert lines[1:] == [("TechBuilt", "P1 builds Small Shuttle for 40,000"),
                         ("StepStarted", "Constructions: P2 next"),
                         ("Asked", "P2 to build from the reserve (2 builds left)")]
    lines = told(sess, ev.Build(player=2, card=pulsed), reader=1)
    assert words_of(lines, "TechBuilt") == ["P2 builds Pulsed Nuclear Propulsion for 80,000"]
    assert words_of(lines, "EarningsCollected") == ["P1 collects 40,000 (1 Engineer)",
                                                    "P2 collects 20,000 (2 Engineers)"]


@pytest.mark.rule("AP-EX-10", "AP-ENG-13", "AP-ENG-14")
def test_maughmers_allowance_is_in_the_price():
    s = table()
    s.areas[0].credits = 40
    solid, cryo = reserve(s, 1, "Solid Propulsion", "Cryogenic Upper Stage")
    sess = plan(s, {1: [("Ethan N. Maughmer", "specialty"), ("Kathy Johnson", "construction"),
                        ("Qian Tao", "construction")]})
    assert offered(sess, ev.Build(player=1, card=cryo)) == (
        "Build Cryogenic Upper Stage for 20,000 (Upper Stage 4/3); rocket 4/3")
    lines = told(sess, ev.Build(player=1, card=solid))
    assert words_of(lines, "Modified") == ["P1 uses 20,000 of this turn's build reduction"]
    assert words_of(lines, "TechBuilt") == ["P1 builds Solid Propulsion for free"]
    assert offered(sess, ev.Build(player=1, card=cryo)) == (
        "Build Cryogenic Upper Stage for 40,000 (Upper Stage 4/3); rocket 8/6")


@pytest.mark.rule("AP-EX-01", "AP-ENG-01", "AP-ENG-05")
def test_specialties_replace_a_river_and_draw_rnd_in_words():
    s = table()
    payload = [C.tech[x].name for x in s.rivers[2]]
    new = [C.tech[x].name for x in s.piles[2][-3:][::-1]]
    drawn = [C.tech[x].name for x in s.piles[3][-2:][::-1]]
    sess = plan(s, {1: [("Qian Tao", "specialty"), ("Geza Szebehely", "specialty")]}, rolls=QIAN_TAO_ROLLS_7)
    choose = ev.ChooseRiver(player=1, river="payload")
    assert offered(sess, choose) == f"Replace the Payload river ({_and(payload)}) with 3 new cards"
    lines = told(sess, choose, reader=2)
    assert words_of(lines, "RiverReplaced") == [f"The Payload river is replaced: {_and(new)}"]
    assert words_of(lines, "DiceRolled") == [
        "P1 rolls 7 on the main die for Qian Tao's Specialty (needs 4+): success"]
    assert words_of(lines, "TechAcquired") == [f"P1 draws {name} from the R&D pile into the reserve"
                                               for name in drawn]


def _and(names):
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


# -- what random games rarely meet ---------------------------------------------------
def test_the_setup_in_words_hides_the_dealt_directors():
    sess = Session.new(R, players=2, seed=5)
    events = [rec.event for rec in sess.history.live[1:]]
    start = R.initial(R.make_config(players=2))
    mine = replay_words(start, events, reader=1)
    theirs = replay_words(start, events, reader=2)
    assert words_of(mine, "PileShuffled")[:4] == [
        "The First Stage pile is shuffled (28 cards)", "The Upper Stage pile is shuffled (26 cards)",
        "The Payload pile is shuffled (28 cards)", "The R&D pile is shuffled (28 cards)"]
    dealt = next(e for e in events if isinstance(e, ev.DirectorsDealt) and e.player == 1)
    names = [C.director[d].name for d in dealt.directors]
    assert words_of(mine, "DirectorsDealt")[0] == f"P1 is dealt {names[0]} and {names[1]}"
    assert words_of(theirs, "DirectorsDealt")[0] == "P1 is dealt 2 Mission Directors face down"
    assert not any(n in text for _, text in theirs for n in names)
    river = next(e for e in events if isinstance(e, ev.RiverFilled) and e.river == 0)
    assert words_of(theirs, "RiverFilled")[0] == (
        f"First Stage river: {_and([C.tech[x].name for x in river.cards])}")
    investors = next(e for e in events if isinstance(e, ev.InvestorsRevealed)).investors
    first = C.investor[investors[0]]
    assert words_of(theirs, "InvestorsRevealed")[0].startswith(f"Investors revealed: {first.name} (")
    assert words_of(theirs, "SimultaneousStep") == [
        "Every player keeps one of their two Mission Directors, in secret"]


def test_an_additional_die_after_a_failed_launch_in_words():
    s = table()
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    s.event = event("Perfect Weather Conditions")
    s.areas[0].dice, s.supply = 2, 8
    sess = admin(s, 1, rolls=FAILS_5_THEN_6)
    launch = ev.LaunchRocket(player=1, destination="Venus")
    assert offered(sess, launch) == "Launch to Venus, yield 1.9, roll 6+ with the weather (1 Director action)"
    lines = told(sess, launch, reader=2)
    assert words_of(lines, "Asked") == ["P1 may spend an additional die (needs 6+) or accept the failure"]
    spend = ev.SpendDie(player=1)
    assert offered(sess, spend) == "Spend an additional die on the launch to Venus (needs 6+; 2 held)"
    assert offered(sess, ev.Pass(player=1)) == "Spend no die, the launch to Venus fails"
    lines = told(sess, spend, reader=2)
    assert words_of(lines, "DiceRolled") == ["P1 rolls 6 on an additional die for the launch (needs 6+): success"]
    assert words_of(lines, "RocketLaunched") == [
        "P1 reaches Venus: Satellite deposited, 5 cards back to the reserve"]


def test_an_aborted_launch_in_words():
    s = table()
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    s.areas[0].dice, s.supply = 1, 9
    sess = admin(s, 1, rolls=FAILS_4)
    sess.apply(ev.LaunchRocket(player=1, destination="Moon"))
    lines = told(sess, ev.Pass(player=1), reader=None)
    assert words_of(lines, "LaunchAborted") == [
        "P1's launch to the Moon is aborted; the rocket stays on the Launch Pad"]


def test_a_static_fire_in_words():
    s = table()
    build_pad(s, 1, "Solid Propulsion", "Ion Engine")
    sess = admin(s, 1, rolls=FAILS_5)
    fire = ev.StaticFire(player=1)
    assert offered(sess, fire) == "Static fire, roll 4+ to gain an additional die (1 Director action)"
    lines = told(sess, fire, reader=2)
    assert lines[1:4] == [("DiceRolled", "P1 rolls 5 on the main die for the static fire (needs 4+): success"),
                          ("StaticFired", "P1's static fire succeeds"),
                          ("DieGained", "P1 gains an additional die (1 held)")]


@pytest.mark.rule("AP-AMB-08")
def test_a_reserve_over_nine_is_trimmed_in_words():
    s = table()
    names = ["Solid Propulsion"] * 5 + ["Ion Engine"] * 4
    reserve(s, 1, *names)
    ion = s.rivers[1][0]
    sess = plan(s, {1: [("Qian Tao", "design")]})
    sess.apply(ev.TakeCard(player=1, card=ion))
    assert sess.state.prompt.kind == "trim"
    solid = sess.state.areas[0].reserve[0]
    drop = ev.Discard(player=1, card=solid)
    assert offered(sess, drop) == "Discard Solid Propulsion beneath its pile (a reserve holds at most 9)"
    lines = told(sess, drop, reader=2)
    assert words_of(lines, "TechDiscarded") == ["P1's Solid Propulsion is discarded beneath its pile"]


@pytest.mark.rule("AP-NI-01")
def test_the_united_states_intervention_in_words():
    s = table(directors=("Andrew Wingfield", "Harper Tompkins"))
    booster, = reserve(s, 2, "Booster x4")
    sess = admin(s, 1, rolls=NATION_ROLLS_6)
    intervene = ev.Intervene(player=1, target=2)
    assert offered(sess, intervene) == (
        "Nation Intervention on P2, roll 6+ to discard one of their R&D cards (1 Director action)")
    lines = told(sess, intervene, reader=2)
    assert words_of(lines, "DiceRolled") == [
        "P1 rolls 6 on the main die for the Nation Intervention (needs 6+): success"]
    assert words_of(lines, "Asked") == ["P1 to choose an R&D card of P2's reserve to discard"]
    pick = ev.Discard(player=1, card=booster)
    assert offered(sess, pick) == "Discard P2's Booster x4 beneath its pile"
    assert words_of(told(sess, pick), "TechDiscarded") == ["P2's Booster x4 is discarded beneath its pile"]


@pytest.mark.rule("AP-NI-02")
def test_the_russian_intervention_in_words():
    s = table(directors=("Ekaterina Vostochny", "Harper Tompkins"))
    s.areas[1].dice, s.supply = 2, 8
    sess = admin(s, 1, rolls=NATION_ROLLS_6)
    lines = told(sess, ev.Intervene(player=1, target=2), reader=None)
    assert words_of(lines, "DiceReturned") == ["2 of P2's additional dice go back to the supply"]


@pytest.mark.rule("AP-NI-03", "AP-INV-26")
def test_the_chinese_intervention_names_the_engineer_only_to_its_owner():
    s = table(players=3, directors=("Yang Jinmei", "Harper Tompkins", "Liam Van Horn"))
    victim = give_engineer(s, 2, "Oliver Hooker")
    sess = admin(s, 1, rolls=[*NATION_ROLLS_6, victim])
    before = R.copy(sess.state)
    events = sess.apply(ev.Intervene(player=1, target=2))
    assert words_of(replay_words(before, events, 2), "EngineerDismissed") == [
        "P2 dismisses Oliver Hooker (2.8) beneath the Junior pile, at random (a Nation Intervention)"]
    for reader in (1, 3, None):
        assert words_of(replay_words(before, events, reader), "EngineerDismissed") == [
            "P2 dismisses an Engineer, at random (a Nation Intervention)"]


@pytest.mark.rule("AP-ENG-03", "AP-AMB-21")
def test_malvina_glushko_joins_the_operations_center_in_words():
    s = table()
    sess = plan(s, {1: [("Kathy Johnson", "construction"), ("Malvina Glushko", "specialty")]})
    history = [rec.event for rec in sess.history.live]
    state = R.copy(sess.state_at(1))
    words = replay_words(state, history[1:], 2)
    assert words_of(words, "SocAssigned") == [
        "Malvina Glushko (P1) joins the Space Operations Center with Authority 8.2"]


@pytest.mark.rule("AP-ENG-16", "AP-IVR-02", "AP-IVR-08")
def test_investors_replaced_and_won_in_words():
    s = table()
    sess = plan(s, {1: [("Mark Faget", "specialty")]})
    history = [rec.event for rec in sess.history.live]
    words = replay_words(R.copy(sess.state_at(1)), history[1:], 2)
    assert words_of(words, "InvestorsReplaced") == [
        "Investor 03 and Investor 14 leave the game; new: Investor 19 and Investor 13"]
    # Investor 01 pays for acquiring a Pulsed Nuclear Propulsion, by Design here
    s = table()
    wanted = next(i for i, x in enumerate(C.investor) if x.tech == "Pulsed Nuclear Propulsion")
    assert wanted in s.investor_pile
    s.investor_pile = (*(i for i in s.investor_pile if i != wanted), s.investor_river[0])
    s.investor_river = (wanted, *s.investor_river[1:])
    top = s.investor_pile[-1]
    pulsed = take(s, "Pulsed Nuclear Propulsion")
    s.piles[0].append(s.rivers[0].pop())
    s.rivers[0].append(pulsed)
    sess = plan(s, {1: [("Qian Tao", "design")]})
    lines = told(sess, ev.TakeCard(player=1, card=pulsed), reader=2)
    assert words_of(lines, "InvestorWon") == [
        f"P1 wins Investor 01 (acquire Pulsed Nuclear Propulsion): 40,000; {C.investor[top].name} revealed"]


@pytest.mark.rule("AP-EX-12", "AP-EV-09")
def test_engine_failure_sends_the_stages_back_in_words():
    s = table()
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion")
    fail = event("Engine Failure")
    s.event_pile = on_top(s.event_pile, fail)
    sess = admin(s, 2, actions=1, rolls=[4])
    sess.apply(ev.Pass(player=2))
    lines = told(sess, ev.Pass(player=1), reader=2)
    assert words_of(lines, "TurnStarted") == [
        "Turn 2, Event Engine Failure: Liquid Propulsion stages roll 5+ or fall"]
    assert words_of(lines, "DiceRolled") == ["P1 rolls 4 on the main die for Engine Failure (needs 5+): failure"]
    assert words_of(lines, "TechReturned") == [
        "Engine Failure: P1's 2 Liquid Hydrogen Propulsion go back to the reserve"]


@pytest.mark.rule("AP-EX-03", "AP-RND-05")
def test_unkept_rnd_cards_go_back_in_words():
    s = table()
    sess = plan(s, {1: [("Chandresh Gokhale", "rnd"), ("Katalina Tsiolkovsky", "rnd"), ("Qian Tao", "rnd")],
                    2: [("Rafal Gora", "rnd"), ("Kathy Johnson", "rnd")]})
    history = [rec.event for rec in sess.history.live]
    words = replay_words(R.copy(sess.state_at(1)), history[1:], 1)
    assert words_of(words, "RndDrawn") == ["P2 draws 2 R&D cards", "P1 draws 3 R&D cards: 2 Aerospike Nozzle and "
                                           "Extra Seat"]
    sess.apply(ev.KeepRnd(player=2, card=sess.state.areas[1].drawn[0]))
    lines = told(sess, ev.KeepRnd(player=1, card=sess.state.areas[0].drawn[1]), reader=2)
    assert words_of(lines, "RndReturned") == ["3 R&D cards not kept go beneath the R&D pile"]


def _solo_event(s, number, rolls=()):
    """Solo Event `number` revealed and resolved: its events in words for the player."""
    from apogee.queries import authority_order
    s.event = solo_event(number)
    s.stage, s.order, s.cursor = "event", list(authority_order(C, s)), 0
    before = R.copy(s)
    u = Unfolding.over(R, s)
    solo.resolve_for(C, u, _Dice(rolls), 1)
    return replay_words(before, u.events, 1)


class _Dice:
    def __init__(self, values):
        self.values = list(values)

    def roll(self, sides=12):
        return self.values.pop(0)


@pytest.mark.rule("AP-SEV-09")
def test_construction_delay_owes_an_engineer_in_words():
    s = table(players=1)
    give_engineer(s, 1, "Qian Tao")
    assert words_of(_solo_event(s, 6), "DismissalsOwed") == ["P1 must dismiss 1 Engineer (Solo Event 06 "
                                                             "Construction Delay)"]


@pytest.mark.rule("AP-SEV-20")
def test_adapting_to_launch_adds_a_goal_in_words():
    s = table(players=1, mission=5)
    lines = _solo_event(s, 13, rolls=[6])
    assert words_of(lines, "DiceRolled") == ["P1 rolls 6 on the main die for the Mission change: 6 or less, the "
                                             "Mission changes"]
    assert words_of(lines, "GoalAdded") == ["The Mission changes: also deposit 1 Satellite on Mars"]


# -- redaction ----------------------------------------------------------------------------
HIDDEN_FROM_OTHERS = (ev.EngineersRecruited, ev.Place, ev.RndDrawn, ev.KeepDirector, ev.DirectorsDealt,
                      ev.Dismiss, ev.EngineerDismissed)


@pytest.mark.rule("AP-INV-26")
def test_words_never_name_what_a_third_party_cannot_see():
    """In a 3-player game, every hidden pick (recruits, placements, R&D draws, Directors dealt and kept, dismissals)
    is told to the other two without the names of the cards, Engineers or Directors it hides."""
    from boardcore.agents.play import agent_rng, seeded, start
    config = R.make_config(players=3, max_turns=4)
    chance, choice = seeded("words-redaction"), agent_rng("words-redaction")
    state, position = start(R, config, chance)
    checked = 0
    while R.outcome(state) is None:
        player = R.to_act(state)[0]
        mine = [a for a in R.legal_actions(state) if a.player == player]
        action = mine[choice(position).randbelow(len(mine))]
        for e in R.decide(state, action, chance(position)):
            if isinstance(e, HIDDEN_FROM_OTHERS):
                secret = _names(e)
                for reader in (None, *(p for p in (1, 2, 3) if p != e.player)):
                    shown = R.visible(e, reader)
                    text = R.describe(R.view(state, reader), shown, reader)
                    assert not any(n in text for n in secret), (text, secret)
                    checked += 1
            state = R.evolve(state, e)
            position += 1
    assert checked > 50


def _names(e) -> list[str]:
    if isinstance(e, ev.EngineersRecruited):
        return [C.engineer[x].name for x in e.engineers]
    if isinstance(e, ev.Place | ev.Dismiss | ev.EngineerDismissed):
        return [C.engineer[e.engineer].name]
    if isinstance(e, ev.RndDrawn):
        return [C.tech[x].name for x in e.cards]
    if isinstance(e, ev.DirectorsDealt):
        return [C.director[d].name for d in e.directors]
    return [C.director[e.director].name]


# -- questions and the list of rare events ------------------------------------------------
def test_every_question_is_plain_words():
    for point in POINTS:
        assert point.asks and "_" not in point.asks and "SOC" not in point.asks, point


def test_rare_events_are_event_types_and_told_here():
    names = {t.__name__ for t in apogee.EVENTS}
    assert set(apogee.RARE_EVENTS) <= names
    told_here = {"ChooseRiver", "DiceReturned", "DieGained", "DirectorsDealt", "Discard", "DismissalsOwed",
                 "GoalAdded", "InvestorWon", "InvestorsReplaced", "InvestorsRevealed", "LaunchAborted",
                 "LaunchRocket", "PileShuffled", "RiverFilled", "RiverReplaced", "RndReturned", "RocketLaunched",
                 "SocAssigned", "SpendDie", "StaticFire", "StaticFired", "TechDiscarded", "TechReturned"}
    assert set(apogee.RARE_EVENTS) <= told_here


def test_the_words_of_a_director_come_from_the_data():
    s = table(directors=("Zhang Kang", "Harper Tompkins"))
    give_engineer(s, 1, "Qian Tao")
    sess = admin(s, 1)
    assert offered(sess, ev.UseSpecialty(player=1)) == (
        "Use Zhang Kang's Specialty, dismiss Engineers for 20,000 each (1 Director action)")
    sess.apply(ev.UseSpecialty(player=1))
    lines = told(sess, ev.Dismiss(player=1, engineer=eng("Qian Tao")), reader=1)
    assert words_of(lines, "EngineerDismissed") == [
        "P1 dismisses Qian Tao (2.0) beneath the Junior pile (Zhang Kang's Specialty)"]
    assert words_of(lines, "CreditsChanged") == ["P1 gains 20,000 (Zhang Kang's Specialty), now 100,000"]

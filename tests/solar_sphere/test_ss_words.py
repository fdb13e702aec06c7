"""Actions and events in the rulebook's words (describe.py): rulebook examples told with their costs
and results, the event types random games seldom meet (solar_sphere.RARE_EVENTS), the questions
the decision points ask, and that the words never name what the table hides."""

from __future__ import annotations

import re

import pytest
from ss_helpers import RULES, at_turn, crew_index, fleet, fresh, open_sphere, put, put_hex

import solar_sphere
from boardcore.agents.play import agent_rng, seeded, start
from boardcore.game.rng import Rng, ScriptedRng
from solar_sphere.events import (Choose, ChooseDie, DiscardDie, EndTurn, FactionsGained, TakeKickbacks, UseCrew,
                                 Visit)
from solar_sphere.prompts import POINTS

RESISTANCE_SHOWS_1, RESISTANCE_SHOWS_2 = [1], [2]
ARLO_ROLLS_1_1_2, ESTHER_ROLLS_3_4_5 = [1, 1, 2], [3, 4, 5]


def told(state, action, script=(), reader=None):
    """The words of `action` and of every fact it causes, as `reader` may see them (redacted
    exactly as the viewer and the terminal redact), and the state they lead to."""
    st = RULES.copy(state)
    words = []
    for event in RULES.decide(st, action, ScriptedRng(list(script), then=Rng.derive("words", 0))):
        shown = RULES.visible(event, reader)
        if shown is not None:
            words.append(RULES.describe(RULES.view(st, reader), shown, reader))
        st = RULES.evolve(st, event)
    return words, st


def offered(state, action) -> str:
    """An action in words as the player sees it before taking it."""
    return RULES.describe(RULES.view(state, action.player), action, action.player)


def last_die_discarded(round_=1, **ships):
    """The last die of a Deploy phase, discarded, with this fleet: Battle, Recover, the next Dock follow."""
    config, s = fresh(2, seed=1)
    s.round = round_
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s, **ships)
    return s, last


# -- rulebook examples --------------------------------------------------------------------------
@pytest.mark.rule("SS-DEP-06", "SS-DEP-10")
def test_a_changed_die_and_its_visit_say_what_they_cost_and_do():
    """The issue's example: turning a 3 into a 1 costs 2 drones, then the visit says what follows."""
    _, s = fresh(2, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(3,), others_dice=True)
    change = ChooseDie(player=a, die=3, value=1)
    assert offered(s, change) == "Turn the 3 into a 1 (exhaust 2 drones)"
    assert offered(s, ChooseDie(player=a, die=3, value=3)) == "Deploy the 3"
    words, st = told(s, change)
    assert words == ["Turn the 3 into a 1 (exhaust 2 drones)"]
    assert offered(st, Visit(player=a, location="L-FAB")) == (
        "Visit the Drone Fabricator with the 1: fabricate up to 2 drones")
    st.loc_dice[RULES.c.loc_index["L-SAL"]] = 1
    assert offered(st, Visit(player=a, location="L-SAL")) == (
        "Visit the Salvage Ship with the 1 (occupied: exhaust 1 drone): salvage up to 1 drone")
    assert offered(s, DiscardDie(player=a, die=3)) == "Discard the 3 for the round and gain 1 morale"


@pytest.mark.rule("SS-EX-05")
def test_arlo_alone_defeats_r01_in_words():
    """Arlo's 3 drones against R01 and a roll of 1: matched, so he scores the 1st bonus, 3 points,
    gains 1 morale and claims the card."""
    s, last = last_die_discarded(top_left=("R01", [[1, 3]]))
    words, _ = told(s, DiscardDie(player=last, die=2), RESISTANCE_SHOWS_1)
    battle = words[words.index("Phase 3: Battle") + 1:words.index("Phase 4: Recover")]
    assert battle == [
        "No ship at bottom left: nothing to resolve there",
        "No ship at bottom right: nothing to resolve there",
        "P1 rolls 1 on the Resistance die: R01 resists with 3",
        "P1 scores 3 points for the battle",
        f"P1 gains 1 morale (now {s.centres[0].morale + 1})",
        "R01 is defeated, 3 drones against 3: P1 claims it",
        "No ship at top right: nothing to resolve there",
    ]


@pytest.mark.rule("SS-EX-01")
def test_arlo_docks_1_1_2_for_5_morale_in_words():
    s, last = last_die_discarded()
    for p in s.centres:
        p.morale = 0
    first, second = s.order
    words, _ = told(s, DiscardDie(player=last, die=2), ARLO_ROLLS_1_1_2 + ESTHER_ROLLS_3_4_5)
    dock = words[words.index("Round 2 of 6 begins with the Dock") + 1:]
    morale = {seat: s.centres[seat - 1].morale + (1 if seat == last else 0) for seat in (1, 2)}
    assert dock[:6] == [
        f"P{first} rolls 1, 1, 2", f"P{first} gains 5 morale (now {morale[first] + 5})",
        f"P{second} rolls 3, 4, 5", f"P{second} gains 1 morale (now {morale[second] + 1})",
        f"Turn order: P{second}, P{first}", "Phase 2: Deploy"]


@pytest.mark.rule("SS-EX-03")
def test_esther_moves_back_6_for_5_kickbacks_in_words():
    _, s = fresh(2, seed=1)
    e = s.order[0]
    at_turn(s, e, dice=(3,), others_dice=True)
    s.centres[e - 1].morale, s.centres[e - 1].rep = 10, 2
    kick = TakeKickbacks(player=e, to=4)
    assert offered(s, kick) == "Take 5 kickbacks: move morale back from 10 to 4"
    words, st = told(s, kick)
    assert words == ["Take 5 kickbacks: move morale back from 10 to 4", f"P{e} loses 6 morale (now 4)",
                     f"P{e} is to take 5 kickbacks"]
    assert offered(st, Choose(player=e, option="salvage")) == "Kickback: salvage up to 2 drones"
    words, _ = told(st, Choose(player=e, option="ore"))
    assert words == ["Kickback: gain 1 ore", f"P{e} is still to take 4 kickbacks", f"P{e} is to gain 1 ore",
                     f"P{e} gains 1 ore", f"P{e} has finished gaining ore"]


@pytest.mark.rule("SS-EX-04")
def test_esther_builds_next_to_her_hexes_and_arlo_in_words():
    """The build's cost and benefits before it is chosen; after it, what each builder gained."""
    config, s = fresh(4, seed=1)
    e, a = s.order[0], s.order[1]
    at_turn(s, e, dice=(2,), others_dice=True)
    open_sphere(s, {"I1": e, "I3": e, "O2": a})
    put_hex(s, "I2", "H04")
    pe, pa = s.centres[e - 1], s.centres[a - 1]
    pe.store, pe.active, pe.morale, pa.morale = [1, 1, 0], 3, 5, 3
    _, st = told(s, ChooseDie(player=e, die=2, value=2))
    _, st = told(st, Visit(player=e, location="L-SPH"))
    assert offered(st, Choose(player=e, option="action")) == (
        "Take the action of the Solar Sphere: build a hex of value 2 or less")
    _, st = told(st, Choose(player=e, option="action"))
    build = Choose(player=e, option="I2")
    assert offered(st, build) == "Build I2 (H04, value 2) for 1 ore + 1 gold + a drone: 2 points, 1 morale"
    words, _ = told(st, build)
    assert words[:10] == [
        "Build I2 (H04, value 2) for 1 ore + 1 gold + a drone: 2 points, 1 morale",
        f"P{e} has chosen where to build", f"P{e} spends 1 ore", f"P{e} spends 1 gold",
        f"P{e} builds I2 (H04, value 2), icons Science", f"P{e} scores 2 points for a benefit",
        f"P{e} gains 1 morale (now 6)",                                    # the hex's own benefit
        f"P{e} gains 1 morale (now 7)", f"P{e} gains 1 morale (now 8)",    # beside her I1 and I3
        f"P{a} gains 1 morale (now 4)"]                                    # beside Arlo's O2


@pytest.mark.rule("SS-EX-07")
def test_bottom_row_defeat_in_words():
    """Arlo and Esther 2 drones each and a Corporation drone on R13 (resistance 4), roll 2: 5
    against 6, a defeat. Everyone loses 1 morale (Esther, at 0, 2 points instead); Arlo still claims it."""
    config, s = fresh(3, seed=2)
    s.round = 3
    last = s.order[-1]
    at_turn(s, last, dice=(2,))
    fleet(s, bottom_left=("R13", [[1, 2], [2, 2], [-1, 1]]))
    s.centres[0].morale, s.centres[1].morale, s.centres[2].morale = 3, 0, 1
    if last == 3:
        s.centres[2].morale = 0
    words, _ = told(s, DiscardDie(player=last, die=2), RESISTANCE_SHOWS_2)
    start_ = words.index("P1 rolls 2 on the Resistance die: R13 resists with 6")
    assert words[start_:start_ + 5] == [
        "P1 rolls 2 on the Resistance die: R13 resists with 6",
        "P1 loses 1 morale (now 2)", "P2 loses 2 points for morale it lacks", "P3 loses 1 morale (now 0)",
        "The attack on R13 ends in defeat, 5 drones against 6: P1 still claims it"]


# -- the event types random games seldom meet (RARE_EVENTS) -----------------------------------
def setup_words(players: int) -> dict[str, list[str]]:
    config = RULES.make_config(players=players)
    state = RULES.initial(config)
    out: dict[str, list[str]] = {}
    for event in RULES.setup(RULES.copy(state), Rng.derive("words", 1)):
        shown = RULES.visible(event, None)
        out.setdefault(type(event).__name__, []).append(RULES.describe(RULES.view(state, None), shown, None))
        state = RULES.evolve(state, event)
    return out


@pytest.mark.rule("SS-SET-03", "SS-SET-11", "SS-SET-14", "SS-SET-17")
def test_setup_facts_in_words():
    words = setup_words(2)
    assert words["SphereLaid"] == ["The Sphere is laid: 18 hexes in two rings, face down at I1, I2, I3, O3, O6, O12"]
    assert words["ScoringCardDrawn"] == [
        "Sphere scoring card: Far Corners (6 points a hex at O1, O3, O5, O7, O9, O11; 2 elsewhere)"]
    assert words["ResistanceDeckBuilt"] == ["The Resistance deck of 12 ships is shuffled face down"]
    assert words["CrewDeckShuffled"] == [f"The Tier {t} crew deck of {n} cards is shuffled face down"
                                         for t, n in ((1, 18), (2, 18), (3, 12))]
    assert words["CrewRevealed"][2] == (
        "T2-09a (reroll a failed attack's Resistance die) joins the crew display, Tier 2 top")
    assert setup_words(4)["SphereLaid"] == ["The Sphere is laid: 18 hexes in two rings, all face up"]


@pytest.mark.rule("SS-CREW-09", "SS-CREW-11", "SS-ALM-15")
def test_retiring_a_crew_member_in_words():
    from test_ss_crew import crew_turn
    config, s, a = crew_turn(crew=("T1-01a", "T2-02a", "T3-01a"), store=(1, 3, 0), display={2: "T2-06a"})
    put(s, "tokens", 2, 1)
    _, st = told(s, ChooseDie(player=a, die=3, value=3))
    _, st = told(st, Visit(player=a, location="L-CREW"))
    _, st = told(st, Choose(player=a, option="action"))
    hire = Choose(player=a, option="T2-06a:ore")
    assert offered(st, hire) == "Hire T2-06a (fabricate 1 drone) for 1 ore + 2 gold: 2 points, 1 morale"
    words, st = told(st, hire)
    assert f"P{a} hires T2-06a (fabricate 1 drone)" in words and f"P{a} is to retire a crew member" in words
    retire = Choose(player=a, option="T2-02a")
    assert offered(st, retire) == "Retire T2-02a for its bonus: gain 2 gold or gain any 1 resource"
    words, st = told(st, retire)
    assert words == ["Retire T2-02a for its bonus: gain 2 gold or gain any 1 resource", f"P{a} retires T2-02a",
                     f"P{a} has chosen whom to retire",
                     f"P{a} is to take one retirement bonus: gain 2 gold or gain any 1 resource"]
    assert offered(st, Choose(player=a, option="gain:gold:2")) == "Retirement bonus: gain 2 gold"


@pytest.mark.rule("SS-ALM-13")
def test_refreshing_a_crew_member_in_words():
    from test_ss_crew import crew_turn
    config, s, a = crew_turn(crew=("T3-02a", "T2-01a"))
    s.centres[a - 1].used = (False, True)
    use = UseCrew(player=a, card="T3-02a")
    assert offered(s, use) == "Use T3-02a (refresh 1 crew member)"
    words, st = told(s, use)
    assert words == ["Use T3-02a (refresh 1 crew member)", f"P{a} uses T3-02a (refresh 1 crew member)",
                     f"P{a} is to turn a rotated crew member upright"]
    refresh = Choose(player=a, option="T2-01a")
    assert offered(st, refresh) == "Turn T2-01a (gain 1 ore) upright again"
    words, _ = told(st, refresh)
    assert words[1:] == [f"P{a} has chosen whom to refresh", f"P{a} turns T2-01a upright again"]


@pytest.mark.rule("SS-AMB-25", "SS-CREW-17")
def test_ending_a_turn_with_crew_unused_in_words():
    config, s = fresh(2, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(2,), others_dice=True)
    p = s.centres[a - 1]
    p.crew, p.used = (crew_index("T2-01a"),), (False,)
    _, st = told(s, ChooseDie(player=a, die=2, value=2))
    _, st = told(st, Visit(player=a, location="L-ORE"))
    words, st = told(st, Choose(player=a, option="action"))
    assert words[-1] == f"P{a} may still use crew before ending the turn"
    assert offered(st, EndTurn(player=a)) == "End your turn"
    assert told(st, EndTurn(player=a))[0][:2] == ["End your turn", f"P{a}'s turn ends"]


@pytest.mark.rule("SS-TRK-01", "SS-TRK-02")
def test_a_corporation_icon_gives_reputation_in_words():
    config, s = fresh(4, seed=1)
    a = s.order[0]
    at_turn(s, a, dice=(1,), others_dice=True)
    open_sphere(s, {})
    put_hex(s, "I1", "H03")                                       # value 1, 1 gold, Corporation icon
    s.centres[a - 1].store = [0, 1, 0]
    _, st = told(s, ChooseDie(player=a, die=1, value=1))
    _, st = told(st, Visit(player=a, location="L-SPH"))
    _, st = told(st, Choose(player=a, option="action"))
    build = Choose(player=a, option="I1")
    assert offered(st, build) == "Build I1 (H03, value 1) for 1 gold + a drone: 1 point, 1 reputation"
    words, _ = told(st, build)
    assert f"P{a} gains 1 reputation (level 1)" in words
    assert words.index(f"P{a} scores 1 point for a benefit") < words.index(f"P{a} gains 1 reputation (level 1)")


def test_factions_gained_in_words():
    """No rule emits FactionsGained any more (icons travel on the facts that gain them), but recorded
    streams may hold it, so it has words too."""
    _, s = fresh(2, seed=1)
    assert RULES.describe(s, FactionsGained(player=2, factions=(0, 3)), None) == (
        "P2 gains faction icons: Engineering, silver")


def test_every_rare_event_is_an_event_type():
    names = {t.__name__ for t in RULES.events}
    assert set(solar_sphere.RARE_EVENTS) <= names


# -- questions, modes and hidden information ----------------------------------------------------
def test_every_decision_point_asks_in_plain_words():
    internal = {p.kind for p in POINTS if "_" in p.kind} | {"gain_any", "acting", "kind=", "prompt"}
    for point in POINTS:
        assert point.asks and len(point.asks) <= 110, point.kind
        assert not any(word in point.asks for word in internal), point.asks
        assert re.search(r"\(SS-[A-Z]+-\d+\)$", point.asks), f"{point.kind}: the question names its rule"


def random_game(players: int, seed: int, level: int = 3):
    """Every (state before, event) and every (state, legal actions) of one random game."""
    config = RULES.make_config(players=players, level=level)
    chance, choice = seeded(f"ss-words/{seed}"), agent_rng(f"ss-words/{seed}")
    state, position = start(RULES, config, chance)
    steps, offers = [], []
    while RULES.outcome(state) is None:
        legal = RULES.legal_actions(state)
        offers.append((RULES.copy(state), legal))
        action = legal[choice(position).randbelow(len(legal))]
        for event in RULES.decide(state, action, chance(position)):
            steps.append((RULES.copy(state), event))
            state = RULES.evolve(state, event)
            position += 1
    return config, state, steps, offers


@pytest.mark.parametrize("players", [1, 2, 4])
def test_words_stay_short_and_every_answer_has_its_own(players):
    """One line each, and no answer falls back to the generic "Choose …" wording."""
    config, _, steps, offers = random_game(players, 3)
    for state, event in steps:
        text = RULES.describe(RULES.view(state, None), RULES.visible(event, None), None)
        assert len(text) <= 100 and "\n" not in text, text
        if players == 1:
            assert "P2" not in text, text                        # DRANDA is named as such
    for state, legal in offers:
        for action in legal:
            text = offered(state, action)
            assert len(text) <= 100 and not text.startswith("Choose "), text


@pytest.mark.rule("SS-SET-05", "SS-SET-14")
@pytest.mark.parametrize("players", [1, 2, 3])
def test_words_never_name_a_face_down_hex_or_a_card_still_in_a_deck(players):
    """Solar Sphere has no hand to hide, but face-down hexes and deck orders are hidden from every
    seat: the words each reader gets (facts and offers) never name a hex that stays face down, a
    ship that never left the Resistance deck, or a crew card never displayed (one that went back under
    its deck after being displayed is public knowledge)."""
    config, end, steps, offers = random_game(players, 5)
    c = RULES.c
    hidden = {c.hexes[end.hex_at[i]].id for i in range(18) if end.face_down[i]}
    hidden |= {c.ships[k].id for k in end.res_deck}
    shown = {k for st, _ in steps for k in st.display} | set(end.display)
    hidden |= {c.crew[k].id for deck in end.crew_decks for k in deck if k not in shown}
    assert hidden
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(hidden))) + r")\b")
    for reader in [None, *range(1, players + 1)]:
        for state, event in steps:
            shown = RULES.visible(event, reader)
            if shown is not None:
                text = RULES.describe(RULES.view(state, reader), shown, reader)
                assert not pattern.search(text), f"{reader}: {text}"
    for state, legal in offers[::3]:
        for action in legal:
            assert not pattern.search(offered(state, action))


def test_words_of_a_solo_turn_name_dranda_and_its_dice():
    config, end, steps, _ = random_game(1, 7, level=2)
    texts = [RULES.describe(RULES.view(s, 1), RULES.visible(e, 1), 1) for s, e in steps]
    assert any(re.fullmatch(r"DRANDA reveals D\d\d: black [A-Z].*, blue [A-Z].*, yellow [A-Z].*", t) for t in texts)
    assert any(re.fullmatch(r"DRANDA places its (black|blue|yellow) [1-6] on the [A-Z].*", t) for t in texts)
    assert texts[-1].startswith("Game over: P1 ") and ("DRANDA wins" in texts[-1] or "P1 wins" in texts[-1])


def test_any_action_read_against_any_position_gets_plain_words():
    """A log or a viewer may show an action beside a position where it was not asked (a mistaken
    caller, a hand-edited record): the words stay plain, never a traceback or a struct."""
    import msgspec
    _, _, _, offers = random_game(2, 11)
    templates = RULES.all_actions(RULES.make_config(players=2))
    for state, _ in offers[::20]:
        view = RULES.view(state, 1)
        for template in templates:
            text = RULES.describe(view, msgspec.structs.replace(template, player=1), 1)
            assert text and len(text) <= 100 and "=" not in text and "None" not in text, text

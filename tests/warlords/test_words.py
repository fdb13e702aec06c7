"""Actions and events in the rulebook's words (`warlords.describe`): exact lines for rulebook scenarios,
every rare event type met in a scenario of its own, and no hidden card ever named to a reader who
may not see it."""

from __future__ import annotations

import re

import pytest
from wl_helpers import (GUARDED, HIT, IHIT, MISS, C, at_actions, at_phase, clear, command_area, ev, hand,
                        launch_pad, planets_in, put, session, set_type, table)

import warlords
from boardcore.agents.play import agent_rng, seeded, start
from warlords import RULES
from warlords.describe import WORDS
from warlords.words import ASKED, RECON_NAMES
from warlords.prompts import POINTS

T = C.type_index
DEPLOY_BOMBARD = "M01"        # Deploy, Bombard; White mission
DEPLOY_SUBTERFUGE = "M05"     # Deploy, Subterfuge
DEPLOY_ASSASSINATE = "M04"    # Deploy, Assassinate
STRUCT_DUMP = re.compile(r"\b[a-z_]+=\S|Ctx\(|\bNone\b|\(\)|\[\]|''")
MET: set[str] = set()   # the event types the scenarios below have put into words


def told(sess, action, reader: int | None = None) -> list[str]:
    """`action` taken in `sess`: its words and those of every fact it causes, as `reader` reads them."""
    state = RULES.copy(sess.state)
    out = []
    for event in sess.apply(action):
        shown = RULES.visible(event, reader)
        if shown is not None:
            out.append(RULES.describe(RULES.view(state, reader), shown, reader))
            MET.add(type(event).__name__)
        state = RULES.evolve(state, event)
    return out


def offered(sess, reader: int | None = None) -> list[str]:
    """The words of every legal action, as `reader` sees them."""
    v = RULES.view(sess.state, reader)
    MET.update(type(a).__name__ for a in sess.legal_actions())
    return [RULES.describe(v, a, reader) for a in sess.legal_actions()]


def facts_of(lines: list[str]) -> list[str]:
    """Without the bookkeeping lines (prompts opened, stages set), which every test need not spell out."""
    bookkeeping = re.compile(r"(P\d|The Rebellion) to |\w[\w ]*: (resolving|choosing)|Invasion of")
    return [x for x in lines if not bookkeeping.match(x)]


def quiet(s):
    """A reputation track whose markers these actions do not match."""
    s.rep_slots = ["support"] * 8
    return s


def base_table(players: int = 2):
    cfg, s = table(players)
    quiet(clear(s))
    s.ships = ["C"] + ["NW", "SE", "NE"][:players - 1]
    s.support_hands = [[] for _ in range(players)]
    return cfg, s


def test_every_event_and_decision_point_has_words():
    assert set(WORDS) == set(warlords.EVENTS)
    assert set(ASKED) == {p.kind for p in POINTS}
    assert all("_" not in ASKED[k] for k in ASKED)
    for point in POINTS:   # the question in words for the terminal: no internal names of prompts or fields
        assert "_" not in point.asks and "prompt" not in point.asks and point.asks[0].isupper(), point


@pytest.mark.rule("GW-EX-01", "GW-DEP-04")
def test_ex01_deploy_on_a_yellow_planet_says_its_power_before_and_after():
    cfg, s = base_table()
    yellow = set_type(s, planets_in(s, "C")[0], "YELLOW")
    s.track = list(s.track)
    s.track[T["YELLOW"]] = 4
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD))
    assert offered(sess)[1] == "Deploy with M01 (free): up to 3 units onto a planet in The Core"
    told(sess, ev.ChooseAction(player=1, action="deploy", slot=0))
    assert told(sess, ev.TargetPlanet(player=1, planet=yellow))[0] == f"Deploy onto empty Yellow {yellow}: +2 Power"
    assert facts_of(told(sess, ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))) == [
        f"Deploy 2 Infantry onto Yellow {yellow}", "The Deploy is over",
        f"P1 deploys 2 Infantry onto Yellow {yellow}", "P1 gains 2 Power (deploying on an empty planet)"]


@pytest.mark.rule("GW-BOMB-01", "GW-BOMB-03", "GW-BOMB-04", "GW-BOMB-05")
def test_a_bombard_says_its_cost_target_dice_and_losses():
    cfg, s = base_table()
    s.ships = ["NW", "C"]
    target = set_type(s, planets_in(s, "E")[0], "YELLOW")
    put(s, target, 1, infantry=3, tanks=1)
    launch_pad(s, 2, infantry=1)
    sess = session(cfg, at_actions(s, 2, DEPLOY_BOMBARD), dice=[HIT, HIT])
    assert facts_of(told(sess, ev.ChooseAction(player=2, action="bombard", slot=1))) == [
        "Bombard with M01 (1 Infantry or Aircraft to Mission): kill an Infantry, then roll 2 dice",
        "P2 uses the Bombard of M01", "P2 plays Bombard", "P2 pays an Infantry (Launch Pad to Mission)"]
    assert facts_of(told(sess, ev.TargetPlanet(player=2, planet=target))) == [
        f"Bombard P1's Yellow {target} (3 Infantry and a Tank): 1 Infantry killed, then dice",
        f"P1 loses an Infantry on Yellow {target}", "Bombard dice: hit, hit — up to 2 more units lost"]
    # P1 chooses which two of their 2 Infantry and a Tank go (GW-AMB-11)
    assert offered(sess, 1) == [f"Lose 2 Infantry on Yellow {target}",
                                f"Lose an Infantry and a Tank on Yellow {target}"]
    assert facts_of(told(sess, ev.Casualties(player=1, infantry=1, tanks=1, aircraft=0))) == [
        f"Lose an Infantry and a Tank on Yellow {target}", f"P1 loses an Infantry and a Tank on Yellow {target}",
        "The Bombard is over"]


@pytest.mark.rule("GW-EX-02", "GW-REP-03", "GW-REP-10")
def test_ex02_an_action_that_gains_reputation_says_so_and_its_bonus_is_named():
    cfg, s = base_table()
    s.rep_slots = ["bombard"] * 8
    target = put(s, planets_in(s, "E")[0], 2, infantry=2)
    launch_pad(s, 1, infantry=1)
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=[MISS, MISS])
    assert offered(sess)[2] == ("Bombard with M01 (1 Infantry or Aircraft to Mission, +1 reputation): kill an "
                                "Infantry, then roll 2 dice")
    assert "P1 gains reputation: space 1 (next by Bombard)" in told(sess, ev.ChooseAction(
        player=1, action="bombard", slot=1))
    assert offered(sess) == ["Decline the reputation bonus", "Take the bonus: +2 Power",
                             "Take the bonus: For the Cause (+1 Infantry)"]
    assert facts_of(told(sess, ev.Bonus(player=1, choice="for_the_cause"))) == [
        "Take the bonus: For the Cause (+1 Infantry)", "P1 gains an Infantry on the Launch Pad",
        "The reputation bonus is over"]
    assert told(sess, ev.TargetPlanet(player=1, planet=target))[2] == "Bombard dice: miss, miss — no more losses"


def _invasion(defender=(1, 0, 0), attacker=(2, 0, 0), row=None, dice=()):
    cfg, s = base_table()
    planet = set_type(s, planets_in(s, "C")[0], "YELLOW")
    s.track = list(s.track)
    s.track[T["YELLOW"]] = 2
    put(s, planet, 2, *defender)
    launch_pad(s, 1, *attacker)
    if row:
        command_area(s, 2, row, guards={0: GUARDED})
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=dice)
    sess.apply(ev.ChooseAction(player=1, action="deploy", slot=0))
    return sess, planet


def _row(colour: str, mission: str) -> list[str]:
    """Two mercenaries whose touching half-circles form a `colour` circle, one of them with `mission`."""
    return next([a, b] for a in C.merc_ids for b in C.merc_ids
                if a != b and C.mercs[a].right == C.mercs[b].left == colour
                and mission in (C.mercs[a].mission, C.mercs[b].mission))


@pytest.mark.rule("GW-CMB-02", "GW-CMB-04", "GW-CMB-06", "GW-CMB-09", "GW-CMB-12")
def test_an_invasion_with_a_guard_and_fortify_in_words():
    sess, planet = _invasion(attacker=(3, 0, 0), row=_row("RED", "YELLOW"), dice=[MISS] * 3 + [HIT] * 3)
    y = f"Yellow {planet}"
    assert told(sess, ev.TargetPlanet(player=1, planet=planet))[0] == f"Invade P2's {y} (an Infantry)"
    assert facts_of(told(sess, ev.DeployUnits(player=1, infantry=3, tanks=0, aircraft=0))) == [
        f"Invade P2's {y} (an Infantry) with 3 Infantry", "The Deploy is over",
        f"P1 invades P2's {y} with 3 Infantry; the Yellow marker goes back"]
    assert offered(sess, 2) == ["Defend with the units on the planet",
                                f"Move the guard from the red circle 1 onto {y}, with Fortify for round 1"]
    assert facts_of(told(sess, ev.Reinforce(player=2, circle=0))) == [
        f"Move the guard from the red circle 1 onto {y}, with Fortify for round 1",
        f"P2's guard from the red circle 1 joins the defence of {y}",
        f"{y}, round 1: P1 rolls miss, miss, miss; P2 rolls hit, hit, hit",
        "P1 loses 3 Infantry of the invading force", f"P2 holds {y}"]


@pytest.mark.rule("GW-CMB-07")
def test_efficient_targeting_rerolls_in_words():
    sess, planet = _invasion(row=_row("BLUE", "YELLOW"), dice=[MISS] * 4 + [HIT, HIT])
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    sess.apply(ev.DeployUnits(player=1, infantry=2, tanks=0, aircraft=0))
    lines = told(sess, ev.Reinforce(player=2, circle=0))
    assert lines[0] == (f"Move the guard from the blue circle 1 onto Yellow {planet}, with Efficient Targeting "
                        "for round 1")
    assert offered(sess, 2) == ["Keep the dice as rolled", "Reroll a miss", "Reroll 2 misses"]
    assert facts_of(told(sess, ev.Reroll(player=2, hits=0, invader_hits=0, misses=2))) == [
        "Reroll 2 misses", "P2 rerolls with Efficient Targeting: now hit, hit",
        "P1 loses 2 Infantry of the invading force", f"P2 holds Yellow {planet}"]


@pytest.mark.rule("GW-CMB-13", "GW-CMB-17", "GW-CMB-20")
def test_heavy_siege_and_evacuate_in_words():
    sess, planet = _invasion(defender=(2, 0, 0), attacker=(1, 1, 0), dice=[IHIT, IHIT, MISS, MISS])
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    lines = facts_of(told(sess, ev.DeployUnits(player=1, infantry=1, tanks=1, aircraft=0)))
    assert lines[3:] == [
        f"Yellow {planet}, round 1: P1 rolls invader hit, invader hit (Heavy Siege); P2 rolls miss, miss",
        f"P2 loses 2 Infantry on Yellow {planet}", f"P1 wins the invasion and takes Yellow {planet}",
        "P1 gains reputation: space 1 (next by Support)", "P1 may take the bonus of reputation space 1"]
    sess, planet = _invasion(defender=(1, 0, 1), attacker=(3, 0, 0), dice=[MISS] * 5)
    sess.apply(ev.TargetPlanet(player=1, planet=planet))
    sess.apply(ev.DeployUnits(player=1, infantry=3, tanks=0, aircraft=0))
    assert offered(sess, 2) == ["Stay and fight another round",
                                f"Evacuate Yellow {planet} to the Launch Pad: P1 takes the planet"]
    assert facts_of(told(sess, ev.Evacuate(player=2)))[1:] == [
        f"P2 evacuates Yellow {planet}: its units go to the Launch Pad",
        f"P1 wins the invasion and takes Yellow {planet}"]


@pytest.mark.rule("GW-EX-07", "GW-ASN-02", "GW-ASN-03")
def test_ex07_assassinate_offers_and_kills_in_words():
    cfg, s = base_table()
    command_area(s, 1, ["M01", "M15", "M02"], guards={0: GUARDED})
    launch_pad(s, 2, infantry=1)
    s.ships = ["C", "N"]
    sess = session(cfg, at_actions(s, 2, DEPLOY_ASSASSINATE))
    told(sess, ev.ChooseAction(player=2, action="assassinate", slot=1))
    assert offered(sess) == ["Wound P1's M02 (Blue: Deploy, Recon): it scores no mission",
                             "Kill P1's guard on the red circle 1 (to their Medical Bay)"]
    assert facts_of(told(sess, ev.KillGuard(player=2, target=1, circle=0))) == [
        "Kill P1's guard on the red circle 1 (to their Medical Bay)",
        "P1's guard on the red circle 1 is killed (to the Medical Bay)", "The Assassinate is over"]


@pytest.mark.rule("GW-BOMB-01", "GW-REP-14", "GW-EX-19")
def test_paying_with_an_aircraft_and_need_a_hand_in_words():
    cfg, s = base_table()
    s.rep_slots = ["bombard"] * 8
    s.rep = [3, 0]
    target = put(s, planets_in(s, "E")[0], 2, infantry=2)
    launch_pad(s, 1, infantry=1, aircraft=1, tanks=2)      # the third Tank is destroyed
    sess = session(cfg, at_actions(s, 1, DEPLOY_BOMBARD), dice=[MISS, MISS])
    told(sess, ev.ChooseAction(player=1, action="bombard", slot=1))
    assert offered(sess) == ["Pay the Bombard with an Infantry (to Mission)",
                             "Pay the Bombard with an Aircraft (to Mission)"]
    assert told(sess, ev.PayWith(player=1, unit="aircraft"))[:2] == [
        "Pay the Bombard with an Aircraft (to Mission)", "P1 pays an Aircraft (Launch Pad to Mission)"]
    assert "Take the bonus: Need a Hand? (repair a Tank)" in offered(sess)
    assert told(sess, ev.Bonus(player=1, choice="need_a_hand_tank"))[1] == "P1 repairs a Tank: back on the Launch Pad"
    told(sess, ev.TargetPlanet(player=1, planet=target))


def _guarded_row_for_skill():
    """P1 holds a guarded circle of a colour and plays a card completing a second one (GW-SKILL-01)."""
    for a in C.merc_ids:
        for b in C.merc_ids:
            ca, cb = C.mercs[a], C.mercs[b]
            if a == b or ca.right != cb.left or cb.right != cb.left:
                continue
            for n in C.merc_ids:
                if n not in (a, b) and C.mercs[n].left == cb.right and C.mercs[n].two_player:
                    return a, b, n, cb.left
    raise LookupError


@pytest.mark.rule("GW-GUARD-01", "GW-SKILL-01", "GW-SKILL-05")
def test_a_guard_and_a_skill_in_words():
    a, b, n, colour = _guarded_row_for_skill()
    cfg, s = base_table()
    command_area(s, 1, [a, b], guards={0: GUARDED})
    hand(s, 1, [n])
    launch_pad(s, 1, infantry=2)
    command_area(s, 2, [m for m in C.merc_ids if m not in (a, b, n)][:2])   # so that every skill has a target
    put(s, planets_in(s, "E")[0], 2, infantry=1)
    sess = session(cfg, at_phase(s, 1, "merc", "play"))
    c = colour.lower()
    gain = f"on the right: +{C.mercs[n].infantry} Infantry, a {c} circle"
    assert told(sess, ev.PlayMercenary(player=1, card=n, side="right"))[0].endswith(gain)
    assert offered(sess) == ["Leave the new circle unguarded (it stays empty for good)",
                             f"Guard the {c} circle with an Infantry from the Launch Pad (+1 Power at the end)"]
    assert told(sess, ev.PlaceGuard(player=1))[1] == f"P1 guards the {c} circle 2"
    skill = C.skill_of[colour]
    name = {"heavy_assault": "Heavy Assault", "orbital_bombardment": "Orbital Bombardment",
            "call_for_support": "Call for Support", "covert_ops": "Covert Ops"}[skill]
    assert offered(sess)[1].startswith(f"Play {name}, the {c} skill (free, once per game): ")
    assert told(sess, ev.UseSkill(player=1, colour=colour))[2] == f"P1 plays {name}, the {c} skill (once per game)"


@pytest.mark.rule("GW-RCN-06", "GW-RCN-11")
def test_a_tactical_action_is_named_to_its_owner_only_until_turned_up():
    cfg, s = base_table()
    s.recon = [["NE", ""], ["", ""]]
    s.ships = ["N", "SE"]
    launch_pad(s, 1, infantry=2)
    sess = session(cfg, at_phase(s, 1, "ship", "ship"))
    assert told(sess, ev.MoveShip(player=1, sector="NE"))[:2] == ["Move the Base Ship to NE",
                                                                  "P1's Base Ship moves to NE"]
    assert offered(sess, 1)[1] == "Turn up the Tactical Drop marker: a free Deploy Only on a planet in NE"
    assert offered(sess, 2)[1] == "Turn up the recon marker in NE for its free Tactical action"
    assert "P1 turns up the Tactical Drop marker in NE: a Tactical action" in told(sess, ev.UseTactical(player=1), 2)


@pytest.mark.rule("GW-SPT-08")
def test_the_solo_swap_in_words():
    cfg, s = table(1)
    sess = session(cfg, s)
    for _ in range(2):   # the starting hand: 3 of the 5 drawn are kept, then the Market is dealt
        assert told(sess, ev.Discard(player=1, card=sess.state.hands[0][0]), 1)[0].startswith("Put back M")
    s = quiet(clear(sess.state.copy()))
    s.support_hands, s.pre = [[], []], [[0, 0, 0] for _ in C.sectors]
    launch_pad(s, 1, infantry=2)
    card = next(m for m in C.merc_ids if "subterfuge" in C.mercs[m].actions and C.mercs[m].two_player
                and "recon" not in C.mercs[m].actions and m not in s.market)
    sess = session(cfg, at_actions(s, 1, card))
    give, take = sess.state.hands[0][0], sess.state.market[0]
    told(sess, ev.ChooseAction(player=1, action="subterfuge", slot=C.mercs[card].actions.index("subterfuge")))
    assert offered(sess) == ["Copy an action of a Market mercenary (that card then leaves the Market)",
                             "Discard a mercenary from hand and take one from the Market"]
    told(sess, ev.SubterfugeOption(player=1, option="swap"))
    assert told(sess, ev.SoloSwap(player=1, discard=give, take=take))[:3] == [
        f"Discard {give} for the Market's {take} ({_shows(take)})",
        f"P1 discards {give} ({_shows(give)}): out of the game", f"P1 takes {take} ({_shows(take)}) from the Market"]


def _shows(card: str) -> str:
    m = C.mercs[card]
    names = {"deploy": "Deploy", "deploy_only": "Deploy Only", "assassinate": "Assassinate", "bombard": "Bombard",
             "subterfuge": "Subterfuge", "support": "Support", "recon": "Recon"}
    return f"{m.mission.capitalize()}: {', '.join(names[a] for a in m.actions)}"


def _setup_words(players: int, reader: int | None) -> dict[str, list[str]]:
    cfg = RULES.make_config(players=players)
    state = RULES.initial(cfg)
    out: dict[str, list[str]] = {}
    for event in RULES.setup(RULES.copy(state), seeded(3)(1)):
        shown = RULES.visible(event, reader)
        out.setdefault(type(event).__name__, []).append(RULES.describe(RULES.view(state, reader), shown, reader))
        MET.add(type(event).__name__)
        state = RULES.evolve(state, event)
    return out


@pytest.mark.rule("GW-SET-06", "GW-SET-09", "GW-SET-12", "GW-SET-14", "GW-SET-18", "GW-SSET-06", "GW-SSET-12")
def test_the_setup_in_words_hides_what_is_dealt_face_down():
    seen = _setup_words(2, 1)
    spectator = _setup_words(2, None)
    assert seen["GalaxySeeded"] == ["19 planet tiles are laid out face down; 5 go back to the box unseen"]
    assert seen["SupportShuffled"] == ["The support deck is shuffled (16 cards)"]
    assert seen["DeckFormed"] == ["The mercenary deck is shuffled: 30 cards"]
    assert re.fullmatch(r"P1 is dealt (M\d\d, ){4}M\d\d", seen["HandDealt"][0])
    assert seen["HandDealt"][1] == spectator["HandDealt"][0].replace("P1", "P2") == "P2 is dealt 5 mercenaries"
    assert seen["SupportDrawn"][1] == "P2 draws a support card" and seen["SupportDrawn"][0].startswith(
        "P1 draws a support card: ")
    assert re.fullmatch(r"Reputation markers: ([A-Z][a-z ]+, ){7}[A-Z][a-z ]+", seen["MarkersPlaced"][0])
    assert re.fullmatch(r"P[12] goes first", seen["FirstPlayer"][0])
    solo = _setup_words(1, 1)
    assert solo["TrackSet"] == ["The planet markers start on space 5 of the planet track"]
    assert solo["RebelDeckFormed"] == ["The Rebel deck is formed: 13 cards, Level 1 on top; 9 boxed unseen"]
    assert solo["PlanetsRevealed"][0].startswith("Turned up: ") and "markers" not in solo["PlanetsRevealed"][0]


RARE_SCENARIOS = (test_an_invasion_with_a_guard_and_fortify_in_words, test_efficient_targeting_rerolls_in_words,
                  test_heavy_siege_and_evacuate_in_words, test_ex07_assassinate_offers_and_kills_in_words,
                  test_paying_with_an_aircraft_and_need_a_hand_in_words, test_a_guard_and_a_skill_in_words,
                  test_a_tactical_action_is_named_to_its_owner_only_until_turned_up, test_the_solo_swap_in_words,
                  test_the_setup_in_words_hides_what_is_dealt_face_down)


def test_every_rare_event_is_told_in_a_scenario_above():
    """RARE_EVENTS are the event types random games may not meet (the setup's facts come before the
    first position they record); each is put into words by one of the scenarios above."""
    MET.clear()
    for scenario in RARE_SCENARIOS:
        scenario()
    assert set(warlords.RARE_EVENTS) <= MET, sorted(set(warlords.RARE_EVENTS) - MET)


# -- no hidden card named to a reader who may not see it ---------------------------------------------
@pytest.mark.rule("GW-SUB-02", "GW-AMB-65")
@pytest.mark.parametrize("option", ["play", "keep"])
def test_a_third_player_never_reads_the_card_a_subterfuge_takes(option):
    cfg, s = base_table(3)
    hand(s, 2, ["M01"])
    launch_pad(s, 1, infantry=3)
    card = DEPLOY_SUBTERFUGE
    start = session(cfg, at_actions(s, 1, card)).state
    for reader, named in ((3, False), (2, True), (1, True)):
        sess = session(cfg, start.copy(), dice=["M01", MISS, MISS])
        lines = told(sess, ev.ChooseAction(player=1, action="subterfuge", slot=1), reader)
        lines += told(sess, ev.TargetPlayer(player=1, target=2), reader)
        lines += offered(sess, reader)
        lines += told(sess, ev.SubterfugeOption(player=1, option=option), reader)
        given = sess.legal_actions()[0]
        lines += told(sess, given, reader)
        if option == "play":
            lines += offered(sess, reader)
        text = "\n".join(lines)
        assert ("M01" in text) == named, (reader, text)
        assert all(STRUCT_DUMP.search(x) is None for x in lines)
        if reader == 3:
            assert "P1 takes a mercenary at random from P2's hand" in lines


@pytest.mark.rule("GW-SET-20", "GW-AMB-65")
@pytest.mark.parametrize("players", [3, 4])
def test_what_a_log_line_blanks_is_never_named_in_its_words(players):
    """For every event whose redacted form hides a value from a reader, that value is not in the words."""
    config = RULES.make_config(players=players)
    chance, choice = seeded(f"leak/{players}"), agent_rng(f"leak/{players}")
    state, position = start(RULES, config, chance)
    checked = 0
    while RULES.outcome(state) is None and checked < 3000:
        legal = RULES.legal_actions(state)
        player = RULES.to_act(state)[0]
        mine = [a for a in legal if a.player == player]
        action = mine[choice(position).randbelow(len(mine))]
        for event in RULES.decide(state, action, chance(position)):
            for reader in range(1, players + 1):
                shown = RULES.visible(event, reader)
                if shown is None or shown == event:
                    continue
                hidden = {v for v in _strings(event) if v and v not in set(_strings(shown))}
                words = RULES.describe(RULES.view(state, reader), shown, reader)
                assert not [h for h in hidden if h in words], (type(event).__name__, reader, words)
                checked += 1
            state = RULES.evolve(state, event)
            position += 1
    assert checked > 20


def _strings(event) -> list[str]:
    """The names an event's values would be told by: mercenary ids, support card names, recon marker kinds,
    planet types."""
    names = {**{m: m for m in C.mercs}, **C.support_name, **RECON_NAMES, **{t: t.capitalize() for t in C.types}}
    out = []
    for field in event.__struct_fields__:
        value = getattr(event, field)
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, str) and v in names:
                out.append(names[v])
    return out


def test_the_board_says_what_is_asked_and_the_phase_in_words():
    """The board printed decision points' and phases' internal names ("Waiting for P2: units", "P2 merc");
    it now uses the log's words for them (ASKED, PHASES); and the reputation markers by their actions'
    names, where it cut them to six letters ("1-2:assass")."""
    from pathlib import Path

    from boardcore.session.session import Session
    from warlords.words import ACTION_NAMES, PHASES

    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "warlords" / "2p.jsonl")
    asked = set()
    for position in range(1, s.position, 3):
        state = s.state_at(position)
        board = RULES.render(state, 1)
        if state.prompt is not None and state.phase != "over":
            assert f"Waiting for P{state.prompt.player}: {ASKED[state.prompt.kind]}" in board
            asked.add(state.prompt.kind)
        assert f", {PHASES[state.phase]}" in board.splitlines()[0]
        if state.rep_slots:     # the markers by their actions' names, not cut to six letters ("assass")
            markers = next(line for line in board.splitlines() if line.startswith("Reputation markers: "))
            assert all(f"{k * 2 + 1}-{k * 2 + 2} {ACTION_NAMES[m]}" in markers
                       for k, m in enumerate(state.rep_slots) if m), markers
    assert len(asked) >= 5


def test_the_map_numbers_planets_as_the_options_name_them_and_the_hand_shows_card_text():
    """The map showed "YELLOW, GREEN" though the options say "Deploy onto empty Green 10", and the hand
    only card ids ("M23, M22")."""
    import re
    from pathlib import Path

    from boardcore.session.session import Session
    from warlords.words import merc, planet

    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "warlords" / "2p.jsonl")
    named = set()
    for position in range(1, s.position, 7):
        state = s.state_at(position)
        view = RULES.view(state, 1)
        board = RULES.render(state, 1)
        for i in range(len(state.planet_type)):
            if view.revealed[i]:
                assert re.search(rf"\b{planet(view, i)}\b", board), (i, board)
                named.add(i)
        hand = next(line for line in board.splitlines() if line.strip().startswith("hand:"))
        assert all(merc(RULES.c, card) in hand for card in state.hands[0]), hand
        theirs = [line for line in board.splitlines() if line.strip().startswith("hand:")][1]
        cards = len(state.hands[1])
        assert not re.search(r"M\d\d", theirs.split("support:")[0]) and \
            (f"{cards} cards face down" in theirs or cards < 2), theirs
    assert len(named) > 10

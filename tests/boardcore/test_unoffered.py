"""Why an option a player looks for is missing (`Rules.unoffered`, `Session.unoffered`): each game
names the rule that holds it back, exactly when it is held back, from the player's view, and
`boardcore legal --why` says so.

Over random games of each, at every decision: a reason is given for an option exactly when that
option is not among the legal actions (Solar Sphere's visited card's action, SS-AMB-15; Apogee's
launch, AP-LCH-20; Warlords' printed actions and support cards, GW-ACT-04, GW-SUP-03, GW-SUP-10..12)."""

from __future__ import annotations

import json
import random

import pytest

from apogee import events as apogee_events
from boardcore import games
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from solar_sphere.events import Choose
from warlords import events as warlords_events


def solar_held(session, player):
    """Solar Sphere at its "act" step: the action is held back iff it is not offered."""
    if session.rules.asking(session.state) != "act":
        return None
    return not any(isinstance(a, Choose) and a.option == "action" for a in session.legal_actions(player))


def apogee_held(session, player):
    if session.rules.asking(session.state) != "admin":
        return None
    return not any(isinstance(a, apogee_events.LaunchRocket) for a in session.legal_actions(player))


def warlords_held(session, player):
    """Warlords' Action Phase menu: something is held back iff a support card in hand or an unused
    printed action of this turn's card is not on it."""
    s = session.state
    if session.rules.asking(s) != "action":
        return None
    legal = session.legal_actions(player)
    cards = {a.card for a in legal if isinstance(a, warlords_events.PlaySupport)}
    kinds = {session.rules.c.support[x] for x in cards}
    supports = {session.rules.c.support[x] for x in s.support_hands[player - 1]} - kinds
    slots = {a.slot for a in legal if isinstance(a, warlords_events.ChooseAction)}
    printed = set(range(len(session.rules.c.mercs[s.played].actions))) - set(s.used) if s.played else set()
    return bool(supports or printed - slots)


HELD = {"solar-sphere": (solar_held, "SS-"), "apogee": (apogee_held, "AP-"), "warlords": (warlords_held, "GW-")}


@pytest.mark.parametrize("game", HELD)
def test_a_reason_is_given_exactly_when_an_option_is_held_back(game):
    held, prefix = HELD[game]
    seen = {True: 0, False: 0}
    rules_named = set()
    for seed in (1, 2):
        session = Session.new(game, players=2, seed=seed)
        pick = random.Random(seed)
        for _ in range(1500):
            if session.outcome is not None:
                break
            player = session.to_act[0]
            expected = held(session, player)
            given = session.unoffered(player)
            if expected is not None:
                seen[expected] += 1
                assert bool(given) == expected, (session.position, given)
                rules_named |= {item.rule for item in given}
                assert all(item.rule.startswith(prefix) and item.why and item.option for item in given)
            else:
                assert given == [], (session.position, given)
            session.apply(pick.choice(session.legal_actions(player)))
    assert seen[True] and seen[False], seen
    assert rules_named


def a_held_back_position(tmp_path, game="solar-sphere", seed=3):
    path = tmp_path / "g.jsonl"
    session = Session.new(games.get(game), players=2, seed=seed, seats=("human", "human"), undo_policy="free",
                          store=JsonlFile(path))
    pick = random.Random(2)
    while not session.unoffered(session.to_act[0]):
        session.apply(pick.choice(session.legal_actions(session.to_act[0])))
    return path, session


def test_legal_why_names_what_is_held_back_and_its_rule(run, tmp_path):
    path, session = a_held_back_position(tmp_path)
    (item,) = session.unoffered(session.to_act[0])
    code, out, err = run("legal", path, "--why")
    assert code == 0, err
    assert f"held back now:\n  - {item.option}: {item.why} ({item.rule})" in out
    code, out, _ = run("legal", path, "--why", "--json")
    assert json.loads(out)["unoffered"] == [{"option": item.option, "why": item.why, "rule": item.rule}]
    code, out, _ = run("legal", path, "--json")
    assert isinstance(json.loads(out), list)                      # without --why: the list as it was

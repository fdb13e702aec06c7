"""The Apogee table as a picture (draw) and its figures: what the rulebook names is drawn, what a player may
not see is face down and absent from the file's bytes, and the charted numbers follow the game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from apogee_helpers import C, R, admin, at_soc, build_pad, give_engineer, reserve, table
from boardcore.agents.play import agent_rng, seeded, start

from apogee import events as ev
from apogee.draw import COLOURS
from apogee.state import SPECIALTY

SVG = "{http://www.w3.org/2000/svg}"
GEO_ROLLS_4 = [4]
MOON_ROLLS_12 = [12]


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def played(players: int, turns: int, seed: str):
    """A game played by the rollout prior for `turns` turns: rockets get built, cards pile up."""
    config = R.make_config(players=players, max_turns=turns)
    chance, choice = seeded(seed), agent_rng(seed)
    state, position = start(R, config, chance)
    while R.outcome(state) is None and state.turn < turns:
        player = R.to_act(state)[0]
        mine = [a for a in R.legal_actions(state) if a.player == player]
        weights = R.prior(state, mine)
        pick = choice(position).randbelow(1_000_000) / 1_000_000 * sum(weights)
        for action, w in zip(mine, weights):
            pick -= w
            if pick <= 0:
                break
        for e in R.decide(state, action, chance(position)):
            state = R.evolve(state, e)
            position += 1
    return state


def test_the_picture_names_what_the_rulebook_names():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    build_pad(s, 2, "Liquid Hydrogen Propulsion", "Liquid Hydrogen Propulsion", "Ion Engine", "Interplanetary Vessel",
              "Booster x4")
    at_soc(s, 2, "Patricia Jackson")
    svg = R.draw(R.view(s, 2), 2)
    words = " ".join(texts(svg))
    for name in ("Apogee · Mission 1 (Discovery)", "Objective: launch 1 time to GEO", "First Stage river",
                 "Payload river", "Investors", "Space Operations Center", "the Moon · Authority 5.0",
                 "Titan · Authority 17.0", "Harper Tompkins", "Yelena Tereshkova", "Launch Pad",
                 "thrust 24 · mass 16 · yield 1.6 · 4 astronauts", "80,000 credits"):
        assert name in words, name
    assert "Interplanetary Vessel: Payload 8/5, 100,000, 4 astronauts" in titles(svg)
    assert any(t.startswith("Patricia Jackson (10.2, Senior)") and t.endswith("on the Space Operations Center")
               for t in titles(svg))
    assert C.tech[s.rivers[0][0]].name[:10] in words


@pytest.mark.rule("AP-INV-26", "AP-COMP-25")
def test_hidden_things_are_face_down_and_absent_from_the_bytes():
    s = table(players=3)
    give_engineer(s, 2, "Oliver Hooker")
    give_engineer(s, 2, "Pahal Chawla", SPECIALTY)
    give_engineer(s, 1, "Qian Tao")
    s.revealed = 0  # nothing revealed yet this turn
    theirs = R.draw(R.view(s, 1), 1)
    assert "Oliver Hooker" not in theirs and "Pahal Chawla" not in theirs
    assert "Qian Tao" in theirs
    assert titles(theirs).count("a face-down Engineer") == 2
    own = R.draw(R.view(s, 2), 2)
    assert "Oliver Hooker" in own and "Pahal Chawla" in own and "Qian Tao" not in own
    spectator = R.draw(R.view(s, None), None)
    assert not any(name in spectator for name in ("Oliver Hooker", "Pahal Chawla", "Qian Tao"))
    s.revealed = 1 << SPECIALTY  # the Specialty step turned its Engineers face up
    assert "Pahal Chawla" in R.draw(R.view(s, 1), 1) and "Oliver Hooker" not in R.draw(R.view(s, 1), 1)


def test_the_picture_is_self_contained_and_compact_with_five_players():
    s = played(5, 6, "picture-5p")
    svg = R.draw(R.view(s, 3), 3)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox").startswith("0 0 900 ")
    assert "<script" not in svg and "href" not in svg and svg.count("http") == 1  # the namespace only
    assert len(svg.encode()) < 40_000
    assert sum(len(pl.pad) + len(pl.reserve) for pl in s.areas) >= 10  # a table with cards on it


def test_player_colours_stay_the_same():
    for turns in (1, 3):
        s = played(4, turns, "picture-colours")
        svg = R.draw(R.view(s, None), None)
        for p, colour in enumerate(COLOURS[:4], 1):
            labels = [t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.text == f"P{p}"]
            assert labels and labels[0].get("fill") == colour


@pytest.mark.rule("AP-MIS-01", "AP-MIS-29")
def test_figures_chart_the_mission_credits_and_yield():
    s = table(directors=("Harper Tompkins", "Yelena Tereshkova"))
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Satellite", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    figures = R.figures(s)
    assert figures["score"] == {"P1": 0.0, "P2": 0.0}
    assert figures["credits"] == {"P1": 80000.0, "P2": 80000.0}
    assert figures["yield"] == {"P1": 1.9, "P2": 0.0}
    sess = admin(s, 1, rolls=GEO_ROLLS_4)
    sess.apply(ev.LaunchRocket(player=1, destination="GEO"))  # Mission 1: GEO with an R&D card built
    figures = R.figures(sess.state)
    assert figures["score"] == {"P1": 100.0, "P2": 0.0}
    assert figures["credits"]["P1"] == 160000.0 and figures["yield"]["P1"] == 0.0


@pytest.mark.rule("AP-MIS-11")
def test_the_score_counts_a_share_of_the_mission():
    s = table(mission=5)  # two crewed flights to the Moon
    build_pad(s, 1, "Liquid Hydrogen Propulsion", "Ion Engine", "Conical Capsule", "Booster x4", "Booster x4",
              "Booster x4")
    at_soc(s, 1, "Pahal Chawla")
    reserve(s, 2, "Satellite")
    sess = admin(s, 1, rolls=MOON_ROLLS_12)
    sess.apply(ev.LaunchRocket(player=1, destination="Moon"))
    assert R.figures(sess.state)["score"] == {"P1": 50.0, "P2": 0.0}


@pytest.mark.rule("AP-SETUP-12", "AP-INV-26")
def test_the_dealt_directors_are_drawn_for_their_owner_only():
    from boardcore.session import Session
    sess = Session.new(R, players=2, seed=3)
    dealt = [C.director[d].name for d in sess.state.areas[0].dealt]
    mine = R.draw(R.view(sess.state, 1), 1)
    assert f"choosing a Mission Director: {dealt[0]} or {dealt[1]}" in texts(mine)
    theirs = R.draw(R.view(sess.state, 2), 2)
    assert not any(name in theirs for name in dealt)
    assert "a face-down Mission Director" in titles(theirs)

"""The table as an SVG picture (draw.py) and the figures charted over a game: names as the rulebook
gives them, hidden things face down, consistent player colours, and a small document."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import msgspec
import pytest
from ss_helpers import RULES, fresh, open_sphere
from test_ss_words import random_game

from solar_sphere.draw import SEAT_FILL

SVG = "{http://www.w3.org/2000/svg}"


def picture(state, player=None) -> str:
    return RULES.draw(RULES.view(state, player), player)


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def test_the_picture_is_a_self_contained_svg_document():
    _, s = fresh(2, seed=3)
    svg = picture(s)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox").startswith("0 0 900 ")
    assert "<script" not in svg and "href" not in svg and svg.count("http://") == 1   # the namespace only


@pytest.mark.rule("SS-GAP-03", "SS-COMP-02")
def test_the_picture_names_what_the_rulebook_names():
    _, s = fresh(2, seed=3)
    svg = picture(s, 1)
    c = RULES.c
    for name in ["The Solar Sphere", "Core", "Resistance fleet", "Crew display", "Location cards",
                 *(card.name.split(" (")[0] for card in c.loc), *c.slots[:6]]:
        assert name in svg, name
    assert f"Scoring card: {c.scoring[s.scoring_card].name}" in svg
    for ship in s.fleet:
        if ship is not None:
            assert f"{c.ships[ship.card].id}  resistance {c.ships[ship.card].value}" in svg
    for card in s.display:
        assert c.crew[card].id in svg
    hexes = [t for t in titles(svg) if re.match(r"[IO]\d+: hex H\d\d, value \d", t)]
    assert len(hexes) == 18 - sum(s.face_down)                 # every face-up hex with its number
    assert "P1 · score 0" in svg and "P2 · score 0" in svg


@pytest.mark.rule("SS-SET-05", "SS-SET-14")
def test_hidden_things_are_drawn_face_down():
    _, s = fresh(2, seed=3)
    c = RULES.c
    svg = picture(s, 2)
    down = [t for t in titles(svg) if "a face-down hex" in t]
    assert len(down) == sum(s.face_down) == 6
    hidden = [c.hexes[s.hex_at[i]].id for i in range(18) if s.face_down[i]]
    hidden += [c.ships[k].id for k in s.res_deck] + [c.crew[k].id for deck in s.crew_decks for k in deck]
    assert not [h for h in hidden if re.search(rf"\b{re.escape(h)}\b", svg)]
    assert f"The Resistance deck: {len(s.res_deck)} ships face down" in svg
    assert all(f"Tier {t + 1} deck: {len(s.crew_decks[t])} cards face down" in svg for t in range(3))


def test_a_player_keeps_one_colour_on_the_board():
    """P1's hexes, drones on ships and Command Centre share P1's colour (SS-GAP-21: red first)."""
    _, s = fresh(4, seed=1)
    open_sphere(s, {"I1": 1, "O2": 3})
    s.fleet[2] = msgspec.structs.replace(s.fleet[2], cols=((1, 2),))
    svg = picture(s)
    red, blue = SEAT_FILL[1], SEAT_FILL[3]
    assert red == "#d62728"
    root = ET.fromstring(svg)
    fills = {(el.tag.removeprefix(SVG), el.get("fill")) for el in root.iter()}
    assert {("polygon", red), ("rect", red), ("polygon", blue)} <= fills
    assert "I1: hex" in svg and "built by P1" in svg and "built by P3" in svg


def test_solo_shows_dranda_s_play_area():
    _, s = fresh(1, seed=2, level=2)
    svg = picture(s, 1)
    assert "DRANDA · level 2 · score 0" in svg
    assert f"DRANDA's deck: {len(s.dranda.deck)} cards face down" in svg and "P2" not in svg


@pytest.mark.parametrize("players", [2, 4])
def test_the_picture_is_small_and_every_piece_has_hover_text(players):
    _, end, steps, _ = random_game(players, 4)
    for state in (steps[len(steps) // 2][0], end):
        svg = picture(state)
        assert len(svg.encode()) < 36_000
        root = ET.fromstring(svg)
        groups = list(root.iter(f"{SVG}g"))
        assert len(groups) > 40 and all(g.find(f"{SVG}title") is not None for g in groups)
    assert "Final scores: " in picture(end)


def test_figures_chart_scores_morale_and_reputation():
    _, end, steps, _ = random_game(4, 4)
    figures = RULES.figures(end)
    assert set(figures) == {"score", "morale", "reputation"}
    assert figures["score"] == {f"P{i}": float(end.centres[i - 1].score) for i in range(1, 5)}
    assert figures["morale"]["P2"] == end.centres[1].morale and figures["reputation"]["P3"] == end.centres[2].rep
    _, solo, _, _ = random_game(1, 4, level=1)
    assert set(RULES.figures(solo)["score"]) == {"P1", "DRANDA"}
    assert RULES.figures(solo)["score"]["DRANDA"] == solo.dranda.score

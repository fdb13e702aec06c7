"""The board as a picture (`warlords.draw`): a self-contained SVG drawn from a view, naming what the rulebook
names, drawing hidden things face down, small enough for the replay viewer."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from wl_helpers import C, at_actions, clear, ev, launch_pad, planets_in, put, session, set_type, table

from boardcore.agents.play import agent_rng, seeded, start
from warlords import RULES
from warlords.draw import colour

SVG = "{http://www.w3.org/2000/svg}"


def picture(state, player=None) -> str:
    return RULES.draw(RULES.view(state, player), player)


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def played(players: int, seed: int = 1, **options):
    """Positions of a random game: the first, one in the middle and the last."""
    config = RULES.make_config(players=players, **options)
    chance, choice = seeded(f"pic/{seed}"), agent_rng(f"pic/{seed}")
    state, position = start(RULES, config, chance)
    states = [RULES.copy(state)]
    while RULES.outcome(state) is None:
        legal = [a for a in RULES.legal_actions(state) if a.player == RULES.to_act(state)[0]]
        action = legal[choice(position).randbelow(len(legal))]
        for event in RULES.decide(state, action, chance(position)):
            state = RULES.evolve(state, event)
            position += 1
        states.append(RULES.copy(state))
    return [states[0], states[len(states) // 2], states[-1]]


@pytest.mark.parametrize("players, options", [(2, {}), (4, {}), (1, {})])
def test_a_self_contained_svg_document(players, options):
    for state in played(players, **options):
        for player in (None, 1):
            svg = picture(state, player)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg" and root.get("viewBox", "").startswith("0 0 900 ")
            assert not re.search(r"<script|href|url\(|@import|<image|<foreignObject", svg)


def test_a_four_player_position_stays_well_under_40_kb():
    for state in played(4, seed=2) + played(4, seed=3, mode="ffa"):
        assert len(picture(state, 1).encode()) < 40_000


@pytest.mark.rule("GW-CON-07", "GW-CON-10", "GW-COMP-04")
def test_the_picture_names_what_the_rulebook_names():
    cfg, s = table(2)
    clear(s)
    yellow = set_type(s, planets_in(s, "C")[0], "YELLOW")
    put(s, yellow, 1, infantry=2, tanks=1)
    svg = picture(s, 1)
    words = "\n".join(titles(svg)) + svg
    for name in ("The Core", "Outer Sector NW", "Launch Pad", "Mission", "Medical Bay", "Decon", "Reserve",
                 "Mercenary Market", "Planet track (Deploy / Domination)", "Reputation Track", "Power"):
        assert name in words, name
    assert f"Yellow planet {yellow}; P1: 2 Infantry and a Tank" in titles(svg)
    values = [f"+{d} / {m}" for d, m in zip(C.deploy_value, C.domination_value)]
    assert all(v in svg for v in values)
    # the holder's colour is the same on the planet and on the player's panel
    root = ET.fromstring(svg)
    group = next(g for g in root.iter(f"{SVG}g")
                 if (g.findtext(f"{SVG}title") or "").startswith(f"Yellow planet {yellow};"))
    badge = [r.get("fill") for r in group.iter(f"{SVG}rect")]
    assert badge == [colour(C, s, 1)] and f'stroke="{colour(C, s, 1)}"' in svg


@pytest.mark.rule("GW-SET-20", "GW-RCN-02", "GW-RCN-11")
def test_hidden_things_are_drawn_face_down():
    cfg, s = table(2)
    face_down = [i for i, r in enumerate(s.revealed) if not r]
    spectator = titles(picture(s))
    for i in face_down:
        assert f"face-down planet {i}" in spectator
    face_up = {int(m.group(1)) for t in spectator if (m := re.match(r"[A-Z][a-z]+ planet (\d+)(;|$)", t))}
    assert face_up == {i for i, r in enumerate(s.revealed) if r}
    mine, theirs = picture(s, 1), picture(s, 2)
    for card in s.hands[0]:
        assert card in mine and card not in theirs
    assert "P1 hand: 5, face down" in titles(theirs) and "P2 hand: 5, face down" in titles(mine)
    # P1 scouts a sector and leaves a Tactical Drop marker: P1 sees the planets' types and the marker's kind
    peek = next(x for x in C.sectors if any(s.planet_sector[i] == x for i in face_down))
    s.rep_slots = ["support"] * 8
    launch_pad(s, 1, infantry=1)
    s.ships = ["C", "W"]
    sess = session(cfg, at_actions(s, 1, "M02"))
    sess.apply(ev.ChooseAction(player=1, action="recon", slot=1))
    sess.apply(ev.ChooseSector(player=1, sector=peek))
    sess.apply(ev.PlaceRecon(player=1, kind="tactical_drop"))
    st = sess.state
    seen = [i for i in face_down if st.planet_sector[i] == peek]
    mine, theirs = titles(picture(st, 1)), titles(picture(st, 2))
    for i in seen:
        assert f"face-down planet {i} ({st.planet_type[i].capitalize()})" in mine
        assert f"face-down planet {i}" in theirs
    assert "P1 Tactical Drop marker, face down" in mine and "P1 recon marker, face down" in theirs
    assert not any("Tactical" in t for t in theirs)


def test_the_solo_picture_shows_the_rebellion():
    state = played(1)[1]
    svg = picture(state, 1)
    assert "The Rebellion" in svg and "Rebel deck" in svg

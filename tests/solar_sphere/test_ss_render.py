"""The terminal rendering: as shown, every row fits its width; markup is valid; hidden data stays hidden."""

from __future__ import annotations

import pytest
from rich.text import Text

from boardcore.text import board_rows
from ss_helpers import RULES, fresh


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_render_fits_the_width_it_is_shown_at(players):
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import agent_rng, seeded, start
    from boardcore.game.rng import Rng
    st, pos = start(RULES, RULES.make_config(players=players), seeded(players))
    agent = RandomAgent(RULES)
    seen = 0
    while RULES.outcome(st) is None:
        if seen % 7 == 0:
            Text.from_markup(RULES.render(st, 1))                        # the markup is valid
            for width in (80, 100):
                assert max(row.cell_len for row in board_rows(RULES.render(st, 1), width)) <= width
        action = agent.choose(None, RULES.legal_actions(st), agent_rng(players)(pos))
        for event in RULES.decide(st, action, Rng.derive(str(players), pos)):
            st = RULES.evolve(st, event)
            pos += 1
        seen += 1
    assert "Final scores" in RULES.render(st, None)


def test_render_hides_face_down_hexes():
    _, s = fresh(2, seed=3)
    plain = Text.from_markup(RULES.render(s, 1)).plain
    assert plain.count("####") == 6 and "CORE" in plain and "Sphere scoring card" in plain


def test_the_board_says_what_is_asked_in_words():
    """The board printed a pending effect's internal kind ("Asked of P1: gain_any"); it now says it as the
    log does (`task_words`: "gain any 1 resource")."""
    from pathlib import Path

    from boardcore.session.session import Session
    from solar_sphere.words import task_words

    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "solar_sphere" / "2p.jsonl")
    kinds = set()
    for position in range(1, s.position, 2):
        state = s.state_at(position)
        if state.tasks:
            t = state.tasks[-1]
            assert f"Asked of P{t.player}: {task_words(RULES.c, state, t)} (" in RULES.render(state, 1)
            kinds.add(t.kind)
    assert len(kinds) >= 4


def test_the_board_names_phases_crew_and_locations_in_words():
    """The board printed the phase, the crew display and the locations by their codes ("phase deploy",
    "T1-03b trade:gold:ore", "L-SPH:1", "satellites L-FLT"); it now says them as the log does: the
    phase's name, each crew card with its almanac action (`crew_words`), each Location by its name."""
    from pathlib import Path

    from boardcore.session.session import Session
    from solar_sphere.words import PHASES, crew_words

    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "solar_sphere" / "2p.jsonl")
    codes = set(RULES.c.locations)
    seen = {"dice": 0, "satellites": 0}
    for position in range(1, s.position, 5):
        state = s.state_at(position)
        board = RULES.render(state, 1)
        if state.phase in PHASES:
            assert f"  {PHASES[state.phase]}  " in board.splitlines()[0]
        for card in state.display:
            if card >= 0:
                assert crew_words(RULES.c, card) in board
        for line in board.splitlines():
            if line.startswith("Dice on locations: ") or "satellites " in line:
                named = line.split("Dice on locations: ")[-1].split("satellites ")[-1]
                assert not codes & set(named.replace(",", " ").split()), line
                seen["dice" if line.startswith("Dice") else "satellites"] += named.strip() != "-"
    assert all(seen.values()), seen

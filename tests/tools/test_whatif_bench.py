"""tools/whatif_bench.py: its rules find the answers they claim to know (the figures and their targets live in
the tool's output, not here)."""

from pathlib import Path

import pytest

from boardcore.game.errors import UnknownGame
from boardcore.session.session import Session
from tests_support import tool as load_tool

ROOT = Path(__file__).resolve().parents[2]


def tool():
    return load_tool("whatif_bench")


def test_the_solar_sphere_rule_finds_the_issues_wasted_drones():
    """At the saved game's first decision P2 holds a 2 and a 6: every turned die that lands on a value the
    other die shows is dominated by deploying that die as it is (here: the 6 turned into the 2)."""
    try:
        s = Session.load(ROOT / "replays" / "solar_sphere" / "2p.jsonl")
    except UnknownGame:
        pytest.skip("solar-sphere is not installed")
    bench = tool()
    start = s.state_at(23)
    legal = [a for a in s.rules.legal_actions(start) if a.player == 2]
    pairs = {(s.rules.format_action(a), s.rules.format_action(b)): why
             for a, b, why in bench.solar_sphere_dominated(s.rules, start, legal)}
    assert pairs.keys() == {("P2 choose_die die=2 value=2 crew=no", "P2 choose_die die=6 value=2 crew=no"),
                            ("P2 choose_die die=6 value=6 crew=no", "P2 choose_die die=2 value=6 crew=no")}
    assert "for 4 drone(s) more" in pairs["P2 choose_die die=2 value=2 crew=no", "P2 choose_die die=6 value=2 crew=no"]


@pytest.mark.parametrize("game", ["apogee", "warlords"])
def test_the_rules_find_their_positions_in_self_play(game):
    """Each dominated pair found in self-play is two legal actions of the same seat, the decision taken first,
    with its reason."""
    bench = tool()
    try:
        found = bench._positions(game, 2, bench.DOMINATED[game], 2, 3)
    except UnknownGame:
        pytest.skip(f"{game} is not installed")
    assert found
    rules = bench.games.get(game)
    for pos, state, taken, other in found:
        legal = rules.legal_actions(state)
        assert taken in legal and other in legal and taken != other and taken.player == other.player
        assert pos.reason and pos.taken == rules.format_action(taken)

"""tools/versus.py against this same checkout: the two sides play the very same seeded games (the
premise every comparison rests on), and every measure comes back as a ratio (no timing asserted)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "versus.py"


def versus(*args: str) -> dict:
    out = subprocess.run([sys.executable, str(TOOL), str(ROOT), "--game", "warlords", "--games", "2",
                          "--positions", "1", "--json", *args], capture_output=True, text=True, check=True,
                         timeout=1200).stdout
    return json.loads(out)["warlords"]


def test_the_same_checkout_plays_the_same_games_on_both_sides():
    figures = versus("--rounds", "1")
    for policy in ("random", "greedy"):
        f = figures[policy]
        assert f["decisions"] == f["other_decisions"] > 0 and f["ratio"] > 0, (policy, f)
    f = figures["greedy_positions"]
    assert f["positions"] > 0 and f["left_out"] == 0 and f["ratio"] > 0


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="--instructions needs valgrind")
def test_instruction_counts_of_the_same_checkout_agree():
    figures = versus("--instructions")
    for key in ("random", "greedy", "greedy_positions"):
        f = figures[key]
        assert f["this_per_decision"] > 0 and 0.95 <= f["ratio"] <= 1.05, (key, f)


def test_only_positions_measures_greedy_on_shared_positions_alone():
    figures = versus("--rounds", "1", "--only-positions")
    assert set(figures) == {"greedy_positions"}
    assert figures["greedy_positions"]["positions"] > 0 and figures["greedy_positions"]["ratio"] > 0

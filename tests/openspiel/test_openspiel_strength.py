"""`tools/strength.py openspiel`, the yardstick the README quotes, on a game small enough for the suite."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from openspiel_needed import pyspiel

pyspiel()

ROOT = Path(__file__).resolve().parents[2]


def test_the_yardstick_caps_apogee_s_turns_when_asked(tmp_path):
    """Apogee has no turn cap by default (rules 1.2), so a long yardstick run asks for one: `--max-turns`
    reaches the games' config, and a game stopped there is counted as truncated."""
    out = tmp_path / "yardstick.json"
    subprocess.run([sys.executable, str(ROOT / "tools" / "strength.py"), "openspiel", "--game", "apogee", "-n", "1",
                    "--per-move", "0.01", "--max-turns", "1", "--workers", "1", "--json", str(out)],
                   check=True, capture_output=True, text=True, timeout=600)
    report = json.loads(out.read_text())["apogee"]
    assert report["config"]["max_turns"] == 1 and report["truncated"] == 1
    assert report["pairings"][0]["games"] == 1 and report["pairings"][0]["no_winner"] == 1

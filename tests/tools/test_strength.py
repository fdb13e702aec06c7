"""tools/strength.py: `solo --game G` plays G's solo modes and no other game's (the ladder is measured a
game at a time on a shared machine)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "strength.py"


def test_solo_plays_only_the_game_asked_for(tmp_path):
    out = tmp_path / "solo.json"
    printed = subprocess.run([sys.executable, str(TOOL), "solo", "--game", "warlords", "-n", "1", "--agent", "random",
                              "--workers", "1", "--json", str(out)], capture_output=True, text=True, check=True,
                             timeout=600).stdout
    modes = json.loads(out.read_text())
    assert sorted(modes) == ["Galactic Warlords, the Rebellion hard", "Galactic Warlords, the Rebellion standard"]
    assert all(len(modes[m][agent]["games"]) == 1 for m in modes for agent in ("random", "greedy"))
    assert "Solar Sphere" not in printed and "Apogee" not in printed

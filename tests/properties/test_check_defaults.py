"""`boardcore check GAME` with its defaults passes for every game and mode, and covers how each ends
(BOARDCORE_SLOW=1, `make test-slow`). The command a user types, run as they run it: a rules change that
breaks a promise in any mode fails here, not first on their machine; and so does a change that leaves an
ending unchecked. In every mode at least half the games end by the rules (not the turn cap), and every
ending the rules name for the mode is reached at least `EVERY_ENDING` times, but those in `NOT_YET`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

MODES = [
    *(("solar-sphere", "-p", "1", "--level", str(level)) for level in (1, 2, 3)),
    *(("solar-sphere", "-p", str(p)) for p in (2, 3, 4)),
    *(("apogee", "-p", "1", "--mission", str(m)) for m in range(1, 7)),
    *(("apogee", "-p", str(p)) for p in (3, 4, 5)),
    *(("apogee", "-p", "2", "--mission", str(m)) for m in range(1, 13)),
    *(("warlords", "-p", "1", "--level", level) for level in ("standard", "hard")),
    ("warlords", "-p", "2"), ("warlords", "-p", "3"),
    ("warlords", "-p", "4", "--mode", "teams"), ("warlords", "-p", "4", "--mode", "ffa"),
]

EVERY_ENDING = 10

NOT_YET: dict[str, set[str]] = {}
"""Endings a default run reaches, but fewer than `EVERY_ENDING` times, by mode (none now: Warlords' tie keys,
four missions and the solo Rebel deck were the last, until positions built near them, issue 34). An ending
dropping below its count elsewhere, or one of these never reached, fails."""


@pytest.mark.slow
@pytest.mark.parametrize("args", MODES, ids=lambda a: " ".join(a))
def test_check_passes_at_its_defaults_and_reaches_every_ending(args, tmp_path):
    done = subprocess.run([sys.executable, "-m", "boardcore.cli", "check", *args, "--save-dir", str(tmp_path),
                           "--json"], capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["failure"] is None and report["games"] == 100
    assert 2 * report["by_rules"] >= report["games"], report["endings"]
    rare = {label for label, n in report["endings"].items() if label != "cap" and n < EVERY_ENDING}
    assert rare <= NOT_YET.get(" ".join(args), set()), report["endings"]
    assert all(report["endings"][label] for label in rare), report["endings"]

"""`boardcore check GAME` with its defaults passes for every game and mode (BOARDCORE_SLOW=1,
`make test-slow`: about 20 minutes on 2 cores). The command a user types, run as they run it: a
rules change that breaks a promise in any mode fails here, not first on their machine."""

from __future__ import annotations

import subprocess
import sys

import pytest

MODES = [
    *(("solar-sphere", "-p", "1", "--level", str(level)) for level in (1, 2, 3)),
    *(("solar-sphere", "-p", str(p)) for p in (2, 3, 4)),
    *(("apogee", "-p", "1", "--mission", str(m)) for m in range(1, 7)),
    *(("apogee", "-p", str(p)) for p in (2, 3, 4, 5)),
    *(("warlords", "-p", "1", "--level", level) for level in ("standard", "hard")),
    ("warlords", "-p", "2"), ("warlords", "-p", "3"),
    ("warlords", "-p", "4", "--mode", "teams"), ("warlords", "-p", "4", "--mode", "ffa"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", MODES, ids=lambda a: " ".join(a))
def test_check_passes_at_its_defaults(args, tmp_path):
    done = subprocess.run([sys.executable, "-m", "boardcore.cli", "check", *args, "--save-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0 and "check passed: 100 games" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]

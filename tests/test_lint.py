"""The tree passes the checks `pyproject.toml` sets for ruff (pyflakes' F rules and syntax errors): an
undefined name, an unused import or variable, an import shadowed by a loop variable fails here, before
it can hide a mistake."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_tree_passes_ruff():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "src", "tests", "tools"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr

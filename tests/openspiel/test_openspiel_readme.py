"""The README's OpenSpiel section runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

from openspiel_needed import pyspiel

pyspiel()

README = Path(__file__).resolve().parents[2] / "README.md"


def section() -> str:
    text = README.read_text()
    start = text.index("## OpenSpiel (`boardcore.openspiel`)")
    return text[start:text.index("\n## ", start + 1)]


def test_the_openspiel_example_runs_as_written(tmp_path, monkeypatch):
    code = re.search(r"```python\n(.*?)```", section(), re.S).group(1)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["state"].is_terminal()
    assert (tmp_path / "openspiel.jsonl").exists()

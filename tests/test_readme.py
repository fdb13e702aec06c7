"""The README's library example runs as printed (README stays true)."""

import re
from pathlib import Path

import pytest

from boardcore import games
from boardcore.errors import UnknownGame

README = Path(__file__).resolve().parent.parent / "README.md"


def test_library_example_runs(tmp_path, monkeypatch):
    try:
        games.get("solar-sphere")
    except UnknownGame:
        pytest.skip("solar-sphere is not installed")
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)  # noqa: S102 - our own README
    session = namespace["s"]
    assert session.outcome is not None
    assert (tmp_path / "game.jsonl").exists()

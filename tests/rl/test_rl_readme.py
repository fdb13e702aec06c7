"""The README's reinforcement-learning section runs as printed: its code block, and each
`rl.…(…)` call it quotes inline. Until the games have action codecs the block also runs on Toy Pig
(the same code with the game's name swapped), so the example's logic is checked today."""

from __future__ import annotations

import re
from pathlib import Path

from boardcore import rl

README = Path(__file__).resolve().parents[2] / "README.md"


def section() -> str:
    text = README.read_text()
    start = text.index("## Reinforcement learning (`boardcore.rl`)")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def block() -> str:
    return re.search(r"```python\n(.*?)```", section(), re.S).group(1)


def run(code: str, tmp_path, monkeypatch) -> dict:
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)  # noqa: S102 - our own README
    return namespace


def check_ran(namespace: dict, tmp_path) -> None:
    assert (tmp_path / "episode.jsonl").exists()
    assert set(namespace["returns"]) == {"player_1", "player_2"}
    assert sum(abs(r) for r in namespace["returns"].values()) > 0       # 100 episodes were rewarded
    assert namespace["done"] and namespace["reward"] in (1.0, -1.0)


def test_the_rl_example_runs_as_written(tmp_path, monkeypatch):
    check_ran(run(block(), tmp_path, monkeypatch), tmp_path)
    for call in re.findall(r"`(rl\.[a-z_]+\([^`]*\))`", section()):
        eval(call, {"rl": rl})  # noqa: S307 - our own README


def test_the_rl_example_runs_on_the_toy_game(tmp_path, monkeypatch):
    code = block()
    assert code.count('"solar-sphere"') == 2
    check_ran(run(code.replace('"solar-sphere"', '"toy-pig"'), tmp_path, monkeypatch), tmp_path)

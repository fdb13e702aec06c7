"""The README's code blocks run as printed (README stays true): the library example here, the
reinforcement-learning one in tests/rl/test_rl_readme.py, and every shell block line by line, in a
folder of its own, except the commands named in `NOT_RUN` with the reason each is left out."""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from boardcore import games
from boardcore.game.errors import UnknownGame

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BIN = Path(sys.executable).parent

NOT_RUN = {
    "make test": "the whole suite, this test among it",
    "make demo": "installs .venv first; test_make_demo_prints_each_command_as_it_runs_it runs its script",
    "boardcore play": "interactive: tests/cli/test_play_terminal.py plays it in a pseudo-terminal",
    "boardcore whatif": "slow: a minute or more of rollouts each (--seconds 60; 400 greedy rollouts; mcts)",
    "boardcore tournament": "slow: 200 games of mcts against greedy, 7 minutes or more on 2 cores",
    "python tools/strength.py": "slow: each table takes from ten minutes to hours",
    "boardcore simulate warlords -n 10000": "slow: ten thousand games with a greedy seat",
    'pip install -e ".[postgres]"': "the whole block: it needs a PostgreSQL server and installs into the "
                                    "environment (tests/boardcore run the store against a real server)",
    'pip install -e ".[cluster]"': "the whole block: it needs Ray and a cluster of machines",
}
"""Shell commands of the README not run here (by how they begin), and why. A block whose first command
is listed for "the whole block" is skipped entirely."""


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


def _section(title: str) -> str:
    text = README.read_text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def _options() -> dict[str, set[str]]:
    """Every command and the option names it accepts."""
    import typer

    from boardcore import cli
    from boardcore.cli import common

    cli.load_commands([])
    group = typer.main.get_command(common.app)
    return {name: {o for p in command.params for o in (*p.opts, *p.secondary_opts)}
            for name, command in group.commands.items()}


def test_the_command_table_names_real_commands_and_their_real_options():
    known = _options()
    table = [row for row in _section("The `boardcore` command").splitlines() if row.startswith("| `")]
    documented = set()
    for row in table:
        usage = re.split(r"(?<!\\)\|", row)[1].replace("\\|", "|")
        for part in re.findall(r"`([^`]+)`", usage):
            words = part.split()
            if not words or words[0] not in known:
                continue
            documented.add(words[0])
            flags = {w.split("=")[0].strip("[]()…") for w in words if w.lstrip("[(").startswith("-")}
            flags = {f.lstrip("[(").rstrip("]),") for f in flags} - {""}
            assert flags <= known[words[0]], (words[0], flags - known[words[0]])
    assert documented == set(known)          # every command is in the table


def test_play_your_first_game_runs_as_written(tmp_path, monkeypatch):
    """The section's commands (all but the interactive `play`) run in order, and the keys it names
    are the keys `play` answers to."""
    import subprocess
    import sys

    from boardcore.terminal.loop import HELP

    section = _section("Play your first game")
    monkeypatch.chdir(tmp_path)
    commands = [line.split("#")[0].split() for line in re.search(r"```sh\n(.*?)```", section, re.S).group(1)
                .splitlines() if line.strip()]
    commands += [re.findall(r"`(boardcore [^`]+)`", section)[i].split() for i in (-3, -2, -1)]
    script = Path(sys.executable).with_name("boardcore")
    for words in commands:
        assert words[0] == "boardcore"
        if words[1] == "play":
            continue
        if words[-2:] == ["--as", "P"]:          # the player who took the last decision, as the text says
            from boardcore.game.events import Decision
            from boardcore.stream.store import JsonlFile

            last = next(r.event for r in reversed(JsonlFile(words[2]).read()) if isinstance(r.event, Decision))
            words[-1] = str(last.player)
        result = subprocess.run([str(script), *words[1:]], capture_output=True, text=True)
        assert result.returncode == 0, (words, result.stderr)
    for key in re.findall(r"`([a-z?])`", section):
        assert re.search(rf"^  {re.escape(key)}\s", HELP, re.M), key


def _shell_blocks() -> list[list[str]]:
    """Every ```sh block of the README as its command lines (continuations joined, blank lines dropped)."""
    blocks = []
    for body in re.findall(r"```sh\n(.*?)```", README.read_text(), re.S):
        lines = body.replace("\\\n", " ").splitlines()
        blocks.append([line for line in lines if line.strip()])
    return blocks


def _programs(command: str) -> list[str]:
    """The program each part of a shell pipeline (or `&&` list) starts, shell builtins left out."""
    words = shlex.shlex(command, posix=True, punctuation_chars=True)
    words.whitespace_split, words.commenters = True, "#"
    programs, start = [], True
    for word in words:
        if word in ("|", "&&", "||", ";"):
            start = True
        elif start:
            start = False
            if word not in ("export", "cd") and "=" not in word:
                programs.append(word)
    return programs


def _not_run(command: str) -> str | None:
    return next((why for start, why in NOT_RUN.items() if command.startswith(start)), None)


def _environment(folder: Path) -> dict[str, str]:
    """A shell in `folder` that finds this checkout's `boardcore` and `python` first, with a database
    of its own, and the repository's replays/ and tools/ beside it (the README's paths)."""
    for name in ("replays", "tools"):
        (folder / name).symlink_to(ROOT / name)
    shutil.copyfile(ROOT / "replays" / "solar_sphere" / "2p.jsonl", folder / "game.jsonl")   # "your game"
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "BOARDCORE_DB": str(folder / "db.sqlite"),
            "NO_COLOR": "1"}


def test_every_shell_block_runs_as_printed(tmp_path):
    """In order, as a reader would type them, with `game.jsonl` standing for the reader's own saved game.
    `python tools/strength.py duels | solo | whatif` was a shell pipe as printed."""
    env = _environment(tmp_path)
    ran = 0
    for block in _shell_blocks():
        if _not_run(block[0]) and "whole block" in _not_run(block[0]):
            continue
        for command in block:
            missing = [p for p in _programs(command) if not shutil.which(p, path=env["PATH"])]
            assert not missing, (command, missing)      # even a command not run names programs that exist
            if _not_run(command):
                continue
            result = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env,    # a pipe's first command
                                    capture_output=True, text=True, timeout=120)        # fails on stderr
            assert result.returncode == 0 and not result.stderr.strip(), (command, result.stdout, result.stderr)
            ran += 1
    assert ran >= 8


def test_make_demo_prints_each_command_as_it_runs_it(tmp_path):
    """`make demo` runs tools/demo.sh once .venv is installed. It echoed `boardcore new …` without the
    `--seed demo` it ran: the command typed again as printed made another game."""
    env = _environment(tmp_path)
    shown = subprocess.run(["bash", str(ROOT / "tools" / "demo.sh"), str(BIN / "boardcore")], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    commands = [line[3:] for line in shown.stdout.splitlines() if line.startswith("== boardcore ")]
    assert [c.split()[1] for c in commands] == ["games", "new", "show", "audit"]
    assert "audit passed" in shown.stdout or " ok" in shown.stdout
    made = Path(commands[1].split(" -o ")[1])
    again = tmp_path / "again"
    again.mkdir()
    retyped = subprocess.run(["bash", "-c", commands[1]], cwd=again, env=env, capture_output=True, text=True)
    assert retyped.returncode == 0, retyped.stderr
    head = [subprocess.run([str(BIN / "boardcore"), "head", str(folder / made)], env=env, capture_output=True,
                           text=True).stdout for folder in (tmp_path, again)]
    assert head[0] == head[1] and head[0].strip()


def test_every_python_block_is_run_by_a_test():
    """The README's Python blocks: the library example (above), the RL one (tests/rl/test_rl_readme.py) and
    the OpenSpiel one (tests/openspiel/test_openspiel_readme.py)."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert [body.splitlines()[0] for body in blocks] == ["from boardcore import Session", "import numpy as np",
                                                         "import numpy as np"]
    assert "from boardcore import rl" in blocks[1] and "from boardcore import openspiel" in blocks[2]


def test_the_design_notes_the_readme_points_to_are_in_the_repository():
    """It pointed to ../shared/ARCHITECTURE.md, which a clone does not have."""
    text = README.read_text()
    links = re.findall(r"\]\(([^)#:]+)\)", text)
    assert "docs/ARCHITECTURE.md" in links and all((ROOT / link).is_file() for link in links), links
    assert "shared/ARCHITECTURE" not in text
    notes = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    for module in re.findall(r"`(boardcore\.[a-z_.]+)`", notes):   # every module it names exists
        parts = module.split(".")
        assert (ROOT / "src" / Path(*parts)).with_suffix(".py").is_file() or (ROOT / "src" / Path(*parts)).is_dir() \
            or (ROOT / "src" / Path(*parts[:-1])).with_suffix(".py").is_file(), module


def test_the_what_if_commands_run_as_printed(run, monkeypatch):
    """Every `boardcore whatif` line of the what-if section's commands, with its positions, actions and
    options as printed, in-process; only the budget is cut to two rollouts each, to keep this fast (the
    figures the section quotes come from the commands it names). The `replay` line's grep is a pipe and
    is left to the shell."""
    import shlex

    try:
        for game in ("solar-sphere", "warlords"):
            games.get(game)
    except UnknownGame:
        pytest.skip("a game of the section is not installed")
    monkeypatch.chdir(README.parent)
    block = re.search(r"```sh\n(.*?)```", _section("What were my chances?"), re.S).group(1)
    lines = [shlex.split(line.split("  #")[0]) for line in block.splitlines() if line.startswith("boardcore whatif")]
    assert len(lines) >= 3
    for words in lines:
        budget = {"--seconds", "--budget", "--rollouts", "-k"}
        kept = [w for i, w in enumerate(words[1:], 1) if w not in budget and words[i - 1] not in budget]
        code, out, err = run(*kept, "--rollouts", "2", "--workers", "1")
        assert code == 0, (words, err)
        assert ("estimates" in out) or '"estimates"' in out


def test_the_write_your_own_game_section_names_all_a_game_must_write():
    """It lists `Required` (boardcore.game.rules) member by member: a member added there is missing here."""
    from boardcore.game.rules import Required

    section = _section("Write your own game")
    members = {*Required.__annotations__, *(n for n, v in vars(Required).items() if callable(v) and n[0] != "_")}
    assert sorted(m for m in members if f"`{m}`" not in section) == []
    assert "(tests/toygame/game.py)" in section and "games.register(" in section

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
        result = subprocess.run([str(script), *words[1:]], capture_output=True, text=True)
        assert result.returncode == 0, (words, result.stderr)
    for key in re.findall(r"`([a-z?])`", section):
        assert re.search(rf"^  {re.escape(key)}\s", HELP, re.M), key


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

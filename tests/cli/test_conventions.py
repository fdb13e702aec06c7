"""The conventions people expect of a command-line tool, for every `boardcore` command: an example
in each `--help`, help for every option, `--json` from every command that writes (what it wrote:
where, position, receipt), structured events in `replay --json`, one numbering of positions, shell
completion, `--version` and `-h`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


import msgspec
import pytest
import typer

from boardcore import cli
from boardcore.analysis import replay
from boardcore.cli import common
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from tests_support import finished_game, one_line_error



def commands() -> dict:
    cli.load_commands([])
    group = typer.main.get_command(common.app)
    return dict(group.commands)


def test_every_command_s_help_shows_an_example_of_itself(run):
    for name in commands():
        code, out, _ = run(name, "--help")
        assert code == 0 and "Examples:" in out, name
        examples = out.split("Examples:", 1)[1].splitlines()
        assert any(line.strip().startswith(f"boardcore {name}") for line in examples), (name, examples)


def test_every_option_and_argument_has_help_text():
    lacking = [f"{name} {param.name}" for name, command in commands().items() for param in command.params
               if not (getattr(param, "help", None) or "").strip()]
    assert lacking == []


def test_version_and_short_help(run):
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("boardcore ")
    code, out, _ = run("-h")
    assert code == 0 and "Exit codes" in out and "--install-completion" in out


def test_shell_completion_finds_commands_and_options():
    """Typer's completion, through the installed script: the lazily loaded commands are all there."""
    script = Path(sys.executable).with_name("boardcore")
    if not script.exists():
        pytest.skip("the boardcore script is not installed beside this python")
    env = {**os.environ, "_BOARDCORE_COMPLETE": "complete_bash", "COMP_WORDS": "boardcore re", "COMP_CWORD": "1"}
    out = subprocess.run([str(script)], env=env, capture_output=True, text=True)
    assert {"replay", "redo", "repair"} <= set(out.stdout.split()), out.stdout + out.stderr
    env.update(COMP_WORDS="boardcore new --un", COMP_CWORD="2")
    out = subprocess.run([str(script)], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["--undo"], out.stdout + out.stderr
    for command in ("new", "check", "simulate", "tournament"):            # a GAME is completed by name
        env.update(COMP_WORDS=f"boardcore {command} so", COMP_CWORD="2")
        out = subprocess.run([str(script)], env=env, capture_output=True, text=True)
        assert out.stdout.split() == ["solar-sphere"], (command, out.stdout + out.stderr)


@pytest.fixture
def hot_seat(tmp_path, run):
    path = tmp_path / "hot.jsonl"
    code, out, err = run("new", "toy-pig", "-p", "2", "--seed", "2", "--undo", "free", "-o", path, "--json")
    assert code == 0, err
    return path, json.loads(out)


def test_every_writing_command_says_what_it_wrote_in_json(run, hot_seat, tmp_path, toy):
    path, created = hot_seat
    assert created["target"] == str(path) and created["undo_policy"] == "free" and created["created"]
    assert created["receipt"] == str(Session.load(path).head) and created["to_act"] == [1, 2]

    code, out, _ = run("act", path, "1", "--json")
    acted = json.loads(out)
    assert code == 0 and acted["action"].startswith("P1 card_picked") and acted["position"] == created["position"] + 1
    assert acted["decided_at"] == acted["position"] and acted["receipt"] == str(Session.load(path).head)

    code, out, _ = run("undo", path, "--json")
    undone = json.loads(out)
    assert code == 0 and undone["undone"] == 1 and undone["position"] == created["position"]
    code, out, _ = run("redo", path, "--json")
    assert code == 0 and json.loads(out)["position"] == acted["position"]

    decision = acted["decided_at"]
    code, out, _ = run("branch", path, "--at", decision, "-o", tmp_path / "b.jsonl", "--json")
    branched = json.loads(out)
    assert code == 0 and branched["target"] == str(tmp_path / "b.jsonl") and branched["position"] == decision - 1
    assert branched["undo_policy"] == "free"                  # the chosen policy went with it

    done = finished_game(toy, tmp_path / "done.jsonl", seed=3)
    code, out, _ = run("import", done, "--id", "kept", "--json")
    imported = json.loads(out)
    assert code == 0 and imported["target"] == "db:kept" and imported["records"] == len(JsonlFile(done).read())
    code, out, _ = run("export", "db:kept", "-o", tmp_path / "out.jsonl", "--json")
    assert code == 0 and json.loads(out)["receipt"] == imported["receipt"]
    code, out, _ = run("export", path, "--as", "2", "-o", tmp_path / "p2.jsonl", "--json")
    assert code == 0 and json.loads(out)["redacted_for"] == 2
    code, out, _ = run("repair", done, "--json")
    assert code == 0 and json.loads(out) == {"target": str(done), "repaired": False, "removed": None}


def test_new_refuses_an_unknown_undo_policy(run, tmp_path):
    code, _, err = run("new", "toy-pig", "--undo", "sometimes", "-o", tmp_path / "x.jsonl")
    one_line_error(code, err)
    assert "free or own" in err and not (tmp_path / "x.jsonl").exists()


def test_replay_json_gives_each_event_as_data_with_its_position_and_words(run, tmp_path, toy):
    done = finished_game(toy, tmp_path / "done.jsonl", seed=3)
    code, out, _ = run("replay", done, "--json", "--as", "1")
    lines = json.loads(out)
    assert code == 0 and lines[0]["position"] == 1 and lines[0]["event"]["type"] == "game_created"
    assert all(isinstance(line["event"], dict) and line["event"]["type"] and line["text"] for line in lines)
    positions = [line["position"] for line in lines]
    assert positions == sorted(set(positions))
    picks = [line for line in lines if line["event"]["type"] == "card_picked"]
    assert picks and {line["decision"] for line in picks} == {True}


def test_one_numbering_replay_show_and_branch_agree(run, tmp_path, toy):
    """The position `replay` prints is the one `show --at` and `branch --at` take: show N is the
    state after event N; branch N starts just before the decision printed at N."""
    done = finished_game(toy, tmp_path / "done.jsonl", seed=3)
    session = Session.load(done)
    code, out, _ = run("replay", done)
    printed = {}
    for row in out.splitlines():
        words = row.split()
        if words and words[0].isdigit():
            printed[int(words[0])] = row
    decisions = [n for n, row in printed.items() if row.split()[1] == ">"]
    assert decisions == replay.decision_positions(session)
    n = decisions[3]
    code, out, _ = run("show", done, "--at", n, "--json")
    assert code == 0 and json.loads(out)["state"] == msgspec.to_builtins(session.rules.view(session.state_at(n), None))
    code, out, _ = run("branch", done, "--at", n, "-o", tmp_path / "b.jsonl")
    assert code == 0
    child = Session.load(tmp_path / "b.jsonl")
    decision = session.history.live[n - 1].event           # the event replay printed at n
    assert child.position == n - 1 and decision in child.legal_actions()   # it can be taken again, or not
    fact = next(p for p in range(n + 1, session.position + 1) if p not in decisions)
    code, _, err = run("branch", done, "--at", fact, "-o", tmp_path / "c.jsonl")
    one_line_error(code, err)
    assert "nearest decisions are at" in err and str(n) in err
    code, out, _ = run("whatif", done, "--at", n, "--all", "-k", "2", "--workers", "1", "--json")  # the same n
    report = json.loads(out)
    assert code == 0 and report["position"] == n and report["decision"] == session.rules.format_action(decision)
    code, _, err = run("whatif", done, "--at", fact, "--all", "-k", "2", "--workers", "1")
    one_line_error(code, err)


def test_show_is_compact_and_full_on_request(run, tmp_path, monkeypatch):
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("COLUMNS", "80")
    path = tmp_path / "w.jsonl"
    run("new", "warlords", "-p", "2", "--seed", "4", "-o", path)
    code, out, _ = run("show", path, "--as", "1")
    rows = out.splitlines()
    assert code == 0 and len(rows) <= 24 and rows[0].startswith("warlords") and "undo own" in rows[0]   # at 80
    assert "Move Base Ship" in rows[0]                  # columns the receipt goes first (`boardcore head` has it)
    assert "receipt" not in rows[0]                     # and no hash at all while cards are hidden
    assert all(len(row) <= 80 for row in rows)
    code, full, _ = run("show", path, "--as", "1", "--full")
    assert code == 0 and len(full.splitlines()) >= len(rows) and "hand:" in full


def test_act_says_what_followed_as_the_player_who_acted_may_see_it(run, tmp_path):
    path = tmp_path / "bots.jsonl"
    run("new", "toy-pig", "-p", "2", "--seed", "5", "--seat", "2=greedy", "-o", path)
    code, out, _ = run("act", path, "1")
    rows = out.splitlines()
    assert code == 0 and rows[0].split()[1:3] == ["P1:", "card_picked"]
    assert any(row.split()[1:2] == ["P2:"] for row in rows[1:])       # the bot's replies
    assert rows[-1].startswith("to act: P1 · receipt")


def test_a_game_of_bots_is_told_in_its_last_lines_with_the_way_to_the_rest(run, tmp_path):
    from boardcore.cli.play import MAX_TOLD

    path = tmp_path / "bots.jsonl"
    code, out, _ = run("new", "toy-pig", "-p", "2", "--seat", "1=greedy", "--seat", "2=random", "--seed", "1",
                       "-o", path)
    rows = out.splitlines()
    assert code == 0 and "game over" in rows[-1] and len(rows) <= MAX_TOLD + 6
    assert any("earlier lines (from position" in row and row.endswith(f"boardcore replay {path}") for row in rows)


@pytest.mark.parametrize("game", ["solar_sphere", "apogee", "warlords"])
def test_every_game_words_a_decision_as_an_option_and_the_history_names_who_took_it(game):
    """One shape for the three games: the game's words for a decision read as the option a player picks,
    without a seat (Apogee alone wrote "P1: build …", so its options menu repeated the seat and Solar
    Sphere's and Warlords' histories never said who decided); the history leads each decision with it."""
    session = Session.load(Path(__file__).resolve().parents[2] / "replays" / game / "2p.jsonl")
    decisions = [line for line in replay.lines(session) if line.decision]
    assert decisions and all(line.text.startswith(f"P{line.player}: ") for line in decisions)
    rules, options = session.rules, []
    for line in decisions[:40]:
        before = session.state_at(line.position - 1)
        options += [rules.describe(rules.view(before, line.player), action, line.player)
                    for action in rules.legal_actions(before)]
    for words in [line.text.partition(": ")[2] for line in decisions] + options:
        assert words[:1].isupper() and not (words[0] == "P" and words[1:2].isdigit()), words


@pytest.mark.parametrize("game", ["solar_sphere", "apogee", "warlords"])
def test_the_status_line_says_where_the_game_stands_in_the_rulebook_s_words(game):
    """`Rules.stage`: the status line read the state's fields and printed the games' internal names of
    their phases and steps ("turn 1 merc", "round 1 turn 0 dock")."""
    from boardcore.terminal import screen

    session = Session.load(Path(__file__).resolve().parents[2] / "replays" / game / "2p.jsonl")
    said = set()
    for position in range(1, session.position + 1, 3):
        state = session.state_at(position)
        raw = getattr(state, "phase", None) or getattr(state, "stage", None)
        words = session.rules.stage(state)
        assert "_" not in words and (raw == "setup" or words.rpartition(", ")[2] != raw), (raw, words)
        said.add(words.rpartition(", ")[2])
    assert len(said) >= 5
    assert session.rules.stage(session.state) in screen.status_line(session, width=200)


@pytest.mark.parametrize("command", [["replay", "{replay}"], ["show", "{replay}"], ["games"]], ids=lambda c: c[0])
def test_a_reader_gone_ends_the_command_quietly_with_the_shell_s_code(command):
    """`boardcore replay F | head -1`: rich and typer each turned the closed pipe into exit 1, the code
    of a failed audit or check; it is the SIGPIPE code 141 now, with nothing on stderr."""
    replay = Path(__file__).resolve().parents[2] / "replays" / "apogee" / "2p.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "boardcore.cli", *(a.format(replay=replay) for a in command)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()                      # the reader is gone before anything was written
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 141 and err == b"", err

"""The `boardcore` command, run in-process through its real entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import msgspec
import pytest

from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from tests_support import finished_game, one_line_error

COMMANDS = ["games", "list", "new", "show", "legal", "act", "undo", "redo", "branch", "replay", "audit",
            "whatif", "tournament", "check", "simulate", "export", "import", "repair", "play"]


@pytest.fixture
def game_file(tmp_path, toy):
    return finished_game(toy, tmp_path / "done.jsonl", seed=7)


@pytest.fixture
def human_game(tmp_path, run):
    path = tmp_path / "g.jsonl"
    code, out, _ = run("new", "toy-pig", "--players", "2", "--seat", "2=greedy", "--seed", "5", "-o", path)
    assert code == 0 and "created" in out
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(run, command):
    code, out, _ = run(command, "--help")
    assert code == 0 and "Usage" in out


def test_help_does_not_import_games_or_the_database_layer():
    probe = ("import sys; sys.argv = ['boardcore', '--help']\n"
             "from boardcore.cli import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "heavy = [m for m in ('eventsourcing', 'solar_sphere', 'apogee', 'warlords', 'hypothesis') "
             "if m in sys.modules]\n"
             "print('HEAVY', heavy)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert "HEAVY []" in out


def test_games_lists_installed_games(run):
    code, out, _ = run("games", "--json")
    assert code == 0 and "toy-pig" in {g["name"] for g in json.loads(out)}


def test_new_saves_to_the_database_by_default_and_list_shows_it(run):
    code, out, _ = run("new", "toy-pig", "-p", "3", "-O", "rounds=2", "--seat", "1=random", "--seat", "2=random",
                       "--seat", "3=greedy", "--seed", "1")
    assert code == 0 and "game over" in out
    game_id = out.split("created db:")[1].split(":")[0]
    code, out, _ = run("list", "--json")
    assert [g["id"] for g in json.loads(out)] == [game_id]
    code, out, _ = run("audit", f"db:{game_id}")
    assert code == 0 and "audit passed" in out


def test_legal_act_by_number_and_text_show_and_status(run, human_game):
    code, out, _ = run("legal", human_game, "--json")
    actions = json.loads(out)
    assert code == 0 and all(a["player"] == 1 for a in actions)
    code, out, _ = run("act", human_game, "1")
    assert code == 0 and out.splitlines()[0].split()[1:3] == ["P1:", "card_picked"]
    code, out, _ = run("act", human_game, "P1 roll")
    assert code == 0
    code, out, _ = run("show", human_game, "--as", "1")
    assert code == 0 and "Toy Pig" in out
    code, out, _ = run("show", human_game, "--at", "3", "--json")
    assert json.loads(out)["position"] == 3


def test_an_illegal_action_names_its_rule_and_changes_nothing(run, human_game):
    before = human_game.read_bytes()
    code, _, err = run("act", human_game, "P1 card_picked card=42")
    one_line_error(code, err)
    assert "TOY-02" in err
    assert human_game.read_bytes() == before


@pytest.mark.parametrize("args, needle", [
    (("show", "missing.jsonl"), "no such file"),
    (("new", "no-such-game"), "unknown game"),
    (("act", "{bad}", "1"), "line 1"),
    (("new", "toy-pig", "--players", "9"), "2-4 players"),
    (("new", "toy-pig", "--seat", "2=wizard"), "unknown policy"),
    (("new", "toy-pig", "-O", "colour=blue"), "bad toy-pig options"),
    (("show", "db:nobody"), "no game 'nobody'"),
    (("whatif", "{done}", "--at", "3"), "--instead"),
    (("export", "{done}"), "-o FILE.jsonl or --db"),
])
def test_bad_input_is_one_line_and_exit_2(run, tmp_path, game_file, args, needle):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    args = [a.replace("{bad}", str(bad)).replace("{done}", str(game_file)) for a in args]
    code, _, err = run(*args)
    one_line_error(code, err)
    assert needle in err


def test_usage_errors_exit_2(run):
    code, _, err = run("show")
    assert code == 2 and "Missing argument" in err
    code, _, err = run("undo", "x.jsonl", "-n", "0")
    assert code == 2


def test_replay_lists_history_and_stops_where_told(run, game_file):
    code, out, _ = run("replay", game_file, "--to", "6")
    assert code == 0 and "position 6 of" in out
    code, out, _ = run("replay", game_file, "--json", "--as", "1")
    lines = json.loads(out)
    assert lines[0]["position"] == 1 and any(line["decision"] for line in lines)


def test_replay_step_moves_with_enter_and_quits(run, game_file):
    code, out, _ = run("replay", game_file, "--step", stdin="\n\nb\nq\n")
    assert code == 0 and "[2/" in out


def test_audit_passes_then_fails_on_a_tampered_byte(run, game_file):
    code, out, _ = run("audit", game_file)
    assert code == 0 and "audit passed" in out
    text = game_file.read_text()
    at = text.index('"value":') + len('"value":')
    game_file.write_text(text[:at] + "1" + text[at:])   # one more digit in the first recorded die
    seq = next(r.seq for r in JsonlFile(game_file).read() if '"value"' in msgspec.json.encode(r.event).decode())
    code, out, _ = run("audit", game_file, "--json")
    report = json.loads(out)
    assert code == 1 and not report["ok"] and report["divergence"]["seq"] == seq


def test_audit_rejects_a_wrong_seed(run, game_file):
    code, out, _ = run("audit", game_file, "--seed", "wrong")
    assert code == 1 and "commitment" in out


def test_undo_redo_keep_everything(run, human_game):
    run("act", human_game, "1")
    before = human_game.read_text()
    state = Session.load(human_game).state
    code, out, _ = run("undo", human_game)  # P1's pick and the bot's replies
    undone = int(out.split()[1].rstrip(";"))
    assert code == 0 and undone >= 2
    code, out, _ = run("redo", human_game)
    assert code == 0 and f"redone {undone}" in out
    after = human_game.read_text()
    assert after.startswith(before)  # nothing removed or rewritten
    added = [r.event for r in JsonlFile(human_game).read()[len(JsonlFile(human_game).read()) - 2 * undone:]]
    assert [type(e).__name__ for e in added] == ["Undone"] * undone + ["Redone"] * undone  # a marker each way
    assert Session.load(human_game).state == state
    code, _, err = run("redo", human_game)
    one_line_error(code, err)


def test_branch_to_a_file_and_to_the_database(run, game_file, tmp_path):
    out_file = tmp_path / "branch.jsonl"
    code, out, _ = run("replay", game_file, "--json")
    decision = [line for line in json.loads(out) if line["decision"]][1]["position"]   # as replay prints it
    code, out, _ = run("branch", game_file, "--at", decision, "-o", out_file)
    assert code == 0 and Session.load(out_file).position == decision - 1   # everything before that decision
    code, out, _ = run("branch", game_file, "--at", decision, "-o", "db:my-branch")
    assert code == 0 and "db:my-branch" in out
    code, _, err = run("branch", game_file, "--at", decision, "-o", out_file)  # exists
    one_line_error(code, err)
    code, _, err = run("branch", game_file, "--at", decision + 1, "-o", tmp_path / "mid.jsonl")
    one_line_error(code, err)
    assert "is not a decision" in err and f"{decision}" in err and not (tmp_path / "mid.jsonl").exists()


def test_whatif_compares_alternatives(run, game_file):
    s = Session.load(game_file)
    at = next(i for i, r in enumerate(s.history.live, 1) if type(r.event).__name__ == "Roll")  # as replay prints it
    code, out, _ = run("whatif", game_file, "--at", at, "--all", "-k", "20", "--json", "--workers", "1")
    report = json.loads(out)
    assert code == 0 and report["position"] == at and report["decision"].endswith("roll")
    assert sum(a["recorded"] for a in report["alternatives"]) == 1 and len(report["alternatives"]) >= 1
    assert report["to"] == "end" and "chances of winning" in report["estimates"]   # Toy Pig has no rounds
    assert all(0 <= a["win_probability"]["low"] <= a["win_probability"]["mean"] <= a["win_probability"]["high"] <= 1
               for a in report["alternatives"])
    words = {a["action"]: a["words"] for a in report["alternatives"]}
    assert all(words.values()) and words[report["decision"]] == s.rules.describe(
        s.rules.view(s.state_at(at - 1), report["player"]), s.history.live[at - 1].event, report["player"])
    code, out, _ = run("whatif", game_file, "--at", at, "--instead", "roll", "-k", "5", "--workers", "1")
    assert code == 0 and "* the decision taken" in out
    lines = out.splitlines()
    rows = [i for i, line in enumerate(lines) if line.startswith("*  ")]
    assert len(rows) == 1 and words[report["decision"]] in lines[rows[0]]
    assert report["decision"] in lines[rows[0] + 1]      # the text form, under the words at 80 columns
    code, _, err = run("whatif", game_file, "--at", "2", "--all")
    one_line_error(code, err)


def test_check_passes_and_reports_failures_with_exit_1(run, tmp_path):
    code, out, _ = run("check", "toy-pig", "--games", "10", "--players", "3", "-O", "rounds=2")
    assert code == 0 and "check passed: 10 games" in out
    from boardcore import games
    from tests.boardcore.test_check import BadInvariant
    games.register(BadInvariant())
    code, out, _ = run("check", "toy-pig-bad-invariant", "--games", "10", "--save-dir", tmp_path, "-w", "1")  # registered here only
    assert code == 1 and "TOY-INV-99" in out and "saved as" in out


def test_simulate_reports_win_rates(run):
    code, out, _ = run("simulate", "toy-pig", "--games", "30", "--seat", "1=greedy", "--json")
    report = json.loads(out)
    assert code == 0 and report["games"] == 30 and report["seats"][0]["policy"] == "greedy"


def test_export_import_keep_hashes(run, game_file, tmp_path):
    code, out, _ = run("import", game_file, "--id", "imported")
    assert code == 0 and "db:imported" in out
    out_file = tmp_path / "out.jsonl"
    code, out, _ = run("export", "db:imported", "-o", out_file)
    assert code == 0
    assert out_file.read_bytes() == game_file.read_bytes()
    code, _, err = run("import", game_file, "--id", "imported")  # the id is taken
    one_line_error(code, err)
    code, out, _ = run("export", game_file, "--db")
    assert code == 0 and "imported" in out


def test_repair_cuts_a_torn_line(run, game_file):
    good = game_file.read_bytes()
    game_file.write_bytes(good + b'[{"seq": 1')
    code, out, err = run("audit", game_file)
    assert code == 1 and "line" in out
    code, out, _ = run("repair", game_file)
    assert code == 0 and "removed" in out and game_file.read_bytes() == good
    code, out, _ = run("repair", game_file)
    assert "nothing to repair" in out


def test_play_takes_numbered_actions_and_quits_saving_everything(run, human_game):
    code, out, _ = run("play", human_game, stdin="1\nh\nu\nq\n")
    assert code == 0 and "saved" in out
    assert "card_picked" in out
    assert any("undone" in line for line in out.splitlines())
    assert Session.load(human_game).position >= 1


def test_legal_in_a_simultaneous_step_lists_one_players_secret_options(run, tmp_path):
    path = tmp_path / "hot.jsonl"
    run("new", "toy-pig", "--players", "2", "--seed", "2", "-o", path)  # both pick a card at once
    code, out, _ = run("legal", path)
    assert code == 0 and "P2 card_picked" not in out and "also to act: P2" in out
    code, out, _ = run("legal", path, "--as", "2")
    assert "P2 card_picked" in out and "P1 card_picked" not in out


def test_list_shows_each_game_s_status_and_survives_a_damaged_one(run, tmp_path, toy):
    code, _, _ = run("new", "toy-pig", "--players", "2", "--seed", "1", "--id", "playing")
    done = finished_game(toy, tmp_path / "done.jsonl", seed=2)
    run("import", done, "--id", "done")
    import sqlite3
    conn = sqlite3.connect(os.environ["BOARDCORE_DB"])   # a row damaged behind boardcore's back,
    conn.execute("DELETE FROM boardcore_games WHERE stream_id='playing'")   # and its summary lost
    conn.execute("UPDATE stored_events SET state=x'00' WHERE originator_id='playing' AND originator_version=0")
    conn.commit()
    code, out, err = run("list")
    assert code == 0, err
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "game over" in lines["db:done"] and "P" in lines["db:done"]
    assert "unreadable" in lines["db:playing"]


def test_head_prints_a_receipt_that_audit_checks(run, human_game):
    code, out, _ = run("act", human_game, "1")
    assert code == 0 and "receipt" in out
    code, receipt, _ = run("head", human_game)
    assert code == 0
    code, out, _ = run("audit", human_game, "--head", receipt.strip())
    assert code == 0 and "ok   head" in out
    code, out, _ = run("head", human_game, "--json")
    assert json.loads(out)["receipt"] == receipt.strip()


def test_export_as_a_player_hides_what_they_cannot_see(run, tmp_path, toy):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=5, store=JsonlFile(path))
    hidden = set(s.state.hands[1])                   # P2's cards, which P1 has not seen
    code, out, _ = run("export", path, "--as", "1", "-o", tmp_path / "p1.jsonl")
    assert code == 0
    lines = [msgspec.json.decode(line) for line in (tmp_path / "p1.jsonl").read_bytes().splitlines()]
    assert lines[0]["format"] == "boardcore-redacted" and lines[0]["as_player"] == 1
    assert lines[-1]["view"] == msgspec.to_builtins(s.view(1))
    dealt = [line["event"] for line in lines[1:-1] if line["event"]["type"] == "hand_dealt"]
    p2 = next(e for e in dealt if e["player"] == 2)
    assert not hidden & set(p2["cards"]) and "hash" not in (tmp_path / "p1.jsonl").read_text()


def test_each_command_is_loaded_from_the_module_the_map_names():
    """`boardcore CMD` imports only CMD's module: the map must name it rightly, for every command."""
    import importlib

    from boardcore.cli import COMMANDS, common

    for module in set(COMMANDS.values()):
        importlib.import_module(f"boardcore.cli.{module}")
    registered = {(c.name or c.callback.__name__): c.callback.__module__.rsplit(".", 1)[1]
                  for c in common.app.registered_commands}
    assert registered == COMMANDS


def test_simulate_draws_its_results_as_a_page(run, tmp_path):
    out = tmp_path / "sim.html"
    code, said, err = run("simulate", "toy-pig", "--games", "12", "--seat", "1=greedy", "--html", out, "-w", "1")
    assert code == 0, err
    assert said.splitlines()[-1].startswith(f"wrote {out} (")                # it says where the page went
    text = out.read_text()
    assert "<svg" in text and "greedy" in text and "http://" not in text.replace("http://www.w3.org", "")
    code, _, err = run("simulate", "toy-pig", "--games", "12", "--html", out, "-w", "1")
    one_line_error(code, err)                                      # an existing page is not replaced


def test_a_game_played_on_replacement_data_is_opened_by_every_command_given_that_data(run, tmp_path):
    """`new --data DIR` made a game that no later command could open: each said to pass --data, and none
    took it. Every command that opens a saved game takes `--data`, and the hints printed name it."""
    from solar_sphere.components import DATA_DIR

    data = tmp_path / "data"
    data.mkdir()
    (data / "command.toml").write_text((DATA_DIR / "command.toml").read_text().replace("[[2, 4, 7]", "[[3, 4, 7]"))
    path = tmp_path / "g.jsonl"
    code, out, _ = run("new", "solar-sphere", "-p", "2", "--seed", "3", "--seat", "1=random", "-o", path,
                       "--data", data)
    assert code == 0 and out.splitlines()[-1] == f"play it: boardcore play {path} --data {data}"
    code, _, err = run("legal", path)
    one_line_error(code, err)
    assert "--data" in err
    from boardcore.analysis import replay

    def runs(*command):
        code, out, err = run(command[0], path, *command[1:], "--data", data)
        assert code == 0, (command, out, err)
        return out

    for command in (["legal"], ["act", "1"], ["undo"], ["redo"], ["show"], ["replay"], ["head"], ["audit"]):
        runs(*command)
    at = str(next(line.position for line in replay.lines(Session.load(path, data=data)) if line.decision))
    for command in (["whatif", "--at", at, "--all", "--rollouts", "2", "--workers", "1"],
                    ["view", "-o", tmp_path / "g.html"], ["export", "-o", tmp_path / "copy.jsonl"],
                    ["import", "--id", "data-copy"], ["branch", "--at", at, "-o", tmp_path / "b.jsonl"]):
        runs(*command)
    out = runs("repair")
    assert out.startswith("nothing to repair")
    code, out, _ = run("audit", tmp_path / "copy.jsonl", tmp_path / "b.jsonl", "--data", data, "--workers", "2")
    assert code == 0 and "2 passed" in out


def test_reading_commands_create_no_database(run, tmp_path, monkeypatch):
    """`list` in a fresh home made the database file and its folder; looking makes nothing now."""
    db = tmp_path / "home" / "boardcore" / "games.sqlite"
    monkeypatch.setenv("BOARDCORE_DB", str(db))
    for args, code in ((["list"], 0), (["list", "--json"], 0), (["show", "db:nope"], 2), (["head", "db:nope"], 2),
                       (["audit", "db:all"], 2), (["export", "db:nope", "-o", tmp_path / "x.jsonl"], 2)):
        got, out, err = run(*args)
        assert got == code and "Traceback" not in err, (args, out, err)
    assert not (tmp_path / "home").exists()
    assert run("new", "toy-pig", "--players", "2", "--seed", "1")[0] == 0 and db.exists()   # a writer makes it


def test_simulate_says_when_its_runs_are_capped(run):
    """A turn cap is a simulation's, never a rule: the output says so, and how many runs it cut."""
    code, out, _ = run("simulate", "apogee", "-n", "2", "-O", "max_turns=3", "--workers", "1")
    assert code == 0 and "capped at turn 3 (a limit of this run, not a rule): 2 stopped there, no result" in out

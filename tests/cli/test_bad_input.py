"""Bad input never shows a traceback: every command, given bad arguments or bad files, prints one
line starting `error:` on stderr and exits 2 (issue: the record keeps its promises, item 7)."""

from __future__ import annotations

import os
import subprocess
import sys

import msgspec
import pytest

from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.stream.records import GENESIS, chain
from tests_support import cut_at_a_line_end, finished_game, format_1, one_line_error



@pytest.fixture
def files(tmp_path, toy):
    done = finished_game(toy, tmp_path / "done.jsonl", seed=7)
    playing = tmp_path / "playing.jsonl"
    Session.new(toy, players=2, seed=3, store=JsonlFile(playing))
    notes = tmp_path / "notes.txt"
    notes.write_text("keep\nlast")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    wrong = tmp_path / "wrong.jsonl"   # a hash-valid file whose record 0 has a field of the wrong type
    created = done.read_bytes().split(b"\n")[1]
    event = msgspec.json.decode(created)[0]["event"]
    event["config"]["players"] = "many"
    from boardcore.game.events import GameCreated
    JsonlFile(wrong).create(JsonlFile.STREAM, chain(GENESIS, 0, [msgspec.convert(event, GameCreated)]), None)
    newer = tmp_path / "newer.jsonl"  # recorded under rules this boardcore does not have
    records = JsonlFile(done).read()
    events = [msgspec.structs.replace(records[0].event, rules_version="9.9")] + [r.event for r in records[1:]]
    JsonlFile(newer).create(JsonlFile.STREAM, chain(GENESIS, 0, events), None)
    unfinished = tmp_path / "unfinished.jsonl"   # format 1, its last write cut at a line's end
    cut_game = finished_game(toy, seed=4).records()
    _, cut = cut_at_a_line_end(cut_game)
    unfinished.write_bytes(format_1(cut_game[:cut], cut_game[0].event))
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"done": done, "playing": playing, "notes": notes, "empty": empty, "wrong": wrong, "newer": newer,
            "unfinished": unfinished, "folder": folder, "missing": tmp_path / "missing.jsonl", "tmp": tmp_path}


FILE_COMMANDS = [["show"], ["legal"], ["act", "1"], ["undo"], ["redo"], ["branch", "--at", "2", "-o", "{tmp}/b.jsonl"],
                 ["replay"], ["audit"], ["head"], ["whatif", "--at", "5", "--all"], ["export", "-o", "{tmp}/x.jsonl"],
                 ["import"], ["play"], ["repair"]]
BAD_FILES = ["notes", "empty", "folder", "missing", "wrong", "newer", "unfinished"]


@pytest.mark.parametrize("bad", BAD_FILES)
@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: c[0])
def test_every_command_refuses_a_bad_file_in_one_line(run, files, command, bad):
    name, *rest = command
    args = [name, files[bad], *(a.format(tmp=files["tmp"]) for a in rest)]
    code, out, err = run(*args)
    if name == "audit" and bad in ("notes", "empty", "wrong", "newer", "unfinished"):
        assert code == 1 and "audit FAILED" in out and "Traceback" not in err   # a report, not an error
        return
    if name == "repair" and bad in ("wrong", "newer"):
        assert code == 0 and "nothing to repair" in out   # whole, if nonsense: repair mends torn tails only
        return
    if name == "repair" and bad == "unfinished":
        assert code == 0 and "removed the unfinished decision from line" in out, out + err
        return
    one_line_error(code, err)


CASES = [
    # options that clash, absurd numbers, unknown names
    ["new", "toy-pig", "-O", "players=3", "--players", "2"],
    ["new", "toy-pig", "-O", "rounds=2", "-O", "rounds=3"],
    ["new", "toy-pig", "--players", "0"],
    ["new", "toy-pig", "--players", "1000"],
    ["new", "toy-pig", "-O", "rounds=abc"],
    ["new", "toy-pig", "-O", "colour=red"],
    ["new", "toy-pig", "-O", "novalue"],
    ["new", "toy-pig", "--seat", "9=greedy"],
    ["new", "toy-pig", "--seat", "1=genius"],
    ["new", "no-such-game"],
    ["new", "toy-pig", "-o", "{done}"],
    ["new", "toy-pig", "--bogus"],
    ["check", "no-such-game"],
    ["check", "toy-pig", "--games", "0"],
    ["check", "toy-pig", "--players", "99"],
    ["simulate", "toy-pig", "--games", "0"],
    ["simulate", "toy-pig", "--games", "2", "--seat", "3=random"],
    ["simulate", "toy-pig", "--games", "2", "--seat", "1=genius"],
    # positions out of range, players that do not exist
    ["show", "{done}", "--at", "-5"],
    ["show", "{done}", "--at", "99999"],
    ["show", "{done}", "--as", "9"],
    ["replay", "{done}", "--to", "-1"],
    ["replay", "{done}", "--to", "99999"],
    ["legal", "{playing}", "--as", "0"],
    ["act", "{playing}", "999"],
    ["act", "{playing}", "fly away"],
    ["act", "{playing}", "P9 card_picked card=1"],
    ["act", "{done}", "1"],
    ["undo", "{playing}", "-n", "0"],
    ["undo", "{playing}", "-n", "9999"],
    ["undo", "{done}", "-n", "9" * 30],
    ["undo", "{playing}", "--as", "9" * 30],
    ["simulate", "toy-pig", "--games", "9" * 30],
    ["tournament", "toy-pig", "-a", "random", "-a", "random", "--games", "9" * 30],
    ["redo", "{playing}"],
    ["branch", "{done}", "--at", "0", "-o", "{tmp}/b1.jsonl"],
    ["branch", "{done}", "--at", "99999", "-o", "{tmp}/b2.jsonl"],
    ["branch", "{done}", "--at", "2", "-o", "{done}"],
    ["whatif", "{done}", "--at", "0", "--all"],
    ["whatif", "{done}", "--at", "99999", "--all"],
    ["whatif", "{done}", "--at", "5"],
    ["whatif", "{done}", "--at", "5", "--all", "--rollouts", "0"],
    ["whatif", "{done}", "--at", "5", "--all", "--policy", "genius"],
    ["whatif", "{done}", "--at", "5", "--all", "--to", "soon"],
    ["whatif", "{done}", "--at", "5", "--all", "--to", "0"],
    ["audit", "{done}", "--head", "garbage"],
    ["audit", "db:all"],                          # the test's own database holds no games: as for an empty folder
    ["export", "{done}"],
    ["export", "{done}", "-o", "{done}"],
    ["export", "{done}", "--as", "9", "-o", "{tmp}/red.jsonl"],
    ["export", "{done}", "--as", "1"],
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: " ".join(c)[:60])
def test_bad_arguments_get_one_line_and_exit_2(run, files, case):
    args = [a.format(**{k: str(v) for k, v in files.items()}) for a in case]
    code, out, err = run(*args)
    one_line_error(code, err)


OPTIONS = [
    (["apogee", "-O", "tiebreak=maybe"], "tiebreak=maybe: it takes yes or no"),
    (["apogee", "-O", "max_turns=-5"], "max_turns=-5: it takes a whole number from 0 to 10000 (0: no cap)"),
    (["apogee", "-O", "max_turns=" + "9" * 30], f"max_turns={'9' * 30}: it takes a whole number from 0 to 10000"),
    (["warlords", "-O", "max_turns=-1"], "max_turns=-1: it takes a whole number from 0 to 10000"),
    (["warlords", "--level", "easy"], "level=easy: it takes one of hard, standard"),
    (["warlords", "--mission", "x"], "mission=x: it takes one of per_mercenary, per_planet"),
    (["solar-sphere", "--level", "9"], "level=9: it takes a whole number from 1 to 3"),
    (["toy-pig", "-O", "rounds=abc"], "rounds=abc: it takes a whole number"),
]


@pytest.mark.parametrize("args,says", OPTIONS, ids=lambda c: " ".join(c) if isinstance(c, list) else "")
def test_every_option_value_is_checked_and_the_refusal_names_what_it_accepts(run, files, args, says):
    """An option no game could play with is never recorded (tiebreak=maybe was recorded as no, a
    negative or 30-digit max_turns as given): one line names the option and what it takes."""
    code, _, err = run("new", *args, "-o", files["tmp"] / "o.jsonl")
    one_line_error(code, err)
    assert says in err and not (files["tmp"] / "o.jsonl").exists(), err


def test_importing_the_same_file_twice_is_refused_cleanly(run, files):
    code, out, _ = run("import", files["done"], "--id", "twice")
    assert code == 0
    code, _, err = run("import", files["done"], "--id", "twice")
    one_line_error(code, err)


def test_a_fifo_as_file_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for command in (["show"], ["audit"], ["repair"], ["import"]):
        proc = subprocess.run([sys.executable, "-m", "boardcore.cli", *command, str(fifo)], capture_output=True,
                              text=True, timeout=20)
        assert proc.returncode == 2 and proc.stderr.startswith("error:") and "Traceback" not in proc.stderr


def test_an_unreachable_postgresql_fails_fast_in_one_line(tmp_path):
    import socket

    with socket.socket() as s:     # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "BOARDCORE_STORE": "postgres", "POSTGRES_HOST": "127.0.0.1", "POSTGRES_PORT": str(port),
           "POSTGRES_DBNAME": "x", "POSTGRES_USER": "x", "POSTGRES_PASSWORD": "x"}
    proc = subprocess.run([sys.executable, "-m", "boardcore.cli", "list"], capture_output=True, text=True,
                          timeout=30, env=env)
    assert proc.returncode == 2 and proc.stderr.startswith("error: cannot open the game database")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_an_unexpected_error_is_one_line_with_its_own_exit_code(run, files, monkeypatch):
    from boardcore.session import session

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(session.Session, "load", broken)
    code, out, err = run("show", files["done"])
    assert code == 3 and err.startswith("internal error in `boardcore show`") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_says_what_became_of_the_work_and_leaves_no_worker_behind(workers):
    """Typer turns Ctrl-C into a silent exit 130: the command says so in one line, and its workers go."""
    import os
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "boardcore.cli", "simulate", "apogee", "-n", "1000000",
                             "--workers", workers], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(4)                                     # imported, the workers started, games under way
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("interrupted: every decision already saved is kept"), err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)                    # anyone left of the command's process group?
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        pytest.fail("a worker outlived the interrupted command")

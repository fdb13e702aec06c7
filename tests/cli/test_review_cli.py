"""`boardcore review`: the table and the sparklines within 80 columns, the JSON it prints, the viewer page
it writes, one line for bad input, and the review so far kept on Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_bad_input import BAD_FILES, files  # noqa: F401  (the fixture, shared)
from tests_support import one_line_error

ROOT = Path(__file__).resolve().parents[2]
WARLORDS_2P = ROOT / "replays" / "warlords" / "2p.jsonl"
ROW = re.compile(r"^ *(\d?) +(\d+) +P(\d) +(.*?) +(\d+)% +(\d+)% +([+-]?\d+\.\d)$")


def test_the_review_fits_80_columns_with_a_row_per_decision_and_a_sparkline_per_seat(run):
    code, out, err = run("review", WARLORDS_2P, "--top", "2", "--budget", "40", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80 and all(line == line.rstrip() for line in lines)
    rows = [m for m in map(ROW.match, lines) if m]
    assert len(rows) == 141                                          # every decision, in order
    positions = [int(m.group(2)) for m in rows]
    assert positions == sorted(positions) and positions[0] == 19
    assert sorted(m.group(1) for m in rows if m.group(1)) == ["1", "2"]   # the questioned, numbered
    spark = [line for line in lines if re.match(r"^P[12]  [▁▂▃▄▅▆▇█]+$", line)]
    assert len(spark) == 2 and all(len(line) <= 80 for line in spark)
    assert spark[0][-1] == "█" and spark[1][-1] == "▁"               # P1 won this game
    assert re.search(r"^1\. position \d+, P\d: .+?\(chances\s\d+%\s→\s\d+%\)", out, re.M | re.S)
    assert "40 playouts per questioned decision; 1 worker" in out


def test_a_game_s_words_are_printed_as_they_are(capsys):
    """Brackets in a decision's words are the game's text, not console markup (rich would read "[/b]" as a
    closing tag and refuse it)."""
    from boardcore.cli.review import show
    from boardcore.analysis.review import Review, Step

    step = Step(2, 1, "P1 bid amount=3", "Bid 3 [/b] on [red] lot", False, [0.5, 0.5], [0.4, 0.6], 0.1)
    show(Review("toy-pig", 2, None, "everything", [0.5, 0.5], [0.4, 0.6], [step], [], 1, 0, "none", "0", 1, 0.0))
    out = capsys.readouterr().out
    assert "Bid 3 [/b] on [red] lot" in out and "(2 players, 1 decision)" in out and "-10.0" in out


def test_json_carries_every_decision_and_each_questioned_what_if(run):
    code, out, err = run("review", WARLORDS_2P, "--top", "1", "--budget", "40", "--workers", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert {"game", "players", "reader", "information", "start", "end", "decisions", "questioned", "questionable",
            "top", "budget", "seed", "workers", "seconds", "complete"} <= set(report)
    assert report["game"] == "warlords" and report["complete"] is True and len(report["decisions"]) == 141
    step = report["decisions"][0]
    assert set(step) == {"position", "player", "action", "words", "hidden", "before", "after", "cost"}
    assert len(step["before"]) == len(step["after"]) == 2 and abs(sum(step["after"]) - 1) < 1e-9
    (q,) = report["questioned"]
    assert set(q) == {"position", "player", "words", "cost", "whatif"}
    assert q["whatif"]["position"] == q["position"] and q["whatif"]["best"] and q["whatif"]["verdict"]


def test_html_writes_the_viewer_with_the_win_probability_chart(run, tmp_path):
    out = tmp_path / "review.html"
    code, _, err = run("review", WARLORDS_2P, "--top", "1", "--budget", "40", "--workers", "1", "--html", out)
    assert code == 0, err
    page = out.read_text()
    assert 'class="chart line chances"' in page and page.count('<a class="costly" href="#pos=') == 1
    code, _, err = run("review", WARLORDS_2P, "--top", "0", "--html", out)
    one_line_error(code, err)
    assert "exists" in err


@pytest.mark.parametrize("args, says", [
    (["--as", "3"], "this game has players 1-2"),
    (["--budget", "1"], "--budget"),
    (["--budget", "10", "--seconds", "2"], "not both"),
    (["--top", "-1"], "--top"),
])
def test_bad_arguments_get_one_line(run, args, says):
    code, _, err = run("review", WARLORDS_2P, *args)
    one_line_error(code, err)
    assert says in err, err


@pytest.mark.parametrize("bad", BAD_FILES)
def test_a_bad_file_gets_one_line(run, files, bad):  # noqa: F811
    code, _, err = run("review", files[bad])
    one_line_error(code, err)


def _group_alive(pgid: int) -> set[int]:
    """The processes of process group `pgid` still running (zombies aside)."""
    alive = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.add(int(entry))
    return alive


def test_ctrl_c_prints_the_review_so_far_and_exits_130():
    """A real SIGINT once the what-ifs' workers are running: the decisions read are printed, the
    command says so in one line and exits 130, and no worker outlives it."""
    proc = subprocess.Popen([sys.executable, "-m", "boardcore.cli", "review", str(WARLORDS_2P), "--budget", "1000000",
                             "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    # the command, its resource tracker, the fork server and both workers: the what-ifs are under way (an
    # interrupt while the workers are still being forked is another matter, left to boardcore.agents.execute)
    while len(_group_alive(proc.pid)) < 5 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("interrupted: the review so far is printed above (141 decisions "
                                                   "read, 0 questioned)"), err
    assert len([line for line in out.splitlines() if ROW.match(line)]) == 141
    deadline = time.monotonic() + 10
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _group_alive(proc.pid), "a worker outlived the interrupted command"


def test_as_a_player_questions_that_player_s_decisions_only(run):
    code, out, err = run("review", WARLORDS_2P, "--as", "2", "--top", "1", "--budget", "40", "--workers", "1",
                         "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["reader"] == 2 and report["information"].startswith("from P2's view")
    assert [q["player"] for q in report["questioned"]] == [2]
    assert report["questionable"] == sum(d["player"] == 2 for d in report["decisions"]) < len(report["decisions"])


def test_the_readme_s_review_runs_as_printed(run, monkeypatch):
    """The command the README's "Reviewing a game" shows, with a budget cut to keep this fast: it prints
    the heading and the table's columns the README shows (the figures come from the command it names)."""
    import shlex

    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Reviewing a game"):]
    section = section[:section.index("\n## ")]
    command = re.search(r"\(`(boardcore review [^`]+)`\)", section).group(1)
    shown = re.search(r"```\n(.*?)```", section, re.S).group(1).splitlines()
    monkeypatch.chdir(ROOT)
    code, out, err = run(*shlex.split(command)[1:], "--budget", "8", "--workers", "1")
    assert code == 0, err
    printed = out.splitlines()
    assert printed[:5] == shown[:5]
    assert len([line for line in printed if ROW.match(line)]) == int(re.search(r"(\d+) decisions", shown[0]).group(1))


def test_a_game_played_on_replacement_data_is_reviewed_given_that_data(run, tmp_path):
    from solar_sphere.components import DATA_DIR

    data = tmp_path / "data"
    data.mkdir()
    (data / "command.toml").write_text((DATA_DIR / "command.toml").read_text().replace("[[2, 4, 7]", "[[3, 4, 7]"))
    path = tmp_path / "g.jsonl"
    code, _, err = run("new", "solar-sphere", "-p", "2", "--seed", "3", "--seat", "1=random", "--seat", "2=random",
                       "-o", path, "--data", data)
    assert code == 0, err
    code, _, err = run("review", path, "--top", "0")
    one_line_error(code, err)
    assert "--data" in err
    code, out, err = run("review", path, "--top", "0", "--data", data)
    assert code == 0 and out.startswith("Review of solar-sphere"), err

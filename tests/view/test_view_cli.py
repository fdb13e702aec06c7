"""`boardcore view`, run in-process through the real entry point: where it writes, what it refuses."""

from __future__ import annotations


import msgspec
import pytest

from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from view_helpers import PICTURED, ROOT, bot_game, card, viewer_data
from tests_support import one_line_error


@pytest.fixture
def playing(tmp_path):
    path = tmp_path / "playing.jsonl"
    bot_game(PICTURED, path=path, players=2, seed=3, decisions=6)
    return path


def test_view_writes_the_page_beside_the_game(run, playing):
    code, out, err = run("view", playing)
    assert code == 0, err
    written = playing.with_name("playing.html")
    assert f"wrote {written}" in out and "a spectator's view" in out
    text = written.read_text()
    assert text.startswith("<!DOCTYPE html>") and viewer_data(text)["total"] == Session.load(playing).position


def test_view_as_a_player_at_a_position(run, playing, tmp_path):
    session = Session.load(playing)
    at = session.boundaries()[2]
    code, out, err = run("view", playing, "--as", "2", "--at", at)
    assert code == 0, err
    text = playing.with_name("playing-P2.html").read_text()
    assert viewer_data(text)["start"] == 2 and "P2's view" in out
    hidden = [card(c) for c in session.state.hands[0]]                  # P1's hand, which P2 never saw
    assert hidden and not [name for name in hidden if name in text]


def test_view_reads_a_game_in_the_database(run, tmp_path, monkeypatch):
    code, _, err = run("import", ROOT / "replays/solar_sphere/2p.jsonl", "--id", "ss-two")
    assert code == 0, err
    monkeypatch.chdir(tmp_path)
    code, out, err = run("view", "db:ss-two")
    assert code == 0, err
    assert (tmp_path / "ss-two.html").exists() and "everything (the game is over" in out


def test_view_never_writes_over_a_file_unless_asked(run, playing, tmp_path):
    out = tmp_path / "page.html"
    out.write_text("keep")
    code, _, err = run("view", playing, "-o", out)
    one_line_error(code, err)
    assert out.read_text() == "keep" and "--overwrite" in err
    code, _, err = run("view", playing, "-o", out, "--overwrite")
    assert code == 0, err
    assert out.read_text().startswith("<!DOCTYPE html>")
    before = playing.read_bytes()
    code, _, err = run("view", playing, "-o", playing, "--overwrite")
    one_line_error(code, err)
    assert playing.read_bytes() == before and "the saved game itself" in err
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temporary left


@pytest.mark.parametrize("args", [["--as", "3"], ["--as", "0"], ["--at", "0"], ["--at", "99999"],
                                  ["-o", "{tmp}/no/such/folder/x.html"], ["-o", "{tmp}"]],
                         ids=lambda a: " ".join(a).replace("{tmp}", "TMP"))
def test_bad_arguments_get_one_line(run, playing, tmp_path, args):
    code, _, err = run("view", playing, *(a.format(tmp=tmp_path) for a in args))
    one_line_error(code, err)


@pytest.mark.parametrize("bad", ["notes", "empty", "folder", "missing", "wrong"])
def test_bad_files_get_one_line(run, tmp_path, bad):
    done = bot_game(PICTURED, path=tmp_path / "done.jsonl", players=2, seed=7)
    files = {"notes": tmp_path / "notes.txt", "empty": tmp_path / "empty.jsonl", "folder": tmp_path / "folder",
             "missing": tmp_path / "missing.jsonl", "wrong": tmp_path / "wrong.jsonl"}
    files["notes"].write_text("keep\nlast")
    files["empty"].write_bytes(b"")
    files["folder"].mkdir()
    record = msgspec.json.decode((tmp_path / "done.jsonl").read_bytes().split(b"\n")[1])[0]["event"]
    record["config"]["players"] = "many"
    from boardcore.game.events import GameCreated
    from boardcore.stream.records import GENESIS, chain
    JsonlFile(files["wrong"]).create(JsonlFile.STREAM, chain(GENESIS, 0, [msgspec.convert(record, GameCreated)]),
                                     None)
    assert done.outcome is not None
    code, _, err = run("view", files[bad], "-o", tmp_path / "out.html")
    one_line_error(code, err)
    assert not (tmp_path / "out.html").exists()

"""Component data: a game's own tables are parsed from TOML once and kept beside it (as Python keeps
compiled modules), under the hash of the files they came from; what is read is the same either way."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import msgspec
import pytest

from boardcore.game.data import load

SRC = Path(__file__).resolve().parents[2] / "src"
GAMES = {"solar_sphere": "solar_sphere.components", "apogee": "apogee.components",
         "warlords": "warlords.components"}


def schema(game: str) -> type:
    from importlib import import_module

    return import_module(GAMES[game]).Data


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A copy of Solar Sphere's own data folder, written to as the game's would be."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    copy = tmp_path / "data"
    shutil.copytree(SRC / "solar_sphere" / "data", copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def kept(folder: Path) -> list[Path]:
    return sorted((folder / "__pycache__").glob("tables-*.msgpack"))


def no_toml(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("the TOML was parsed again")

    monkeypatch.setattr(msgspec.toml, "decode", refuse)


def test_the_parsed_tables_are_kept_and_read_back(folder, monkeypatch):
    first = load(schema("solar_sphere"), folder)
    assert [p.name for p in kept(folder)] == [f"tables-{first.sha256}.msgpack"]
    no_toml(monkeypatch)
    again = load(schema("solar_sphere"), folder)
    assert again == first


def test_changed_files_are_parsed_afresh(folder):
    first = load(schema("solar_sphere"), folder)
    scoring = folder / "scoring.toml"
    scoring.write_text(scoring.read_text() + "\n# a comment changes the bytes, not the tables\n")
    second = load(schema("solar_sphere"), folder)
    assert second.sha256 != first.sha256 and second.data == first.data
    assert [p.name for p in kept(folder)] == [f"tables-{second.sha256}.msgpack"]   # the old version's went


def test_damaged_tables_are_parsed_again_and_rewritten(folder):
    first = load(schema("solar_sphere"), folder)
    [path] = kept(folder)
    path.write_bytes(b"\x92\x01")                      # a msgpack array, not the tables
    assert load(schema("solar_sphere"), folder) == first
    path.write_bytes(b"\xc1 not msgpack")
    assert load(schema("solar_sphere"), folder) == first
    assert msgspec.msgpack.decode(path.read_bytes()).keys() == {p.stem for p in folder.glob("*.toml")}


def test_nothing_is_kept_for_data_given_by_a_user_nor_when_python_writes_no_bytecode(folder, tmp_path,
                                                                                      monkeypatch):
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(folder / "scoring.toml", mine / "scoring.toml")
    custom = load(schema("solar_sphere"), folder, mine)
    assert custom.data_id.startswith("custom-") and not kept(folder) and not (mine / "__pycache__").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    load(schema("solar_sphere"), folder)
    assert not kept(folder)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_tables_read_back_as_parsed(game, tmp_path, monkeypatch):
    """msgpack carries everything the games' TOML holds (tables, arrays, strings, numbers, booleans)
    exactly: the data read from kept tables equals the data parsed."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    copy = tmp_path / game
    shutil.copytree(SRC / game / "data", copy, ignore=shutil.ignore_patterns("__pycache__"))
    parsed = load(schema(game), copy)
    no_toml(monkeypatch)
    assert load(schema(game), copy) == parsed

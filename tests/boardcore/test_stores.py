"""Stores: the same promises from memory, replay files, SQLite and PostgreSQL."""

from __future__ import annotations

import multiprocessing
import os
import uuid

import pytest

from boardcore.game.errors import CorruptStream, StreamConflict, StreamExists, StreamNotFound, TornWrite
from boardcore.session.session import Session
from boardcore.session.repair import repair
from boardcore.stream.store import JsonlFile, MemoryStore, copy_stream
from boardcore.stream.store.database import DatabaseStore
from boardcore.stream.records import chain, verify
from conftest import postgres_env
from tests_support import finished_game, race_to_apply

REQUIRE_POSTGRES = os.environ.get("BOARDCORE_REQUIRE_POSTGRES") == "1"


def make_store(kind: str, tmp_path):
    if kind == "memory":
        return MemoryStore(), f"g-{uuid.uuid4().hex[:8]}"
    if kind == "jsonl":
        return JsonlFile(tmp_path / "g.jsonl"), JsonlFile.STREAM
    if kind == "sqlite":
        return DatabaseStore.sqlite(tmp_path / "db.sqlite"), f"g-{uuid.uuid4().hex[:8]}"
    env = postgres_env()
    if env is None:
        if REQUIRE_POSTGRES:
            pytest.fail("BOARDCORE_REQUIRE_POSTGRES=1 but the POSTGRES_* variables are not set")
        pytest.skip("no PostgreSQL server configured (POSTGRES_* variables)")
    return DatabaseStore({"PERSISTENCE_MODULE": "eventsourcing.postgres", **env}), f"g-{uuid.uuid4().hex[:8]}"


KINDS = ["memory", "jsonl", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    return make_store(request.param, tmp_path)


def test_a_game_round_trips_through_the_store(toy, store):
    store, stream_id = store
    s = Session.new(toy, players=3, rounds=2, seed=8, store=store, stream_id=stream_id)
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import run_bots
    run_bots(s, {p: RandomAgent(toy) for p in (1, 2, 3)}, seed=8)
    loaded = Session.load(stream_id, store=store)
    assert loaded.records() == s.records()
    assert loaded.state == s.state and loaded.outcome == s.outcome
    assert store.head(stream_id) == len(s.records())
    assert store.read(stream_id, 2, 5) == s.records()[2:5]
    assert stream_id in store.streams()
    assert store.seed(stream_id) == "8"


def test_a_stale_append_conflicts_and_writes_nothing(toy, store):
    store, stream_id = store
    s = Session.new(toy, players=2, seed=8, store=store, stream_id=stream_id)
    other = Session.load(stream_id, store=store)
    other.apply(other.legal_actions(1)[0])
    before = store.read(stream_id)
    with pytest.raises(StreamConflict):
        s.apply(s.legal_actions(2)[0])
    assert store.read(stream_id) == before
    verify(before)


def test_missing_stream_is_reported(store):
    store, stream_id = store
    with pytest.raises(StreamNotFound):
        store.read(stream_id)


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_export_import_is_lossless(toy, tmp_path, kind):
    db, stream_id = make_store(kind, tmp_path)
    path = finished_game(toy, tmp_path / "game.jsonl", seed=4)
    source = JsonlFile(path)
    copy_stream(source, JsonlFile.STREAM, db, stream_id)
    assert [r.hash for r in db.read(stream_id)] == [r.hash for r in source.read()]
    back = JsonlFile(tmp_path / "back.jsonl")
    copy_stream(db, stream_id, back, JsonlFile.STREAM)
    assert back.read() == source.read()
    assert (tmp_path / "back.jsonl").read_bytes() == path.read_bytes()


def test_two_processes_racing_on_sqlite_lose_nothing(toy, tmp_path):
    db_path = str(tmp_path / "race.sqlite")
    s = Session.new(toy, players=2, seed=5, store=DatabaseStore.sqlite(db_path), stream_id="race")
    head = len(s.records())
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=race_to_apply, args=(db_path, "race", barrier, results)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    outcomes = sorted(results.get(timeout=5) for _ in procs)
    assert outcomes == ["applied", "conflict"]
    records = DatabaseStore.sqlite(db_path).read("race")
    verify(records)
    assert len(records) == head + 1  # exactly one decision, none overwritten


# -- replay files: crashes, tampering, repair --------------------------------------------
def test_a_torn_last_line_is_reported_with_its_line_number(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=6)
    data = path.read_bytes()
    lines = data.count(b"\n")
    torn = b'[{"seq":99,"event":{"ty'
    path.write_bytes(data + torn)  # a crash mid-write
    with pytest.raises(TornWrite) as err:
        JsonlFile(path).read()
    assert err.value.line == lines + 1
    with pytest.raises(TornWrite):  # and nothing is appended after it
        Session.load(path, verify_chain=False)
    assert path.read_bytes().startswith(data)
    repaired = repair(path)
    assert repaired.line == lines + 1 and repaired.bytes_removed == len(torn)
    assert path.read_bytes() == data
    assert repair(path) is None


def test_appending_after_a_torn_line_is_refused(toy, tmp_path):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=6, store=JsonlFile(path))
    with open(path, "ab") as fh:
        fh.write(b'{"seq":')
    with pytest.raises(TornWrite):
        s.apply(s.legal_actions(1)[0])


def test_a_malformed_line_is_reported_with_line_and_reason(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=6)
    lines = path.read_bytes().split(b"\n")
    lines[4] = b'[{"seq":3,"event":{"type":"no_such_event"},"hash":"x"}]'
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(CorruptStream) as err:
        JsonlFile(path).read()
    assert err.value.line == 5 and "malformed" in err.value.reason and "no_such_event" in err.value.reason


def test_an_interrupted_write_never_corrupts_earlier_events(toy, tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=6, store=JsonlFile(path))
    before = path.read_bytes()
    real_write = os.write

    def crash_half_way(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", crash_half_way)
    with pytest.raises(KeyboardInterrupt):
        s.apply(s.legal_actions(1)[0])
    monkeypatch.setattr(os, "write", real_write)
    assert path.read_bytes().startswith(before)
    with pytest.raises(TornWrite):
        JsonlFile(path).read()
    repair(path)
    assert path.read_bytes() == before
    assert Session.load(path).records() == JsonlFile(path).read()


def test_save_never_replaces_another_game_and_updates_its_own_copy_whole(toy, tmp_path):
    path = tmp_path / "g.jsonl"
    a = Session.new(toy, players=2, seed=1)
    a.save(path)
    b = Session.new(toy, players=3, rounds=2, seed=2)
    with pytest.raises(StreamExists):
        b.save(path)
    with pytest.raises(StreamConflict):   # another game's file is never overwritten
        b.save(path, overwrite=True)
    a.apply(a.legal_actions(1)[0])
    a.save(path, overwrite=True)          # an older copy of the same game is brought up to date
    assert Session.load(path).records() == a.records()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "g.jsonl.seed"]


def test_records_must_run_on_from_the_head(toy):
    store = MemoryStore()
    recs = chain("0" * 64, 0, [Session.new(toy, players=2, seed=1).records()[0].event])
    with pytest.raises(StreamConflict):
        store.append("x", 1, recs)


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_list_shows_games_with_and_without_a_summary_row(toy, tmp_path, kind):
    """A game written through the library without a summary still lists, from its own records."""
    db, listed = make_store(kind, tmp_path)
    bare = f"bare-{uuid.uuid4().hex[:8]}"
    s = Session.new(toy, players=2, seed=3, store=db, stream_id=listed)
    s.apply(s.legal_actions(s.to_act[0])[0])
    records = s.records()
    db.create(bare, records, None)                # the library API, no summary given
    infos = {i.id: i for i in db.infos()}
    assert infos[listed].status == s.status and infos[listed].records == len(records)
    assert infos[bare].status == "?" and infos[bare].records == len(records)
    assert (infos[bare].game, infos[bare].players) == (toy.name, 2)


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_the_game_ids_are_each_game_once_whatever_they_sort_like(toy, tmp_path, kind):
    """`streams()` seeks from one id to the next in the index (it no longer reads every event): ids that
    are prefixes of one another, or sort before and after digits, each come back once, games of many
    records once too, and a database with no game gives none."""
    db, _ = make_store(kind, tmp_path)
    tag = uuid.uuid4().hex[:6]        # the PostgreSQL database is shared by the run: keep to our ids
    assert [i for i in db.streams() if tag in i] == []
    ids = [f"{tag}", f"{tag}-1", f"{tag}-10", f"{tag}-2", f"{tag}a", f"{tag}_"]
    for n, stream_id in enumerate(ids):
        s = Session.new(toy, players=2, seed=n, store=db, stream_id=stream_id)
        for _ in range(n):
            if s.outcome is None:
                s.apply(s.legal_actions(s.to_act[0])[0])
    assert sorted(i for i in db.streams() if tag in i) == sorted(ids)


def test_a_replay_files_header_is_read_once_but_never_stale(toy, tmp_path, monkeypatch):
    """After a read, the header comes from that parse while the file is unchanged (an audit read every file
    twice); once the file is another one at the same path, the header is that file's."""
    path = tmp_path / "g.jsonl"
    finished_game(toy, path, seed=1, players=2)
    store = JsonlFile(path)
    store.read()
    parses = []
    parse = JsonlFile._parse
    monkeypatch.setattr(JsonlFile, "_parse", lambda self, *a: parses.append(1) or parse(self, *a))
    assert store.header().config["players"] == 2 and not parses
    other = tmp_path / "other.jsonl"
    finished_game(toy, other, seed=2, players=3)
    os.replace(other, path)
    assert store.header().config["players"] == 3 and parses

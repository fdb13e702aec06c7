"""Several processes on one game (a replay file, SQLite, a real PostgreSQL): nothing acknowledged is
lost, no seed is overwritten, and many processes may open a fresh database at the same moment."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import uuid

import pytest

from boardcore.analysis.audit import audit
from boardcore.session.session import Session
from boardcore.stream.records import verify
from conftest import postgres_env

REQUIRE_POSTGRES = os.environ.get("BOARDCORE_REQUIRE_POSTGRES") == "1"

WRITER = textwrap.dedent("""
    import sys, time
    from boardcore.game.errors import StreamConflict
    from boardcore.session.session import Session
    from boardcore.game.rng import Rng
    target, me, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
    time.sleep(max(0.0, start - time.time()))
    made = 0
    while made < 12:
        s = Session.load(target)
        if s.outcome is not None:
            break
        legal = s.legal_actions(s.to_act[0])
        try:
            s.apply(legal[Rng.derive(me, s.position).randbelow(len(legal))])
        except StreamConflict:
            continue            # someone else moved first: read again and decide again
        print(s.head.hash, flush=True)
        made += 1
""")


def pg_env() -> dict[str, str]:
    env = postgres_env()
    if env is None:
        if REQUIRE_POSTGRES:
            pytest.fail("BOARDCORE_REQUIRE_POSTGRES=1 but the POSTGRES_* variables are not set")
        pytest.skip("no PostgreSQL server configured (POSTGRES_* variables)")
    return {**os.environ, **env, "BOARDCORE_STORE": "postgres"}


def environment(kind: str, tmp_path) -> dict[str, str]:
    if kind == "postgres":
        return pg_env()
    return {**os.environ, "BOARDCORE_DB": str(tmp_path / "games.sqlite")}


@pytest.mark.parametrize("kind", ["jsonl", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_four_writers_on_one_game_lose_nothing(tmp_path, kind, monkeypatch):
    env = environment(kind, tmp_path)
    for key in ("BOARDCORE_STORE", "BOARDCORE_DB", *[k for k in env if k.startswith("POSTGRES_")]):
        if key in env:
            monkeypatch.setenv(key, env[key])
    if kind == "jsonl":
        target = str(tmp_path / "shared.jsonl")
        Session.new("solar-sphere", players=2, seed=1, store=__import__("boardcore.stream.store", fromlist=["x"]).JsonlFile(target))
    else:
        from boardcore.stream.store import open_database
        target = f"db:shared-{uuid.uuid4().hex[:8]}"
        Session.new("solar-sphere", players=2, seed=1, store=open_database(), stream_id=target[3:])
    start = time.time() + 1.5
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, target, f"w{k}", str(start)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for k in range(4)]
    acked = []
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, err
        acked += out.split()
    records = Session.load(target).records()
    verify(records)
    hashes = {r.hash for r in records}
    assert len(acked) >= 12 and all(h in hashes for h in acked)
    assert audit(target).ok


@pytest.mark.postgres
def test_many_processes_open_a_fresh_postgresql_database_at_once(tmp_path):
    env = pg_env()
    import psycopg

    admin = psycopg.connect(host=env["POSTGRES_HOST"], port=env.get("POSTGRES_PORT", "5432"),
                            user=env["POSTGRES_USER"], password=env["POSTGRES_PASSWORD"],
                            dbname=env["POSTGRES_DBNAME"], autocommit=True)
    script = textwrap.dedent("""
        import sys, time
        time.sleep(max(0.0, float(sys.argv[1]) - time.time()))
        from boardcore.stream.store import open_database
        open_database().streams()
    """)
    try:
        for round_ in range(3):
            name = f"fresh_{uuid.uuid4().hex[:10]}"
            admin.execute(f"CREATE DATABASE {name}")
            start = time.time() + 2.0
            procs = [subprocess.Popen([sys.executable, "-c", script, str(start)],
                                      env={**env, "POSTGRES_DBNAME": name}, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for _ in range(4)]
            for p in procs:
                _, err = p.communicate(timeout=120)
                assert p.returncode == 0, f"round {round_}: {err}"
            admin.execute(f"DROP DATABASE {name}")
    finally:
        admin.close()


@pytest.mark.postgres
def test_two_new_games_with_one_id_on_postgresql(tmp_path):
    env = pg_env()
    game_id = f"same-{uuid.uuid4().hex[:8]}"
    procs = [subprocess.Popen([sys.executable, "-m", "boardcore.cli", "new", "solar-sphere", "--players", "2",
                               "--seed", str(k), "--id", game_id], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for k in range(4)]
    codes = sorted(p.wait(60) for p in procs)
    assert codes == [0, 2, 2, 2]
    os.environ.update({k: v for k, v in env.items() if k.startswith(("POSTGRES_", "BOARDCORE_STORE"))})
    try:
        assert Session.load(f"db:{game_id}").seed is not None
    finally:
        os.environ.pop("BOARDCORE_STORE", None)

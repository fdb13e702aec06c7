"""Streams in a database, through the `eventsourcing` library's recorders.

One stream per game id (`ORIGINATOR_ID_TYPE=text`), `originator_version` is the record's seq,
`topic` the event's tag and `state` the whole `Recorded` as msgspec MessagePack. Beside the
library's table boardcore keeps two of its own: `boardcore_seeds` (each game's secret seed) and
`boardcore_games` (one summary row per game, so `list` is one query).

Every write is one transaction holding the records, the summary and, for a new game, its seed:
a decision with its facts is in the database whole or not at all, and a game never exists
without its seed (nor a seed without its game). A duplicate (id, version) is the library's
`IntegrityError`, reported as `StreamConflict` (or `StreamExists` for a new game), with nothing
written.

Reads go through a plain SELECT on the recorder's own table and connection (the library's
`select_events` builds an object per row, about three times the cost) and are strict: every row
must decode and be byte-identical to the encoding of what it decodes to; a row that is not is
reported with its seq, never as a traceback.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from boardcore.game.errors import BoardcoreError, CorruptStream, StreamConflict, StreamExists, StreamNotFound
from boardcore.stream.store.base import StreamInfo, Summary, check_contiguous, codec_for, decode_created
from boardcore.stream.records import Codec, Recorded

_SCHEMA_LOCK = 0x626F617264  # "board": serialises schema creation across processes (PostgreSQL)


def default_sqlite_path() -> Path:
    env = os.environ.get("BOARDCORE_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardcore", appauthor=False)) / "games.sqlite"


def _private_sqlite(path: Path) -> None:
    """The database holds every game's secret seed: its file (and the journal files SQLite makes
    beside it) are the owner's alone. The folder is made private too when boardcore made it or
    it is boardcore's own data folder; a folder the user chose is left as it is."""
    folder = path.parent
    ours = path == default_sqlite_path() and "BOARDCORE_DB" not in os.environ
    if not folder.exists():
        folder.mkdir(parents=True, mode=0o700)
        ours = True
    if ours and stat.S_IMODE(folder.stat().st_mode) & 0o077:
        os.chmod(folder, 0o700)
    if path.exists() and not path.is_file():
        raise BoardcoreError(f"{path}: not a database file")
    if not path.exists():
        # Created here, empty and private, so SQLite's own files inherit the mode. Never open an
        # existing database file: closing any descriptor of it drops this process's SQLite locks.
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if stat.S_IMODE(file.stat().st_mode) & 0o077:
                os.chmod(file, 0o600)
        except FileNotFoundError:
            pass


class DatabaseStore:
    lists_games = True  # Session writes a `Summary` with each commit, for `list`

    def __init__(self, env: dict[str, str]) -> None:
        from eventsourcing.persistence import InfrastructureFactory, IntegrityError, StoredEvent

        self._integrity_error = IntegrityError
        self._stored_event = StoredEvent
        self.env = {"ORIGINATOR_ID_TYPE": "text", **env}
        self.is_sqlite = self.env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite"
        if not self.is_sqlite:
            self.env.setdefault("POSTGRES_CONNECT_TIMEOUT", "5")  # fail in seconds, not in 30
            self.env.setdefault("POSTGRES_POOL_SIZE", "2")
            self.env["CREATE_TABLE"] = "no"                       # made below, under a lock
        try:
            self.factory = InfrastructureFactory.construct(self.env)
            self.recorder = self.factory.application_recorder()
            self.describe = (self.env.get("SQLITE_DBNAME", "") if self.is_sqlite else
                             f"postgresql://{self.env.get('POSTGRES_HOST')}/{self.env.get('POSTGRES_DBNAME')}")
            self._prepare()
        except BoardcoreError:
            raise
        except Exception as exc:  # the library raises OSError, psycopg errors, …
            raise BoardcoreError(f"cannot open the game database: {_reason(exc)}") from None

    def _prepare(self) -> None:
        table = self.recorder.events_table_name
        prefix = "" if self.is_sqlite else f'"{self.recorder.datastore.schema}".'
        table = f'{prefix}"{table}"' if not self.is_sqlite else table
        mark = "?" if self.is_sqlite else "%s"
        self._mark = mark
        self._select = (f"SELECT originator_version, state FROM {table} WHERE originator_id={mark} "
                        f"AND originator_version>={mark} AND originator_version<{mark} "
                        "ORDER BY originator_version")
        self._head = f"SELECT MAX(originator_version) AS v FROM {table} WHERE originator_id={mark}"
        # The game ids, one index seek each (a loose index scan written as a recursive query): a
        # DISTINCT reads every event's index entry, 3.8M for 10,000 real games, where this reads 10,000.
        self._ids = (f"WITH RECURSIVE ids(id) AS (SELECT MIN(originator_id) FROM {table} UNION ALL "
                     f"SELECT (SELECT MIN(originator_id) FROM {table} WHERE originator_id > ids.id) "
                     "FROM ids WHERE ids.id IS NOT NULL) SELECT id FROM ids WHERE id IS NOT NULL")
        seeds, summaries = f"{prefix}boardcore_seeds", f"{prefix}boardcore_games"
        self._seed_insert = f"INSERT INTO {seeds} (stream_id, seed) VALUES ({mark}, {mark})"
        self._seed_select = f"SELECT seed FROM {seeds} WHERE stream_id={mark}"
        self._summary_upsert = (
            f"INSERT INTO {summaries} (stream_id, game, players, seats, records, last_change, status) "
            f"VALUES ({', '.join([mark] * 7)}) ON CONFLICT (stream_id) DO UPDATE SET "
            "records=excluded.records, last_change=excluded.last_change, status=excluded.status")
        self._summaries = (f"SELECT stream_id, game, players, seats, records, last_change, status "
                           f"FROM {summaries}")
        # Games without a summary row (written by the library API without one, or damaged): the ids
        # first, from the index, then the rows they lack, so the usual case (none) reads no event.
        self._unsummarised = (f"SELECT d.id FROM ({self._ids}) d "
                              f"WHERE NOT EXISTS (SELECT 1 FROM {summaries} g WHERE g.stream_id = d.id)")
        self._codecs: dict[str, Codec] = {}
        self._tuple_rows = None
        if not self.is_sqlite:
            from psycopg.rows import tuple_row

            self._tuple_rows = tuple_row
        self._encode = msgspec.msgpack.Encoder().encode
        own_tables = [
            f"CREATE TABLE IF NOT EXISTS {seeds} (stream_id TEXT PRIMARY KEY, seed TEXT NOT NULL)",
            f"CREATE TABLE IF NOT EXISTS {summaries} (stream_id TEXT PRIMARY KEY, game TEXT NOT NULL, "
            "players INTEGER NOT NULL, seats TEXT NOT NULL, records INTEGER NOT NULL, "
            "last_change BIGINT NOT NULL, status TEXT NOT NULL)",
        ]
        if self.is_sqlite:
            with self.recorder.datastore.transaction(commit=True) as cur:
                for sql in own_tables:
                    cur.execute(sql)
            return
        # Many processes may start at once: CREATE … IF NOT EXISTS is not safe against itself in
        # PostgreSQL ("tuple concurrently updated"), so schema creation is serialised by a lock.
        with self.recorder.datastore.get_connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (_SCHEMA_LOCK,))
            try:
                self.recorder.create_table()
                with self.recorder.datastore.transaction(commit=True) as cur:
                    for sql in own_tables:
                        cur.execute(sql)
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (_SCHEMA_LOCK,))

    @classmethod
    def from_environment(cls, *, create: bool = True) -> DatabaseStore | AbsentDatabase:
        """PostgreSQL when BOARDCORE_STORE=postgres (with the POSTGRES_* variables), else SQLite (see
        `sqlite` for `create`)."""
        kind = os.environ.get("BOARDCORE_STORE", "sqlite").lower()
        if kind in ("postgres", "postgresql"):
            missing = [k for k in ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD")
                       if k not in os.environ]
            if missing:
                raise BoardcoreError(f"BOARDCORE_STORE=postgres needs {', '.join(missing)} to be set")
            env = {k: v for k, v in os.environ.items() if k.startswith("POSTGRES_")}
            return cls({"PERSISTENCE_MODULE": "eventsourcing.postgres", **env})
        if kind != "sqlite":
            raise BoardcoreError(f"BOARDCORE_STORE must be sqlite or postgres, not {kind!r}")
        return cls.sqlite(default_sqlite_path(), create=create)

    @classmethod
    def sqlite(cls, path: str | os.PathLike, *, create: bool = True) -> DatabaseStore | AbsentDatabase:
        """The SQLite database at `path`, made (private) if it is not there yet; with `create=False`, a
        database not there yet stays so, and an empty stand-in is returned (`AbsentDatabase`)."""
        path = Path(path)
        if not create and not path.exists():
            return AbsentDatabase(path)
        try:
            _private_sqlite(path)
        except OSError as exc:
            raise BoardcoreError(f"cannot open the game database {path}: {exc.strerror or exc}") from None
        return cls({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
                    "SQLITE_LOCK_TIMEOUT": "10"})

    def close(self) -> None:
        self.factory.close()

    def _query(self, sql: str, params: tuple) -> list[tuple]:
        """Rows as plain tuples (the library's connections hand out dict-like rows, slower to build).
        Every read is one SELECT, which SQLite runs on one consistent snapshot by itself (the library
        keeps its connections in autocommit mode), so it is not wrapped in BEGIN … ROLLBACK: two
        statements fewer on every read. PostgreSQL's reads go through the library's transaction."""
        if self.is_sqlite:
            with self.recorder.datastore.get_connection(commit=False) as conn, conn.cursor() as cur:
                cur.row_factory = None
                cur.execute(sql, params)
                return cur.fetchall()
        with self.recorder.datastore.transaction(commit=False) as cur:
            cur.row_factory = self._tuple_rows
            cur.execute(sql, params)
            return cur.fetchall()

    # -- writing: one transaction each -------------------------------------
    def _write(self, stream_id: str, records: Sequence[Recorded], summary: Summary | None,
               seed: str | None) -> None:
        stored = [self._stored_event(stream_id, rec.seq, rec.event.__struct_config__.tag, self._encode(rec))
                  for rec in records]
        with self.recorder.datastore.transaction(commit=True) as cur:
            if self.is_sqlite:
                self.recorder._insert_events(cur, stored)
            else:
                self.recorder._insert_stored_events(cur, stored)
            if seed is not None:
                cur.execute(self._seed_insert, (stream_id, seed))
            if summary is not None:
                cur.execute(self._summary_upsert, (stream_id, summary.game, summary.players,
                                                   ",".join(summary.seats), records[-1].seq + 1,
                                                   summary.last_change, summary.status))

    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None,
               summary: Summary | None = None) -> None:
        """A new game: its first records, its seed and its summary in one transaction."""
        check_contiguous(0, records)
        try:
            self._write(stream_id, records, summary, seed)
        except self._integrity_error:
            raise StreamExists(f"a game with id {stream_id!r} exists in {self.describe}; "
                               "choose another id (nothing was written)") from None

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded],
               summary: Summary | None = None) -> None:
        check_contiguous(expected_seq, records)
        if not records:
            return
        if expected_seq == 0:
            raise ValueError("a stream is started with create(), which keeps its seed with it, not append()")
        try:
            self._write(stream_id, records, summary, None)
        except self._integrity_error:
            raise StreamConflict(stream_id, expected_seq, self.head(stream_id)) from None

    # -- reading ------------------------------------------------------------
    def read(self, stream_id: str, start: int = 0, stop: int | None = None, *,
             strict: bool = False) -> list[Recorded]:
        """Rows decoded strictly (a row that does not decode is refused with its seq). `strict=True`
        (audit) also insists each row is byte for byte what boardcore writes, so no edit passes."""
        rows = self._query(self._select, (stream_id, start, 2**62 if stop is None else stop))
        if not rows and start == 0:
            raise StreamNotFound(f"no game {stream_id!r} in {self.describe}")
        return self._decode_rows(stream_id, rows, strict)

    def _decode_rows(self, stream_id: str, rows: list[tuple], strict: bool) -> list[Recorded]:
        codec = self._codec(stream_id)
        if not strict:
            # All rows in one call: their payloads, behind a MessagePack array header, are one array.
            payload = b"\xdd" + len(rows).to_bytes(4, "big") + b"".join(row[1] for row in rows)
            try:
                records = codec.msgpack_records.decode(payload)
            except (msgspec.DecodeError, msgspec.ValidationError):
                records = None  # find the row, below
            if records is not None and [r.seq for r in records] == [row[0] for row in rows]:
                return records
        decode, encode = codec.msgpack_record.decode, self._encode
        where = f"db:{stream_id}"
        out = []
        for version, payload in rows:
            try:
                rec = decode(payload)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise CorruptStream(f"unreadable row: {exc}", where=where, seq=version) from None
            if rec.seq != version or (strict and encode(rec) != payload):
                raise CorruptStream("the row is not as boardcore wrote it (edited?)", where=where, seq=version)
            out.append(rec)
        return out

    def head(self, stream_id: str) -> int:
        rows = self._query(self._head, (stream_id,))
        value = rows[0][0] if rows else None
        return 0 if value is None else value + 1

    def streams(self) -> list[str]:
        return [row[0] for row in self._query(self._ids, ())]

    def infos(self) -> list[StreamInfo]:
        """Every game's summary row (one query). Games without one (written before summaries existed,
        or through the library without a summary, or whose row was lost) are found by a second query
        that reads only the index of game ids, and summarised from their first and last records,
        marked with an unknown status."""
        rows = self._query(self._summaries, ())
        out = [StreamInfo(r[0], r[1], r[2], r[4], r[5], r[6], tuple(r[3].split(",")) if r[3] else ())
               for r in rows]
        for (stream_id,) in self._query(self._unsummarised, ()):
            last = self.head(stream_id) - 1
            try:
                first, latest = self.read(stream_id, 0, 1)[0], self.read(stream_id, last, last + 1)[0]
                created = first.event
                out.append(StreamInfo(stream_id, created.game, int(created.config.get("players", 0)),
                                      last + 1, latest.at or 0, "?", tuple(created.seats)))
            except BoardcoreError as exc:
                out.append(StreamInfo(stream_id, "?", 0, last + 1, 0, f"unreadable: {exc}"))
        return out

    def _codec(self, stream_id: str) -> Codec:
        """A stream's game never changes, so its codec is looked up once."""
        if stream_id not in self._codecs:
            rows = self._query(self._select, (stream_id, 0, 1))
            if not rows:
                raise StreamNotFound(f"no game {stream_id!r} in {self.describe}")
            try:
                game = decode_created(bytes(rows[0][1])).event.game
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise CorruptStream(f"unreadable first row: {exc}", where=f"db:{stream_id}", seq=0) from None
            self._codecs[stream_id] = codec_for(game)
        return self._codecs[stream_id]

    # -- the game's seed, kept beside its stream but never in it ---------
    def seed(self, stream_id: str) -> str | None:
        rows = self._query(self._seed_select, (stream_id,))
        return rows[0][0] if rows else None


class AbsentDatabase:
    """The SQLite database before its first game, as a command that only reads sees it: no games,
    and no file made for looking (`list` in a fresh home created the database and its folder)."""

    lists_games = True

    def __init__(self, path: Path) -> None:
        self.describe = str(path)

    def read(self, stream_id: str, start: int = 0, stop: int | None = None, *,
             strict: bool = False) -> list[Recorded]:
        raise StreamNotFound(f"no game {stream_id!r} in {self.describe} (no game was ever saved there)")

    def head(self, stream_id: str) -> int:
        return 0

    def streams(self) -> list[str]:
        return []

    def infos(self) -> list[StreamInfo]:
        return []

    def seed(self, stream_id: str) -> str | None:
        return None

    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None, summary: Any = None) -> None:
        raise BoardcoreError(f"{self.describe}: opened only to read (a bug: writers open the database to write)")

    append = create


def _reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__

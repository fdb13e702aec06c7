"""Streams in a database, through the `eventsourcing` library's recorders.

One stream per game id (`ORIGINATOR_ID_TYPE=text`), `originator_version` is the
record's seq, `topic` the event's tag and `state` the whole `Recorded` as msgspec
MessagePack. `insert_events` is one transaction, so a decision and its facts are
written together or not at all; a duplicate (id, version) is the library's
`IntegrityError`, which we report as `StreamConflict`.

Reads of a whole stream go through a plain SELECT on the recorder's own table
and connection: the library's `select_events` builds an object per row, which
ARCHITECTURE.md measured at about three times the cost.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import msgspec

from boardcore.errors import BoardcoreError, StreamConflict, StreamNotFound
from boardcore.store.base import StreamInfo, check_contiguous, codec_for, decode_created, info_from
from boardcore.stream import Codec, Recorded


def default_sqlite_path() -> Path:
    env = os.environ.get("BOARDCORE_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardcore", appauthor=False)) / "games.sqlite"


class DatabaseStore:
    def __init__(self, env: dict[str, str]) -> None:
        from eventsourcing.persistence import InfrastructureFactory, IntegrityError, StoredEvent

        self._integrity_error = IntegrityError
        self._stored_event = StoredEvent
        self.env = {"ORIGINATOR_ID_TYPE": "text", **env}
        try:
            self.factory = InfrastructureFactory.construct(self.env)
            self.recorder = self.factory.application_recorder()
        except Exception as exc:  # the library raises OSError, psycopg errors, …
            raise BoardcoreError(f"cannot open the game database: {exc}") from None
        self.is_sqlite = self.env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite"
        self.describe = (self.env.get("SQLITE_DBNAME", "") if self.is_sqlite else
                         f"postgresql://{self.env.get('POSTGRES_HOST')}/{self.env.get('POSTGRES_DBNAME')}")
        table = self.recorder.events_table_name
        if not self.is_sqlite:
            table = f'"{self.recorder.datastore.schema}"."{table}"'
        mark = "?" if self.is_sqlite else "%s"
        self._select = (f"SELECT state FROM {table} WHERE originator_id={mark} "
                        f"AND originator_version>={mark} AND originator_version<{mark} "
                        "ORDER BY originator_version")
        self._head = f"SELECT MAX(originator_version) AS v FROM {table} WHERE originator_id={mark}"
        self._codecs: dict[str, Codec] = {}
        if self.is_sqlite:
            self._tuple_rows = None
        else:
            from psycopg.rows import tuple_row

            self._tuple_rows = tuple_row
        self._encode = msgspec.msgpack.Encoder().encode
        seeds = "boardcore_seeds" if self.is_sqlite else f'"{self.recorder.datastore.schema}".boardcore_seeds'
        self._seed_insert = (f"INSERT INTO {seeds} (stream_id, seed) VALUES ({mark}, {mark}) "
                             "ON CONFLICT (stream_id) DO NOTHING")
        self._seed_select = f"SELECT seed FROM {seeds} WHERE stream_id={mark}"
        with self.recorder.datastore.transaction(commit=True) as cur:
            cur.execute(f"CREATE TABLE IF NOT EXISTS {seeds} (stream_id TEXT PRIMARY KEY, seed TEXT NOT NULL)")
        self._ids = f"SELECT originator_id AS id, MAX(originator_version) AS v FROM {table} GROUP BY originator_id"

    @classmethod
    def from_environment(cls) -> DatabaseStore:
        """PostgreSQL when BOARDCORE_STORE=postgres (with the POSTGRES_* variables), else SQLite."""
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
        return cls.sqlite(default_sqlite_path())

    @classmethod
    def sqlite(cls, path: str | os.PathLike) -> DatabaseStore:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return cls({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
                    "SQLITE_LOCK_TIMEOUT": "10"})

    def close(self) -> None:
        self.factory.close()

    def _query(self, sql: str, params: tuple) -> list[tuple]:
        """Rows as plain tuples (the library's connections hand out dict-like rows, slower to build)."""
        with self.recorder.datastore.transaction(commit=False) as cur:
            cur.row_factory = self._tuple_rows
            cur.execute(sql, params)
            return cur.fetchall()

    # -- the store protocol ----------------------------------------------
    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded]) -> None:
        check_contiguous(expected_seq, records)
        if not records:
            return
        encode = self._encode
        stored = [self._stored_event(stream_id, rec.seq, rec.event.__struct_config__.tag, encode(rec))
                  for rec in records]
        try:
            self.recorder.insert_events(stored)
        except self._integrity_error:
            raise StreamConflict(stream_id, expected_seq, self.head(stream_id)) from None

    def read(self, stream_id: str, start: int = 0, stop: int | None = None) -> list[Recorded]:
        rows = self._query(self._select, (stream_id, start, 2**62 if stop is None else stop))
        if not rows and start == 0:
            raise StreamNotFound(f"no game {stream_id!r} in {self.describe}")
        decode = self._codec(stream_id).msgpack_record.decode
        return [decode(row[0]) for row in rows]

    def head(self, stream_id: str) -> int:
        rows = self._query(self._head, (stream_id,))
        value = rows[0][0] if rows else None
        return 0 if value is None else value + 1

    def streams(self) -> list[str]:
        return [row[0] for row in self._query(self._ids, ())]

    def infos(self) -> list[StreamInfo]:
        out = []
        for row in self._query(self._ids, ()):
            stream_id, last = row
            (first,) = self._query(self._select, (stream_id, 0, 1))
            (latest,) = self._query(self._select, (stream_id, last, last + 1))
            created = decode_created(first[0])
            out.append(info_from(stream_id, created, last + 1, _at_of(latest[0])))
        return out

    def _codec(self, stream_id: str) -> Codec:
        """A stream's game never changes, so its codec is looked up once."""
        if stream_id not in self._codecs:
            rows = self._query(self._select, (stream_id, 0, 1))
            if not rows:
                raise StreamNotFound(f"no game {stream_id!r} in {self.describe}")
            self._codecs[stream_id] = codec_for(decode_created(rows[0][0]).event.game)
        return self._codecs[stream_id]

    # -- the game's seed, kept beside its stream but never in it ---------
    def keep_seed(self, stream_id: str, seed: str) -> None:
        with self.recorder.datastore.transaction(commit=True) as cur:
            cur.execute(self._seed_insert, (stream_id, seed))

    def seed(self, stream_id: str) -> str | None:
        rows = self._query(self._seed_select, (stream_id,))
        return rows[0][0] if rows else None


class _At(msgspec.Struct):
    at: int = 0


def _at_of(payload: bytes) -> int:
    """The `at` of any record without decoding its event."""
    return msgspec.msgpack.decode(payload, type=_At).at

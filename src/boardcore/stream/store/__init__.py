"""Where streams live. One protocol, three kinds of place:

- `MemoryStore`: simulations and tests;
- `JsonlFile`: the portable replay file, one game per file;
- `DatabaseStore`: the `eventsourcing` library's recorders, SQLite by default, PostgreSQL for scale.

`open_target("db:ID")` or `open_target("game.jsonl")` turns what a user typed
into a store and a stream id.
"""

from __future__ import annotations

import os
from pathlib import Path

from boardcore.stream.store.base import Store, StreamInfo, Summary, codec_for
from boardcore.stream.store.jsonl import JsonlFile, Repaired
from boardcore.stream.store.memory import MemoryStore
from boardcore.stream.records import untimed

__all__ = ["Store", "StreamInfo", "Summary", "MemoryStore", "JsonlFile", "codec_for", "Repaired",
           "open_database", "open_target", "copy_stream", "DB_PREFIX"]

DB_PREFIX = "db:"


def open_database(*, create: bool = True):
    """The configured database: PostgreSQL when BOARDCORE_STORE=postgres, else SQLite
    at $BOARDCORE_DB or in the user data directory. `create=False` for a reader: an SQLite file
    not there yet is not made (the store then holds no game)."""
    from boardcore.stream.store.database import DatabaseStore

    return DatabaseStore.from_environment(create=create)


def open_target(target: str | os.PathLike) -> tuple[Store, str]:
    """A game named the way the CLI accepts it: `db:ID` or a replay file path."""
    text = os.fspath(target)
    if text.startswith(DB_PREFIX):
        return open_database(create=False), text[len(DB_PREFIX):]   # the game must exist: nothing to make
    path = Path(text)
    return JsonlFile(path), JsonlFile.STREAM


def copy_stream(source: Store, source_id: str, target: Store, target_id: str,
                summary: Summary | None = None) -> int:
    """Copy a stream record for record (same seq, events and hashes) as a new stream, with its
    seed when the source keeps one, in one atomic create. Format-1 times (`at`, never covered by
    the hash) are not copied. Returns the number of records."""
    records = untimed(source.read(source_id))
    target.create(target_id, records, source.seed(source_id), summary)
    return len(records)

"""Streams in a dict: for simulations and tests, where nothing must outlive the process.

Records written by a `Session` may be sealed lazily: `append_events` keeps the events, and their
hashes are computed when anyone first reads them (`read`, `head` is free). A simulation that
never looks at its records never pays for hashing them; one that does gets exactly the records
an eager store would hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.game.errors import StreamConflict, StreamExists, StreamNotFound
from boardcore.game.events import Event
from boardcore.stream.store.base import Summary, check_contiguous
from boardcore.stream.records import GENESIS, Recorded, chain


class MemoryStore:
    lazy_sealing = True  # Session hands it events, hashed when first read

    def __init__(self) -> None:
        self._streams: dict[str, list[Recorded]] = {}
        self._pending: dict[str, list[Event]] = {}
        self._seeds: dict[str, str] = {}

    def _seal(self, stream_id: str) -> list[Recorded]:
        stream = self._streams[stream_id]
        pending = self._pending.get(stream_id)
        if pending:
            stream.extend(chain(stream[-1].hash if stream else GENESIS, len(stream), pending))
            pending.clear()
        return stream

    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None,
               summary: Summary | None = None) -> None:
        if stream_id in self._streams:
            raise StreamExists(f"a stream {stream_id!r} exists in memory")
        check_contiguous(0, records)
        self._streams[stream_id] = list(records)
        if seed is not None:
            self._seeds[stream_id] = seed

    def create_events(self, stream_id: str, events: Sequence[Event], seed: str | None) -> None:
        """`create`, with the events sealed into records when first read (see `append_events`)."""
        self.create(stream_id, [], seed)
        self._pending[stream_id] = list(events)

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded],
               summary: Summary | None = None) -> None:
        if stream_id not in self._streams or self.head(stream_id) != expected_seq:
            raise StreamConflict(stream_id, expected_seq, self.head(stream_id))
        check_contiguous(expected_seq, records)
        self._seal(stream_id).extend(records)

    def append_events(self, stream_id: str, expected_seq: int, events: Sequence[Event]) -> None:
        """Add events to be sealed into records (seq, hash) when first read."""
        pending = self._pending.get(stream_id)
        if pending is None:
            pending = self._pending[stream_id] = []
        sealed = self._streams.get(stream_id)
        if sealed is None or len(sealed) + len(pending) != expected_seq:
            raise StreamConflict(stream_id, expected_seq, self.head(stream_id))
        pending.extend(events)

    def read(self, stream_id: str, start: int = 0, stop: int | None = None, *,
             strict: bool = False) -> list[Recorded]:
        if stream_id not in self._streams:
            raise StreamNotFound(f"no stream {stream_id!r} in memory")
        return self._seal(stream_id)[start:stop]

    def head(self, stream_id: str) -> int:
        return len(self._streams.get(stream_id, ())) + len(self._pending.get(stream_id, ()))

    def streams(self) -> list[str]:
        return list(self._streams)

    def seed(self, stream_id: str) -> str | None:
        return self._seeds.get(stream_id)

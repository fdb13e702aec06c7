"""Streams in a dict: for simulations and tests, where nothing must outlive the process."""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.errors import StreamConflict, StreamExists, StreamNotFound
from boardcore.store.base import Summary, check_contiguous
from boardcore.stream import Recorded


class MemoryStore:
    def __init__(self) -> None:
        self._streams: dict[str, list[Recorded]] = {}
        self._seeds: dict[str, str] = {}

    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None,
               summary: Summary | None = None) -> None:
        if stream_id in self._streams:
            raise StreamExists(f"a stream {stream_id!r} exists in memory")
        check_contiguous(0, records)
        self._streams[stream_id] = list(records)
        if seed is not None:
            self._seeds[stream_id] = seed

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded],
               summary: Summary | None = None) -> None:
        stream = self._streams.get(stream_id)
        if stream is None or len(stream) != expected_seq:
            raise StreamConflict(stream_id, expected_seq, len(stream or ()))
        check_contiguous(expected_seq, records)
        stream.extend(records)

    def read(self, stream_id: str, start: int = 0, stop: int | None = None) -> list[Recorded]:
        if stream_id not in self._streams:
            raise StreamNotFound(f"no stream {stream_id!r} in memory")
        return self._streams[stream_id][start:stop]

    def head(self, stream_id: str) -> int:
        return len(self._streams.get(stream_id, ()))

    def streams(self) -> list[str]:
        return list(self._streams)

    def seed(self, stream_id: str) -> str | None:
        return self._seeds.get(stream_id)

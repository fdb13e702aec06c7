"""Streams in a dict: for simulations and tests, where nothing must outlive the process."""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.errors import StreamConflict, StreamNotFound
from boardcore.store.base import check_contiguous
from boardcore.stream import Recorded


class MemoryStore:
    def __init__(self) -> None:
        self._streams: dict[str, list[Recorded]] = {}
        self._seeds: dict[str, str] = {}

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded]) -> None:
        stream = self._streams.setdefault(stream_id, [])
        if len(stream) != expected_seq:
            raise StreamConflict(stream_id, expected_seq, len(stream))
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

    def keep_seed(self, stream_id: str, seed: str) -> None:
        self._seeds.setdefault(stream_id, seed)

    def seed(self, stream_id: str) -> str | None:
        return self._seeds.get(stream_id)

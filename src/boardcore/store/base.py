"""The store protocol and what every store shares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Protocol

import msgspec

from boardcore.events import GameCreated
from boardcore.stream import Codec, Recorded


class StreamInfo(msgspec.Struct, frozen=True):
    """A line of `boardcore list`."""

    id: str
    game: str
    players: int
    events: int
    last_change: int


class Store(Protocol):
    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded]) -> None:
        """Atomically add records whose first seq is `expected_seq`, or raise
        StreamConflict and write nothing when the stream has moved on."""

    def read(self, stream_id: str, start: int = 0, stop: int | None = None) -> list[Recorded]:
        """Records with start <= seq < stop, in order."""

    def head(self, stream_id: str) -> int:
        """The seq the next record will get: the number of records so far."""

    def streams(self) -> list[str]:
        """Every stream id in this store."""

    def keep_seed(self, stream_id: str, seed: str) -> None:
        """Keep a game's secret seed beside (never inside) its stream."""

    def seed(self, stream_id: str) -> str | None:
        """The kept seed, if this store has it."""


@cache
def codec_for(game: str) -> Codec:
    from boardcore import games

    return Codec.for_rules(games.get(game))


def check_contiguous(expected_seq: int, records: Sequence[Recorded]) -> None:
    for i, rec in enumerate(records):
        if rec.seq != expected_seq + i:
            raise ValueError(f"records must run on from seq {expected_seq}; got seq {rec.seq} at {i}")


def info_from(stream_id: str, first: Recorded, count: int, last_change: int) -> StreamInfo:
    created = first.event
    return StreamInfo(stream_id, created.game, int(created.config.get("players", 0)), count, last_change)


def decode_created(payload: bytes) -> Recorded:
    """Record 0 of any game, read without knowing the game."""
    return msgspec.msgpack.decode(payload, type=Recorded[GameCreated])

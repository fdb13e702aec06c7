"""The store protocol and what every store shares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Protocol

import msgspec

from boardcore.game.events import GameCreated
from boardcore.stream.records import Codec, Recorded


class StreamInfo(msgspec.Struct, frozen=True):
    """A line of `boardcore list`: `records` counts every stored record, markers included;
    `status` is who is to act or how the game ended, as `Session.status` says it."""

    id: str
    game: str
    players: int
    records: int
    last_change: int
    status: str = "?"
    seats: tuple[str, ...] = ()


class Summary(msgspec.Struct, frozen=True):
    """What a store that lists games keeps about one, written with each commit."""

    game: str
    players: int
    seats: tuple[str, ...]
    status: str
    last_change: int


class Store(Protocol):
    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None,
               summary: Summary | None = None) -> None:
        """Atomically start a stream with its first records and its secret seed together, or
        raise StreamExists and write nothing when the stream exists already."""

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded],
               summary: Summary | None = None) -> None:
        """Atomically add records whose first seq is `expected_seq` (> 0), durable before it
        returns, or raise StreamConflict (the stream has moved on) or WriteFailed and write nothing."""

    def read(self, stream_id: str, start: int = 0, stop: int | None = None, *,
             strict: bool = False) -> list[Recorded]:
        """Records with start <= seq < stop, in order. `strict`: also prove every stored byte is as
        boardcore writes it (what audit asks; a store may always do it)."""

    def head(self, stream_id: str) -> int:
        """The seq the next record will get: the number of records so far."""

    def streams(self) -> list[str]:
        """Every stream id in this store."""

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


def decode_created(payload: bytes) -> Recorded:
    """Record 0 of any game, read without knowing the game."""
    return _decode_created(payload)


_decode_created = msgspec.msgpack.Decoder(Recorded[GameCreated]).decode

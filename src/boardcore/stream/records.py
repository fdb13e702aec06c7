"""Streams: records, the hash chain, the effective history, and encoding.

A stream is a list of `Recorded(seq, event, hash)`. Each hash is
`sha256(previous hash + canonical JSON of the event)`, starting from `GENESIS`,
so changing any byte of any event breaks every hash from there on.

Stores decode strictly and check that what they read is in *canonical form*: the bytes
stored are exactly the bytes the decoded record encodes to. Together with the chain
this covers every stored byte: a change either fails to decode, or leaves bytes that
are not canonical (a renamed key, a reordered field, a space), or changes a value,
which changes the hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar, Union

import msgspec

from boardcore.game.errors import CorruptStream
from boardcore.game.events import MARKERS, STREAM_EVENTS, Decision, Event, Redone, Undone

if TYPE_CHECKING:
    from boardcore.game.rules import Rules

E = TypeVar("E")
GENESIS = "0" * 64

_encode_json = msgspec.json.Encoder().encode


class Recorded(msgspec.Struct, Generic[E], frozen=True, gc=False, omit_defaults=True):
    """One stored event: its place in the stream and the chain hash up to and including it.

    `at` exists only in records written by format 1 (a time in unix seconds that the hash
    never covered, so nothing may trust it); records written now carry none."""

    seq: int
    event: E
    hash: str
    at: int | None = None


def canonical(event: Event) -> bytes:
    """The bytes the hash covers: msgspec JSON, fields in declaration order."""
    return _encode_json(event)


def link(prev_hash: str, event: Event) -> str:
    return hashlib.sha256(prev_hash.encode() + _encode_json(event)).hexdigest()


def chain(prev_hash: str, first_seq: int, events: Iterable[Event]) -> list[Recorded]:
    """Seal new events onto a stream whose last hash is `prev_hash`."""
    out = []
    for seq, event in enumerate(events, first_seq):
        prev_hash = link(prev_hash, event)
        out.append(Recorded(seq, event, prev_hash))
    return out


def untimed(records: Sequence[Recorded]) -> list[Recorded]:
    """The records without a format-1 `at` (what a copy writes: the time was never covered)."""
    return [r if r.at is None else Recorded(r.seq, r.event, r.hash) for r in records]


def verify(records: Sequence[Recorded], prev_hash: str = GENESIS, first_seq: int = 0) -> None:
    """Raise CorruptStream at the first record whose seq or hash is not what the chain says."""
    for expected_seq, rec in enumerate(records, first_seq):
        if rec.seq != expected_seq:
            raise CorruptStream(f"expected seq {expected_seq}, found {rec.seq}", seq=rec.seq)
        prev_hash = link(prev_hash, rec.event)
        if rec.hash != prev_hash:
            raise CorruptStream(
                f"hash chain broken: expected {prev_hash[:16]}…, found {rec.hash[:16]}… "
                "(the event or an earlier one was changed)", seq=rec.seq)


class History:
    """The effective history, kept up to date one record at a time.

    `Undone(to)` cuts the history back to `to` events and remembers what it cut;
    `Redone` restores the last cut while nothing new has been decided since.
    Markers themselves (undo, redo, branch and seed records) are never in effect.
    `add` says what a record did, so a session can update its state to match.
    """

    __slots__ = ("live", "undone")

    def __init__(self) -> None:
        self.live: list[Recorded] = []
        self.undone: list[list[Recorded]] = []

    def add(self, rec: Recorded) -> str:
        ev = rec.event
        if not isinstance(ev, MARKERS):
            if self.undone and isinstance(ev, Decision):
                self.undone.clear()
            self.live.append(rec)
            return "event"
        if isinstance(ev, Undone):
            if not 0 < ev.to <= len(self.live):
                raise CorruptStream(f"undo to {ev.to} but only {len(self.live)} events are in effect",
                                    seq=rec.seq)
            self.undone.append(self.live[ev.to:])
            del self.live[ev.to:]
            return "undo"
        if isinstance(ev, Redone):
            if not self.undone:
                raise CorruptStream("redo with nothing undone", seq=rec.seq)
            self.live.extend(self.undone.pop())
            return "redo"
        return "marker"


def effective(records: Iterable[Recorded]) -> list[Recorded]:
    """The records in effect after every undo and redo marker (see `History`). A stream with neither
    (most games: only the seed's reveal is a marker) is taken in one pass without the bookkeeping."""
    records = records if isinstance(records, list) else list(records)
    if not any(isinstance(rec.event, (Undone, Redone)) for rec in records):
        return [rec for rec in records if not isinstance(rec.event, MARKERS)]
    history = History()
    for rec in records:
        history.add(rec)
    return history.live


class Codec:
    """Encoders and typed decoders for one game's streams (its events plus boardcore's)."""

    def __init__(self, event_types: Sequence[type[Event]]) -> None:
        self.event_types = tuple(STREAM_EVENTS) + tuple(event_types)
        self.event_type: Any = Union[self.event_types]  # noqa: UP007 - built at runtime
        self.record_type: Any = Recorded[self.event_type]
        self.encode_json = _encode_json
        self.encode_msgpack = msgspec.msgpack.Encoder().encode
        self.tags = {t.__struct_config__.tag: t for t in self.event_types}

    @classmethod
    def for_rules(cls, rules: Rules) -> Codec:
        return cls(rules.events)

    @cached_property
    def json_record(self) -> msgspec.json.Decoder:
        return msgspec.json.Decoder(self.record_type)

    @cached_property
    def json_group(self) -> msgspec.json.Decoder:
        """One commit of a format-2 replay file: the records written together."""
        return msgspec.json.Decoder(list[self.record_type])

    @cached_property
    def msgpack_record(self) -> msgspec.msgpack.Decoder:
        return msgspec.msgpack.Decoder(self.record_type)

    @cached_property
    def msgpack_records(self) -> msgspec.msgpack.Decoder:
        """Many stored records at once, as one MessagePack array."""
        return msgspec.msgpack.Decoder(list[self.record_type])

    @cached_property
    def json_event(self) -> msgspec.json.Decoder:
        return msgspec.json.Decoder(self.event_type)


BASE_CODEC = Codec(())
"""Decodes boardcore's own events: enough to read a stream's `GameCreated`."""

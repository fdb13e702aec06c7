"""The replay file: portable, line-oriented, safe against crashes.

Line 1 is a header (format, game, rules version, data id and sha256, config,
seed commitment); every further line is one `Recorded` as JSON, so record seq
`n` sits on line `n + 2`. Each append is written with one `write`, flushed and
fsynced before it returns, under an exclusive lock. A crash mid-write leaves a
last line without its newline: reading reports it with its line number, and
only `repair` (asked for by name) cuts it off.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from boardcore.errors import CorruptStream, StreamConflict, StreamNotFound, TornWrite
from boardcore.events import GameCreated
from boardcore.store.base import StreamInfo, check_contiguous, codec_for
from boardcore.stream import Codec, Recorded

FORMAT = "boardcore-replay"
FORMAT_VERSION = 1


class Header(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    version: int
    game: str
    rules_version: str
    data_id: str
    data_sha256: str
    config: dict[str, Any]
    seed_commitment: str


class JsonlFile:
    """One stream in one file. Its stream id is always `STREAM`: the file is the game."""

    STREAM = "file"

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._known: tuple[int, int] | None = None  # (file size, record count) last seen

    # -- reading ----------------------------------------------------------
    def _lines(self) -> list[bytes]:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            raise StreamNotFound(f"{self.path}: no such file") from None
        except IsADirectoryError:
            raise StreamNotFound(f"{self.path}: is a directory, not a replay file") from None
        if not data:
            raise CorruptStream("empty file, not a replay", where=str(self.path), line=1)
        lines = data.split(b"\n")
        if lines[-1]:
            raise TornWrite("last line is incomplete (interrupted write); "
                            "`boardcore repair` removes it", where=str(self.path), line=len(lines))
        return lines[:-1]

    def header(self) -> Header:
        return self._header(self._lines())

    def _header(self, lines: list[bytes]) -> Header:
        try:
            header = msgspec.json.decode(lines[0], type=Header)
        except msgspec.DecodeError as exc:
            raise CorruptStream(f"not a boardcore replay header: {exc}", where=str(self.path), line=1) from None
        if header.format != FORMAT or header.version != FORMAT_VERSION:
            raise CorruptStream(f"unsupported format {header.format!r} version {header.version}",
                                where=str(self.path), line=1)
        return header

    def codec(self) -> Codec:
        return codec_for(self.header().game)

    def read(self, stream_id: str = STREAM, start: int = 0, stop: int | None = None) -> list[Recorded]:
        lines = self._lines()
        decode = codec_for(self._header(lines).game).json_record.decode
        out = []
        body = lines[1:]
        stop = len(body) if stop is None else min(stop, len(body))
        for seq in range(start, stop):
            try:
                rec = decode(body[seq])
            except msgspec.DecodeError as exc:
                raise CorruptStream(f"malformed record: {exc}", where=str(self.path), line=seq + 2) from None
            if rec.seq != seq:
                raise CorruptStream(f"record says seq {rec.seq}, expected {seq}",
                                    where=str(self.path), line=seq + 2, seq=seq)
            out.append(rec)
        self._known = (sum(len(x) + 1 for x in lines), len(body))
        return out

    def head(self, stream_id: str = STREAM) -> int:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return 0
        if self._known and self._known[0] == size:
            return self._known[1]
        return max(len(self._lines()) - 1, 0)

    def streams(self) -> list[str]:
        return [self.STREAM] if self.path.exists() else []

    def info(self) -> StreamInfo:
        header = self.header()
        return StreamInfo(str(self.path), header.game, int(header.config.get("players", 0)),
                          self.head(), int(self.path.stat().st_mtime))

    # -- writing ----------------------------------------------------------
    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded]) -> None:
        check_contiguous(expected_seq, records)
        if not records:
            return
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except FileNotFoundError:  # the first write into a new folder
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            head = self._count(fd, size)
            if head != expected_seq:
                raise StreamConflict(str(self.path), expected_seq, head)
            chunks = [] if size else [self._header_line(records[0])]
            chunks += [msgspec.json.encode(rec) + b"\n" for rec in records]
            data = b"".join(chunks)
            os.write(fd, data)
            os.fsync(fd)
            self._known = (size + len(data), head + len(records))
        finally:
            os.close(fd)

    def _count(self, fd: int, size: int) -> int:
        """Records in the open file, refusing to append after a torn line."""
        if size == 0:
            return 0
        if self._known and self._known[0] == size:
            return self._known[1]
        data = os.pread(fd, size, 0)
        if not data.endswith(b"\n"):
            raise TornWrite("last line is incomplete (interrupted write); run `boardcore repair` first",
                            where=str(self.path), line=data.count(b"\n") + 1)
        return data.count(b"\n") - 1

    def _header_line(self, first: Recorded) -> bytes:
        created = first.event
        if not isinstance(created, GameCreated):
            raise ValueError("a replay file must begin with GameCreated")
        from boardcore import games

        rules = games.get(created.game)
        return msgspec.json.encode(Header(
            format=FORMAT, version=FORMAT_VERSION, game=created.game,
            rules_version=created.rules_version, data_id=created.data_id,
            data_sha256=rules.data_sha256, config=created.config,
            seed_commitment=created.seed_commitment)) + b"\n"

    # -- the game's seed, in a private file beside the replay ------------
    @property
    def seed_path(self) -> Path:
        return self.path.with_name(self.path.name + ".seed")

    def keep_seed(self, stream_id: str, seed: str) -> None:
        """The seed must outlive the process (to keep playing) but stay out of the
        replay itself, which carries only its commitment."""
        fd = os.open(self.seed_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(seed + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def seed(self, stream_id: str) -> str | None:
        try:
            return self.seed_path.read_text().strip() or None
        except FileNotFoundError:
            return None

    def write_all(self, records: Sequence[Recorded]) -> None:
        """A complete file in one go, through a temporary file and a rename, so an
        existing file is either kept whole or replaced whole."""
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.unlink(missing_ok=True)
        JsonlFile(tmp).append(self.STREAM, 0, records)
        os.replace(tmp, self.path)
        self._known = None


def repair(path: str | os.PathLike) -> str | None:
    """Cut off a torn last line. Returns what was removed, or None if the file was whole."""
    path = Path(path)
    with open(path, "r+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        data = fh.read()
        if not data or data.endswith(b"\n"):
            return None
        keep = data.rfind(b"\n") + 1
        fh.truncate(keep)
        fh.flush()
        os.fsync(fh.fileno())
        return data[keep:].decode(errors="replace")

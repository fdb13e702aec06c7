"""The replay file: portable, line-oriented, and safe against crashes, short writes and races.

Format 2 (written now). Line 1 is a header: a copy of what record 0 (`GameCreated`) says, so it
can be checked byte for byte. Every further line is one *commit*: the JSON array of the records
one write appended together (a decision with all its facts; the setup; an undo). A line is
therefore whole or torn, never half a decision: a crash, a full disk or a file-size limit can
only leave a last line without its newline, which reading reports and `repair` removes, whole.

Format 1 (read, and appended to in its own layout): one record per line, each with a time `at`
the hash never covered. Its torn tails are repaired group-wise too (see `repair`).

Writes take an exclusive lock, check that the file they locked is still the one at the path,
write until every byte is down (or roll back to the old size and raise), and fsync before they
return: an append is acknowledged only once it is durable. A new file is created whole and
exclusively (`create`): its seed file first, synced, then the replay linked into place, so two
creators of one path cannot overwrite each other and no replay exists without its seed.

Reading is strict: every line must decode (unknown fields are errors) and be byte-identical to
the canonical encoding of what it decodes to, so no edit of any byte goes unnoticed.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from boardcore.game.errors import (BoardcoreError, CorruptStream, StreamConflict, StreamExists, StreamNotFound,
                                   TornWrite, WriteFailed)
from boardcore.game.events import BranchedFrom, Decision, GameCreated, Redone, Undone
from boardcore.stream.store.base import StreamInfo, check_contiguous, codec_for
from boardcore.stream.records import Codec, Recorded, effective

FORMAT = "boardcore-replay"
FORMAT_VERSION = 2
READABLE = (1, 2)
SEED_MODE = 0o600
REPLAY_MODE = 0o600
"""A replay holds every hidden card and deck order (an audit needs them): as private as the seed."""
_encode = msgspec.json.Encoder().encode


class Header(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Line 1. In format 2 every field is a copy of record 0's, so the header is checked whole."""

    format: str
    version: int
    game: str
    rules_version: str
    data_id: str
    data_sha256: str | None = None        # format 1 only
    config: dict[str, Any]
    seed_commitment: str
    seats: tuple[str, ...] | None = None  # format 2

    @classmethod
    def for_created(cls, created: GameCreated) -> Header:
        return cls(format=FORMAT, version=FORMAT_VERSION, game=created.game,
                   rules_version=created.rules_version, data_id=created.data_id, config=created.config,
                   seed_commitment=created.seed_commitment, seats=created.seats)


class _Probe(msgspec.Struct):
    """Enough of line 1 to tell a boardcore replay from any other file."""

    format: str = ""
    version: int = 0


class Parsed(msgspec.Struct):
    """What a read found: the records, the line each one is on, and the file's identity."""

    header: Header
    records: list[Recorded]
    lines: list[int]
    size: int
    identity: tuple[int, int, int]


def _identity(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _first_difference(a: bytes, b: bytes) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


class JsonlFile:
    """One stream in one file. Its stream id is always `STREAM`: the file is the game."""

    STREAM = "file"

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._known: tuple[tuple[int, int, int], int, int] | None = None  # (identity, records, version)
        self._header: tuple[tuple[int, int, int], Header] | None = None    # (identity, header) of the last parse

    def _where(self) -> str:
        return str(self.path)

    # -- reading ----------------------------------------------------------
    def _open_regular(self, flags: int) -> int:
        """An fd on the replay itself; a folder, a FIFO or a device is refused before any read
        (a FIFO would block)."""
        try:
            fd = os.open(self.path, flags | os.O_NONBLOCK)
        except FileNotFoundError:
            raise StreamNotFound(f"{self.path}: no such file") from None
        except IsADirectoryError:
            raise StreamNotFound(f"{self.path}: is a folder, not a replay file") from None
        except PermissionError:
            raise BoardcoreError(f"{self.path}: permission denied") from None
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise StreamNotFound(f"{self.path}: {kind}, not a replay file")
        os.set_blocking(fd, True)
        return fd

    def _read(self) -> tuple[bytes, os.stat_result]:
        """The file's bytes, read under a shared lock taken through the reader's own descriptor. A
        write is not atomic to readers, and every writer holds the exclusive lock while it writes,
        so a reader never sees a write under way: neither a line still being written (which it would
        take for a torn one) nor, in format 1, the first lines of a decision's write. Waiting in the
        kernel's queue, it is not starved by writers taking turns (a reader that polled for the lock
        could miss every gap between them, and then called a write in progress torn). A process must
        not read a file through here while it holds that file's exclusive lock itself."""
        fd = self._open_regular(os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)
            st = os.fstat(fd)
            return _read_all(fd, st.st_size), st
        finally:
            os.close(fd)    # (and with it the shared lock)

    def header(self) -> Header:
        """The header line. Taken from the last parse while the file is still the one parsed (the same
        inode, size and modification time, as `head` trusts), so `audit` reads a file once, not twice;
        otherwise the file is parsed afresh."""
        known = self._header
        if known is not None:
            try:
                if known[0] == _identity(self.path.stat()):
                    return known[1]
            except FileNotFoundError:
                pass
        return self._parse()[0].header

    def codec(self) -> Codec:
        return codec_for(self.header().game)

    @property
    def one_record_per_line(self) -> bool:
        """Format 1: a decision's records were written a line each, so a write cut at a line's end
        reads as whole (`Session.load` then decides the last decision again to tell)."""
        return self.header().version == 1

    def read(self, stream_id: str = STREAM, start: int = 0, stop: int | None = None, *,
             strict: bool = True) -> list[Recorded]:
        """Every line is checked byte for byte whatever `strict` says: a file travels."""
        records = self._parse()[0].records
        return records[start:stop]

    def parsed(self) -> Parsed:
        """The whole file, checked (see the module docstring); raises TornWrite for a torn tail."""
        return self._parse()[0]

    def _parse(self, data: bytes | None = None, st: os.stat_result | None = None) -> tuple[Parsed, bytes]:
        if data is None:
            data, st = self._read()
        where = self._where()
        if not data:
            raise CorruptStream("empty file, not a replay", where=where, line=1)
        lines = data.split(b"\n")
        tail = lines.pop()          # b"" when the file ends with a newline, as a whole file does
        header = _header(lines[0] if lines else tail, where)
        if tail and not lines:
            raise TornWrite("the file was cut off while its first write was under way: no game was "
                            "recorded", where=where, line=1)
        codec = codec_for(header.game)
        records: list[Recorded] = []
        at_line: list[int] = []
        if header.version == 1:
            decode = codec.json_record.decode
            for number, raw in enumerate(lines[1:], 2):
                rec = _strict(decode, raw, where, number)
                records.append(rec)
                at_line.append(number)
        else:
            decode = codec.json_group.decode
            for number, raw in enumerate(lines[1:], 2):
                group = _strict(decode, raw, where, number)
                if not group:
                    raise CorruptStream("an empty commit", where=where, line=number)
                if any(r.at is not None for r in group):
                    raise CorruptStream("format 2 records carry no time (`at`)", where=where, line=number)
                records.extend(group)
                at_line.extend([number] * len(group))
        for seq, rec in enumerate(records):
            if rec.seq != seq:
                raise CorruptStream(f"record says seq {rec.seq}, expected {seq}", where=where,
                                    line=at_line[seq], seq=seq)
        if records:
            _check_header(header, records[0], where)
        if tail:
            try:
                landing = f" (it was to land at position {len(effective(records)) + 1})" if records else ""
            except CorruptStream:
                landing = ""
            raise TornWrite(f"the last write was cut off (line {len(lines) + 1} is incomplete): that decision{landing} "
                            "was never saved; `boardcore repair` removes it", where=where, line=len(lines) + 1)
        parsed = Parsed(header, records, at_line, len(data), _identity(st))
        self._known = (parsed.identity, len(records), header.version)
        self._header = (parsed.identity, header)
        return parsed, data

    def head(self, stream_id: str = STREAM) -> int:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return 0
        if self._known and self._known[0] == _identity(st):
            return self._known[1]
        return len(self._parse()[0].records)

    def streams(self) -> list[str]:
        return [self.STREAM] if self.path.exists() else []

    def info(self) -> StreamInfo:
        parsed = self._parse()[0]
        return StreamInfo(str(self.path), parsed.header.game, int(parsed.header.config.get("players", 0)),
                          len(parsed.records), int(self.path.stat().st_mtime))

    # -- creating -----------------------------------------------------------
    def create(self, stream_id: str, records: Sequence[Recorded], seed: str | None,
               summary: Any = None) -> None:
        """A new replay holding `records`, its seed (if any) beside it; fails with StreamExists, changing
        nothing, when either file exists. The seed is synced before the replay appears, and the
        replay appears whole (linked from a finished temporary file), so a crash at any point leaves
        either nothing, or a seed file alone (which the next `create` reports), or both."""
        check_contiguous(0, records)
        if not records or not isinstance(records[0].event, GameCreated):
            raise ValueError("a replay file must begin with GameCreated")
        folder = self.path.parent
        _make_private_folders(folder)
        if self.path.exists() or self.path.is_symlink():
            raise StreamExists(f"{self.path} exists; choose another name (nothing was written)")
        made_seed = False
        if seed is not None:
            try:
                fd = os.open(self.seed_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, SEED_MODE)
            except FileExistsError:
                raise StreamExists(f"{self.seed_path} exists: another game is being created at {self.path}, or an "
                                   "earlier creation was interrupted (remove the .seed file if no game is "
                                   "being made there); nothing was written") from None
            made_seed = True
            try:
                _write_fully(fd, (seed + "\n").encode(), 0, self.seed_path)
            finally:
                os.close(fd)
        tmp = None
        try:
            tmp = self._written_aside(records)
            os.link(tmp, self.path)   # never replaces: fails if the path appeared meanwhile
        except FileExistsError:
            if made_seed:
                self.seed_path.unlink(missing_ok=True)
            raise StreamExists(f"{self.path} exists; choose another name (nothing was written)") from None
        except BaseException:
            if made_seed:
                self.seed_path.unlink(missing_ok=True)
            raise
        finally:
            if tmp is not None:
                tmp.unlink(missing_ok=True)
        _sync_folder(folder)

    def _written_aside(self, records: Sequence[Recorded]) -> Path:
        """The whole file written and synced under a fresh temporary name beside it, ready to be
        linked or renamed into place (so it appears whole or not at all)."""
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        lines = [_encode(Header.for_created(records[0].event))] + [_encode(g) for g in decision_groups(records)]
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, REPLAY_MODE)
        try:
            _write_fully(fd, b"\n".join(lines) + b"\n", 0, tmp)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        finally:
            os.close(fd)
        return tmp

    def replace(self, records: Sequence[Recorded], expected_head: int | None = None) -> None:
        """Write `records` over the existing file in one rename, under its lock. Refused with
        StreamConflict when the file holds records that `records` does not begin with (another
        writer's), so an overwrite never loses an acknowledged append."""
        fd = self._lock_current()
        try:
            current = self._parse(_read_all(fd, os.fstat(fd).st_size), os.fstat(fd))[0].records
            if len(current) > len(records) or any(a.hash != b.hash for a, b in zip(current, records)):
                raise StreamConflict(str(self.path), len(records), len(current))
            tmp = self._written_aside(records)
            try:
                os.replace(tmp, self.path)
            finally:
                tmp.unlink(missing_ok=True)
            _sync_folder(self.path.parent)
        finally:
            os.close(fd)
        self._known = None

    # -- appending ----------------------------------------------------------
    def _lock_current(self) -> int:
        """An fd on the file now at `path`, exclusively locked. A writer that replaced the file
        (`replace`) while we waited for the lock leaves us holding the old one: then reopen."""
        for _ in range(100):
            fd = self._open_regular(os.O_RDWR | os.O_APPEND)
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                return fd
            os.close(fd)
        raise WriteFailed(f"{self.path} keeps being replaced by another writer; nothing was written")

    def append(self, stream_id: str, expected_seq: int, records: Sequence[Recorded],
               summary: Any = None) -> None:
        check_contiguous(expected_seq, records)
        if not records:
            return
        if expected_seq == 0:
            raise ValueError("a stream is started with create(), which keeps its seed with it, not append()")
        fd = self._lock_current()
        try:
            st = os.fstat(fd)
            if st.st_mode & 0o077:          # written by an older boardcore: private from now on
                try:
                    os.fchmod(fd, REPLAY_MODE)
                except PermissionError:
                    pass
            if self._known and self._known[0] == _identity(st):
                head, version = self._known[1], self._known[2]
            else:
                parsed = self._parse(_read_all(fd, st.st_size), st)[0]
                head, version = len(parsed.records), parsed.header.version
            if head != expected_seq:
                raise StreamConflict(str(self.path), expected_seq, head)
            if version == 1:
                data = b"".join(_encode(r) + b"\n" for r in records)
            else:
                data = _encode(list(records)) + b"\n"
            _write_fully(fd, data, st.st_size, self.path)
            self._known = (_identity(os.fstat(fd)), head + len(records), version)
        finally:
            os.close(fd)

    # -- the game's seed, in a private file beside the replay ------------
    @property
    def seed_path(self) -> Path:
        return self.path.with_name(self.path.name + ".seed")

    def seed(self, stream_id: str = STREAM) -> str | None:
        """The kept seed. A seed file anyone else could read is made private (0600) first."""
        try:
            fd = os.open(self.seed_path, os.O_RDONLY | os.O_NONBLOCK)
        except FileNotFoundError:
            return None
        except PermissionError:
            raise BoardcoreError(f"{self.seed_path}: permission denied") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise BoardcoreError(f"{self.seed_path}: not a regular file")
            if st.st_mode & 0o077:
                try:
                    os.fchmod(fd, SEED_MODE)
                except PermissionError:
                    pass
            os.set_blocking(fd, True)
            return _read_all(fd, st.st_size).decode(errors="replace").strip() or None
        finally:
            os.close(fd)


# -- helpers ----------------------------------------------------------------------
def decision_groups(records: Sequence[Recorded]) -> list[list[Recorded]]:
    """Records cut where `Session` commits them: the setup; each decision with its facts (and the
    seed's reveal that ends a game); each run of undo markers; each redo. A whole file written at
    once (`create`: a copy, a save, a branch) is laid out as if it had been played commit by commit."""
    groups: list[list[Recorded]] = []
    for rec in records:
        event = rec.event
        starts = isinstance(event, Decision | Redone) or (
            isinstance(event, Undone) and not (groups and isinstance(groups[-1][-1].event, Undone)))
        if starts or not groups:
            groups.append([rec])
        else:
            groups[-1].append(rec)
    return groups


def _read_all(fd: int, size: int) -> bytes:
    return os.pread(fd, size, 0) if size else b""


def _header(line: bytes, where: str) -> Header:
    probe = _decode_or(msgspec.json.Decoder(_Probe).decode, line)
    if probe is None or probe.format != FORMAT:
        raise CorruptStream("not a boardcore replay file (line 1 is not its header)", where=where, line=1)
    if probe.version not in READABLE:
        raise CorruptStream(f"replay format version {probe.version} is not one this boardcore reads "
                            f"({', '.join(map(str, READABLE))}): a newer boardcore wrote it", where=where, line=1)
    header = _strict(msgspec.json.Decoder(Header).decode, line, where, 1)
    if (header.version == 2) != (header.data_sha256 is None and header.seats is not None):
        raise CorruptStream(f"the header's fields do not belong to format {header.version}", where=where, line=1)
    return header


def _decode_or(decode, raw: bytes):
    try:
        return decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


def _strict(decode, raw: bytes, where: str, line: int):
    """Decode one line and insist it is byte-identical to the canonical encoding of the result."""
    try:
        value = decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise CorruptStream(f"malformed: {exc}", where=where, line=line) from None
    again = _encode(value)
    if again != raw:
        at = _first_difference(raw, again)
        raise CorruptStream(f"not as boardcore writes it (edited?): differs at byte {at + 1}, "
                            f"{raw[max(0, at - 12):at + 12]!r}", where=where, line=line)
    return value


def _check_header(header: Header, first: Recorded, where: str) -> None:
    created = first.event
    if not isinstance(created, GameCreated):
        raise CorruptStream("record 0 is not GameCreated", where=where, line=2, seq=0)
    fields = ("game", "rules_version", "data_id", "config", "seed_commitment")
    if header.version == 2:
        fields += ("seats",)
    differ = [f for f in fields if getattr(header, f) != getattr(created, f)]
    if differ:
        raise CorruptStream(f"the header disagrees with record 0 on {', '.join(differ)}", where=where, line=1)


def _write_fully(fd: int, data: bytes, size: int, path: Path) -> None:
    """Write every byte and fsync, or put the file back to `size` and raise WriteFailed: a short
    write (disk full, a file-size limit) is never taken for a whole one."""
    view = memoryview(data)
    done = 0
    try:
        while done < len(data):
            n = os.write(fd, view[done:])
            if n <= 0:
                raise OSError(errno.EIO, "the write made no progress")
            done += n
        os.fsync(fd)
    except OSError as exc:
        try:
            os.ftruncate(fd, size)
            os.fsync(fd)
        except OSError:
            pass  # the torn tail stays: reading reports it and `repair` removes it
        reason = exc.strerror or str(exc)
        raise WriteFailed(f"{path}: could not save ({reason}); nothing of this write was kept") from None


def _make_private_folders(folder: Path) -> None:
    """Make `folder` and any missing folder above it, each the owner's alone (0700, whatever the
    umask): a folder made for a replay holds that game's secrets."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        try:
            made.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.chmod(made, 0o700)     # (mkdir's mode is cut by the umask, never widened by it)


def _sync_folder(folder: Path) -> None:
    """Make a new or renamed file's name durable (its folder entry), not only its bytes."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- repair -------------------------------------------------------------------------
class Repaired(msgspec.Struct, frozen=True):
    """What `repair` removed: the cut-off write, from `line` on, and the records it dropped whole.
    `torn`: the write ended in a torn line (else, format 1 only, it was cut at the end of a line)."""

    line: int
    bytes_removed: int
    records_removed: int
    records_left: int
    torn: bool = True


_TYPE = re.compile(rb'"type":"([a-z0-9_]+)"')
WRITE_STARTS = (Decision, GameCreated, Undone, Redone, BranchedFrom)
"""The events a format-1 write began with: a decision's write went on with its facts and, when it
ended the game, the seed's reveal; an undo's with more undo markers; a new game's with its setup."""


def repair(path: str | os.PathLike, *,
           inside_decision: Callable[[Sequence[Recorded], str | None], bool]) -> Repaired | None:
    """Remove a torn last write, whole, and nothing else. None when the file was whole.

    Format 2: the torn line is one commit, so it is removed alone. Format 1 wrote one record per
    line, so a write cut inside a decision's facts left whole lines of that decision before the
    torn one: those go too (back to the decision that began the write), never an earlier decision.
    A format-1 write cut at the end of a line leaves no torn line at all, and one torn before its
    type tag does not say whose it was: there the rules tell, and an unfinished decision's lines are
    removed. The store knows no rules, so the caller says how they tell: `inside_decision(records, seed)`
    is whether the whole `records` stop inside their last decision (`boardcore.session.repair` asks the
    game's rules). Refuses, changing nothing, a file that is not a boardcore replay."""
    file = JsonlFile(path)
    fd = file._lock_current()
    try:
        size = os.fstat(fd).st_size
        content = _read_all(fd, size)
        if not content:
            raise CorruptStream("empty file, not a replay", where=str(path), line=1)
        lines = content.split(b"\n")
        tail = lines.pop()
        header = _header(lines[0] if lines else tail, str(path))
        keep = len(content) - len(tail)
        dropped = 0
        if header.version == 1 and len(lines) > 2:
            cut = _v1_cut(file, lines, tail, content[:keep], inside_decision)
            if cut:
                dropped = _v1_write_start(codec_for(header.game), lines)
            elif not tail:
                return None
        elif not tail:
            return None
        for _ in range(dropped):
            keep -= len(lines.pop()) + 1
        os.ftruncate(fd, keep)
        os.fsync(fd)
        left = len(file._parse(content[:keep], os.fstat(fd))[0].records) if len(lines) > 1 else 0
        return Repaired(line=len(lines) + 1, bytes_removed=size - keep, records_removed=dropped,
                        records_left=left, torn=bool(tail))
    finally:
        os.close(fd)


def _v1_cut(file: JsonlFile, lines: list[bytes], tail: bytes, whole: bytes,
            inside_decision: Callable[[Sequence[Recorded], str | None], bool]) -> bool:
    """Whether the whole format-1 lines (`whole`, before the torn `tail` if any) end inside a
    decision's write, so that its lines go too. A torn line whose type shows a fact was that write's;
    one whose type shows a write's start (a decision, a marker) began a write of its own, after a
    whole one. Otherwise (no torn line, or one cut before its type) the rules tell, by deciding the
    last decision again (`inside_decision`, see `repair`)."""
    tag = _TYPE.search(tail) if tail else None
    if tag is not None:
        codec = codec_for(_header(lines[0], str(file.path)).game)
        starts = {t.__struct_config__.tag for t in codec.event_types if issubclass(t, WRITE_STARTS)}
        return tag.group(1).decode() not in starts
    try:
        records = file._parse(whole, os.stat(file.path))[0].records
    except BoardcoreError:
        return False      # damaged otherwise: nothing is dropped on a guess (audit will tell)
    return inside_decision(records, file.seed())


def _v1_write_start(codec: Codec, lines: list[bytes]) -> int:
    """How many of the last whole format-1 lines belong to the write that the last of them is in."""
    decode = codec.json_record.decode
    for back, raw in enumerate(reversed(lines[1:]), 1):
        if isinstance(decode(raw).event, WRITE_STARTS):
            return back    # the write began at this record: drop it and its facts
    return len(lines) - 1

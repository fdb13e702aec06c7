"""The errors boardcore raises on purpose.

Every one of them is a `BoardcoreError`, so the CLI can turn any of them into a
one-line message and exit code 2 without a traceback; anything else is a bug.
"""

from __future__ import annotations


class BoardcoreError(Exception):
    """Base of every expected failure: bad input, illegal play, a damaged stream."""


class IllegalAction(BoardcoreError):
    """A decision the rules forbid. Names the rule ID it enforces when there is one.

    Raised by `Rules.decide` before anything is appended, so the game is unchanged.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class UnknownGame(BoardcoreError):
    """No installed game registers this name in the `boardcore.games` entry points."""


class StreamConflict(BoardcoreError):
    """Someone else appended to the stream first; nothing of this append was written."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        self.stream_id, self.expected, self.actual = stream_id, expected, actual
        super().__init__(
            f"stream {stream_id!r} changed underneath: expected next seq {expected}, found {actual}"
        )


class StreamNotFound(BoardcoreError):
    """No stream (file or database game) by that name."""


class StreamExists(BoardcoreError):
    """A new game's file or id is taken; nothing was written."""


class WriteFailed(BoardcoreError):
    """A write could not be completed (disk full, a file-size limit, …); nothing of it was kept,
    so the decision it carried was not taken."""


class CorruptStream(BoardcoreError):
    """A stored stream cannot be read: malformed line, torn write, broken hash chain.

    `line` is the 1-based line of a replay file when known; `position` the event's number as
    `boardcore replay` prints it, when the record is an event in effect; `seq` the record (its place
    in the stored stream, counted from 0, as a database row's version is).
    """

    def __init__(self, reason: str, *, line: int | None = None, seq: int | None = None,
                 where: str | None = None, position: int | None = None) -> None:
        self.reason, self.line, self.seq, self.where, self.position = reason, line, seq, where, position
        place = ", ".join(p for p in (
            where,
            f"line {line}" if line is not None else None,
            f"position {position}" if position is not None else None,
            f"record {seq}" if seq is not None and position is None else None,
        ) if p)
        super().__init__(f"{place}: {reason}" if place else reason)


class TornWrite(CorruptStream):
    """The last write to a replay file was cut off (a crash mid-write); it was never
    acknowledged, and `repair` removes it whole."""


class UndoRefused(BoardcoreError):
    """The undo policy or the history does not allow this undo or redo."""


class SeedUnavailable(BoardcoreError):
    """A decision needs chance but this session does not know the game's seed."""

"""Text cut to a width: the wrapping that a session's plain-text render, the terminal's screens and
the CLI's tables all use.

It sits below every layer (it knows nothing of games or sessions, only rich `Text` and cells), so
`Session.render` can wrap a game's picture without reaching up into the terminal interface.
"""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text


def measure(width: int) -> Console:
    """A console used only to wrap text to `width` (never printed to)."""
    return Console(width=width, highlight=False, color_system=None, file=_Nowhere())


class _Nowhere:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """`text` cut into rows of at most `width` cells, continuation rows indented by `indent`."""
    console = measure(width)
    rows = list(text.wrap(console, width))
    if not rows:
        return [Text("")]
    if indent and len(rows) > 1 and width - indent >= 10:
        for row in rows[1:]:
            row.rstrip()            # the space a row was broken at: the join puts one back
        rest = Text(" ").join(rows[1:])
        rows = [rows[0], *(Text(" " * indent) + r for r in rest.wrap(console, width - indent))]
    for row in rows[:-1]:
        row.rstrip()      # the space a row was broken at
    return rows


def cut(text: Text, width: int) -> Text:
    """`text` on one row: cut with an ellipsis if it is wider than `width`."""
    row = text.copy()
    row.truncate(width, overflow="ellipsis")
    return row


# -- a game's picture ------------------------------------------------------------------
BOARD_INDENT = 6
"""How far a board line's continuation rows are indented."""

ITEM_BREAK = re.compile(r" {2,}|(?<=[,;|\]]) |(?<= [-·]) ")
"""Where one item of a board line ends and the next begins: two spaces or more, or a space after a
comma, a semicolon, a bar or a closing bracket, or after a dash or a dot standing alone ("WH 2(+1/2)
BL 2(+1/2)", "M21, M09", "… | R05 …", "turn 9 - Event: …")."""
SPACES = re.compile(" +")


def board_line(line: Text, width: int) -> list[Text]:
    """One line of a game's picture as rows of at most `width` cells, broken between its items
    (`ITEM_BREAK`) so an item stays whole ("BR 2(+1/2)", not "BR" and "2(+1/2)"), unless the last
    item boundary that fits would leave the row less than half full; then at the last space that
    fits, as prose is. Continuation rows are indented by `BOARD_INDENT` (when that leaves room)."""
    plain, rows, start = line.plain, [], 0
    room, indent = width, BOARD_INDENT if width - BOARD_INDENT >= 10 else 0
    while True:
        rest = plain[start:].rstrip()
        if cell_len(rest) <= room:
            rows.append(line[start:start + len(rest)])
            break
        fit = start
        while fit < len(plain) and cell_len(plain[start:fit + 1]) <= room:
            fit += 1
        end, after = _board_break(plain, start, fit, room)
        rows.append(line[start:end])
        start, room = after, width - indent
    return [rows[0], *(Text(" " * indent) + r for r in rows[1:])]


def _board_break(plain: str, start: int, fit: int, room: int) -> tuple[int, int]:
    """Where a row that begins at `start` and fits up to `fit` ends, and where the next one begins."""
    words = start + len(plain[start:]) - len(plain[start:].lstrip(" "))    # past the row's own indent
    gaps = [m for m in SPACES.finditer(plain, words) if m.start() <= fit]
    items = [m for m in gaps if ITEM_BREAK.match(plain, m.start()) and m.start() - start >= room // 2]
    chosen = items[-1] if items else gaps[-1] if gaps else None
    if chosen is None:                  # one word wider than the row: cut it
        return fit, fit
    return chosen.start(), chosen.end()


def board_rows(picture: Any, width: int) -> list[Text]:
    """The game's render as rows (rich markup understood; each line wrapped by `board_line`)."""
    text = picture if isinstance(picture, Text) else Text.from_markup(str(picture))
    return [r for line in text.split("\n") for r in board_line(line, width)]

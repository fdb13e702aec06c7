"""Reports fitted to the terminal: prose wrapped between words and tables from rich whose columns
share the width, so nothing is cut mid-word by the terminal (`refer/ence`) at 80 columns.

The width is the terminal's, else `$COLUMNS`, else 80 (rich's rule), so a report written to a file
is laid out for 80 columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from boardcore.text import wrap


def console() -> Console:
    return Console(highlight=False)


def paragraph(out: Console, text: str, indent: int = 0) -> None:
    """`text` wrapped between words, continuation rows indented by `indent` more than the first."""
    for row in wrap(Text(text), out.width, indent=indent):
        out.print(row, no_wrap=True, overflow="crop", crop=True)


NAME_ROOM = 10
"""The fewest cells a column of names is narrowed to before the figures beside it wrap too."""


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int, names: Sequence[int] = (0,)) -> Table:
    """A plain table (no rules drawn, a bold header) of `rows` under `headers`, at most `width` cells wide.

    Each column has its widest cell while that fits. When it does not, the columns numbered in `names`
    (free text: agents' names) give up room first, wrapping between words or folding, and the figures
    stay whole; only when a column of names would be narrower than `NAME_ROOM` do the figures wrap too
    (an interval's two ends on two rows)."""
    natural = [max(cell_len(str(row[i])) for row in (headers, *rows)) for i in range(len(headers))]
    figures = sum(w for i, w in enumerate(natural) if i not in names) + 2 * (len(headers) - 1)
    room = (width - figures) // max(len(names), 1)
    whole = room >= NAME_ROOM
    grid = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", padding=(0, 1))
    for i, head in enumerate(headers):
        if not whole:
            grid.add_column(head, overflow="fold")
        elif i in names:
            grid.add_column(head, overflow="fold", max_width=room)
        else:
            grid.add_column(head, min_width=natural[i])
    for row in rows:
        grid.add_row(*row)
    return grid

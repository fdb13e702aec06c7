"""One turn's screen, laid out to fit the terminal (80×24 unless it is bigger).

A screen is rows of rich `Text`, built from top to bottom by priority: the status line, what
happened since the player's last decision, the numbered options, then as much of the board as
is left room for (the whole board is a key away). Nothing here reads input or prints: the loop
in `boardcore.terminal.loop` does, so the layout can be tested as data.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from math import ceil
from typing import Any

from rich.text import Text

from boardcore.analysis.replay import Line
from boardcore.text import board_line, cut, wrap
from boardcore.game.rules import final_scores, verdict

MIN_COLUMNS, MIN_ROWS = 40, 12
SEAT = re.compile(r"\bP(\d+)(?!\d)")


def size() -> tuple[int, int]:
    """Columns and rows to lay out for: the terminal's, 80×24 when there is none, never below
    a readable minimum."""
    columns, rows = shutil.get_terminal_size((80, 24))
    return max(columns, MIN_COLUMNS), max(rows, MIN_ROWS)


# -- the status line -------------------------------------------------------------------
def scores(rules: Any, state: Any) -> str:
    """The score of every seat, from the game's public figures (empty when it charts none)."""
    try:
        series = rules.figures(state).get("score") or {}
    except Exception:  # noqa: BLE001 - a status line must not break a turn
        return ""
    return " ".join(f"{name} {value:g}" for name, value in series.items())


def status_line(session: Any, player: int | None = None, width: int | None = None, *, hashed: bool = True) -> str:
    """Game, where it stands (round, phase), whose turn, scores, undo policy and receipt, on one
    line; when that is wider than `width`, the least needed parts go first: the receipt (said on
    quitting; `boardcore head` prints it whole), then the scores, then the undo policy, then where.
    `hashed=False` gives the position without the hash, for a text that may be passed on while
    information is hidden (the hash would let a reader test guesses of it, as the viewer says)."""
    state = session.state
    parts = {"game": session.rules.name, "where": session.rules.stage(state)}
    outcome = session.outcome
    if outcome is not None:
        parts["turn"] = verdict(outcome)
        parts["scores"] = final_scores(outcome)
    else:
        parts["turn"] = ", ".join(f"P{p}" for p in session.to_act) + " to act"
        parts["scores"] = scores(session.rules, state)
    parts["undo"] = f"undo {session.undo_policy}"
    parts["receipt"] = receipt(session) if hashed else f"position {session.head.position}"
    for drop in ("", "receipt", "scores", "undo", "where"):
        parts.pop(drop, None)
        line = " · ".join(p for p in parts.values() if p)
        if width is None or len(line) <= width:
            break
    return line


def receipt(session: Any) -> str:
    """The stream's head as a player may hand it to `boardcore audit --head` ("receipt 151:0d41d9da")."""
    head = session.head
    return f"receipt {head.position}:{head.hash[:8]}"


# -- what happened ---------------------------------------------------------------------
def history_rows(lines: Sequence[Line], width: int) -> list[Text]:
    """History lines as rows: the position, then the words; a decision flush left, its facts
    indented under it."""
    rows: list[Text] = []
    for line in lines:
        lead = f"{line.position:>5} " + ("" if line.decision else "  ")
        rows.extend(wrap(Text(lead) + Text(line.text), width, indent=len(lead)))
    return rows


def since_rows(lines: Sequence[Line], width: int, budget: int, first: bool,
               reader: int | None = None) -> list[Text]:
    """"Since your last decision" in at most `budget` rows, in the order it happened.

    When it does not all fit, the game's signposts (a phase begun, a question asked: `Line.signpost`)
    fold first, each run into one row; then lines are kept by what the reader most needs to know
    (`_need`): what another seat did that names the reader, the other seats' decisions, other facts,
    and the folded signposts last, the most recent first within each. The heading says how many
    lines are left out and that the `s` key shows them."""
    if not lines or budget < 2:
        return []
    head = "Since the game began" if first else "Since your last decision"
    whole = [history_rows([line], width) for line in lines]
    if 1 + sum(map(len, whole)) <= budget:
        return [Text(head + ":", style="bold"), *(r for g in whole for r in g)]
    items = _folded(lines, width)
    order = sorted(range(len(items)), key=lambda i: (_need(items[i][0], reader), -i))
    kept, used = set(), 1
    for i in order:
        if used + len(items[i][1]) <= budget:
            kept.add(i)
            used += len(items[i][1])
    hidden = len(lines) - sum(len(items[i][0]) for i in kept)
    note = f"{head} (… {hidden} more line{'s' if hidden != 1 else ''}: s shows them all):"
    return [cut(Text(note, style="bold"), width), *(r for i in sorted(kept) for r in items[i][1])]


def _folded(lines: Sequence[Line], width: int) -> list[tuple[list[Line], list[Text]]]:
    """The lines as items to keep or leave out, with their rows: each line on its own, except that a
    run of signposts is one dim row ("  136   Phase: turn start · Turn 4: P1's turn · …")."""
    items: list[tuple[list[Line], list[Text]]] = []
    for line in lines:
        if line.signpost and items and items[-1][0][-1].signpost:
            items[-1][0].append(line)
        else:
            items.append(([line], []))
    for run, rows in items:
        if run[0].signpost:
            words = " · ".join(line.text for line in run)
            rows.append(cut(Text(f"{run[0].position:>5}   {words}", style="dim"), width))
        else:
            rows.extend(history_rows(run, width))
    return items


def _need(run: Sequence[Line], reader: int | None) -> int:
    """How much a reader needs a line (0 most): another seat's doing that names the reader ("P2 takes
    M22 at random from P1's hand"), another seat's decision, any other fact, a folded signpost."""
    line = run[0]
    if line.signpost:
        return 3
    seats = {int(n) for n in SEAT.findall(line.text)}
    if reader is not None and reader in seats and (seats - {reader} or line.player not in (None, reader)):
        return 0
    return 1 if line.decision and line.player != reader else 2


# -- options ---------------------------------------------------------------------------
def option_pages(options: Sequence[str], width: int, rows: int) -> list[list[Text]]:
    """The numbered options in columns (numbers running down each column), cut into pages of
    at most `rows` rows; a page that is not the last ends with a row saying so."""
    if not options:
        return [[]]
    items = [f"{n:>3}. {text}" for n, text in enumerate(options, 1)]
    col = max(len(i) for i in items) + 2
    columns = max(1, min(3, width // col)) if col <= width // 2 else 1
    if columns == 1:
        blocks = [wrap(Text(i), width, indent=5) for i in items]
    else:
        blocks = [[cut(Text(i), col - 2)] for i in items]
    per_page = _per_page(blocks, columns, rows)
    pages = []
    for start in range(0, len(items), per_page):
        chunk = blocks[start:start + per_page]
        page = _columns(chunk, columns, col) if columns > 1 else [r for b in chunk for r in b]
        if start + per_page < len(items):
            page.append(Text(f"     … options {start + per_page + 1}-{len(items)} follow: m shows them", style="dim"))
        pages.append(page)
    return pages


def _per_page(blocks: list[list[Text]], columns: int, rows: int) -> int:
    """How many options fit in `rows` rows (one row kept for "more follow" when they do not all fit)."""
    if columns > 1:
        if ceil(len(blocks) / columns) <= rows:
            return len(blocks)
        return max(1, (rows - 1) * columns)
    used = 0
    for n, block in enumerate(blocks):
        used += len(block)
        if used > rows:
            return max(1, n if used - len(block) <= rows - 1 else n - 1)
    return len(blocks)


def _columns(blocks: list[list[Text]], columns: int, col: int) -> list[Text]:
    height = ceil(len(blocks) / columns)
    out = []
    for r in range(height):
        row = Text()
        for c in range(columns):
            i = c * height + r
            if i < len(blocks):
                cell = blocks[i][0]
                row.append_text(cell)
                if c < columns - 1 and (c + 1) * height + r < len(blocks):
                    row.append(" " * (col - cell.cell_len))
        out.append(row)
    return out


def focus(picture: Any, player: int | None, width: int, budget: int) -> tuple[list[Text], bool]:
    """As much of the board as fits `budget` rows, the part that concerns `player` first.

    A render is read as blocks (a row flush left and the indented rows under it); a block that
    begins with another seat's name (`P2 …`) is that seat's. The first block (where the game
    stands) and `player`'s own come first, then the shared blocks, whole, while they fit.
    Returns the rows and whether the whole board is shown."""
    text = picture if isinstance(picture, Text) else Text.from_markup(str(picture))
    blocks: list[list[Text]] = []
    for line in text.split("\n"):
        if not blocks or (line.plain[:1] not in (" ", "\t") and line.plain.strip()):
            blocks.append([])
        blocks[-1].extend(board_line(line, width))
    if sum(map(len, blocks)) <= budget:
        return [r for b in blocks for r in b], True

    def seat(block: list[Text]) -> int | None:
        match = SEAT.match(block[0].plain) if block else None
        return int(match.group(1)) if match else None

    order = [0] + [i for i, b in enumerate(blocks) if i and seat(b) == player and player is not None] \
        + [i for i, b in enumerate(blocks) if i and seat(b) is None]
    chosen, used = set(), 0
    for i in order:
        if used + len(blocks[i]) <= budget:
            chosen.add(i)
            used += len(blocks[i])
    return [r for i in sorted(chosen) for r in blocks[i]], False


# -- the whole screen ------------------------------------------------------------------
def compose(*, status: str, since: Sequence[Line], first: bool, options: Sequence[str], page: int,
            picture: Any, player: int | None, notice: Sequence[str], keys: str,
            width: int, height: int) -> tuple[list[Text], int]:
    """The rows of one turn's screen, above the prompt (which takes the last row).

    Room is shared by priority: status, notices and the key line are always there; then what
    happened (up to a third of the room), the options (paged when many), and the board gets
    what is left. Returns the rows and how many option pages there are."""
    top = [cut(Text(status, style="bold"), width)]  # the caller fits it: status_line(..., width)
    bottom = [r for n in notice for r in wrap(Text(n, style="yellow"), width)]
    bottom.append(cut(Text(keys, style="dim"), width))
    room = height - 1 - len(top) - len(bottom)
    happened = since_rows(since, width, min(room // 3 + 1, room), first, player)
    room -= len(happened)
    pages = option_pages(options, width, max(3, room - 1))
    chosen = pages[page % len(pages)]          # m past the last page comes back to the first
    room -= len(chosen)
    board: list[Text] = []
    if picture is not None and room >= 2:
        board, whole = focus(picture, player, width, room)
        if not whole:
            board, _ = focus(picture, player, width, room - 1)
            board.append(Text("  … v shows the whole board", style="dim"))
        elif room > len(board) and board:
            board.append(Text(""))
    middle = [*happened, *board, *chosen][: max(0, height - 1 - len(top) - len(bottom))]
    return [*top, *middle, *bottom], len(pages)

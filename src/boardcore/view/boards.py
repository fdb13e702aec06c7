"""The board pictures of a whole game, stored small: every SVG cut into pieces, each distinct piece
kept once, and each picture written as the changes from the one before.

A board is redrawn at every decision, but between two decisions most of it stays as it was (the
map, the tracks, the cards nobody touched). Cutting each SVG after every `>` gives pieces of about
one tag; a table holds each distinct piece once, and each picture is a list of operations on the
previous picture's pieces: `[start, stop]` copies that run of the previous picture, a number adds
that piece from the table. A 40 KB board whose few pieces change per decision then costs tens of
bytes per step instead of 40 KB, and the page rebuilds any picture by replaying the operations.

Nothing is parsed: the pieces are plain substrings, so joining a picture's pieces gives back the
game's SVG byte for byte (`decode` is the page script's algorithm, kept here for the tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher


class Boards:
    """`pieces`: the table of distinct pieces; `pictures`: one list of operations per picture."""

    __slots__ = ("pieces", "pictures", "_index")

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.pictures: list[list[int | list[int]]] = []
        self._index: dict[str, int] = {}

    def _ids(self, svg: str) -> list[int]:
        index, pieces = self._index, self.pieces
        out = []
        cut = svg.split(">")
        last = cut.pop()
        for piece in [c + ">" for c in cut] + ([last] if last else []):
            found = index.get(piece)
            if found is None:
                found = index[piece] = len(pieces)
                pieces.append(piece)
            out.append(found)
        return out


def encode(svgs: Sequence[str]) -> Boards:
    """The pictures in order, each as operations on the one before (the first on an empty one)."""
    boards = Boards()
    previous: list[int] = []
    for svg in svgs:
        current = boards._ids(svg)
        boards.pictures.append(_changes(previous, current))
        previous = current
    return boards


def _changes(previous: list[int], current: list[int]) -> list[int | list[int]]:
    """`current` as copies of runs of `previous` and new piece ids. Runs shorter than three
    pieces are cheaper written out than referred to."""
    if previous == current:
        return [[0, len(current)]] if current else []
    ops: list[int | list[int]] = []
    matcher = SequenceMatcher(None, previous, current, autojunk=len(previous) > 400)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" and i2 - i1 >= 3:
            ops.append([i1, i2])
        elif tag != "delete":
            ops.extend(current[j1:j2])
    return ops


def decode(boards: Boards) -> list[str]:
    """Every picture back as its SVG text (what the page's script does, step by step)."""
    out, previous = [], []
    for ops in boards.pictures:
        current: list[int] = []
        for op in ops:
            if isinstance(op, list):
                current.extend(previous[op[0]:op[1]])
            else:
                current.append(op)
        out.append("".join(boards.pieces[i] for i in current))
        previous = current
    return out

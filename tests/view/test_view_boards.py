"""The board store: every picture comes back byte for byte, and a board that changes a little per
decision costs little per decision."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from boardcore.view import boards

TAGS = st.sampled_from(['<rect x="1"/>', '<circle r="2"/>', "<g>", "</g>", '<text x="3">P1</text>', "a>b", ">",
                        "plain text", "", "<text>é ✓ </text>"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(TAGS, max_size=30).map("".join), max_size=12))
def test_every_picture_comes_back_byte_for_byte(svgs):
    assert boards.decode(boards.encode(svgs)) == svgs


def test_a_piece_is_stored_once_however_often_it_is_drawn():
    svg = '<svg viewBox="0 0 9 9">' + '<rect x="1" y="1"/>' * 50 + "</svg>"
    encoded = boards.encode([svg, svg, svg])
    assert encoded.pieces.count('<rect x="1" y="1"/>') == 1
    assert encoded.pictures[1] == encoded.pictures[2] == [[0, 52]]       # unchanged: one copy of everything


def test_a_small_change_to_a_large_board_costs_a_few_bytes():
    background = "".join(f'<polygon points="{i},0 {i},9 9,{i}"/>' for i in range(600))   # about 20 KB
    svgs = [f'<svg viewBox="0 0 600 600">{background}<text x="1">score {n}</text><circle cx="{n % 7}"/></svg>'
            for n in range(200)]
    encoded = boards.encode(svgs)
    assert boards.decode(encoded) == svgs
    per_step = [len(json.dumps(ops, separators=(",", ":"))) for ops in encoded.pictures[1:]]
    assert max(per_step) < 40, per_step[:5]
    assert len(json.dumps(encoded.pieces)) < len(svgs[0]) + 200 * 60


def test_runs_too_short_to_refer_to_are_written_out():
    encoded = boards.encode(["<a><b><c>", "<a><x><c>"])
    assert encoded.pictures[1] == [0, 3, 2]

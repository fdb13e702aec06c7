"""The turn screen as data: whatever the game, it fits the terminal, keeps the status line, what
happened that the player most needs to know and the prompt's room, and pages what does not fit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.text import Text

from boardcore import games
from boardcore.analysis import replay
from boardcore.game.errors import BoardcoreError
from boardcore.analysis.replay import Line
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.text import ITEM_BREAK, board_line
from boardcore.terminal import screen
from boardcore.terminal.loop import Terminal, play_loop

BOARD = """[bold]A Game[/bold] round 2
Shared market: a, b, c
P1 score 3
   hand: secret-of-P1
P2 score 4
   hand: secret-of-P2
Waiting for P2"""


def lines(n: int, start: int = 10) -> list[Line]:
    """`n` lines of history, every third a decision of P2's."""
    return [Line(start + i, start + i, i % 3 == 0, f"event number {start + i} in words", player=2 if i % 3 == 0 else None)
            for i in range(n)]


@pytest.mark.parametrize("width, height", [(80, 24), (120, 40), (40, 12)])
@pytest.mark.parametrize("n_options", [0, 3, 21, 90])
def test_a_turn_screen_always_fits_and_keeps_status_last_events_and_keys(width, height, n_options):
    since = lines(30)
    options = [f"option {i} with some words about what it costs" for i in range(n_options)]
    rows, pages = screen.compose(status="game · P1 to act", since=since, first=False, options=options, page=0,
                                 picture=BOARD * 3, player=1, notice=["a notice"], keys="keys",
                                 width=width, height=height)
    assert len(rows) <= height - 1 and all(r.cell_len <= width for r in rows)   # the prompt has the last row
    text = [r.plain for r in rows]
    assert text[0] == "game · P1 to act" and text[-1] == "keys" and "a notice" in text
    latest = [line for line in since if line.decision][-1]
    assert any(str(latest.position) in t and latest.text in t for t in text)   # the other seat's latest decision
    shown = sum(t.strip().split(".")[0].strip().isdigit() for t in text)
    assert pages >= 1 and (n_options == 0 or shown >= 1)
    if pages > 1:
        assert any("m shows them" in t for t in text)


def test_the_options_of_every_page_together_are_all_options_once():
    options = [f"choice {i}" for i in range(1, 60)]
    pages = screen.option_pages(options, 80, 8)
    numbers = [int(cell.split(".")[0]) for page in pages for row in page for cell in row.plain.split("  ")
               if cell.strip() and cell.strip().split(".")[0].isdigit()]
    assert sorted(numbers) == list(range(1, 60)) and len(pages) > 1


def test_the_board_focus_keeps_the_player_s_own_part_and_drops_others_hands():
    rows, whole = screen.focus(BOARD, 1, 80, 5)
    text = "\n".join(r.plain for r in rows)
    assert not whole and "A Game round 2" in text and "secret-of-P1" in text and "secret-of-P2" not in text
    rows, whole = screen.focus(BOARD, 1, 80, 50)
    assert whole and len(rows) == len(BOARD.splitlines())


GAP = 3


def breaks(line: str, width: int) -> list[tuple[str, int]]:
    """Each row `board_line` makes of `line`, with the offset in `line` where its text ends."""
    out, at = [], 0
    for row in board_line(Text(line), width):
        text = row.plain.lstrip(" ") if out else row.plain
        at = line.index(text, at) + len(text)
        out.append((row.plain, at))
    return out


@pytest.mark.parametrize("game", ["solar_sphere", "apogee", "warlords"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_a_board_is_wrapped_once_between_its_items_at_the_width_it_is_shown_at(game, width):
    """A game's picture is one line per item list and the screen alone wraps it, at the width it has.
    A row is broken where the next item would not fit (the pictures part items by up to GAP spaces),
    between items ("BR 2(+1/2)" stays whole), and inside an item only when the last item boundary that
    fits would leave the row less than half full. The games wrapped at 100 columns themselves, so at 80
    a long line came out as a full row, a short one, and a continuation that would have fitted; and a
    row broke at any space, splitting "BR" from "2(+1/2)" and "(pile" from "23)"."""
    session = Session.load(Path(__file__).resolve().parents[2] / "replays" / game / "2p.jsonl")
    for position in range(1, session.position, max(1, session.position // 12)):
        picture = str(session.rules.render(session.state_at(position), 1))
        for line in (Text.from_markup(m).plain for m in picture.split("\n")):
            rows = breaks(line, width)
            assert all(len(row) <= width for row, _ in rows)
            assert " ".join(line.split()) == " ".join(" ".join(r for r, _ in rows).split())   # nothing lost
            begun = 0
            for (row, end), (after, _) in zip(rows, rows[1:]):
                rest = line[end:].lstrip(" ")
                if ITEM_BREAK.match(line, end):
                    following = ITEM_BREAK.split(rest)[0]
                else:
                    assert not any(m.start() >= begun + width // 2 for m in ITEM_BREAK.finditer(line, begun, end)), \
                        (row, after)
                    following = rest.split()[0]
                assert len(row) + GAP + len(following) > width, (row, after)
                begun = end + len(line[end:]) - len(rest)


def test_since_keeps_the_latest_lines_and_says_how_many_more_there_are():
    rows = screen.since_rows(lines(20), 80, 5, first=False)
    assert len(rows) == 5 and "16 more lines: s shows them all" in rows[0].plain
    assert [r.plain.split()[0] for r in rows[1:]] == ["19", "22", "25", "28"]   # P2's latest decisions


P2_TURN = [Line(10, 10, False, "P1 gains 2 ore"), Line(11, 11, False, "Phase: Recall", signpost=True),
           Line(12, 12, False, "P2 to move the Base Ship", signpost=True),
           Line(13, 13, True, "P2: Take a mercenary at random from P1's hand", player=2),
           Line(14, 14, False, "P2 takes M19 at random from P1's hand"), Line(15, 15, False, "P2 gains 2 Infantry"),
           Line(16, 16, True, "P2: End the Action Phase", player=2), Line(17, 17, False, "Phase: end of the turn",
           signpost=True), Line(18, 18, False, "P2's turn ends", signpost=True),
           Line(19, 19, False, "P1 to move the Base Ship", signpost=True)]
"""A turn of P2's since P1's last decision: bookkeeping around what P2 did to P1."""


def test_since_shows_what_was_done_to_the_reader_and_the_decisions_first_and_folds_signposts():
    """At 80×24 the last rows were bookkeeping ("Phase: Recall", "P2's turn ends") and what P2 did
    to P1's hand was only under `s`. Now the lines naming the reader that another seat caused come
    first, then the other seats' decisions, then other facts; signposts fold into one row a run."""
    rows = [r.plain for r in screen.since_rows(P2_TURN, 80, 4, first=False, reader=1)]
    assert "7 more lines" in rows[0]
    assert [r.split()[0] for r in rows[1:]] == ["13", "14", "16"]
    rows = [r.plain for r in screen.since_rows(P2_TURN, 80, 7, first=False, reader=1)]
    assert [r.split()[0] for r in rows[1:]] == ["10", "13", "14", "15", "16", "17"]   # as it happened
    assert rows[-1].split() == "17 Phase: end of the turn · P2's turn ends · P1 to move the Base Ship".split()
    assert "2 more lines" in rows[0] and not any("Phase: Recall" in r for r in rows)
    rows = [r.plain for r in screen.since_rows(P2_TURN, 80, 11, first=False, reader=1)]
    assert rows[0] == "Since your last decision:" and len(rows) == 11        # room for all: each whole


def test_told_drops_empty_words_and_counts_repeats():
    same = [Line(p, p, False, "a pile shuffled") for p in (2, 3, 4)]
    told = replay.told([*same, Line(5, 5, False, "  "), Line(6, 6, True, "P1 takes a card")])
    assert [line.text for line in told] == ["a pile shuffled (×3)", "P1 takes a card"]


def test_status_line_drops_least_needed_parts_to_fit():
    """At 80 columns the status line kept the receipt and dropped round, phase and undo policy; the
    receipt goes first now (`boardcore head` prints it whole), then the scores, then the undo policy."""
    s = Session.new(games.get("warlords"), players=2, seed=3, seats=("human", "human"))
    full = screen.status_line(s, 1)
    where, receipt = s.rules.stage(s.state), f"receipt {s.head.position}:{s.head.hash[:8]}"
    assert full == f"warlords · {where} · P1 to act · P1 0 P2 0 · undo own · {receipt}"
    assert screen.status_line(s, 1, width=len(full) - 1) == f"warlords · {where} · P1 to act · P1 0 P2 0 · undo own"
    assert screen.status_line(s, 1, width=len(full) - len(receipt) - 4) == f"warlords · {where} · P1 to act · undo own"
    assert screen.status_line(s, 1, width=50) == f"warlords · {where} · P1 to act"


def test_a_finished_game_s_status_line_keeps_the_result_before_the_scores():
    s = Session.load(Path(__file__).resolve().parents[2] / "replays" / "warlords" / "2p.jsonl")
    assert screen.status_line(s, 1, width=90) == "warlords · turn 14, game over · game over: P1 wins · " \
        "scores P1=36 P2=8 · undo free"
    assert screen.status_line(s, 1, width=64) == "warlords · turn 14, game over · game over: P1 wins · undo free"


def test_hot_seat_without_a_terminal_hands_over_in_a_line_and_own_refuses_another_s_undo(tmp_path, toy):
    path = tmp_path / "hot.jsonl"
    Session.new(toy, players=2, seed=2, seats=("human", "human"), store=JsonlFile(path))
    out = io.StringIO()
    played = Session.load(path)
    start = played.position
    play_loop(played, name=str(path), terminal=Terminal(io.StringIO("1\nu\nh\nq\n"), out))
    text = out.getvalue()
    assert "P1's turn — press Enter" in text and "P1 is done. P2's turn — press Enter" in text
    assert "P2 may not undo P1's decision" in text and "History as P2 sees it" in text
    assert f"goonwith`boardcoreplay{path}`" in "".join(text.split())
    assert Session.load(path).position == played.position > start   # P1's decision saved as it went
    hidden = [c for c in Session.load(path).state.hands[0]]
    p2_screen = text.split("P1 is done.")[1]
    assert not any(f"card={c}" in p2_screen or f"card {c}" in p2_screen for c in hidden)


def test_every_game_s_first_screen_fits_80_by_24(tmp_path):
    for name in ("solar-sphere", "apogee", "warlords"):
        s = Session.new(games.get(name), players=2, seed=1, seats=("human", "human"))
        actor = s.to_act[0]
        view = s.rules.view(s.state, actor)
        options = [s.rules.describe(view, a, actor) for a in s.legal_actions(actor)]
        rows, _ = screen.compose(status=screen.status_line(s, actor, 80), since=replay.told(replay.since(s, actor)),
                                 first=True, options=options, page=0, picture=s.rules.render(s.state, actor),
                                 player=actor, notice=[], keys="keys", width=80, height=24)
        assert len(rows) <= 23 and all(isinstance(r, Text) and r.cell_len <= 80 for r in rows), name


def test_branch_in_play_refuses_a_position_that_is_not_a_decision_before_asking_for_a_file(tmp_path, toy):
    """`b` asked for the branch's file name first and only then said the position was not a decision."""
    path = tmp_path / "g.jsonl"
    Session.new(toy, players=2, seed=2, seats=("human", "human"), undo_policy="free", store=JsonlFile(path))
    session = Session.load(path)
    fact = next(p for p in range(2, session.position + 1) if p not in replay.decision_positions(session))
    out = io.StringIO()
    play_loop(session, name=str(path), terminal=Terminal(io.StringIO(f"b\n{fact}\nq\n"), out))
    text = out.getvalue()
    assert f"position {fact} is not a decision" in text and "save the branch as" not in text


def test_a_single_option_is_numbered_1_not_1_1(tmp_path):
    """The key line said "1-1 play" and a wrong number "choose 1-1"."""
    import random

    from boardcore.terminal.loop import Table, options_range

    assert [options_range(n) for n in (0, 1, 5)] == ["text", "1", "1-5"]
    session = Session.new(games.get("warlords"), players=2, seed=4, seats=("human", "human"), undo_policy="free")
    pick = random.Random(4)
    while len(session.legal_actions(session.to_act[0])) != 1:
        session.apply(pick.choice(session.legal_actions(session.to_act[0])))
    table = Table(session, None, Terminal(io.StringIO(), io.StringIO(), interactive=False), "g.jsonl")
    with pytest.raises(BoardcoreError, match="^no option 5: the only option is 1$"):
        table.take(session.to_act[0], "5")
    out = io.StringIO()
    Table(session, session.to_act[0], Terminal(io.StringIO("q\n"), out, interactive=False), "g.jsonl").run()
    assert "\n1 play · v board" in out.getvalue() and "1-1" not in out.getvalue()

"""`boardcore play` as people use it: in a real (pseudo-)terminal of 80×24, for each game.

A hot-seat game is handed over between its two players with a cleared screen, taken back and
redone, read in history, on the whole board and in help, branched, quit and resumed; every turn
screen fits 80×24 with the status line on top, the last events since the player's decision and
the prompt on screen. A game against a bot tells the person what the bot did.
"""

from __future__ import annotations

import pytest

import random

from boardcore import games
from boardcore.analysis import replay
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.terminal import screen

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_driver import COLUMNS, ROWS, Play  # noqa: E402

GAMES = {"solar-sphere": (3, "own"), "apogee": (5, "own"), "warlords": (4, "free")}   # game -> seed, undo policy
"""Warlords plays `free`: under `own` no turn of it can be taken back at a hand-over, since every turn
ends by filling the market from the deck (revealed to the table)."""
MAX_STEPS = 40


def new_game(path, game: str, seed: int, seats=("human", "human"), policy=None) -> Session:
    return Session.new(games.get(game), players=2, seed=seed, seats=seats, store=JsonlFile(path),
                       undo_policy=policy)


def assert_turn_screen(p: Play, path, actor: int) -> None:
    """The screen a player decides on: 80×24 with the status line at the top (nothing scrolled
    away; round, phase and undo policy kept, the receipt only when there is room), the other seats' latest decision since the player's last (else the latest line that is
    not a signpost), and their prompt."""
    session = Session.load(path)
    rows = p.rows
    assert len(rows) == ROWS and all(len(r) <= COLUMNS for r in rows)
    receipt = f"receipt {session.head.position}:{session.head.hash[:8]}"
    assert rows[0].startswith(session.rules.name) and session.rules.stage(session.state) in rows[0], rows[0]
    assert f"undo {session.undo_policy}" in rows[0], rows[0]          # the receipt goes first at 80 columns
    assert (receipt in rows[0]) == (len(screen.status_line(session, actor)) <= COLUMNS), rows[0]
    assert p.actor == actor, p.text
    since = replay.told(replay.since(session, actor))
    wanted = [line for line in since if line.decision and line.player != actor] or \
        [line for line in since if not line.signpost]
    if wanted:
        last = wanted[-1]
        assert any(r.lstrip().startswith(f"{last.position} ") and last.text[:30] in r for r in rows), \
            (last, p.text)
    assert "play · v board · h history · u undo" in p.text


def assert_nothing_private(p: Play, next_player: int) -> None:
    """A hand-over screen says whose turn it is and nothing of anyone's position."""
    used = [r for r in p.rows if r.strip()]
    assert f"P{next_player}'s turn — press Enter" in p.text
    assert len(used) <= 12, p.text
    assert not any(r.startswith(("  1.", "P1>", "P2>")) for r in used)


def play_until_hand_over(p: Play, path) -> tuple[int, int]:
    """Take option 1 on each turn screen until the screen is handed to the other player;
    returns (the player who was deciding, the player it is handed to)."""
    for _ in range(MAX_STEPS):
        if p.handing_over:
            break
        actor = p.actor
        assert actor is not None, p.text
        assert_turn_screen(p, path, actor)
        p.send("1")
    else:
        pytest.fail("no hand-over in 40 decisions")
    return actor, p.handing_over


@pytest.mark.parametrize("game", GAMES)
def test_a_hot_seat_game_in_the_terminal(game, tmp_path):
    path = tmp_path / "game.jsonl"
    seed, policy = GAMES[game]
    new_game(path, game, seed, policy=policy)
    p = Play("play", str(path))

    first = p.handing_over                                   # even the first turn is handed over
    assert first and f"undo policy {policy}" in p.text.lower()
    assert_nothing_private(p, first)
    p.send("")
    assert_turn_screen(p, path, first)

    for _ in range(8):                                       # A takes their decision back at a hand-over,
        a, b = play_until_hand_over(p, path)                 # unless it showed cards or dice to the table
        assert_nothing_private(p, b)
        before = Session.load(path).position
        p.send("u")
        if p.actor == a:
            break
        assert p.handing_over == b and "cannot undo past" in p.text and "undo policy 'own'" in p.text, p.text
        p.send("")
    else:
        pytest.fail("no decision could be taken back at 8 hand-overs")
    assert "took back" in p.text, p.text
    assert Session.load(path).position < before
    p.send("r")                                              # and takes it again: handed over once more
    assert p.handing_over == b and "redone" in p.text, p.text
    assert Session.load(path).position == before
    p.send("")
    assert_turn_screen(p, path, b)

    p.send("u")
    if policy == "own":                                      # B may not undo A's decision
        assert "may not undo" in p.text and "undo policy 'own'" in p.text, p.text
        assert p.actor == b and Session.load(path).position == before
    else:                                                    # B may: the screen goes back to A
        assert p.handing_over == a and "undone" in p.text, p.text
        p.send("")
        p.send("r")
        assert p.handing_over == b and Session.load(path).position == before, p.text
        p.send("")
    assert_turn_screen(p, path, b)

    p.send("h")                                              # history: a page, not redrawn over
    assert f"History as P{b} sees it" in p.text and "-- page" in p.last_row, p.text
    p.send("q")
    assert p.actor == b
    p.send("v")
    assert f"The board as P{b} sees it" in p.text and "-- page" in p.last_row
    p.send("q")
    p.send("?")
    assert "Keys" in p.text and "-- page" in p.last_row
    p.send("q")
    assert p.actor == b

    branch = tmp_path / "branch.jsonl"
    p.send("b")
    assert "branch just before the decision at position" in p.last_row
    p.send("")
    assert "save the branch as" in p.last_row
    p.send(str(branch))
    assert "branch saved as" in p.text and p.actor == b, p.text
    assert Session.load(branch).position == Session.load(path).position

    p.send("q")
    assert p.finish() == 0
    assert "saved" in p.text and f"boardcoreplay{path}" in "".join(p.text.split())   # how to resume
    assert screen.receipt(Session.load(path)) in p.text                         # and the receipt to keep

    again = Play("play", str(path))                          # resume: where it was, handed over first
    assert again.handing_over == b
    again.send("")
    assert_turn_screen(again, path, b)
    again.send("q")
    assert again.finish() == 0


def test_a_game_against_a_bot_says_what_the_bot_did(tmp_path):
    path = tmp_path / "bot.jsonl"
    new_game(path, "warlords", 4, seats=("human", "greedy"))
    p = Play("play", str(path))
    assert p.handing_over is None and p.actor == 1           # one person: no hand-over
    for _ in range(MAX_STEPS):
        p.send("1")
        session = Session.load(path)
        if any(line.player == 2 for line in replay.since(session, 1)):
            break
    else:
        pytest.fail("the bot never moved")
    assert p.actor == 1
    assert_turn_screen(p, path, 1)
    bot_lines = [line for line in replay.told(replay.since(session, 1)) if line.player == 2]
    assert "Since your last decision" in p.text
    assert any(f"{line.position} P2" in p.text for line in bot_lines) or "more line" in p.text
    p.send("q")
    assert p.finish() == 0


def test_what_another_player_did_to_me_is_on_my_screen_and_bookkeeping_folds(tmp_path):
    """Warlords at 80×24: P2 took a card from P1's hand while P1 was away; P1's screen shows that
    (it was only under `s`, below "Phase: Recall" and "P2's turn ends"), and no phase line has a row
    of its own there."""
    path = tmp_path / "taken.jsonl"
    session = new_game(path, "warlords", 1, policy="free")
    choose, taken = random.Random(1), None
    while taken is None or session.to_act != (1,):
        before = session.position
        session.apply(choose.choice(session.legal_actions(session.to_act[0])))
        taken = taken or next((line for line in replay.lines(session, 1, start=before + 1)
                               if line.event["type"] == "card_taken" and "from P1's hand" in line.text), None)
    since = replay.told(replay.since(session, 1))
    assert any(line.signpost and line.text.startswith("Phase:") for line in since)
    assert sum(len(line.text) // COLUMNS + 1 for line in since) > ROWS          # it cannot all be shown

    p = Play("play", str(path), "--as", "1")
    assert p.actor == 1 and "more lines: s shows them all" in p.text, p.text
    assert any(row.lstrip().startswith(f"{taken.position} ") and taken.text[:40] in row for row in p.rows), p.text
    assert not any(row.split()[1:2] == ["Phase:"] for row in p.rows if row[:5].strip().isdigit()), p.text
    p.send("q")
    assert p.finish() == 0


def test_warlords_screen_numbers_the_planets_its_options_name_and_shows_the_hand_in_words(tmp_path):
    """At 80×24 the options said "Deploy onto empty Green 10" while the map showed "GREEN", and the hand
    was "M27, M29, M23, M05"."""
    import re

    from warlords.words import merc

    path = tmp_path / "map.jsonl"
    new_game(path, "warlords", 4, seats=("human", "greedy"))
    p = Play("play", str(path))
    planet = re.compile(r"\b(Red|Blue|Green|Yellow|White|Brown) \d+\b")
    for _ in range(MAX_STEPS):
        named = [m.group(0) for row in p.rows if re.match(r" *\d+\. ", row) for m in planet.finditer(row)]
        if named:
            break
        p.send("2" if any(row.startswith("  2. ") for row in p.rows) else "1")      # 2: a Deploy, often
    else:
        pytest.fail("no option named a planet")
    session = Session.load(path)
    hand = session.state.hands[0]
    shown = " ".join(" ".join(p.rows).split())
    assert merc(session.rules.c, hand[0]) in shown, p.text              # the hand in words, on the turn screen
    p.send("v")
    board = " ".join(" ".join(p.rows).split())
    assert "-- page" in p.last_row and named[0] in board, (named, p.text)   # the map names it the same way
    p.send("q")
    p.send("q")
    assert p.finish() == 0


def test_w_says_why_an_option_is_missing(tmp_path):
    """After "Visit the Solar Sphere with the 2" the only option was a satellite, with no word that the
    build needed resources the player lacked: the screen now says `w` explains, and `w` names the rule."""
    path = tmp_path / "why.jsonl"
    session = new_game(path, "solar-sphere", 3, policy="free")
    pick = random.Random(2)
    while not session.unoffered(session.to_act[0]):
        session.apply(pick.choice(session.legal_actions(session.to_act[0])))
    actor = session.to_act[0]
    (item,) = session.unoffered(actor)
    p = Play("play", str(path), "--as", str(actor))
    assert p.actor == actor and "w says why an option you may look for is missing" in p.text, p.text
    p.send("w")
    shown = " ".join(" ".join(p.rows).split())
    assert "-- page" in p.last_row and f"{item.option}: {item.why} ({item.rule})" in shown, p.text
    p.send("q")
    assert p.actor == actor
    p.send("q")
    assert p.finish() == 0

"""The viewer page, read as bytes and parsed (the browser tests drive it): what it carries for each
saved game, what it leaves out for each reader, and the header's facts."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from html import escape
from html.parser import HTMLParser

import pytest

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.game.rules import Game
from boardcore.session.session import Session
from boardcore.view import boards, page
from boardcore.view.timeline import collect
from view_helpers import PICTURED, ROOT, PicturedPig, bot_game, card, heavy, viewer_data

REPLAYS = sorted((ROOT / "replays").glob("*/*.jsonl"))
VOID = {"meta", "input", "br", "img", "link", "hr", "source", "wbr", "col", "area", "base", "embed", "track"}
TWO_MB = 2 * 1024 * 1024


class Nesting(HTMLParser):
    """Fails on an element closed out of order or left open: the page is one well-formed tree."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()


def well_formed(text: str) -> None:
    parser = Nesting()
    parser.feed(text)
    parser.close()
    assert parser.stack == [], f"left open: {parser.stack}"


def svgs_in(text: str) -> list[str]:
    return re.findall(r"<svg class=\"chart.*?</svg>", text, re.S)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_saved_replay_becomes_a_page_with_every_decision(path):
    session = Session.load(path)
    text = page(session)
    well_formed(text)
    data = viewer_data(text)
    stops = session.boundaries()
    assert [f[0] for f in data["frames"]] == stops                        # one stop per decision, and the end
    assert [f[1] for f in data["frames"]] == [p + 1 for p in stops[:-1]] + [0]
    assert data["total"] == session.position and data["start"] == len(stops) - 1
    rules = session.rules
    table = boards.Boards()
    table.pieces, table.pictures = data["pieces"], data["pictures"]
    drawn = boards.decode(table)
    for k in (0, len(stops) // 2, len(stops) - 1):                      # the game is over: drawn whole
        assert drawn[k] == rules.draw(session.state_at(stops[k]), None)
    assert text.count('data-frame="') == session.position                 # every event in words
    assert "intact" in text and ">legal<" in text and ">fair<" in text
    assert session.head.hash in text
    assert len(text.encode()) < TWO_MB


def test_a_reader_s_page_leaves_out_what_they_could_not_see():
    """P2's hand, never shown to P1 so far, is nowhere in P1's file; the deck is in nobody's."""
    session = bot_game(PICTURED, players=2, seed=3, decisions=6)        # round 2 under way
    state = session.state
    assert session.outcome is None and not session.revealed
    p2_hand = [card(c) for c in state.hands[1]]
    p1_hand = [card(c) for c in state.hands[0]]
    deck = [card(c) for c in state.deck]
    as_p1, as_p2, spectator = page(session, player=1), page(session, player=2), page(session)
    assert p2_hand and not [name for name in p2_hand + deck if name in as_p1]
    assert all(name in as_p1 for name in p1_hand)
    assert all(name in as_p2 for name in p2_hand) and not [n for n in p1_hand + deck if n in as_p2]
    assert not [name for name in p1_hand + p2_hand + deck if name in spectator]
    played = [card(c) for c in state.played]
    assert played and all(name in as_p1 and name in spectator for name in played)   # revealed: public


def test_a_finished_game_with_its_seed_revealed_shows_everything():
    session = bot_game(PICTURED, players=2, seed=3)
    assert session.revealed
    spectator = page(session)
    first_deal = [card(c) for c in session.state_at(session.boundaries()[0]).deck]
    assert all(name in spectator for name in first_deal)                  # even the deck nobody drew
    assert "nothing is hidden any more" in spectator and session.head.hash in spectator


def test_the_log_is_told_in_the_reader_s_words():
    """Each pick is told to its own player by name and to the other as a hidden card (both are
    shown a moment later, when the picks are revealed)."""
    session = bot_game(PICTURED, players=2, seed=3, decisions=2)
    picks = {r.event.player: r.event.card for r in session.history.live if type(r.event).__name__ == "CardPicked"}
    as_p1, as_p2 = page(session, player=1), page(session, player=2)
    assert f"P1 picks {card(picks[1])} face down" in as_p1 and "P2 picks a hidden card face down" in as_p1
    assert f"P2 picks {card(picks[2])} face down" in as_p2 and "P1 picks a hidden card face down" in as_p2
    assert f"the picks are shown: P1 {card(picks[1])}, P2 {card(picks[2])}" in as_p1


def test_the_log_says_who_took_each_decision():
    """The log gave a decision's words alone ("Place Engineers face down"): in Apogee's simultaneous
    placements nothing said whose they were. Each decision line now leads with its taker, as
    `boardcore replay` does."""
    session = Session.load(ROOT / "replays/apogee/2p.jsonl")
    timeline = collect(session, 1)
    decisions = [line for line in timeline.lines if line.decision]
    takers = [r.event.player for r in session.history.live if isinstance(r.event, Decision)]
    assert [line.text.split(":")[0] for line in decisions] == [f"P{p}" for p in takers]
    text = page(session, player=1)
    assert all(f"{escape(line.text)}</li>" in text for line in decisions[:20])


def test_a_game_in_progress_keeps_its_hash_and_says_whether_its_chance_is_proven(tmp_path):
    """The owner, who keeps the seed, exports a page whose audit proves the dice; a copy of the
    record without the seed can only say its chance is not yet provable."""
    path = tmp_path / "g.jsonl"
    session = bot_game(PICTURED, path=path, players=2, seed=4, decisions=3)
    text = page(session, player=1)
    assert session.head.hash not in text and session.head.hash[:12] not in text
    assert ">fair<" in text and ">legal<" in text and "intact" in text
    Path(f"{path}.seed").unlink()
    assert "fair: not yet provable" in page(Session.load(path), player=1)


def test_a_damaged_record_is_shown_as_not_intact(tmp_path):
    path = tmp_path / "g.jsonl"
    bot_game(PICTURED, path=path, players=2, seed=5)
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"die_rolled","value":3' in line)
    lines[at] = lines[at].replace('"die_rolled","value":3', '"die_rolled","value":4', 1)
    path.write_text("\n".join(lines) + "\n")
    text = page(Session.load(path))                                      # loads: the chain is audit's job
    assert "not intact (chain)" in text and "hash chain broken" in text


def test_positions_and_players_are_checked():
    session = bot_game(PICTURED, players=2, seed=3, decisions=4)
    for bad in ({"player": 0}, {"player": 3}, {"at": 0}, {"at": session.position + 1}):
        with pytest.raises(BoardcoreError):
            page(session, **bad)


def test_the_page_opens_at_the_position_asked_for():
    session = bot_game(PICTURED, players=2, seed=3)
    stops = session.boundaries()
    k = next(k for k in range(len(stops) - 1) if stops[k + 1] - stops[k] > 1)   # a decision with facts
    assert viewer_data(page(session, at=stops[k]))["start"] == k
    assert viewer_data(page(session, at=stops[k] + 1))["start"] == k        # among its facts: from where it was taken
    assert viewer_data(page(session, at=1))["start"] == 0                   # the setup: the first decision


def test_rounds_come_from_the_game_s_own_events():
    solar = collect(Session.load(ROOT / "replays/solar_sphere/2p.jsonl"), None)
    assert [r.label for r in solar.rounds] == [f"round {n}" for n in range(1, 7)]
    warlords = collect(Session.load(ROOT / "replays/warlords/2p.jsonl"), None)
    labels = [r.label for r in warlords.rounds]                      # a Warlords turn is one player's
    assert [label.split(",")[0] for label in labels] == [f"turn {n}" for n in range(1, 15)]
    assert {label.split(", ")[1] for label in labels} == {"P1", "P2"}
    apogee = collect(Session.load(ROOT / "replays/apogee/2p.jsonl"), None)
    assert [r.label for r in apogee.rounds] == ["setup", *(f"turn {n}" for n in range(1, 17))]
    frames = solar.frames
    for i, r in enumerate(solar.rounds):
        assert frames[r.frame].round == i and (r.frame == 0 or frames[r.frame - 1].round == i - 1)
    assert collect(bot_game(PICTURED, players=2, seed=3), None).rounds == []   # no opening facts: no rounds


def test_figures_are_charted_score_first_one_point_per_decision():
    session = bot_game(PICTURED, players=2, seed=3)
    text = page(session)
    charts = svgs_in(text)
    assert [ET.fromstring(c).get("aria-label") for c in charts] == ["score", "running total"]
    score = ET.fromstring(charts[0])
    ns = "{http://www.w3.org/2000/svg}"
    assert int(score.get("data-stops")) == len(session.boundaries())
    assert len(score.findall(f"{ns}g")) == 2                              # P1 and P2
    legend = [t.text for t in score.iter(f"{ns}text") if t.get("class") == "legend"]
    final = session.outcome.scores
    assert legend == [f"P1 {final[0]}", f"P2 {final[1]}"]
    assert score.find(f"{ns}line[@class='cursor']").get("data-dx")


@pytest.mark.parametrize("game", ["solar_sphere", "apogee", "warlords"])
def test_a_seat_is_one_colour_on_the_board_and_in_the_charts_and_each_legend_is_keyed(game):
    """The board drew P1 red and the charts P1 blue, and a legend's words carried no swatch."""
    session = Session.load(ROOT / "replays" / game / "2p.jsonl")
    colours = session.rules.colours(session.config)
    board = collect(session, None).frames[-1].svg
    assert set(colours) >= {"P1", "P2"} and all(colour in board for colour in colours.values())
    ns = "{http://www.w3.org/2000/svg}"
    for chart in map(ET.fromstring, svgs_in(page(session))):
        drawn = {g.get("data-series"): g.get("stroke") for g in chart.iter(f"{ns}g") if g.get("class") == "series"}
        assert {name: drawn[name] for name in colours if name in drawn} == \
            {name: colour for name, colour in colours.items() if name in drawn}, chart.get("aria-label")
        keys = [line.get("stroke") for line in chart.iter(f"{ns}line") if line.get("class") == "key"]
        legend = [t.get("fill") for t in chart.iter(f"{ns}text") if t.get("class") == "legend"]
        assert keys == legend and len(keys) == len(set(drawn)), chart.get("aria-label")


def test_a_game_without_figures_says_so():
    session = Session.load(ROOT / "replays/apogee/solo-mission1.jsonl")
    text = page(session)
    if type(session.rules).figures is Game.figures:          # until the game charts its own figures
        assert "charts no figures yet" in text and not svgs_in(text)
    else:
        assert svgs_in(text)


class Mischief(PicturedPig):
    """A board and words holding the text that would end a script element early."""

    name = "toy-pig-mischief"

    def draw(self, view, player):
        return super().draw(view, player).replace("</svg>", "<text>&lt;/script&gt; </script><!-- x</text></svg>")

    def describe(self, state, item, player):
        return "<b>bold</b> </script> " + super().describe(state, item, player)


def test_no_text_of_a_game_can_break_out_of_its_place():
    from boardcore import games

    rules = games.register(Mischief())
    session = bot_game(rules, players=2, seed=3, decisions=4)
    text = page(session)
    data = viewer_data(text)                                              # the data element ends where it should
    table = boards.Boards()
    table.pieces, table.pictures = data["pieces"], data["pictures"]
    assert "</script><!-- x" in boards.decode(table)[0]
    assert "<b>bold</b>" not in text and "&lt;b&gt;bold&lt;/b&gt; &lt;/script&gt;" in text
    well_formed(text)


@pytest.mark.parametrize("game,options", [("solar-sphere", {"players": 4}), ("apogee", {"players": 4}),
                                          ("warlords", {"players": 4})], ids=lambda v: v if isinstance(v, str) else "")
def test_a_four_player_game_with_40_kb_boards_stays_under_2_mb(game, options):
    session = bot_game(heavy(game), seed=2, **options)
    assert session.outcome is not None
    text = page(session)
    sizes = [len(f.svg) for f in collect(session, None).frames]
    assert min(sizes) > 30_000 and len(sizes) > 200                        # real work: big boards, many decisions
    assert len(text.encode()) < TWO_MB, f"{len(text.encode()):,} bytes for {len(sizes)} boards"
    assert json.dumps(viewer_data(text)["pictures"]).count("[") < 40 * len(sizes)   # mostly copies of runs


def test_the_page_fetches_nothing_and_forbids_fetching():
    text = page(bot_game(PICTURED, players=2, seed=3))
    assert "default-src 'none'" in text
    assert not re.search(r"(?:src|href)\s*=\s*[\"'](?:https?:)?//", text)
    assert "@import" not in text and "url(" not in text


def test_a_game_just_created_and_a_branch_make_pages_too(tmp_path):
    fresh = Session.new(PICTURED, players=2, seed=9)
    data = viewer_data(page(fresh))
    assert [f[0] for f in data["frames"]] == [fresh.position] and data["start"] == 0
    played = bot_game(PICTURED, path=tmp_path / "g.jsonl", players=2, seed=9, decisions=5)
    branch = played.branch(at=played.boundaries()[2])
    text = page(branch)
    assert f"at position {played.boundaries()[2]}" in text and ">legal<" in text
    assert [f[0] for f in viewer_data(text)["frames"]] == branch.boundaries()

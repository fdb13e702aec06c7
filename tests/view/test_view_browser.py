"""The viewer in a real browser: Debian's headless Chromium, driven by Playwright.

For every saved replay and for games in progress made with bots (every game, solo and 2 vs 2
included, seen by a player and by a spectator), the page is opened from a file and stepped as a
person would: arrow keys, the slider, the round keys, an address with `#pos=N`. After each step
the board shown must be the one the game drew for that position, the log must highlight the
decision taken there, and at the end the page must have made no request beyond its own file and
logged no console error. A screenshot of each page goes to `test-artifacts/`.

Playwright's own browser download is not available here: it drives `/usr/bin/chromium`. Where
Chromium or Playwright is missing the tests skip with the reason, unless
BOARDCORE_REQUIRE_CHROMIUM=1 (set by .ci/run after installing it), where they fail.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from boardcore.game.rules import Game
from boardcore.session.session import Session
from boardcore.view import page
from boardcore.view.timeline import collect
from view_helpers import ARTIFACTS, PICTURED, ROOT, PicturedPig, bot_game, heavy

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REQUIRED = os.environ.get("BOARDCORE_REQUIRE_CHROMIUM") == "1"

REPLAYS = sorted((ROOT / "replays").glob("*/*.jsonl"))
IN_PROGRESS = {   # id: (game, options, decisions to play, reader)
    "solar-sphere-2p-as-P1": ("solar-sphere", {"players": 2}, 60, 1),
    "solar-sphere-solo-spectator": ("solar-sphere", {"players": 1, "level": 1}, 40, None),
    "apogee-3p-as-P2": ("apogee", {"players": 3}, 70, 2),
    "apogee-solo-as-P1": ("apogee", {"players": 1, "mission": 1}, 25, 1),
    "warlords-2v2-as-P3": ("warlords", {"players": 4}, 80, 3),
    "warlords-solo-spectator": ("warlords", {"players": 1, "level": "standard"}, 50, None),
    "toy-pictured-as-P1": (PICTURED, {"players": 3}, 14, 1),
}


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"BOARDCORE_REQUIRE_CHROMIUM=1 but {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install -e '.[dev]')")
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium; .ci/run does it)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


class Opened:
    """A viewer page open in the browser, with every request it made and every console error."""

    def __init__(self, browser, path: Path, address: str = "", size: tuple[int, int] = (1400, 1000)) -> None:
        self.url = path.as_uri()
        self.tab = browser.new_page(viewport={"width": size[0], "height": size[1]})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.refused: dict[str, str] = {}
        self.tab.on("request", lambda r: self.requests.append(r.url))
        self.tab.on("requestfailed", lambda r: self.refused.setdefault(r.url, r.failure or ""))
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.goto(self.url + address)
        self.tab.wait_for_function("window.boardcoreViewer !== undefined")

    def frame(self) -> int:
        return self.tab.evaluate("boardcoreViewer.frame()")

    def press(self, key: str) -> int:
        self.tab.keyboard.press(key)
        return self.frame()

    def board_text(self) -> str:
        return self.tab.evaluate("boardcoreViewer.board().querySelector('svg').textContent")

    def board_markup(self) -> str:
        return self.tab.evaluate("boardcoreViewer.board().innerHTML")

    def lit(self) -> str | None:
        return self.tab.get_attribute("#log li.current", "data-pos") if self.tab.query_selector(
            "#log li.current") else None

    def close(self) -> None:
        self.tab.close()

    def assert_clean(self) -> None:
        assert self.errors == [], self.errors
        assert {u.split("#")[0] for u in self.requests} == {self.url}, self.requests


def text_of(svg: str) -> str:
    return "".join(ET.fromstring(svg).itertext())


def check_stop(view: Opened, frames, k: int) -> None:
    """The page shows stop `k`: its board (as the game drew it), its decision lit in the log."""
    assert view.frame() == k
    assert view.tab.evaluate("k => boardcoreViewer.svg(k)", k) == frames[k].svg
    assert view.board_text() == text_of(frames[k].svg)
    assert view.lit() == (str(frames[k].decision) if frames[k].decision and view.tab.query_selector(
        f'#log li.decision[data-pos="{frames[k].decision}"]') else None)
    assert view.tab.evaluate("location.hash") == f"#pos={frames[k].position}"


def build(tmp_path: Path, case: str) -> tuple[Path, Session, int | None]:
    if case.startswith("replay:"):
        session, player = Session.load(ROOT / "replays" / f"{case.split(':', 1)[1]}.jsonl"), None
    else:
        game, options, decisions, player = IN_PROGRESS[case]
        session = bot_game(game, seed=11, decisions=decisions, **options)
        assert session.outcome is None, "the game should still be in progress"
    path = tmp_path / f"{case.replace(':', '-').replace('/', '-')}.html"
    path.write_text(page(session, player=player), encoding="utf-8")
    return path, session, player


CASES = [f"replay:{p.parent.name}/{p.stem}" for p in REPLAYS] + list(IN_PROGRESS)


@pytest.mark.parametrize("case", CASES)
def test_stepping_through_a_game_in_the_browser(browser, tmp_path, case):
    path, session, player = build(tmp_path, case)
    timeline = collect(session, player)
    frames, last = timeline.frames, len(timeline.frames) - 1
    view = Opened(browser, path)
    try:
        check_stop(view, frames, last)                                        # opens at the end
        assert view.press("ArrowLeft") == last - 1
        check_stop(view, frames, last - 1)
        assert view.press("ArrowLeft") == last - 2 and view.press("ArrowRight") == last - 1
        assert view.press("Home") == 0
        check_stop(view, frames, 0)
        assert view.press("ArrowLeft") == 0                                   # nothing before the first
        before = view.board_markup()
        changed = next((k for k in range(1, last + 1) if frames[k].svg != frames[0].svg), None)
        if type(session.rules).draw is Game.draw:                             # the placeholder, until the game draws
            assert changed is None and "no picture" in view.board_text()
        else:
            assert changed is not None, "the board never changes"
            view.tab.evaluate("k => boardcoreViewer.show(k)", changed)
            assert view.board_markup() != before
        box = view.tab.locator("#slider").bounding_box()                      # the slider, clicked at a quarter
        view.tab.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] / 2)
        k = view.frame()
        assert k == int(view.tab.input_value("#slider")) and abs(k - 0.25 * last) <= max(2, 0.04 * last)
        check_stop(view, frames, k)
        if len(timeline.rounds) > 1:                                          # round by round
            view.press("Home")
            second = timeline.rounds[1].frame if timeline.rounds[0].frame == 0 else timeline.rounds[0].frame
            assert view.press("Shift+ArrowRight") == second
            assert view.press("Shift+ArrowLeft") == 0
        middle = last // 2                                                    # an address typed while open
        view.tab.evaluate("p => { location.hash = '#pos=' + p; }", frames[middle].position)
        view.tab.wait_for_function("k => boardcoreViewer.frame() === k", arg=middle)
        check_stop(view, frames, middle)
        ARTIFACTS.mkdir(exist_ok=True)
        view.tab.screenshot(path=str(ARTIFACTS / f"view-{path.stem}.png"), full_page=True)
        view.assert_clean()
    finally:
        view.close()


def test_an_address_with_a_position_opens_there(browser, tmp_path):
    path, session, player = build(tmp_path, "replay:warlords/4p-teams")
    frames = collect(session, player).frames
    k = next(k for k in range(10, len(frames) - 1) if frames[k + 1].position - frames[k].position > 2)
    view = Opened(browser, path, f"#pos={frames[k].position}")
    try:
        check_stop(view, frames, k)
        assert view.tab.text_content("#jump-note") == ""
    finally:
        view.close()
    inside = frames[k].position + 2                                           # one of that decision's facts
    view = Opened(browser, path, f"#pos={inside}")
    try:
        assert view.frame() == k
        assert f"position {inside} lies among the facts of a decision" in view.tab.text_content("#jump-note")
        view.tab.evaluate("() => { location.hash = '#pos=1'; }")                 # the setup: the first decision
        view.tab.wait_for_function("() => boardcoreViewer.frame() === 0")
        assert "part of the setup" in view.tab.text_content("#jump-note")
        view.tab.evaluate("() => { location.hash = '#pos=999999'; }")            # past the end: the end
        view.tab.wait_for_function("k => boardcoreViewer.frame() === k", arg=len(frames) - 1)
        assert "past the end of the record" in view.tab.text_content("#jump-note")
        view.tab.click(f'#log li[data-pos="{frames[3].decision}"] a')          # a line of the log is a link
        view.tab.wait_for_function("k => boardcoreViewer.frame() === k", arg=3)
        check_stop(view, frames, 3)
        view.assert_clean()
    finally:
        view.close()


IN_SIGHT = """li => {
    const box = li.getBoundingClientRect(), log = document.getElementById('log').getBoundingClientRect();
    const bar = document.querySelector('nav.timeline').getBoundingClientRect();
    return box.top >= Math.max(log.top, bar.bottom) - 1 && box.bottom <= Math.min(log.bottom, innerHeight) + 1; }"""
"""Whether a log line can be read: inside the log's scroll box and inside the window, below the timeline."""


def test_the_line_being_read_is_always_in_sight_at_1280_by_800(browser, tmp_path):
    """`End` left the log scrolled to the top, and the current line could sit below the window."""
    path, session, player = build(tmp_path, "replay:warlords/2p")
    frames = collect(session, player).frames
    view = Opened(browser, path, size=(1280, 800))
    try:
        last = view.tab.locator("#log li").last
        assert view.tab.evaluate(IN_SIGHT, last.element_handle())                 # opens at the end
        view.press("Home")
        for key in ("End", "Home", "ArrowRight", "ArrowRight", "End", "ArrowLeft", "PageUp", "PageUp"):
            k = view.press(key)
            line = view.tab.locator("#log li.current").first if view.lit() else last
            assert view.tab.evaluate(IN_SIGHT, line.element_handle()), (key, k)
        for k in (len(frames) // 3, len(frames) // 2):
            view.tab.evaluate("k => boardcoreViewer.show(k)", k)
            assert view.tab.evaluate(IN_SIGHT, view.tab.locator("#log li.current").first.element_handle()), k
        view.assert_clean()
    finally:
        view.close()


SMALLEST_TEXT = """() => {
    const svg = boardcoreViewer.board().querySelector('svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Math.min(...[...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale)); }"""


@pytest.mark.parametrize("game", ["solar_sphere", "apogee", "warlords"])
def test_a_board_s_text_is_readable_at_1280_by_800(browser, tmp_path, game):
    """Its smallest text showed at 6-7 px (a 900-unit drawing in a pane of 3/5 of the width, shrunk
    again to 78% of the window's height); Apogee cut Technology names ("Kerosene Liquid…")."""
    path, session, player = build(tmp_path, f"replay:{game}/2p")
    view = Opened(browser, path, size=(1280, 800))
    try:
        for key in ("End", "Home"):
            view.press(key)
            assert view.tab.evaluate(SMALLEST_TEXT) >= 7.8, key
        if game == "apogee":                                   # the rivers' names whole, on two lines
            from apogee.draw import clip, room, two_lines

            frames = collect(session, player).frames
            names = {session.rules.c.tech[k].name for f in frames[::8]
                     for river in session.state_at(f.position).rivers for k in river if k >= 0}
            long = {name for name in names if len(name) > room(96)}
            drawn = "".join(f.svg for f in frames)
            assert long and not any(f">{clip(name, 96)}<" in drawn for name in long)
            assert all(all(f">{line}<" in drawn for line in two_lines(name, 96, 8.5)) for name in long)
            reserves = {session.rules.c.tech[k].name for f in frames[::8] for pl in session.state_at(f.position).areas
                        for k in pl.reserve if k >= 0}                  # and in the reserves, 80 wide
            whole = {n for n in reserves if len(n) > room(74) and len(two_lines(n, 74, 8.5)[1]) <= room(74, 8.5)}
            assert whole and all(all(f">{line}<" in drawn for line in two_lines(n, 74, 8.5)) for n in whole)
        view.assert_clean()
    finally:
        view.close()


def test_an_address_shows_the_position_it_names(browser, tmp_path):
    """`#pos=300` said "position 297" (the decision whose facts hold 300) while the address kept 300:
    it says 300 now, marks line 300 in the log and keeps it in sight; the board is the one drawn
    where that decision was taken, as the note says."""
    path, session, player = build(tmp_path, "replay:warlords/2p")
    frames = collect(session, player).frames
    k = next(k for k in range(10, len(frames) - 1) if frames[k + 1].position - frames[k].position > 3)
    for asked in (frames[k].position, frames[k].position + 3, session.position):
        view = Opened(browser, path, f"#pos={asked}", size=(1280, 800))
        try:
            assert view.tab.text_content("#where").startswith(f"position {asked} of {session.position}")
            assert view.tab.evaluate("location.hash") == f"#pos={asked}"
            if asked == frames[k].position + 3:
                assert view.frame() == k and "its line is marked" in view.tab.text_content("#jump-note")
                line = view.tab.locator(f'#log li[data-pos="{asked}"]')
                assert "asked" in line.get_attribute("class") and view.tab.evaluate(IN_SIGHT, line.element_handle())
            view.assert_clean()
        finally:
            view.close()


def test_a_chart_click_goes_to_that_decision(browser, tmp_path):
    session = bot_game(PICTURED, players=2, seed=3)
    path = tmp_path / "toy.html"
    path.write_text(page(session), encoding="utf-8")
    frames = collect(session, None).frames
    view = Opened(browser, path)
    try:
        chart = view.tab.locator("svg.chart.line").first
        box = chart.bounding_box()
        cursor = view.tab.locator("svg.chart.line .cursor").first
        x_end = float(cursor.get_attribute("x1"))
        chart.click(position={"x": box["width"] * 47 / 560, "y": box["height"] / 2})   # at the first stop
        assert view.frame() == 0 and float(cursor.get_attribute("x1")) < x_end
        check_stop(view, frames, 0)
        view.assert_clean()
    finally:
        view.close()


@pytest.mark.bench
def test_stepping_a_four_player_game_with_40_kb_boards_is_instant(browser, tmp_path):
    session = bot_game(heavy("warlords"), seed=2, players=4)
    path = tmp_path / "heavy.html"
    path.write_text(page(session), encoding="utf-8")
    view = Opened(browser, path)
    try:
        per_step = view.tab.evaluate("""() => {
            const n = Math.min(120, boardcoreViewer.frames), start = performance.now();
            for (let k = 0; k < n; k++) {
                boardcoreViewer.show(k);
                boardcoreViewer.board().querySelector('svg').getBoundingClientRect();   // lay it out
            }
            return (performance.now() - start) / n; }""")
        assert per_step < 60, f"{per_step:.1f} ms per step"
        view.assert_clean()
    finally:
        view.close()


class Reaching(PicturedPig):
    """A board that asks for an image from elsewhere (here only the loopback's discard port)."""

    name = "toy-pig-reaching"

    def draw(self, view, player):
        return super().draw(view, player).replace(
            "</svg>", '<image href="http://127.0.0.1:9/tile.png" width="10" height="10"/></svg>')


def test_the_page_s_policy_refuses_a_fetch_and_the_console_shows_it(browser, tmp_path):
    """What makes "no request, no console error" worth checking: a board that reaches out is
    stopped by the page's own policy, and the refusal is on the console."""
    from boardcore import games

    session = bot_game(games.register(Reaching()), players=2, seed=3, decisions=3)
    path = tmp_path / "reaching.html"
    path.write_text(page(session), encoding="utf-8")
    view = Opened(browser, path)
    try:
        view.tab.wait_for_function("() => boardcoreViewer.board().querySelector('image') !== null")
        view.tab.wait_for_timeout(200)
        outside = [u for u in view.requests if u.startswith("http")]
        assert outside and all(view.refused.get(u) == "csp" for u in outside), view.refused   # stopped inside
        assert any("Content Security Policy" in e for e in view.errors), view.errors
        with pytest.raises(AssertionError):
            view.assert_clean()
    finally:
        view.close()


class Styled(PicturedPig):
    """A board with a style sheet of its own, as drawn SVG often has."""

    name = "toy-pig-styled"

    def draw(self, view, player):
        return super().draw(view, player).replace(
            "<text", "<style>h1, text, li { fill: rgb(200, 0, 0); color: rgb(200, 0, 0); }</style><text", 1)


def test_a_board_s_own_style_stays_inside_the_board(browser, tmp_path):
    from boardcore import games

    session = bot_game(games.register(Styled()), players=2, seed=3)
    path = tmp_path / "styled.html"
    path.write_text(page(session), encoding="utf-8")
    view = Opened(browser, path)
    try:
        colour = "el => getComputedStyle(el).color"
        fill = "el => getComputedStyle(el).fill"
        assert view.tab.eval_on_selector("h1", colour) != "rgb(200, 0, 0)"
        assert view.tab.eval_on_selector("#log li", colour) != "rgb(200, 0, 0)"
        assert view.tab.eval_on_selector("svg.chart text", fill) != "rgb(200, 0, 0)"
        assert view.tab.evaluate(f"({fill})(boardcoreViewer.board().querySelector('text'))") == "rgb(200, 0, 0)"
        view.assert_clean()
    finally:
        view.close()

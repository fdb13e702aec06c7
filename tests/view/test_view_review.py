"""The viewer with a review: the win-probability chart under the timeline, in real Chromium, where each
questioned decision is one click from its position (the board where it was taken, its line lit)."""

from __future__ import annotations

import pytest

from boardcore.game.errors import BoardcoreError
from boardcore.analysis.review import review
from boardcore.session.session import Session
from boardcore.view import page
from boardcore.view.timeline import collect
from test_view_browser import Opened, browser, check_stop  # noqa: F401  (the fixture, shared)
from view_helpers import ARTIFACTS, ROOT

WARLORDS_2P = ROOT / "replays" / "warlords" / "2p.jsonl"


@pytest.fixture(scope="module")
def reviewed():
    session = Session.load(WARLORDS_2P)
    return session, review(session, top=2, budget=40)


def test_a_costly_decision_is_one_click_away(browser, tmp_path, reviewed):  # noqa: F811
    session, report = reviewed
    path = tmp_path / "reviewed.html"
    path.write_text(page(session, review=report), encoding="utf-8")
    frames = collect(session, None).frames
    stop_of = {f.decision: k for k, f in enumerate(frames)}
    view = Opened(browser, path)
    try:
        assert view.tab.evaluate("document.querySelector('nav.timeline').nextElementSibling.className") == \
            "charts win-chances"
        assert view.frame() == len(frames) - 1
        cursor = view.tab.locator("svg.chances .cursor")
        x0, dx = float(cursor.get_attribute("data-x0")), float(cursor.get_attribute("data-dx"))
        for n, q in enumerate(report.questioned, 1):                       # a dot on the chart
            view.tab.locator(f'svg.chances a.costly[data-pos="{q.position}"]').click()
            k = stop_of[q.position]
            view.tab.wait_for_function("k => boardcoreViewer.frame() === k", arg=k)
            check_stop(view, frames, k)
            assert view.lit() == str(q.position)                           # the decision's own line
            assert abs(float(cursor.get_attribute("x1")) - (x0 + k * dx)) < 0.01
            assert view.tab.text_content(f'svg.chances a.costly[data-pos="{q.position}"] text') == str(n)
        view.press("End")
        first = report.questioned[0]
        view.tab.click(f'ol.costly a[data-pos="{first.position}"]')        # or its line in the list below
        view.tab.wait_for_function("k => boardcoreViewer.frame() === k", arg=stop_of[first.position])
        ARTIFACTS.mkdir(exist_ok=True)
        view.tab.screenshot(path=str(ARTIFACTS / "view-review-warlords-2p.png"), full_page=True)
        view.assert_clean()
    finally:
        view.close()


def test_the_chart_draws_every_seat_at_every_stop(reviewed):
    session, report = reviewed
    html = page(session, review=report)
    chart = html.split('<svg class="chart line chances"', 1)[1].split("</svg>", 1)[0]
    lines = [part.split('"', 1)[0] for part in chart.split('<polyline points="')[1:]]
    assert len(lines) == 2 and all(len(line.split()) == len(report.decisions) + 1 for line in lines)
    assert "P1 100%" in chart and "P2 0%" in chart                      # the end: P1 won
    assert page(session).count("win-chances") == 0                       # no review, no chart


def test_a_review_by_another_reader_is_refused(reviewed):
    session, report = reviewed
    with pytest.raises(BoardcoreError, match="another reader"):
        page(session, player=1, review=report)

"""The page shell every boardcore page shares (the viewer and the simulate / what-if reports): one
self-contained HTML document with its style and script inline.

A content security policy inside the page forbids every fetch (`default-src 'none'`), so the
promise "no network access" is kept by the browser itself, not only by what the page happens to
contain: a board that pointed at an outside image or font would be refused and reported on the
console, where the browser tests look.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from importlib import resources
from typing import Any

import msgspec

POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"


def asset(name: str) -> str:
    """One of the page's own files (style and script), shipped inside the package."""
    return resources.files("boardcore.view").joinpath("assets", name).read_text(encoding="utf-8")


def game_title(game: str) -> str:
    """`solar-sphere` as a heading says it: Solar Sphere."""
    return game.replace("-", " ").replace("_", " ").title()


def facts(rows: Iterable[tuple[str, str]]) -> str:
    """A definition list of (label, HTML) rows: the header's facts."""
    return '<dl class="facts">' + "".join(f"<dt>{escape(k)}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"


def json_script(element_id: str, data: Any) -> str:
    """`data` as JSON inside a script element the page reads. `</` and `<!--` are escaped (as the
    JSON escape `<\\/` and `\\u003c!--`), so no string in the data can end the element early."""
    text = msgspec.json.encode(data).decode()
    text = text.replace("</", "<\\/").replace("<!--", "\\u003c!--")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def shell(title: str, header: str, body: str, *, tail: str = "", footer: str = "") -> str:
    """The whole document: head with the policy and the shared style, then `header`, `body`,
    `footer` and `tail` (data and script elements)."""
    from boardcore import __version__

    made = footer or f"made by boardcore {escape(__version__)}"
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{asset('page.css')}</style></head>\n"
            f'<body>\n<header class="page-head">{header}</header>\n{body}\n'
            f"<footer>{made}</footer>\n{tail}\n</body></html>\n")

"""Playing in a terminal: one screen per turn that fits 80×24, in the game's own words.

    screen   the layout of a turn as rows of text (status, what happened, options, the board)
    loop     the game loop of `boardcore play`: input, pages, hand-over between people

`play_loop(session)` is the whole of it for a Python user; `boardcore play FILE` calls it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardcore.terminal.loop import Terminal as Terminal
    from boardcore.terminal.loop import play_loop as play_loop

__all__ = ["Terminal", "play_loop"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from boardcore.terminal import loop

        return getattr(loop, name)
    raise AttributeError(f"module 'boardcore.terminal' has no attribute {name!r}")

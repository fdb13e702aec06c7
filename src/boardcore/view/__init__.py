"""Pages to look at: the replay viewer of a saved game, and the reports of `simulate` and `whatif`.

    from boardcore.view import page
    html = page(Session.load("game.jsonl"), player=2)     # P2's view; None: a spectator's

Each page is one self-contained HTML file: style, script and data inline, nothing fetched (the
page's own content security policy forbids it), so it opens offline in any browser and can be
attached to a bug report.

Why the viewer carries precomputed boards rather than the event log
--------------------------------------------------------------------
A page could embed the events and draw each position with a script, or carry every position
already drawn. The pictures come from each game's `draw(view, player)`, which is Python and knows
the game's components and rules; a script that drew from events would have to re-implement every
game's `evolve`, `view` and `draw` in JavaScript and keep them in step with the rules. So the page
carries the drawings: the board at every decision, made by the game itself from the reader's view.

Drawn boards are large (up to about 40 KB each, a few hundred per game), but consecutive boards
differ in a few places. `boards` cuts each SVG into tag-sized pieces, keeps each distinct piece
once and writes each board as the changes from the one before: a 4-player game with 40 KB boards
costs about 100 KB of board data instead of 12 MB. The script rebuilds a board by joining its
pieces; a step, the browser's parsing and layout of a 40 KB board included, takes about 10 ms. The log is plain HTML (one line per event, in words),
the charts are SVG drawn here; the script only swaps the board, moves the highlight and the chart
cursors, and reads and writes `#pos=N`.

Because every part of the page is made from `view(state, reader)` and `visible(event, reader)`,
information the reader may not see is not in the file at all (not merely hidden by the script).
"""

from __future__ import annotations

from boardcore.view.game import page
from boardcore.view.reports import simulation_page, whatif_page

__all__ = ["page", "simulation_page", "whatif_page"]

"""Apogee's decision points: the table of every kind (`POINTS`) and the one way to open one (`ask`).

Each kind is registered where its part of the rules is implemented (setup, planning, administration,
dice, engineers, directors, technologies): the legal answers with `@POINTS.options(kind, asks=...)`,
what follows an answer with `@POINTS.resolves(kind)`. The open prompt is `ApogeeState.prompt`; `a` and `b`
qualify it (a roll's target, the builds left, the Engineer or the target player concerned), and the
recorded `Asked` events keep those names.
"""

from __future__ import annotations

from boardcore.game.prompts import DecisionPoints
from boardcore.game.rules import Unfolding

from apogee import events as ev

POINTS = DecisionPoints("apogee")


def ask(u: Unfolding, player: int, kind: str, **detail) -> None:
    """Open the decision point `kind`: `player` must answer it before anything else happens. `detail` is
    the rest of the `Asked` fact (`a`, `b`)."""
    u.emit(ev.Asked(kind=kind, player=player, **detail))

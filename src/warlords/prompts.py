"""Decision points: the table of every kind of question the game asks, and `ask`, the one way to open one.

Each kind is registered beside the rulebook part it belongs to, with the function listing its legal
answers and the one emitting what follows (`boardcore.game.prompts.DecisionPoints`); `rules.py` imports
those parts and completes the table. Only the player a prompt names may answer it (GW-INV-25).
"""

from __future__ import annotations

from boardcore.game.prompts import DecisionPoints

from warlords import events as ev
from warlords.state import Prompt

POINTS = DecisionPoints("warlords")

_PROMPTS: dict[tuple[int, str], Prompt] = {}


def pass_or(answer: type):
    """The legal answers of a yes-or-no point: Pass, or `answer` (a decision naming only its player)."""
    def options(c, s, p: int) -> list:
        return [ev.Pass(player=p), answer(player=p)]
    options.__qualname__ = f"pass_or({answer.__name__})"
    return options


def ask(u, player: int, kind: str) -> None:
    """Open the decision point `kind` for `player`. Prompts are frozen and few, so one object
    serves each (player, kind) pair."""
    key = (player, kind)
    prompt = _PROMPTS.get(key)
    if prompt is None:
        prompt = _PROMPTS[key] = Prompt(player=player, kind=kind)
    u.emit(ev.Asked(prompt=prompt))

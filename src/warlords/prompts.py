"""Decision points: the table of every kind of question the game asks, and `ask`, the one way to open one.

Each kind is registered beside the rulebook part it belongs to, with the function listing its legal
answers and the one emitting what follows (`boardcore.game.prompts.DecisionPoints`); `rules.py` imports
those parts and completes the table. Only the player a prompt names may answer it (GW-INV-25).
"""

from __future__ import annotations

from boardcore.game.prompts import DecisionPoints
from boardcore.game.rules import Unfolding

from warlords import events as ev
from warlords.state import Prompt

POINTS = DecisionPoints("warlords")

_PROMPTS: dict[tuple, Prompt] = {}


def pass_or(answer: type):
    """The legal answers of a yes-or-no point: Pass, or `answer` (a decision naming only its player)."""
    def options(c, s, p: int) -> list:
        return [ev.Pass(player=p), answer(player=p)]
    options.__qualname__ = f"pass_or({answer.__name__})"
    return options


def ask(u: Unfolding, player: int, kind: str, **detail) -> None:
    """Open the decision point `kind` for `player`; `detail` is the rest of the `Prompt`. Prompts are
    frozen and few, so one object serves each distinct prompt."""
    key = (player, kind, *detail.items())
    prompt = _PROMPTS.get(key)
    if prompt is None:
        prompt = _PROMPTS[key] = Prompt(player=player, kind=kind, **detail)
    u.emit(ev.Asked(prompt=prompt))

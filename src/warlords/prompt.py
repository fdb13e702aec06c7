"""Opening a prompt: what is asked of whom (GW-INV-25: only the player named acts)."""

from __future__ import annotations

from warlords import events as ev
from warlords.state import Prompt

_PROMPTS: dict = {}


def ask(u, player: int, kind: str) -> None:
    key = (player, kind)
    prompt = _PROMPTS.get(key)
    if prompt is None:
        prompt = _PROMPTS[key] = Prompt(player=player, kind=kind)
    u.emit(ev.Asked(prompt=prompt))

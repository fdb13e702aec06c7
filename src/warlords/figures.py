"""The numbers worth charting over a game (the replay viewer's charts), from public information only.

`score` is each seat's Power so far (GW-CON-02: deploying and reputation during play, the final
scoring at the end), the Rebellion's in solo; `reputation` is the Reputation Track position, the
race that can end the game (GW-END-03); `planets` counts the planets each side controls, what the
missions and majorities will be scored on (GW-SCORE-02, GW-SCORE-03).
"""

from __future__ import annotations

from warlords.state import REBEL, WarlordsState


def series_name(s: WarlordsState, p: int) -> str:
    return "Rebellion" if s.mode == "solo" and p == REBEL else f"P{p}"


def figures(s: WarlordsState) -> dict[str, dict[str, float]]:
    seats = range(1, s.seats + 1)
    held = [0] * (s.seats + 1)
    for o in s.owner:
        held[o] += 1
    return {"score": {series_name(s, p): float(s.power[p - 1]) for p in seats},
            "reputation": {series_name(s, p): float(s.rep[p - 1]) for p in seats},
            "planets": {series_name(s, p): float(held[p]) for p in seats}}

"""The figures charted over a game (the replay viewer's charts), from public information only."""

from __future__ import annotations

from solar_sphere.state import SolarState


def figures(s: SolarState) -> dict[str, dict[str, float]]:
    """Public numbers to chart over a game: everyone's score (DRANDA's too), and the two tracks
    that decide ties and pay at the end, morale and reputation (SS-END-06, SS-END-07, SS-END-11)."""
    score = {f"P{i}": float(p.score) for i, p in enumerate(s.centres, 1)}
    if s.dranda is not None:
        score["DRANDA"] = float(s.dranda.score)
    return {"score": score,
            "morale": {f"P{i}": float(p.morale) for i, p in enumerate(s.centres, 1)},
            "reputation": {f"P{i}": float(p.rep) for i, p in enumerate(s.centres, 1)}}

"""Recall (GW-RCL-01..07): one own Infantry from a planet, or a guard, back to the Launch Pad."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask
from warlords.state import GUARDED


def recall_options(s, p: int) -> list:
    """GW-RCL-01, GW-RCL-03, GW-RCL-04, GW-AMB-21: one own Infantry (never a Tank or Aircraft) from any
    planet, or a guard (GW-RCL-02, GW-FAQ-01). Losing the last unit loses control (GW-RCL-05); a
    recalled guard's circle stays empty (GW-RCL-06, GW-GUARD-06); the unit is usable this turn
    (GW-RCL-07). GW-EX-18."""
    out = [ev.Recall(player=p, planet=i) for i, o in enumerate(s.owner) if o == p and s.pu[i][0]]
    out += [ev.Recall(player=p, circle=k) for k, g in enumerate(s.guard[p - 1]) if g == GUARDED]
    return out


def phase_recall(c, u, rng) -> None:
    s = u.state
    if recall_options(s, s.active):
        ask(u, s.active, "recall")
    else:
        u.emit(ev.PhaseStarted(phase="ship" if s.mode != "solo" else "merc"))


@POINTS.options("recall", asks="Recall one of your Infantry from a planet, or a guard, to your Launch Pad; "
                               "or pass (GW-RCL-01)")
def recall_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p)] + recall_options(s, p)


@POINTS.resolves("recall")
def on_recall(c, u, a, rng) -> None:
    if isinstance(a, ev.Recall):
        u.emit(ev.Recalled(player=a.player, planet=a.planet, circle=a.circle))
    u.emit(ev.PhaseStarted(phase="ship" if u.state.mode != "solo" else "merc"))

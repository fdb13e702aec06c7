"""Recall (GW-RCL-01..07): one own Infantry from a planet, or a guard, back to the Launch Pad."""

from __future__ import annotations

from warlords import events as ev
from warlords.prompts import POINTS, ask
from warlords.state import GUARDED


def recall_options(s, p: int) -> list:
    """What the active player may recall, one unit at most (GW-RCL-04), checked on the rulebook's
    example (GW-EX-18). What a recall changes is in `evolve.recalled`."""
    # GW-RCL-01, GW-RCL-03: an Infantry of one's own, from any planet; Tanks and Aircraft never.
    # GW-AMB-21: never another player's unit, nor one from a base zone.
    out = [ev.Recall(player=p, planet=i) for i, o in enumerate(s.owner) if o == p and s.planet_units[i][0]]
    # GW-RCL-02, GW-FAQ-01: or one of one's own guards from its circle.
    out += [ev.Recall(player=p, circle=k) for k, g in enumerate(s.guard[p - 1]) if g == GUARDED]
    return out


def phase_recall(c, u, rng) -> None:
    """Recall is optional: it is asked only when something could be recalled."""
    s = u.state
    if recall_options(s, s.active):
        ask(u, s.active, "recall")
    else:
        u.emit(ev.PhaseStarted(phase="ship" if s.mode != "solo" else "merc"))   # as in `on_recall`


@POINTS.options("recall", asks="Recall one of your Infantry from a planet, or a guard, to your Launch Pad; "
                               "or pass (GW-RCL-01)")
def recall_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p)] + recall_options(s, p)


@POINTS.resolves("recall")
def on_recall(c, u, a, rng) -> None:
    """The recall, then Move Base Ship; GW-SPT-01, GW-AMB-66, GW-SSET-14: solo games use no Base Ship
    and go on to the mercenary."""
    if isinstance(a, ev.Recall):
        u.emit(ev.Recalled(player=a.player, planet=a.planet, circle=a.circle))
    u.emit(ev.PhaseStarted(phase="ship" if u.state.mode != "solo" else "merc"))

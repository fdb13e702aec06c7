"""The flow of the game between decisions: a round is Dock, Deploy, Battle, Recover (SS-GEN-02,
SS-FLOW-02), and every effect resolves completely before the next (SS-GEN-08).

`advance` runs the automatic steps until someone must decide or the game is over: it settles
the effect stack's top entry when that needs no choice, else runs the phase's step.
"""

from __future__ import annotations

from solar_sphere import queries as q
from solar_sphere.battle import battle, final_round
from solar_sphere.components import KINDS
from solar_sphere.deploy import action_resolved, next_seat
from solar_sphere.dock import dock
from solar_sphere.events import (AuxDieGained, DronesMoved, PhaseStarted, ResourceChanged, TaskDone, TaskUpdated,
                                 TurnStarted)
from solar_sphere.prompts import POINTS
from solar_sphere.recover import recover
from solar_sphere.scoring import final_scoring
from solar_sphere.solo import dranda_turn
from solar_sphere.state import SolarState, Task

MAX_STEPS = 10_000
"""More automatic steps than any decision can cause: beyond them the flow is spinning."""


def advance(c, u, rng) -> None:
    """Emit the automatic steps into `u` until someone must decide or the game is over."""
    for _ in range(MAX_STEPS):
        s: SolarState = u.state
        if s.phase == "over":
            return
        if s.tasks:
            if not settle(c, u, s.tasks[-1], rng):
                return
        elif s.phase not in PHASES or not PHASES[s.phase](c, u, rng):
            return
    raise RuntimeError(f"solar-sphere: the flow did not settle in {MAX_STEPS} steps (phase {u.state.phase})")


def settle(c, u, t: Task, rng) -> bool:
    """Resolve the top stack entry if it needs no decision; False when its owner must answer."""
    s: SolarState = u.state
    if t.kind == "gain":
        if t.n <= 0:
            u.emit(TaskDone())
            return True
        if q.storage_room(c, s, t.player) > 0:                    # SS-STO-01, SS-STO-02: room to store
            u.emit(ResourceChanged(player=t.player, kind=KINDS.index(t.arg), delta=1))
            u.emit(TaskUpdated(task=Task(kind="gain", player=t.player, n=t.n - 1, arg=t.arg)) if t.n > 1 else TaskDone())
            return True                                           # else SS-STO-03: full, a choice
    elif t.kind == "fabricate":
        p = s.centres[t.player - 1]
        if t.n <= 0 or (p.reserve == 0 and not any(p.sats)):      # SS-DRN-06: no drone to fabricate
            u.emit(TaskDone())
            return True
        if p.reserve > 0 and t.arg != "upto":                     # SS-DRN-04: from the reserve
            u.emit(DronesMoved(player=t.player, src="reserve", dst="active"))
            u.emit(TaskUpdated(task=Task(kind="fabricate", player=t.player, n=t.n - 1)) if t.n > 1 else TaskDone())
            return True       # else "up to" may stop (SS-GEN-04), or SS-DRN-05: recall a satellite?
    elif t.kind == "aux":
        u.emit(TaskDone())
        if not s.centres[t.player - 1].aux:                                             # SS-AUX-06, SS-AMB-13: once a round
            u.emit(AuxDieGained(player=t.player, value=rng.roll(6)))
        return True
    elif ((t.kind == "salvage" and (t.n <= 0 or s.centres[t.player - 1].inactive == 0))  # SS-SAL-04, SS-AMB-38: nothing to salvage
          or (t.kind == "refresh" and not q.refresh_targets(c, s, t.player))   # nothing rotated
          or (t.kind == "kickback" and t.n <= 0)
          or (t.kind == "attack" and not q.attack_options(s, t))):  # SS-FLT-06: no further ship can be attacked
        u.emit(TaskDone())
        return True
    if not POINTS.legal(c, s, t.kind, t.player):
        u.emit(TaskDone())                                        # nothing left to choose (a hire made unaffordable)
        return True
    return False


# -- the phases ----------------------------------------------------------------------------------
def dock_phase(c, u, rng) -> bool:
    dock(c, u, rng)
    return True


def deploy_phase(c, u, rng) -> bool:
    """Turns in turn order while any die is left to deploy (SS-DEP-01, SS-DEP-03); then Battle
    (SS-AMB-14, SS-INV-22)."""
    s: SolarState = u.state
    if s.turn:
        return s.step == "acting" and action_resolved(c, u)
    seat = next_seat(s)
    if seat == 0:
        u.emit(PhaseStarted(phase="battle"))
    elif seat == s.dranda_seat:
        dranda_turn(c, u, rng)
    else:
        u.emit(TurnStarted(player=seat))
        return False
    return True


def battle_phase(c, u, rng) -> bool:
    """Battle, then Recover, except after the final round's Battle: final scoring instead
    (SS-END-01, SS-END-02, SS-FLOW-05, SS-REC-11)."""
    if not battle(c, u, rng):
        return False
    if final_round(u.state):
        final_scoring(c, u)
        return False
    u.emit(PhaseStarted(phase="recover"))
    return True


def recover_phase(c, u, rng) -> bool:
    recover(c, u, rng)
    return True


PHASES = {"dock": dock_phase, "deploy": deploy_phase, "battle": battle_phase, "recover": recover_phase}
"""The automatic step of each phase; True while the flow should go on."""

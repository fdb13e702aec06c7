"""Decision points: the table of everything Solar Sphere asks (`POINTS`), and `ask`, which opens one.

A decision point is open in one of two places, and both are answered through the table:

- the effect stack (`SolarState.tasks`, top last): an effect that may need a choice is put on it
  with `ask` (several at once with `push`); the top entry's `kind` names the open point ("gain", "salvage", "build"…). Entries
  that turn out to need no choice are settled by the flow without asking (flow.settle);
- with the stack empty, the step of the Deploy turn (`SolarState.step`): "turn", "visit", "act"
  and "after". These steps are opened by the turn's own recorded facts (TurnStarted, the chosen
  die, DieDeployed, StepSet), so they need no `ask` of their own.

Each kind is registered where its part of the rulebook is implemented: the Command Centre's in
command.py, the locations' in locations.py, crew in crew.py, the T2-09 reroll in battle.py and
the Deploy turn's steps in deploy.py.
"""

from __future__ import annotations

from boardcore.game.errors import IllegalAction
from boardcore.game.events import Decision
from boardcore.game.prompts import DecisionPoints
from boardcore.game.rules import Unfolding

from solar_sphere.events import Attack, Choose, TasksPushed
from solar_sphere.state import SolarState, Task

POINTS = DecisionPoints("solar-sphere")


def ask(u: Unfolding, player: int, kind: str, **detail) -> None:
    """Open the decision point `kind` for `player`: its effect goes on top of the stack and resolves
    completely before the ones under it (SS-GEN-08). `detail` is the rest of the `Task`."""
    push(u, Task(kind=kind, player=player, **detail))


def push(u: Unfolding, *tasks: Task) -> None:
    """Put several effects on the stack as one fact; the first listed resolves first (SS-GEN-08). A
    boosted Crew Quarters or Fleet visit pushes its bonus and its action together (SS-AMB-40, SS-FLT-03)."""
    if tasks:
        u.emit(TasksPushed(tasks=tasks))


def top(s: SolarState) -> Task:
    """The stack entry being answered."""
    return s.tasks[-1]


def open_point(s: SolarState) -> tuple[str, int]:
    """The kind of the open decision point and the seat that answers it ("", 0 when nobody is
    asked). Kinds outside the table ("aux", the "acting" step) are only ever passed through by
    the flow."""
    if s.tasks:
        t = s.tasks[-1]
        return t.kind, t.player
    return (s.step, s.turn) if s.turn else ("", 0)


def choices(player: int, options) -> list[Decision]:
    """The answers to a stack entry whose options are words ("regenerate", "drop:ore", a card id)."""
    return [Choose(player=player, option=o) for o in options]


def refuse_answer(t: Task, action: Decision) -> None:
    """Name the rule an answer to stack entry `t` breaks, where one clearly applies."""
    if isinstance(action, Choose) and t.kind == "salvage" and action.option.startswith("decommission"):
        raise IllegalAction("one drone per matrix row per decommission action, into a row with room",
                            rule="SS-DRN-17")
    if isinstance(action, Choose) and t.kind == "retire":
        raise IllegalAction("the crew member just hired cannot be retired", rule="SS-CREW-09")
    if isinstance(action, Attack):
        raise IllegalAction("each ship once per action, with 1 crystal and 1 or more active drones",
                            rule="SS-FLT-04")
    raise IllegalAction(f"P{action.player} must first answer the {t.kind} prompt")

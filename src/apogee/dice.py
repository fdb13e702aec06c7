"""Rolling the main die, and additional dice after a failed roll (AP-DICE-01..06).

A roll that additional dice may repeat has a purpose ("launch", "engineer", "engine", "funds"); the part of
the rules it belongs to registers what success and failure do in `ROLLS`, and the decision point
`reroll_<purpose>` asks whether to spend a die."""

from __future__ import annotations

from collections.abc import Callable

from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import Components
from apogee.prompts import POINTS, ask
from apogee.state import ApogeeState

# purpose -> (on success, on failure); each called as fn(c, u, rng, player, arg)
ROLLS: dict[str, tuple[Callable, Callable]] = {}


def roll_main(c: Components, u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int = 0) -> None:
    """Roll the main die (AP-GEN-01) for a roll that additional dice may repeat (AP-DICE-06). The main die is
    never owned (AP-COMP-10)."""
    value = rng.roll(c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, purpose=purpose))
    settle(c, u, rng, player, purpose, needed, arg, value)


def settle(c: Components, u: Unfolding, rng, player: int, purpose: str, needed: int, arg: int, value: int) -> None:
    """Success on `needed` or more; after a failure the player may spend an additional die, one at a time
    (AP-SPC-06, AP-DICE-01, AP-DICE-03, AP-AMB-15), while one could still succeed. Comparisons follow
    AP-GEN-03: "N or higher" is >= N and "higher than N" is >= N + 1 (callers pass the least succeeding
    value). Every attempt keeps the first one's target (AP-DICE-02, AP-DICE-05, AP-AMB-55, AP-LCH-10);
    Engineer rolls may be repeated too (AP-AMB-57)."""
    success, failure = ROLLS[purpose]
    if value >= needed:
        success(c, u, rng, player, arg)
    elif u.state.areas[player - 1].dice > 0 and needed <= c.n.die_sides:
        ask(u, player, "reroll_" + purpose, a=needed, b=arg)
    else:
        failure(c, u, rng, player, arg)


def spend_die(c: Components, u: Unfolding, rng, player: int) -> None:
    """AP-DICE-04, AP-SPC-07: the blue die is rolled and goes back to the supply whatever it shows."""
    asked = u.state.answered
    purpose = asked.kind[len("reroll_"):]
    value = rng.roll(c.n.die_sides)
    u.emit(ev.DiceRolled(player=player, value=value, blue=True, purpose=purpose))
    settle(c, u, rng, player, purpose, asked.a, asked.b, value)


def accept_failure(c: Components, u: Unfolding, rng, player: int) -> None:
    """The player stops spending dice: the roll has failed."""
    asked = u.state.answered
    ROLLS[asked.kind[len("reroll_"):]][1](c, u, rng, player, asked.b)


@POINTS.options("reroll_launch", asks="The launch roll failed: spend an additional die to try again, or accept "
                "the failure (AP-DICE-01)")
@POINTS.options("reroll_engineer", asks="The Engineer's Specialty roll failed: spend an additional die to roll "
                "again, or pass (AP-SPC-06)")
@POINTS.options("reroll_engine", asks="Engine Failure: the roll to repair your engines failed; spend an "
                "additional die to roll again, or lose the Liquid Propulsion stages (AP-EV-10)")
@POINTS.options("reroll_funds", asks="Loss of Your Invested Funds: the roll failed; spend an additional die to "
                "roll again, or pay (AP-SEV-19)")
def another_die(c: Components, s: ApogeeState, player: int) -> list:
    return [ev.SpendDie(player=player), ev.Pass(player=player)]


@POINTS.resolves("reroll_launch")
@POINTS.resolves("reroll_engineer")
@POINTS.resolves("reroll_engine")
@POINTS.resolves("reroll_funds")
def roll_again_or_stop(c: Components, u: Unfolding, action, rng) -> None:
    if isinstance(action, ev.SpendDie):
        spend_die(c, u, rng, action.player)
    else:
        accept_failure(c, u, rng, action.player)

"""The turn's sequence (AP-TURN-01, AP-TURN-02): setup's two choices, then turn after turn, a quarter each
(AP-GEN-07), a Planning phase (the Event, placement, then Specialties, Constructions, R&D and Design) and an
Administration phase, until the end of the game. `advance` runs every automatic step until someone must
decide; `STEPS` says what the current stage does next, and `PLANNING` the order of the Planning resolution."""

from __future__ import annotations

from boardcore.game.rules import Unfolding

from apogee import administration, event_cards, planning, setup, solo
from apogee import events as ev
from apogee.components import Components
from apogee.effects import goto
from apogee.missions import winners_at_turn_end
from apogee.prompts import ask
from apogee.queries import authority_order

MAX_STEPS = 10_000
"""More automatic steps than any turn takes: `advance` refuses to spin past them."""


def advance(c: Components, u: Unfolding, rng) -> None:
    """Run automatic steps until a prompt is open or the game is over. Choices owed at once come first:
    Engineers to dismiss (AP-ERN-06, AP-SEV-*) and reserves over 9 (AP-COMP-16, AP-AMB-08)."""
    limit = c.n.reserve_limit
    for _ in range(MAX_STEPS):
        s = u.state
        if s.over or s.prompt is not None:
            return
        for p, pl in enumerate(s.areas, 1):
            if pl.owed > 0:
                if pl.hand:
                    ask(u, p, "dismiss_owed")
                else:
                    u.emit(ev.DismissalsOwed(player=p, count=-pl.owed))
                break
            if len(pl.reserve) > limit:
                ask(u, p, "trim")
                break
        else:
            STEPS[s.stage](c, u, rng)
    raise RuntimeError(f"apogee: advance did not settle in {MAX_STEPS} steps (stage {u.state.stage})")


# -- turns --------------------------------------------------------------------
def turn_start_step(c: Components, u: Unfolding, rng) -> None:
    """AP-TURN-05, AP-PEV-01, AP-PEV-07: the turn counter moves on; the top Event is revealed while the pile
    lasts."""
    s = u.state
    u.emit(ev.TurnStarted(turn=s.turn + 1, event=s.event_pile[-1] if s.event_pile else -1))
    if u.state.event >= 0 and c.events[u.state.event].timing == "immediate":
        goto(u, "event", authority_order(c, u.state))
    else:
        planning.open_placement(u)


def event_step(c: Components, u: Unfolding, rng) -> None:
    """An immediate Event (base or Solo) resolves at once (AP-PEV-02), player by player in Director Authority
    order (AP-PEV-03, AP-AMB-36), before placement; a whole-turn Event is read where it applies (AP-PEV-04).
    Base Events for "all players" apply to the Solo player too (AP-SOLO-10, AP-SOLO-13)."""
    s = u.state
    card = c.events[s.event] if s.event >= 0 else None
    if card is None or card.timing != "immediate" or s.cursor >= len(s.order):
        planning.open_placement(u)
        return
    p = s.order[s.cursor]
    if s.event in c.base_events:
        event_cards.resolve_for(c, u, rng, p)
    else:
        solo.resolve_for(c, u, rng, p)


# The Planning resolution in its order (AP-PLC-11): how each step starts (False when no Engineer stands on
# its spot: the step is skipped, AP-PLC-13) and how it goes on (True once its order is played out).
PLANNING = {
    "specialty": (planning.start_specialties, planning.specialty_step),
    "construction": (planning.start_construction, planning.construction_step),
    "rnd": (planning.start_rnd, planning.rnd_step),
    "design": (planning.start_design, planning.design_step),
}
_AFTER = {step: following for step, following in zip(PLANNING, (*list(PLANNING)[1:], None))}


def resolve_from(c: Components, u: Unfolding, rng, step: str | None) -> None:
    """Start the Planning step `step`, or the first later one with Engineers on its spot; after Design (or
    with `step` None), the Administration phase."""
    while step is not None:
        start, _ = PLANNING[step]
        if start(c, u, rng):
            return
        step = _AFTER[step]
    administration.start_administration(c, u, rng)


def place_step(c: Components, u: Unfolding, rng) -> None:
    """AP-PLC-11: everyone has placed; the Planning resolution begins."""
    resolve_from(c, u, rng, "specialty")


def planning_step(c: Components, u: Unfolding, rng) -> None:
    """The Planning step under way plays its next turn; once it is played out, the next step begins."""
    step = u.state.stage
    if PLANNING[step][1](c, u, rng):
        resolve_from(c, u, rng, _AFTER[step])


def admin_step(c: Components, u: Unfolding, rng) -> None:
    """The Administration phase plays its next turn; once every player has acted, the turn ends."""
    if administration.admin_step(c, u, rng):
        end_turn(c, u, rng)


def end_turn(c: Components, u: Unfolding, rng) -> None:
    """AP-ADM-02, then the end of the game (AP-END-01, AP-END-02, AP-END-03, AP-END-04, AP-SOLO-11,
    AP-SOLO-12), or the run's cap. The Mission counts as fulfilled from the moment its last condition holds
    (AP-END-05); later fulfilments in the same turn share the victory (AP-AMB-64)."""
    s = u.state
    u.emit(ev.TurnEnded(turn=s.turn))
    won = winners_at_turn_end(c, u.state)
    if won is not None:
        u.emit(ev.GameEnded(winners=won))
    elif s.max_turns and s.turn >= s.max_turns:
        u.emit(ev.GameTruncated(turn=s.turn))
    else:
        goto(u, "turn_start")


STEPS = {
    "director": setup.directors_step, "team": setup.team_step, "turn_start": turn_start_step, "event": event_step,
    "place": place_step, "specialty": planning_step, "construction": planning_step, "rnd": planning_step,
    "design": planning_step, "admin": admin_step,
}

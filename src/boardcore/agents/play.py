"""Playing without a stream: the fast loop behind simulate, whatif, check and bench,
and the loop that lets bots take their turns in a session."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardcore.agents.policies import Agent
from boardcore.game.errors import BoardcoreError
from boardcore.game.rng import Rng
from boardcore.game.rules import Rules

RngAt = Callable[[int], Rng]


def seeded(seed: int | str) -> RngAt:
    """The game's chance at each position, as a session would derive it."""
    return Rng.deriver(seed)


def agent_rng(seed: int | str) -> RngAt:
    """The bots' own randomness, by position (as sessions use it, so a bot decides the same
    whether a game is played in one process or across many): a different family from the
    game's chance, so bots cannot foresee dice."""
    return seeded(f"agents/{seed}")


def agent_stream(seed: int | str) -> RngAt:
    """The bots' randomness for one whole playout: one generator drawn on decision after decision.
    A fresh derivation for every decision costs two sha256 each; a playout never resumes
    elsewhere, so it needs none."""
    rng = Rng.derive(f"agents/{seed}", 0)
    return lambda position: rng


def start(rules: Rules, config: Any, chance: RngAt) -> tuple[Any, int]:
    """The state after `GameCreated` and setup, and the position the first decision lands at."""
    state = rules.initial(config)
    position = 1
    for event in rules.setup(rules.copy(state), chance(1)):
        state = rules.evolve(state, event)
        position += 1
    return state, position


MAX_DECISIONS = 100_000
"""More decisions than any game of ours takes by far: a bot game still going after this many is
caught in an endless legal loop, a rules bug, reported as an error rather than played forever."""


def playout(rules: Rules, state: Any, position: int, agents: Mapping[int, Agent], chance: RngAt,
            choice: RngAt, max_decisions: int = MAX_DECISIONS, *, game: str = "") -> tuple[Any, int, int]:
    """Let the agents play from `state` until the game ends; each decision's facts are evolved
    once (its unfolding's state is kept), and an action picked from the legal list is not checked again.

    Returns (state, position, decisions). A game still going after
    `max_decisions` is an error: a rules bug, since truncation belongs to the
    game's own config (`max_turns`); `game` names it in the message ("game 3 of pairing 1")."""
    unfold, legal_actions, view = rules.unfold, rules.legal_actions, rules.view
    outcome, to_act = rules.outcome, rules.to_act
    decisions = 0
    while outcome(state) is None:
        if decisions >= max_decisions:
            raise BoardcoreError(f"{rules.name}: {game + ' had ' if game else ''}no end after {max_decisions} decisions")
        player = to_act(state)[0]
        legal = [a for a in legal_actions(state) if a.player == player]
        agent = agents[player]
        action = agent.choose(view(state, player) if agent.reads_view else None, legal, choice(position))
        # picked from `legal` itself, and the old state is not kept: no check, no copy
        unfolding = unfold(state, action, chance(position), trusted=True, in_place=True)
        state = unfolding.state
        position += len(unfolding.events)
        decisions += 1
    return state, position, decisions


def run_bots(session: Any, agents: Mapping[int, Agent], seed: int | str = 0,
             on_decision: Callable[[Any], None] | None = None) -> int:
    """Apply bot decisions in `session` until a seat without a bot must act or the
    game ends. Each decision is saved as it is taken. Returns how many were made."""
    choice = agent_rng(seed)
    made = 0
    while True:
        bots = [p for p in session.to_act if p in agents]
        if not bots:  # in a simultaneous step bots answer first, humans after
            return made
        player = bots[0]
        legal = session.legal_actions(player)
        agent = agents[player]
        action = agent.choose(session.view(player) if agent.reads_view else None, legal, choice(session.position))
        session.apply(action)
        made += 1
        if on_decision:
            on_decision(action)



def undo_turn(session: Any, bots: Mapping[int, Agent], by: int | None = None) -> int:
    """Undo back to (and including) the last decision a human took, with every bot
    decision after it: what a player at a table with bots means by "undo".
    Returns how many decisions were undone."""
    from boardcore.game.events import Decision

    live = session.history.live
    decisions = [r.event for r in live[1:] if isinstance(r.event, Decision)]
    n = next((i for i, d in enumerate(reversed(decisions), 1) if d.player not in bots), 0)
    if not n:
        from boardcore.game.errors import UndoRefused

        raise UndoRefused("no human decision to undo")
    session.undo(n, by=by)
    return n


def redo_turn(session: Any, bots: Mapping[int, Agent], by: int | None = None) -> int:
    """The inverse of `undo_turn`: redo the next decision and the bot replies after it."""
    session.redo(by=by)
    made = 1
    undone = session.history.undone
    while undone and undone[-1][0].event.player in bots:
        session.redo(by=by)
        made += 1
    return made

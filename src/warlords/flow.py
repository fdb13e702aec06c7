"""The flow of play: a Warlord's turn (GW-TURN-01..04) as a sequence of phases, and `advance`, which
runs every automatic step until someone must decide.

A turn goes start (Recovery) → recall → ship → tactical → merc → actions → hire → end, the six
phases of GW-TURN-02 with the Tactical step between the ship's move and the mercenary; solo games
skip the ship (GW-SPT-01) and put the Rebellion's turn (`rebel`) before each of the human's, after
the human's opening `keep` choice. Every phase is visited in order and never revisited
(GW-TURN-03, GW-TURN-04); optional steps are prompts with a Pass. Each phase's own step lives in the
module of its rulebook part; this module only keeps their order.
"""

from __future__ import annotations

from warlords import events as ev
from warlords import action_phase, actions, base_ship, hire, invasion, mercenary, recall, scoring
from warlords import setup, solo, support

MAX_STEPS = 10_000


def advance(c, u, rng) -> None:
    """Run automatic steps until a prompt is open or the game is over. Order of concern:
    support cards awaiting Blockade answers, then an invasion, then the action being
    resolved, then the turn's phase."""
    for _ in range(MAX_STEPS):
        s = u.state
        if s.prompt is not None or s.over:
            return
        if s.pending:
            support.step(c, u, rng)
        elif s.invasion is not None:
            invasion.step(c, u, rng)
        elif s.ctx:
            actions.step(c, u, rng)
        else:
            PHASES[s.phase](c, u, rng)
    raise RuntimeError("warlords: advance did not settle")


def next_player(s) -> int:
    """GW-TURN-01: turns go round in seat order from the first player; solo has one human seat."""
    if s.mode == "solo":
        return 1
    return s.active % s.players + 1 if s.active else s.first


def begin_turn(c, u, rng) -> None:
    """The next turn starts with Recovery, then Recall. A `max_turns` limit (not a rule: for
    simulations) ends the game unscored as truncated."""
    s = u.state
    if s.max_turns and s.turn >= s.max_turns:
        scoring.finish(c, u, truncated=True)
        return
    p = next_player(s)
    # GW-REC-05: Recovery is automatic, one fact (its steps in order: `evolve.recovered`)
    u.emit(ev.TurnStarted(player=p, turn=s.turn + 1), ev.Recovered(player=p), ev.PhaseStarted(phase="recall"))


def end_turn(c, u, rng) -> None:
    """The end of a turn: in solo, the Market's refill and the Rebellion's turn; otherwise the game
    ends if an end was set for this turn, or the next turn starts."""
    s = u.state
    if s.mode == "solo":
        # GW-SPT-09: slots emptied during the turn are refilled now, not at once
        missing = hire.market_size(c, s) - len(s.market)
        if missing > 0 and s.deck:
            u.emit(ev.MarketFilled(cards=tuple(s.deck[:missing])))
        hire.check_supply(c, u)
        u.emit(ev.TurnEnded(player=s.active), ev.PhaseStarted(phase="rebel"))
        return
    u.emit(ev.TurnEnded(player=s.active))
    # GW-END-01 (after the extra turns), GW-END-03 and GW-END-04 (after this turn): `last_turn` is
    # the earliest end triggered (GW-AMB-23, in `evolve.end_triggered`)
    if s.last_turn and s.turn >= s.last_turn:
        scoring.finish(c, u)
    else:
        u.emit(ev.PhaseStarted(phase="start"))


PHASES = {"start": begin_turn, "recall": recall.phase_recall, "ship": base_ship.phase_ship,
          "tactical": base_ship.phase_tactical, "merc": mercenary.phase_merc,
          "actions": action_phase.phase_actions, "hire": hire.phase_hire, "end": end_turn,
          "keep": setup.phase_keep, "rebel": solo.rebel_step}

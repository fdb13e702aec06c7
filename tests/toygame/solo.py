"""Toy Pig alone: the toy's solo mode, so single-agent tools (Gymnasium) can be tested on it.

The same cards, dice and rounds as Toy Pig with one player, who plays against the clock:

- TOY-SOLO-01 The player wins by banking `target` points before the last round is over.
- TOY-SOLO-02 Otherwise (the last round ends below the target) the player loses.
- `max_turns` is a cap on the run, not a rule of the game (like Apogee's): after that many
  pig turns the run stops unfinished, with a truncated outcome and no result.
"""

from __future__ import annotations

import msgspec

from boardcore.game.rules import Outcome
from toygame.game import OVER, PICK, ToyPig, ToyPigState


class ToyPigSoloConfig(msgspec.Struct, frozen=True, kw_only=True):
    players: int = 1
    rounds: int = 5
    target: int = 20
    max_turns: int = 0


class ToyPigSoloState(ToyPigState, kw_only=True):
    max_turns: int = 0


class ToyPigSolo(ToyPig):
    """Toy Pig's rules for one player, with its own win condition and a run cap."""

    name = "toy-pig-solo"
    config_type = ToyPigSoloConfig
    state_type = ToyPigSoloState
    min_players, max_players = 1, 1

    def initial(self, config: ToyPigSoloConfig) -> ToyPigSoloState:
        base = super().initial(config)
        return ToyPigSoloState(**msgspec.structs.asdict(base), max_turns=config.max_turns)

    def outcome(self, s):
        """TOY-SOLO-01/02 once the game is over; a truncated run once `max_turns` pig turns are
        played (every round has one pig turn here, so a new round past the cap stops the run)."""
        score = s.scores[0]
        if s.phase == OVER:
            return Outcome(scores=(score,), winners=(1,) if score >= s.target else ())
        if s.max_turns and s.phase == PICK and s.round > s.max_turns:
            return Outcome(scores=(score,), winners=(), truncated=True, note=f"stopped after {s.max_turns} turns")
        return None

    def evaluate(self, s, player):
        """Banked points plus the running total: there is nobody to compare with."""
        return float(s.scores[0] + s.running)

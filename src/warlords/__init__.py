"""Galactic Warlords: Battle for Dominion, for boardcore.

2 and 3 players, 2 vs 2 team play for 4, and the solo Galactic Rebellion. Rule IDs (GW-*) refer
to the rules inventory; component data is in `data/*.toml`.

Where each part of the rulebook lives:

    rulebook part                                 module
    Components (1)                                components.py, data/*.toml
    Concepts (2): the table as data               state.py
    Setup (3), solo setup (18)                    setup.py
    Turn structure (4), Recovery (5), turn end    flow.py
    Recall (6)                                    recall.py
    Move Base Ship (7), Tactical actions          base_ship.py
    Play a Mercenary (8): guards, skills          mercenary.py
    Action Phase (9)                              action_phase.py
    Reputation (9.1)                              reputation.py
    Actions (10), skill effects                   actions.py
    Support cards (11)                            support.py
    Invasion and combat (12)                      invasion.py; casualties.py (also Bombard's)
    Team play (13)                                team.py
    Hire a Mercenary (14)                         hire.py
    Game end (15), Scoring (16, 22)               scoring.py
    The Rebellion's turn, solo end (19, 21)       solo.py
    Hidden information (GW-SET-20, GW-AMB-65)     hidden.py
    Invariants (26)                               invariants.py

The machinery: `events.py` (decisions and facts), `evolve.py` (one handler per event),
`prompts.py` (the table of decision points and `ask`), `queries.py` (pure questions of a
position), `render.py`, `evaluate.py` (the greedy bot's estimate), `rules.py` (the wiring).
"""

from warlords.components import Components, load
from warlords.events import EVENTS
from warlords.rules import Warlords
from warlords.state import WarlordsConfig, WarlordsState

RULES = Warlords()

__all__ = ["RULES", "Warlords", "WarlordsConfig", "WarlordsState", "Components", "load", "EVENTS"]

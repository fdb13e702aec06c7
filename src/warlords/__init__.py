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
position), `render.py`, `evaluate.py` (the greedy bot's estimate and the rollout prior),
`rules.py` (the wiring).

For people and agents: `describe.py` (decisions in the rulebook's words, and the entry for any
event) with `describe_facts.py` (facts) and `words.py` (how things are named), `draw.py` (the
board as an SVG picture), `figures.py` (what the replay viewer charts), `spaces.py` (the action
list behind the action codec, and the observation encoding).
"""

from warlords.components import Components, load
from warlords.events import EVENTS
from warlords.rules import Warlords
from warlords.state import WarlordsConfig, WarlordsState

RULES = Warlords()

# Event types random games may never meet, each told in words by a scenario of tests/warlords/test_words.py:
# the setup's facts (decided before the first position a game records) and the rare turns of play. A Market card
# leaving the game (a copied card, GW-SPT-07, or the solo swap, GW-SPT-08) stopped being met by the property
# tests' random games once the Rebellion pre-deployed more (rules 1.3); test_the_solo_swap_in_words tells it.
RARE_EVENTS = ("GalaxySeeded", "MarkersPlaced", "TrackSet", "SupportShuffled", "DeckFormed", "HandDealt",
               "RebelDeckFormed", "FirstPlayer", "Reinforce", "Reinforced", "Reroll", "Rerolled", "Evacuate",
               "Evacuated", "KillGuard", "GuardKilled", "PayWith", "Repaired", "UseSkill", "SkillUsed",
               "UseTactical", "ReconReturned", "SoloSwap", "CardDiscarded", "MarketCardRemoved")

__all__ = ["RULES", "Warlords", "WarlordsConfig", "WarlordsState", "Components", "load", "EVENTS", "RARE_EVENTS"]

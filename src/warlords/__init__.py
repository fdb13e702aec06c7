"""Galactic Warlords: Battle for Dominion, for boardcore.

2 and 3 players, 2 vs 2 team play for 4, and the solo Galactic Rebellion. Rule IDs
(GW-*) refer to the rules inventory; component data is in `data/*.toml`.
"""

from warlords.components import Components, load
from warlords.events import EVENTS
from warlords.rules import Warlords
from warlords.state import WarlordsConfig, WarlordsState

RULES = Warlords()

__all__ = ["RULES", "Warlords", "WarlordsConfig", "WarlordsState", "Components", "load", "EVENTS"]

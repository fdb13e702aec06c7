"""Apogee: build rockets, launch them, fulfil the Mission (2-5 players, or Solo).

`RULES` is the rules object boardcore finds through the `boardcore.games` entry point.
"""

from apogee.components import Catalog, load
from apogee.events import EVENTS
from apogee.rules import Apogee, ApogeeConfig
from apogee.state import ApogeeState, Launch, Player, Prompt

RULES = Apogee()

__all__ = ["RULES", "Apogee", "ApogeeConfig", "ApogeeState", "Catalog", "EVENTS", "Launch", "Player", "Prompt",
           "load"]

"""Solar Sphere for boardcore: 2-4 players, or 1 against the DRANDA automa (levels I-III)."""

from solar_sphere.events import Attack, ChooseDie, Choose, DiscardDie, EndTurn, TakeKickbacks, UseCrew, Visit
from solar_sphere.rules import SolarConfig, SolarSphere
from solar_sphere.state import PlayerState, Ship, SolarState, Task

RULES = SolarSphere()

__all__ = ["RULES", "SolarSphere", "SolarConfig", "SolarState", "PlayerState", "Ship", "Task", "Attack",
           "ChooseDie", "Choose", "DiscardDie", "EndTurn", "TakeKickbacks", "UseCrew", "Visit"]

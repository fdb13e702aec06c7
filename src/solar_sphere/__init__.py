"""Solar Sphere for boardcore: 2-4 players, or 1 against the DRANDA automa (levels I-III).

Which module holds which part of the rulebook (rule IDs: ../shared/rules/solar_sphere.md):

| module        | rulebook part                                                               |
| ------------- | --------------------------------------------------------------------------- |
| components.py | Components and the data the rulebook does not print (SS-COMP, SS-GAP)       |
| state.py      | the table as data                                                           |
| events.py     | decisions and facts (types only)                                            |
| evolve.py     | one handler per event                                                       |
| setup.py      | Setup (SS-SET; solo SS-DRSET)                                               |
| flow.py       | the round's phases in order and the stack's automatic steps (SS-FLOW)       |
| queries.py    | questions several parts ask: what can be built, hired, attacked, refreshed  |
| prompts.py    | the decision points table (POINTS) and `ask`, which opens one               |
| dock.py       | Phase 1: Dock (SS-DOCK, SS-PORT; solo SS-DRDOCK)                            |
| deploy.py     | Phase 2: Deploy, a player's turn (SS-DEP)                                   |
| locations.py  | the Location cards' actions (SS-AST, SS-FAB, SS-SAL, SS-SPH, SS-FLT)        |
| crew.py       | the Crew Station, crew actions and the almanac (SS-CREW, SS-ALM)            |
| command.py    | the Command Centre (SS-TRK, SS-STO, SS-DRN, SS-AUX, SS-KB)                  |
| battle.py     | Phase 3: Battle (SS-BAT, SS-CORP; solo SS-DRBAT)                            |
| recover.py    | Phase 4: Recover (SS-REC; solo SS-DRREC)                                    |
| scoring.py    | End of the game and final scoring (SS-END, SS-PTS, SS-FAC; solo SS-DREND)   |
| solo.py       | DRANDA's turns and its behaviour at each location (SS-SOLO, SS-DRDEP…)      |
| invariants.py | the invariants (SS-INV)                                                     |
| render.py     | the table as text for the terminal                                          |
| words.py      | the table's things and the data's benefit codes in words                    |
| describe.py   | actions and events in the rulebook's words (play, the viewer, logs)         |
| hidden.py     | hidden information: views, hidden variants, redacted log lines              |
| draw.py       | the table as an SVG picture (the replay viewer's board)                     |
| figures.py    | the numbers charted over a game: scores, morale, reputation                 |
| evaluate.py   | the greedy bot's estimate of a position, and the rollout prior              |
| spaces.py     | the action list and the observation encoding for learning agents            |
| rules.py      | the `Game` subclass: wiring only                                            |
"""

from solar_sphere.events import Attack, ChooseDie, Choose, DiscardDie, EndTurn, TakeKickbacks, UseCrew, Visit
from solar_sphere.rules import SolarConfig, SolarSphere
from solar_sphere.state import PlayerState, Ship, SolarState, Task

RULES = SolarSphere()

RARE_EVENTS = ("SphereLaid", "ScoringCardDrawn", "ResistanceDeckBuilt", "CrewDeckShuffled", "CrewRetired",
               "CrewRefreshed", "EndTurn", "ReputationGained", "FactionsGained")
"""Event types random games seldom meet after setup; tests/solar_sphere/test_ss_words.py describes each
in a scenario of its own. The first four are setup facts (random games start after setup);
FactionsGained is never emitted by these rules (icons travel on HexBuilt, CrewHired and ShipResolved)
but stays in the event union that recorded streams decode with."""

__all__ = ["RULES", "RARE_EVENTS", "SolarSphere", "SolarConfig", "SolarState", "PlayerState", "Ship", "Task",
           "Attack", "ChooseDie", "Choose", "DiscardDie", "EndTurn", "TakeKickbacks", "UseCrew", "Visit"]

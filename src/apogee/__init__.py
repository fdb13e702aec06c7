"""Apogee: build rockets, launch them, fulfil the Mission (2-5 players, or Solo).

`RULES` is the rules object boardcore finds through the `boardcore.games` entry point.

Which module holds which part of the rulebook (imports point down the table: rules, flow, the parts,
then the shared modules below them):

| module | rulebook part |
| --- | --- |
| rules.py | the `Game` subclass: wiring only |
| flow.py | Course of the Game: turns, the order of the Planning steps, End of the Administration Phase |
| setup.py | Setup, Game Preparation, Solo Setup (the piles, the Director kept, the starting team) |
| planning.py | A. Planning Phase: placement, Specialties, Constructions, R&D, Design |
| administration.py | B. Administration Phase: earnings, the Director's actions, static fire, launch |
| directors.py | Mission Directors (Specialties), Nation Interventions |
| engineers.py | Engineer Specialties |
| event_cards.py | Event Characteristics |
| solo.py | Solo Event Characteristics, the Solo Event pile |
| investors.py | Investor Objectives |
| missions.py | Missions, Solo Missions, End of a Game, Determining a Winner in Case of a Tie |
| rocket.py | Calculating the Rocket's Yield and Launch Probability, Technology Characteristics |
| dice.py | Using Additional Dice |
| technologies.py | Technology cards changing hands (acquire, build, sell, discard), the reserve's limit |
| effects.py | shared emitting steps: order of play, credits, placement reveals |
| prompts.py | the decision-point table `POINTS` and `ask` |
| queries.py | pure questions of a position |
| hidden.py | hidden information: views, hidden variants, redacted log lines |
| describe.py, words.py | every decision and fact in the rulebook's words; the components' names and effects |
| draw.py, figures.py | the table as an SVG picture from a view; the numbers charted over a game |
| spaces.py | for learning agents: the action codec's templates and the observation encoding |
| evolve.py | one handler per event |
| events.py, state.py, components.py | event types, the table, the component data (Components) |
| invariants.py, evaluate.py, render.py | AP-INV-* checks, the bots' estimate and rollout prior, the terminal text |
"""

from apogee.components import Components, load
from apogee.events import EVENTS
from apogee.rules import Apogee, ApogeeConfig
from apogee.state import ApogeeState, Launch, Player, Prompt

RULES = Apogee()

# Event types that random games seldom reach (the setup facts come before any decision; launches, dice spent
# and Interventions need a rocket or luck): each is told in words in tests/apogee/test_apogee_words.py.
RARE_EVENTS = ("ChooseRiver", "DiceReturned", "DieGained", "DirectorsDealt", "Discard", "DismissalsOwed",
               "GoalAdded", "InvestorWon", "InvestorsReplaced", "InvestorsRevealed", "LaunchAborted",
               "LaunchRocket", "PileShuffled", "RiverFilled", "RiverReplaced", "RndReturned", "RocketLaunched",
               "SocAssigned", "SpendDie", "StaticFire", "StaticFired", "TechDiscarded", "TechReturned")

__all__ = ["RULES", "Apogee", "ApogeeConfig", "ApogeeState", "Components", "EVENTS", "Launch", "Player", "Prompt",
           "RARE_EVENTS", "load"]

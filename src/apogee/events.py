"""Apogee's decisions (one player's choice) and facts (what follows).

Decisions name what the player does in the rulebook's words; which prompt a decision answers
(`ApogeeState.prompt`) gives it its meaning, e.g. `Sell` answers a Director action, Matviy Lyulka's Specialty
or Liam Van Horn's. Facts carry every card, die and credit that moves, so `evolve` never draws
(ARCHITECTURE.md). Credits in thousands, Authority in tenths.
"""

from __future__ import annotations

from typing import Union

from boardcore.game.events import Decision, Fact

from apogee.state import Launch


# -- decisions ---------------------------------------------------------------
class KeepDirector(Decision):
    """AP-SETUP-12: keep one of the two dealt Directors (simultaneous, hidden)."""
    director: int


class ChooseTeam(Decision):
    """AP-SETUP-13: the starting team, 1 Senior or 2 Juniors."""
    senior: bool


class Place(Decision):
    """AP-PLC-01: put the next Engineer of one's hand face down on a spot (or `none`)."""
    engineer: int
    spot: str


class ChooseRiver(Decision):
    """AP-ENG-01: which Technology river to replace."""
    river: str


class TakeCard(Decision):
    """Take a card from a river into the reserve (Design AP-DES-04, AP-ENG-04, AP-MD-08)."""
    card: int


class Build(Decision):
    """Build a reserve card onto the Launch Pad (AP-CON-03, AP-ENG-06, AP-MD-06, AP-MD-07)."""
    card: int


class Sell(Decision):
    """Sell a card on the Public Market (AP-SELL-01, AP-ENG-09, AP-MD-05, AP-MD-13)."""
    card: int


class KeepRnd(Decision):
    """AP-RND-04: the one drawn R&D card kept."""
    card: int


class Discard(Decision):
    """A reserve card beneath its pile: over the limit of 9 (AP-AMB-08), or the United States Intervention's
    pick from the target's reserve (AP-NI-01)."""
    card: int


class Dismiss(Decision):
    """An Engineer from the hand beneath its pile (AP-DIS-01, AP-ERN-06, AP-MD-18, AP-SEV-*)."""
    engineer: int


class SpendDie(Decision):
    """AP-DICE-01, AP-SPC-06: roll one additional die after a failed roll."""


class Recruit(Decision):
    """AP-REC-01: draw the top Junior or Senior Engineer."""
    senior: bool


class StaticFire(Decision):
    """AP-SF-01: test the rocket's engines with the main die, once a turn (the rules in administration)."""


class LaunchRocket(Decision, tag="launch"):
    """AP-LCH-05: launch toward a destination, fixed for every attempt."""
    destination: str


class UseSpecialty(Decision):
    """AP-DSP-01: the Director's once-per-game Specialty."""


class Intervene(Decision):
    """AP-NAT-01: the Nation Intervention against one opponent (AP-AMB-31)."""
    target: int


class Pass(Decision):
    """Decline: end one's Administration turn, skip a build or a Design pick, stop selling or dismissing,
    accept a failed roll."""


# -- facts -------------------------------------------------------------------
class PileShuffled(Fact):
    """A face-down pile's order, bottom first (the piles of setup, AP-SETUP-02)."""
    reveals = True
    pile: str
    order: tuple[int, ...]


class DirectorsDealt(Fact):
    """AP-SETUP-11: two Directors face down to one player."""
    reveals = True
    player: int
    directors: tuple[int, ...]


class DirectorsRevealed(Fact):
    """AP-SETUP-12: every kept Director, in seat order; the others go back to the box."""
    reveals = True
    directors: tuple[int, ...]


class EngineersRecruited(Fact):
    """Engineers from the top of a pile to a hand (a starting team, a recruit, a Specialty, a Solo Event)."""
    reveals = True
    player: int
    senior: bool
    engineers: tuple[int, ...]


class EngineerDismissed(Fact):
    """AP-AMB-47: an Engineer beneath the pile of its profile."""
    player: int
    engineer: int
    reason: str = ""


class RiverFilled(Fact):
    """Cards from the top of a pile into its river (AP-SETUP-15)."""
    reveals = True
    river: int
    cards: tuple[int, ...]


class RiverReplaced(Fact):
    """AP-ENG-01, AP-AMB-49: a river's cards beneath its pile, then up to 3 revealed from its top."""
    reveals = True
    river: int
    cleared: tuple[int, ...]
    revealed: tuple[int, ...]


class InvestorsRevealed(Fact):
    """Investors from the top of their pile into the river (AP-SETUP-16)."""
    reveals = True
    investors: tuple[int, ...]


class InvestorsReplaced(Fact):
    """AP-ENG-16, AP-AMB-50: the river's Investors leave the game; up to 2 are revealed."""
    reveals = True
    removed: tuple[int, ...]
    revealed: tuple[int, ...]


class InvestorWon(Fact):
    """AP-IVR-02: the card and its credits (0 under Timid Investors, AP-EV-22)."""
    player: int
    investor: int
    credits: int
    revealed: int = -1


class StepStarted(Fact):
    """The turn's sequence (AP-TURN-01, AP-PLC-11): which step, its order of play, and where."""
    step: str
    order: tuple[int, ...] = ()
    cursor: int = 0


class Asked(Fact):
    """A prompt: what `player` must decide now (`a`, `b` qualify it)."""
    kind: str
    player: int
    a: int = 0
    b: int = 0


class SimultaneousStep(Fact):
    """AP-TURN-03, AP-SETUP-12: a step every listed player answers at once, in secret."""
    step: str
    players: tuple[int, ...]


class PlacementRevealed(Fact):
    """One spot's Engineers turned face up as its step begins, as (player, engineer)."""
    reveals = True
    spot: str
    engineers: tuple[tuple[int, int], ...]


class TurnStarted(Fact):
    """AP-TURN-05, AP-PEV-01: the turn counter, and the Event revealed from the top of the pile (-1 once the
    pile is spent, AP-PEV-07)."""
    reveals = True
    turn: int
    event: int = -1


class CreditsChanged(Fact):
    """Credits from or to the Bank; never below 0 (AP-INV-01)."""
    player: int
    amount: int
    reason: str


class DiceRolled(Fact):
    """A d12 roll (AP-GEN-01). `blue`: an additional die, spent back to the supply (AP-GEN-02)."""
    reveals = True
    player: int
    value: int
    blue: bool = False
    purpose: str = ""


class DieGained(Fact):
    """A blue die from the supply to a player's reserve (AP-SF-03, AP-ENG-10, AP-SEV-11)."""
    player: int


class DiceReturned(Fact):
    """Blue dice from a player back to the supply (AP-NI-02, AP-SEV-08)."""
    player: int
    count: int


class TechAcquired(Fact):
    """A card into a reserve from a river (`river` 0-2) or the top of the R&D pile (river -1); `revealed`
    refills the river from its pile (AP-DES-07), -1 if the pile is empty (AP-DES-08)."""
    reveals = True
    player: int
    card: int
    river: int
    revealed: int = -1


class RndDrawn(Fact):
    """AP-RND-03: the top R&D cards, seen only by their drawer until one is kept."""
    reveals = True
    player: int
    cards: tuple[int, ...]


class RndReturned(Fact):
    """AP-RND-05: every unkept drawn card beneath the R&D pile."""
    cards: tuple[int, ...]


class TechBuilt(Fact):
    """AP-CON-03: reserve to Launch Pad, `paid` to the Bank."""
    player: int
    card: int
    paid: int


class TechSold(Fact):
    """AP-SELL-01, AP-MD-13: reserve (or Launch Pad when `built`) beneath its pile, for `price`; `revealed`:
    the card goes straight into its short river (AP-AMB-48, AP-AMB-62)."""
    player: int
    card: int
    price: int
    built: bool = False
    revealed: int = -1


class TechDiscarded(Fact):
    """A reserve card beneath its pile, for nothing (AP-AMB-08, AP-NI-01)."""
    player: int
    card: int
    revealed: int = -1


class TechReturned(Fact):
    """AP-EV-09: built cards back to the reserve."""
    player: int
    cards: tuple[int, ...]


class RocketLaunched(Fact):
    """A successful launch: deposits on the SOC (`launch`), the rest back to the reserve, `kept` First Stages
    left on the Launch Pad."""
    player: int
    launch: Launch
    returned: tuple[int, ...]
    kept: tuple[int, ...]


class LaunchAborted(Fact):
    """AP-LCH-16: every attempt failed; the rocket stays."""
    player: int
    destination: int


class StaticFired(Fact):
    """The static fire's result (AP-SF-02: success on the main die's target)."""
    player: int
    success: bool


class SocAssigned(Fact):
    """AP-AMB-21: an Engineer to its owner's SOC with its fixed Authority."""
    player: int
    engineer: int


class Modified(Fact):
    """A turn-long modifier (AP-GEN-08); player 0 applies to every player (AP-ENG-13)."""
    player: int
    mod: str
    amount: int


class ActionsGranted(Fact):
    """AP-DIR-01, AP-EV-29: Director actions for this Administration phase."""
    count: int


class EarningsCollected(Fact):
    """The quarter's earnings: what the player got or paid, the debt left unpaid and the dismissals it costs
    (AP-ERN-06)."""
    player: int
    amount: int
    unpaid: int = 0
    dismissals: int = 0


class DismissalsOwed(Fact):
    """Engineers a Solo Event makes the player discard by choice (AP-SEV-09, -17, -18)."""
    player: int
    count: int


class BanAdded(Fact):
    """A Solo Event's prohibition, until the end of the game (Solo Events 01-04)."""
    ban: str


class GoalAdded(Fact):
    """AP-SEV-20, AP-SEV-22: the Solo Event's extra objective joins the Mission."""
    event: int


class TurnEnded(Fact):
    """AP-ADM-02: Engineers back to their hands, turn effects expire (AP-INV-21)."""
    turn: int


class GameEnded(Fact):
    """The end of the game and its winners (none for a failed Solo Mission, AP-SOLO-12)."""
    winners: tuple[int, ...]


class GameTruncated(Fact):
    """The run's turn cap (`max_turns`) was reached: no result. Not a rule of the game."""
    turn: int


DECISIONS = (KeepDirector, ChooseTeam, Place, ChooseRiver, TakeCard, Build, Sell, KeepRnd, Discard,
             Dismiss, SpendDie, Recruit, StaticFire, LaunchRocket, UseSpecialty, Intervene, Pass)
FACTS = (PileShuffled, DirectorsDealt, DirectorsRevealed, EngineersRecruited, EngineerDismissed,
         RiverFilled, RiverReplaced, InvestorsRevealed, InvestorsReplaced, InvestorWon, StepStarted,
         Asked, SimultaneousStep, PlacementRevealed, TurnStarted, CreditsChanged,
         DiceRolled, DieGained, DiceReturned, TechAcquired, RndDrawn, RndReturned, TechBuilt,
         TechSold, TechDiscarded, TechReturned, RocketLaunched, LaunchAborted, StaticFired,
         SocAssigned, Modified, ActionsGranted, EarningsCollected, DismissalsOwed, BanAdded,
         GoalAdded, TurnEnded, GameEnded, GameTruncated)
EVENTS = DECISIONS + FACTS
SIGNPOSTS = (StepStarted, Asked, SimultaneousStep, TurnEnded)
"""The facts that only say where play stands (a step begun, who is next, a question asked):
`Rules.signposts`."""
ApogeeEvent = Union[EVENTS]  # type: ignore[valid-type]

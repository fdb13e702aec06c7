"""Solar Sphere's decisions and facts: the types only (their handlers are in evolve.py).

Facts carry everything their handler needs, so `evolve` never looks anything up or draws.
"""

from __future__ import annotations

from boardcore.game.events import Decision, Fact

from solar_sphere.state import Task


# -- decisions -----------------------------------------------------------------------------
class TakeKickbacks(Decision):
    """SS-KB-01, SS-KB-02, SS-KB-03: move the morale marker back to spanner space `to`."""
    to: int


class UseCrew(Decision):
    """SS-CREW-15: use a current, upright crew member's action (card id)."""
    card: str


class ChooseDie(Decision):
    """SS-DEP-04, SS-DEP-06: take the die on port `die` and set it to `value`, exhausting one
    drone per step; `crew` uses T3-03 instead (SS-ALM-11)."""
    die: int
    value: int
    crew: bool = False


class Visit(Decision):
    """SS-DEP-04, SS-DEP-09: the chosen die visits a Location card."""
    location: str


class DiscardDie(Decision):
    """SS-DEP-19: no visit this turn: discard the die on port `die` and gain 1 morale."""
    die: int


class Choose(Decision):
    """The answer to the prompt on top of the effect stack (or the visit's satellite/action)."""
    option: str


class Attack(Decision):
    """SS-FLT-04: pay 1 crystal and commit `drones` active drones to the ship at fleet position `ship`."""
    ship: int
    drones: int


class EndTurn(Decision):
    """Finish a Deploy turn after its action, with crew actions left unused (SS-CREW-17)."""


# -- facts ---------------------------------------------------------------------------------
class SphereLaid(Fact):
    """The shuffled hexes, one per slot, inner ring first (SS-SET-02, SS-SET-04), and the random
    slots turned face down (SS-SET-03)."""
    reveals = True
    hexes: tuple[int, ...]
    face_down: tuple[int, ...]


class ScoringCardDrawn(Fact):
    """SS-SET-11: the one Sphere scoring card in play, drawn at random."""
    reveals = True
    card: int


class ResistanceDeckBuilt(Fact):
    """SS-SET-12, SS-SET-13, SS-SET-14: the 12 cards of the Resistance deck, top first."""
    reveals = True
    order: tuple[int, ...]


class FleetDrawn(Fact):
    """SS-SET-15, SS-REC-02: the top row from the deck (then `arranged`, SS-DRSET-03)."""
    reveals = True
    left: int
    right: int


class FleetArranged(Fact):
    """SS-DRREC-06: the solo fleet rows re-ordered; `swap` lists the rows (0 bottom, 1 top) swapped."""
    swap: tuple[int, ...]


class CrewDeckShuffled(Fact):
    """SS-SET-17: one tier's deck, top first."""
    reveals = True
    tier: int
    order: tuple[int, ...]


class CrewRevealed(Fact):
    """SS-SET-18, SS-REC-07: the top card of a tier deck goes to display slot `slot`."""
    reveals = True
    slot: int
    card: int


class TurnOrderSet(Fact):
    """The turn order, first seat first: random at setup (SS-SET-24), then by each Dock's sums
    (SS-DOCK-04, SS-DOCK-05)."""
    order: tuple[int, ...]


class DrandaDeckShuffled(Fact):
    """SS-DRSET-06, SS-DRREC-04: DRANDA's deck, top first (the set-aside cards shuffled in)."""
    reveals = True
    order: tuple[int, ...]


class DrandaCardFlipped(Fact):
    """SS-DRSET-07, SS-DRREC-03: the top card of DRANDA's deck onto its discard pile."""
    reveals = True
    card: int


class RoundStarted(Fact):
    """SS-FLOW-02, SS-REC-10: a new round opens with Dock."""
    round: int


class PhaseStarted(Fact):
    phase: str


class DiceRolled(Fact):
    """SS-DOCK-01, SS-DOCK-02: a player's 3 ship dice, docked on their ports."""
    reveals = True
    player: int
    values: tuple[int, ...]


class DrandaDiceRolled(Fact):
    """SS-DRDOCK-01, SS-DRDOCK-02: DRANDA's transparent dice in play order, with their colours."""
    reveals = True
    values: tuple[int, ...]
    colours: tuple[int, ...]


class MoraleChanged(Fact):
    """SS-TRK-05 (already limited to the track; overflow and underflow are PointsScored)."""
    player: int
    delta: int


class ReputationGained(Fact):
    """SS-TRK-02: the reputation marker moves up one level."""
    player: int


class PointsScored(Fact):
    """SS-PTS-01, SS-PTS-02: points (negative for penalties) for a seat, DRANDA included."""
    player: int
    points: int
    why: str = ""


class ResourceChanged(Fact):
    """SS-STO-01, SS-STO-04: `delta` of resource `kind` (0 ore, 1 gold, 2 crystal) in storage."""
    player: int
    kind: int
    delta: int


class DronesMoved(Fact):
    """SS-DRN-04, SS-DRN-07, SS-DRN-13: drones between reserve, active and inactive."""
    player: int
    src: str
    dst: str
    n: int = 1


class SatelliteMoved(Fact):
    """SS-DEP-14 (launch from active) or SS-DRN-05 (recalled to active)."""
    player: int
    location: int
    launch: bool


class Decommissioned(Fact):
    """SS-DRN-14: an inactive drone into the left-most empty space of matrix row `row`."""
    player: int
    row: int


class AuxDieGained(Fact):
    """SS-AUX-02: the auxiliary die, rolled, on its docking port."""
    reveals = True
    player: int
    value: int


class FactionsGained(Fact):
    """SS-FAC-02: faction icons (0 eng, 1 sci, 2 sec, 3 sil) for a seat."""
    player: int
    factions: tuple[int, ...]


class HexBuilt(Fact):
    """SS-SPH-06: a drone (active, or DRANDA's supply) onto the hex in `slot`."""
    player: int
    slot: int
    factions: tuple[int, ...] = ()


class CrewHired(Fact):
    """SS-CREW-04, SS-CREW-06, SS-CREW-07: the card in display slot `slot` joins a seat's crew; its
    token returns;
    its faction icons are recorded (SS-FAC-02)."""
    player: int
    slot: int
    factions: tuple[int, ...] = ()


class CrewRetired(Fact):
    """SS-CREW-11: a current crew member goes face down onto the retirement pile."""
    player: int
    card: int


class CrewUsed(Fact):
    """SS-CREW-15: the card is rotated."""
    player: int
    card: int


class CrewRefreshed(Fact):
    """SS-ALM-13: a rotated card is turned upright again."""
    player: int
    card: int


class DronesCommitted(Fact):
    """SS-FLT-04, SS-FLT-05: drones (active, or DRANDA's supply) onto the ship at a fleet position."""
    player: int
    ship: int
    n: int


class TasksPushed(Fact):
    """Effects put on the stack; the first listed resolves first."""
    tasks: tuple[Task, ...]


class TaskDone(Fact):
    """The effect on top of the stack is finished."""


class TaskUpdated(Fact):
    """The effect on top of the stack, with what is left of it."""
    task: Task


class TurnStarted(Fact):
    """SS-DEP-01: the next seat in turn order begins a Deploy turn."""
    player: int


class DieDeployed(Fact):
    """SS-DEP-04, SS-DEP-09, SS-DEP-10: the chosen die onto a Location card; `occupied` drone exhausted."""
    player: int
    location: int
    occupied: bool


class TurnEnded(Fact):
    player: int


class ResistanceRolled(Fact):
    """SS-BAT-06: the Commander's roll of the Resistance die, added to the ship's value (`roller`
    is who rolled it, SS-AMB-21)."""
    reveals = True
    ship: int
    roller: int
    value: int


class BattleNoted(Fact):
    """SS-BAT-02 an empty fleet position is skipped (`skip`); SS-AMB-35 `player` has been
    offered the T2-09 reroll for this ship."""
    ship: int
    player: int = 0
    skip: bool = False


class ShipResolved(Fact):
    """A ship's last resolution: it leaves the fleet, claimed by its Commander `claimed_by` after a
    success (SS-BAT-13) or a defeat (SS-BAT-18), or by nobody (0: it leaves the game, SS-BAT-22);
    then every drone on it goes home (SS-BAT-14, SS-BAT-19), DRANDA's less `dranda_lost`."""
    ship: int
    claimed_by: int
    dranda_lost: int = 0
    factions: tuple[int, ...] = ()


class ShipMovedDown(Fact):
    """SS-BAT-15, SS-BAT-16: a failed top-row ship moves down on its side, with a Corporation drone."""
    ship: int
    corp: bool


class DiceReturned(Fact):
    """SS-REC-01, SS-REC-03, SS-DRREC-02, SS-DRREC-07: dice back, crew upright, opaque dice used up."""


class DisplayDiscarded(Fact):
    """SS-REC-04: a display card with a 2-token goes under its deck; the token returns."""
    slot: int


class TokensPlaced(Fact):
    """SS-REC-05, SS-REC-06: 1-tokens flip to 2, then token-less display cards get a 1."""


class DrandaCardRevealed(Fact):
    """SS-DRDEP-02, SS-DRSAL-02: DRANDA's top card into its play area."""
    reveals = True
    card: int


class DrandaCardMoved(Fact):
    """SS-DRSAL-04 (`to` = "bottom") or SS-DRSAL-06 (`to` = "discard") from the play area."""
    card: int
    to: str


class DrandaDiePlaced(Fact):
    """SS-DRDEP-04, SS-DRSAL-05: a transparent die (index) or an opaque die (colour + 3,
    with the `value` it was rolled)."""
    reveals = True
    die: int
    location: int
    value: int = 0


class StepSet(Fact):
    """The Deploy turn moves on: "acting" while the location's action resolves, "after" for
    crew actions once it has (SS-AMB-25)."""
    step: str


class DrandaDrones(Fact):
    """SS-DRDEP-08, SS-DRDEP-12: DRANDA drones between its supply and the removed pool."""
    supply: int
    removed: int


class FinalScored(Fact):
    """The parts of a seat's final score: the Sphere (SS-END-03), faction sets (SS-END-04,
    SS-END-05), reputation (SS-END-06), morale (SS-END-07), active drones and stored resources
    (SS-END-08), and DRANDA's supply."""
    player: int
    sphere: int
    factions: int
    reputation: int
    morale: int
    halves: int
    supply: int = 0

    @property
    def total(self) -> int:
        """The points these parts add to the seat's score."""
        return self.sphere + self.factions + self.reputation + self.morale + self.halves + self.supply


class GameEnded(Fact):
    """SS-END-01, SS-INV-26: the final scores; nothing more is accepted."""
    scores: tuple[int, ...]


DECISIONS = (TakeKickbacks, UseCrew, ChooseDie, Visit, DiscardDie, Choose, Attack, EndTurn)
"""What a player may choose; the rest are facts."""
EVENTS = DECISIONS + (
    SphereLaid, ScoringCardDrawn, ResistanceDeckBuilt, FleetDrawn, FleetArranged, CrewDeckShuffled,
    CrewRevealed, TurnOrderSet, DrandaDeckShuffled, DrandaCardFlipped, RoundStarted, PhaseStarted, DiceRolled,
    DrandaDiceRolled, MoraleChanged, ReputationGained, PointsScored, ResourceChanged, DronesMoved,
    SatelliteMoved, Decommissioned, AuxDieGained, FactionsGained, HexBuilt, CrewHired, CrewRetired, CrewUsed,
    CrewRefreshed, DronesCommitted, TasksPushed, TaskDone, TaskUpdated, TurnStarted, TurnEnded, DieDeployed,
    ResistanceRolled, BattleNoted, ShipResolved, ShipMovedDown, DiceReturned, DisplayDiscarded, TokensPlaced,
    DrandaCardRevealed, DrandaCardMoved, DrandaDiePlaced, StepSet, DrandaDrones, FinalScored, GameEnded,
)
"""Every event of the game, decisions first (the order is part of the contract: keep it)."""
SIGNPOSTS = (RoundStarted, PhaseStarted, TurnStarted, TurnEnded, StepSet, TasksPushed, TaskDone, TaskUpdated,
             BattleNoted)
"""The facts that only say where play stands (a round, phase or turn begun, an effect put on the stack or
finished, an empty fleet position passed over): `Rules.signposts`."""

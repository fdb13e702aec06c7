"""Decisions (one player's answer to the open prompt) and the facts that follow.

Decisions carry only the choice; everything they change is carried by facts,
so `evolve` for a decision just closes the prompt. Facts showing chance or
hidden information set `reveals`.
"""

from __future__ import annotations

from boardcore.game.events import Decision, Fact

from warlords.state import Ctx, Invasion, Prompt


# -- decisions ---------------------------------------------------------------
class Pass(Decision):
    """Decline the optional choice on offer (or end the Action Phase)."""


class Discard(Decision):
    """Solo setup: put back one of the 5 cards drawn (GW-SSET-09)."""
    card: str


class Recall(Decision):
    """GW-RCL-01/02: one own Infantry from a planet (`planet`) or a guard (`circle`), -1 otherwise."""
    planet: int = -1
    circle: int = -1


class MoveShip(Decision):
    """GW-SHIP-01..07: the sector the Base Ship moves to (or is first placed in)."""
    sector: str


class UseTactical(Decision):
    """GW-RCN-06/07: turn the recon marker face up on entering its sector."""


class PlayMercenary(Decision):
    """GW-MERC-01/02: a hand card to the left or right end of the Command Area."""
    card: str
    side: str = "right"


class PlaceGuard(Decision):
    """GW-GUARD-01: an Infantry from the Launch Pad onto the circle just completed."""


class UseSkill(Decision):
    """GW-SKILL-01: play the skill of this colour."""
    colour: str


class ChooseAction(Decision):
    """GW-ACT-01: play the printed action in `slot` of this turn's mercenary."""
    action: str
    slot: int


class PlaySupport(Decision):
    """GW-SUP-02: play a support card from hand."""
    card: str


class TeamAction(Decision):
    """GW-TEAM-02: exchange, switch or transfer."""
    kind: str


class PayWith(Decision):
    """GW-BOMB-01: pay Bombard with an Infantry or an Aircraft."""
    unit: str


class Bonus(Decision):
    """GW-REP-10: the reputation bonus taken on the space reached."""
    choice: str


class TargetPlanet(Decision):
    planet: int


class DeployUnits(Decision):
    """GW-DEP-01/02: how many of each kind go to the chosen planet."""
    infantry: int
    tanks: int
    aircraft: int


class Casualties(Decision):
    """GW-CMB-15, GW-BOMB-05: which of one's own units are removed."""
    infantry: int
    tanks: int
    aircraft: int


class Wound(Decision):
    """GW-ASN-02: wound an unguarded mercenary of `target`."""
    target: int
    card: str


class KillGuard(Decision):
    """GW-ASN-03: kill the guard on circle `circle` of `target`."""
    target: int
    circle: int


class TargetPlayer(Decision):
    """GW-SUB-02: the opponent to take a card from."""
    target: int


class SubterfugeOption(Decision):
    """GW-SUB-03/04 (multiplayer: keep / play) and GW-SPT-07/08 (solo: copy / swap)."""
    option: str


class GiveCard(Decision):
    """GW-SUB-03: the card given back in exchange."""
    card: str


class BorrowAction(Decision):
    """An action of `card`, borrowed (Subterfuge B: GW-SUB-04; Black Friday: GW-SUP-12; solo: GW-SPT-07)."""
    card: str
    action: str


class SoloSwap(Decision):
    """GW-SPT-08: discard a hand card, take a Market card."""
    discard: str
    take: str


class ChooseSector(Decision):
    """GW-RCN-02/03: the sector to scout."""
    sector: str


class PlaceRecon(Decision):
    """GW-RCN-04: which recon marker to leave there."""
    kind: str


class RemovePreDeployed(Decision):
    """GW-SPT-06/11: a pre-deployed Rebellion unit to remove."""
    sector: str
    unit: str


class Reinforce(Decision):
    """GW-CMB-04: move the guard on `circle` onto the invaded planet."""
    circle: int


class Reroll(Decision):
    """GW-CMB-07: how many dice of each result the defender rerolls."""
    hits: int
    invader_hits: int
    misses: int


class Evacuate(Decision):
    """GW-CMB-20: the defender takes its units off the planet to its Launch Pad."""


class Block(Decision):
    """GW-SUP-10: answer the support card just played with this Blockade."""
    card: str


class Hire(Decision):
    """GW-HIRE-01: draft Market card `card`, or draw from the deck when `card` is empty."""
    card: str = ""


class ExchangePick(Decision):
    """GW-TEAM-03: the card a teammate puts into the exchange (hidden)."""
    card: str


class SwitchPlanets(Decision):
    """GW-TEAM-04: own planet `mine` for the teammate's planet `theirs`."""
    mine: int
    theirs: int


class Transfer(Decision):
    """GW-TEAM-05: Infantry from Launch Pad to Reserve, matched by the teammate."""
    count: int


# -- facts -------------------------------------------------------------------
class GalaxySeeded(Fact):
    """GW-SET-06..09 / GW-SSET-05: planet types by slot (face down) and the tiles boxed unseen."""
    reveals = True
    types: tuple[str, ...]
    box: tuple[str, ...]


class PlanetsRevealed(Fact):
    """GW-SET-10/11, GW-SHIP-08: planets turned face up; markers move when `advance`."""
    reveals = True
    planets: tuple[int, ...]
    types: tuple[str, ...]
    advance: bool = True


class MarkersPlaced(Fact):
    """GW-SET-12 / GW-SSET-07: the reputation action markers by slot, and the leftover (unseen)."""
    reveals = True
    slots: tuple[str, ...]
    leftover: str = ""


class TrackSet(Fact):
    """GW-SET-11 / GW-SSET-06: every planet marker's starting position."""
    positions: tuple[int, ...]


class SupportShuffled(Fact):
    """GW-SET-13, GW-GAP-26: the support deck's new order, top first (hidden)."""
    reveals = True
    order: tuple[str, ...]


class DeckFormed(Fact):
    """GW-SET-14..16 / GW-SSET-08: the mercenary deck's order, top first, and the cards removed unseen."""
    reveals = True
    order: tuple[str, ...]
    removed: tuple[str, ...] = ()


class HandDealt(Fact):
    """GW-SET-14..16: cards from the top of the deck to one player (hidden to others)."""
    reveals = True
    player: int
    cards: tuple[str, ...]


class SetAside(Fact):
    """GW-SSET-09: one of the 5 cards drawn is put aside, to go back into the deck."""
    reveals = True
    player: int
    card: str


class CardsReturned(Fact):
    """GW-SSET-09: cards put back from hand, then the deck's new order."""
    reveals = True
    player: int
    cards: tuple[str, ...]
    order: tuple[str, ...]


class RebelDeckFormed(Fact):
    """GW-SSET-12/13: the Rebel deck, top first, and the cards boxed unseen."""
    reveals = True
    order: tuple[str, ...]
    removed: tuple[str, ...]


class FirstPlayer(Fact):
    """GW-SET-18, GW-GAP-19: the first player, drawn at random."""
    reveals = True
    player: int


class Asked(Fact):
    """Opens the prompt: what is asked of whom."""
    prompt: Prompt


class TurnStarted(Fact):
    """GW-TURN-01/02: a player's turn begins; per-turn allowances reset."""
    player: int
    turn: int


class PhaseStarted(Fact):
    phase: str


class Recovered(Fact):
    """GW-REC-01..04 (all kinds) or GW-REP-15 (Infantry only)."""
    player: int
    infantry_only: bool = False


class Recalled(Fact):
    """GW-RCL-01/02: the Infantry (from `planet`) or guard (from `circle`) goes to the Launch Pad."""
    player: int
    planet: int = -1
    circle: int = -1


class ShipMoved(Fact):
    """GW-SHIP-01..07: the Base Ship is now in `sector`."""
    player: int
    sector: str


class ReconReturned(Fact):
    """GW-RCN-06/07 (used, shown face up) or GW-ACT-08 (returned at the end of the Action Phase)."""
    player: int
    kind: str
    used: bool = False


class MercenaryPlayed(Fact):
    """GW-MERC-01..05: the card joins the row; `circle` is the colour of a completed circle."""
    player: int
    card: str
    side: str
    circle: str = ""


class UnitsGained(Fact):
    """GW-MERC-03, GW-REP-12: Infantry from Reserve to Launch Pad."""
    player: int
    infantry: int


class GuardPlaced(Fact):
    """GW-GUARD-01: an Infantry leaves the Launch Pad to guard `circle`."""
    player: int
    circle: int


class CirclesShut(Fact):
    """GW-GUARD-02: a completed circle left unguarded can never take a guard."""
    player: int


class SkillUsed(Fact):
    """GW-SKILL-02: once per game per player."""
    player: int
    colour: str


class ActionUsed(Fact):
    """GW-ACT-02: a printed action slot of this turn's card is spent."""
    slot: int


class ActionStarted(Fact):
    ctx: Ctx


class ActionStaged(Fact):
    ctx: Ctx


class ActionEnded(Fact):
    pass


class CostPaid(Fact):
    """GW-ACT-05: a unit from Launch Pad to Mission."""
    player: int
    unit: int


class ReputationGained(Fact):
    """GW-REP-01: the marker moves one space right, onto `space`."""
    player: int
    space: int


class PowerGained(Fact):
    """GW-CON-02: deploy value, reputation power, Rebellion overflow."""
    player: int
    amount: int
    reason: str


class Repaired(Fact):
    """GW-REP-14: a destroyed unit back to the Launch Pad."""
    player: int
    unit: int


class SupportDrawn(Fact):
    """The top support card to a hand, hidden (Support: GW-SUPA-01; bonus: GW-REP-13; skill: GW-SKILL-05)."""
    reveals = True
    player: int
    card: str


class SupportPlayed(Fact):
    """GW-SUP-02/03: the card leaves the hand and waits for Blockade answers."""
    player: int
    card: str
    responders: tuple[int, ...] = ()
    response: bool = False


class Responded(Fact):
    """A player lets the top support card through (GW-SUP-10)."""
    player: int


class SupportResolved(Fact):
    """The top support card takes effect (or a Blockade cancels the one below it); to the discard pile."""
    card: str
    cancelled: str = ""


class Deployed(Fact):
    """GW-DEP-01..05: units from the Launch Pad (or Rebellion pre-deployment) onto a planet."""
    player: int
    planet: int
    units: tuple[int, int, int]
    sector: str = ""    # solo: the Rebellion's pre-deployment sector they came from


class InvasionStarted(Fact):
    """GW-CMB-01, GW-CMB-02: the invading units leave their origin; the planet type is devastated."""
    invasion: Invasion
    sector: str = ""
    devastate: int = -1


class InvasionStaged(Fact):
    invasion: Invasion


class Reinforced(Fact):
    """GW-CMB-04/05 (guard, `circle`) or GW-SUP-11 (Kickstarter Brigade from Reserve, circle -1)."""
    player: int
    planet: int
    circle: int = -1


class CombatRolled(Fact):
    """GW-CMB-12..14: both sides' dice of a round."""
    reveals = True
    attacker: tuple[str, ...]
    defender: tuple[str, ...]


class Rerolled(Fact):
    """GW-CMB-07: the defender's dice after the reroll, kept and new together."""
    reveals = True
    defender: tuple[str, ...]


class UnitsLost(Fact):
    """Units off a planet or the invading force (casualties: GW-CMB-15/16; GW-BOMB-03..06; GW-SKILL-04)."""
    player: int
    planet: int
    units: tuple[int, int, int]
    invading: bool = False


class Evacuated(Fact):
    """GW-CMB-20: the defender's units leave `planet` for the Launch Pad."""
    player: int
    planet: int


class InvasionEnded(Fact):
    """GW-CMB-17..19: `winner` is 0 when both sides fell."""
    winner: int


class DiceRolled(Fact):
    """GW-BOMB-04: a Bombard's extra dice."""
    reveals = True
    values: tuple[str, ...]


class Wounded(Fact):
    """GW-ASN-02, GW-SKILL-03: a wound marker on `card` of `player`."""
    player: int
    card: str


class GuardKilled(Fact):
    """GW-ASN-03, GW-SKILL-03: the guard goes to its owner's Medical Bay."""
    player: int
    circle: int


class CardTaken(Fact):
    """GW-SUB-02: a random card of `target`'s hand, seen by both of them."""
    reveals = True
    player: int
    target: int
    card: str


class CardGiven(Fact):
    """GW-SUB-03/04: `card` goes from `player`'s hand to `target`'s (given, or returned)."""
    player: int
    target: int
    card: str
    kept: bool = False


class Peeked(Fact):
    """GW-RCN-02: the face-down planets of a sector, seen by one player."""
    reveals = True
    player: int
    sector: str
    planets: tuple[int, ...]
    types: tuple[str, ...]


class ReconPlaced(Fact):
    """GW-RCN-04: a recon marker of `kind` left face down in `sector`."""
    player: int
    kind: str
    sector: str


class MercenaryHired(Fact):
    """GW-HIRE-02/03: a Market card (public) or the deck's top card (hidden) to a hand."""
    reveals = True
    player: int
    card: str
    drafted: bool


class MarketCleared(Fact):
    """GW-HIRE-04, GW-SUP-12: every Market card leaves the game face up."""
    cards: tuple[str, ...]


class MarketCardRemoved(Fact):
    """GW-SPT-07/08: one Market card leaves (to the game's discard, or to a hand)."""
    card: str
    player: int = 0


class MarketFilled(Fact):
    """GW-SET-17, GW-HIRE-02/04: cards from the top of the deck, face up."""
    reveals = True
    cards: tuple[str, ...]


class CardDiscarded(Fact):
    """GW-SPT-08: a hand card out of the game."""
    player: int
    card: str


class EndTriggered(Fact):
    """GW-END-01..05 / GW-SEND-01..03: the game ends after turn `last_turn`."""
    kind: str
    last_turn: int


class TurnEnded(Fact):
    player: int


class TeamPicked(Fact):
    """GW-TEAM-03: one side of the exchange (hidden until both picked)."""
    player: int
    card: str


class TeamExchanged(Fact):
    """GW-TEAM-03: the two picks change hands."""
    player: int
    mate: int
    given: str
    received: str


class PlanetsSwitched(Fact):
    """GW-TEAM-04: the units on the two planets trade places."""
    player: int
    mine: int
    theirs: int


class InfantryTransferred(Fact):
    """GW-TEAM-05: `count` Infantry to one Reserve, as many from the mate's."""
    player: int
    mate: int
    count: int


class RebelCardDrawn(Fact):
    """GW-REB-02: the Rebel deck's top card, carried out from its first action."""
    card: str


class RebelStep(Fact):
    """Progress through the Rebel card: action index and sector index."""
    step: int
    sector: int = 0


class PreDeployed(Fact):
    """GW-REB-07..09: one unit into a sector, or (`overflow`) +1 Power instead."""
    sector: str
    unit: int
    overflow: bool = False


class PreRemoved(Fact):
    """GW-SPT-06/11: a pre-deployed Rebellion unit back to the pool."""
    sector: str
    unit: int


class FinalScored(Fact):
    """GW-SCORE-01..05 / GW-SSCORE-01..04: one player's final scores, added to the Power."""
    player: int
    guards: int
    majority: int
    missions: int
    sector: int = 0


class GameEnded(Fact):
    """GW-END-06: nothing more happens."""
    truncated: bool = False


DECISIONS = (Pass, Discard, Recall, MoveShip, UseTactical, PlayMercenary, PlaceGuard, UseSkill, ChooseAction,
             PlaySupport, TeamAction, PayWith, Bonus, TargetPlanet, DeployUnits, Casualties, Wound, KillGuard,
             TargetPlayer, SubterfugeOption, GiveCard, BorrowAction, SoloSwap, ChooseSector, PlaceRecon,
             RemovePreDeployed, Reinforce, Reroll, Evacuate, Block, Hire, ExchangePick, SwitchPlanets, Transfer)
FACTS = (GalaxySeeded, PlanetsRevealed, MarkersPlaced, TrackSet, SupportShuffled, DeckFormed, HandDealt,
         CardsReturned, SetAside, RebelDeckFormed, FirstPlayer, Asked, TurnStarted, PhaseStarted, Recovered, Recalled,
         ShipMoved, ReconReturned, MercenaryPlayed, UnitsGained, GuardPlaced, CirclesShut, SkillUsed, ActionUsed,
         ActionStarted, ActionStaged, ActionEnded, CostPaid, ReputationGained, PowerGained, Repaired,
         SupportDrawn, SupportPlayed, Responded, SupportResolved, Deployed, InvasionStarted, InvasionStaged,
         Reinforced, CombatRolled, Rerolled, UnitsLost, Evacuated, InvasionEnded, DiceRolled, Wounded,
         GuardKilled, CardTaken, CardGiven, Peeked, ReconPlaced, MercenaryHired, MarketCleared,
         MarketCardRemoved, MarketFilled, CardDiscarded, EndTriggered, TurnEnded, TeamPicked, TeamExchanged,
         PlanetsSwitched, InfantryTransferred, RebelCardDrawn, RebelStep, PreDeployed, PreRemoved, FinalScored,
         GameEnded)
EVENTS = DECISIONS + FACTS
SIGNPOSTS = (Asked, TurnStarted, PhaseStarted, ActionUsed, ActionStarted, ActionStaged, ActionEnded, InvasionStaged,
             TurnEnded)
"""The facts that only say where play stands (a question asked, a phase or a step of an action begun or
over): `Rules.signposts`."""

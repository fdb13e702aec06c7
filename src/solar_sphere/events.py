"""Solar Sphere's decisions and facts, each with the handler that applies it (`HANDLERS`).

Facts carry everything their handler needs, so `evolve` never looks anything up or draws.
"""

from __future__ import annotations

from boardcore.events import Decision, Fact

from solar_sphere.state import CORP, PlayerState, Ship, SolarState, Task


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
    """SS-SET-02, SS-SET-03, SS-SET-04, SS-SET-05, SS-SET-06: the hex in each slot, and the slots turned
    face down."""
    reveals = True
    hexes: tuple[int, ...]
    face_down: tuple[int, ...]


class ScoringCardDrawn(Fact):
    """SS-SET-11."""
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
    """SS-SET-24, SS-DOCK-04, SS-DOCK-05."""
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
    """SS-TRK-02."""
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
    """SS-CREW-11."""
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
    """SS-DEP-01."""
    player: int


class DieDeployed(Fact):
    """SS-DEP-04, SS-DEP-09, SS-DEP-10: the chosen die onto a Location card; `occupied` drone exhausted."""
    player: int
    location: int
    occupied: bool


class TurnEnded(Fact):
    player: int


class ResistanceRolled(Fact):
    """SS-BAT-06."""
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
    """SS-BAT-13, SS-BAT-14, SS-BAT-18, SS-BAT-19, SS-BAT-22: the ship leaves the fleet, claimed by
    `claimed_by`
    (0 nobody); player drones go to inactive, DRANDA's to its supply less `dranda_lost`,
    the Corporation drone back beside the deck."""
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
    """SS-END-03, SS-END-04, SS-END-05, SS-END-06, SS-END-07, SS-END-08: each part of a seat's final
    score."""
    player: int
    sphere: int
    factions: int
    reputation: int
    morale: int
    halves: int
    supply: int = 0


class GameEnded(Fact):
    """SS-END-01, SS-INV-26: the final scores; nothing more is accepted."""
    scores: tuple[int, ...]


# -- handlers ------------------------------------------------------------------------------
def _sphere_laid(s: SolarState, e: SphereLaid):
    s.hex_at = list(e.hexes)
    s.face_down = [False] * len(e.hexes)
    s.builder = [0] * len(e.hexes)
    for slot in e.face_down:
        s.face_down[slot] = True
        s.builder[slot] = CORP          # SS-SET-06, SS-AMB-03
    s.shown = [-1 if down else h for h, down in zip(s.hex_at, s.face_down, strict=True)]
    return s


def _scoring(s, e):
    s.scoring_card = e.card
    return s


def _res_deck(s, e):
    s.res_deck = list(e.order)
    s.deck_size = len(e.order)
    return s


def _fleet_drawn(s, e):
    s.res_deck.remove(e.left)
    s.res_deck.remove(e.right)
    s.fleet[2], s.fleet[3] = Ship(card=e.left), Ship(card=e.right)
    return s


def _fleet_arranged(s, e):
    for row in e.swap:
        a = 2 * row
        s.fleet[a], s.fleet[a + 1] = s.fleet[a + 1], s.fleet[a]
    return s


def _crew_deck(s, e):
    s.crew_decks[e.tier] = list(e.order)
    return s


def _crew_revealed(s, e):
    s.crew_decks[e.slot // 2].remove(e.card)
    s.display[e.slot] = e.card
    s.tokens[e.slot] = 0
    return s


def _order(s, e):
    s.order = list(e.order)
    return s


def _d_deck(s, e):
    s.d.deck = list(e.order)
    s.d.area = []
    return s


def _d_flip(s, e):
    s.d.deck.remove(e.card)
    s.d.discard.append(e.card)
    return s


def _round(s, e):
    s.round, s.phase = e.round, "dock"
    return s


def _phase(s, e):
    s.phase = e.phase
    s.at = -1
    s.battle_at, s.roll, s.rerolled = 0, -1, 0
    return s


def _rolled(s, e):
    """SS-PORT-02, SS-DOCK-02: each die on the port of its value, equal values stacked."""
    p = s.p[e.player - 1]
    p.rolled = list(e.values)
    for v in e.values:
        p.ports[v - 1] += 1
    return s


def _d_rolled(s, e):
    s.d.dice, s.d.colours = list(e.values), list(e.colours)
    return s


def _morale(s, e):
    s.p[e.player - 1].morale += e.delta
    return s


def _rep(s, e):
    s.p[e.player - 1].rep += 1
    return s


def _points(s, e):
    if e.player == s.dseat:
        s.d.score += e.points
    else:
        s.p[e.player - 1].score += e.points
    return s


def _resource(s, e):
    """SS-STO-01, SS-STO-04: gains come from, and spending returns to, an unlimited supply (SS-STO-05)."""
    s.p[e.player - 1].store[e.kind] += e.delta
    return s


def _drones(s, e):
    p = s.p[e.player - 1]
    setattr(p, e.src, getattr(p, e.src) - e.n)
    setattr(p, e.dst, getattr(p, e.dst) + e.n)
    return s


def _satellite(s, e):
    """SS-DEP-14, SS-DEP-15 (one flag per card: at most one satellite each), SS-DRN-05, SS-DRN-09
    recalled only by fabricating."""
    p = s.p[e.player - 1]
    p.sats[e.location] = e.launch
    if e.launch:
        p.active -= 1
    else:
        p.active += 1
    return s


def _decom(s, e):
    """SS-DRN-14: left-most empty space of the row, out of play for good."""
    p = s.p[e.player - 1]
    p.inactive -= 1
    p.matrix[e.row] += 1
    return s


def _aux(s, e):
    """SS-AUX-02, SS-AUX-03; on its port it works like any ship die (SS-AUX-07) but never counts for Dock
    (SS-AUX-04, SS-AMB-56)."""
    p = s.p[e.player - 1]
    p.aux = True
    p.ports[e.value - 1] += 1
    if s.turn == e.player:
        p.fresh = e.value               # SS-AUX-03: not this turn
    return s


def _factions(s, e):
    f = s.d.factions if e.player == s.dseat else s.p[e.player - 1].factions
    for k in e.factions:
        f[k] += 1
    return s


def _hex(s, e):
    """SS-SPH-06, SS-DRN-10: the drone stays on the hex for the rest of the game."""
    _factions(s, e)
    s.builder[e.slot] = e.player
    if e.player == s.dseat:
        s.d.supply -= 1
        s.d.hexes += 1
    else:
        p = s.p[e.player - 1]
        p.active -= 1
        p.hexes += 1
    if all(s.builder):
        s.final = True                  # SS-SPH-09, SS-AMB-04
    return s


def _hired(s, e):
    _factions(s, e)
    card = s.display[e.slot]
    s.display[e.slot] = -1
    s.tokens[e.slot] = 0
    if e.player == s.dseat:
        s.d.crew.append(card)
    else:
        p = s.p[e.player - 1]
        p.crew.append(card)
        p.used.append(False)
        p.hires += 1
    return s


def _retired(s, e):
    """SS-CREW-11, SS-CREW-12: face down in the retirement pile, no action any more; its icons still
    count (SS-CREW-13)."""
    p = s.p[e.player - 1]
    i = p.crew.index(e.card)
    del p.crew[i]
    del p.used[i]
    p.retired.append(e.card)
    return s


def _used(s, e):
    """SS-CREW-15, SS-CREW-16: rotated; not usable again this round unless refreshed."""
    p = s.p[e.player - 1]
    p.used[p.crew.index(e.card)] = True
    return s


def _refreshed(s, e):
    p = s.p[e.player - 1]
    p.used[p.crew.index(e.card)] = False
    return s


def _committed(s, e):
    """SS-FLT-05, SS-FLT-08: a participant's drones join its own column, else the next empty one;
    SS-DRN-08 attacking drones leave the active panel; SS-DRFLT-09 DRANDA's come from its supply."""
    ship = s.fleet[e.ship]
    for col in ship.cols:
        if col[0] == e.player:
            col[1] += e.n
            break
    else:
        ship.cols.append([e.player, e.n])
    if e.player == s.dseat:
        s.d.supply -= e.n
        s.d.on_ships += e.n
    else:
        p = s.p[e.player - 1]
        p.active -= e.n
        p.on_ships += e.n
    return s


def _pushed(s, e):
    s.tasks.extend(reversed(e.tasks))
    return s


def _done(s, e):
    s.tasks.pop()
    return s


def _updated(s, e):
    s.tasks[-1] = e.task
    return s


def _step(s, e):
    s.step = e.step
    return s


def _turn_started(s, e):
    s.at = s.order.index(e.player)
    s.turn, s.step, s.kicked, s.chosen, s.visiting = e.player, "turn", False, 0, -1
    return s


def _turn_ended(s, e):
    if e.player != s.dseat:
        s.p[e.player - 1].fresh = 0
    s.turn, s.step, s.kicked, s.chosen, s.visiting = 0, "", False, 0, -1
    return s


def _kickbacks(s, e: TakeKickbacks):
    s.kicked = True
    return s


def _choose_die(s, e: ChooseDie):
    """SS-DEP-06, SS-DEP-07, SS-DRN-07: one exhausted drone per step of change (none with T3-03); the
    change only affects this die (SS-DEP-08)."""
    p = s.p[e.player - 1]
    p.ports[e.die - 1] -= 1
    if not e.crew:
        steps = abs(e.value - e.die)
        p.active -= steps
        p.inactive += steps
    s.chosen, s.step = e.value, "visit"
    return s


def _deployed(s, e: DieDeployed):
    """SS-DEP-09, SS-DEP-10: exactly one drone exhausted when occupied; SS-DEP-12 the die stays until
    Recover."""
    p = s.p[e.player - 1]
    if e.occupied:
        p.active -= 1
        p.inactive += 1
    p.placed += 1
    s.loc_dice[e.location] += 1
    s.visiting, s.step = e.location, "act"
    return s


def _discard_die(s, e: DiscardDie):
    p = s.p[e.player - 1]
    p.ports[e.die - 1] -= 1
    p.discarded += 1
    return s


def _rolled_res(s, e):
    s.roll = e.value
    return s


def _noted(s, e):
    if e.skip:
        s.battle_at += 1
    else:
        s.rerolled |= 1 << e.player
    return s


def _resolved(s, e: ShipResolved):
    """SS-BAT-14, SS-BAT-19, SS-DRN-11: drones home (players: inactive panel); SS-AMB-22 the Corporation
    drone back beside the deck; SS-DRBAT-04, SS-DRBAT-05 DRANDA's back to its supply less its losses;
    SS-FAC-01, SS-FAC-04 the claimed card's icons count for good; SS-BAT-22 unclaimed cards leave."""
    ship = s.fleet[e.ship]
    for seat, n in ship.cols:
        if seat == CORP:
            s.corp_beside += 1
        elif seat == s.dseat:
            s.d.on_ships -= n
            s.d.supply += n - e.dranda_lost
            s.d.removed += e.dranda_lost
        else:
            p: PlayerState = s.p[seat - 1]
            p.on_ships -= n
            p.inactive += n
    if e.claimed_by == s.dseat and s.dseat:
        s.d.ships.append(ship.card)
        for k in e.factions:
            s.d.factions[k] += 1
    elif e.claimed_by > 0:
        s.p[e.claimed_by - 1].ships.append(ship.card)
        for k in e.factions:
            s.p[e.claimed_by - 1].factions[k] += 1
    else:
        s.res_out.append(ship.card)
    s.fleet[e.ship] = None
    s.roll, s.rerolled = -1, 0
    s.battle_at += 1
    return s


def _moved_down(s, e: ShipMovedDown):
    """SS-BAT-15, SS-BAT-16, SS-AMB-23: same side, one row down; drones (DRANDA's too, SS-DRBAT-06,
    SS-AMB-43) stay; one Corporation drone joins (SS-CORP-02)."""
    ship = s.fleet[e.ship]
    if e.corp:
        ship.cols.append([CORP, 1])
        s.corp_beside -= 1
    s.fleet[e.ship - 2] = ship
    s.fleet[e.ship] = None
    s.roll, s.rerolled = -1, 0
    s.battle_at += 1
    return s


def _dice_returned(s, e):
    """SS-REC-01 dice back and the auxiliary die to the reserve (SS-AUX-05); SS-REC-03 crew upright;
    SS-DRREC-07 opaque DRANDA dice used this round are out of the game; nothing else resets (SS-REC-09)."""
    for p in s.p:
        p.ports = [0] * 6
        p.aux, p.fresh, p.placed, p.discarded = False, 0, 0, 0
        p.used = [False] * len(p.crew)
    s.loc_dice = [0] * len(s.loc_dice)
    if s.d is not None:
        s.d.dice = []
        s.d.colours = []
        s.d.opaque = [2 if x else 0 for x in s.d.opaque]
    return s


def _display_discarded(s, e):
    """SS-REC-04: to the bottom of its own deck (SS-AMB-30)."""
    card = s.display[e.slot]
    s.crew_decks[e.slot // 2].append(card)
    s.display[e.slot] = -1
    s.tokens[e.slot] = 0
    return s


def _tokens(s, e):
    """SS-REC-05 then SS-REC-06: 1-tokens flip to 2, token-less cards get a 1."""
    for i, card in enumerate(s.display):
        if card >= 0:
            s.tokens[i] = 2 if s.tokens[i] == 1 else 1 if s.tokens[i] == 0 else s.tokens[i]
    return s


def _d_revealed(s, e):
    s.d.deck.remove(e.card)
    s.d.area.append(e.card)
    return s


def _d_moved(s, e):
    """SS-DRSAL-04, SS-DRSAL-06; the discard pile only grows and is never reused (SS-DRREC-05)."""
    s.d.area.remove(e.card)
    if e.to == "bottom":
        s.d.deck.append(e.card)
    else:
        s.d.discard.append(e.card)
    return s


def _d_placed(s, e):
    if e.die < 3:
        s.d.dice[e.die] = 0
    else:
        s.d.opaque[e.die - 3] = 1
    s.loc_dice[e.location] += 1
    return s


def _d_drones(s, e):
    s.d.supply += e.supply
    s.d.removed += e.removed
    return s


def _final(s, e: FinalScored):
    total = e.sphere + e.factions + e.reputation + e.morale + e.halves + e.supply
    if e.player == s.dseat:
        s.d.score += total
    else:
        s.p[e.player - 1].score += total
    return s


def _ended(s, e):
    s.phase, s.turn, s.step = "over", 0, ""
    s.outcome = list(e.scores)
    return s


HANDLERS = {
    SphereLaid: _sphere_laid, ScoringCardDrawn: _scoring, ResistanceDeckBuilt: _res_deck,
    FleetDrawn: _fleet_drawn, FleetArranged: _fleet_arranged, CrewDeckShuffled: _crew_deck,
    CrewRevealed: _crew_revealed, TurnOrderSet: _order, DrandaDeckShuffled: _d_deck,
    DrandaCardFlipped: _d_flip, RoundStarted: _round, PhaseStarted: _phase, DiceRolled: _rolled,
    DrandaDiceRolled: _d_rolled, MoraleChanged: _morale, ReputationGained: _rep, PointsScored: _points,
    ResourceChanged: _resource, DronesMoved: _drones, SatelliteMoved: _satellite, Decommissioned: _decom,
    AuxDieGained: _aux, FactionsGained: _factions, HexBuilt: _hex, CrewHired: _hired, CrewRetired: _retired,
    CrewUsed: _used, CrewRefreshed: _refreshed, DronesCommitted: _committed, TasksPushed: _pushed,
    TaskDone: _done, TaskUpdated: _updated, TurnStarted: _turn_started, TurnEnded: _turn_ended,
    TakeKickbacks: _kickbacks, ChooseDie: _choose_die, DieDeployed: _deployed, DiscardDie: _discard_die,
    ResistanceRolled: _rolled_res, BattleNoted: _noted, ShipResolved: _resolved,
    ShipMovedDown: _moved_down, DiceReturned: _dice_returned, DisplayDiscarded: _display_discarded,
    TokensPlaced: _tokens, DrandaCardRevealed: _d_revealed, DrandaCardMoved: _d_moved,
    DrandaDiePlaced: _d_placed, StepSet: _step, DrandaDrones: _d_drones, FinalScored: _final, GameEnded: _ended,
}

DECISIONS = (TakeKickbacks, UseCrew, ChooseDie, Visit, DiscardDie, Choose, Attack, EndTurn)
FACTS = tuple(k for k in HANDLERS if k not in DECISIONS)
EVENTS = DECISIONS + tuple(dict.fromkeys(FACTS))

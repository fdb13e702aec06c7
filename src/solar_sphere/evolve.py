"""Evolve: one handler per event, registered where it is defined (`HANDLERS`).

A handler applies one fact to the state in place and returns it; it never draws or looks
anything up beyond the event and the state. Decisions whose effect their facts carry
are registered as unchanged, so every event has exactly one entry (`Handlers.bind`).

The state's tuples and ships are shared by its copies (state.py), so a handler replaces them
(`replaced`, `removed`, `counted`, `Ship(...)`) and changes only its lists in place.
"""

from __future__ import annotations

from boardcore.game.handlers import Handlers

from solar_sphere import events as ev
from solar_sphere.state import CORP, PlayerState, Ship, SolarState

HANDLERS = Handlers("solar-sphere")
HANDLERS.unchanged(ev.UseCrew, ev.Visit, ev.Choose, ev.Attack, ev.EndTurn)


def replaced(items, i: int, value) -> tuple:
    """`items` with item `i` set to `value`, as a new tuple (the old one may be shared by a copy)."""
    return (*items[:i], value, *items[i + 1:])


def dropped(items, i: int) -> tuple:
    """`items` without item `i`, as a new tuple (`del` for a shared tuple)."""
    return (*items[:i], *items[i + 1:])


def removed(items, item) -> tuple:
    """`items` less the first `item`, as a new tuple (`list.remove` for a shared tuple)."""
    return dropped(items, items.index(item))


def counted(counts, kinds) -> tuple:
    """Faction `counts` with one more of each of `kinds` (SS-FAC-01, SS-FAC-04: icons only ever add up)."""
    new = list(counts)
    for k in kinds:
        new[k] += 1
    return tuple(new)


def moved(s: SolarState, card: int, src: list[int], dst: list[int]) -> SolarState:
    """A DRANDA card from one of its piles to the end of another (a deck's end is its bottom)."""
    src.remove(card)
    dst.append(card)
    return s


@HANDLERS.on(ev.SphereLaid)
def sphere_laid(s: SolarState, e: ev.SphereLaid):
    """SS-SET-05: the face-down hexes stay hidden all game (`shown`); SS-SET-06: each holds a
    Corporation drone and counts as built by the Corporation."""
    s.hex_at = tuple(e.hexes)
    face_down = [False] * len(e.hexes)
    builder = [0] * len(e.hexes)
    for slot in e.face_down:
        face_down[slot] = True
        builder[slot] = CORP            # SS-AMB-03: built by the Corporation from the start
    s.face_down, s.builder = tuple(face_down), tuple(builder)
    s.shown = tuple(-1 if down else h for h, down in zip(s.hex_at, s.face_down, strict=True))
    return s


@HANDLERS.on(ev.ScoringCardDrawn)
def scoring_card_drawn(s, e):
    """SS-SET-11: the one card that scores the Sphere at the end (SS-PTS-05)."""
    s.scoring_card = e.card
    return s


@HANDLERS.on(ev.ResistanceDeckBuilt)
def resistance_deck_built(s, e):
    s.res_deck = tuple(e.order)
    s.deck_size = len(e.order)
    return s


@HANDLERS.on(ev.FleetDrawn)
def fleet_drawn(s, e):
    s.res_deck = removed(removed(s.res_deck, e.left), e.right)
    s.fleet[2], s.fleet[3] = Ship(card=e.left), Ship(card=e.right)
    return s


@HANDLERS.on(ev.FleetArranged)
def fleet_arranged(s, e):
    for row in e.swap:
        a = 2 * row
        s.fleet[a], s.fleet[a + 1] = s.fleet[a + 1], s.fleet[a]
    return s


@HANDLERS.on(ev.CrewDeckShuffled)
def crew_deck_shuffled(s, e):
    s.crew_decks = replaced(s.crew_decks, e.tier, tuple(e.order))
    return s


@HANDLERS.on(ev.CrewRevealed)
def crew_revealed(s, e):
    tier = e.slot // 2
    s.crew_decks = replaced(s.crew_decks, tier, removed(s.crew_decks[tier], e.card))
    s.display = replaced(s.display, e.slot, e.card)
    s.tokens = replaced(s.tokens, e.slot, 0)
    return s


@HANDLERS.on(ev.TurnOrderSet)
def turn_order_set(s, e):
    s.order = tuple(e.order)
    return s


@HANDLERS.on(ev.DrandaDeckShuffled)
def dranda_deck_shuffled(s, e):
    """SS-DRREC-04: the play area's cards are back in the new deck."""
    s.dranda.deck = list(e.order)
    s.dranda.area = []
    return s


@HANDLERS.on(ev.DrandaCardFlipped)
def dranda_card_flipped(s, e):
    """SS-DRSET-07, SS-DRREC-03: from the top of the deck onto the discard pile, whose top card sets
    DRANDA's dice order (SS-DRDOCK-02); the pile only grows."""
    return moved(s, e.card, s.dranda.deck, s.dranda.discard)


@HANDLERS.on(ev.RoundStarted)
def round_started(s, e):
    s.round, s.phase = e.round, "dock"
    return s


@HANDLERS.on(ev.PhaseStarted)
def phase_started(s, e):
    s.phase = e.phase
    s.at = -1
    s.battle_at, s.roll, s.rerolled = 0, -1, 0
    return s


@HANDLERS.on(ev.DiceRolled)
def dice_rolled(s, e):
    """SS-PORT-02, SS-DOCK-02: each die on the port of its value, equal values stacked."""
    p = s.centres[e.player - 1]
    p.rolled = tuple(e.values)
    for v in e.values:
        p.ports[v - 1] += 1
    return s


@HANDLERS.on(ev.DrandaDiceRolled)
def dranda_dice_rolled(s, e):
    s.dranda.dice, s.dranda.colours = list(e.values), list(e.colours)
    return s


@HANDLERS.on(ev.MoraleChanged)
def morale_changed(s, e):
    s.centres[e.player - 1].morale += e.delta
    return s


@HANDLERS.on(ev.ReputationGained)
def reputation_gained(s, e):
    s.centres[e.player - 1].rep += 1
    return s


@HANDLERS.on(ev.PointsScored)
def points_scored(s, e):
    if e.player == s.dranda_seat:
        s.dranda.score += e.points
    else:
        s.centres[e.player - 1].score += e.points
    return s


@HANDLERS.on(ev.ResourceChanged)
def resource_changed(s, e):
    """SS-STO-01, SS-STO-04: gains come from, and spending returns to, an unlimited supply (SS-STO-05)."""
    s.centres[e.player - 1].store[e.kind] += e.delta
    return s


@HANDLERS.on(ev.DronesMoved)
def drones_moved(s, e):
    p = s.centres[e.player - 1]
    setattr(p, e.src, getattr(p, e.src) - e.n)
    setattr(p, e.dst, getattr(p, e.dst) + e.n)
    return s


@HANDLERS.on(ev.SatelliteMoved)
def satellite_moved(s, e):
    """SS-DEP-14, SS-DEP-15 (one flag per card: at most one satellite each), SS-DRN-05, SS-DRN-09
    recalled only by fabricating."""
    p = s.centres[e.player - 1]
    p.sats = replaced(p.sats, e.location, e.launch)
    if e.launch:
        p.active -= 1
    else:
        p.active += 1
    return s


@HANDLERS.on(ev.Decommissioned)
def decommissioned(s, e):
    """SS-DRN-14: left-most empty space of the row, out of play for good."""
    p = s.centres[e.player - 1]
    p.inactive -= 1
    p.matrix = replaced(p.matrix, e.row, p.matrix[e.row] + 1)
    return s


@HANDLERS.on(ev.AuxDieGained)
def aux_die_gained(s, e):
    """SS-AUX-02, SS-AUX-03; on its port it works like any ship die (SS-AUX-07) but never counts for Dock
    (SS-AUX-04, SS-AMB-56)."""
    p = s.centres[e.player - 1]
    p.aux = True
    p.ports[e.value - 1] += 1
    if s.turn == e.player:
        p.fresh = e.value               # SS-AUX-03: not this turn
    return s


@HANDLERS.on(ev.FactionsGained)
def factions_gained(s, e):
    owner = s.dranda if e.player == s.dranda_seat else s.centres[e.player - 1]
    owner.factions = counted(owner.factions, e.factions)
    return s


@HANDLERS.on(ev.HexBuilt)
def hex_built(s, e):
    """SS-SPH-06, SS-DRN-10: the drone stays on the hex for the rest of the game."""
    factions_gained(s, e)
    s.builder = replaced(s.builder, e.slot, e.player)
    if e.player == s.dranda_seat:
        s.dranda.supply -= 1
        s.dranda.hexes += 1
    else:
        p = s.centres[e.player - 1]
        p.active -= 1
        p.hexes += 1
    if all(s.builder):
        s.final = True                  # SS-SPH-09, SS-AMB-04: every slot built: this round is the last
    return s


@HANDLERS.on(ev.CrewHired)
def crew_hired(s, e):
    factions_gained(s, e)
    card = s.display[e.slot]
    s.display = replaced(s.display, e.slot, -1)
    s.tokens = replaced(s.tokens, e.slot, 0)
    if e.player == s.dranda_seat:
        s.dranda.crew = (*s.dranda.crew, card)
    else:
        p = s.centres[e.player - 1]
        p.crew = (*p.crew, card)
        p.used = (*p.used, False)
        p.hires += 1
    return s


@HANDLERS.on(ev.CrewRetired)
def crew_retired(s, e):
    """SS-CREW-11, SS-CREW-12: face down in the retirement pile, no action any more; its icons still
    count (SS-CREW-13)."""
    p = s.centres[e.player - 1]
    i = p.crew.index(e.card)
    p.crew, p.used = dropped(p.crew, i), dropped(p.used, i)
    p.retired = (*p.retired, e.card)
    return s


@HANDLERS.on(ev.CrewUsed)
def crew_used(s, e):
    """SS-CREW-15, SS-CREW-16: rotated; not usable again this round unless refreshed."""
    p = s.centres[e.player - 1]
    p.used = replaced(p.used, p.crew.index(e.card), True)
    return s


@HANDLERS.on(ev.CrewRefreshed)
def crew_refreshed(s, e):
    p = s.centres[e.player - 1]
    p.used = replaced(p.used, p.crew.index(e.card), False)
    return s


@HANDLERS.on(ev.DronesCommitted)
def drones_committed(s, e):
    """SS-FLT-05, SS-FLT-08: a participant's drones join its own column, else the next empty one;
    SS-DRN-08 attacking drones leave the active panel; SS-DRFLT-09 DRANDA's come from its supply."""
    ship = s.fleet[e.ship]
    for i, (seat, n) in enumerate(ship.cols):
        if seat == e.player:
            cols = replaced(ship.cols, i, (seat, n + e.n))
            break
    else:
        cols = (*ship.cols, (e.player, e.n))
    s.fleet[e.ship] = Ship(card=ship.card, cols=cols)
    if e.player == s.dranda_seat:
        s.dranda.supply -= e.n
        s.dranda.on_ships += e.n
    else:
        p = s.centres[e.player - 1]
        p.active -= e.n
        p.on_ships += e.n
    return s


@HANDLERS.on(ev.TasksPushed)
def tasks_pushed(s, e):
    s.tasks.extend(reversed(e.tasks))
    return s


@HANDLERS.on(ev.TaskDone)
def task_done(s, e):
    s.tasks.pop()
    return s


@HANDLERS.on(ev.TaskUpdated)
def task_updated(s, e):
    s.tasks[-1] = e.task
    return s


@HANDLERS.on(ev.StepSet)
def step_set(s, e):
    """The Deploy turn moves on: to "acting" while the visited card's action resolves, then
    to "after", where crew may still be used (SS-AMB-25) before the player ends the
    turn."""
    s.step = e.step
    return s


@HANDLERS.on(ev.TurnStarted)
def turn_started(s, e):
    s.at = s.order.index(e.player)
    s.turn, s.step, s.kicked, s.chosen, s.visiting = e.player, "turn", False, 0, -1
    return s


@HANDLERS.on(ev.TurnEnded)
def turn_ended(s, e):
    if e.player != s.dranda_seat:
        s.centres[e.player - 1].fresh = 0
    s.turn, s.step, s.kicked, s.chosen, s.visiting = 0, "", False, 0, -1
    return s


@HANDLERS.on(ev.TakeKickbacks)
def take_kickbacks(s, e: ev.TakeKickbacks):
    s.kicked = True
    return s


@HANDLERS.on(ev.ChooseDie)
def choose_die(s, e: ev.ChooseDie):
    """SS-DEP-06, SS-DEP-07, SS-DRN-07: one exhausted drone per step of change (none with T3-03); the
    change only affects this die (SS-DEP-08)."""
    p = s.centres[e.player - 1]
    p.ports[e.die - 1] -= 1
    if not e.crew:
        steps = abs(e.value - e.die)
        p.active -= steps
        p.inactive += steps
    s.chosen, s.step = e.value, "visit"
    return s


@HANDLERS.on(ev.DieDeployed)
def die_deployed(s, e: ev.DieDeployed):
    """SS-DEP-09, SS-DEP-10: exactly one drone exhausted when occupied; SS-DEP-12 the die stays until
    Recover."""
    p = s.centres[e.player - 1]
    if e.occupied:
        p.active -= 1
        p.inactive += 1
    p.placed += 1
    s.loc_dice[e.location] += 1
    s.visiting, s.step = e.location, "act"
    return s


@HANDLERS.on(ev.DiscardDie)
def discard_die(s, e: ev.DiscardDie):
    p = s.centres[e.player - 1]
    p.ports[e.die - 1] -= 1
    p.discarded += 1
    return s


@HANDLERS.on(ev.ResistanceRolled)
def resistance_rolled(s, e):
    """SS-BAT-06: the Commander's roll stands for this ship until the ship is resolved, unless a
    T2-09 reroll replaces it (SS-ALM-14)."""
    s.roll = e.value
    return s


@HANDLERS.on(ev.BattleNoted)
def battle_noted(s, e):
    if e.skip:
        s.battle_at += 1
    else:
        s.rerolled |= 1 << e.player
    return s


@HANDLERS.on(ev.ShipResolved)
def ship_resolved(s, e: ev.ShipResolved):
    """SS-BAT-14, SS-BAT-19, SS-DRN-11: drones home (players: inactive panel); SS-AMB-22 the Corporation
    drone back beside the deck; SS-DRBAT-04, SS-DRBAT-05 DRANDA's back to its supply less its losses;
    SS-FAC-01, SS-FAC-04 the claimed card's icons count for good; SS-BAT-22 unclaimed cards leave."""
    ship = s.fleet[e.ship]
    for seat, n in ship.cols:
        if seat == CORP:
            s.corp_beside += 1
        elif seat == s.dranda_seat:
            s.dranda.on_ships -= n
            s.dranda.supply += n - e.dranda_lost
            s.dranda.removed += e.dranda_lost
        else:
            p: PlayerState = s.centres[seat - 1]
            p.on_ships -= n
            p.inactive += n
    if e.claimed_by == s.dranda_seat and s.dranda_seat:
        s.dranda.ships = (*s.dranda.ships, ship.card)
        s.dranda.factions = counted(s.dranda.factions, e.factions)
    elif e.claimed_by > 0:
        p = s.centres[e.claimed_by - 1]
        p.ships = (*p.ships, ship.card)
        p.factions = counted(p.factions, e.factions)
    else:
        s.res_out = (*s.res_out, ship.card)
    s.fleet[e.ship] = None
    s.roll, s.rerolled = -1, 0
    s.battle_at += 1
    return s


@HANDLERS.on(ev.ShipMovedDown)
def ship_moved_down(s, e: ev.ShipMovedDown):
    """SS-BAT-15, SS-BAT-16, SS-AMB-23: same side, one row down; drones (DRANDA's too, SS-DRBAT-06,
    SS-AMB-43) stay; one Corporation drone joins (SS-CORP-02)."""
    ship = s.fleet[e.ship]
    if e.corp:
        ship = Ship(card=ship.card, cols=(*ship.cols, (CORP, 1)))
        s.corp_beside -= 1
    s.fleet[e.ship - 2] = ship
    s.fleet[e.ship] = None
    s.roll, s.rerolled = -1, 0
    s.battle_at += 1
    return s


@HANDLERS.on(ev.DiceReturned)
def dice_returned(s, e):
    """SS-REC-01 dice back and the auxiliary die to the reserve (SS-AUX-05); SS-REC-03 crew upright;
    SS-DRREC-07 opaque DRANDA dice used this round are out of the game; nothing else resets (SS-REC-09)."""
    for p in s.centres:
        p.ports = [0] * 6
        p.aux, p.fresh, p.placed, p.discarded = False, 0, 0, 0
        p.used = (False,) * len(p.crew)
    s.loc_dice = [0] * len(s.loc_dice)
    if s.dranda is not None:
        s.dranda.dice = []
        s.dranda.colours = []
        s.dranda.opaque = [2 if x else 0 for x in s.dranda.opaque]
    return s


@HANDLERS.on(ev.DisplayDiscarded)
def display_discarded(s, e):
    """SS-REC-04: to the bottom of its own deck (SS-AMB-30)."""
    card = s.display[e.slot]
    tier = e.slot // 2
    s.crew_decks = replaced(s.crew_decks, tier, (*s.crew_decks[tier], card))
    s.display = replaced(s.display, e.slot, -1)
    s.tokens = replaced(s.tokens, e.slot, 0)
    return s


@HANDLERS.on(ev.TokensPlaced)
def tokens_placed(s, e):
    """SS-REC-05 then SS-REC-06: 1-tokens flip to 2, token-less cards get a 1."""
    s.tokens = tuple((2 if token == 1 else 1 if token == 0 else token) if card >= 0 else token
                     for card, token in zip(s.display, s.tokens, strict=True))
    return s


@HANDLERS.on(ev.DrandaCardRevealed)
def dranda_card_revealed(s, e):
    """SS-DRDEP-05: a revealed card stays in the play area until Recover."""
    return moved(s, e.card, s.dranda.deck, s.dranda.area)


@HANDLERS.on(ev.DrandaCardMoved)
def dranda_card_moved(s, e):
    """SS-DRSAL-04, SS-DRSAL-06; the discard pile only grows and is never reused (SS-DRREC-05)."""
    return moved(s, e.card, s.dranda.area, s.dranda.deck if e.to == "bottom" else s.dranda.discard)


@HANDLERS.on(ev.DrandaDiePlaced)
def dranda_die_placed(s, e):
    if e.die < 3:
        s.dranda.dice[e.die] = 0
    else:
        s.dranda.opaque[e.die - 3] = 1
    s.loc_dice[e.location] += 1
    return s


@HANDLERS.on(ev.DrandaDrones)
def dranda_drones(s, e):
    s.dranda.supply += e.supply
    s.dranda.removed += e.removed
    return s


@HANDLERS.on(ev.FinalScored)
def final_scored(s, e: ev.FinalScored):
    total = e.total
    if e.player == s.dranda_seat:
        s.dranda.score += total
    else:
        s.centres[e.player - 1].score += total
    return s


@HANDLERS.on(ev.GameEnded)
def game_ended(s, e):
    s.phase, s.turn, s.step = "over", 0, ""
    s.outcome = tuple(e.scores)
    return s

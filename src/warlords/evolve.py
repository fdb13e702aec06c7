"""`evolve`: one handler per event, each mutating the state in place, registered in `HANDLERS`.

Facts carry everything they need (types revealed, colours of circles formed, units moved), so no
handler draws chance; the few registered `with_data` only turn the names facts carry (sectors,
planet types, recon kinds) into indices of the component data `c`.
"""

from __future__ import annotations

import msgspec

from boardcore.game.handlers import Handlers

from warlords import events as ev
from warlords.state import (DEC, DEST, GUARDED, LP, MED, MIS, OPEN, REBEL, RES, SHUT, Pending, WarlordsState, own,
                            own_row)

S = WarlordsState
HANDLERS = Handlers("warlords")
replace = msgspec.structs.replace


def _move(b: list[int], kind: int, source: int, to: int, n: int = 1) -> None:
    """n units of one kind from one zone of a base to another."""
    b[source * 3 + kind] -= n
    b[to * 3 + kind] += n


@HANDLERS.on(*(d for d in ev.DECISIONS if d is not ev.TeamAction))
def decided(s: S, e) -> S:
    """Every decision answers the open prompt, and closes it (`Rules.resolve` reads what was
    asked from the state the decision was taken in)."""
    s.prompt = None
    return s


@HANDLERS.on(ev.GalaxySeeded)
def galaxy_seeded(s: S, e: ev.GalaxySeeded) -> S:
    s.planet_type = list(e.types)
    s.box_tiles = list(e.box)
    return s


@HANDLERS.with_data(ev.PlanetsRevealed)
def planets_revealed(c, s: S, e: ev.PlanetsRevealed) -> S:
    """GW-SHIP-08, GW-SET-11: one step forward per planet revealed (multiplayer)."""
    revealed, types, track = own(s, "revealed"), own(s, "planet_type"), own(s, "track")
    for planet, kind in zip(e.planets, e.types):
        revealed[planet] = True
        types[planet] = kind
        t = c.type_index.get(kind)
        if e.advance and t is not None:   # unknown ("") only in a player's view
            track[t] = min(track[t] + 1, c.track_last)
    return s


@HANDLERS.on(ev.MarkersPlaced)
def markers_placed(s: S, e: ev.MarkersPlaced) -> S:
    s.rep_slots, s.rep_leftover = list(e.slots), e.leftover
    return s


@HANDLERS.on(ev.TrackSet)
def track_set(s: S, e: ev.TrackSet) -> S:
    s.track = list(e.positions)
    return s


@HANDLERS.on(ev.SupportShuffled)
def support_shuffled(s: S, e: ev.SupportShuffled) -> S:
    s.sdeck = list(e.order)
    s.sdiscard = [card for card in s.sdiscard if card not in e.order]
    return s


@HANDLERS.on(ev.DeckFormed)
def deck_formed(s: S, e: ev.DeckFormed) -> S:
    s.deck, s.removed_unseen = list(e.order), list(e.removed)
    return s


@HANDLERS.on(ev.HandDealt)
def hand_dealt(s: S, e: ev.HandDealt) -> S:
    del s.deck[:len(e.cards)]
    s.hands[e.player - 1].extend(e.cards)
    return s


@HANDLERS.on(ev.CardsReturned)
def cards_returned(s: S, e: ev.CardsReturned) -> S:
    """GW-SSET-09: the cards set aside go back into the deck, reshuffled."""
    s.exchange = []
    s.deck = list(e.order)
    return s


@HANDLERS.on(ev.SetAside)
def set_aside(s: S, e: ev.SetAside) -> S:
    s.hands[e.player - 1].remove(e.card)
    s.exchange.append(e.card)
    return s


@HANDLERS.on(ev.RebelDeckFormed)
def rebel_deck_formed(s: S, e: ev.RebelDeckFormed) -> S:
    s.rebel_deck, s.rebel_removed = list(e.order), list(e.removed)
    return s


@HANDLERS.on(ev.FirstPlayer)
def first_player(s: S, e: ev.FirstPlayer) -> S:
    s.first = e.player
    return s


@HANDLERS.on(ev.Asked)
def asked(s: S, e: ev.Asked) -> S:
    s.prompt = e.prompt
    return s


@HANDLERS.on(ev.TurnStarted)
def turn_started(s: S, e: ev.TurnStarted) -> S:
    """GW-TURN-01, GW-AMB-26: per-turn allowances start afresh."""
    s.active, s.turn = e.player, e.turn
    s.played, s.used, s.team_used = "", [], False
    s.support_played = [False] * s.seats
    return s


@HANDLERS.on(ev.PhaseStarted)
def phase_started(s: S, e: ev.PhaseStarted) -> S:
    """The Rebellion's turn is a turn of its own (GW-REB-01): the one-support-card limit
    starts afresh for it too, so a defender may still answer with Kickstarter Brigade
    (GW-SUP-03, GW-SUP-11, GW-AMB-26)."""
    s.phase = e.phase
    if e.phase == "rebel":
        s.rebel_card, s.rebel_step, s.rebel_sector = "", 0, 0
        s.support_played = [False] * s.seats
    return s


@HANDLERS.on(ev.Recovered)
def recovered(s: S, e: ev.Recovered) -> S:
    """Recovery moves every kind of unit (GW-REC-04); the "Recover Units" bonus moves Infantry only
    (GW-REP-15)."""
    b = s.base[e.player - 1]
    for k in ((0,) if e.infantry_only else (0, 1, 2)):
        b[LP * 3 + k] += b[DEC * 3 + k]                   # GW-REC-01: Decon to the Launch Pad, first
        b[DEC * 3 + k] = b[MIS * 3 + k] + b[MED * 3 + k]  # GW-REC-02: then Mission and Medical Bay to Decon,
        b[MIS * 3 + k] = b[MED * 3 + k] = 0               # GW-REC-03: so these reach the Launch Pad next time
    return s


@HANDLERS.on(ev.Recalled)
def recalled(s: S, e: ev.Recalled) -> S:
    """An Infantry from a planet or a guard from its circle goes to the Launch Pad, where it can be
    used later this turn (GW-RCL-07)."""
    p = e.player
    if e.planet >= 0:
        u = own_row(s, "planet_units", e.planet)
        u[0] -= 1
        if u[0] + u[1] + u[2] == 0:
            s.owner[e.planet] = 0     # GW-RCL-05: the last unit gone, the planet is empty; no marker moves
    else:
        own_row(s, "guard", p - 1)[e.circle] = SHUT   # GW-RCL-06, GW-GUARD-06: its circle stays empty
    s.base[p - 1][LP * 3] += 1
    return s


@HANDLERS.on(ev.ShipMoved)
def ship_moved(s: S, e: ev.ShipMoved) -> S:
    own(s, "ships")[e.player - 1] = e.sector
    return s


@HANDLERS.with_data(ev.ReconReturned)
def recon_returned(c, s: S, e: ev.ReconReturned) -> S:
    own_row(s, "recon", e.player - 1)[c.recon_index[e.kind]] = ""
    return s


@HANDLERS.on(ev.MercenaryPlayed)
def mercenary_played(s: S, e: ev.MercenaryPlayed) -> S:
    """GW-MERC-02: the card joins an end of the row; GW-MERC-04: a completed circle opens, to be
    guarded this turn or shut."""
    p = e.player - 1
    s.hands[p].remove(e.card)
    s.played = e.card
    area, circle, guard = s.area[p], own_row(s, "circle", p), own_row(s, "guard", p)
    if not area:
        area.append(e.card)
        return s
    if e.side == "left":
        area.insert(0, e.card)
        circle.insert(0, e.circle)
        guard.insert(0, OPEN if e.circle else SHUT)
    else:
        area.append(e.card)
        circle.append(e.circle)
        guard.append(OPEN if e.circle else SHUT)
    return s


@HANDLERS.on(ev.UnitsGained)
def units_gained(s: S, e: ev.UnitsGained) -> S:
    _move(s.base[e.player - 1], 0, RES, LP, e.infantry)
    return s


@HANDLERS.on(ev.GuardPlaced)
def guard_placed(s: S, e: ev.GuardPlaced) -> S:
    own_row(s, "guard", e.player - 1)[e.circle] = GUARDED
    s.base[e.player - 1][LP * 3] -= 1
    return s


@HANDLERS.on(ev.CirclesShut)
def circles_shut(s: S, e: ev.CirclesShut) -> S:
    g = own_row(s, "guard", e.player - 1)
    for k, v in enumerate(g):
        if v == OPEN:
            g[k] = SHUT
    return s


@HANDLERS.on(ev.SkillUsed)
def skill_used(s: S, e: ev.SkillUsed) -> S:
    own_row(s, "skills_used", e.player - 1).append(e.colour)
    return s


@HANDLERS.on(ev.ActionUsed)
def action_used(s: S, e: ev.ActionUsed) -> S:
    s.used.append(e.slot)
    return s


@HANDLERS.on(ev.ActionStarted)
def action_started(s: S, e: ev.ActionStarted) -> S:
    s.ctx.append(e.ctx)
    return s


@HANDLERS.on(ev.ActionStaged)
def action_staged(s: S, e: ev.ActionStaged) -> S:
    s.ctx[-1] = e.ctx
    return s


@HANDLERS.on(ev.ActionEnded)
def action_ended(s: S, e: ev.ActionEnded) -> S:
    s.ctx.pop()
    return s


@HANDLERS.on(ev.CostPaid)
def cost_paid(s: S, e: ev.CostPaid) -> S:
    _move(s.base[e.player - 1], e.unit, LP, MIS)
    return s


@HANDLERS.on(ev.ReputationGained)
def reputation_gained(s: S, e: ev.ReputationGained) -> S:
    s.rep[e.player - 1] = e.space
    return s


@HANDLERS.on(ev.PowerGained)
def power_gained(s: S, e: ev.PowerGained) -> S:
    s.power[e.player - 1] += e.amount
    return s


@HANDLERS.on(ev.Repaired)
def repaired(s: S, e: ev.Repaired) -> S:
    _move(s.base[e.player - 1], e.unit, DEST, LP)
    return s


@HANDLERS.on(ev.SupportDrawn)
def support_drawn(s: S, e: ev.SupportDrawn) -> S:
    s.sdeck.remove(e.card)
    s.support_hands[e.player - 1].append(e.card)
    return s


@HANDLERS.on(ev.SupportPlayed)
def support_played(s: S, e: ev.SupportPlayed) -> S:
    """GW-SUP-03: the card counts against its player's one-per-turn allowance."""
    s.support_hands[e.player - 1].remove(e.card)
    s.support_played[e.player - 1] = True
    if e.response:  # a Blockade: nobody else answers the card it blocks
        top = s.pending[-1]
        s.pending[-1] = Pending(player=top.player, card=top.card)
    s.pending.append(Pending(player=e.player, card=e.card, responders=e.responders))
    return s


@HANDLERS.on(ev.Responded)
def responded(s: S, e: ev.Responded) -> S:
    top = s.pending[-1]
    s.pending[-1] = Pending(player=top.player, card=top.card,
                            responders=tuple(r for r in top.responders if r != e.player))
    return s


@HANDLERS.on(ev.SupportResolved)
def support_resolved(s: S, e: ev.SupportResolved) -> S:
    """GW-SUP-13: the card goes to the face-up discard pile; a Blockade takes the card it cancelled
    with it (GW-SUP-10)."""
    s.pending.pop()
    discard = own(s, "sdiscard")
    discard.append(e.card)
    if e.cancelled:
        s.pending.pop()
        discard.append(e.cancelled)
    return s


@HANDLERS.with_data(ev.Deployed)
def deployed(c, s: S, e: ev.Deployed) -> S:
    """GW-DEP-01, GW-DEP-04: units land on an empty or their own planet, which they then control;
    the Rebellion's come from their sector's pre-deployment."""
    u = own_row(s, "planet_units", e.planet)
    if e.player == REBEL and s.mode == "solo":
        pre = own_row(s, "pre", c.sector_index[e.sector])
        for k in range(3):
            pre[k] -= e.units[k]
            u[k] += e.units[k]
    else:
        b = s.base[e.player - 1]
        for k in range(3):
            b[LP * 3 + k] -= e.units[k]
            u[k] += e.units[k]
    s.owner[e.planet] = e.player
    return s


@HANDLERS.with_data(ev.InvasionStarted)
def invasion_started(c, s: S, e: ev.InvasionStarted) -> S:
    """GW-CMB-01: the invaders leave their origin and wait in the invasion; GW-CMB-02, GW-AMB-59: the
    devastation moves the type's marker back once, never below the first space."""
    inv = e.invasion
    if inv.attacker == REBEL and s.mode == "solo":
        pre = own_row(s, "pre", c.sector_index[e.sector])
        for k in range(3):
            pre[k] -= inv.att[k]
    else:
        b = s.base[inv.attacker - 1]
        for k in range(3):
            b[LP * 3 + k] -= inv.att[k]
    if e.devastate >= 0:
        track = own(s, "track")
        track[e.devastate] = max(0, track[e.devastate] - 1)
    s.invasion = inv
    return s


@HANDLERS.on(ev.InvasionStaged)
def invasion_staged(s: S, e: ev.InvasionStaged) -> S:
    s.invasion = e.invasion
    return s


@HANDLERS.on(ev.Reinforced)
def reinforced(s: S, e: ev.Reinforced) -> S:
    """A defender's unit onto the invaded planet: a guard, whose circle stays empty for good (GW-CMB-05),
    or Kickstarter Brigade's Infantry from Reserve (GW-SUP-11)."""
    if e.circle >= 0:
        own_row(s, "guard", e.player - 1)[e.circle] = SHUT
    else:
        s.base[e.player - 1][RES * 3] -= 1
    own_row(s, "planet_units", e.planet)[0] += 1
    return s


@HANDLERS.on(ev.CombatRolled)
def combat_rolled(s: S, e: ev.CombatRolled) -> S:
    s.invasion = replace(s.invasion, att_dice=e.attacker, def_dice=e.defender)
    return s


@HANDLERS.on(ev.Rerolled)
def rerolled(s: S, e: ev.Rerolled) -> S:
    s.invasion = replace(s.invasion, def_dice=e.defender)
    return s


@HANDLERS.on(ev.UnitsLost)
def units_lost(s: S, e: ev.UnitsLost) -> S:
    """Units destroyed, by combat, a Bombard or a skill: where they go is the same for all."""
    p = e.player
    if e.invading:
        att = s.invasion.att
        s.invasion = replace(s.invasion, att=(att[0] - e.units[0], att[1] - e.units[1], att[2] - e.units[2]))
    else:
        u = own_row(s, "planet_units", e.planet)
        for k in range(3):
            u[k] -= e.units[k]
        if u[0] + u[1] + u[2] == 0:
            s.owner[e.planet] = 0
    b = s.base[p - 1]
    if p == REBEL and s.mode == "solo":
        for k in range(3):
            b[RES * 3 + k] += e.units[k]   # GW-REB-18: the Rebellion's go back to its pool
    else:
        b[MED * 3] += e.units[0]           # GW-CMB-16, GW-AMB-09: Infantry to the Medical Bay
        # GW-AMB-10, GW-FAQ-07: Tanks and Aircraft leave the game; GW-FAQ-08: only "Need a Hand?"
        # brings one back (`repaired`)
        b[DEST * 3 + 1] += e.units[1]
        b[DEST * 3 + 2] += e.units[2]
    return s


@HANDLERS.on(ev.Evacuated)
def evacuated(s: S, e: ev.Evacuated) -> S:
    """GW-CMB-20: the defender's units go to their Launch Pad."""
    u = own_row(s, "planet_units", e.planet)
    b = s.base[e.player - 1]
    for k in range(3):
        b[LP * 3 + k] += u[k]
        u[k] = 0
    s.owner[e.planet] = 0
    return s


@HANDLERS.on(ev.InvasionEnded)
def invasion_ended(s: S, e: ev.InvasionEnded) -> S:
    """GW-CMB-18, GW-CMB-24: the winner alone holds the planet, a winning invader's units moving on
    to it; with both sides gone it is empty (GW-CMB-19)."""
    inv = s.invasion
    if e.winner == inv.attacker:
        own(s, "planet_units")[inv.planet] = list(inv.att)
        s.owner[inv.planet] = inv.attacker
    elif e.winner == 0:
        s.owner[inv.planet] = 0
    s.invasion = None
    return s


@HANDLERS.on(ev.Wounded)
def wounded(s: S, e: ev.Wounded) -> S:
    own_row(s, "wounded", e.player - 1).append(e.card)
    return s


@HANDLERS.on(ev.GuardKilled)
def guard_killed(s: S, e: ev.GuardKilled) -> S:
    own_row(s, "guard", e.player - 1)[e.circle] = SHUT
    s.base[e.player - 1][MED * 3] += 1
    return s


@HANDLERS.on(ev.CardTaken)
def card_taken(s: S, e: ev.CardTaken) -> S:
    s.hands[e.target - 1].remove(e.card)
    s.hands[e.player - 1].append(e.card)
    s.taken = e.card
    return s


@HANDLERS.on(ev.CardGiven)
def card_given(s: S, e: ev.CardGiven) -> S:
    s.hands[e.player - 1].remove(e.card)
    s.hands[e.target - 1].append(e.card)
    s.taken = ""
    return s


@HANDLERS.on(ev.Peeked)
def peeked(s: S, e: ev.Peeked) -> S:
    seen = own_row(s, "peeked", e.player - 1)
    types = own(s, "planet_type")
    for planet, kind in zip(e.planets, e.types):
        if planet not in seen:
            seen.append(planet)
        types[planet] = kind
    return s


@HANDLERS.with_data(ev.ReconPlaced)
def recon_placed(c, s: S, e: ev.ReconPlaced) -> S:
    own_row(s, "recon", e.player - 1)[c.recon_index[e.kind]] = e.sector
    return s


@HANDLERS.on(ev.MercenaryHired)
def mercenary_hired(s: S, e: ev.MercenaryHired) -> S:
    (s.market if e.drafted else s.deck).remove(e.card)
    s.hands[e.player - 1].append(e.card)
    return s


@HANDLERS.on(ev.MarketCleared)
def market_cleared(s: S, e: ev.MarketCleared) -> S:
    for card in e.cards:
        s.market.remove(card)
    own(s, "removed").extend(e.cards)
    return s


@HANDLERS.on(ev.MarketCardRemoved)
def market_card_removed(s: S, e: ev.MarketCardRemoved) -> S:
    s.market.remove(e.card)
    if e.player:
        s.hands[e.player - 1].append(e.card)
    else:
        own(s, "removed").append(e.card)
    return s


@HANDLERS.on(ev.MarketFilled)
def market_filled(s: S, e: ev.MarketFilled) -> S:
    del s.deck[:len(e.cards)]
    s.market.extend(e.cards)
    return s


@HANDLERS.on(ev.CardDiscarded)
def card_discarded(s: S, e: ev.CardDiscarded) -> S:
    s.hands[e.player - 1].remove(e.card)
    own(s, "removed").append(e.card)
    return s


@HANDLERS.on(ev.EndTriggered)
def end_triggered(s: S, e: ev.EndTriggered) -> S:
    """GW-END-05: when several ends are triggered, the earliest wins."""
    if not s.last_turn or e.last_turn < s.last_turn:
        s.last_turn, s.end_kind = e.last_turn, e.kind
    return s


@HANDLERS.on(ev.TeamPicked)
def team_picked(s: S, e: ev.TeamPicked) -> S:
    s.exchange[0 if e.player == s.active else 1] = e.card
    return s


@HANDLERS.on(ev.TeamExchanged)
def team_exchanged(s: S, e: ev.TeamExchanged) -> S:
    a, b = s.hands[e.player - 1], s.hands[e.mate - 1]
    a.remove(e.given)
    b.remove(e.received)
    a.append(e.received)
    b.append(e.given)
    s.exchange = ["", ""]
    return s


@HANDLERS.on(ev.TeamAction)
def team_action(s: S, e: ev.TeamAction) -> S:
    """A Team Action also uses the turn's one Team Action (GW-TEAM-02)."""
    s.prompt = None
    s.team_used = True
    if e.kind == "exchange":
        s.exchange = ["", ""]
    return s


@HANDLERS.on(ev.PlanetsSwitched)
def planets_switched(s: S, e: ev.PlanetsSwitched) -> S:
    """GW-TEAM-04: the two players' units trade planets."""
    a, b = e.mine, e.theirs
    pu = own(s, "planet_units")
    pu[a], pu[b] = pu[b], pu[a]
    s.owner[a], s.owner[b] = s.owner[b], s.owner[a]
    return s


@HANDLERS.on(ev.InfantryTransferred)
def infantry_transferred(s: S, e: ev.InfantryTransferred) -> S:
    _move(s.base[e.player - 1], 0, LP, RES, e.count)
    _move(s.base[e.mate - 1], 0, RES, LP, e.count)
    return s


@HANDLERS.on(ev.RebelCardDrawn)
def rebel_card_drawn(s: S, e: ev.RebelCardDrawn) -> S:
    own(s, "rebel_deck").remove(e.card)
    s.rebel_card = e.card
    s.rebel_step = s.rebel_sector = 0
    return s


@HANDLERS.on(ev.RebelStep)
def rebel_step(s: S, e: ev.RebelStep) -> S:
    s.rebel_step, s.rebel_sector = e.step, e.sector
    return s


@HANDLERS.with_data(ev.PreDeployed)
def pre_deployed(c, s: S, e: ev.PreDeployed) -> S:
    """GW-REB-07: a unit from the pool into a sector; on overflow (GW-REB-08, GW-REB-09) +1 Power instead."""
    if e.overflow:
        s.power[REBEL - 1] += 1
    else:
        own_row(s, "pre", c.sector_index[e.sector])[e.unit] += 1
        s.base[REBEL - 1][RES * 3 + e.unit] -= 1
    return s


@HANDLERS.with_data(ev.PreRemoved)
def pre_removed(c, s: S, e: ev.PreRemoved) -> S:
    own_row(s, "pre", c.sector_index[e.sector])[e.unit] -= 1
    s.base[REBEL - 1][RES * 3 + e.unit] += 1
    return s


@HANDLERS.on(ev.FinalScored)
def final_scored(s: S, e: ev.FinalScored) -> S:
    own(s, "final")[e.player - 1] = [e.guards, e.majority, e.missions, e.sector]
    s.power[e.player - 1] += e.guards + e.majority + e.missions + e.sector
    return s


@HANDLERS.on(ev.GameEnded)
def game_ended(s: S, e: ev.GameEnded) -> S:
    s.over, s.truncated, s.phase, s.prompt = True, e.truncated, "over", None
    s.ctx, s.invasion, s.pending = [], None, []
    return s


@HANDLERS.on(ev.TurnEnded)
def turn_ended(s: S, e: ev.TurnEnded) -> S:
    s.phase = "end"
    return s


HANDLERS.unchanged(ev.DiceRolled)   # Bombard's dice: the hits they cause come as their own facts

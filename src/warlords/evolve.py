"""`evolve`: one handler per fact, each mutating the state in place.

Facts carry everything they need (types revealed, colours of circles formed,
units moved), so no handler reads component data or draws chance.
"""

from __future__ import annotations

from warlords import events as ev
from warlords.state import DEC, DEST, GUARDED, LP, MED, MIS, OPEN, REBEL, RES, SHUT, Pending, WarlordsState

S = WarlordsState


def _own(s: S, name: str) -> list:
    """Copy-on-write: `copy()` shares the rarely changed lists, so a handler takes its own first."""
    fresh = getattr(s, name)[:]
    setattr(s, name, fresh)
    return fresh


def _own2(s: S, name: str, i: int) -> list:
    outer = _own(s, name)
    inner = outer[i] = outer[i][:]
    return inner


def _close(s: S, e) -> S:
    """Every decision answers the open prompt, and closes it; the prompt answered is noted for
    `Rules.resolve`, which sees only the state after the decision (see `WarlordsState`)."""
    s.answered, s.prompt = s.prompt, None
    return s


def _seeded(s: S, e: ev.GalaxySeeded) -> S:
    s.planet_type = list(e.types)
    s.box_tiles = list(e.box)
    return s


def _revealed(L, s: S, e: ev.PlanetsRevealed) -> S:
    """GW-SHIP-08, GW-SET-11: one step forward per planet revealed (multiplayer)."""
    revealed, types, track = _own(s, "revealed"), _own(s, "planet_type"), _own(s, "track")
    for planet, kind in zip(e.planets, e.types):
        revealed[planet] = True
        types[planet] = kind
        t = L.type_index.get(kind)
        if e.advance and t is not None:   # unknown ("") only in a player's view
            track[t] = min(track[t] + 1, L.track_last)
    return s




def _markers(s: S, e: ev.MarkersPlaced) -> S:
    s.rep_slots, s.rep_leftover = list(e.slots), e.leftover
    return s


def _track(s: S, e: ev.TrackSet) -> S:
    s.track = list(e.positions)
    return s


def _sshuffled(s: S, e: ev.SupportShuffled) -> S:
    s.sdeck = list(e.order)
    s.sdiscard = [c for c in s.sdiscard if c not in e.order]
    return s


def _deck(s: S, e: ev.DeckFormed) -> S:
    s.deck, s.removed_unseen = list(e.order), list(e.removed)
    return s


def _dealt(s: S, e: ev.HandDealt) -> S:
    del s.deck[:len(e.cards)]
    s.hands[e.player - 1].extend(e.cards)
    return s


def _returned(s: S, e: ev.CardsReturned) -> S:
    """GW-SSET-09: the cards set aside go back into the deck, reshuffled."""
    s.exchange = []
    s.deck = list(e.order)
    return s


def _set_aside(s: S, e: ev.SetAside) -> S:
    s.hands[e.player - 1].remove(e.card)
    s.exchange.append(e.card)
    return s


def _rebel_deck(s: S, e: ev.RebelDeckFormed) -> S:
    s.rebel_deck, s.rebel_removed = list(e.order), list(e.removed)
    return s


def _first(s: S, e: ev.FirstPlayer) -> S:
    s.first = e.player
    return s


def _asked(s: S, e: ev.Asked) -> S:
    s.prompt = e.prompt
    return s


def _turn(s: S, e: ev.TurnStarted) -> S:
    """GW-TURN-01, GW-AMB-26: per-turn allowances start afresh."""
    s.active, s.turn = e.player, e.turn
    s.played, s.used, s.team_used = "", [], False
    s.support_played = [False] * s.seats
    return s


def _phase(s: S, e: ev.PhaseStarted) -> S:
    """The Rebellion's turn is a turn of its own (GW-REB-01): the one-support-card limit
    starts afresh for it too, so a defender may still answer with Kickstarter Brigade
    (GW-SUP-03, GW-SUP-11, GW-AMB-26)."""
    s.phase = e.phase
    if e.phase == "rebel":
        s.rebel_card, s.rebel_step, s.rebel_sector = "", 0, 0
        s.support_played = [False] * s.seats
    return s


def _recovered(s: S, e: ev.Recovered) -> S:
    """GW-REC-01..04 in their order; GW-REP-15 moves Infantry only."""
    b = s.base[e.player - 1]
    for k in ((0,) if e.infantry_only else (0, 1, 2)):
        b[LP * 3 + k] += b[DEC * 3 + k]
        b[DEC * 3 + k] = b[MIS * 3 + k] + b[MED * 3 + k]
        b[MIS * 3 + k] = b[MED * 3 + k] = 0
    return s


def _recalled(s: S, e: ev.Recalled) -> S:
    """GW-RCL-01/02/05/06."""
    p = e.player
    if e.planet >= 0:
        u = _own2(s, "pu", e.planet)
        u[0] -= 1
        if u[0] + u[1] + u[2] == 0:
            s.owner[e.planet] = 0
    else:
        _own2(s, "guard", p - 1)[e.circle] = SHUT
    s.base[p - 1][LP * 3] += 1
    return s


def _ship(s: S, e: ev.ShipMoved) -> S:
    _own(s, "ships")[e.player - 1] = e.sector
    return s


def _recon_back(L, s: S, e: ev.ReconReturned) -> S:
    _own2(s, "recon", e.player - 1)[L.recon_index[e.kind]] = ""
    return s




def _merc(s: S, e: ev.MercenaryPlayed) -> S:
    """GW-MERC-02/04: the card joins an end of the row; a matching edge opens a circle."""
    p = e.player - 1
    s.hands[p].remove(e.card)
    s.played = e.card
    area, circle, guard = s.area[p], _own2(s, "circle", p), _own2(s, "guard", p)
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


def _gained(s: S, e: ev.UnitsGained) -> S:
    b = s.base[e.player - 1]
    b[RES * 3] -= e.infantry
    b[LP * 3] += e.infantry
    return s


def _guard(s: S, e: ev.GuardPlaced) -> S:
    _own2(s, "guard", e.player - 1)[e.circle] = GUARDED
    s.base[e.player - 1][LP * 3] -= 1
    return s


def _shut(s: S, e: ev.CirclesShut) -> S:
    g = _own2(s, "guard", e.player - 1)
    for k, v in enumerate(g):
        if v == OPEN:
            g[k] = SHUT
    return s


def _skill(s: S, e: ev.SkillUsed) -> S:
    _own2(s, "skills_used", e.player - 1).append(e.colour)
    return s


def _used(s: S, e: ev.ActionUsed) -> S:
    s.used.append(e.slot)
    return s


def _started(s: S, e: ev.ActionStarted) -> S:
    s.ctx.append(e.ctx)
    return s


def _staged(s: S, e: ev.ActionStaged) -> S:
    s.ctx[-1] = e.ctx
    return s


def _ended(s: S, e: ev.ActionEnded) -> S:
    s.ctx.pop()
    return s


def _paid(s: S, e: ev.CostPaid) -> S:
    b = s.base[e.player - 1]
    b[LP * 3 + e.unit] -= 1
    b[MIS * 3 + e.unit] += 1
    return s


def _rep(s: S, e: ev.ReputationGained) -> S:
    s.rep[e.player - 1] = e.space
    return s


def _power(s: S, e: ev.PowerGained) -> S:
    s.power[e.player - 1] += e.amount
    return s


def _repaired(s: S, e: ev.Repaired) -> S:
    b = s.base[e.player - 1]
    b[DEST * 3 + e.unit] -= 1
    b[LP * 3 + e.unit] += 1
    return s


def _sdrawn(s: S, e: ev.SupportDrawn) -> S:
    s.sdeck.remove(e.card)
    s.support_hands[e.player - 1].append(e.card)
    return s


def _splayed(s: S, e: ev.SupportPlayed) -> S:
    """GW-SUP-03: the card counts against its player's one-per-turn allowance."""
    s.support_hands[e.player - 1].remove(e.card)
    s.support_played[e.player - 1] = True
    if e.response:  # a Blockade: nobody else answers the card it blocks
        top = s.pending[-1]
        s.pending[-1] = Pending(player=top.player, card=top.card)
    s.pending.append(Pending(player=e.player, card=e.card, responders=e.responders))
    return s


def _responded(s: S, e: ev.Responded) -> S:
    top = s.pending[-1]
    s.pending[-1] = Pending(player=top.player, card=top.card,
                               responders=tuple(r for r in top.responders if r != e.player))
    return s


def _sresolved(s: S, e: ev.SupportResolved) -> S:
    """GW-SUP-10/13: a Blockade takes the card below with it; both are discarded."""
    s.pending.pop()
    discard = _own(s, "sdiscard")
    discard.append(e.card)
    if e.cancelled:
        s.pending.pop()
        discard.append(e.cancelled)
    return s


def _deployed(L, s: S, e: ev.Deployed) -> S:
    """GW-DEP-01/03/04: onto an empty or own planet."""
    u = _own2(s, "pu", e.planet)
    if e.player == REBEL and s.mode == "solo":
        pre = _own2(s, "pre", L.sector_index[e.sector])
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




def _invasion(L, s: S, e: ev.InvasionStarted) -> S:
    """GW-CMB-01, GW-CMB-02: the invaders leave their origin; devastation moves the marker back once,
    never below the first space (GW-AMB-59)."""
    inv = e.invasion
    if inv.attacker == REBEL and s.mode == "solo":
        pre = _own2(s, "pre", L.sector_index[e.sector])
        for k in range(3):
            pre[k] -= inv.att[k]
    else:
        b = s.base[inv.attacker - 1]
        for k in range(3):
            b[LP * 3 + k] -= inv.att[k]
    if e.devastate >= 0:
        track = _own(s, "track")
        track[e.devastate] = max(0, track[e.devastate] - 1)
    s.inv = inv
    return s


def _inv_staged(s: S, e: ev.InvasionStaged) -> S:
    s.inv = e.invasion
    return s


def _reinforced(s: S, e: ev.Reinforced) -> S:
    """GW-CMB-04/05 (guard) and GW-SUP-11 (Kickstarter, from Reserve)."""
    if e.circle >= 0:
        _own2(s, "guard", e.player - 1)[e.circle] = SHUT
    else:
        s.base[e.player - 1][RES * 3] -= 1
    _own2(s, "pu", e.planet)[0] += 1
    return s


def _rolled(s: S, e: ev.CombatRolled) -> S:
    inv = s.inv
    s.inv = _replace(inv, att_dice=e.attacker, def_dice=e.defender)
    return s


def _rerolled(s: S, e: ev.Rerolled) -> S:
    s.inv = _replace(s.inv, def_dice=e.defender)
    return s


def _replace(inv, **kw):
    import msgspec
    return msgspec.structs.replace(inv, **kw)


def _lost(s: S, e: ev.UnitsLost) -> S:
    """GW-CMB-16, GW-AMB-09, GW-AMB-10, GW-FAQ-07, GW-FAQ-08: Infantry to the Medical Bay, Tanks and
    Aircraft out of the game (only "Need a Hand?" brings them back); Rebellion units back to its
    pool (GW-REB-18)."""
    p = e.player
    if e.invading:
        att = s.inv.att
        s.inv = _replace(s.inv, att=(att[0] - e.units[0], att[1] - e.units[1], att[2] - e.units[2]))
    else:
        u = _own2(s, "pu", e.planet)
        for k in range(3):
            u[k] -= e.units[k]
        if u[0] + u[1] + u[2] == 0:
            s.owner[e.planet] = 0
    b = s.base[p - 1]
    if p == REBEL and s.mode == "solo":
        for k in range(3):
            b[RES * 3 + k] += e.units[k]
    else:
        b[MED * 3] += e.units[0]
        b[DEST * 3 + 1] += e.units[1]
        b[DEST * 3 + 2] += e.units[2]
    return s


def _evacuated(s: S, e: ev.Evacuated) -> S:
    """GW-CMB-20: the defender's units go to their Launch Pad."""
    u = _own2(s, "pu", e.planet)
    b = s.base[e.player - 1]
    for k in range(3):
        b[LP * 3 + k] += u[k]
        u[k] = 0
    s.owner[e.planet] = 0
    return s


def _inv_ended(s: S, e: ev.InvasionEnded) -> S:
    """GW-CMB-17..19, GW-CMB-24: a winning invader's units hold the planet."""
    inv = s.inv
    if e.winner == inv.attacker:
        _own(s, "pu")[inv.planet] = list(inv.att)
        s.owner[inv.planet] = inv.attacker
    elif e.winner == 0:
        s.owner[inv.planet] = 0
    s.inv = None
    return s


def _wounded(s: S, e: ev.Wounded) -> S:
    _own2(s, "wounded", e.player - 1).append(e.card)
    return s


def _killed(s: S, e: ev.GuardKilled) -> S:
    _own2(s, "guard", e.player - 1)[e.circle] = SHUT
    s.base[e.player - 1][MED * 3] += 1
    return s


def _taken(s: S, e: ev.CardTaken) -> S:
    s.hands[e.target - 1].remove(e.card)
    s.hands[e.player - 1].append(e.card)
    s.taken = e.card
    return s


def _given(s: S, e: ev.CardGiven) -> S:
    s.hands[e.player - 1].remove(e.card)
    s.hands[e.target - 1].append(e.card)
    s.taken = ""
    return s


def _peeked(s: S, e: ev.Peeked) -> S:
    seen = _own2(s, "peeked", e.player - 1)
    types = _own(s, "planet_type")
    for planet, kind in zip(e.planets, e.types):
        if planet not in seen:
            seen.append(planet)
        types[planet] = kind
    return s


def _recon_placed(L, s: S, e: ev.ReconPlaced) -> S:
    _own2(s, "recon", e.player - 1)[L.recon_index[e.kind]] = e.sector
    return s


def _hired(s: S, e: ev.MercenaryHired) -> S:
    (s.market if e.drafted else s.deck).remove(e.card)
    s.hands[e.player - 1].append(e.card)
    return s


def _cleared(s: S, e: ev.MarketCleared) -> S:
    for c in e.cards:
        s.market.remove(c)
    _own(s, "removed").extend(e.cards)
    return s


def _mremoved(s: S, e: ev.MarketCardRemoved) -> S:
    s.market.remove(e.card)
    if e.player:
        s.hands[e.player - 1].append(e.card)
    else:
        _own(s, "removed").append(e.card)
    return s


def _filled(s: S, e: ev.MarketFilled) -> S:
    del s.deck[:len(e.cards)]
    s.market.extend(e.cards)
    return s


def _discarded(s: S, e: ev.CardDiscarded) -> S:
    s.hands[e.player - 1].remove(e.card)
    _own(s, "removed").append(e.card)
    return s


def _triggered(s: S, e: ev.EndTriggered) -> S:
    """GW-END-05: the earliest end wins."""
    if not s.last_turn or e.last_turn < s.last_turn:
        s.last_turn, s.end_kind = e.last_turn, e.kind
    return s


def _team_picked(s: S, e: ev.TeamPicked) -> S:
    s.exchange[0 if e.player == s.active else 1] = e.card
    return s


def _team_exchanged(s: S, e: ev.TeamExchanged) -> S:
    a, b = s.hands[e.player - 1], s.hands[e.mate - 1]
    a.remove(e.given)
    b.remove(e.received)
    a.append(e.received)
    b.append(e.given)
    s.exchange = ["", ""]
    return s


def _team_action(s: S, e) -> S:
    s.answered, s.prompt = s.prompt, None
    s.team_used = True
    if e.kind == "exchange":
        s.exchange = ["", ""]
    return s


def _switched(s: S, e: ev.PlanetsSwitched) -> S:
    """GW-TEAM-04: the two players' units trade planets."""
    a, b = e.mine, e.theirs
    pu = _own(s, "pu")
    pu[a], pu[b] = pu[b], pu[a]
    s.owner[a], s.owner[b] = s.owner[b], s.owner[a]
    return s


def _transferred(s: S, e: ev.InfantryTransferred) -> S:
    a, b = s.base[e.player - 1], s.base[e.mate - 1]
    a[LP * 3] -= e.count
    a[RES * 3] += e.count
    b[RES * 3] -= e.count
    b[LP * 3] += e.count
    return s


def _rebel_card(s: S, e: ev.RebelCardDrawn) -> S:
    _own(s, "rebel_deck").remove(e.card)
    s.rebel_card = e.card
    s.rebel_step = s.rebel_sector = 0
    return s


def _rebel_step(s: S, e: ev.RebelStep) -> S:
    s.rebel_step, s.rebel_sector = e.step, e.sector
    return s


def _pre(L, s: S, e: ev.PreDeployed) -> S:
    """GW-REB-07/08/09: overflow gives +1 Power instead of a unit."""
    if e.overflow:
        s.power[REBEL - 1] += 1
    else:
        _own2(s, "pre", L.sector_index[e.sector])[e.unit] += 1
        s.base[REBEL - 1][RES * 3 + e.unit] -= 1
    return s


def _pre_removed(L, s: S, e: ev.PreRemoved) -> S:
    _own2(s, "pre", L.sector_index[e.sector])[e.unit] -= 1
    s.base[REBEL - 1][RES * 3 + e.unit] += 1
    return s


def _scored(s: S, e: ev.FinalScored) -> S:
    _own(s, "final")[e.player - 1] = [e.guards, e.majority, e.missions, e.sector]
    s.power[e.player - 1] += e.guards + e.majority + e.missions + e.sector
    return s


def _over(s: S, e: ev.GameEnded) -> S:
    s.over, s.truncated, s.phase, s.prompt = True, e.truncated, "over", None
    s.ctx, s.inv, s.pending = [], None, []
    return s


def _turn_ended(s: S, e: ev.TurnEnded) -> S:
    s.phase = "end"
    return s


def handlers(L) -> dict:
    """The dispatch table; `L` (the components) turns the names facts carry into indices."""
    def bind(f):
        return lambda s, e: f(L, s, e)
    table = {d: _close for d in ev.DECISIONS}
    table[ev.TeamAction] = _team_action
    table.update({
        ev.GalaxySeeded: _seeded, ev.PlanetsRevealed: bind(_revealed), ev.MarkersPlaced: _markers, ev.TrackSet: _track,
        ev.SupportShuffled: _sshuffled, ev.DeckFormed: _deck, ev.HandDealt: _dealt, ev.CardsReturned: _returned, ev.SetAside: _set_aside,
        ev.RebelDeckFormed: _rebel_deck, ev.FirstPlayer: _first, ev.Asked: _asked, ev.TurnStarted: _turn,
        ev.PhaseStarted: _phase, ev.Recovered: _recovered, ev.Recalled: _recalled, ev.ShipMoved: _ship,
        ev.ReconReturned: bind(_recon_back), ev.MercenaryPlayed: _merc, ev.UnitsGained: _gained,
        ev.GuardPlaced: _guard, ev.CirclesShut: _shut, ev.SkillUsed: _skill, ev.ActionUsed: _used,
        ev.ActionStarted: _started, ev.ActionStaged: _staged, ev.ActionEnded: _ended, ev.CostPaid: _paid,
        ev.ReputationGained: _rep, ev.PowerGained: _power, ev.Repaired: _repaired, ev.SupportDrawn: _sdrawn,
        ev.SupportPlayed: _splayed, ev.Responded: _responded, ev.SupportResolved: _sresolved,
        ev.Deployed: bind(_deployed), ev.InvasionStarted: bind(_invasion), ev.InvasionStaged: _inv_staged,
        ev.Reinforced: _reinforced, ev.CombatRolled: _rolled, ev.Rerolled: _rerolled, ev.UnitsLost: _lost,
        ev.Evacuated: _evacuated, ev.InvasionEnded: _inv_ended, ev.Wounded: _wounded,
        ev.GuardKilled: _killed, ev.CardTaken: _taken, ev.CardGiven: _given, ev.Peeked: _peeked,
        ev.ReconPlaced: bind(_recon_placed), ev.MercenaryHired: _hired, ev.MarketCleared: _cleared,
        ev.MarketCardRemoved: _mremoved, ev.MarketFilled: _filled, ev.CardDiscarded: _discarded,
        ev.EndTriggered: _triggered, ev.TurnEnded: _turn_ended, ev.TeamPicked: _team_picked,
        ev.TeamExchanged: _team_exchanged, ev.PlanetsSwitched: _switched,
        ev.InfantryTransferred: _transferred, ev.RebelCardDrawn: _rebel_card, ev.RebelStep: _rebel_step,
        ev.PreDeployed: bind(_pre), ev.PreRemoved: bind(_pre_removed), ev.FinalScored: _scored, ev.GameEnded: _over,
    })
    for event in ev.EVENTS:    # facts that only record (dice, a reshuffle already applied...) change nothing
        table.setdefault(event, _unchanged)
    return table


def _unchanged(s: S, e) -> S:
    return s

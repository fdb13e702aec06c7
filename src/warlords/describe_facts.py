"""Facts in the rulebook's words: what changed, told from the position just before each fact
(`describe.describe` dispatches here). Facts that only move bookkeeping (a question asked, a step of
an action or an invasion set) get a short plain sentence; names come from `words.py`.
"""

from __future__ import annotations

from boardcore.game.handlers import by_type

from warlords import events as ev
from warlords.words import (ACTION_NAMES, ASKED, END_KINDS, PHASES, RECON_NAMES, S, UNIT_WORDS, UNITS_ONE,
                            circle, count, dice, held_planet, merc, mercs, planet, sector, support_card,
                            top, type_name, units, who, whose)
from warlords.state import DEC, MED, MIS, teammate

FACT_WORDS, says = by_type()


# -- facts: setup -------------------------------------------------------------------------
@says(ev.GalaxySeeded)
def galaxy_seeded(c, s: S, e, player) -> str:
    return f"{len(e.types)} planet tiles are laid out face down; {len(e.box)} go back to the box unseen"


@says(ev.PlanetsRevealed)
def planets_revealed(c, s: S, e, player) -> str:
    names = ", ".join(f"{type_name(k)} {i}" for i, k in zip(e.planets, e.types))
    if len(names) > 60:   # many at once (setup): by type
        by_type: dict[str, list[str]] = {}
        for i, k in zip(e.planets, e.types):
            by_type.setdefault(type_name(k), []).append(str(i))
        names = " · ".join(f"{k} {', '.join(v)}" for k, v in by_type.items())
    return f"Turned up: {names}" + ("; markers forward" if e.advance else "")


@says(ev.MarkersPlaced)
def markers_placed(c, s: S, e, player) -> str:
    return "Reputation markers: " + ", ".join(ACTION_NAMES.get(m, m) for m in e.slots)


@says(ev.TrackSet)
def track_set(c, s: S, e, player) -> str:
    spaces = sorted(set(e.positions))
    where = f"space {spaces[0] + 1}" if len(spaces) == 1 else "their starting spaces"
    return f"The planet markers start on {where} of the planet track"


@says(ev.SupportShuffled)
def support_shuffled(c, s: S, e, player) -> str:
    return f"The support deck is shuffled ({count(len(e.order), 'card', 'cards')})"


@says(ev.DeckFormed)
def deck_formed(c, s: S, e, player) -> str:
    gone = f"; {len(e.removed)} removed unseen" if e.removed else ""
    return f"The mercenary deck is shuffled: {len(e.order)} cards{gone}"


@says(ev.HandDealt)
def hand_dealt(c, s: S, e, player) -> str:
    known = all(x in c.mercs for x in e.cards)
    cards = mercs(c, e.cards) if known else count(len(e.cards), "mercenary", "mercenaries")
    return f"{who(s, e.player)} is dealt {cards}"


@says(ev.SetAside)
def set_aside(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} puts back {merc(c, e.card)}"


@says(ev.CardsReturned)
def cards_returned(c, s: S, e, player) -> str:
    return f"The {count(len(e.cards), 'mercenary', 'mercenaries')} put back go into the deck, reshuffled"


@says(ev.RebelDeckFormed)
def rebel_deck_formed(c, s: S, e, player) -> str:
    return f"The Rebel deck is formed: {len(e.order)} cards, Level 1 on top; {len(e.removed)} boxed unseen"


@says(ev.FirstPlayer)
def first_player(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} goes first"


# -- facts: the turn ----------------------------------------------------------------------
@says(ev.Asked)
def asked(c, s: S, e, player) -> str:
    return f"{who(s, e.prompt.player)} to {ASKED.get(e.prompt.kind, 'decide')}"


@says(ev.TurnStarted)
def turn_started(c, s: S, e, player) -> str:
    return f"Turn {e.turn}: {whose(s, e.player)} turn"


@says(ev.PhaseStarted)
def phase_started(c, s: S, e, player) -> str:
    if e.phase == "rebel":
        return "The Rebellion's turn"
    return f"Phase: {PHASES.get(e.phase, e.phase)}"


@says(ev.Recovered)
def recovered(c, s: S, e, player) -> str:
    b = s.base[e.player - 1]
    kinds = (0,) if e.infantry_only else (0, 1, 2)
    to_lp = sum(b[DEC * 3 + k] for k in kinds)
    to_dec = sum(b[MIS * 3 + k] + b[MED * 3 + k] for k in kinds)
    what = "Infantry recovery" if e.infantry_only else "Recovery"
    moves = ([f"{to_lp} from Decon to the Launch Pad"] if to_lp else []) + ([f"{to_dec} to Decon"] if to_dec else [])
    return f"{whose(s, e.player)} {what}: {', '.join(moves) or 'nothing to move'}"


@says(ev.Recalled)
def recalled(c, s: S, e, player) -> str:
    if e.planet >= 0:
        return f"{who(s, e.player)} recalls an Infantry from {planet(s, e.planet)}"
    return f"{who(s, e.player)} recalls the guard on {circle(s, e.player, e.circle)}"


@says(ev.ShipMoved)
def ship_moved(c, s: S, e, player) -> str:
    verb = "moves to" if s.ships[e.player - 1] else "arrives in"
    return f"{whose(s, e.player)} Base Ship {verb} {sector(c, e.sector)}"


@says(ev.ReconReturned)
def recon_returned(c, s: S, e, player) -> str:
    name = RECON_NAMES.get(e.kind)
    marker = f"{name} marker" if name else "recon marker"
    if e.used:
        return f"{who(s, e.player)} turns up the {marker} in {sector(c, s.ships[e.player - 1])}: a Tactical action"
    return f"{whose(s, e.player)} {marker} in {sector(c, s.ships[e.player - 1])} goes back to supply"


@says(ev.MercenaryPlayed)
def mercenary_played(c, s: S, e, player) -> str:
    where = "" if not s.area[e.player - 1] else f" at the {e.side} end"
    done = f", completing a {e.circle.lower()} circle" if e.circle else ""
    return f"{who(s, e.player)} plays {merc(c, e.card)}{where}{done}"


@says(ev.UnitsGained)
def units_gained(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} gains {units((e.infantry, 0, 0))} on the Launch Pad"


@says(ev.GuardPlaced)
def guard_placed(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} guards {circle(s, e.player, e.circle)}"


@says(ev.CirclesShut)
def circles_shut(c, s: S, e, player) -> str:
    return f"{whose(s, e.player)} new circle stays unguarded for good"


@says(ev.SkillUsed)
def skill_used(c, s: S, e, player) -> str:
    kind = c.skill_of.get(e.colour, "")
    return f"{who(s, e.player)} plays {ACTION_NAMES.get(kind, kind)}, the {e.colour.lower()} skill (once per game)"


@says(ev.ActionUsed)
def action_used(c, s: S, e, player) -> str:
    m = c.mercs.get(s.played)
    name = ACTION_NAMES.get(m.actions[e.slot], "an action") if m and e.slot < len(m.actions) else "an action"
    return f"{who(s, s.active)} uses the {name} of {merc(c, s.played, full=False)}"


SOURCES = {"card": "", "support": " from a support card", "borrowed": " of the card taken",
           "market": " of a Market card", "copy": " copied from the Market", "tactical": " (Tactical action)",
           "skill": " (skill)"}


@says(ev.ActionStarted)
def action_started(c, s: S, e, player) -> str:
    x = e.ctx
    if x.kind == "bonus":
        return f"{who(s, x.target)} may take the bonus of reputation space {s.rep[x.target - 1]}"
    return f"{who(s, s.active)} plays {ACTION_NAMES.get(x.kind, x.kind)}{SOURCES.get(x.source, '')}"


STAGES = {"go": "resolving", "pay": "choosing how to pay", "units": "choosing the units",
          "casualties": "choosing the casualties", "option": "a card taken", "return": "the card goes back after",
          "copied": "the copied card leaves the Market after", "clear": "the Market is renewed next",
          "place": "a recon marker may be placed"}


@says(ev.ActionStaged)
def action_staged(c, s: S, e, player) -> str:
    # the card an action carries is not named: a Subterfuge's card taken is the two players' secret
    x = e.ctx
    where = f" on {planet(s, x.planet)}" if x.planet >= 0 and x.stage in ("units", "casualties") else ""
    return f"{ACTION_NAMES.get(x.kind, x.kind)}: {STAGES.get(x.stage, 'next step')}{where}"


@says(ev.ActionEnded)
def action_ended(c, s: S, e, player) -> str:
    x = top(s)
    return f"The {ACTION_NAMES.get(x.kind, 'action') if x is not None else 'action'} is over"


@says(ev.CostPaid)
def cost_paid(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} pays {'an Infantry' if e.unit == 0 else 'an Aircraft'} (Launch Pad to Mission)"


@says(ev.ReputationGained)
def reputation_gained(c, s: S, e, player) -> str:
    text = f"{who(s, e.player)} gains reputation: space {e.space}"
    slot = e.space // 2
    if e.space >= c.rep_last:
        return text + ", the end of the track"
    if slot < len(s.rep_slots):
        return text + f" (next by {ACTION_NAMES.get(s.rep_slots[slot], s.rep_slots[slot])})"
    return text


@says(ev.PowerGained)
def power_gained(c, s: S, e, player) -> str:
    why = {"deploy": "deploying on an empty planet", "reputation": "reputation bonus"}.get(e.reason, e.reason)
    return f"{who(s, e.player)} gains {e.amount} Power ({why})"


@says(ev.Repaired)
def repaired(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} repairs {'a Tank' if e.unit == 1 else 'an Aircraft'}: back on the Launch Pad"


@says(ev.SupportDrawn)
def support_drawn(c, s: S, e, player) -> str:
    name = c.support_name.get(e.card)
    return f"{who(s, e.player)} draws a support card" + (f": {name}" if name else "")


@says(ev.SupportPlayed)
def support_played(c, s: S, e, player) -> str:
    text = f"{who(s, e.player)} plays {support_card(c, e.card)}"
    if e.response and s.pending:
        text += f" against {whose(s, s.pending[-1].player)} {support_card(c, s.pending[-1].card)}"
    if e.responders:
        text += f"; {', '.join(who(s, r) for r in e.responders)} may block it"
    return text


@says(ev.Responded)
def responded(c, s: S, e, player) -> str:
    card = support_card(c, s.pending[-1].card) if s.pending else "the support card"
    return f"{who(s, e.player)} lets the {card} through"


@says(ev.SupportResolved)
def support_resolved(c, s: S, e, player) -> str:
    if e.cancelled:
        return f"The Blockade cancels the {support_card(c, e.cancelled)}; both to the discard pile"
    return f"{support_card(c, e.card)} takes effect"


@says(ev.Deployed)
def deployed(c, s: S, e, player) -> str:
    src = f" from {sector(c, e.sector)}" if e.sector else ""
    return f"{who(s, e.player)} deploys {units(e.units)}{src} onto {planet(s, e.planet)}"


# -- facts: invasion and combat -----------------------------------------------------------
@says(ev.InvasionStarted)
def invasion_started(c, s: S, e, player) -> str:
    inv = e.invasion
    back = f"; the {type_name(c.types[e.devastate])} marker goes back" if e.devastate >= 0 else ""
    return f"{who(s, inv.attacker)} invades {held_planet(s, inv.planet)} with {units(inv.att)}{back}"


INV_STAGES = {"reinforce": "defender reinforcements", "roll": "the roll", "reroll": "Efficient Targeting's reroll",
              "hits": "counting the hits", "cas_att": "the invader's casualties",
              "cas_def": "the defender's casualties", "check": "checking for victory",
              "evacuate": "the defender may evacuate"}


@says(ev.InvasionStaged)
def invasion_staged(c, s: S, e, player) -> str:
    inv = e.invasion
    return f"Invasion of {planet(s, inv.planet)}, round {inv.round}: {INV_STAGES.get(inv.stage, 'next step')}"


@says(ev.Reinforced)
def reinforced(c, s: S, e, player) -> str:
    if e.circle >= 0:
        return (f"{whose(s, e.player)} guard from {circle(s, e.player, e.circle)} joins the defence of "
                f"{planet(s, e.planet)}")
    return f"The Kickstarter Brigade: an Infantry from {whose(s, e.player)} Reserve onto {planet(s, e.planet)}"


@says(ev.CombatRolled)
def combat_rolled(c, s: S, e, player) -> str:
    inv = s.invasion
    if inv is None:
        return f"Dice: {dice(e.attacker)} against {dice(e.defender)}"
    siege = " (Heavy Siege)" if inv.att[1] else ""   # GW-CMB-13: its invader hits count
    return (f"{planet(s, inv.planet)}, round {inv.round}: {who(s, inv.attacker)} rolls {dice(e.attacker)}{siege}; "
            f"{who(s, inv.defender)} rolls {dice(e.defender)}")


@says(ev.Rerolled)
def rerolled(c, s: S, e, player) -> str:
    d = who(s, s.invasion.defender) if s.invasion is not None else "The defender"
    return f"{d} rerolls with Efficient Targeting: now {dice(e.defender)}"


@says(ev.UnitsLost)
def units_lost(c, s: S, e, player) -> str:
    if e.invading:
        return f"{who(s, e.player)} loses {units(e.units)} of the invading force"
    return f"{who(s, e.player)} loses {units(e.units)} on {planet(s, e.planet)}"


@says(ev.Evacuated)
def evacuated(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} evacuates {planet(s, e.planet)}: its units go to the Launch Pad"


@says(ev.InvasionEnded)
def invasion_ended(c, s: S, e, player) -> str:
    inv = s.invasion
    where = planet(s, inv.planet) if inv is not None else "the planet"
    if e.winner == 0:
        return f"Both sides fall on {where}: it is left empty"
    if inv is not None and e.winner == inv.attacker:
        return f"{who(s, e.winner)} wins the invasion and takes {where}"
    return f"{who(s, e.winner)} holds {where}"


@says(ev.DiceRolled)
def dice_rolled(c, s: S, e, player) -> str:
    hits = list(e.values).count("hit")
    more = f" — up to {hits} more {'unit' if hits == 1 else 'units'} lost" if hits else " — no more losses"
    return f"Bombard dice: {dice(e.values)}{more}"


# -- facts: cards ---------------------------------------------------------------------------
@says(ev.Wounded)
def wounded(c, s: S, e, player) -> str:
    return f"{whose(s, e.player)} {merc(c, e.card)} is wounded: it scores no mission"


@says(ev.GuardKilled)
def guard_killed(c, s: S, e, player) -> str:
    return f"{whose(s, e.player)} guard on {circle(s, e.player, e.circle)} is killed (to the Medical Bay)"


@says(ev.CardTaken)
def card_taken(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} takes {merc(c, e.card)} at random from {whose(s, e.target)} hand"


@says(ev.CardGiven)
def card_given(c, s: S, e, player) -> str:
    if e.kept:
        return f"{who(s, e.player)} keeps the card taken and gives {who(s, e.target)} {merc(c, e.card)}"
    return f"{who(s, e.player)} gives {merc(c, e.card)} back to {who(s, e.target)}"


@says(ev.Peeked)
def peeked(c, s: S, e, player) -> str:
    if all(e.types):
        seen = ", ".join(f"{type_name(k)} {i}" for i, k in zip(e.planets, e.types))
        return f"{who(s, e.player)} looks at the face-down planets of {sector(c, e.sector)}: {seen}"
    n = count(len(e.planets), "face-down planet", "face-down planets")
    return f"{who(s, e.player)} looks in secret at the {n} of {sector(c, e.sector)}"


@says(ev.ReconPlaced)
def recon_placed(c, s: S, e, player) -> str:
    name = RECON_NAMES.get(e.kind)
    return f"{who(s, e.player)} leaves {'a ' + name if name else 'a recon'} marker face down in {sector(c, e.sector)}"


@says(ev.MercenaryHired)
def mercenary_hired(c, s: S, e, player) -> str:
    if e.drafted:
        return f"{who(s, e.player)} drafts {merc(c, e.card)} from the Market"
    name = f": {merc(c, e.card)}" if e.card in c.mercs else ""
    return f"{who(s, e.player)} draws the top mercenary of the deck{name}"


@says(ev.MarketCleared)
def market_cleared(c, s: S, e, player) -> str:
    return f"The Market leaves the game face up: {mercs(c, e.cards)}"


@says(ev.MarketCardRemoved)
def market_card_removed(c, s: S, e, player) -> str:
    if e.player:
        return f"{who(s, e.player)} takes {merc(c, e.card)} from the Market"
    return f"{merc(c, e.card)} leaves the Market and the game"


@says(ev.MarketFilled)
def market_filled(c, s: S, e, player) -> str:
    return f"New in the Market: {mercs(c, e.cards)}"


@says(ev.CardDiscarded)
def card_discarded(c, s: S, e, player) -> str:
    return f"{who(s, e.player)} discards {merc(c, e.card)}: out of the game"


@says(ev.EndTriggered)
def end_triggered(c, s: S, e, player) -> str:
    why = END_KINDS.get(e.kind, e.kind)
    return f"The end is near: {why}; the game ends after turn {e.last_turn}"


@says(ev.TurnEnded)
def turn_ended(c, s: S, e, player) -> str:
    return f"{whose(s, e.player)} turn ends"


# -- facts: team play -----------------------------------------------------------------------
@says(ev.TeamPicked)
def team_picked(c, s: S, e, player) -> str:
    if e.card in c.mercs:
        return f"{who(s, e.player)} picks {merc(c, e.card)} for the exchange"
    return f"{who(s, e.player)} picks a mercenary for the exchange, in secret"


@says(ev.TeamExchanged)
def team_exchanged(c, s: S, e, player) -> str:
    if e.given in c.mercs and e.received in c.mercs:
        return f"{who(s, e.player)} gives {e.given} to {who(s, e.mate)} and receives {e.received}"
    return f"{who(s, e.player)} and {who(s, e.mate)} exchange a mercenary each"


@says(ev.PlanetsSwitched)
def planets_switched(c, s: S, e, player) -> str:
    mate = who(s, teammate(s, e.player))
    return f"{who(s, e.player)} and {mate} switch {planet(s, e.mine)} and {planet(s, e.theirs)}"


@says(ev.InfantryTransferred)
def infantry_transferred(c, s: S, e, player) -> str:
    n = units((e.count, 0, 0))
    return f"{who(s, e.player)} sends {n} to Reserve; {who(s, e.mate)} gets {n} on the Launch Pad"


# -- facts: the Rebellion and the end ---------------------------------------------------------
@says(ev.RebelCardDrawn)
def rebel_card_drawn(c, s: S, e, player) -> str:
    card = c.rebels.get(e.card)
    if card is None:
        return "The Rebellion draws its next card"
    steps = ", then ".join(ACTION_NAMES.get(a, a) for a in card.actions)
    return f"The Rebellion draws {e.card} (Level {card.level}): {steps}"


@says(ev.RebelStep)
def rebel_step(c, s: S, e, player) -> str:
    card = c.rebels.get(s.rebel_card)
    if e.step == s.rebel_step and e.sector:
        return f"The Rebellion's Deploy/Invade from {sector(c, c.sectors[e.sector - 1])}"
    if card is not None and e.step < len(card.actions):
        return f"The Rebellion's next action: {ACTION_NAMES.get(card.actions[e.step], card.actions[e.step])}"
    return "The Rebellion's card is carried out"


@says(ev.PreDeployed)
def pre_deployed(c, s: S, e, player) -> str:
    if e.overflow:
        return f"The Rebellion gains 1 Power instead of pre-deploying {UNITS_ONE[e.unit]} in {sector(c, e.sector)}"
    return f"The Rebellion pre-deploys {UNITS_ONE[e.unit]} in {sector(c, e.sector)}"


@says(ev.PreRemoved)
def pre_removed(c, s: S, e, player) -> str:
    return f"A pre-deployed Rebellion {UNIT_WORDS[e.unit]} goes back to the pool from {sector(c, e.sector)}"


@says(ev.FinalScored)
def final_scored(c, s: S, e, player) -> str:
    parts = []
    if e.guards:
        parts.append(f"{e.guards} for guards")
    if e.majority:
        parts.append(f"{e.majority} for majorities")
    if e.missions:
        parts.append(f"{e.missions} for missions")
    if e.sector:
        parts.append(f"{e.sector} for units in sectors")
    total = e.guards + e.majority + e.missions + e.sector
    return f"{who(s, e.player)} scores " + (", ".join(parts) + f": +{total} Power" if parts else "nothing more")


@says(ev.GameEnded)
def game_ended(c, s: S, e, player) -> str:
    if e.truncated:
        return "The game stops at its turn limit, without a result"
    return "The game is over"

"""Actions and events in the rulebook's words, for the terminal, the replay viewer and logs.

`describe(c, s, item, player)` gives one short line. `s` is the position just before `item`,
and callers pass what `player` may know (`view` and `visible`): deck orders arrive blanked and
face-down hexes as -1, so nothing here can name what the table does not show.

Decisions read as what the player is about to do, with its cost and effect ("Turn the 3 into a 1
(exhaust 2 drones)", "Visit the Salvage Ship with the 4: salvage up to 4 drones"); the caller
names the seat. Facts say what changed and to whom ("P2 rolls 2 on the Resistance die: R07
resists with 5"). Names come from the component data: Location cards, hex and slot ids, ship and
crew ids with their almanac actions, DRANDA's cards; the faction names are SS-GAP-11's.

The names of things and of benefit codes are in words.py, shared with draw.py.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from boardcore.game.handlers import by_type

from solar_sphere import events as ev
from solar_sphere import queries as q
from solar_sphere.command import kickbacks_for
from solar_sphere.components import COLOURS, KINDS, Components
from solar_sphere.prompts import open_point
from solar_sphere.scoring import winners
from solar_sphere.state import SolarState, Task
from solar_sphere.words import (PHASES, POSITIONS, WHY, action_words, benefits_words, cost_words, crew_words,
                                effect_words, faction_words, hex_words, location_name, plural, seat_name,
                                ship_words, task_words)

WORDS, says = by_type()
"""One describer per event type, registered where it is defined; `describe` indexes it
without a default, so an event type without words fails the presentation tests."""


# -- decisions ------------------------------------------------------------------------------
@says(ev.TakeKickbacks)
def take_kickbacks(c, s: SolarState, a: ev.TakeKickbacks, player) -> str:
    p = s.centres[a.player - 1]
    n = kickbacks_for(c, p.morale, a.to, p.rep) if a.to < p.morale else 0
    return f"Take {plural(n, 'kickback')}: move morale back from {p.morale} to {a.to}"


@says(ev.UseCrew)
def use_crew(c, s: SolarState, a: ev.UseCrew, player) -> str:
    card = c.crew_index.get(a.card, -1)
    return f"Use {crew_words(c, card)}" if card >= 0 else f"Use the crew member {a.card}"


@says(ev.ChooseDie)
def choose_die(c, s: SolarState, a: ev.ChooseDie, player) -> str:
    if a.crew:
        card = q.upright(c, s.centres[a.player - 1], "set_die")
        who = c.crew[card].id if card is not None else "your crew"
        return f"Turn the {a.die} into a {a.value} with {who} (no drone exhausted)"
    if a.value == a.die:
        return f"Deploy the {a.die}"
    steps = abs(a.value - a.die)
    return f"Turn the {a.die} into a {a.value} (exhaust {plural(steps, 'drone')})"


@says(ev.Visit)
def visit(c, s: SolarState, a: ev.Visit, player) -> str:
    loc = c.loc_index.get(a.location, -1)
    if loc < 0:
        return f"Visit the location {a.location}"
    occupied = " (occupied: exhaust 1 drone)" if s.loc_dice[loc] else ""
    value = f" with the {s.chosen}" if s.chosen else ""
    return f"Visit {location_name(c, loc)}{value}{occupied}: {action_words(c, s, a.player, loc, s.chosen)}"


@says(ev.DiscardDie)
def discard_die(c, s: SolarState, a: ev.DiscardDie, player) -> str:
    return f"Discard the {a.die} for the round and gain 1 morale"


@says(ev.Attack)
def attack(c, s: SolarState, a: ev.Attack, player) -> str:
    ship = s.fleet[a.ship] if 0 <= a.ship < len(s.fleet) else None
    joined = f", joining {plural(ship.power(), 'drone')} there" if ship is not None and ship.power() else ""
    return (f"Attack {ship_words(c, s, a.ship)} at {POSITIONS[a.ship]} with {plural(a.drones, 'drone')}"
            f" for 1 crystal{joined}")


@says(ev.EndTurn)
def end_turn(c, s: SolarState, a: ev.EndTurn, player) -> str:
    return "End your turn"


@says(ev.Choose)
def choose(c, s: SolarState, a: ev.Choose, player) -> str:
    """An answer to the open decision point, read against what it asks."""
    kind, _ = open_point(s)
    words = CHOICES.get(kind)
    try:
        text = words(c, s, a.player, a.option) if words else None
    except (ValueError, IndexError, KeyError):      # an answer to another question than the open one
        text = None
    return text or f"Choose {a.option.replace(':', ' ').replace('+', ' and ')}"


def act_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    loc = s.visiting
    if loc < 0:
        return None
    if option == "satellite":
        return f"Launch a satellite onto {location_name(c, loc)} with 1 active drone, ending your turn"
    boost = " (boosted)" if s.centres[seat - 1].sats[loc] else ""
    return f"Take the action of {location_name(c, loc)}{boost}: {action_words(c, s, seat, loc, s.chosen)}"


def room_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    new = s.tasks[-1].arg if s.tasks else "resource"
    what = option.partition(":")[2]
    if what == "new":
        return f"Storage is full: let the new {new} go"
    return f"Storage is full: discard 1 stored {what} to keep the new {new}"


def kind_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    return f"Gain 1 {option}" if option in KINDS else None


def fabricate_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    if option == "fabricate":
        return "Fabricate a drone: from your reserve to your active panel"
    if option == "stop":
        return "Stop fabricating"
    where = option.partition(":")[2]
    if where in c.loc_index:
        return f"Take back your satellite from {location_name(c, c.loc_index[where])} (SS-DRN-05)"
    return None


def salvage_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    if option == "regenerate":
        return "Regenerate an inactive drone: back to your active panel"
    if option == "stop":
        return "Stop salvaging"
    row = int(option.partition(":")[2]) - 1
    filled = s.centres[seat - 1].matrix[row]
    bonus = c.cmd.matrix[row][filled] if filled < len(c.cmd.matrix[row]) else ""
    gain = f" and gain {effect_words(c, bonus)}" if bonus else ""
    return f"Decommission an inactive drone into matrix row {row + 1}{gain}"


def kickback_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    return {"fabricate": "Kickback: fabricate 1 drone", "salvage": "Kickback: salvage up to 2 drones"}.get(
        option, f"Kickback: gain 1 {option}")


def build_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    slot = c.slot_index.get(option, -1)
    if slot < 0 or s.hex_at[slot] < 0:
        return None
    hx = c.hexes[s.hex_at[slot]]
    corp = ", 1 reputation" if hx.corp else ""
    return (f"Build {hex_words(c, s, slot)} for {cost_words(hx.cost)} + a drone: "
            f"{benefits_words(c, hx.benefits)}{corp}")


def hire_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    card_id, _, pay = option.partition(":")
    card = c.crew_index.get(card_id)
    if card is None:
        return None
    cost = cost_words(q.cost_of(c, card, pay))
    slot = s.display.index(card) if card in s.display else -1
    token = f", {s.tokens[slot]} morale" if slot >= 0 and s.tokens[slot] else ""
    points = c.tiers.points[c.crew[card].tier - 1]
    return f"Hire {crew_words(c, card)} for {cost}: {plural(points, 'point')}{token}"


def retire_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    card = c.crew_index.get(option)
    if card is None:
        return None
    bonus = " or ".join(effect_words(c, b) for b in c.crew[card].retire)
    return f"Retire {c.crew[card].id} for its bonus: {bonus}"


def bonus_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    return f"Retirement bonus: {effect_words(c, option)}"


def refresh_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    card = c.crew_index.get(option)
    return None if card is None else f"Turn {crew_words(c, card)} upright again"


def attack_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    return "Stop attacking" if option == "done" else None


def reroll_choice(c, s: SolarState, seat: int, option: str) -> str | None:
    if option == "pass":
        return "Keep the Resistance die's roll"
    card = q.upright(c, s.centres[seat - 1], "reroll")
    return f"Reroll the Resistance die with {c.crew[card].id if card is not None else 'your crew'}"


CHOICES: dict[str, Callable[[Components, SolarState, int, str], str | None]] = {
    "act": act_choice, "gain": room_choice, "gain_any": kind_choice, "fabricate": fabricate_choice,
    "salvage": salvage_choice, "kickback": kickback_choice, "build": build_choice, "hire": hire_choice,
    "retire": retire_choice, "bonus": bonus_choice, "refresh": refresh_choice, "attack": attack_choice,
    "reroll": reroll_choice,
}
"""Each decision point's `Choose` answers in words, by the point's kind (prompts.POINTS)."""


# -- facts ----------------------------------------------------------------------------------
@says(ev.SphereLaid)
def sphere_laid(c, s, e: ev.SphereLaid, player) -> str:
    down = ", ".join(c.slots[i] for i in e.face_down)
    return (f"The Sphere is laid: {len(e.hexes)} hexes in two rings"
            + (f", face down at {down}" if down else ", all face up"))


@says(ev.ScoringCardDrawn)
def scoring_card_drawn(c, s, e: ev.ScoringCardDrawn, player) -> str:
    sc = c.scoring[e.card]
    if sc.rule == "clusters":
        how = f"{sc.low} points a hex + {sc.step} per adjacent own hex, at most {sc.high}"
    else:
        how = f"{sc.high} points a hex at {', '.join(sc.slots)}; {sc.low} elsewhere"
    return f"Sphere scoring card: {sc.name} ({how})"


@says(ev.ResistanceDeckBuilt)
def resistance_deck_built(c, s, e: ev.ResistanceDeckBuilt, player) -> str:
    return f"The Resistance deck of {len(e.order)} ships is shuffled face down"


@says(ev.FleetDrawn)
def fleet_drawn(c, s, e: ev.FleetDrawn, player) -> str:
    def one(card: int) -> str:
        return f"{c.ships[card].id} (resistance {c.ships[card].value})" if card >= 0 else "a ship"
    return f"New top row of the Resistance fleet: {one(e.left)} and {one(e.right)}"


@says(ev.FleetArranged)
def fleet_arranged(c, s, e: ev.FleetArranged, player) -> str:
    rows = " and ".join(("bottom", "top")[r] for r in e.swap)
    return f"The fleet's {rows} row{'s are' if len(e.swap) > 1 else ' is'} re-ordered: higher resistance on the left"


@says(ev.CrewDeckShuffled)
def crew_deck_shuffled(c, s, e: ev.CrewDeckShuffled, player) -> str:
    return f"The Tier {e.tier + 1} crew deck of {len(e.order)} cards is shuffled face down"


@says(ev.CrewRevealed)
def crew_revealed(c, s, e: ev.CrewRevealed, player) -> str:
    tier, row = e.slot // 2 + 1, ("top", "bottom")[e.slot % 2]
    return f"{crew_words(c, e.card)} joins the crew display, Tier {tier} {row}"


@says(ev.TurnOrderSet)
def turn_order_set(c, s, e: ev.TurnOrderSet, player) -> str:
    return "Turn order: " + ", ".join(seat_name(s, seat) for seat in e.order)


@says(ev.DrandaDeckShuffled)
def dranda_deck_shuffled(c, s, e: ev.DrandaDeckShuffled, player) -> str:
    return f"DRANDA's deck of {len(e.order)} cards is shuffled face down"


@says(ev.DrandaCardFlipped)
def dranda_card_flipped(c, s, e: ev.DrandaCardFlipped, player) -> str:
    card = c.dranda[e.card]
    return f"DRANDA flips {card.id} onto its discard pile: its dice play {', '.join(card.order)}"


@says(ev.RoundStarted)
def round_started(c, s, e: ev.RoundStarted, player) -> str:
    return f"Round {e.round} of 6 begins with the Dock"


@says(ev.PhaseStarted)
def phase_started(c, s, e: ev.PhaseStarted, player) -> str:
    return PHASES.get(e.phase, f"The {e.phase} phase begins")


@says(ev.DiceRolled)
def dice_rolled(c, s, e: ev.DiceRolled, player) -> str:
    return f"{seat_name(s, e.player)} rolls {', '.join(map(str, e.values))}"


@says(ev.DrandaDiceRolled)
def dranda_dice_rolled(c, s, e: ev.DrandaDiceRolled, player) -> str:
    dice = ", ".join(f"{COLOURS[k]} {v}" for v, k in zip(e.values, e.colours, strict=False))
    return f"DRANDA rolls {dice}"


@says(ev.MoraleChanged)
def morale_changed(c, s, e: ev.MoraleChanged, player) -> str:
    now = s.centres[e.player - 1].morale + e.delta
    verb = "gains" if e.delta > 0 else "loses"
    return f"{seat_name(s, e.player)} {verb} {abs(e.delta)} morale (now {now})"


@says(ev.ReputationGained)
def reputation_gained(c, s, e: ev.ReputationGained, player) -> str:
    return f"{seat_name(s, e.player)} gains 1 reputation (level {s.centres[e.player - 1].rep + 1})"


@says(ev.PointsScored)
def points_scored(c, s, e: ev.PointsScored, player) -> str:
    why = e.why.removesuffix(" (DRANDA)")
    reason = f" for {WHY.get(why, why)}" if why else ""
    if e.points < 0:
        return f"{seat_name(s, e.player)} loses {plural(-e.points, 'point')}{reason}"
    return f"{seat_name(s, e.player)} scores {plural(e.points, 'point')}{reason}"


@says(ev.ResourceChanged)
def resource_changed(c, s, e: ev.ResourceChanged, player) -> str:
    verb = "gains" if e.delta > 0 else "spends"
    return f"{seat_name(s, e.player)} {verb} {abs(e.delta)} {KINDS[e.kind]}"


@says(ev.DronesMoved)
def drones_moved(c, s, e: ev.DronesMoved, player) -> str:
    who = seat_name(s, e.player)
    if (e.src, e.dst) == ("reserve", "active"):
        return f"{who} fabricates {plural(e.n, 'drone')}"
    if (e.src, e.dst) == ("inactive", "active"):
        return f"{who} regenerates {plural(e.n, 'drone')}"
    return f"{who} moves {plural(e.n, 'drone')} from {e.src} to {e.dst}"


@says(ev.SatelliteMoved)
def satellite_moved(c, s, e: ev.SatelliteMoved, player) -> str:
    if e.launch:
        return f"{seat_name(s, e.player)} launches a satellite onto {location_name(c, e.location)}"
    return f"{seat_name(s, e.player)} takes back its satellite from {location_name(c, e.location)}"


@says(ev.Decommissioned)
def decommissioned(c, s, e: ev.Decommissioned, player) -> str:
    return f"{seat_name(s, e.player)} decommissions a drone into matrix row {e.row + 1}"


@says(ev.AuxDieGained)
def aux_die_gained(c, s, e: ev.AuxDieGained, player) -> str:
    return f"{seat_name(s, e.player)} gains the auxiliary die and rolls a {e.value}"


@says(ev.FactionsGained)
def factions_gained(c, s, e: ev.FactionsGained, player) -> str:
    return f"{seat_name(s, e.player)} gains faction icons: {faction_words(e.factions)}"


@says(ev.HexBuilt)
def hex_built(c, s, e: ev.HexBuilt, player) -> str:
    icons = f", icons {faction_words(e.factions)}" if e.factions else ""
    return f"{seat_name(s, e.player)} builds {hex_words(c, s, e.slot)}{icons}"


@says(ev.CrewHired)
def crew_hired(c, s, e: ev.CrewHired, player) -> str:
    card = s.display[e.slot] if 0 <= e.slot < len(s.display) else -1
    return f"{seat_name(s, e.player)} hires {crew_words(c, card)}"


@says(ev.CrewRetired)
def crew_retired(c, s, e: ev.CrewRetired, player) -> str:
    return f"{seat_name(s, e.player)} retires {c.crew[e.card].id}"


@says(ev.CrewUsed)
def crew_used(c, s, e: ev.CrewUsed, player) -> str:
    return f"{seat_name(s, e.player)} uses {crew_words(c, e.card)}"


@says(ev.CrewRefreshed)
def crew_refreshed(c, s, e: ev.CrewRefreshed, player) -> str:
    return f"{seat_name(s, e.player)} turns {c.crew[e.card].id} upright again"


@says(ev.DronesCommitted)
def drones_committed(c, s, e: ev.DronesCommitted, player) -> str:
    return (f"{seat_name(s, e.player)} commits {plural(e.n, 'drone')} to {ship_words(c, s, e.ship)}"
            f" at {POSITIONS[e.ship]}")


@says(ev.TasksPushed)
def tasks_pushed(c, s, e: ev.TasksPushed, player) -> str:
    seats = {t.player for t in e.tasks}
    who = seat_name(s, e.tasks[0].player) if len(seats) == 1 else "Players"
    return f"{who} {'is' if len(seats) == 1 else 'are'} to " + ", then ".join(task_words(c, s, t) for t in e.tasks)


FINISHED = {"gain_any": "has finished choosing resources", "fabricate": "has finished fabricating",
            "salvage": "has finished salvaging", "kickback": "has finished choosing kickbacks",
            "attack": "has finished attacking", "build": "has chosen where to build",
            "hire": "has chosen whom to hire", "retire": "has chosen whom to retire",
            "bonus": "has chosen a bonus", "refresh": "has chosen whom to refresh",
            "reroll": "has decided on the reroll", "aux": "unlocks the auxiliary die"}
"""What closing each kind of effect means ("P1 has finished salvaging"); a prompt answered by one
choice closes before its result is carried out, hence "has chosen"."""
COUNTED = ("gain", "gain_any", "fabricate", "salvage", "kickback")


def finished(s: SolarState, t: Task) -> str:
    what = f"has finished gaining {t.arg}" if t.kind == "gain" else FINISHED.get(t.kind, "has finished an effect")
    return f"{seat_name(s, t.player)} {what}"


@says(ev.TaskDone)
def task_done(c, s, e: ev.TaskDone, player) -> str:
    return finished(s, s.tasks[-1]) if s.tasks else "An effect is finished"


@says(ev.TaskUpdated)
def task_updated(c, s, e: ev.TaskUpdated, player) -> str:
    if e.task.kind in COUNTED and e.task.n <= 0:
        return finished(s, e.task)
    return f"{seat_name(s, e.task.player)} is still to {task_words(c, s, e.task)}"


@says(ev.TurnStarted)
def turn_started(c, s, e: ev.TurnStarted, player) -> str:
    return f"{seat_name(s, e.player)}'s Deploy turn"


@says(ev.TurnEnded)
def turn_ended(c, s, e: ev.TurnEnded, player) -> str:
    return f"{seat_name(s, e.player)}'s turn ends"


@says(ev.DieDeployed)
def die_deployed(c, s, e: ev.DieDeployed, player) -> str:
    occupied = ", exhausting 1 drone (occupied)" if e.occupied else ""
    return f"{seat_name(s, e.player)}'s {s.chosen} visits {location_name(c, e.location)}{occupied}"


@says(ev.ResistanceRolled)
def resistance_rolled(c, s, e: ev.ResistanceRolled, player) -> str:
    ship = s.fleet[e.ship] if 0 <= e.ship < len(s.fleet) else None
    total = f": {c.ships[ship.card].id} resists with {c.ships[ship.card].value + e.value}" if ship else ""
    return f"{seat_name(s, e.roller)} rolls {e.value} on the Resistance die{total}"


@says(ev.BattleNoted)
def battle_noted(c, s, e: ev.BattleNoted, player) -> str:
    if e.skip:
        return f"No ship at {POSITIONS[e.ship]}: nothing to resolve there"
    return f"{seat_name(s, e.player)} may reroll the Resistance die for {ship_words(c, s, e.ship)}"


@says(ev.ShipResolved)
def ship_resolved(c, s, e: ev.ShipResolved, player) -> str:
    """Success or defeat is read from the ship's drones against its value plus the roll (SS-BAT-08)."""
    ship = s.fleet[e.ship]
    if ship is None:
        return f"The ship at {POSITIONS[e.ship]} is resolved"
    card = c.ships[ship.card]
    power, total = ship.power(), card.value + max(s.roll, 0)
    won = bool(ship.cols) and power >= card.value + s.roll
    claim = f"{seat_name(s, e.claimed_by)} claims it" if e.claimed_by else "no player claims it"
    lost = f"; DRANDA discards {plural(e.dranda_lost, 'drone')}" if e.dranda_lost else ""
    if won:
        return f"{card.id} is defeated, {plural(power, 'drone')} against {total}: {claim}{lost}"
    if e.claimed_by:
        claim = f"{seat_name(s, e.claimed_by)} still claims it"
    return f"The attack on {card.id} ends in defeat, {plural(power, 'drone')} against {total}: {claim}{lost}"


@says(ev.ShipMovedDown)
def ship_moved_down(c, s, e: ev.ShipMovedDown, player) -> str:
    corp = ", joined by a Corporation drone" if e.corp else ""
    return f"{ship_words(c, s, e.ship)} survives and moves down to {POSITIONS[e.ship - 2]}{corp}"


@says(ev.DiceReturned)
def dice_returned(c, s, e: ev.DiceReturned, player) -> str:
    return "Everyone takes back their dice and turns their crew upright"


@says(ev.DisplayDiscarded)
def display_discarded(c, s, e: ev.DisplayDiscarded, player) -> str:
    card = s.display[e.slot] if 0 <= e.slot < len(s.display) else -1
    who = c.crew[card].id if card >= 0 else "A crew card"
    return f"{who} leaves the display with its 2-morale token, under the Tier {e.slot // 2 + 1} deck"


@says(ev.TokensPlaced)
def tokens_placed(c, s, e: ev.TokensPlaced, player) -> str:
    return "Morale tokens on the crew display: 1s turn to 2s, new cards get a 1"


@says(ev.DrandaCardRevealed)
def dranda_card_revealed(c, s, e: ev.DrandaCardRevealed, player) -> str:
    card = c.dranda[e.card]
    where = ", ".join(f"{colour} {short_place(c, getattr(card, colour))}" for colour in COLOURS)
    return f"DRANDA reveals {card.id}: {where}"


def short_place(c: Components, target: str) -> str:
    if target == "asteroid":
        return "Asteroid Belt"
    return c.loc[c.loc_index[target]].name if target in c.loc_index else target


@says(ev.DrandaCardMoved)
def dranda_card_moved(c, s, e: ev.DrandaCardMoved, player) -> str:
    where = "to the bottom of its deck" if e.to == "bottom" else "onto its discard pile"
    return f"DRANDA puts {c.dranda[e.card].id} {where}"


@says(ev.DrandaDiePlaced)
def dranda_die_placed(c, s, e: ev.DrandaDiePlaced, player) -> str:
    d = s.dranda
    if e.die < 3:
        colour = COLOURS[d.colours[e.die]] if d is not None and e.die < len(d.colours) else "ship"
        value = d.dice[e.die] if d is not None and e.die < len(d.dice) else 0
        die = f"its {colour} {value}"
    else:
        die = f"its opaque {COLOURS[e.die - 3]} {e.value}"
    return f"DRANDA places {die} on {location_name(c, e.location)}"


@says(ev.StepSet)
def step_set(c, s, e: ev.StepSet, player) -> str:
    if e.step == "acting":
        where = location_name(c, s.visiting) if s.visiting >= 0 else "the card"
        return f"{seat_name(s, s.turn)} takes the action of {where}"
    return f"{seat_name(s, s.turn)} may still use crew before ending the turn"


@says(ev.DrandaDrones)
def dranda_drones(c, s, e: ev.DrandaDrones, player) -> str:
    if e.supply < 0:
        return f"DRANDA discards {plural(-e.supply, 'drone')} from its supply"
    return f"DRANDA reclaims {plural(e.supply, 'drone')} from those removed"


@says(ev.FinalScored)
def final_scored(c, s, e: ev.FinalScored, player) -> str:
    total = e.total
    if s.dranda_seat and e.player == s.dranda_seat:
        parts = f"Sphere {e.sphere}, factions {e.factions}, supply {e.supply}"
    else:
        parts = (f"Sphere {e.sphere}, factions {e.factions}, reputation {e.reputation}, morale {e.morale},"
                 f" drones and resources {e.halves}")
    return f"{seat_name(s, e.player)} final scoring, {total}: {parts}"


@says(ev.GameEnded)
def game_ended(c, s, e: ev.GameEnded, player) -> str:
    seats = list(range(1, len(e.scores) + 1))
    scores = ", ".join(f"{seat_name(s, seat)} {score}" for seat, score in zip(seats, e.scores, strict=True))
    won = winners(msgspec.structs.replace(s, outcome=tuple(e.scores)))
    if not won:
        result = "DRANDA wins" if s.dranda_seat else "nobody wins"
    else:
        result = " and ".join(seat_name(s, seat) for seat in won) + (" win" if len(won) > 1 else " wins")
    return f"Game over: {scores}; {result}"


assert set(WORDS) == set(ev.EVENTS), "every Solar Sphere event needs its words"


def describe(c: Components, s: SolarState, item, player: int | None) -> str:
    """`item` in words, read against `s`, the position just before it (see the module docstring).
    Solar Sphere hides only what nobody sees (deck orders, face-down hexes), so every reader gets the
    same words from the same redacted inputs."""
    return WORDS[type(item)](c, s, item, player)

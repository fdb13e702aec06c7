"""Actions and events in the rulebook's words, for the terminal, the replay viewer and logs.

`describe(rules, s, item, player)` gives one short line. `s` is the position just before `item`,
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


# -- decisions ------------------------------------------------------------------------------
def take_kickbacks(c, rules, s: SolarState, a: ev.TakeKickbacks) -> str:
    p = s.p[a.player - 1]
    n = kickbacks_for(c, p.morale, a.to, p.rep) if a.to < p.morale else 0
    return f"Take {plural(n, 'kickback')}: move morale back from {p.morale} to {a.to}"


def use_crew(c, rules, s: SolarState, a: ev.UseCrew) -> str:
    card = c.crew_index.get(a.card, -1)
    return f"Use {crew_words(c, card)}" if card >= 0 else f"Use the crew member {a.card}"


def choose_die(c, rules, s: SolarState, a: ev.ChooseDie) -> str:
    if a.crew:
        card = q.upright(c, s.p[a.player - 1], "set_die")
        who = c.crew[card].id if card is not None else "your crew"
        return f"Turn the {a.die} into a {a.value} with {who} (no drone exhausted)"
    if a.value == a.die:
        return f"Deploy the {a.die}"
    steps = abs(a.value - a.die)
    return f"Turn the {a.die} into a {a.value} (exhaust {plural(steps, 'drone')})"


def visit(c, rules, s: SolarState, a: ev.Visit) -> str:
    loc = c.loc_index.get(a.location, -1)
    if loc < 0:
        return f"Visit the location {a.location}"
    occupied = " (occupied: exhaust 1 drone)" if s.loc_dice[loc] else ""
    value = f" with the {s.chosen}" if s.chosen else ""
    return f"Visit {location_name(c, loc)}{value}{occupied}: {action_words(c, s, a.player, loc, s.chosen)}"


def discard_die(c, rules, s: SolarState, a: ev.DiscardDie) -> str:
    return f"Discard the {a.die} for the round and gain 1 morale"


def attack(c, rules, s: SolarState, a: ev.Attack) -> str:
    ship = s.fleet[a.ship] if 0 <= a.ship < len(s.fleet) else None
    joined = f", joining {plural(ship.power(), 'drone')} there" if ship is not None and ship.power() else ""
    return (f"Attack {ship_words(c, s, a.ship)} at {POSITIONS[a.ship]} with {plural(a.drones, 'drone')}"
            f" for 1 crystal{joined}")


def end_turn(c, rules, s: SolarState, a: ev.EndTurn) -> str:
    return "End your turn"


def choose(c, rules, s: SolarState, a: ev.Choose) -> str:
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
    boost = " (boosted)" if s.p[seat - 1].sats[loc] else ""
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
    filled = s.p[seat - 1].matrix[row]
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
    card = q.upright(c, s.p[seat - 1], "reroll")
    return f"Reroll the Resistance die with {c.crew[card].id if card is not None else 'your crew'}"


CHOICES: dict[str, Callable[[Components, SolarState, int, str], str | None]] = {
    "act": act_choice, "gain": room_choice, "gain_any": kind_choice, "fabricate": fabricate_choice,
    "salvage": salvage_choice, "kickback": kickback_choice, "build": build_choice, "hire": hire_choice,
    "retire": retire_choice, "bonus": bonus_choice, "refresh": refresh_choice, "attack": attack_choice,
    "reroll": reroll_choice,
}
"""Each decision point's `Choose` answers in words, by the point's kind (prompts.POINTS)."""


# -- facts ----------------------------------------------------------------------------------
def sphere_laid(c, rules, s, e: ev.SphereLaid) -> str:
    down = ", ".join(c.slots[i] for i in e.face_down)
    return (f"The Sphere is laid: {len(e.hexes)} hexes in two rings"
            + (f", face down at {down}" if down else ", all face up"))


def scoring_card_drawn(c, rules, s, e: ev.ScoringCardDrawn) -> str:
    sc = c.scoring[e.card]
    if sc.rule == "clusters":
        how = f"{sc.low} points a hex + {sc.step} per adjacent own hex, at most {sc.high}"
    else:
        how = f"{sc.high} points a hex at {', '.join(sc.slots)}; {sc.low} elsewhere"
    return f"Sphere scoring card: {sc.name} ({how})"


def resistance_deck_built(c, rules, s, e: ev.ResistanceDeckBuilt) -> str:
    return f"The Resistance deck of {len(e.order)} ships is shuffled face down"


def fleet_drawn(c, rules, s, e: ev.FleetDrawn) -> str:
    def one(card: int) -> str:
        return f"{c.ships[card].id} (resistance {c.ships[card].value})" if card >= 0 else "a ship"
    return f"New top row of the Resistance fleet: {one(e.left)} and {one(e.right)}"


def fleet_arranged(c, rules, s, e: ev.FleetArranged) -> str:
    rows = " and ".join(("bottom", "top")[r] for r in e.swap)
    return f"The fleet's {rows} row{'s are' if len(e.swap) > 1 else ' is'} re-ordered: higher resistance on the left"


def crew_deck_shuffled(c, rules, s, e: ev.CrewDeckShuffled) -> str:
    return f"The Tier {e.tier + 1} crew deck of {len(e.order)} cards is shuffled face down"


def crew_revealed(c, rules, s, e: ev.CrewRevealed) -> str:
    tier, row = e.slot // 2 + 1, ("top", "bottom")[e.slot % 2]
    return f"{crew_words(c, e.card)} joins the crew display, Tier {tier} {row}"


def turn_order_set(c, rules, s, e: ev.TurnOrderSet) -> str:
    return "Turn order: " + ", ".join(seat_name(s, seat) for seat in e.order)


def dranda_deck_shuffled(c, rules, s, e: ev.DrandaDeckShuffled) -> str:
    return f"DRANDA's deck of {len(e.order)} cards is shuffled face down"


def dranda_card_flipped(c, rules, s, e: ev.DrandaCardFlipped) -> str:
    card = c.dranda[e.card]
    return f"DRANDA flips {card.id} onto its discard pile: its dice play {', '.join(card.order)}"


def round_started(c, rules, s, e: ev.RoundStarted) -> str:
    return f"Round {e.round} of 6 begins with the Dock"


def phase_started(c, rules, s, e: ev.PhaseStarted) -> str:
    return PHASES.get(e.phase, f"The {e.phase} phase begins")


def dice_rolled(c, rules, s, e: ev.DiceRolled) -> str:
    return f"{seat_name(s, e.player)} rolls {', '.join(map(str, e.values))}"


def dranda_dice_rolled(c, rules, s, e: ev.DrandaDiceRolled) -> str:
    dice = ", ".join(f"{COLOURS[k]} {v}" for v, k in zip(e.values, e.colours, strict=False))
    return f"DRANDA rolls {dice}"


def morale_changed(c, rules, s, e: ev.MoraleChanged) -> str:
    now = s.p[e.player - 1].morale + e.delta
    verb = "gains" if e.delta > 0 else "loses"
    return f"{seat_name(s, e.player)} {verb} {abs(e.delta)} morale (now {now})"


def reputation_gained(c, rules, s, e: ev.ReputationGained) -> str:
    return f"{seat_name(s, e.player)} gains 1 reputation (level {s.p[e.player - 1].rep + 1})"


def points_scored(c, rules, s, e: ev.PointsScored) -> str:
    why = e.why.removesuffix(" (DRANDA)")
    reason = f" for {WHY.get(why, why)}" if why else ""
    if e.points < 0:
        return f"{seat_name(s, e.player)} loses {plural(-e.points, 'point')}{reason}"
    return f"{seat_name(s, e.player)} scores {plural(e.points, 'point')}{reason}"


def resource_changed(c, rules, s, e: ev.ResourceChanged) -> str:
    verb = "gains" if e.delta > 0 else "spends"
    return f"{seat_name(s, e.player)} {verb} {abs(e.delta)} {KINDS[e.kind]}"


def drones_moved(c, rules, s, e: ev.DronesMoved) -> str:
    who = seat_name(s, e.player)
    if (e.src, e.dst) == ("reserve", "active"):
        return f"{who} fabricates {plural(e.n, 'drone')}"
    if (e.src, e.dst) == ("inactive", "active"):
        return f"{who} regenerates {plural(e.n, 'drone')}"
    return f"{who} moves {plural(e.n, 'drone')} from {e.src} to {e.dst}"


def satellite_moved(c, rules, s, e: ev.SatelliteMoved) -> str:
    if e.launch:
        return f"{seat_name(s, e.player)} launches a satellite onto {location_name(c, e.location)}"
    return f"{seat_name(s, e.player)} takes back its satellite from {location_name(c, e.location)}"


def decommissioned(c, rules, s, e: ev.Decommissioned) -> str:
    return f"{seat_name(s, e.player)} decommissions a drone into matrix row {e.row + 1}"


def aux_die_gained(c, rules, s, e: ev.AuxDieGained) -> str:
    return f"{seat_name(s, e.player)} gains the auxiliary die and rolls a {e.value}"


def factions_gained(c, rules, s, e: ev.FactionsGained) -> str:
    return f"{seat_name(s, e.player)} gains faction icons: {faction_words(e.factions)}"


def hex_built(c, rules, s, e: ev.HexBuilt) -> str:
    icons = f", icons {faction_words(e.factions)}" if e.factions else ""
    return f"{seat_name(s, e.player)} builds {hex_words(c, s, e.slot)}{icons}"


def crew_hired(c, rules, s, e: ev.CrewHired) -> str:
    card = s.display[e.slot] if 0 <= e.slot < len(s.display) else -1
    return f"{seat_name(s, e.player)} hires {crew_words(c, card)}"


def crew_retired(c, rules, s, e: ev.CrewRetired) -> str:
    return f"{seat_name(s, e.player)} retires {c.crew[e.card].id}"


def crew_used(c, rules, s, e: ev.CrewUsed) -> str:
    return f"{seat_name(s, e.player)} uses {crew_words(c, e.card)}"


def crew_refreshed(c, rules, s, e: ev.CrewRefreshed) -> str:
    return f"{seat_name(s, e.player)} turns {c.crew[e.card].id} upright again"


def drones_committed(c, rules, s, e: ev.DronesCommitted) -> str:
    return (f"{seat_name(s, e.player)} commits {plural(e.n, 'drone')} to {ship_words(c, s, e.ship)}"
            f" at {POSITIONS[e.ship]}")


def tasks_pushed(c, rules, s, e: ev.TasksPushed) -> str:
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


def task_done(c, rules, s, e: ev.TaskDone) -> str:
    return finished(s, s.tasks[-1]) if s.tasks else "An effect is finished"


def task_updated(c, rules, s, e: ev.TaskUpdated) -> str:
    if e.task.kind in COUNTED and e.task.n <= 0:
        return finished(s, e.task)
    return f"{seat_name(s, e.task.player)} is still to {task_words(c, s, e.task)}"


def turn_started(c, rules, s, e: ev.TurnStarted) -> str:
    return f"{seat_name(s, e.player)}'s Deploy turn"


def turn_ended(c, rules, s, e: ev.TurnEnded) -> str:
    return f"{seat_name(s, e.player)}'s turn ends"


def die_deployed(c, rules, s, e: ev.DieDeployed) -> str:
    occupied = ", exhausting 1 drone (occupied)" if e.occupied else ""
    return f"{seat_name(s, e.player)}'s {s.chosen} visits {location_name(c, e.location)}{occupied}"


def resistance_rolled(c, rules, s, e: ev.ResistanceRolled) -> str:
    ship = s.fleet[e.ship] if 0 <= e.ship < len(s.fleet) else None
    total = f": {c.ships[ship.card].id} resists with {c.ships[ship.card].value + e.value}" if ship else ""
    return f"{seat_name(s, e.roller)} rolls {e.value} on the Resistance die{total}"


def battle_noted(c, rules, s, e: ev.BattleNoted) -> str:
    if e.skip:
        return f"No ship at {POSITIONS[e.ship]}: nothing to resolve there"
    return f"{seat_name(s, e.player)} may reroll the Resistance die for {ship_words(c, s, e.ship)}"


def ship_resolved(c, rules, s, e: ev.ShipResolved) -> str:
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


def ship_moved_down(c, rules, s, e: ev.ShipMovedDown) -> str:
    corp = ", joined by a Corporation drone" if e.corp else ""
    return f"{ship_words(c, s, e.ship)} survives and moves down to {POSITIONS[e.ship - 2]}{corp}"


def dice_returned(c, rules, s, e: ev.DiceReturned) -> str:
    return "Everyone takes back their dice and turns their crew upright"


def display_discarded(c, rules, s, e: ev.DisplayDiscarded) -> str:
    card = s.display[e.slot] if 0 <= e.slot < len(s.display) else -1
    who = c.crew[card].id if card >= 0 else "A crew card"
    return f"{who} leaves the display with its 2-morale token, under the Tier {e.slot // 2 + 1} deck"


def tokens_placed(c, rules, s, e: ev.TokensPlaced) -> str:
    return "Morale tokens on the crew display: 1s turn to 2s, new cards get a 1"


def dranda_card_revealed(c, rules, s, e: ev.DrandaCardRevealed) -> str:
    card = c.dranda[e.card]
    where = ", ".join(f"{colour} {short_place(c, getattr(card, colour))}" for colour in COLOURS)
    return f"DRANDA reveals {card.id}: {where}"


def short_place(c: Components, target: str) -> str:
    if target == "asteroid":
        return "Asteroid Belt"
    return c.loc[c.loc_index[target]].name if target in c.loc_index else target


def dranda_card_moved(c, rules, s, e: ev.DrandaCardMoved) -> str:
    where = "to the bottom of its deck" if e.to == "bottom" else "onto its discard pile"
    return f"DRANDA puts {c.dranda[e.card].id} {where}"


def dranda_die_placed(c, rules, s, e: ev.DrandaDiePlaced) -> str:
    d = s.d
    if e.die < 3:
        colour = COLOURS[d.colours[e.die]] if d is not None and e.die < len(d.colours) else "ship"
        value = d.dice[e.die] if d is not None and e.die < len(d.dice) else 0
        die = f"its {colour} {value}"
    else:
        die = f"its opaque {COLOURS[e.die - 3]} {e.value}"
    return f"DRANDA places {die} on {location_name(c, e.location)}"


def step_set(c, rules, s, e: ev.StepSet) -> str:
    if e.step == "acting":
        where = location_name(c, s.visiting) if s.visiting >= 0 else "the card"
        return f"{seat_name(s, s.turn)} takes the action of {where}"
    return f"{seat_name(s, s.turn)} may still use crew before ending the turn"


def dranda_drones(c, rules, s, e: ev.DrandaDrones) -> str:
    if e.supply < 0:
        return f"DRANDA discards {plural(-e.supply, 'drone')} from its supply"
    return f"DRANDA reclaims {plural(e.supply, 'drone')} from those removed"


def final_scored(c, rules, s, e: ev.FinalScored) -> str:
    total = e.sphere + e.factions + e.reputation + e.morale + e.halves + e.supply
    if s.dseat and e.player == s.dseat:
        parts = f"Sphere {e.sphere}, factions {e.factions}, supply {e.supply}"
    else:
        parts = (f"Sphere {e.sphere}, factions {e.factions}, reputation {e.reputation}, morale {e.morale},"
                 f" drones and resources {e.halves}")
    return f"{seat_name(s, e.player)} final scoring, {total}: {parts}"


def game_ended(c, rules, s, e: ev.GameEnded) -> str:
    seats = list(range(1, len(e.scores) + 1))
    scores = ", ".join(f"{seat_name(s, seat)} {score}" for seat, score in zip(seats, e.scores, strict=True))
    won = winners(msgspec.structs.replace(s, outcome=tuple(e.scores)))
    if not won:
        result = "DRANDA wins" if s.dseat else "nobody wins"
    else:
        result = " and ".join(seat_name(s, seat) for seat in won) + (" win" if len(won) > 1 else " wins")
    return f"Game over: {scores}; {result}"


WORDS: dict[type, Callable] = {
    ev.TakeKickbacks: take_kickbacks, ev.UseCrew: use_crew, ev.ChooseDie: choose_die, ev.Visit: visit,
    ev.DiscardDie: discard_die, ev.Choose: choose, ev.Attack: attack, ev.EndTurn: end_turn,
    ev.SphereLaid: sphere_laid, ev.ScoringCardDrawn: scoring_card_drawn,
    ev.ResistanceDeckBuilt: resistance_deck_built, ev.FleetDrawn: fleet_drawn, ev.FleetArranged: fleet_arranged,
    ev.CrewDeckShuffled: crew_deck_shuffled, ev.CrewRevealed: crew_revealed, ev.TurnOrderSet: turn_order_set,
    ev.DrandaDeckShuffled: dranda_deck_shuffled, ev.DrandaCardFlipped: dranda_card_flipped,
    ev.RoundStarted: round_started, ev.PhaseStarted: phase_started, ev.DiceRolled: dice_rolled,
    ev.DrandaDiceRolled: dranda_dice_rolled, ev.MoraleChanged: morale_changed,
    ev.ReputationGained: reputation_gained, ev.PointsScored: points_scored, ev.ResourceChanged: resource_changed,
    ev.DronesMoved: drones_moved, ev.SatelliteMoved: satellite_moved, ev.Decommissioned: decommissioned,
    ev.AuxDieGained: aux_die_gained, ev.FactionsGained: factions_gained, ev.HexBuilt: hex_built,
    ev.CrewHired: crew_hired, ev.CrewRetired: crew_retired, ev.CrewUsed: crew_used,
    ev.CrewRefreshed: crew_refreshed, ev.DronesCommitted: drones_committed, ev.TasksPushed: tasks_pushed,
    ev.TaskDone: task_done, ev.TaskUpdated: task_updated, ev.TurnStarted: turn_started,
    ev.TurnEnded: turn_ended, ev.DieDeployed: die_deployed, ev.ResistanceRolled: resistance_rolled,
    ev.BattleNoted: battle_noted, ev.ShipResolved: ship_resolved, ev.ShipMovedDown: ship_moved_down,
    ev.DiceReturned: dice_returned, ev.DisplayDiscarded: display_discarded, ev.TokensPlaced: tokens_placed,
    ev.DrandaCardRevealed: dranda_card_revealed, ev.DrandaCardMoved: dranda_card_moved,
    ev.DrandaDiePlaced: dranda_die_placed, ev.StepSet: step_set, ev.DrandaDrones: dranda_drones,
    ev.FinalScored: final_scored, ev.GameEnded: game_ended,
}
"""One wording per event type; `describe` indexes it without a default, so a new event type
without words fails the presentation tests instead of printing a struct."""


def describe(rules, s: SolarState, item, player: int | None) -> str:  # noqa: ARG001 - words are the same for all
    """`item` in words, read against `s`, the position just before it (see the module docstring).
    Solar Sphere hides only what nobody sees (deck orders, face-down hexes), so every reader gets the
    same words from the same redacted inputs."""
    return WORDS[type(item)](rules.c, rules, s, item)

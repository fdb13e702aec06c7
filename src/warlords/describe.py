"""Decisions in the rulebook's words, and `describe`, the one entry for any event of the game.

`describe(c, s, item, player)` turns one decision (about to be taken, or just taken) or one fact
(just recorded) into a short line. `s` is the position just before `item`, and both arrive
redacted for `player` (`hidden.view`, `hidden.visible`), so hidden parts read as unknown and a
description cannot leak. A decision says what it costs and does before it is taken ("Bombard with
M01 (1 Infantry or Aircraft to Mission, +1 reputation): kill an Infantry, then roll 2 dice"); the
facts are told by `describe_facts.py`; names come from `words.py`. One describer per event type
(`WORDS`), so an event without words fails a test.
"""

from __future__ import annotations

from boardcore.game.handlers import by_type

from warlords import events as ev
from warlords import queries as q
from warlords.base_ship import tactical_kind
from warlords.describe_facts import FACT_WORDS
from warlords.invasion import manoeuvre
from warlords.mercenary import circle_formed
from warlords.words import (ACTION_NAMES, BONUSES, MANOEUVRES, RECON_NAMES, TEAM_ACTIONS, S, action_offer,
                            circle, cost, count, effect, held_planet, merc, new_circle_colour, planet,
                            sector, support_card, top, units, who, whose)
from warlords.state import teammate

DECISION_WORDS, says = by_type()


def describe(c, s: S, item, player: int | None) -> str:
    """`item` in words for `player` (see the module docstring); "" for an event not of this game."""
    fn = WORDS.get(type(item))
    if fn is None:
        return ""
    text = fn(c, s, item, player)
    return text[:1].upper() + text[1:]


# -- decisions ---------------------------------------------------------------------------
PASSES = {
    "action": "end the Action Phase", "recall": "recall nothing", "tactical": "keep the recon marker face down",
    "guard": "leave the new circle unguarded (it stays empty for good)", "skill": "keep the skill for later",
    "recon": "place no recon marker", "bonus": "decline the reputation bonus",
    "reinforce": "defend with the units on the planet", "reroll": "keep the dice as rolled",
    "evacuate": "stay and fight another round",
}


@says(ev.Pass)
def pass_(c, s: S, a, player) -> str:
    kind = s.prompt.kind if s.prompt is not None else ""
    if kind == "blockade" and s.pending:
        return f"Let {whose(s, s.pending[-1].player)} {support_card(c, s.pending[-1].card)} through"
    return PASSES.get(kind, "pass")


@says(ev.Discard)
def discard(c, s: S, a, player) -> str:
    return f"Put back {merc(c, a.card)}: it goes back into the deck"


@says(ev.Recall)
def recall(c, s: S, a, player) -> str:
    if a.planet >= 0:
        last = sum(s.planet_units[a.planet]) == 1
        return (f"Recall an Infantry from {planet(s, a.planet)} to the Launch Pad"
                + (" (the planet is left empty)" if last else ""))
    return f"Recall the guard on {circle(s, a.player, a.circle)} to the Launch Pad (the circle stays empty)"


@says(ev.MoveShip)
def move_ship(c, s: S, a, player) -> str:
    first = not s.ships[a.player - 1]
    face_down = sum(1 for i, x in enumerate(s.planet_sector) if x == a.sector and not s.revealed[i])
    text = f"{'Place' if first else 'Move'} the Base Ship {'in' if first else 'to'} {sector(c, a.sector)}"
    if not first and a.sector not in c.adjacent[s.ships[a.player - 1]]:
        text += " (a jump to a recon marker)"
    if face_down:
        text += f", turning up {count(face_down, 'face-down planet', 'face-down planets')}"
    return text


@says(ev.UseTactical)
def use_tactical(c, s: S, a, player) -> str:
    here = sector(c, s.ships[a.player - 1])
    if player != a.player:   # GW-RCN-11: the marker's kind shows only as it is turned up
        return f"Turn up the recon marker in {here} for its free Tactical action"
    kind = tactical_kind(c, s, a.player)
    action = "Deploy Only" if kind == "tactical_drop" else "Deploy that may invade"
    return f"Turn up the {RECON_NAMES.get(kind, 'recon')} marker: a free {action} on a planet in {here}"


@says(ev.PlayMercenary)
def play_mercenary(c, s: S, a, player) -> str:
    m = c.mercs.get(a.card)
    where = "to start the Command Area" if not s.area[a.player - 1] else f"on the {a.side}"
    text = f"Play {merc(c, a.card)} {where}"
    if m is None:
        return text
    gain = min(m.infantry, s.base[a.player - 1][0])
    extra = [f"+{gain} Infantry"] if gain else []
    colour = circle_formed(c, s, a.player, a.card, a.side)
    if colour:
        extra.append(f"a {colour.lower()} circle")
    return text + (": " + ", ".join(extra) if extra else "")


@says(ev.PlaceGuard)
def place_guard(c, s: S, a, player) -> str:
    colour = new_circle_colour(s, a.player)
    return f"Guard the {colour} circle with an Infantry from the Launch Pad (+1 Power at the end)"


@says(ev.UseSkill)
def use_skill(c, s: S, a, player) -> str:
    kind = c.skill_of.get(a.colour, "")
    does = {"heavy_assault": ("kill 2 pre-deployed Rebellion units" if s.mode == "solo"
                              else "wound a mercenary or kill a guard"),
            "orbital_bombardment": "destroy every unit on one planet",
            "call_for_support": "draw 2 support cards", "covert_ops": "a Deploy onto any planet"}.get(kind, "")
    return f"Play {ACTION_NAMES.get(kind, kind)}, the {a.colour.lower()} skill (free, once per game): {does}"


@says(ev.ChooseAction)
def choose_action(c, s: S, a, player) -> str:
    via = f" with {s.played}" if s.played else ""
    return action_offer(c, s, a.action, a.player, "card", True, a.action != "deploy_only", via)


@says(ev.PlaySupport)
def play_support(c, s: S, a, player) -> str:
    kind = c.support.get(a.card, "")
    name = support_card(c, a.card)
    if kind == "kickstarter":
        where = planet(s, s.invasion.planet) if s.invasion is not None else "the invaded planet"
        return f"Play {name}: an Infantry from the Reserve onto {where}"
    if kind == "black_friday":
        return f"Play {name}: an action of a Market mercenary, then a new Market"
    if kind == "blockade":
        return f"Play {name}"
    also = "" if name == ACTION_NAMES.get(kind) else f", a {ACTION_NAMES.get(kind, kind)}"
    return f"Play {name} (support card{also}; {cost(c, kind, 'support')}): {effect(c, s, kind, a.player, False)}"


@says(ev.TeamAction)
def team_action(c, s: S, a, player) -> str:
    mate = teammate(s, a.player)
    return f"Team Action (free): {TEAM_ACTIONS.get(a.kind, a.kind)} with {who(s, mate)}"


@says(ev.PayWith)
def pay_with(c, s: S, a, player) -> str:
    return f"Pay the Bombard with {'an Infantry' if a.unit == 'infantry' else 'an Aircraft'} (to Mission)"


@says(ev.Bonus)
def bonus(c, s: S, a, player) -> str:
    if a.choice == "power":
        space = c.rep_space.get(s.rep[a.player - 1])
        return f"Take the bonus: +{space.power if space else 0} Power"
    return f"Take the bonus: {BONUSES.get(a.choice, a.choice)}"


@says(ev.TargetPlanet)
def target_planet(c, s: S, a, player) -> str:
    x = top(s)
    i = a.planet
    kind = x.kind if x is not None else ""
    if kind == "bombard":
        return f"Bombard {held_planet(s, i)} ({units(s.planet_units[i])}): 1 Infantry killed, then dice"
    if kind == "orbital_bombardment":
        return f"Orbital Bombardment on {held_planet(s, i)}: {units(s.planet_units[i])} destroyed"
    o = s.owner[i]
    if o and o != a.player:
        return f"Invade {held_planet(s, i)} ({units(s.planet_units[i])}){dropship(c, s, a.player, i)}"
    if o == a.player:
        return f"Deploy onto {planet(s, i)}, held already ({units(s.planet_units[i])}){dropship(c, s, a.player, i)}"
    gain = ""
    if s.mode != "solo" and s.planet_type[i] in c.type_index:
        value = c.deploy_value[s.track[c.type_index[s.planet_type[i]]]]
        gain = f": +{value} Power" if value else ""
    return f"Deploy onto empty {planet(s, i)}{dropship(c, s, a.player, i)}{gain}"


def dropship(c, s: S, p: int, i: int) -> str:
    """" by Dropship" when only an Aircraft in the group lets this deploy reach planet `i` (GW-DEP-07)."""
    x = top(s)
    if x is None:
        return ""
    return " by Dropship (with an Aircraft)" if dict(q.deploy_targets(c, s, p, x)).get(i) else ""


@says(ev.DeployUnits)
def deploy_units(c, s: S, a, player) -> str:
    x = top(s)
    i = x.planet if x is not None else -1
    group = units((a.infantry, a.tanks, a.aircraft))
    if i < 0:
        return f"Deploy {group}"
    o = s.owner[i]
    if o and o != a.player:
        return f"Invade {held_planet(s, i)} ({units(s.planet_units[i])}) with {group}"
    return f"Deploy {group} onto {planet(s, i)}"


@says(ev.Casualties)
def casualties(c, s: S, a, player) -> str:
    group = units((a.infantry, a.tanks, a.aircraft))
    if s.invasion is not None and s.invasion.stage == "cas_att":
        return f"Lose {group} of the force invading {planet(s, s.invasion.planet)}"
    if s.invasion is not None:
        return f"Lose {group} on {planet(s, s.invasion.planet)}"
    x = top(s)
    return f"Lose {group}" + (f" on {planet(s, x.planet)}" if x is not None and x.planet >= 0 else "")


@says(ev.Wound)
def wound(c, s: S, a, player) -> str:
    return f"Wound {whose(s, a.target)} {merc(c, a.card)}: it scores no mission"


@says(ev.KillGuard)
def kill_guard(c, s: S, a, player) -> str:
    return f"Kill {whose(s, a.target)} guard on {circle(s, a.target, a.circle)} (to their Medical Bay)"


@says(ev.TargetPlayer)
def target_player(c, s: S, a, player) -> str:
    n = len(s.hands[a.target - 1])
    return f"Take a mercenary at random from {whose(s, a.target)} hand ({n} in hand)"


@says(ev.SubterfugeOption)
def subterfuge_option(c, s: S, a, player) -> str:
    x = top(s)
    target = who(s, x.target) if x is not None and x.target else "the opponent"
    taken = merc(c, s.taken) if s.taken and s.taken != "?" else "the card taken"
    return {"keep": f"Keep {taken} and give {target} another mercenary",
            "play": f"Play an action of {taken}, then give it back to {target}",
            "copy": "Copy an action of a Market mercenary (that card then leaves the Market)",
            "swap": "Discard a mercenary from hand and take one from the Market"}.get(a.option, a.option)


@says(ev.GiveCard)
def give_card(c, s: S, a, player) -> str:
    x = top(s)
    target = who(s, x.target) if x is not None and x.target else "the opponent"
    return f"Give {target} {merc(c, a.card)}"


@says(ev.BorrowAction)
def borrow_action(c, s: S, a, player) -> str:
    x = top(s)
    if x is not None and x.kind == "subterfuge" and s.mode != "solo":
        card = "the card taken" if s.taken == "?" else a.card   # GW-SUB-02: a secret of the two players
        price = cost(c, a.action, "borrowed")
        return f"Play the {ACTION_NAMES.get(a.action, a.action)} of {card} ({price}, no reputation)"
    source = "market" if x is not None and x.kind == "black_friday" else "copy"
    offer = action_offer(c, s, a.action, a.player, source, False, source == "market")
    return f"{'Play' if source == 'market' else 'Copy'} {a.card}'s {offer}"


@says(ev.SoloSwap)
def solo_swap(c, s: S, a, player) -> str:
    return f"Discard {merc(c, a.discard, full=False)} for the Market's {merc(c, a.take)}"


@says(ev.ChooseSector)
def choose_sector(c, s: S, a, player) -> str:
    n = sum(1 for i, x in enumerate(s.planet_sector) if x == a.sector and not s.revealed[i])
    if not n:
        return f"Recon {sector(c, a.sector)}: no face-down planets, a place for a recon marker"
    return f"Recon {sector(c, a.sector)}: look at its {count(n, 'face-down planet', 'face-down planets')} in secret"


@says(ev.PlaceRecon)
def place_recon(c, s: S, a, player) -> str:
    x = top(s)
    where = f" in {sector(c, x.sector)}" if x is not None and x.sector else ""
    name = RECON_NAMES.get(a.kind)
    return f"Leave {'the ' + name if name else 'a recon'} marker face down{where}"


@says(ev.RemovePreDeployed)
def remove_pre(c, s: S, a, player) -> str:
    return f"Remove a pre-deployed Rebellion {a.unit.capitalize()} from {sector(c, a.sector)}"


@says(ev.Reinforce)
def reinforce(c, s: S, a, player) -> str:
    inv = s.invasion
    where = planet(s, inv.planet) if inv is not None else "the planet"
    text = f"Move the guard from {circle(s, a.player, a.circle)} onto {where}"
    move = manoeuvre(c, s, inv, a.circle) if inv is not None else ""
    return text + (f", with {MANOEUVRES.get(move, move)} for round 1" if move else "")


@says(ev.Reroll)
def reroll(c, s: S, a, player) -> str:
    parts = []
    for n, face in ((a.hits, "hit"), (a.invader_hits, "invader hit"), (a.misses, "miss")):
        if n:
            parts.append(f"{'a' if n == 1 else n} {face}{'' if n == 1 else ('es' if face == 'miss' else 's')}")
    return "Reroll " + " and ".join(parts) if len(parts) < 3 else "Reroll " + ", ".join(parts)


@says(ev.Evacuate)
def evacuate(c, s: S, a, player) -> str:
    inv = s.invasion
    if inv is None:
        return "Evacuate the planet"
    return f"Evacuate {planet(s, inv.planet)} to the Launch Pad: {who(s, inv.attacker)} takes the planet"


@says(ev.Block)
def block(c, s: S, a, player) -> str:
    if s.pending:
        return f"Block {whose(s, s.pending[-1].player)} {support_card(c, s.pending[-1].card)} with a Blockade"
    return "Play a Blockade"


@says(ev.Hire)
def hire(c, s: S, a, player) -> str:
    if a.card:
        return f"Draft {merc(c, a.card)} from the Market"
    clears = s.players <= 2 and s.market
    return "Draw the top mercenary of the deck" + (" (the Market is cleared and refilled)" if clears else "")


@says(ev.ExchangePick)
def exchange_pick(c, s: S, a, player) -> str:
    return f"Pick {merc(c, a.card)} for the card exchange (in secret)"


@says(ev.SwitchPlanets)
def switch_planets(c, s: S, a, player) -> str:
    return (f"Switch the units of {planet(s, a.mine)} ({units(s.planet_units[a.mine])}) and "
            f"{held_planet(s, a.theirs)} ({units(s.planet_units[a.theirs])})")


@says(ev.Transfer)
def transfer(c, s: S, a, player) -> str:
    n = "an Infantry" if a.count == 1 else f"{a.count} Infantry"
    return f"Send {n} from Launch Pad to Reserve; {who(s, teammate(s, a.player))} gets as many on the Launch Pad"


assert not DECISION_WORDS.keys() & FACT_WORDS.keys(), "an event described both as a decision and a fact"
WORDS = {**DECISION_WORDS, **FACT_WORDS}
assert set(WORDS) == set(ev.EVENTS), "every Warlords event needs its words"

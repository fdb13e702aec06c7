"""Actions and events in the rulebook's words, for the terminal, the replay viewer and logs.

`describe(c, s, item, player)` turns one decision (about to be taken, or just taken) or one fact
(just recorded) into a short line. `s` is the position just before `item`, and both arrive
redacted for `player` (`hidden.view`, `hidden.visible`): a card blanked to "" reads "a
mercenary", a face-down planet whose type `player` has not seen reads "face-down planet 7".

Names come from the component data: planet types ("Yellow 9": a planet is named by its type and
the number the text form uses, `planet=9`), sectors (The Core), support cards, skills and their
manoeuvres, reputation bonuses. The Mercenary cards have no printed names in the data
(GW-GAP-13), so a mercenary is named by its id and what it shows: "M07 (White: Deploy Only,
Recon, Support)". A decision says what it costs and does before it is taken; a fact says what
changed. One describer per event type (`SAYS`), so an event without words fails a test.
"""

from __future__ import annotations

from collections.abc import Callable

from warlords import events as ev
from warlords import queries as q
from warlords import reputation
from warlords.base_ship import tactical_kind
from warlords.invasion import manoeuvre
from warlords.mercenary import circle_formed
from warlords.state import DEC, MED, MIS, REBEL, WarlordsState, teammate

S = WarlordsState
SAYS: dict[type, Callable] = {}

ACTION_NAMES = {
    "deploy": "Deploy", "deploy_only": "Deploy Only", "assassinate": "Assassinate", "subterfuge": "Subterfuge",
    "bombard": "Bombard", "support": "Support", "recon": "Recon", "heavy_assault": "Heavy Assault",
    "orbital_bombardment": "Orbital Bombardment", "call_for_support": "Call for Support",
    "covert_ops": "Covert Ops", "black_friday": "Black Friday", "bonus": "reputation bonus",
    # the Rebellion's actions (GW-REB-04..17)
    "pre_deploy": "Pre-Deployment", "deploy_invade": "Deploy/Invade",
}
MANOEUVRES = {"efficient_targeting": "Efficient Targeting", "bolster": "Bolster", "fortify": "Fortify",
              "first_strike": "First Strike"}
BONUSES = {"for_the_cause": "For the Cause (+1 Infantry)", "new_friends": "New Friends (+1 support card)",
           "need_a_hand_tank": "Need a Hand? (repair a Tank)",
           "need_a_hand_aircraft": "Need a Hand? (repair an Aircraft)",
           "recover_units": "Recover Units (Infantry recovery)", "gain_mission": "Gain Mission (+1 mercenary)"}
RECON_NAMES = {"tactical_drop": "Tactical Drop", "tactical_invade": "Tactical Invade"}
TEAM_ACTIONS = {"exchange": "card exchange", "switch": "planet switch", "transfer": "Infantry transfer"}
FACES = {"hit": "hit", "invader_hit": "invader hit", "miss": "miss"}
PHASES = {"start": "turn start", "recall": "Recall", "ship": "Move Base Ship", "tactical": "Tactical action",
          "merc": "Play a Mercenary", "actions": "Action Phase", "hire": "Hire a Mercenary",
          "end": "end of the turn", "keep": "choice of the starting hand", "rebel": "the Rebellion's turn",
          "over": "game over", "setup": "setup"}
END_KINDS = {"supply": "the mercenary supply has run out", "reputation": "the end of the Reputation Track is reached",
             "mission": "a 4th mercenary with one mission is in play"}
# what each decision point asks, in a few words (the log line of `Asked`)
ASKED = {
    "keep": "put back a mercenary drawn (3 of the 5 are kept)", "recall": "recall an Infantry or a guard, or pass",
    "ship": "move the Base Ship", "tactical": "use the recon marker's Tactical action, or pass",
    "play": "play a mercenary", "guard": "guard the new skill circle, or pass",
    "skill": "play the skill action, or pass", "action": "play an action, or end the Action Phase",
    "pay": "pay the Bombard with an Infantry or an Aircraft", "bonus": "take a reputation bonus, or decline",
    "planet": "choose the target planet", "units": "choose the units to deploy",
    "casualties": "choose the units lost to the hits", "assassinate": "wound a mercenary or kill a guard",
    "remove_pre": "remove a pre-deployed Rebellion unit", "victim": "choose whom to take a mercenary from",
    "subterfuge": "choose how to use the Subterfuge", "give": "give a mercenary in exchange",
    "borrow": "choose the action to play", "swap": "swap a mercenary with the Market",
    "sector": "choose the sector to scout", "recon": "place a recon marker, or pass",
    "reinforce": "reinforce the invaded planet, or pass", "reroll": "reroll dice, or keep them",
    "evacuate": "evacuate the planet or fight on", "blockade": "block the support card, or let it be",
    "hire": "hire a mercenary", "exchange": "pick a mercenary for the exchange",
    "switch": "choose the planets to switch", "transfer": "choose how many Infantry to transfer",
}


def says(*types: type):
    """Register the describer of these event types: `fn(c, s, item, player) -> str`."""
    def register(fn):
        for t in types:
            SAYS[t] = fn
        return fn
    return register


def describe(c, s: S, item, player: int | None) -> str:
    """`item` in words for `player` (see the module docstring); "" for an event not of this game."""
    fn = SAYS.get(type(item))
    if fn is None:
        return ""
    text = fn(c, s, item, player)
    return text[:1].upper() + text[1:]


# -- names -----------------------------------------------------------------------------
def who(s: S, p: int) -> str:
    """A seat as the rulebook calls it: P1, P2…; the Rebellion in solo."""
    if p == REBEL and s.mode == "solo":
        return "the Rebellion"
    return f"P{p}" if p else "nobody"


def whose(s: S, p: int) -> str:
    return "the Rebellion's" if p == REBEL and s.mode == "solo" else f"P{p}'s"


def type_name(kind: str) -> str:
    return kind.capitalize() if kind else "unknown"


def planet(s: S, i: int) -> str:
    """"Yellow 9"; a face-down planet by what the reader knows of it."""
    if not 0 <= i < len(s.planet_type):
        return f"planet {i}"
    kind = s.planet_type[i]
    if s.revealed[i]:
        return f"{type_name(kind)} {i}"
    return f"face-down {type_name(kind)} {i}" if kind else f"face-down planet {i}"


def held_planet(s: S, i: int) -> str:
    """The planet with its holder: "P2's Yellow 9", or "empty Yellow 9"."""
    o = s.owner[i] if 0 <= i < len(s.owner) else 0
    return f"{whose(s, o)} {planet(s, i)}" if o else f"empty {planet(s, i)}"


def sector(c, name: str) -> str:
    """A sector by its name on the board; The Core is the one `galaxy.toml` marks `core`."""
    return "The Core" if name == c.core else name


def merc(c, card: str, full: bool = True) -> str:
    """A mercenary by id and what it shows (no names are printed in the data); "a mercenary" if hidden."""
    m = c.mercs.get(card)
    if m is None:
        return "a mercenary"
    if not full:
        return card
    return f"{card} ({type_name(m.mission)}: {', '.join(ACTION_NAMES[a] for a in m.actions)})"


def mercs(c, cards) -> str:
    known = [x for x in cards if x in c.mercs]
    if len(known) < len(cards):
        return count(len(cards), "mercenary", "mercenaries")
    return ", ".join(known) if known else "no mercenary"


def support_card(c, card: str) -> str:
    return c.support_name.get(card, "a support card")


def count(n: int, one: str, many: str) -> str:
    return f"a{'n' if one[0] in 'AEIOUaeiou' else ''} {one}" if n == 1 else f"{n} {many}"


def units(u) -> str:
    """(infantry, tanks, aircraft) in words: "2 Infantry, a Tank and an Aircraft"."""
    parts = []
    if u[0]:
        parts.append("an Infantry" if u[0] == 1 else f"{u[0]} Infantry")
    if u[1]:
        parts.append(count(u[1], "Tank", "Tanks"))
    if u[2]:
        parts.append("an Aircraft" if u[2] == 1 else f"{u[2]} Aircraft")
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


UNIT_WORDS = ("Infantry", "Tank", "Aircraft")
UNITS_ONE = ("an Infantry", "a Tank", "an Aircraft")


def dice(faces) -> str:
    """Dice as rolled ("hit, hit, miss"); counted when the list would be long."""
    if not faces:
        return "no dice"
    listed = ", ".join(FACES.get(f, f) for f in faces)
    if len(listed) <= 30:
        return listed
    out = []
    for face in ("hit", "invader_hit", "miss"):
        n = list(faces).count(face)
        if n:
            out.append(f"{n} {FACES[face]}{'s' if n > 1 else ''}")
    return ", ".join(out)


def circle(s: S, p: int, k: int) -> str:
    """A skill circle of `p`'s Command Area by its colour and place (circles are counted from the left)."""
    row = s.circle[p - 1] if p - 1 < len(s.circle) else []
    colour = row[k].lower() if 0 <= k < len(row) and row[k] else "skill"
    return f"the {colour} circle {k + 1}"


def new_circle_colour(s: S, p: int) -> str:
    """The colour of the circle this turn's card has just completed."""
    row = s.circle[p - 1]
    if not row or not s.area[p - 1]:
        return "new"
    k = 0 if s.area[p - 1][0] == s.played else len(row) - 1
    return row[k].lower() or "new"


def cost(c, kind: str, source: str) -> str:
    """What an action costs (GW-ACT-05, data/actions.toml); Tactical actions and skills are free."""
    what = "" if source in ("tactical", "skill") else c.cost.get(kind, "")
    if what == "infantry":
        return "1 Infantry to Mission"
    if what == "infantry_or_aircraft":
        return "1 Infantry or Aircraft to Mission"
    return "free"


def effect(c, s: S, kind: str, p: int, invade: bool = True) -> str:
    """What an action does, in a few words."""
    solo = s.mode == "solo"
    if kind in ("deploy", "deploy_only"):
        where = ""
        if not solo and s.ships[p - 1]:
            where = f" in {sector(c, s.ships[p - 1])}"
        how = "" if kind == "deploy" and invade else " (no invasion)"
        return f"up to {c.limit} units onto a planet{where}{how}"
    if kind == "assassinate":
        return "remove a pre-deployed Rebellion unit" if solo else "wound a mercenary or kill a guard"
    if kind == "subterfuge":
        return "copy or swap with the Market" if solo else "take an opponent's mercenary at random"
    if kind == "bombard":
        return f"kill an Infantry, then roll {c.data.dice.bombard_dice} dice"
    if kind == "support":
        return "draw a support card"
    if kind == "recon":
        return "look at a sector's face-down planets"
    return ""


def action_offer(c, s: S, kind: str, p: int, source: str, rep: bool, invade: bool = True, via: str = "") -> str:
    """"Bombard with M01 (1 Infantry or Aircraft to Mission, +1 reputation): kill an Infantry…"."""
    gains = rep and p == s.active and reputation.matches(c, s, p, kind)
    price = cost(c, kind, source) + (", +1 reputation" if gains else "")
    return f"{ACTION_NAMES.get(kind, kind)}{via} ({price}): {effect(c, s, kind, p, invade)}"


def top(s: S):
    return s.ctx[-1] if s.ctx else None


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
        last = sum(s.pu[a.planet]) == 1
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
        where = planet(s, s.inv.planet) if s.inv is not None else "the invaded planet"
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
        return f"Bombard {held_planet(s, i)} ({units(s.pu[i])}): 1 Infantry killed, then dice"
    if kind == "orbital_bombardment":
        return f"Orbital Bombardment on {held_planet(s, i)}: {units(s.pu[i])} destroyed"
    o = s.owner[i]
    if o and o != a.player:
        return f"Invade {held_planet(s, i)} ({units(s.pu[i])}){dropship(c, s, a.player, i)}"
    if o == a.player:
        return f"Deploy onto {planet(s, i)}, held already ({units(s.pu[i])}){dropship(c, s, a.player, i)}"
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
        return f"Invade {held_planet(s, i)} ({units(s.pu[i])}) with {group}"
    return f"Deploy {group} onto {planet(s, i)}"


@says(ev.Casualties)
def casualties(c, s: S, a, player) -> str:
    group = units((a.infantry, a.tanks, a.aircraft))
    if s.inv is not None and s.inv.stage == "cas_att":
        return f"Lose {group} of the force invading {planet(s, s.inv.planet)}"
    if s.inv is not None:
        return f"Lose {group} on {planet(s, s.inv.planet)}"
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
    inv = s.inv
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
    inv = s.inv
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
    return (f"Switch the units of {planet(s, a.mine)} ({units(s.pu[a.mine])}) and "
            f"{held_planet(s, a.theirs)} ({units(s.pu[a.theirs])})")


@says(ev.Transfer)
def transfer(c, s: S, a, player) -> str:
    n = "an Infantry" if a.count == 1 else f"{a.count} Infantry"
    return f"Send {n} from Launch Pad to Reserve; {who(s, teammate(s, a.player))} gets as many on the Launch Pad"


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
    inv = s.inv
    if inv is None:
        return f"Dice: {dice(e.attacker)} against {dice(e.defender)}"
    siege = " (Heavy Siege)" if inv.att[1] else ""   # GW-CMB-13: its invader hits count
    return (f"{planet(s, inv.planet)}, round {inv.round}: {who(s, inv.attacker)} rolls {dice(e.attacker)}{siege}; "
            f"{who(s, inv.defender)} rolls {dice(e.defender)}")


@says(ev.Rerolled)
def rerolled(c, s: S, e, player) -> str:
    d = who(s, s.inv.defender) if s.inv is not None else "The defender"
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
    inv = s.inv
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
    unit = UNIT_WORDS[e.unit]
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

"""The game's vocabulary in words: how the rulebook names seats, planets, sectors, mercenaries,
support cards, units, dice and actions, and what an action costs and does.

`describe.py` (decisions), `describe_facts.py` (facts) and `draw.py` (the picture) all name things
through this module, so a planet reads "Yellow 9" and a mercenary "M07 (White: Deploy Only, Recon,
Support)" wherever it appears. Names come from the component data: planet types, the sector that
`galaxy.toml` marks as The Core, support card names, skills and manoeuvres, the planet limit and
Bombard's dice. A planet is named by its type and the slot number the text form of an action uses
(`planet=9`). The mercenaries have no printed names in the data (GW-GAP-13), so one is named by its
id and what it shows. Anything a view blanks ("") reads as unknown: "a mercenary", "face-down
planet 7".
"""

from __future__ import annotations


from warlords import reputation
from warlords.state import REBEL, WarlordsState

S = WarlordsState

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
           "need_a_hand": "Need a Hand? (repair a Tank or an Aircraft)",
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


def who(s: S, p: int) -> str:
    """A seat as the rulebook calls it: P1, P2…; the Rebellion in solo."""
    if p == REBEL and s.mode == "solo":
        return "the Rebellion"
    return f"P{p}" if p else "nobody"


def stage_words(s: S) -> str:
    """Where the game stands, for status lines: "turn 3, Play a Mercenary" (before turn 1, the phase alone)."""
    phase = PHASES.get(s.phase, s.phase)
    return f"turn {s.turn}, {phase}" if s.turn else phase


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

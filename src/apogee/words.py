"""The components in words, shared by the log (describe) and the picture (draw): names of cards, Engineers,
Directors, destinations, Events and Investors from the data, and what each Specialty, Intervention, Event
and Investor does, in a few words. Numbers as the rulebook writes them: credits as 40,000, Authority and
yield with one decimal (8.4, 1.6), destinations as "the Moon", "GEO", "Mars". A hidden id (-1 in a view)
reads as "a card", "an Engineer", "a Mission Director", never as an empty name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from apogee.components import Components

# -- names and numbers ---------------------------------------------------------
KIND_WORDS = {"first": "First Stage", "upper": "Upper Stage", "payload": "Payload", "rnd": "R&D"}
SPOT_WORDS = {"none": "no action", "specialty": "Specialty", "construction": "Construction", "rnd": "R&D",
              "design": "Design", "soc": "the Space Operations Center"}
PILE_WORDS = {**KIND_WORDS, "juniors": "Junior Engineer", "seniors": "Senior Engineer", "investors": "Investor",
              "events": "Event", "directors": "Mission Director"}
STEP_WORDS = {"director": "Choosing Mission Directors", "team": "Starting teams", "turn_start": "A new turn",
              "event": "The Event", "place": "Placement", "specialty": "Specialties", "construction": "Constructions",
              "rnd": "R&D", "design": "Design", "admin": "Administration", "over": "The end"}
BAN_WORDS = {"senior_recruit": "no Senior Engineer recruits", "director_specialty": "no Director's Specialty",
             "nuclear_build": "no Nuclear stage builds", "ssto_build": "no Single-Stage Orbital Launcher builds"}


def money(thousands: int) -> str:
    """Credits as the rulebook prints them: 40 is "40,000"."""
    return f"{thousands * 1000:,}"


def stage_words(s) -> str:
    """Where the game stands, for status lines: "turn 3, Placement" (before turn 1, the step alone)."""
    step = STEP_WORDS.get(s.stage, s.stage)
    return f"turn {s.turn}, {step}" if s.turn else step


def tenths(x: int) -> str:
    """Authority and yield, kept in tenths: 84 is "8.4"."""
    return f"{x // 10}.{x % 10}"


def player_name(p: int) -> str:
    return f"P{p}"


def card_name(c: Components, card: int) -> str:
    return c.tech[card].name if 0 <= card < len(c.tech) else "a card"


def card_facts(c: Components, card: int) -> str:
    """The card's type, thrust/mass (as the rulebook's "5/4") and cost: "Upper Stage 2/1, 20,000"."""
    if not 0 <= card < len(c.tech):
        return "face down"
    t = c.tech[card]
    extra = f", {t.crew} astronauts" if t.crew else ""
    return f"{KIND_WORDS[t.kind]} {t.thrust}/{t.mass}, {money(t.cost)}{extra}"


def engineer_name(c: Components, e: int, authority: bool = True) -> str:
    if not 0 <= e < len(c.engineer):
        return "an Engineer"
    x = c.engineer[e]
    return f"{x.name} ({tenths(x.authority)})" if authority else x.name


def director_name(c: Components, d: int) -> str:
    return c.director[d].name if 0 <= d < len(c.director) else "a Mission Director"


def place_name(c: Components, d: int) -> str:
    """A destination as a sentence names it: "the Moon", "GEO", "Mars"."""
    name = c.destinations[d] if 0 <= d < len(c.destinations) else "a destination"
    return "the Moon" if name == "Moon" else name


def event_name(c: Components, e: int) -> str:
    if not 0 <= e < len(c.events):
        return "no Event"
    x = c.events[e]
    return f"Solo Event {x.number:02d} {x.name}" if x.number else x.name


def listing(names: Iterable[str], budget: int = 64) -> str:
    """"A, B and C", copies counted ("2 Solid Propulsion"), cut to "A, B and 3 more" past `budget`."""
    counted = Counter(names)
    items = [f"{n} {name}" if n > 1 else name for name, n in counted.items()]
    if not items:
        return "nothing"
    for k in range(len(items), 0, -1):
        shown = items[:k]
        rest = len(items) - k
        tail = f" and {rest} more" if rest else ""
        text = (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 and not rest
                else ", ".join(shown)) + tail
        if len(text) <= budget or k == 1:
            return text
    return items[0]


def players_list(players: Iterable[int]) -> str:
    return listing(player_name(p) for p in players)


# -- what a Specialty, an Intervention, an Event or an Investor does -------------------
ENGINEER_EFFECTS = {
    "replace_river": "replace a Technology river", "river_pick": "take a card from a river",
    "solid_thrust": "+{n} thrust per Solid Propulsion this turn",
    "liquid_thrust": "+{n} thrust per Liquid Propulsion this turn",
    "ion_thrust": "+{n} thrust per Ion Engine this turn",
    "nuclear_thrust": "+{n} thrust per Nuclear Upper Stage this turn",
    "mass_cut": "rocket mass -{n} this turn", "capsule_crew": "+{n} astronaut per Conical Capsule this turn",
    "soc_authority": "counts {auth} at the Space Operations Center",
    "draw_rnd": "draw {n} R&D cards", "cheap_build": "build a {money} card for free", "gain": "gain {money}",
    "sell": "sell a reserve card", "buy_die": "pay {money} for an additional die",
    "discount": "every build costs {money} less this turn", "replace_investors": "replace the Investors",
}
DIRECTOR_EFFECTS = {
    "gain": "gain {money}", "keep_first_stages": "keep the First Stages after this turn's launch",
    "sell_many": "sell any number of reserve cards", "build_payload": "build a Payload for free",
    "build_nuclear": "build a Nuclear stage for free", "river_pick": "take a card from a river",
    "draw_rnd": "draw {n} R&D cards", "sell_built": "sell a built card for {money}",
    "thrust": "+{n} rocket thrust this turn", "authority_cut": "launches need {auth} less Authority this turn",
    "dismiss_many": "dismiss Engineers for {money} each", "recruit_seniors": "recruit {n} Senior Engineers",
}
NATION_EFFECTS = {"remove_rnd": "discard one of their R&D cards", "remove_dice": "discard up to {n} of their dice",
                  "remove_engineer": "dismiss one of their Engineers at random"}
EVENT_EFFECTS = {
    "anti_nuclear": "no Nuclear rocket may launch", "economic_crisis": "every player pays {money}",
    "timid_insurers": "a launch costs {money}", "engine_failure": "Liquid Propulsion stages roll {n}+ or fall",
    "prices_soar": "every sale earns {money} more", "exceptional_aid": "unused Specialties earn {money}",
    "design_limit": "at most {n} Engineer on Design", "new_patents": "everyone draws {n} R&D card",
    "timid_investors": "Investors pay nothing", "engineer_training": "launches need {auth} less Authority",
    "supply_problem": "no static fire", "performance_test": "static fires need {n}+",
    "missed_tenders": "CubeSats earn nothing", "space_debris": "no launch with a Solar Sail or Conical Capsule",
    "burn_out": "{n} Director action only", "construction_limit": "at most {n} Engineer on Construction",
    "salary_exemption": "everyone earns {money}", "inaccessible_premises": "no Engineer on Specialty",
    "power_evaluation": "thrust {t}+ earns {money}, else lose a die",
    "construction_delay": "dismiss {n} Engineer unless every type was built",
    "all_risk": "Engineers' Authority {tauth}+ earns a die", "behind_schedule": "under {t} Investors: pay {money}",
    "hiring_bonus": "under {t} Engineers pay {money}, over {t} gain it",
    "human_resources": "under {tmoney}: a Senior; over {umoney}: dismiss one",
    "boredom": "no launch yet: dismiss {n} Engineers", "invested_funds": "roll {t} or less: pay {money}",
    "mission_change": "roll {t} or less: the Mission grows; else pay {money}",
}


def fill(template: str, n: int = 0, t: int = 0, u: int = 0) -> str:
    return template.format(n=n, money=money(n), auth=tenths(n), t=t, tauth=tenths(t), tmoney=money(t),
                           umoney=money(u))


def engineer_effect(c: Components, e: int) -> str:
    """An Engineer's Specialty in a few words, with its roll: "roll 4+ to draw 2 R&D cards"."""
    if not 0 <= e < len(c.engineer):
        return "a Specialty"
    x = c.engineer[e]
    text = fill(ENGINEER_EFFECTS.get(x.effect, x.effect.replace("_", " ")), x.amount)
    return f"roll {x.roll}+ to {text}" if x.roll else text


def director_effect(c: Components, d: int) -> str:
    if not 0 <= d < len(c.director):
        return "a Specialty"
    x = c.director[d]
    return fill(DIRECTOR_EFFECTS.get(x.specialty, x.specialty.replace("_", " ")), x.amount)


def event_effect(c: Components, e: int) -> str:
    """This turn's Event in a few words: "every player pays 40,000"."""
    if not 0 <= e < len(c.events):
        return ""
    x = c.events[e]
    if x.key == "ban":
        return BAN_WORDS.get(x.ban, x.ban.replace("_", " ")) + " until the game ends"
    if x.key == "weather":
        return f"launch rolls {x.amount:+d} this turn"
    text = fill(EVENT_EFFECTS.get(x.key, x.key.replace("_", " ")), x.amount, x.threshold, x.upper)
    # a base Event valid for the whole turn says so (AP-PEV-04); Solo Events all resolve at reveal
    whole_turn = not x.number and x.timing == "turn"
    return text + " this turn" if whole_turn else text


def investor_text(c: Components, i: int, credits: bool = True) -> str:
    """"Investor 07 (build Ion Engine, 40,000)": the objective a player must meet after it is revealed."""
    if not 0 <= i < len(c.investor):
        return "an Investor"
    x = c.investor[i]
    if x.kind in ("acquire", "build"):
        goal = f"{x.kind} {x.tech}"
    elif x.kind == "static_fire":
        needs = [f"{x.min_first} First Stages" if x.min_first else "", f"{x.min_upper} Upper Stages" if x.min_upper
                 else "", "Solid Propulsion" if x.min_solid else "", "a Nuclear stage" if x.nuclear else "",
                 f"thrust {x.min_thrust}+" if x.min_thrust else ""]
        goal = "static fire" + (" with " + ", ".join(n for n in needs if n) if any(needs) else "")
    else:
        where = ""
        if x.destination:
            d = place_name(c, c.dest_index[x.destination])
            where = f" to {d}" + ("" if x.exact else " or farther")
        goal = ("crewed launch" if x.crewed else "launch") + where
        if x.min_yield:
            goal += f" with yield {tenths(x.min_yield)}+"
    return f"{x.name} ({goal}, {money(x.credits)})" if credits else f"{x.name} ({goal})"


def goal_text(c: Components, goal) -> str:
    """A Mission goal: "deposit 1 Satellite on Mars"."""
    cards = ", ".join(f"{n} {name}" for name, n in goal.cards.items())
    parts = [p for p in (cards, f"{goal.astronauts} astronauts" if goal.astronauts else "") if p]
    where = place_name(c, c.dest_index[goal.destination])
    if parts:
        return f"deposit {' and '.join(parts)} on {where}"
    return f"launch {goal.launches or 1} time{'s' if goal.launches > 1 else ''} to {where}"

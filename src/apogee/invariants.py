"""AP-INV-*: properties of every state, each a function returning None or what is wrong.

Some invariants are about histories rather than single states (AP-INV-25 determinism, AP-INV-26 views,
AP-INV-27 monotony); `boardcore.analysis.check` and the tests check those (fold, views do not leak).
"""

from __future__ import annotations

from collections import Counter

import msgspec

from apogee.components import FIRST, RND, UPPER, Components
from apogee.queries import mission_of
from apogee.rocket import build_problem
from apogee.state import DESIGN, SPECIALTY, ApogeeState


def credits_not_negative(c: Components, s: ApogeeState):
    """AP-INV-01: paying takes at most what a player has, so credits never go below 0."""
    bad = [pl.credits for pl in s.areas if pl.credits < 0]
    return f"negative credits {bad}" if bad else None


def credits_in_twenties(c: Components, s: ApogeeState):
    """AP-INV-02: with the default data every amount is a multiple of 20,000 (other data may price otherwise)."""
    if not default_data(c, s):
        return None
    bad = [pl.credits for pl in s.areas if pl.credits % 20]
    return f"credits not in 20,000s: {bad}" if bad else None


def reserve_limit(c: Components, s: ApogeeState):
    """AP-INV-03: at rest (a prompt open), no reserve over 9 except the one being trimmed."""
    if not at_rest(c, s):
        return None
    for p, pl in enumerate(s.areas, 1):
        if len(pl.reserve) > c.n.reserve_limit and not (s.prompt.kind == "trim" and s.prompt.player == p):
            return f"P{p} holds {len(pl.reserve)} reserve cards at rest"
    return None


def slot_limit(c: Components, s: ApogeeState):
    """AP-INV-04: a Launch Pad slot holds at most 3 cards of its kind."""
    for p, pl in enumerate(s.areas, 1):
        counts = Counter(c.kind[card] for card in pl.pad)
        if counts and max(counts.values()) > c.n.slot_limit:
            return f"P{p} has a Launch Pad slot over {c.n.slot_limit}"
    return None


def compatible(c: Components, s: ApogeeState):
    """AP-INV-05: every card could be built next to the others (group, SSTO, unique)."""
    unbanned = _no_bans(s)
    for p, pl in enumerate(s.areas, 1):
        for i, card in enumerate(pl.pad):
            # each card against the rest of the rocket, on a copy: an invariant never changes the state
            rest = msgspec.structs.replace(pl, pad=pl.pad[:i] + pl.pad[i + 1:])
            problem = build_problem(c, unbanned, rest, card)
            if problem and problem[1].startswith("AP-TECH"):
                return f"P{p}'s rocket breaks {problem[1]}: {problem[0]}"
    return None


def dice_limit(c: Components, s: ApogeeState):
    """AP-INV-06: a player holds at most 3 additional dice."""
    bad = [pl.dice for pl in s.areas if not 0 <= pl.dice <= c.n.dice_limit]
    return f"dice held {bad}" if bad else None


def dice_total(c: Components, s: ApogeeState):
    """AP-INV-07: the 10 blue dice are either in the supply or held; the main die is nobody's."""
    total = s.supply + sum(pl.dice for pl in s.areas)
    return None if total == c.n.blue_dice and s.supply >= 0 else f"{total} blue dice in play"


def hand_limit(c: Components, s: ApogeeState):
    """AP-INV-08: a hand holds at most 5 Engineers."""
    bad = [len(pl.hand) for pl in s.areas if len(pl.hand) > c.n.hand_limit]
    return f"hands over the limit: {bad}" if bad else None


def technologies_conserved(c: Components, s: ApogeeState):
    """AP-INV-09: each Technology in exactly one place."""
    if not dealt(c, s):
        return None
    seen = [card for x in s.piles for card in x] + [card for x in s.rivers for card in x]
    for pl in s.areas:
        seen += [*pl.reserve, *pl.pad, *pl.drawn, *(card for x in pl.launches for card in x.cards)]
    return None if sorted(seen) == list(range(len(c.tech))) else "Technology cards lost or duplicated"


def others_conserved(c: Components, s: ApogeeState):
    """AP-INV-10, AP-INV-14: Engineers, Investors and Events each in one place."""
    if not dealt(c, s):
        return None
    engineers = s.juniors + s.seniors + [e for pl in s.areas for e in pl.hand]
    if sorted(engineers) != list(range(len(c.engineer))):
        return "Engineer cards lost or duplicated"
    investors = [*s.investor_pile, *s.investor_river, *s.investors_out, *(i for pl in s.areas for i in pl.investors)]
    if sorted(investors) != list(range(len(c.investor))):
        return "Investor cards lost or duplicated"
    events = [*s.event_pile, *s.events_seen]
    if len(set(events)) != len(events):
        return "an Event card is in two places"
    return None


def rivers_full(c: Components, s: ApogeeState):
    """AP-INV-11, AP-INV-12: the Technology rivers hold 3 cards and the Investor river 2, fewer only once
    their pile is empty."""
    for k, river in enumerate(s.rivers):
        if len(river) > c.n.river_size or (len(river) < c.n.river_size and s.piles[k] and s.stage != "setup"):
            return f"river {k} holds {len(river)} cards"
    if len(s.investor_river) > c.n.investor_river or (
            len(s.investor_river) < c.n.investor_river and s.investor_pile and s.stage != "setup"):
        return f"the Investor river holds {len(s.investor_river)} cards"
    return None


def once_per_game(c: Components, s: ApogeeState):
    """AP-INV-13: no Nation Intervention in Solo or Mission 5; a spent Specialty has a Director."""
    m = mission_of(c, s)
    for p, pl in enumerate(s.areas, 1):
        if pl.nation_used and (s.solo or m.no_nation):
            return f"P{p} used a forbidden Nation Intervention"
        if pl.specialty_used and pl.director < 0:
            return f"P{p} spent a Specialty without a Director"
    return None


def actions_per_turn(c: Components, s: ApogeeState):
    """AP-INV-15: at most 2 Director actions (none for a debtor)."""
    for p, pl in enumerate(s.areas, 1):
        if pl.actions > c.n.director_actions or (pl.skip and pl.actions):
            return f"P{p} has {pl.actions} Director actions"
    return None


def draws_per_turn(c: Components, s: ApogeeState):
    """AP-INV-16: R&D draws no more than the player's R&D Engineers."""
    from apogee.state import RND as RND_SPOT
    for p, pl in enumerate(s.areas, 1):
        if len(pl.drawn) > pl.spots.count(RND_SPOT):
            return f"P{p} drew {len(pl.drawn)} R&D cards"
    return None


def placement_limits(c: Components, s: ApogeeState):
    """AP-INV-17: one spot per Engineer; Event limits on Specialty and Design."""
    key = c.events[s.event].key if s.event >= 0 else ""
    for p, pl in enumerate(s.areas, 1):
        if len(pl.spots) != len(pl.hand):
            return f"P{p}'s Engineers and spots differ"
        if key == "inaccessible_premises" and SPECIALTY in pl.spots:
            return f"P{p} has an Engineer on Specialty under Inaccessible Premises"
        if key == "design_limit" and pl.spots.count(DESIGN) > c.events[s.event].amount:
            return f"P{p} has too many Engineers on Design"
    return None


def deposits_recorded(c: Components, s: ApogeeState):
    """AP-INV-18: each deposit has its owner's slot, a destination and astronauts."""
    for p, pl in enumerate(s.areas, 1):
        for x in pl.launches:
            if not 0 <= x.destination < len(c.destinations) or x.astronauts < 0:
                return f"P{p} has a malformed deposit"
    return None


def turn_counter(c: Components, s: ApogeeState):
    """AP-INV-19: one Event revealed per turn while the pile lasts, so the counter equals the Events
    revealed; once all are revealed the game goes on without new ones (AP-PEV-07) and the counter may
    only outrun them."""
    seen = len(s.events_seen)
    if s.turn and (seen != s.turn if s.event_pile else seen > s.turn):
        return f"turn {s.turn} with {seen} Events revealed"
    if s.solo and s.turn > mission_of(c, s).turns:
        return f"Solo turn {s.turn} beyond the Mission's {mission_of(c, s).turns}"
    return None


def one_director(c: Components, s: ApogeeState):
    """AP-INV-20: after the choice, each player has one Director of their own."""
    if not directors_chosen(c, s):
        return None
    chosen = [pl.director for pl in s.areas]
    if min(chosen) < 0 or len(set(chosen)) != len(chosen):
        return f"Directors {chosen}"
    return None


def turn_effects_expire(c: Components, s: ApogeeState):
    """AP-INV-21: no turn modifier before the turn's Specialties resolve."""
    if before_specialties(c, s):
        for p, pl in enumerate(s.areas, 1):
            if any(pl.mods):
                return f"P{p} keeps turn modifiers {list(pl.mods)} in stage {s.stage}"
    return None


def mission_bans(c: Components, s: ApogeeState):
    """AP-INV-22: Mission 4 keeps R&D and Mission 9 Nuclear stages off every Launch Pad."""
    m = mission_of(c, s)
    for p, pl in enumerate(s.areas, 1):
        for card in pl.pad:
            if m.forbid_rnd and c.kind[card] == RND:
                return f"P{p} built R&D under Mission 4"
            if m.forbid_nuclear and c.tech[card].nuclear and c.kind[card] in (FIRST, UPPER):
                return f"P{p} built a Nuclear stage under Mission 9"
    return None


def launched_cards_left(c: Components, s: ApogeeState):
    """AP-INV-23: deposited cards left the Launch Pad (and never come back)."""
    for p, pl in enumerate(s.areas, 1):
        deposited = {card for x in pl.launches for card in x.cards}
        if deposited & set(pl.pad):
            return f"P{p}'s rocket still holds deposited cards"
    return None


def ends_at_turn_end(c: Components, s: ApogeeState):
    """AP-INV-24: a finished game (not Mission 3's race, not a truncated run) ended with its turn."""
    if not ended_with_a_turn(c, s):
        return None
    if any(any(pl.mods) or pl.actions for pl in s.areas):
        return "the game ended in the middle of a turn"
    return None


def at_rest(c: Components, s: ApogeeState) -> bool:
    """A decision point is open (AP-INV-03 holds only between decisions)."""
    return s.prompt is not None


def dealt(c: Components, s: ApogeeState) -> bool:
    """Every card is on the table (AP-INV-09, AP-INV-10, AP-INV-14 hold once setup has dealt them)."""
    return s.stage != "setup"


def directors_chosen(c: Components, s: ApogeeState) -> bool:
    """AP-INV-20 holds once every player has kept a Director."""
    return s.stage not in ("setup", "director")


def before_specialties(c: Components, s: ApogeeState) -> bool:
    """The stages of a turn before its Specialties resolve, where AP-INV-21 wants no turn modifier."""
    return s.stage in ("turn_start", "event", "place", "team", "director")


def ended_with_a_turn(c: Components, s: ApogeeState) -> bool:
    """A game ended by the rules at the end of a turn (not Mission 3's race, not a truncated run): AP-INV-24."""
    return s.over and not s.truncated and (s.solo or not mission_of(c, s).no_tie)


def default_data(c: Components, s: ApogeeState) -> bool:
    """The rulebook's own component data (AP-INV-02 holds only for its prices)."""
    return c.loaded.data_id.startswith("default-")


LIVENESS = {"AP-INV-02": default_data, "AP-INV-03": at_rest, "AP-INV-09": dealt, "AP-INV-10": dealt,
            "AP-INV-14": dealt, "AP-INV-20": directors_chosen, "AP-INV-21": before_specialties,
            "AP-INV-24": ended_with_a_turn}
"""Where the invariants that hold only in some states can fail (`Rules.liveness`)."""


def _no_bans(s: ApogeeState) -> ApogeeState:
    """The compatibility check without Mission and Solo bans (cards built before a ban stay)."""
    from apogee.state import ApogeeState as S
    return S(players=s.players, mission=1 if not s.solo else s.mission, solo=s.solo, areas=s.areas)


INVARIANTS = {
    "AP-INV-01": credits_not_negative, "AP-INV-02": credits_in_twenties, "AP-INV-03": reserve_limit,
    "AP-INV-04": slot_limit, "AP-INV-05": compatible, "AP-INV-06": dice_limit, "AP-INV-07": dice_total,
    "AP-INV-08": hand_limit, "AP-INV-09": technologies_conserved, "AP-INV-10": others_conserved,
    "AP-INV-11": rivers_full, "AP-INV-12": rivers_full, "AP-INV-13": once_per_game, "AP-INV-14": others_conserved,
    "AP-INV-15": actions_per_turn, "AP-INV-16": draws_per_turn, "AP-INV-17": placement_limits,
    "AP-INV-18": deposits_recorded, "AP-INV-19": turn_counter, "AP-INV-20": one_director,
    "AP-INV-21": turn_effects_expire, "AP-INV-22": mission_bans, "AP-INV-23": launched_cards_left,
    "AP-INV-24": ends_at_turn_end,
}
"""The invariants `check` asserts after every event, each `f(c, s)`: None when it holds, else what is wrong."""

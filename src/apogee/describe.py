"""Apogee in the rulebook's words: every decision and fact as one short line for a person.

`describe(c, s, item, player)` is called with `s` the position just before `item`, both already
redacted for `player` (`hidden.view`, `hidden.visible`), so nothing here can leak: a hidden card,
Engineer or Director arrives as -1 and is told as "a card", "an Engineer", "a Mission Director".
A decision says what it costs and does before it is taken (the Construction price, the die a launch
needs, the Director action it spends); a fact says what changed. Decisions read as what the player
is about to do ("Build ..."), and whoever shows one taken names the seat ("P1: Build ..."); facts
read "P1 builds ...".

Names and numbers come from the component data through `words`.
"""

from __future__ import annotations

from collections import Counter

from boardcore.game.handlers import by_type

from apogee import events as ev
from apogee.components import KINDS, Components
from apogee.queries import event_amount, event_key, sale_price
from apogee.rocket import mass, min_roll, thrust, yield_of
from apogee.state import DISCOUNT, RIVERS, ApogeeState
from apogee.words import (BAN_WORDS, KIND_WORDS, NATION_EFFECTS, PILE_WORDS, SPOT_WORDS, STEP_WORDS, fill,
                          card_facts, card_name, director_effect, director_name, engineer_effect, engineer_name,
                          event_effect, event_name, goal_text, investor_text, listing, money, place_name,
                          player_name, players_list, tenths)

# -- decisions -----------------------------------------------------------------
def _kind(s: ApogeeState) -> str:
    return s.prompt.kind if s.prompt is not None else ""

WORDS, says = by_type()
"""One describer per event type, registered where it is defined; `describe` indexes it
without a default, so an event type without words fails the presentation tests."""


def _admin(s: ApogeeState) -> str:
    """What a Director action costs, said once: it spends one of the turn's actions (AP-DIR-01)."""
    return " (1 Director action)" if _kind(s) == "admin" else ""


def _rocket_with(c: Components, s: ApogeeState, player: int, card: int) -> str:
    """The rocket once `card` is built: thrust, mass and, when in the table, yield (AP-YLD-01)."""
    pl = s.areas[player - 1].__copy__()
    pl.pad = [*s.areas[player - 1].pad, card]
    if any(x < 0 for x in pl.pad):
        return ""
    t, m = thrust(c, pl), mass(c, pl)
    y = yield_of(c, t, m)
    return f"; rocket {t}/{m}" + (f", yield {tenths(y)}" if y else "")


@says(ev.KeepDirector)
def keep_director(c, s, a: ev.KeepDirector, player) -> str:
    if a.director < 0:
        return "Keep one of two Mission Directors, in secret"
    d = c.director[a.director]
    nation = c.nations[d.nation].name
    return f"Keep {d.name} ({d.company}, {nation}, Authority {d.authority})"


@says(ev.ChooseTeam)
def choose_team(c, s, a: ev.ChooseTeam, player) -> str:
    n, pile = (c.n.team_seniors, s.seniors) if a.senior else (c.n.team_juniors, s.juniors)
    n = min(n, len(pile))
    who = "Senior" if a.senior else "Junior"
    return f"Recruit {n} {who} Engineer{'s' if n != 1 else ''} as the starting team"


@says(ev.Place)
def place(c, s, a: ev.Place, player) -> str:
    if a.engineer < 0 or a.spot not in SPOT_WORDS:
        return "Place an Engineer face down"
    who = engineer_name(c, a.engineer)
    if a.spot == "none":
        return f"Leave {who} unplaced"
    what = f": {engineer_effect(c, a.engineer)}" if a.spot == "specialty" else ""
    return f"Place {who} on {SPOT_WORDS[a.spot]}{what}"


@says(ev.ChooseRiver)
def choose_river(c, s, a: ev.ChooseRiver, player) -> str:
    r = RIVERS.index(a.river) if a.river in RIVERS else -1
    cards = listing((card_name(c, x) for x in s.rivers[r]), 50) if r >= 0 else "its cards"
    return f"Replace the {KIND_WORDS.get(a.river, a.river)} river ({cards}) with 3 new cards"


@says(ev.TakeCard)
def take_card(c, s, a: ev.TakeCard, player) -> str:
    return f"Take {card_name(c, a.card)} ({card_facts(c, a.card)}) into the reserve"


@says(ev.Build)
def build(c, s, a: ev.Build, player) -> str:
    """The price before it is paid (AP-CON-03, less Ethan N. Maughmer's allowance AP-ENG-14; free by a
    Specialty), the CubeSat's credits (AP-TECH-20) and the rocket it makes."""
    p = a.player
    if not 0 <= a.card < len(c.tech):
        return "Build a card"
    t = c.tech[a.card]
    if _kind(s) == "build":
        price = max(0, t.cost - s.areas[p - 1].mods[DISCOUNT])
        cost = f"for {money(price)}" if price else "for free"
    else:
        cost = "for free"
    earns = f", earning {money(t.cubesat)}" if t.cubesat and event_key(c, s) != "missed_tenders" else ""
    return (f"Build {t.name} {cost}{earns} ({KIND_WORDS[t.kind]} {t.thrust}/{t.mass})"
            + _rocket_with(c, s, p, a.card))


@says(ev.Sell)
def sell(c, s, a: ev.Sell, player) -> str:
    """The sale price (AP-SELL-04, Anatoliy Feoktistov's own, AP-MD-13, New Space Prices Soar AP-EV-11)."""
    p = a.player
    if _kind(s) == "anatoliy":
        price = sale_price(c, s, p, c.director[s.areas[p - 1].director].amount)
        return f"Sell the built {card_name(c, a.card)} for {money(price)}"
    return f"Sell {card_name(c, a.card)} for {money(sale_price(c, s, p))}{_admin(s)}"


@says(ev.KeepRnd)
def keep_rnd(c, s, a: ev.KeepRnd, player) -> str:
    return (f"Keep {card_name(c, a.card)} ({card_facts(c, a.card)}); "
            "the others go beneath the pile")


@says(ev.Discard)
def discard(c, s, a: ev.Discard, player) -> str:
    if _kind(s) == "us_pick":
        target = s.prompt.a
        return f"Discard {player_name(target)}'s {card_name(c, a.card)} beneath its pile"
    return f"Discard {card_name(c, a.card)} beneath its pile (a reserve holds at most 9)"


@says(ev.Dismiss)
def dismiss(c, s, a: ev.Dismiss, player) -> str:
    p = a.player
    who = engineer_name(c, a.engineer)
    kind = _kind(s)
    if kind == "zhang":
        return f"Dismiss {who} for {money(c.director[s.areas[p - 1].director].amount)}"
    if kind == "dismiss_owed":
        return f"Dismiss {who}, as owed"
    return f"Dismiss {who}{_admin(s)}"


ROLL_WORDS = {"launch": "the launch", "engineer": "the Specialty", "engine": "the Engine Failure roll",
              "funds": "the Invested Funds roll"}


def _roll_subject(c: Components, s: ApogeeState) -> str:
    kind = _kind(s)[len("reroll_"):]
    if kind == "launch":
        return f"the launch to {place_name(c, s.prompt.b)}"
    if kind == "engineer":
        return f"{engineer_name(c, s.prompt.b, False)}'s Specialty"
    return ROLL_WORDS.get(kind, "the roll")


@says(ev.SpendDie)
def spend_die(c, s, a: ev.SpendDie, player) -> str:
    """AP-DICE-01: one additional die, spent whatever it shows, for the first attempt's target."""
    need = s.prompt.a if s.prompt is not None else 0
    dice = s.areas[a.player - 1].dice
    return (f"Spend an additional die on {_roll_subject(c, s)} (needs {need}+; "
            f"{dice} held)")


@says(ev.Recruit)
def recruit(c, s, a: ev.Recruit, player) -> str:
    return f"Recruit the top {'Senior' if a.senior else 'Junior'} Engineer{_admin(s)}"


@says(ev.StaticFire)
def static_fire(c, s, a: ev.StaticFire, player) -> str:
    """AP-SF-02, AP-EV-25: the main die's target; success gains an additional die."""
    need = event_amount(c, s) if event_key(c, s) == "performance_test" else c.n.static_fire
    return f"Static fire, roll {need}+ to gain an additional die{_admin(s)}"


@says(ev.LaunchRocket)
def launch(c, s, a: ev.LaunchRocket, player) -> str:
    """The yield, the die needed (AP-PRB-01, with the weather AP-EV-13) and the Timid Insurers fee (AP-EV-06)."""
    p = a.player
    d = c.dest_index.get(a.destination, -1)
    pl = s.areas[p - 1]
    if d < 0 or any(x < 0 for x in pl.pad):
        return f"Launch to {a.destination}{_admin(s)}"
    y = yield_of(c, thrust(c, pl), mass(c, pl))
    need = min_roll(c, y, d)
    weather = ""
    if event_key(c, s) == "weather":
        need -= event_amount(c, s)
        weather = " with the weather"
    fee = f", pay {money(event_amount(c, s))}" if event_key(c, s) == "timid_insurers" else ""
    return (f"Launch to {place_name(c, d)}, yield {tenths(y)}, roll {need}+{weather}{fee}"
            f"{_admin(s)}")


@says(ev.UseSpecialty)
def use_specialty(c, s, a: ev.UseSpecialty, player) -> str:
    d = s.areas[a.player - 1].director
    return f"Use {director_name(c, d)}'s Specialty, {director_effect(c, d)}{_admin(s)}"


@says(ev.Intervene)
def intervene(c, s, a: ev.Intervene, player) -> str:
    """AP-NAT-01, AP-NAT-03: the Nation's roll and what a success does to the target."""
    d = s.areas[a.player - 1].director
    if not 0 <= d < len(c.director):
        return f"Nation Intervention against {player_name(a.target)}"
    nation = c.nations[c.director[d].nation]
    effect = fill(NATION_EFFECTS.get(nation.effect, nation.effect.replace("_", " ")), nation.amount)
    return (f"Nation Intervention on {player_name(a.target)}, roll {nation.roll}+ to "
            f"{effect}{_admin(s)}")


PASS_WORDS = {
    "admin": "end the Administration turn", "build": "build nothing more", "design": "take no card",
    "river_pick": "take no card", "yelena": "take no card", "liam": "stop selling", "anatoliy": "sell nothing",
    "laura": "build nothing", "ekaterina": "build nothing", "cheap_build": "build nothing",
    "zhang": "stop dismissing", "team": "recruit nothing (both piles are empty)",
}


@says(ev.Pass)
def pass_(c, s, a: ev.Pass, player) -> str:
    kind = _kind(s)
    if kind.startswith("reroll_"):
        return f"Spend no die, {_roll_subject(c, s)} fails"
    return f"Pass, {PASS_WORDS.get(kind, 'do nothing')}"


# -- facts ---------------------------------------------------------------------
@says(ev.PileShuffled)
def pile_shuffled(c, s, e: ev.PileShuffled, player) -> str:
    return f"The {PILE_WORDS.get(e.pile, e.pile)} pile is shuffled ({len(e.order)} cards)"


@says(ev.DirectorsDealt)
def directors_dealt(c, s, e: ev.DirectorsDealt, player) -> str:
    if any(d < 0 for d in e.directors):
        return f"{player_name(e.player)} is dealt {len(e.directors)} Mission Directors face down"
    return f"{player_name(e.player)} is dealt {listing(director_name(c, d) for d in e.directors)}"


@says(ev.DirectorsRevealed)
def directors_revealed(c, s, e: ev.DirectorsRevealed, player) -> str:
    full = ", ".join(f"{player_name(p)} {director_name(c, d)}" for p, d in enumerate(e.directors, 1))
    if len(full) > 80:
        full = ", ".join(f"{player_name(p)} {director_name(c, d).split()[-1]}" for p, d in enumerate(e.directors, 1))
    return f"Mission Directors: {full}"


@says(ev.EngineersRecruited)
def engineers_recruited(c, s, e: ev.EngineersRecruited, player) -> str:
    profile = "Senior" if e.senior else "Junior"
    if any(x < 0 for x in e.engineers) or not e.engineers:
        n = len(e.engineers)
        return f"{player_name(e.player)} recruits {n} {profile} Engineer{'s' if n != 1 else ''}"
    return f"{player_name(e.player)} recruits {listing(engineer_name(c, x) for x in e.engineers)}"


@says(ev.EngineerDismissed)
def engineer_dismissed(c, s, e: ev.EngineerDismissed, player) -> str:
    """Why: by choice, as owed (AP-ERN-06, AP-SEV-*), by the Director's Specialty (AP-MD-18), or at random
    by an opponent's Nation Intervention (AP-NI-03)."""
    pile = "" if e.engineer < 0 else f" beneath the {'Senior' if c.senior[e.engineer] else 'Junior'} pile"
    why = {"owed": ", as owed", "china": ", at random (a Nation Intervention)",
           "zhang": f" ({director_name(c, s.areas[e.player - 1].director)}'s Specialty)"}.get(e.reason, "")
    return f"{player_name(e.player)} dismisses {engineer_name(c, e.engineer)}{pile}{why}"


@says(ev.RiverFilled)
def river_filled(c, s, e: ev.RiverFilled, player) -> str:
    return f"{KIND_WORDS[KINDS[e.river]]} river: {listing((card_name(c, x) for x in e.cards), 84)}"


@says(ev.RiverReplaced)
def river_replaced(c, s, e: ev.RiverReplaced, player) -> str:
    river = KIND_WORDS[KINDS[e.river]]
    return f"The {river} river is replaced: {listing((card_name(c, x) for x in e.revealed), 90 - len(river))}"


@says(ev.InvestorsRevealed)
def investors_revealed(c, s, e: ev.InvestorsRevealed, player) -> str:
    return f"Investors revealed: {listing((investor_text(c, i) for i in e.investors), 90)}"


@says(ev.InvestorsReplaced)
def investors_replaced(c, s, e: ev.InvestorsReplaced, player) -> str:
    gone = listing(c.investor[i].name for i in e.removed)
    new = listing((investor_text(c, i, False) for i in e.revealed), 200) if e.revealed else "none left"
    if len(gone) + len(new) > 80:
        new = listing(c.investor[i].name for i in e.revealed)
    return f"{gone} leave the game; new: {new}"


@says(ev.InvestorWon)
def investor_won(c, s, e: ev.InvestorWon, player) -> str:
    paid = f": {money(e.credits)}" if e.credits else ", but Investors pay nothing this turn"
    new = f"; {c.investor[e.revealed].name} revealed" if e.revealed >= 0 else ""
    return f"{player_name(e.player)} wins {investor_text(c, e.investor, False)}{paid}{new}"


def _order_words(c: Components, step: str, order: tuple[int, ...]) -> list[str]:
    """A step's order of play in words: players, or Engineers (coded player * 1000 + Engineer)."""
    if step == "specialty":
        return [f"{engineer_name(c, code % 1000, False)} ({player_name(code // 1000)})" for code in order]
    return [player_name(p) for p in order]


@says(ev.StepStarted)
def step_started(c, s, e: ev.StepStarted, player) -> str:
    name = STEP_WORDS.get(e.step, e.step.replace("_", " ").capitalize())
    if e.step == "turn_start":
        return "On to the next turn"
    who = _order_words(c, e.step, e.order)
    if not who:
        return f"{name} begin" if name.endswith("s") else f"{name} begins"
    if e.cursor == 0:
        return f"{name}: {', then '.join(who) if len(who) < 4 else listing(who, 80)}"
    if e.cursor >= len(who):
        return f"{name}: everyone has played"
    return f"{name}: {who[e.cursor]} next"


ASKED = {
    "director": "keep one of two Mission Directors", "team": "choose a starting team", "place": "place Engineers",
    "build": "build from the reserve ({a} builds left)", "keep_rnd": "keep one drawn R&D card",
    "design": "take a card from a river (Design)", "admin": "take a Director action or pass",
    "dismiss_owed": "dismiss an Engineer as owed", "trim": "discard a reserve card (more than 9)",
    "replace_river": "choose a river to replace ({eng})", "river_pick": "take a card from a river ({eng})",
    "cheap_build": "build a card for free ({eng})", "engineer_sell": "sell a reserve card ({eng})",
    "liam": "sell reserve cards, or stop ({dir})", "anatoliy": "sell a built card, or pass ({dir})",
    "laura": "build a Payload for free, or pass ({dir})", "ekaterina": "build a Nuclear stage, or pass ({dir})",
    "yelena": "take a card from a river ({dir})", "zhang": "dismiss Engineers for credits, or stop ({dir})",
    "us_pick": "choose an R&D card of P{a}'s reserve to discard",
}


@says(ev.Asked)
def asked(c, s, e: ev.Asked, player) -> str:
    if e.kind.startswith("reroll_"):
        return f"{player_name(e.player)} may spend an additional die (needs {e.a}+) or accept the failure"
    d = s.areas[e.player - 1].director if 0 < e.player <= len(s.areas) else -1
    text = ASKED.get(e.kind, "decide").format(a=e.a, eng=engineer_name(c, e.b, False), dir=director_name(c, d))
    return f"{player_name(e.player)} to {text}"


@says(ev.SimultaneousStep)
def simultaneous_step(c, s, e: ev.SimultaneousStep, player) -> str:
    if e.step == "director":
        return "Every player keeps one of their two Mission Directors, in secret"
    if not e.players:
        return "Nobody has an Engineer to place"
    verb = "place" if len(e.players) > 1 else "places"
    return f"{players_list(e.players)} {verb} their Engineers face down, all at once"


@says(ev.PlacementRevealed)
def placement_revealed(c, s, e: ev.PlacementRevealed, player) -> str:
    where = SPOT_WORDS.get(e.spot, e.spot)
    names = [f"{engineer_name(c, x, False)} ({player_name(p)})" for p, x in e.engineers]
    text = listing(names, 88 - len(where))
    if len(names) > 1 and " more" in text:
        counts = Counter(p for p, _ in e.engineers)
        text = ", ".join(f"{player_name(p)} {n}" for p, n in sorted(counts.items()))
    return f"Revealed on {where}: {text}"


@says(ev.TurnStarted)
def turn_started(c, s, e: ev.TurnStarted, player) -> str:
    if e.event < 0:
        return f"Turn {e.turn} begins; no Event is left"
    label = event_name(c, e.event)
    label = label if label.startswith("Solo") else f"Event {label}"
    return f"Turn {e.turn}, {label}: {event_effect(c, e.event)}"


CREDIT_WHY = {"launch": "for the launch", "cubesat": "for the CubeSat", "static_fire": "for the static fire"}


def _specialist(c: Components, s: ApogeeState, p: int) -> str:
    """Whose Specialty pays or costs: the Engineer in turn during the Specialties, else the Director."""
    if s.stage == "specialty" and s.cursor < len(s.order):
        return f"{engineer_name(c, s.order[s.cursor] % 1000, False)}'s Specialty"
    return f"{director_name(c, s.areas[p - 1].director)}'s Specialty"


@says(ev.CreditsChanged)
def credits_changed(c, s, e: ev.CreditsChanged, player) -> str:
    if e.reason == "specialty":
        why = _specialist(c, s, e.player)
    elif e.reason in CREDIT_WHY:
        why = CREDIT_WHY[e.reason]
    else:
        why = event_name(c, s.event)
    verb = "gains" if e.amount >= 0 else "pays"
    total = s.areas[e.player - 1].credits + e.amount
    return f"{player_name(e.player)} {verb} {money(abs(e.amount))} ({why}), now {money(total)}"


@says(ev.EarningsCollected)
def earnings_collected(c, s, e: ev.EarningsCollected, player) -> str:
    """AP-ERN-01..06: the quarter's earnings by Engineers in hand, and a debt that cannot be paid."""
    n = len(s.areas[e.player - 1].hand)
    why = event_name(c, s.event) if event_key(c, s) == "salary_exemption" else f"{n} Engineer{'s' if n != 1 else ''}"
    who = player_name(e.player)
    if e.unpaid:
        return (f"{who} pays {money(-e.amount)} ({why}) and cannot pay {money(e.unpaid)}: no Director action, "
                f"{e.dismissals} Engineer{'s' if e.dismissals != 1 else ''} to dismiss")
    if e.amount > 0:
        return f"{who} collects {money(e.amount)} ({why})"
    if e.amount < 0:
        return f"{who} pays {money(-e.amount)} ({why})"
    return f"{who} collects nothing ({why})"


PURPOSE_WORDS = {"launch": "the launch", "static_fire": "the static fire", "nation": "the Nation Intervention",
                 "engine": "Engine Failure", "funds": "Loss of Your Invested Funds", "engineer": "the Specialty",
                 "mission_change": "the Mission change"}


def _needed(c: Components, s: ApogeeState, e: ev.DiceRolled) -> int:
    """The least result that succeeds, where the position tells it (0 when it does not)."""
    if e.blue and s.answered is not None and s.answered.kind.startswith("reroll_"):
        return s.answered.a
    if e.purpose == "static_fire":
        return event_amount(c, s) if event_key(c, s) == "performance_test" else c.n.static_fire
    if e.purpose == "nation":
        d = s.areas[e.player - 1].director
        return c.nations[c.director[d].nation].roll if d >= 0 else 0
    if e.purpose == "engineer" and s.stage == "specialty" and s.cursor < len(s.order):
        return c.engineer[s.order[s.cursor] % 1000].roll
    if e.purpose == "engine":
        return event_amount(c, s)
    if e.purpose == "funds" and s.event >= 0:
        return c.events[s.event].threshold + 1
    return 0


@says(ev.DiceRolled)
def dice_rolled(c, s, e: ev.DiceRolled, player) -> str:
    what = PURPOSE_WORDS.get(e.purpose, "a roll")
    if e.purpose == "engineer":
        what = _specialist(c, s, e.player)
    need = _needed(c, s, e)
    die = "an additional die" if e.blue else "the main die"
    result = (": success" if e.value >= need else ": failure") if need else ""
    if e.purpose == "mission_change" and s.event >= 0:
        limit = c.events[s.event].threshold
        result = (f": {limit} or less, the Mission changes" if e.value <= limit
                  else f": more than {limit}, so {player_name(e.player)} pays")
    needs = f" (needs {need}+)" if need else ""
    return f"{player_name(e.player)} rolls {e.value} on {die} for {what}{needs}{result}"


@says(ev.DieGained)
def die_gained(c, s, e: ev.DieGained, player) -> str:
    return f"{player_name(e.player)} gains an additional die ({s.areas[e.player - 1].dice + 1} held)"


@says(ev.DiceReturned)
def dice_returned(c, s, e: ev.DiceReturned, player) -> str:
    return f"{e.count} of {player_name(e.player)}'s additional dice go back to the supply"


@says(ev.TechAcquired)
def tech_acquired(c, s, e: ev.TechAcquired, player) -> str:
    who = player_name(e.player)
    if e.river < 0:
        return f"{who} draws {card_name(c, e.card)} from the R&D pile into the reserve"
    then = f"; {card_name(c, e.revealed)} is revealed" if e.revealed >= 0 else "; its pile is empty"
    return f"{who} takes {card_name(c, e.card)} from the river{then}"


@says(ev.RndDrawn)
def rnd_drawn(c, s, e: ev.RndDrawn, player) -> str:
    n = len(e.cards)
    head = f"{player_name(e.player)} draws {n} R&D card{'s' if n != 1 else ''}"
    if any(x < 0 for x in e.cards):
        return head
    return f"{head}: {listing(card_name(c, x) for x in e.cards)}"


@says(ev.RndReturned)
def rnd_returned(c, s, e: ev.RndReturned, player) -> str:
    n = len(e.cards)
    return f"{n} R&D card{'s' if n != 1 else ''} not kept {'go' if n != 1 else 'goes'} beneath the R&D pile"


@says(ev.TechBuilt)
def tech_built(c, s, e: ev.TechBuilt, player) -> str:
    cost = f"for {money(e.paid)}" if e.paid else "for free"
    return f"{player_name(e.player)} builds {card_name(c, e.card)} {cost}"


def _straight_back(c: Components, card: int, revealed: int) -> str:
    if revealed < 0:
        return ""
    return f"; it goes straight into the {KIND_WORDS[KINDS[c.kind[revealed]]]} river"


@says(ev.TechSold)
def tech_sold(c, s, e: ev.TechSold, player) -> str:
    where = " from the Launch Pad" if e.built else ""
    return (f"{player_name(e.player)} sells {card_name(c, e.card)}{where} for {money(e.price)}"
            f"{_straight_back(c, e.card, e.revealed)}")


@says(ev.TechDiscarded)
def tech_discarded(c, s, e: ev.TechDiscarded, player) -> str:
    """From the player's reserve: over the limit of 9 (AP-AMB-08) or the United States' pick (AP-NI-01)."""
    return (f"{player_name(e.player)}'s {card_name(c, e.card)} is discarded beneath its pile"
            f"{_straight_back(c, e.card, e.revealed)}")


@says(ev.TechReturned)
def tech_returned(c, s, e: ev.TechReturned, player) -> str:
    cards = listing(card_name(c, x) for x in e.cards)
    return f"{event_name(c, s.event)}: {player_name(e.player)}'s {cards} go back to the reserve"


@says(ev.RocketLaunched)
def rocket_launched(c, s, e: ev.RocketLaunched, player) -> str:
    """AP-LCH-13, AP-LCH-14: what stays at the Space Operations Center and what comes back."""
    x = e.launch
    left = [card_name(c, card) for card in x.cards] + ([f"{x.astronauts} astronauts"] if x.astronauts else [])
    back = f", {len(e.returned)} cards back to the reserve" if e.returned else ""
    kept = f", {len(e.kept)} First Stages kept" if e.kept else ""
    return (f"{player_name(e.player)} reaches {place_name(c, x.destination)}: {listing(left, 50)} deposited"
            f"{back}{kept}")


@says(ev.LaunchAborted)
def launch_aborted(c, s, e: ev.LaunchAborted, player) -> str:
    return (f"{player_name(e.player)}'s launch to {place_name(c, e.destination)} is aborted; the rocket stays on "
            "the Launch Pad")


@says(ev.StaticFired)
def static_fired(c, s, e: ev.StaticFired, player) -> str:
    return f"{player_name(e.player)}'s static fire {'succeeds' if e.success else 'fails'}"


@says(ev.SocAssigned)
def soc_assigned(c, s, e: ev.SocAssigned, player) -> str:
    amount = c.engineer[e.engineer].amount if 0 <= e.engineer < len(c.engineer) else 0
    return (f"{engineer_name(c, e.engineer, False)} ({player_name(e.player)}) joins the Space Operations Center "
            f"with Authority {tenths(amount)}")


MOD_WORDS = {
    "solid_thrust": "Solid Propulsion stages get {n:+d} thrust", "liquid_thrust": "Liquid Propulsion stages get "
    "{n:+d} thrust", "ion_thrust": "Ion Engines get {n:+d} thrust", "nuclear_thrust": "Nuclear Upper Stages get "
    "{n:+d} thrust", "mass_cut": "rocket is {n} lighter", "capsule_crew": "Conical Capsules carry {n} more astronaut",
    "keep_first_stages": "First Stages stay after a launch", "thrust": "rocket gets {n:+d} thrust",
    "authority_cut": "launches need {auth} less Authority", "discount": "builds cost {money} less",
}


@says(ev.Modified)
def modified(c, s, e: ev.Modified, player) -> str:
    if e.mod == "discount" and e.amount < 0:
        return f"{player_name(e.player)} uses {money(-e.amount)} of this turn's build reduction"
    text = MOD_WORDS.get(e.mod, e.mod.replace("_", " ")).format(n=e.amount, money=money(e.amount),
                                                                  auth=tenths(e.amount))
    whose = "Every player's" if e.player == 0 else f"{player_name(e.player)}'s"
    return f"{whose} {text} this turn"


@says(ev.ActionsGranted)
def actions_granted(c, s, e: ev.ActionsGranted, player) -> str:
    skip = [p for p, pl in enumerate(s.areas, 1) if pl.skip]
    but = f"; {players_list(skip)} in debt, none" if skip else ""
    return f"Each Mission Director has {e.count} action{'s' if e.count != 1 else ''} this turn{but}"


@says(ev.DismissalsOwed)
def dismissals_owed(c, s, e: ev.DismissalsOwed, player) -> str:
    who = player_name(e.player)
    if e.count < 0:
        return f"{who} has no Engineer left to dismiss: the rest is dropped"
    why = f" ({event_name(c, s.event)})" if s.event >= 0 and c.events[s.event].number else ""
    return f"{who} must dismiss {e.count} Engineer{'s' if e.count != 1 else ''}{why}"


@says(ev.BanAdded)
def ban_added(c, s, e: ev.BanAdded, player) -> str:
    return f"For the rest of the game, {BAN_WORDS.get(e.ban, e.ban.replace('_', ' '))}"


@says(ev.GoalAdded)
def goal_added(c, s, e: ev.GoalAdded, player) -> str:
    goal = c.events[e.event].goal if 0 <= e.event < len(c.events) else None
    return f"The Mission changes: also {goal_text(c, goal)}" if goal else "The Mission changes"


@says(ev.TurnEnded)
def turn_ended(c, s, e: ev.TurnEnded, player) -> str:
    return f"Turn {e.turn} ends; the Engineers go back to their hands"


@says(ev.GameEnded)
def game_ended(c, s, e: ev.GameEnded, player) -> str:
    if not e.winners:
        return "Game over: the Solo Mission fails" if s.solo else "Game over: nobody wins"
    if len(e.winners) == 1:
        return f"Game over: {player_name(e.winners[0])} fulfils the Mission and wins"
    return f"Game over: {players_list(e.winners)} fulfil the Mission and share the victory"


@says(ev.GameTruncated)
def game_truncated(c, s, e: ev.GameTruncated, player) -> str:
    return f"Stopped after turn {e.turn}, the run's turn limit: no result"


assert set(WORDS) == set(ev.EVENTS), "every Apogee event needs its words"


def describe(c: Components, s: ApogeeState, item, player: int | None) -> str:
    """`item` in words for `player`, from the redacted position `s` just before it (module docstring)."""
    return WORDS[type(item)](c, s, item, player)

"""evolve: one handler per event, applying it to the state in place (never drawing, never failing on a valid
stream). Each is registered beside its definition; the few that need the component data (a card's kind
to put it beneath "its" pile, an Engineer's profile) are bound to it once by `HANDLERS.bind`."""

from __future__ import annotations

from boardcore.game.handlers import Handlers

from apogee import events as ev
from apogee.components import UPPER, Components
from apogee.state import IDLE, MOD_OF, SOC_FIXED, SPOT_OF, UNSET, ApogeeState, Prompt

HANDLERS = Handlers("apogee")
S = ApogeeState


def _answer(s: S) -> S:
    """A decision answers the open prompt; what was asked is kept (`answered`) for the resolution."""
    s.answered, s.prompt = s.prompt, None
    return s


def _everyone_answered(s: S) -> None:
    """A simultaneous step closes once nobody is left waiting."""
    if not any(x.waiting for x in s.areas):
        s.prompt = None


# -- decisions -----------------------------------------------------------------
@HANDLERS.on(ev.ChooseTeam, ev.ChooseRiver, ev.TakeCard, ev.Build, ev.Discard, ev.SpendDie)
def answered(s: S, e) -> S:
    """Decisions whose effect their facts carry."""
    return _answer(s)


@HANDLERS.on(ev.KeepDirector)
def keep_director(s: S, e: ev.KeepDirector) -> S:
    pl = s.areas[e.player - 1]
    pl.director = e.director
    pl.waiting = False
    _everyone_answered(s)
    return s


@HANDLERS.on(ev.Place)
def place(s: S, e: ev.Place) -> S:
    """AP-PLC-01, AP-PLC-10: each Engineer gets one spot; a player is done once all of theirs have one."""
    pl = s.areas[e.player - 1]
    i = pl.hand.index(e.engineer)
    pl.spots[i] = SPOT_OF[e.spot]
    if UNSET not in pl.spots:
        pl.waiting = False
        _everyone_answered(s)
    return s


@HANDLERS.on(ev.KeepRnd)
def keep_rnd(s: S, e: ev.KeepRnd) -> S:
    pl = s.areas[e.player - 1]
    drawn = list(pl.drawn)
    drawn.remove(e.card)
    pl.drawn = tuple(drawn)
    pl.reserve.append(e.card)
    return _answer(s)


@HANDLERS.on(ev.UseSpecialty)
def use_specialty(s: S, e: ev.UseSpecialty) -> S:
    """AP-DSP-03: the Specialty is one of the turn's Director actions, and spent for the game."""
    pl = s.areas[e.player - 1]
    pl.specialty_used = True
    pl.actions -= 1
    return _answer(s)


@HANDLERS.on(ev.Intervene)
def intervene(s: S, e: ev.Intervene) -> S:
    """AP-NAT-02: the Nation Intervention is one Director action, once per game."""
    pl = s.areas[e.player - 1]
    pl.nation_used = True
    pl.actions -= 1
    return _answer(s)


@HANDLERS.on(ev.Recruit, ev.StaticFire, ev.LaunchRocket, ev.Sell, ev.Dismiss)
def director_action(s: S, e) -> S:
    """Every Director action costs one of the turn's actions (AP-DIR-01); Sell and Dismiss also answer
    Specialty prompts, which cost nothing more."""
    if s.prompt is not None and s.prompt.kind == "admin":
        pl = s.areas[e.player - 1]
        pl.actions -= 1
        if type(e) is ev.StaticFire:
            pl.fired = True
        elif type(e) is ev.LaunchRocket:
            pl.launched = True
    return _answer(s)


@HANDLERS.on(ev.Pass)
def pass_(s: S, e: ev.Pass) -> S:
    """Passing in the Administration phase ends the player's turn there (AP-DIR-05)."""
    if s.prompt is not None and s.prompt.kind == "admin":
        s.areas[e.player - 1].actions = 0
    return _answer(s)


# -- setup and the order of play ----------------------------------------------
PILES = ("first", "upper", "payload", "rnd")


@HANDLERS.on(ev.PileShuffled)
def pile_shuffled(s: S, e: ev.PileShuffled) -> S:
    order = e.order     # a list for the piles the state changes in place, a tuple for the others
    name = e.pile
    if name in PILES:
        s.piles[PILES.index(name)] = list(order)
    elif name == "juniors":
        s.juniors = list(order)
    elif name == "seniors":
        s.seniors = list(order)
    elif name == "investors":
        s.investor_pile = tuple(order)
    elif name == "events":
        s.event_pile = tuple(order)
    elif name == "directors":
        s.directors_out = list(order)
    return s


@HANDLERS.on(ev.DirectorsDealt)
def directors_dealt(s: S, e: ev.DirectorsDealt) -> S:
    s.areas[e.player - 1].dealt = tuple(e.directors)
    for d in e.directors:
        s.directors_out.remove(d)
    return s


@HANDLERS.on(ev.DirectorsRevealed)
def directors_revealed(s: S, e: ev.DirectorsRevealed) -> S:
    for pl in s.areas:
        s.directors_out.extend(d for d in pl.dealt if d != pl.director)
        pl.dealt = ()
    s.directors_out.sort()
    return s


@HANDLERS.on(ev.StepStarted)
def step_started(s: S, e: ev.StepStarted) -> S:
    s.stage, s.order, s.cursor = e.step, tuple(e.order), e.cursor
    return s


@HANDLERS.on(ev.Asked)
def asked(s: S, e: ev.Asked) -> S:
    s.prompt = Prompt(kind=e.kind, player=e.player, a=e.a, b=e.b)
    return s


@HANDLERS.on(ev.SimultaneousStep)
def simultaneous_step(s: S, e: ev.SimultaneousStep) -> S:
    s.stage = e.step
    for who in e.players:
        pl = s.areas[who - 1]
        pl.waiting = True
        if e.step == "place":
            pl.spots = [UNSET] * len(pl.hand)
    if e.players:
        s.prompt = Prompt(kind=e.step)
    return s


@HANDLERS.on(ev.PlacementRevealed)
def placement_revealed(s: S, e: ev.PlacementRevealed) -> S:
    s.revealed |= 1 << SPOT_OF[e.spot]
    return s


@HANDLERS.on(ev.TurnStarted)
def turn_started(s: S, e: ev.TurnStarted) -> S:
    s.turn = e.turn
    s.event = e.event
    if e.event >= 0:
        s.event_pile = s.event_pile[:-1]
        s.events_seen = (*s.events_seen, e.event)
    return s


@HANDLERS.on(ev.TurnEnded)
def turn_ended(s: S, e: ev.TurnEnded) -> S:
    """AP-ADM-02, AP-INV-21: Engineers back to their hands, the turn's effects gone."""
    s.revealed = 0
    for pl in s.areas:
        pl.spots = [IDLE] * len(pl.hand)
        pl.mods = (0,) * len(pl.mods)
        pl.launched = pl.fired = pl.skip = False
        pl.actions = 0
    return s


@HANDLERS.on(ev.GameEnded)
def game_ended(s: S, e: ev.GameEnded) -> S:
    s.over, s.winners, s.prompt, s.stage = True, tuple(e.winners), None, "over"
    for pl in s.areas:
        pl.waiting = False
    return s


@HANDLERS.on(ev.GameTruncated)
def game_truncated(s: S, e: ev.GameTruncated) -> S:
    s.over, s.truncated, s.prompt, s.stage = True, True, None, "over"
    return s


# -- Engineers and Investors ---------------------------------------------------
@HANDLERS.on(ev.EngineersRecruited)
def engineers_recruited(s: S, e: ev.EngineersRecruited) -> S:
    pl = s.areas[e.player - 1]
    pile = s.seniors if e.senior else s.juniors
    for eng in e.engineers:
        pile.pop()
        pl.hand.append(eng)
        pl.spots.append(IDLE if s.stage != "place" else UNSET)
    return s


@HANDLERS.with_data(ev.EngineerDismissed)
def engineer_dismissed(c: Components, s: S, e: ev.EngineerDismissed) -> S:
    """AP-AMB-47: beneath the pile of its profile."""
    pl = s.areas[e.player - 1]
    i = pl.hand.index(e.engineer)
    del pl.hand[i]
    del pl.spots[i]
    (s.seniors if c.senior[e.engineer] else s.juniors).insert(0, e.engineer)
    if e.reason == "owed" and pl.owed:
        pl.owed -= 1
    return s


@HANDLERS.on(ev.SocAssigned)
def soc_assigned(s: S, e: ev.SocAssigned) -> S:
    pl = s.areas[e.player - 1]
    pl.spots[pl.hand.index(e.engineer)] = SOC_FIXED
    return s


@HANDLERS.on(ev.DismissalsOwed)
def dismissals_owed(s: S, e: ev.DismissalsOwed) -> S:
    s.areas[e.player - 1].owed += e.count
    return s


@HANDLERS.on(ev.InvestorsRevealed)
def investors_revealed(s: S, e: ev.InvestorsRevealed) -> S:
    s.investor_pile = s.investor_pile[:len(s.investor_pile) - len(e.investors)]
    s.investor_river = (*s.investor_river, *e.investors)
    return s


@HANDLERS.on(ev.InvestorsReplaced)
def investors_replaced(s: S, e: ev.InvestorsReplaced) -> S:
    river = list(s.investor_river)
    for i in e.removed:
        river.remove(i)
    s.investors_out = (*s.investors_out, *e.removed)
    s.investor_pile = s.investor_pile[:len(s.investor_pile) - len(e.revealed)]
    s.investor_river = (*river, *e.revealed)
    return s


@HANDLERS.on(ev.InvestorWon)
def investor_won(s: S, e: ev.InvestorWon) -> S:
    river = list(s.investor_river)
    river.remove(e.investor)
    pl = s.areas[e.player - 1]
    pl.investors = (*pl.investors, e.investor)
    pl.credits += e.credits
    if e.revealed >= 0:
        s.investor_pile = s.investor_pile[:-1]
        river.append(e.revealed)
    s.investor_river = tuple(river)
    return s


# -- Technology cards ------------------------------------------------------------
@HANDLERS.on(ev.RiverFilled)
def river_filled(s: S, e: ev.RiverFilled) -> S:
    pile, river = s.piles[e.river], s.rivers[e.river]
    for card in e.cards:
        pile.pop()
        river.append(card)
    return s


@HANDLERS.on(ev.RiverReplaced)
def river_replaced(s: S, e: ev.RiverReplaced) -> S:
    pile = s.piles[e.river]
    pile[:0] = e.cleared
    for _ in e.revealed:
        pile.pop()
    s.rivers[e.river] = list(e.revealed)
    return s


@HANDLERS.on(ev.TechAcquired)
def tech_acquired(s: S, e: ev.TechAcquired) -> S:
    if e.river >= 0:
        s.rivers[e.river].remove(e.card)
        if e.revealed >= 0:
            s.piles[e.river].pop()
            s.rivers[e.river].append(e.revealed)
    else:
        s.piles[3].pop()
    s.areas[e.player - 1].reserve.append(e.card)
    return s


@HANDLERS.on(ev.RndDrawn)
def rnd_drawn(s: S, e: ev.RndDrawn) -> S:
    pile = s.piles[3]
    pl = s.areas[e.player - 1]
    for _ in e.cards:
        pile.pop()
    pl.drawn = (*pl.drawn, *e.cards)
    return s


@HANDLERS.on(ev.RndReturned)
def rnd_returned(s: S, e: ev.RndReturned) -> S:
    for pl in s.areas:
        pl.drawn = ()
    s.piles[3][:0] = e.cards
    return s


@HANDLERS.with_data(ev.TechBuilt)
def tech_built(c: Components, s: S, e: ev.TechBuilt) -> S:
    """The kinds ever built are kept for Solo Event 06 (AP-SEV-09); the Single-Stage Orbital Launcher counts
    as a First and an Upper Stage (AP-TECH-03)."""
    pl = s.areas[e.player - 1]
    pl.reserve.remove(e.card)
    pl.pad.append(e.card)
    pl.credits -= e.paid
    pl.built_kinds |= (1 << c.kind[e.card]) | ((1 << UPPER) if c.tech[e.card].ssto else 0)
    return s


def _beneath_its_pile(c: Components, s: S, card: int, revealed: int) -> None:
    """AP-GEN-05: beneath the pile of its kind; `revealed` goes straight into a short river (AP-AMB-48)."""
    k = c.kind[card]
    s.piles[k].insert(0, card)
    if revealed >= 0:
        s.piles[k].pop()
        s.rivers[k].append(revealed)


@HANDLERS.with_data(ev.TechSold)
def tech_sold(c: Components, s: S, e: ev.TechSold) -> S:
    pl = s.areas[e.player - 1]
    (pl.pad if e.built else pl.reserve).remove(e.card)
    _beneath_its_pile(c, s, e.card, e.revealed)
    pl.credits += e.price
    return s


@HANDLERS.with_data(ev.TechDiscarded)
def tech_discarded(c: Components, s: S, e: ev.TechDiscarded) -> S:
    s.areas[e.player - 1].reserve.remove(e.card)
    _beneath_its_pile(c, s, e.card, e.revealed)
    return s


@HANDLERS.on(ev.TechReturned)
def tech_returned(s: S, e: ev.TechReturned) -> S:
    pl = s.areas[e.player - 1]
    for card in e.cards:
        pl.pad.remove(card)
        pl.reserve.append(card)
    return s


@HANDLERS.on(ev.RocketLaunched)
def rocket_launched(s: S, e: ev.RocketLaunched) -> S:
    pl = s.areas[e.player - 1]
    pl.pad = list(e.kept)
    pl.reserve.extend(e.returned)
    pl.launches = (*pl.launches, e.launch)
    return s


# -- credits, dice and the turn's modifiers ----------------------------------------
@HANDLERS.on(ev.CreditsChanged)
def credits_changed(s: S, e: ev.CreditsChanged) -> S:
    s.areas[e.player - 1].credits += e.amount
    return s


@HANDLERS.on(ev.EarningsCollected)
def earnings_collected(s: S, e: ev.EarningsCollected) -> S:
    """A debt that cannot be paid costs the next Director actions and Engineers (AP-ERN-05, AP-ERN-06)."""
    pl = s.areas[e.player - 1]
    pl.credits += e.amount
    if e.unpaid:
        pl.skip = True
        pl.owed += e.dismissals
    return s


@HANDLERS.on(ev.DiceRolled)
def dice_rolled(s: S, e: ev.DiceRolled) -> S:
    """An additional die goes back to the supply whatever it shows (AP-DICE-04)."""
    if e.blue:
        s.areas[e.player - 1].dice -= 1
        s.supply += 1
    return s


@HANDLERS.on(ev.DieGained)
def die_gained(s: S, e: ev.DieGained) -> S:
    s.areas[e.player - 1].dice += 1
    s.supply -= 1
    return s


@HANDLERS.on(ev.DiceReturned)
def dice_returned(s: S, e: ev.DiceReturned) -> S:
    s.areas[e.player - 1].dice -= e.count
    s.supply += e.count
    return s


@HANDLERS.on(ev.Modified)
def modified(s: S, e: ev.Modified) -> S:
    i = MOD_OF[e.mod]
    for pl in (s.areas if e.player == 0 else (s.areas[e.player - 1],)):
        mods = list(pl.mods)
        mods[i] += e.amount
        pl.mods = tuple(mods)
    return s


@HANDLERS.on(ev.ActionsGranted)
def actions_granted(s: S, e: ev.ActionsGranted) -> S:
    for pl in s.areas:
        pl.actions = 0 if pl.skip else e.count
    return s


@HANDLERS.on(ev.BanAdded)
def ban_added(s: S, e: ev.BanAdded) -> S:
    s.bans = (*s.bans, e.ban)
    return s


@HANDLERS.on(ev.GoalAdded)
def goal_added(s: S, e: ev.GoalAdded) -> S:
    s.extra_goals = (*s.extra_goals, e.event)
    return s


# The launch's failure and the static fire's result are told by their dice; they change nothing more.
HANDLERS.unchanged(ev.LaunchAborted, ev.StaticFired)

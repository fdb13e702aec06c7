"""evolve: one handler per event, applying it to the state in place (never drawing, never failing on a valid
stream). Built per catalog because returning a card beneath "its" pile needs its kind."""

from __future__ import annotations

from apogee import events as ev
from apogee.components import UPPER, Catalog
from apogee.state import IDLE, MOD_OF, SOC_FIXED, SPOT_OF, UNSET, ApogeeState, Prompt


def make_handlers(c: Catalog) -> dict:
    kind, senior = c.kind, c.senior
    # the Single-Stage Orbital Launcher counts as a First Stage and an Upper Stage (AP-TECH-03)
    built_bits = [(1 << kind[card]) | ((1 << UPPER) if t.ssto else 0) for card, t in enumerate(c.tech)]
    hand_limit = c.n.hand_limit

    def answered(s: ApogeeState, e) -> ApogeeState:
        """A decision answers the prompt: keep what was asked for resolve."""
        s.answered, s.prompt = s.prompt, None
        return s

    def keep_director(s, e: ev.KeepDirector):
        pl = s.p[e.player - 1]
        pl.director = e.director
        pl.waiting = False
        if not any(x.waiting for x in s.p):
            s.prompt = None
        return s

    def place(s, e: ev.Place):
        """AP-PLC-01, AP-PLC-10: each Engineer gets one spot."""
        pl = s.p[e.player - 1]
        i = pl.hand.index(e.engineer)
        pl.spots[i] = SPOT_OF[e.spot]
        if UNSET not in pl.spots:
            pl.waiting = False
            if not any(x.waiting for x in s.p):
                s.prompt = None
        return s

    def keep_rnd(s, e: ev.KeepRnd):
        pl = s.p[e.player - 1]
        pl.drawn.remove(e.card)
        pl.reserve.append(e.card)
        s.answered, s.prompt = s.prompt, None
        return s

    def use_specialty(s, e):
        pl = s.p[e.player - 1]
        pl.specialty_used = True
        pl.actions -= 1
        s.answered, s.prompt = s.prompt, None
        return s

    def intervene(s, e):
        pl = s.p[e.player - 1]
        pl.nation_used = True
        pl.actions -= 1
        s.answered, s.prompt = s.prompt, None
        return s

    def admin_action(s, e):
        """Every Director action costs one of the turn's actions (AP-DIR-01)."""
        if s.prompt is not None and s.prompt.kind == "admin":
            pl = s.p[e.player - 1]
            pl.actions -= 1
            if type(e) is ev.StaticFire:
                pl.fired = True
            elif type(e) is ev.LaunchRocket:
                pl.launched = True
        s.answered, s.prompt = s.prompt, None
        return s

    def pass_(s, e):
        if s.prompt is not None and s.prompt.kind == "admin":
            s.p[e.player - 1].actions = 0
        s.answered, s.prompt = s.prompt, None
        return s

    # -- facts ---------------------------------------------------------------
    def shuffled(s, e: ev.PileShuffled):
        order = list(e.order)
        name = e.pile
        if name in ("first", "upper", "payload", "rnd"):
            s.piles[("first", "upper", "payload", "rnd").index(name)] = order
        elif name == "juniors":
            s.juniors = order
        elif name == "seniors":
            s.seniors = order
        elif name == "investors":
            s.investor_pile = order
        elif name == "events":
            s.event_pile = order
        elif name == "directors":
            s.directors_out = order
        return s

    def dealt(s, e: ev.DirectorsDealt):
        s.p[e.player - 1].dealt = list(e.directors)
        for d in e.directors:
            s.directors_out.remove(d)
        return s

    def directors_revealed(s, e: ev.DirectorsRevealed):
        for pl in s.p:
            s.directors_out.extend(d for d in pl.dealt if d != pl.director)
            pl.dealt = []
        s.directors_out.sort()
        return s

    def recruited(s, e: ev.EngineersRecruited):
        pl = s.p[e.player - 1]
        pile = s.seniors if e.senior else s.juniors
        for eng in e.engineers:
            pile.pop()
            pl.hand.append(eng)
            pl.spots.append(IDLE if s.stage != "place" else UNSET)
        return s

    def dismissed(s, e: ev.EngineerDismissed):
        pl = s.p[e.player - 1]
        i = pl.hand.index(e.engineer)
        del pl.hand[i]
        del pl.spots[i]
        (s.seniors if senior[e.engineer] else s.juniors).insert(0, e.engineer)
        if e.reason == "owed" and pl.owed:
            pl.owed -= 1
        return s

    def river_filled(s, e: ev.RiverFilled):
        pile, river = s.piles[e.river], s.rivers[e.river]
        for card in e.cards:
            pile.pop()
            river.append(card)
        return s

    def river_replaced(s, e: ev.RiverReplaced):
        pile = s.piles[e.river]
        pile[:0] = e.cleared
        for _ in e.revealed:
            pile.pop()
        s.rivers[e.river] = list(e.revealed)
        return s

    def back_to_pile(s, card: int, revealed: int) -> None:
        k = kind[card]
        s.piles[k].insert(0, card)
        if revealed >= 0:
            s.piles[k].pop()
            s.rivers[k].append(revealed)

    def investors_revealed(s, e: ev.InvestorsRevealed):
        for i in e.investors:
            s.investor_pile.pop()
            s.investor_river.append(i)
        return s

    def investors_replaced(s, e: ev.InvestorsReplaced):
        for i in e.removed:
            s.investor_river.remove(i)
            s.investors_out.append(i)
        for i in e.revealed:
            s.investor_pile.pop()
            s.investor_river.append(i)
        return s

    def investor_won(s, e: ev.InvestorWon):
        s.investor_river.remove(e.investor)
        pl = s.p[e.player - 1]
        pl.investors.append(e.investor)
        pl.credits += e.credits
        if e.revealed >= 0:
            s.investor_pile.pop()
            s.investor_river.append(e.revealed)
        return s

    def step_started(s, e: ev.StepStarted):
        s.stage, s.order, s.cursor = e.step, list(e.order), e.cursor
        return s

    def asked(s, e: ev.Asked):
        s.prompt = Prompt(kind=e.kind, player=e.player, a=e.a, b=e.b)
        return s

    def simultaneous(s, e: ev.SimultaneousStep):
        s.stage = e.step
        for who in e.players:
            pl = s.p[who - 1]
            pl.waiting = True
            if e.step == "place":
                pl.spots = [UNSET] * len(pl.hand)
        if e.players:
            s.prompt = Prompt(kind=e.step)
        return s

    def placement_revealed(s, e: ev.PlacementRevealed):
        s.revealed |= 1 << SPOT_OF[e.spot]
        return s

    def turn_started(s, e: ev.TurnStarted):
        s.turn = e.turn
        s.event = e.event
        if e.event >= 0:
            s.event_pile.pop()
            s.events_seen.append(e.event)
        return s

    def credits(s, e: ev.CreditsChanged):
        s.p[e.player - 1].credits += e.amount
        return s

    def rolled(s, e: ev.DiceRolled):
        if e.blue:
            s.p[e.player - 1].dice -= 1
            s.supply += 1
        return s

    def die_gained(s, e: ev.DieGained):
        s.p[e.player - 1].dice += 1
        s.supply -= 1
        return s

    def dice_returned(s, e: ev.DiceReturned):
        s.p[e.player - 1].dice -= e.count
        s.supply += e.count
        return s

    def acquired(s, e: ev.TechAcquired):
        if e.river >= 0:
            s.rivers[e.river].remove(e.card)
            if e.revealed >= 0:
                s.piles[e.river].pop()
                s.rivers[e.river].append(e.revealed)
        else:
            s.piles[3].pop()
        s.p[e.player - 1].reserve.append(e.card)
        return s

    def rnd_drawn(s, e: ev.RndDrawn):
        pile = s.piles[3]
        drawn = s.p[e.player - 1].drawn
        for card in e.cards:
            pile.pop()
            drawn.append(card)
        return s

    def rnd_returned(s, e: ev.RndReturned):
        for pl in s.p:
            pl.drawn = []
        s.piles[3][:0] = e.cards
        return s

    def built(s, e: ev.TechBuilt):
        pl = s.p[e.player - 1]
        pl.reserve.remove(e.card)
        pl.pad.append(e.card)
        pl.credits -= e.paid
        pl.built_kinds |= built_bits[e.card]                  # AP-SEV-09 asks per stage
        return s

    def sold(s, e: ev.TechSold):
        pl = s.p[e.player - 1]
        (pl.pad if e.built else pl.reserve).remove(e.card)
        back_to_pile(s, e.card, e.revealed)
        pl.credits += e.price
        return s

    def discarded(s, e: ev.TechDiscarded):
        s.p[e.player - 1].reserve.remove(e.card)
        back_to_pile(s, e.card, e.revealed)
        return s

    def returned(s, e: ev.TechReturned):
        pl = s.p[e.player - 1]
        for card in e.cards:
            pl.pad.remove(card)
            pl.reserve.append(card)
        return s

    def launched(s, e: ev.RocketLaunched):
        pl = s.p[e.player - 1]
        pl.pad = list(e.kept)
        pl.reserve.extend(e.returned)
        pl.launches.append(e.launch)
        return s

    def soc_assigned(s, e: ev.SocAssigned):
        pl = s.p[e.player - 1]
        pl.spots[pl.hand.index(e.engineer)] = SOC_FIXED
        return s

    def modified(s, e: ev.Modified):
        i = MOD_OF[e.mod]
        for pl in (s.p if e.player == 0 else (s.p[e.player - 1],)):
            pl.mods[i] += e.amount
        return s

    def actions_granted(s, e: ev.ActionsGranted):
        for pl in s.p:
            pl.actions = 0 if pl.skip else e.count
        return s

    def earnings(s, e: ev.EarningsCollected):
        pl = s.p[e.player - 1]
        pl.credits += e.amount
        if e.unpaid:
            pl.skip = True
            pl.owed += e.dismissals
        return s

    def owed(s, e: ev.DismissalsOwed):
        s.p[e.player - 1].owed += e.count
        return s

    def ban(s, e: ev.BanAdded):
        s.bans.append(e.ban)
        return s

    def goal(s, e: ev.GoalAdded):
        s.extra_goals.append(e.event)
        return s

    def turn_ended(s, e: ev.TurnEnded):
        """AP-ADM-02, AP-INV-21: hands back, turn effects gone."""
        s.revealed = 0
        for pl in s.p:
            pl.spots = [IDLE] * len(pl.hand)
            pl.mods = [0] * len(pl.mods)
            pl.launched = pl.fired = pl.skip = False
            pl.actions = 0
        return s

    def game_ended(s, e: ev.GameEnded):
        s.over, s.winners, s.prompt, s.stage = True, list(e.winners), None, "over"
        for pl in s.p:
            pl.waiting = False
        return s

    def truncated(s, e: ev.GameTruncated):
        s.over, s.truncated, s.prompt, s.stage = True, True, None, "over"
        return s

    table = {
        ev.KeepDirector: keep_director, ev.Place: place, ev.KeepRnd: keep_rnd,
        ev.UseSpecialty: use_specialty, ev.Intervene: intervene, ev.Pass: pass_,
        ev.PileShuffled: shuffled, ev.DirectorsDealt: dealt, ev.DirectorsRevealed: directors_revealed,
        ev.EngineersRecruited: recruited, ev.EngineerDismissed: dismissed, ev.RiverFilled: river_filled,
        ev.RiverReplaced: river_replaced, ev.InvestorsRevealed: investors_revealed,
        ev.InvestorsReplaced: investors_replaced, ev.InvestorWon: investor_won,
        ev.StepStarted: step_started, ev.Asked: asked, ev.SimultaneousStep: simultaneous,
        ev.PlacementRevealed: placement_revealed, ev.TurnStarted: turn_started,
        ev.CreditsChanged: credits, ev.DiceRolled: rolled,
        ev.DieGained: die_gained, ev.DiceReturned: dice_returned, ev.TechAcquired: acquired,
        ev.RndDrawn: rnd_drawn, ev.RndReturned: rnd_returned, ev.TechBuilt: built, ev.TechSold: sold,
        ev.TechDiscarded: discarded, ev.TechReturned: returned, ev.RocketLaunched: launched,
        ev.SocAssigned: soc_assigned, ev.Modified: modified,
        ev.ActionsGranted: actions_granted, ev.EarningsCollected: earnings, ev.DismissalsOwed: owed,
        ev.BanAdded: ban, ev.GoalAdded: goal, ev.TurnEnded: turn_ended, ev.GameEnded: game_ended,
        ev.GameTruncated: truncated,
    }
    for cls in (ev.ChooseTeam, ev.ChooseRiver, ev.TakeCard, ev.Build, ev.Discard, ev.SpendDie):
        table[cls] = answered
    for cls in (ev.Recruit, ev.StaticFire, ev.LaunchRocket, ev.Sell, ev.Dismiss):
        table[cls] = admin_action
    return table

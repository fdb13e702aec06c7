"""The actions (GW-DEP-01..10, GW-DONLY-01..02, GW-ASN-01..06, GW-SUB-01..09, GW-BOMB-01..08,
GW-SUPA-01, GW-RCN-01..11), the skills' effects (GW-SKILL-03..06) and Black Friday.

An action under way is a `Ctx` on the state's stack, resolved one stage at a time: its cost, its
reputation and bonus, then its effect; it may start another (a borrowed action, a bonus) on top.
"""

from __future__ import annotations

import msgspec

from warlords import events as ev
from warlords import queries as q
from warlords import hire, invasion, reputation, support
from warlords.casualties import loss_groups, rebel_losses
from warlords.components import UNIT_KINDS
from warlords.prompts import POINTS, ask
from warlords.state import REBEL, Ctx

replace = msgspec.structs.replace
MERC_ACTIONS = ("deploy", "deploy_only", "assassinate", "subterfuge", "bombard", "support", "recon")


def owner_of(s, ctx: Ctx) -> int:
    """Who resolves an action: the active player, as every action is played on one's own turn (a
    reputation bonus names its owner in `target` instead)."""
    return s.active


def stage(u, ctx: Ctx, **changes) -> Ctx:
    """Record how far the action on top of the stack has got."""
    new = replace(ctx, **changes)
    u.emit(ev.ActionStaged(ctx=new))
    return new


def step(c, u, rng) -> None:
    """The next stage of the action on top of the stack. GW-ACT-03: it is resolved fully, the
    action it started first, before anything else starts."""
    s = u.state
    ctx = s.ctx[-1]
    p = owner_of(s, ctx)
    if ctx.kind == "bonus":
        ask(u, ctx.target, "bonus")
        return
    if ctx.kind in MERC_ACTIONS and ctx.stage == "start":
        begin(c, u, ctx, p)
        return
    if ctx.stage == "start":
        ctx = stage(u, ctx, stage="go")
    EFFECTS[ctx.kind](c, u, ctx, p, rng)


def begin(c, u, ctx: Ctx, p: int) -> None:
    """GW-ACT-07 (a): a mercenary action's cost comes first, then its reputation and its effect."""
    s = u.state
    # GW-ACT-04: an action whose cost cannot be paid is not played (its offer checked this already)
    if ctx.source not in ("tactical", "skill") and not q.can_pay(c, s, p, ctx.kind):
        u.emit(ev.ActionEnded())
        return
    # GW-ACT-05, the costs in data/actions.toml: one Infantry to Mission (GW-ASN-01, GW-SUB-01, GW-SUPA-01,
    # GW-RCN-01); GW-SUP-05, GW-AMB-27: a support card's action pays it too; Tactical and skills pay none
    cost = c.cost.get(ctx.kind, "") if ctx.source not in ("tactical", "skill") else ""
    units = q.lp(s, p)
    if cost == "infantry_or_aircraft" and units[0] and units[2]:
        stage(u, ctx, stage="pay")   # GW-BOMB-01: the Bombard's payer chooses when both are there
        ask(u, p, "pay")
        return
    if cost:
        u.emit(ev.CostPaid(player=p, unit=0 if units[0] else 2))
    after_cost(c, u, ctx, p)


@POINTS.options("pay", asks="Pay the Bombard with an Infantry or with an Aircraft (GW-BOMB-01)")
def pay_options(c, s, p: int) -> list:
    return [ev.PayWith(player=p, unit="infantry"), ev.PayWith(player=p, unit="aircraft")]


@POINTS.resolves("pay")
def on_pay(c, u, a, rng) -> None:
    """The chosen unit goes to Mission; the effect is the same either way."""
    s = u.state
    u.emit(ev.CostPaid(player=a.player, unit=0 if a.unit == "infantry" else 2))
    after_cost(c, u, s.ctx[-1], a.player)


def after_cost(c, u, ctx: Ctx, p: int) -> None:
    """GW-ACT-07 (b): reputation, before the effect (GW-REP-17)."""
    s = u.state
    ctx = stage(u, ctx, stage="go")
    # GW-REP-03, GW-REP-07: only an action of one's own turn from this turn's card, a Tactical action or
    # Covert Ops (`rep`); GW-REP-05, GW-REP-06: never one from a support card, Subterfuge B or the
    # solo copy, whose contexts are built without `rep`
    if ctx.rep and p == s.active and reputation.matches(c, s, p, ctx.kind):
        reputation.gain(c, u, p)


# -- Deploy / Deploy Only / Covert Ops / Tactical ---------------------------------
def deploy(c, u, ctx: Ctx, p: int, rng) -> None:
    """A Deploy or Deploy Only (GW-DONLY-01: like a Deploy, never invading): the planet, then the
    units. Where it may land is `queries.deploy_targets`; how many, `queries.deploy_room`."""
    s = u.state
    if ctx.stage == "go":
        if not q.deploy_targets(c, s, p, ctx):
            u.emit(ev.ActionEnded())
            return
        ask(u, p, "planet")


def deploy_planet_options(c, s, p: int, ctx: Ctx) -> list:
    """GW-DEP-01: one revealed planet within this deploy's reach."""
    return [ev.TargetPlanet(player=p, planet=i) for i, _ in q.deploy_targets(c, s, p, ctx)]


@POINTS.options("planet", asks="Choose the planet the action targets (GW-DEP-01, GW-BOMB-02, GW-SKILL-04)")
def planet_options(c, s, p: int) -> list:
    """One point for every action aimed at a planet: a deploy, a Bombard, an Orbital Bombardment."""
    x = s.ctx[-1]
    if x.kind in ("deploy", "deploy_only"):
        return deploy_planet_options(c, s, p, x)
    targets = q.bombard_targets(s, p) if x.kind == "bombard" else q.orbital_targets(s)
    return [ev.TargetPlanet(player=p, planet=i) for i in targets]


@POINTS.resolves("planet")
def on_planet(c, u, a, rng) -> None:
    """A deploy goes on to choose its units; a Bombard or an Orbital Bombardment strikes."""
    s = u.state
    ctx = s.ctx[-1]
    if ctx.kind in ("deploy", "deploy_only"):
        stage(u, ctx, stage="units", planet=a.planet)
        ask(u, a.player, "units")
    elif ctx.kind == "bombard":
        bombard_hit(c, u, ctx, a.player, a.planet, rng)
    elif ctx.kind == "orbital_bombardment":
        orbital(c, u, a.planet)


@POINTS.options("units", asks="Choose the units to deploy from your Launch Pad (GW-DEP-02)")
def deploy_unit_options(c, s, p: int) -> list:
    """The mixes that fit the chosen planet; one that reached it as a Dropship must hold an Aircraft."""
    ctx = s.ctx[-1]
    need_air = dict(q.deploy_targets(c, s, p, ctx)).get(ctx.planet, False)
    return [ev.DeployUnits(player=p, infantry=i, tanks=t, aircraft=a)
            for i, t, a in q.unit_groups(c, s, p, ctx.planet, ctx.invade, need_air)]


@POINTS.resolves("units")
def on_units(c, u, a, rng) -> None:
    """The deploy ends as its units land (the rulebook's examples: GW-EX-01, GW-EX-06)."""
    s = u.state
    ctx = s.ctx[-1]
    units = (a.infantry, a.tanks, a.aircraft)
    u.emit(ev.ActionEnded())
    land(c, u, a.player, ctx.planet, units)


def land(c, u, p: int, planet: int, units: tuple[int, int, int], sector: str = "") -> None:
    """Units arrive on a planet: a player's deploy, or the Rebellion's from a sector (`sector`)."""
    s = u.state
    o = s.owner[planet]
    if o and o != p:
        # GW-DEP-06: onto an opponent's units, an invasion, whose win gives no Deploy Power (GW-DEP-10)
        invasion.start(c, u, p, o, planet, units, sector)
        return
    empty = o == 0
    u.emit(ev.Deployed(player=p, planet=planet, units=units, sector=sector))
    # GW-DEP-04: an empty planet gives control and its type's Deploy value; GW-DEP-05: one's own gives
    # nothing; GW-SPT-05, GW-REB-14, GW-AMB-61: in solo no one gains Deploy Power
    if empty and s.mode != "solo":
        value = c.deploy_value[s.track[c.type_index[s.planet_type[planet]]]]
        if value:
            u.emit(ev.PowerGained(player=p, amount=value, reason="deploy"))


# -- Assassinate / Heavy Assault ------------------------------------------------------
def assassinate(c, u, ctx: Ctx, p: int, rng) -> None:
    """A wound or a dead guard (the rulebook's example: GW-EX-07). A wounded card keeps its place,
    circles and guards (GW-ASN-04), for good and once (GW-ASN-05, GW-AMB-42): `evolve.wounded`."""
    s = u.state
    if s.mode == "solo":   # GW-SPT-06: in solo it removes a pre-deployed Rebellion unit instead
        if not q.pre_units(s):
            u.emit(ev.ActionEnded())
            return
        ask(u, p, "remove_pre")
        return
    if not (q.wound_targets(s, p) or q.guard_targets(s, p)):
        u.emit(ev.ActionEnded())
        return
    ask(u, p, "assassinate")


def heavy_assault(c, u, ctx: Ctx, p: int, rng) -> None:
    """GW-SKILL-03: the red skill wounds or kills a guard as Assassinate does, at no cost."""
    s = u.state
    if s.mode == "solo":
        # GW-SPT-11: in solo, 2 pre-deployed Rebellion units, from any sectors (`n` counts them)
        if ctx.n >= 2 or not q.pre_units(s):
            u.emit(ev.ActionEnded())
            return
        ask(u, p, "remove_pre")
        return
    assassinate(c, u, ctx, p, rng)


@POINTS.options("assassinate", asks="Wound an unguarded mercenary of an opponent, or kill one of their guards "
                                    "(GW-ASN-02)")
def assassinate_options(c, s, p: int) -> list:
    """GW-ASN-02: option A, a wound (targets: `queries.wound_targets`); GW-ASN-03: option B, a guard."""
    return ([ev.Wound(player=p, target=t, card=card) for t, card in q.wound_targets(s, p)]
            + [ev.KillGuard(player=p, target=t, circle=k) for t, k in q.guard_targets(s, p)])


@POINTS.resolves("assassinate")
def on_assassinate(c, u, a, rng) -> None:
    """The wound is marked, or the guard goes to its owner's Medical Bay and its circle stays empty."""
    if isinstance(a, ev.Wound):
        u.emit(ev.Wounded(player=a.target, card=a.card))
    else:
        u.emit(ev.GuardKilled(player=a.target, circle=a.circle))
    u.emit(ev.ActionEnded())


@POINTS.options("remove_pre", asks="Remove a pre-deployed Rebellion unit from a sector of your choice "
                                   "(GW-SPT-06)")
def remove_pre_options(c, s, p: int) -> list:
    """Any kind of unit pre-deployed in any sector, never one on a planet."""
    return [ev.RemovePreDeployed(player=p, sector=c.sectors[x], unit=UNIT_KINDS[k]) for x, k in q.pre_units(s)]


@POINTS.resolves("remove_pre")
def on_remove_pre(c, u, a, rng) -> None:
    """The unit goes back to the Rebel pool; a solo Heavy Assault counts it and may take another."""
    s = u.state
    ctx = s.ctx[-1]
    u.emit(ev.PreRemoved(sector=a.sector, unit=UNIT_KINDS.index(a.unit)))
    if ctx.kind == "heavy_assault":
        stage(u, ctx, n=ctx.n + 1)
    else:
        u.emit(ev.ActionEnded())


# -- Subterfuge ------------------------------------------------------------------
def subterfuge(c, u, ctx: Ctx, p: int, rng) -> None:
    """Take a card from an opponent (multiplayer), or use the Market (solo); later stages put back
    what the action borrowed."""
    s = u.state
    if ctx.stage == "go":
        if s.mode == "solo":   # GW-SPT-07, GW-SPT-08: the solo options, without a victim
            if subterfuge_choices(c, s, p):
                ask(u, p, "subterfuge")
            else:
                u.emit(ev.ActionEnded())
            return
        if q.subterfuge_victims(s, p):
            ask(u, p, "victim")
        else:
            u.emit(ev.ActionEnded())
    elif ctx.stage == "return":   # GW-SUB-04: the borrowed card goes back to its owner's hand
        u.emit(ev.CardGiven(player=p, target=ctx.target, card=ctx.card), ev.ActionEnded())
    elif ctx.stage == "copied":   # GW-SPT-07: the copied Market card leaves the game
        if ctx.card in s.market:
            u.emit(ev.MarketCardRemoved(card=ctx.card))
        u.emit(ev.ActionEnded())


@POINTS.options("victim", asks="Choose the opponent whose hand you take a mercenary from, at random (GW-SUB-02)")
def victim_options(c, s, p: int) -> list:
    return [ev.TargetPlayer(player=p, target=t) for t in q.subterfuge_victims(s, p)]


@POINTS.resolves("victim")
def on_victim(c, u, a, rng) -> None:
    """GW-SUB-02, GW-AMB-43: one card at random from the opponent's hand (drawn from the sorted hand,
    so the draw depends on the cards, not on their order); with nothing to do with it, it goes back."""
    s = u.state
    ctx = s.ctx[-1]
    card = rng.choice(sorted(s.hands[a.target - 1]))
    u.emit(ev.CardTaken(player=a.player, target=a.target, card=card))
    stage(u, ctx, stage="option", target=a.target, card=card)
    if subterfuge_choices(c, s, a.player):
        ask(u, a.player, "subterfuge")
    else:
        u.emit(ev.CardGiven(player=a.player, target=a.target, card=card), ev.ActionEnded())


def subterfuge_choices(c, s, p: int) -> list[str]:
    """The Subterfuge options that can be carried out now."""
    if s.mode == "solo":
        out = []
        if q.market_borrowable(c, s, p, "copy", False):
            out.append("copy")   # GW-SPT-07: copy a Market card's action
        if s.hands[p - 1] and s.market:
            out.append("swap")   # GW-SPT-08: trade a card from hand for a Market card
        return out
    ctx = s.ctx[-1]
    out = []
    if len(s.hands[p - 1]) > 1:
        out.append("keep")       # GW-SUB-03: option A needs another card of one's own to give
    if borrow_options(c, s, p, ctx):
        out.append("play")       # GW-SUB-04: option B needs a playable action on the card
    return out


def borrow_options(c, s, p: int, ctx: Ctx) -> list[tuple[str, str]]:
    """(card, action) pairs an action may borrow: from the card taken (Subterfuge B), a Market card
    (the solo copy) or any Market card (Black Friday)."""
    if ctx.kind == "subterfuge" and s.mode != "solo":
        card = c.mercs.get(ctx.card)   # unknown ("") only when deciding on a player's view
        # GW-SUB-06: never its Subterfuge; GW-SUB-05: a Deploy that cannot invade; GW-SUB-08, GW-FAQ-05:
        # a Bombard in full (the rulebook's example: GW-EX-16)
        return [] if card is None else [(ctx.card, a) for a in dict.fromkeys(card.actions)
                if a != "subterfuge" and q.playable(c, s, p, a, "borrowed", invade=False)]
    if ctx.kind == "subterfuge":
        return q.market_borrowable(c, s, p, "copy", False)
    return q.market_borrowable(c, s, p, "market", True)   # Black Friday


@POINTS.options("subterfuge", asks="Subterfuge: keep the card taken and give back another, or play one of its "
                                   "actions; in solo, copy a Market card's action or swap with the Market (GW-SUB-03)")
def subterfuge_options(c, s, p: int) -> list:
    return [ev.SubterfugeOption(player=p, option=x) for x in subterfuge_choices(c, s, p)]


@POINTS.resolves("subterfuge")
def on_option(c, u, a, rng) -> None:
    """Each option has its own next question."""
    ask(u, a.player, {"keep": "give", "play": "borrow", "copy": "borrow", "swap": "swap"}[a.option])


@POINTS.options("give", asks="Give the opponent one other mercenary from your hand (GW-SUB-03)")
def give_options(c, s, p: int) -> list:
    return [ev.GiveCard(player=p, card=x) for x in s.hands[p - 1] if x != s.taken]


@POINTS.resolves("give")
def on_give(c, u, a, rng) -> None:
    """GW-SUB-03: the taken card is kept and another of one's own goes to the opponent."""
    ctx = u.state.ctx[-1]
    u.emit(ev.CardGiven(player=a.player, target=ctx.target, card=a.card, kept=True), ev.ActionEnded())


@POINTS.options("borrow", asks="Choose the action to play: one of the card taken, or of a Market mercenary "
                               "(GW-SUB-04, GW-SUP-12)")
def borrow_answers(c, s, p: int) -> list:
    return [ev.BorrowAction(player=p, card=x, action=y) for x, y in borrow_options(c, s, p, s.ctx[-1])]


@POINTS.resolves("borrow")
def on_borrow(c, u, a, rng) -> None:
    """The borrowed action starts on top of the one that borrowed it, which then finishes. None of
    them gains reputation (no `rep`), and none uses a slot of one's own card (GW-SUB-09)."""
    s = u.state
    ctx = s.ctx[-1]
    if ctx.kind == "black_friday":
        stage(u, ctx, stage="clear")
        # GW-SUP-12: Black Friday's Market action at its normal cost; its Deploy may invade
        inner = Ctx(kind=a.action, source="market", invade=a.action == "deploy")
    elif s.mode == "solo":
        stage(u, ctx, stage="copied", card=a.card)
        inner = Ctx(kind=a.action, source="copy", invade=False)   # GW-SPT-07, GW-AMB-49: the solo copy
    else:
        stage(u, ctx, stage="return")
        # GW-SUB-04: the taken card's action, then the card goes back; GW-SUB-07: no reputation, no invasion
        inner = Ctx(kind=a.action, source="borrowed", invade=False)
    u.emit(ev.ActionStarted(ctx=inner))


@POINTS.options("swap", asks="Discard a mercenary from your hand and take one from the Market (GW-SPT-08)")
def swap_options(c, s, p: int) -> list:
    return [ev.SoloSwap(player=p, discard=d, take=t) for d in s.hands[p - 1] for t in s.market]


@POINTS.resolves("swap")
def on_swap(c, u, a, rng) -> None:
    """GW-SPT-08: the card from hand leaves the game; the Market card joins the hand."""
    u.emit(ev.CardDiscarded(player=a.player, card=a.discard),
           ev.MarketCardRemoved(card=a.take, player=a.player), ev.ActionEnded())


# -- Bombard ------------------------------------------------------------------------
def bombard(c, u, ctx: Ctx, p: int, rng) -> None:
    """A Bombard needs a target: `queries.bombard_targets`."""
    if ctx.stage == "go":
        if q.bombard_targets(u.state, p):
            ask(u, p, "planet")
        else:
            u.emit(ev.ActionEnded())


def bombard_hit(c, u, ctx: Ctx, p: int, planet: int, rng) -> None:
    """The Bombard strikes `planet`. Losses go where `evolve.units_lost` sends them: Infantry to the
    Medical Bay, Tanks and Aircraft out of the game (GW-BOMB-06), and a planet emptied is no one's
    (GW-BOMB-08). GW-BOMB-07: nothing else happens, no marker, no rounds, no reputation."""
    s = u.state
    o = s.owner[planet]
    u.emit(ev.UnitsLost(player=o, planet=planet, units=(1, 0, 0)))   # GW-BOMB-03: one Infantry, surely
    # GW-BOMB-04: then 2 dice, each Hit one more unit of any kind; other results do nothing
    dice = tuple(c.faces[rng.randbelow(len(c.faces))] for _ in range(c.data.dice.bombard_dice))
    u.emit(ev.DiceRolled(values=dice))
    extra = min(dice.count("hit"), sum(s.planet_units[planet]))   # GW-BOMB-05: hits beyond the units are lost
    if not extra:
        u.emit(ev.ActionEnded())
        return
    stage(u, ctx, stage="casualties", planet=planet, target=o, n=extra)
    # GW-BOMB-05, GW-AMB-11: the owner chooses which, when there is a choice (the Rebellion's is fixed)
    groups = loss_groups(s.planet_units[planet], extra)
    if len(groups) == 1 or (o == REBEL and s.mode == "solo"):
        g = groups[0] if len(groups) == 1 else rebel_losses(s.planet_units[planet], extra)
        u.emit(ev.UnitsLost(player=o, planet=planet, units=g), ev.ActionEnded())
    else:
        ask(u, o, "casualties")


# -- Support, Recon, skills, Black Friday -------------------------------------------
def support_action(c, u, ctx: Ctx, p: int, rng) -> None:
    """GW-SUPA-01: the Support action draws one support card (its cost paid in `begin`)."""
    support.draw(c, u, p, rng)
    u.emit(ev.ActionEnded())


def recon(c, u, ctx: Ctx, p: int, rng) -> None:
    """A Recon (its cost paid in `begin`) chooses a sector first."""
    if ctx.stage == "go":
        ask(u, p, "sector")


@POINTS.options("sector", asks="Recon: choose a sector and look at its face-down planets in secret (GW-RCN-02)")
def sector_options(c, s, p: int) -> list:
    return [ev.ChooseSector(player=p, sector=x) for x in recon_sectors(c, s)]


def recon_sectors(c, s) -> list[str]:
    """GW-RCN-02: a sector still holding face-down planets; GW-RCN-03, GW-FAQ-06: any sector once
    every planet is face up."""
    hidden = [x for x in c.sectors if any(not s.revealed[i] for i, y in enumerate(s.planet_sector) if y == x)]
    return hidden or list(c.sectors)


@POINTS.resolves("sector")
def on_sector(c, u, a, rng) -> None:
    """The look, then the offer of a recon marker there."""
    s = u.state
    ctx = s.ctx[-1]
    planets = tuple(i for i, x in enumerate(s.planet_sector) if x == a.sector and not s.revealed[i])
    if planets:
        # GW-RCN-02: a secret look (hidden from the others: `hidden.visible`); the planets stay face
        # down and no marker moves
        u.emit(ev.Peeked(player=a.player, sector=a.sector, planets=planets,
                         types=tuple(s.planet_type[i] for i in planets)))
    mine = s.recon[a.player - 1]
    # GW-RCN-04, GW-AMB-35: a marker may go there if one is in supply and none of one's own is there
    if a.sector not in mine and "" in mine:
        stage(u, ctx, stage="place", sector=a.sector)
        ask(u, a.player, "recon")
    else:
        u.emit(ev.ActionEnded())


@POINTS.options("recon", asks="Place one of your recon markers face down in this sector, or pass (GW-RCN-04)")
def recon_options(c, s, p: int) -> list:
    """Pass, or any kind of recon marker still in supply."""
    return [ev.Pass(player=p)] + [ev.PlaceRecon(player=p, kind=c.recon_kinds[k])
                                  for k, x in enumerate(s.recon[p - 1]) if not x]


@POINTS.resolves("recon")
def on_recon(c, u, a, rng) -> None:
    """The marker, if placed, waits face down (GW-RCN-11) for a later jump or Tactical action."""
    ctx = u.state.ctx[-1]
    if isinstance(a, ev.PlaceRecon):
        u.emit(ev.ReconPlaced(player=a.player, kind=a.kind, sector=ctx.sector))
    u.emit(ev.ActionEnded())


def orbital(c, u, planet: int) -> None:
    """GW-SKILL-04, GW-AMB-31: every unit on the chosen planet is destroyed, as losses go
    (`evolve.units_lost`); the planet is left empty and no marker moves."""
    s = u.state
    o = s.owner[planet]
    u.emit(ev.UnitsLost(player=o, planet=planet, units=tuple(s.planet_units[planet])), ev.ActionEnded())


def orbital_step(c, u, ctx: Ctx, p: int, rng) -> None:
    """Orbital Bombardment needs a planet with units."""
    if q.orbital_targets(u.state):
        ask(u, p, "planet")
    else:
        u.emit(ev.ActionEnded())


def call_for_support(c, u, ctx: Ctx, p: int, rng) -> None:
    """GW-SKILL-05: the blue skill draws two support cards."""
    support.draw(c, u, p, rng)
    support.draw(c, u, p, rng)
    u.emit(ev.ActionEnded())


def black_friday(c, u, ctx: Ctx, p: int, rng) -> None:
    """GW-SUP-12, GW-AMB-24: one action of a Market card, then the whole Market leaves the game and is
    refilled at once, to its size or as the deck allows."""
    s = u.state
    if ctx.stage == "go":
        if borrow_options(c, s, p, ctx):
            ask(u, p, "borrow")
            return
        ctx = stage(u, ctx, stage="clear")
    if ctx.stage == "clear":
        if s.market:
            u.emit(ev.MarketCleared(cards=tuple(s.market)))
        if s.deck:
            u.emit(ev.MarketFilled(cards=tuple(s.deck[:hire.market_size(c, s)])))
        hire.check_supply(c, u)
        u.emit(ev.ActionEnded())


EFFECTS = {"deploy": deploy, "deploy_only": deploy, "assassinate": assassinate, "subterfuge": subterfuge,
           "bombard": bombard, "support": support_action, "recon": recon, "heavy_assault": heavy_assault,
           "orbital_bombardment": orbital_step, "call_for_support": call_for_support,
           "black_friday": black_friday}

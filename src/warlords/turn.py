"""A Warlord's turn (GW-TURN-01, GW-TURN-02): Recovery, Recall, Move Base Ship, Play a
Mercenary (guards and skills), the Action Phase, Hire a Mercenary; and `advance`, which
runs every automatic step until someone must decide. Every phase is visited in order and
never revisited (GW-TURN-03, GW-TURN-04); optional steps are prompts with a Pass.
"""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords import support, team
from warlords.prompt import ask
from warlords.state import GUARDED, LP, RES, Ctx

MAX_STEPS = 10_000
_STEP: dict = {}


def advance(c, u, rng) -> None:
    """Run automatic steps until a prompt is open or the game is over. Order of concern:
    support cards awaiting Blockade answers, then an invasion, then the action being
    resolved, then the turn's phase."""
    if not _STEP:
        from warlords import actions, invasion, solo, support
        _STEP.update(pending=support.step, inv=invasion.step, ctx=actions.step, rebel=solo.rebel_step)
    pending, inv, ctx, rebel = _STEP["pending"], _STEP["inv"], _STEP["ctx"], _STEP["rebel"]
    for _ in range(MAX_STEPS):
        s = u.state
        if s.prompt is not None or s.over:
            return
        if s.pending:
            pending(c, u, rng)
        elif s.inv is not None:
            inv(c, u, rng)
        elif s.ctx:
            ctx(c, u, rng)
        elif s.phase == "rebel":
            rebel(c, u, rng)
        else:
            PHASES[s.phase](c, u, rng)
    raise RuntimeError("warlords: advance did not settle")


# -- turn start and Recovery ------------------------------------------------
def next_player(s) -> int:
    if s.mode == "solo":
        return 1
    return s.active % s.players + 1 if s.active else s.first


def begin_turn(c, u, rng) -> None:
    """GW-TURN-01/02; Recovery (GW-REC-01, GW-REC-02, GW-REC-03, GW-REC-04) is automatic (GW-REC-05)."""
    s = u.state
    if s.max_turns and s.turn >= s.max_turns:
        from warlords.scoring import finish
        finish(c, u, truncated=True)
        return
    p = next_player(s)
    u.emit(ev.TurnStarted(player=p, turn=s.turn + 1), ev.Recovered(player=p), ev.PhaseStarted(phase="recall"))


# -- Recall -----------------------------------------------------------------
def recall_options(s, p: int) -> list:
    """GW-RCL-01, GW-RCL-03, GW-RCL-04, GW-AMB-21: one own Infantry (never a Tank or Aircraft) from any
    planet, or a guard (GW-RCL-02, GW-FAQ-01). Losing the last unit loses control (GW-RCL-05); a
    recalled guard's circle stays empty (GW-RCL-06, GW-GUARD-06); the unit is usable this turn
    (GW-RCL-07). GW-EX-18."""
    out = [ev.Recall(player=p, planet=i) for i, o in enumerate(s.owner) if o == p and s.pu[i][0]]
    out += [ev.Recall(player=p, circle=k) for k, g in enumerate(s.guard[p - 1]) if g == GUARDED]
    return out


def phase_recall(c, u, rng) -> None:
    s = u.state
    if recall_options(s, s.active):
        ask(u, s.active, "recall")
    else:
        u.emit(ev.PhaseStarted(phase="ship" if s.mode != "solo" else "merc"))


def on_recall(c, u, a, rng) -> None:
    if isinstance(a, ev.Recall):
        u.emit(ev.Recalled(player=a.player, planet=a.planet, circle=a.circle))
    u.emit(ev.PhaseStarted(phase="ship" if u.state.mode != "solo" else "merc"))


# -- Move Base Ship -----------------------------------------------------------
def ship_room(c, s, sector: str, p: int) -> bool:
    """GW-SHIP-03, GW-SHIP-04, GW-SHIP-05, GW-AMB-32: Outer Sectors hold 1 ship each (2 players) or
    2 (3-4); The Core any number; teammates' ships count too (GW-AMB-44)."""
    if sector == c.core:
        return True
    here = sum(1 for x, ship in enumerate(s.ships) if ship == sector and x != p - 1)
    return here < c.data.table.outer_ship_limit[s.players]


def sector_revealed(s, sector: str) -> bool:
    return all(s.revealed[i] for i, x in enumerate(s.planet_sector) if x == sector)


def ship_destinations(c, s, p: int) -> list[str]:
    """GW-SHIP-01, GW-SHIP-02, GW-FAQ-02: a different, adjacent sector; GW-SHIP-06, GW-AMB-62: the first
    turn anywhere revealed; GW-SHIP-07, GW-RCN-05: a jump to a sector holding one's recon marker.
    GW-EX-20."""
    here = s.ships[p - 1]
    if not here:
        options = [x for x in c.sectors if sector_revealed(s, x)]
    else:
        options = list(c.adjacent[here])
        for sector in s.recon[p - 1]:
            if sector and sector != here and sector not in options:
                options.append(sector)
    return [x for x in c.sectors if x in options and ship_room(c, s, x, p)]


def phase_ship(c, u, rng) -> None:
    s = u.state
    if ship_destinations(c, s, s.active):
        ask(u, s.active, "ship")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))   # GW-SHIP-10, GW-AMB-33: nowhere to go, the ship stays


def reveal_sector(c, u, sector: str) -> None:
    """GW-SHIP-08: every face-down planet of the sector turns up; its marker moves forward."""
    s = u.state
    planets = tuple(i for i, x in enumerate(s.planet_sector) if x == sector and not s.revealed[i])
    if planets:
        u.emit(ev.PlanetsRevealed(planets=planets, types=tuple(s.planet_type[i] for i in planets),
                                  advance=s.mode != "solo"))


def on_move(c, u, a, rng) -> None:
    """GW-SHIP-08, GW-EX-04: reveal on entering; GW-SHIP-09, GW-RCN-08, GW-AMB-34: then the
    Tactical action of one's recon marker there may follow at once."""
    u.emit(ev.ShipMoved(player=a.player, sector=a.sector))
    reveal_sector(c, u, a.sector)
    s = u.state
    u.emit(ev.PhaseStarted(phase="tactical" if a.sector in s.recon[a.player - 1] else "merc"))


def tactical_kind(c, s, p: int) -> str:
    here = s.ships[p - 1]
    for k, sector in enumerate(s.recon[p - 1]):
        if sector and sector == here:
            return c.recon_kinds[k]
    return ""


def tactical_ctx(c, s, p: int) -> Ctx | None:
    """GW-RCN-06, GW-RCN-07, GW-RCN-09, GW-EX-17: Drop is a Deploy Only, Invade a Deploy (may
    invade), both on one planet of the entered sector, costing nothing."""
    kind = tactical_kind(c, s, p)
    if not kind:
        return None
    action = "deploy_only" if kind == "tactical_drop" else "deploy"
    return Ctx(kind=action, source="tactical", rep=True, invade=action == "deploy", reach="sector",
               sector=s.ships[p - 1], card=kind)


def phase_tactical(c, u, rng) -> None:
    s = u.state
    ctx = tactical_ctx(c, s, s.active)
    if ctx is not None and q.deploy_targets(c, s, s.active, ctx):
        ask(u, s.active, "tactical")
    else:
        u.emit(ev.PhaseStarted(phase="merc"))


def on_tactical(c, u, a, rng) -> None:
    s = u.state
    u.emit(ev.PhaseStarted(phase="merc"))
    if isinstance(a, ev.UseTactical):
        ctx = tactical_ctx(c, s, a.player)
        u.emit(ev.ReconReturned(player=a.player, kind=ctx.card, used=True), ev.ActionStarted(ctx=ctx))


# -- Play a Mercenary ---------------------------------------------------------
def phase_merc(c, u, rng) -> None:
    """GW-MERC-01, GW-AMB-63: compulsory unless the hand is empty."""
    s = u.state
    if s.hands[s.active - 1]:
        ask(u, s.active, "play")
    else:
        u.emit(ev.PhaseStarted(phase="actions"))


def play_options(s, p: int) -> list:
    """GW-MERC-02, GW-AMB-64: the first card starts the row; later ones go to either end."""
    sides = ("left", "right") if s.area[p - 1] else ("right",)
    return [ev.PlayMercenary(player=p, card=card, side=side) for card in s.hands[p - 1] for side in sides]


def circle_formed(c, s, p: int, card: str, side: str) -> str:
    """GW-MERC-04, GW-MERC-05: the new card touches one card; matching half-circles make a full circle."""
    area = s.area[p - 1]
    if not area:
        return ""
    new = c.mercs[card]
    if side == "left":
        mine, theirs = new.right, c.mercs[area[0]].left
    else:
        mine, theirs = new.left, c.mercs[area[-1]].right
    return mine if mine == theirs else ""


def on_play(c, u, a, rng) -> None:
    """GW-MERC-03, GW-AMB-46, GW-AMB-47 (Infantry from the Reserve, as many as remain), GW-END-04 and
    GW-AMB-41 (a 4th mercenary with one mission, wounded ones included; not in solo, GW-SEND-04),
    then the guard (GW-GUARD-01, GW-GUARD-03: an Infantry from the Launch Pad, one per circle)."""
    s = u.state
    p = a.player
    colour = circle_formed(c, s, p, a.card, a.side)
    u.emit(ev.MercenaryPlayed(player=p, card=a.card, side=a.side, circle=colour))
    gain = min(c.mercs[a.card].infantry, s.base[p - 1][RES * 3])
    if gain:
        u.emit(ev.UnitsGained(player=p, infantry=gain))
    if s.mode != "solo":
        mission = c.mercs[a.card].mission
        same = sum(1 for x in s.area[p - 1] if c.mercs[x].mission == mission)
        if same >= 4:
            u.emit(ev.EndTriggered(kind="mission", last_turn=s.turn))
    if colour and s.base[p - 1][LP * 3]:
        ask(u, p, "guard")
        return
    if colour:
        u.emit(ev.CirclesShut(player=p))
    u.emit(ev.PhaseStarted(phase="actions"))


def new_circle(s, p: int) -> int:
    """Index of the circle beside this turn's card."""
    return 0 if s.area[p - 1][0] == s.played else len(s.guard[p - 1]) - 1


def skill_colour(c, s, p: int) -> str:
    """GW-SKILL-01, GW-SKILL-02, GW-SPT-10, GW-AMB-29, GW-FAQ-03, GW-AMB-28: after placing a guard on
    colour X, two guards on X circles (one in solo) allow skill X if unused."""
    k = new_circle(s, p)
    colour = s.circle[p - 1][k]
    if s.guard[p - 1][k] != GUARDED or colour in s.skills_used[p - 1]:
        return ""
    on = sum(1 for x, g in zip(s.circle[p - 1], s.guard[p - 1]) if g == GUARDED and x == colour)
    return colour if on >= (1 if s.mode == "solo" else 2) else ""


def on_guard(c, u, a, rng) -> None:
    s = u.state
    p = a.player
    if isinstance(a, ev.PlaceGuard):
        u.emit(ev.GuardPlaced(player=p, circle=new_circle(s, p)))
        colour = skill_colour(c, s, p)
        if colour and skill_possible(c, s, p, colour):
            ask(u, p, "skill")
            return
    else:
        u.emit(ev.CirclesShut(player=p))
    u.emit(ev.PhaseStarted(phase="actions"))


def skill_ctx(c, colour: str) -> Ctx:
    """GW-SKILL-03..06; GW-SKILL-07: skills cost nothing. Covert Ops is a Deploy anywhere
    (reputation-eligible, GW-REP-07, GW-AMB-18); the others never match a marker. Solo changes only
    Heavy Assault (GW-SPT-11, in actions.heavy_assault); the other three are unchanged (GW-SPT-12)."""
    kind = c.skill_of[colour]
    if kind == "covert_ops":
        return Ctx(kind="deploy", source="skill", rep=True, reach="any", card=colour)
    return Ctx(kind=kind, source="skill", card=colour)


def skill_possible(c, s, p: int, colour: str) -> bool:
    kind = c.skill_of[colour]
    if kind == "heavy_assault":
        if s.mode == "solo":
            return bool(q.pre_units(s))
        return bool(q.wound_targets(s, p) or q.guard_targets(s, p))
    if kind == "orbital_bombardment":
        return bool(q.orbital_targets(s))
    if kind == "call_for_support":
        return q.support_available(s)
    return bool(q.deploy_targets(c, s, p, skill_ctx(c, colour)))


def on_skill(c, u, a, rng) -> None:
    u.emit(ev.PhaseStarted(phase="actions"))
    if isinstance(a, ev.UseSkill):
        u.emit(ev.SkillUsed(player=a.player, colour=a.colour), ev.ActionStarted(ctx=skill_ctx(c, a.colour)))


# -- Action Phase -------------------------------------------------------------
def phase_actions(c, u, rng) -> None:
    ask(u, u.state.active, "action")


def action_options(c, s, p: int) -> list:
    """GW-ACT-01, GW-ACT-02, GW-ACT-04, GW-MERC-06 (only this turn's card), GW-ACT-06 (one support
    card, GW-SUP-02, GW-SUP-03), GW-TEAM-02 (one Team Action)."""
    out: list = [ev.Pass(player=p)]
    if s.played:
        for slot, kind in enumerate(c.mercs[s.played].actions):
            if slot not in s.used and q.playable(c, s, p, kind, "card"):
                out.append(ev.ChooseAction(player=p, action=kind, slot=slot))
    if not s.support_played[p - 1]:
        seen = set()
        for card in s.support_hands[p - 1]:
            kind = c.support[card]
            if kind not in seen and support.playable_now(c, s, p, kind):
                seen.add(kind)
                out.append(ev.PlaySupport(player=p, card=card))
    if s.mode == "teams" and not s.team_used:
        out += [ev.TeamAction(player=p, kind=k) for k in team.available(c, s, p)]
    return out


def on_action_choice(c, u, a, rng) -> None:
    if isinstance(a, ev.ChooseAction):
        u.emit(ev.ActionUsed(slot=a.slot),
               ev.ActionStarted(ctx=Ctx(kind=a.action, source="card", rep=True, invade=a.action != "deploy_only")))
    elif isinstance(a, ev.PlaySupport):
        support.play(c, u, a.player, a.card)
    elif isinstance(a, ev.TeamAction):
        team.start(c, u, a)
    else:
        end_actions(c, u)


def end_actions(c, u) -> None:
    """GW-ACT-08, GW-RCN-10: a recon marker in the ship's sector goes back to supply."""
    s = u.state
    p = s.active
    if s.mode != "solo":
        for k, sector in enumerate(s.recon[p - 1]):
            if sector and sector == s.ships[p - 1]:
                u.emit(ev.ReconReturned(player=p, kind=c.recon_kinds[k]))
    u.emit(ev.PhaseStarted(phase="hire"))


# -- Hire a Mercenary ---------------------------------------------------------
def hire_options(s, p: int) -> list:
    out = [ev.Hire(player=p, card=card) for card in s.market]
    if s.deck:
        out.append(ev.Hire(player=p))
    return out


def phase_hire(c, u, rng) -> None:
    """GW-HIRE-06 (nothing to hire, or GW-END-02 after the supply ran out)."""
    s = u.state
    if hire_options(s, s.active) and s.end_kind != "supply":
        ask(u, s.active, "hire")
    else:
        u.emit(ev.PhaseStarted(phase="end"))


def market_size(c, s) -> int:
    return c.data.table.solo_market if s.mode == "solo" else c.data.table.market


def on_hire(c, u, a, rng) -> None:
    """GW-HIRE-02 (draft, refilled at once in multiplayer), GW-HIRE-03 (draw while the deck has
    cards), GW-HIRE-04, GW-AMB-02, GW-SPT-14, GW-AMB-48 (a draw clears the Market in 2 players and
    solo, out of the game face up: GW-HIRE-07), GW-HIRE-05 (3-4 players keep it); the Market never
    exceeds its size (GW-HIRE-08); solo refills at the end of the turn (GW-SPT-09)."""
    s = u.state
    if a.card:
        u.emit(ev.MercenaryHired(player=a.player, card=a.card, drafted=True))
        if s.mode != "solo" and s.deck:
            u.emit(ev.MarketFilled(cards=(s.deck[0],)))
    else:
        u.emit(ev.MercenaryHired(player=a.player, card=s.deck[0], drafted=False))
        if s.players <= 2 and s.market:
            u.emit(ev.MarketCleared(cards=tuple(s.market)))
            if s.mode != "solo":
                u.emit(ev.MarketFilled(cards=tuple(s.deck[:market_size(c, s)])))
    check_supply(c, u)
    u.emit(ev.PhaseStarted(phase="end"))


def check_supply(c, u) -> None:
    """GW-END-01, GW-AMB-22, GW-SEND-03: the Market and the deck are both empty."""
    s = u.state
    if s.market or s.deck or s.end_kind == "supply":
        return
    if s.mode == "solo":
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + 1))
    else:
        u.emit(ev.EndTriggered(kind="supply", last_turn=s.turn + s.players))


# -- end of turn ----------------------------------------------------------------
def phase_end(c, u, rng) -> None:
    """GW-END-01, GW-END-03, GW-END-04, GW-AMB-23: finish after the turn the end was set for;
    GW-SPT-09 solo refill."""
    from warlords.scoring import finish
    s = u.state
    if s.mode == "solo":
        missing = market_size(c, s) - len(s.market)
        if missing > 0 and s.deck:
            u.emit(ev.MarketFilled(cards=tuple(s.deck[:missing])))
        check_supply(c, u)
        u.emit(ev.TurnEnded(player=s.active), ev.PhaseStarted(phase="rebel"))
        return
    u.emit(ev.TurnEnded(player=s.active))
    if s.last_turn and s.turn >= s.last_turn:
        finish(c, u)
    else:
        u.emit(ev.PhaseStarted(phase="start"))


def phase_keep(c, u, rng) -> None:
    ask(u, 1, "keep")


PHASES = {"start": begin_turn, "recall": phase_recall, "ship": phase_ship, "tactical": phase_tactical,
          "merc": phase_merc, "actions": phase_actions, "hire": phase_hire, "end": phase_end,
          "keep": phase_keep}

"""Play a Mercenary (GW-MERC-01..06): the card joins the Command Area, brings its Infantry and may
complete a skill circle; then Guards (GW-GUARD-01..07) and Skill actions (GW-SKILL-01..07)."""

from __future__ import annotations

from warlords import events as ev
from warlords import queries as q
from warlords.prompts import POINTS, ask, pass_or
from warlords.state import GUARDED, LP, RES, Ctx


def phase_merc(c, u, rng) -> None:
    """GW-MERC-01: exactly one card must be played; GW-AMB-63: with an empty hand the phase passes."""
    s = u.state
    if s.hands[s.active - 1]:
        ask(u, s.active, "play")
    else:
        u.emit(ev.PhaseStarted(phase="actions"))


def play_options(s, p: int) -> list:
    """GW-MERC-02, GW-AMB-64: the first card starts the row, later ones go to either end of it (and
    never move again)."""
    sides = ("left", "right") if s.area[p - 1] else ("right",)
    return [ev.PlayMercenary(player=p, card=card, side=side) for card in s.hands[p - 1] for side in sides]


def circle_formed(c, s, p: int, card: str, side: str) -> str:
    """The colour of the skill circle the new card completes, "" if none. GW-MERC-05: it touches one
    card only, so at most one circle forms, and the first card forms none."""
    area = s.area[p - 1]
    if not area:
        return ""
    new = c.mercs[card]
    if side == "left":
        mine, theirs = new.right, c.mercs[area[0]].left
    else:
        mine, theirs = new.left, c.mercs[area[-1]].right
    return mine if mine == theirs else ""   # GW-MERC-04: touching half-circles of one colour


@POINTS.options("play", asks="Play a mercenary from your hand at either end of your Command Area (GW-MERC-01)")
def play_answers(c, s, p: int) -> list:
    return play_options(s, p)


@POINTS.resolves("play")
def on_play(c, u, a, rng) -> None:
    """The card joins the row and brings its Infantry; it may end the game, and a circle it
    completes may take a guard."""
    s = u.state
    p = a.player
    colour = circle_formed(c, s, p, a.card, a.side)
    u.emit(ev.MercenaryPlayed(player=p, card=a.card, side=a.side, circle=colour))
    # GW-MERC-03, GW-AMB-46: the card's Infantry at once from Reserve to Launch Pad;
    # GW-AMB-47: as many as the Reserve still holds
    gain = min(c.mercs[a.card].infantry, s.base[p - 1][RES * 3])
    if gain:
        u.emit(ev.UnitsGained(player=p, infantry=gain))
    if s.mode != "solo":   # GW-SEND-04: this trigger does not exist in solo
        # GW-END-04, GW-AMB-41: a 4th mercenary with one mission symbol, wounded ones included,
        # ends the game after this turn
        mission = c.mercs[a.card].mission
        same = sum(1 for x in s.area[p - 1] if c.mercs[x].mission == mission)
        if same >= 4:
            u.emit(ev.EndTriggered(kind="mission", last_turn=s.turn))
    # GW-GUARD-01: a guard needs an Infantry on the Launch Pad; GW-GUARD-03: one on the one new circle
    if colour and s.base[p - 1][LP * 3]:
        ask(u, p, "guard")
        return
    if colour:
        u.emit(ev.CirclesShut(player=p))   # GW-GUARD-02: unguarded now, never guarded later
    u.emit(ev.PhaseStarted(phase="actions"))


# -- Guards -----------------------------------------------------------------------
def new_circle(s, p: int) -> int:
    """Index of the circle beside this turn's card."""
    return 0 if s.area[p - 1][0] == s.played else len(s.guard[p - 1]) - 1


guard_answers = POINTS.options("guard", asks="Move an Infantry from your Launch Pad onto the new skill circle "
                                             "as a guard, or pass (GW-GUARD-01)")(pass_or(ev.PlaceGuard))


@POINTS.resolves("guard")
def on_guard(c, u, a, rng) -> None:
    """A guard placed may open its colour's skill at once (before the Action Phase); a circle left
    unguarded is shut for good (GW-GUARD-02)."""
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


# -- Skill actions -------------------------------------------------------------------
def skill_colour(c, s, p: int) -> str:
    """The colour whose skill the guard just placed allows, "" if none. GW-SKILL-01, GW-AMB-29,
    GW-FAQ-03, GW-AMB-28: it is the placing of a guard that opens the skill, before the Action Phase."""
    k = new_circle(s, p)
    colour = s.circle[p - 1][k]
    # GW-SKILL-02: once per game; declined, it may be offered again by a later guard
    if s.guard[p - 1][k] != GUARDED or colour in s.skills_used[p - 1]:
        return ""
    on = sum(1 for x, g in zip(s.circle[p - 1], s.guard[p - 1]) if g == GUARDED and x == colour)
    # two guards on circles of that colour (GW-SKILL-01); in solo one is enough (GW-SPT-10)
    return colour if on >= (1 if s.mode == "solo" else 2) else ""


def skill_ctx(c, colour: str) -> Ctx:
    """The action a skill plays (their effects: GW-SKILL-03..06, in `actions.py`). GW-SKILL-07: the
    source "skill" pays no cost. Solo changes only Heavy Assault (GW-SPT-11, in
    actions.heavy_assault); GW-SPT-12: the other three work as in multiplayer."""
    kind = c.skill_of[colour]
    if kind == "covert_ops":
        # GW-SKILL-06: a Deploy on any planet; GW-REP-07, GW-AMB-18: the one skill that may gain reputation
        return Ctx(kind="deploy", source="skill", rep=True, reach="any", card=colour)
    return Ctx(kind=kind, source="skill", card=colour)


def skill_possible(c, s, p: int, colour: str) -> bool:
    """Whether the skill would have any effect now; one that would not is not offered."""
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


@POINTS.options("skill", asks="Play the skill action of the circle's colour now, or pass (GW-SKILL-01)")
def skill_answers(c, s, p: int) -> list:
    return [ev.Pass(player=p), ev.UseSkill(player=p, colour=skill_colour(c, s, p))]


@POINTS.resolves("skill")
def on_skill(c, u, a, rng) -> None:
    """The Action Phase is next either way; a skill used is marked spent and resolves first."""
    u.emit(ev.PhaseStarted(phase="actions"))
    if isinstance(a, ev.UseSkill):
        u.emit(ev.SkillUsed(player=a.player, colour=a.colour), ev.ActionStarted(ctx=skill_ctx(c, a.colour)))

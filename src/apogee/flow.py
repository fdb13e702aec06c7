"""The turn's sequence (AP-TURN-01): a turn is a quarter, a Planning phase then an Administration phase
(AP-GEN-07, AP-TURN-02); from setup's choices through each turn's Planning and Administration phases to the
end of the game. `advance` runs every automatic step until someone must decide; `LEGAL` and `RESOLVE` give,
per prompt kind, the decisions and what follows them."""

from __future__ import annotations

from boardcore.rules import Unfolding

from apogee import administration, directors, engineers, event_cards, planning, solo
from apogee import events as ev
from apogee.common import accept_failure, ask, authority_order, discard, goto, next_in_order, spend_die
from apogee.components import RND, Catalog
from apogee.missions import winners_at_turn_end
from apogee.state import ApogeeState


def advance(u: Unfolding, rng) -> None:
    """Run automatic steps until a prompt is open or the game is over. Choices owed at once come first:
    Engineers to dismiss (AP-ERN-06, AP-SEV-*) and reserves over 9 (AP-COMP-16, AP-AMB-08)."""
    c = u.rules.c
    limit = c.n.reserve_limit
    while True:
        s = u.state
        if s.over or s.prompt is not None:
            return
        for p, pl in enumerate(s.p, 1):
            if pl.owed > 0:
                if pl.hand:
                    ask(u, "dismiss_owed", p)
                else:
                    u.emit(ev.DismissalsOwed(player=p, count=-pl.owed))
                break
            if len(pl.reserve) > limit:
                ask(u, "trim", p)
                break
        else:
            STEPS[s.stage](u, rng)


# -- setup's choices -----------------------------------------------------------
def directors_step(u: Unfolding, rng) -> None:
    """AP-SETUP-12: every Director kept, revealed; then the starting teams (AP-SETUP-13)."""
    s = u.state
    u.emit(ev.DirectorsRevealed(directors=tuple(pl.director for pl in s.p)))
    goto(u, "team", authority_order(u.rules.c, u.state))


def team_step(u: Unfolding, rng) -> None:
    """AP-SETUP-13, AP-SETUP-14: in descending Director Authority, one Senior or two Juniors, free. The cards
    go to the player's hidden hand (AP-SETUP-14)."""
    s = u.state
    if s.cursor < len(s.order):
        ask(u, "team", s.order[s.cursor])
    else:
        goto(u, "turn_start")


def resolve_team(u: Unfolding, rng, action) -> None:
    c = u.rules.c
    if isinstance(action, ev.Pass):  # both piles empty: nothing to recruit
        next_in_order(u)
        return
    s = u.state
    pile = s.seniors if action.senior else s.juniors
    n = min(c.n.team_seniors if action.senior else c.n.team_juniors, len(pile))
    u.emit(ev.EngineersRecruited(player=action.player, senior=action.senior,
                                 engineers=tuple(pile[-1:-n - 1:-1])))
    next_in_order(u)


# -- turns --------------------------------------------------------------------
def turn_start_step(u: Unfolding, rng) -> None:
    """AP-TURN-05, AP-PEV-01, AP-PEV-07: the turn counter moves on; the top Event is revealed while the pile
    lasts."""
    s = u.state
    u.emit(ev.TurnStarted(turn=s.turn + 1, event=s.event_pile[-1] if s.event_pile else -1))
    c = u.rules.c
    if u.state.event >= 0 and c.events[u.state.event].timing == "immediate":
        goto(u, "event", authority_order(c, u.state))
    else:
        planning.open_placement(u)


def event_step(u: Unfolding, rng) -> None:
    """AP-PEV-02, AP-PEV-03, AP-PEV-04, AP-AMB-36: an immediate Event (base or Solo) resolves player by player
    in Director Authority order before placement; a whole-turn Event is read where it applies. Base Events for
    "all players" apply to the Solo player too (AP-SOLO-10, AP-SOLO-13)."""
    c = u.rules.c
    s = u.state
    card = c.events[s.event] if s.event >= 0 else None
    if card is None or card.timing != "immediate" or s.cursor >= len(s.order):
        planning.open_placement(u)
        return
    p = s.order[s.cursor]
    if s.event in c.base_events:
        event_cards.resolve_for(u, rng, p)
    else:
        solo.resolve_for(u, rng, p)


def place_step(u: Unfolding, rng) -> None:
    """AP-PLC-11: everyone has placed; the Planning resolution begins."""
    planning.start_specialties(u, rng)


def end_turn(u: Unfolding, rng) -> None:
    """AP-ADM-02, then the end of the game (AP-END-01, AP-END-02, AP-END-03, AP-END-04, AP-SOLO-11,
    AP-SOLO-12), or the run's cap. The Mission counts as fulfilled from the moment its last condition holds
    (AP-END-05); later fulfilments in the same turn share the victory (AP-AMB-64)."""
    c = u.rules.c
    s = u.state
    u.emit(ev.TurnEnded(turn=s.turn))
    won = winners_at_turn_end(c, u.state)
    if won is not None:
        u.emit(ev.GameEnded(winners=won))
    elif s.max_turns and s.turn >= s.max_turns:
        u.emit(ev.GameTruncated(turn=s.turn))
    else:
        goto(u, "turn_start")


STEPS = {
    "director": directors_step, "team": team_step, "turn_start": turn_start_step, "event": event_step,
    "place": place_step, "specialty": planning.specialty_step, "construction": planning.construction_step,
    "rnd": planning.rnd_step, "design": planning.design_step, "admin": administration.admin_step,
}


# -- prompts: what may be decided, and what follows ---------------------------
def _cards(cls, player, cards):
    return [cls(player=player, card=card) for card in cards]


def legal(c: Catalog, s: ApogeeState) -> list:
    """Every decision open now (AP-* rules per prompt kind)."""
    q = s.prompt
    if q is None or s.over:
        return []
    kind, p = q.kind, q.player
    if kind == "place":
        return planning.placement_actions(c, s)
    if kind == "director":
        return [ev.KeepDirector(player=i, director=d) for i, pl in enumerate(s.p, 1) if pl.waiting
                for d in pl.dealt]
    pl = s.p[p - 1] if p else None
    if kind == "admin":
        return administration.admin_actions(c, s, p)
    if kind.startswith("reroll_"):
        return [ev.SpendDie(player=p), ev.Pass(player=p)]
    if kind == "team":
        out = []
        if s.seniors:
            out.append(ev.ChooseTeam(player=p, senior=True))
        if s.juniors:
            out.append(ev.ChooseTeam(player=p, senior=False))
        return out or [ev.Pass(player=p)]
    if kind == "build":
        return _cards(ev.Build, p, planning.construction_options(c, s, p)) + [ev.Pass(player=p)]
    if kind in ("design", "river_pick", "yelena"):
        return [ev.TakeCard(player=p, card=card) for r in s.rivers for card in r] + [ev.Pass(player=p)]
    if kind == "keep_rnd":
        return _cards(ev.KeepRnd, p, pl.drawn)
    if kind == "trim":
        return _cards(ev.Discard, p, pl.reserve)
    if kind == "dismiss_owed":
        return [ev.Dismiss(player=p, engineer=e) for e in pl.hand]
    if kind == "replace_river":
        return [ev.ChooseRiver(player=p, river=r) for r in ("first", "upper", "payload")]
    if kind == "cheap_build":
        return _cards(ev.Build, p, engineers.cheap_build_options(c, s, p, q.b)) + [ev.Pass(player=p)]
    if kind == "engineer_sell":
        return _cards(ev.Sell, p, pl.reserve)
    if kind in ("liam", "anatoliy"):
        return _cards(ev.Sell, p, directors.options(c, s, p, kind)) + [ev.Pass(player=p)]
    if kind in ("laura", "ekaterina"):
        return _cards(ev.Build, p, directors.options(c, s, p, kind)) + [ev.Pass(player=p)]
    if kind == "zhang":
        return ([ev.Dismiss(player=p, engineer=e) for e in administration.dismissable(s, p)]
                + [ev.Pass(player=p)])
    if kind == "us_pick":
        return _cards(ev.Discard, p, [card for card in s.p[q.a - 1].reserve if c.kind[card] == RND])
    raise AssertionError(f"unknown prompt {kind}")


def _trim(u, rng, action):
    """AP-AMB-08, AP-DES-09, AP-LCH-18: down to 9, beneath the piles, for nothing."""
    discard(u, action.player, action.card)


def _owed(u, rng, action):
    """AP-ERN-06, AP-AMB-11, AP-SEV-09, AP-SEV-17, AP-SEV-18: the chosen Engineer beneath its pile."""
    u.emit(ev.EngineerDismissed(player=action.player, engineer=action.engineer, reason="owed"))


def _reroll(u, rng, action):
    if isinstance(action, ev.SpendDie):
        spend_die(u, rng, action.player)
    else:
        accept_failure(u, rng, action.player)


RESOLVE = {
    "team": resolve_team, "build": planning.resolve_build, "keep_rnd": planning.resolve_keep,
    "design": planning.resolve_design, "trim": _trim, "dismiss_owed": _owed,
    "admin": administration.resolve_admin,
    "replace_river": engineers.resolve_choice, "river_pick": engineers.resolve_choice,
    "cheap_build": engineers.resolve_choice, "engineer_sell": engineers.resolve_choice,
    "liam": directors.resolve_choice, "anatoliy": directors.resolve_choice,
    "laura": directors.resolve_choice, "ekaterina": directors.resolve_choice,
    "yelena": directors.resolve_choice, "zhang": directors.resolve_choice,
    "us_pick": directors.resolve_choice,
}


def resolve(u: Unfolding, action, rng) -> None:
    """What follows a decision, then every automatic step up to the next prompt."""
    answered = u.state.answered
    if type(action) not in (ev.KeepDirector, ev.Place) and answered is not None:
        kind = answered.kind
        if kind.startswith("reroll_"):
            _reroll(u, rng, action)
        else:
            RESOLVE[kind](u, rng, action)
    advance(u, rng)

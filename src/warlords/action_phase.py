"""The Action Phase (GW-ACT-01..08): the menu of this turn's printed actions, one support card and
one Team Action, until the player ends the phase. Each action is then resolved in `actions.py`."""

from __future__ import annotations

from boardcore.game.rules import Unoffered

from warlords import events as ev
from warlords import queries as q
from warlords import support, team
from warlords.prompts import POINTS, ask
from warlords.state import Ctx
from warlords.words import ACTION_NAMES, support_card


def phase_actions(c, u, rng) -> None:
    """The menu is asked again after every action, until the player passes."""
    ask(u, u.state.active, "action")


@POINTS.options("action", asks="Play an action of the mercenary played this turn, a support card or a Team "
                               "Action; or end the Action Phase (GW-ACT-01)")
def action_options(c, s, p: int) -> list:
    """The Action Phase menu: GW-ACT-01, any of this turn's actions in any order, or none (Pass)."""
    out: list = [ev.Pass(player=p)]
    if s.played:   # GW-MERC-06: only the card played this turn gives actions
        for slot, kind in enumerate(c.mercs[s.played].actions):
            # GW-ACT-02: each printed action once (a card printing one twice has two slots);
            # GW-ACT-04: only with its cost payable and a legal resolution
            if slot not in s.used and q.playable(c, s, p, kind, "card"):
                out.append(ev.ChooseAction(player=p, action=kind, slot=slot))
    if not s.support_played[p - 1]:   # GW-ACT-06, GW-SUP-02, GW-SUP-03: one support card, between actions
        seen = set()
        for card in s.support_hands[p - 1]:
            kind = c.support[card]
            if kind not in seen and support.playable_now(c, s, p, kind):
                seen.add(kind)
                out.append(ev.PlaySupport(player=p, card=card))
    if s.mode == "teams" and not s.team_used:   # GW-TEAM-02: one free Team Action per turn
        out += [ev.TeamAction(player=p, kind=k) for k in team.available(c, s, p)]
    return out


ANSWER_ONLY = {"blockade": ("it is played only right after another player plays a support card", "GW-SUP-10"),
               "kickstarter": ("it is played only by a defender, when one of their planets is invaded", "GW-SUP-11")}
"""The support cards never played in one's own Action Phase, and the rule that says when they are."""


def action_unoffered(c, s, p: int) -> list[Unoffered]:
    """Why a printed action of this turn's mercenary, or a support card in hand, is not on the menu:
    its cost or its target (GW-ACT-04), the one support card a turn (GW-SUP-03), or a card played
    only in answer (`ANSWER_ONLY`)."""
    out = []
    if s.played:
        for slot, kind in enumerate(c.mercs[s.played].actions):
            if slot not in s.used and not q.playable(c, s, p, kind, "card"):
                out.append(Unoffered(f"{ACTION_NAMES[kind]} with {s.played}", _cannot(c, s, p, kind), "GW-ACT-04"))
    for card in dict.fromkeys(s.support_hands[p - 1]):
        kind, option = c.support[card], f"Play {support_card(c, card)}"
        if s.support_played[p - 1]:
            out.append(Unoffered(option, "you have played your one support card this turn", "GW-SUP-03"))
        elif kind in ANSWER_ONLY:
            out.append(Unoffered(option, *ANSWER_ONLY[kind]))
        elif not support.playable_now(c, s, p, kind):
            why = "no action on a Market card can be played now" if kind == "black_friday" else _cannot(c, s, p, kind)
            out.append(Unoffered(option, why, "GW-SUP-12" if kind == "black_friday" else "GW-ACT-04"))
    return out


def _cannot(c, s, p: int, kind: str) -> str:
    """Why an action cannot be played now (GW-ACT-04, GW-AMB-20): its cost, else its target."""
    if not q.can_pay(c, s, p, kind):
        return "its cost cannot be paid from your Launch Pad"
    return "it has nothing to act on now, and an action is never played empty"


def is_offered(c, s, a) -> bool | None:
    """Whether `a` is among `action_options` for the frequent answers (Pass, a printed action),
    decided without listing the whole menu; None for the others (ask the full list)."""
    if isinstance(a, ev.Pass):
        return True
    if isinstance(a, ev.ChooseAction):
        actions = c.mercs[s.played].actions if s.played else ()
        return (0 <= a.slot < len(actions) and actions[a.slot] == a.action and a.slot not in s.used
                and q.playable(c, s, a.player, a.action, "card"))
    return None


@POINTS.resolves("action")
def on_action_choice(c, u, a, rng) -> None:
    """A printed action starts (with reputation possible; a Deploy Only never invades), a support
    card is played, a Team Action begins, or the phase ends."""
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
    """GW-ACT-08, GW-RCN-10: the phase ends, and a recon marker in the ship's sector goes back to
    supply, its Tactical action used or not."""
    s = u.state
    p = s.active
    if s.mode != "solo":
        for k, sector in enumerate(s.recon[p - 1]):
            if sector and sector == s.ships[p - 1]:
                u.emit(ev.ReconReturned(player=p, kind=c.recon_kinds[k]))
    u.emit(ev.PhaseStarted(phase="hire"))

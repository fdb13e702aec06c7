"""Setup (AP-SETUP-01..16, Solo AP-SOLO-01..09): the empty table, the shuffled piles and the dealt cards, then
the players' two setup choices, a Director to keep and a starting team.

Each player has a numbered board and Launch Pad (AP-SETUP-01): the seats 1-5 of the state. The SOC is each
player's own area (AP-SETUP-07); the Help card adds no rule (AP-GAP-31). Solo setup is the same but for its
own Event pile (AP-SOLO-01, AP-SOLO-09)."""

from __future__ import annotations

from boardcore.game.errors import BoardcoreError
from boardcore.game.rules import Unfolding

from apogee import events as ev
from apogee.components import KINDS, Components
from apogee.effects import goto, next_in_order
from apogee.prompts import POINTS, ask
from apogee.queries import authority_order
from apogee.solo import event_pile
from apogee.state import ApogeeState, Player


def initial(c: Components, config) -> ApogeeState:
    """The empty table for `config`'s Mission, agreed before play and fixed (AP-SETUP-09, AP-SETUP-10; Solo
    Missions AP-SOLO-02)."""
    solo_mode = config.players == 1
    missions = c.solo_missions if solo_mode else c.missions
    if config.mission not in missions:
        raise BoardcoreError(f"apogee has no {'Solo ' if solo_mode else ''}Mission {config.mission}; "
                             f"choose from {sorted(missions)}")
    n = c.n
    return ApogeeState(
        players=config.players, mission=config.mission, solo=solo_mode, max_turns=config.max_turns,
        tiebreak=config.tiebreak,
        supply=n.blue_dice,  # AP-SETUP-08: the blue dice in the general supply
        piles=[[], [], [], []], rivers=[[], [], []],
        areas=[Player(credits=n.start_credits, mods=(0,) * 10)  # AP-SETUP-05: 80,000 each from the Bank
           for _ in range(config.players)])


def deal(c: Components, u: Unfolding, rng) -> None:
    """The setup facts: every pile shuffled, the Directors dealt, the rivers revealed; then the players keep a
    Director together, in secret."""
    s = u.state
    for k, name in enumerate(KINDS):  # AP-SETUP-02: Technologies by type
        u.emit(ev.PileShuffled(pile=name, order=tuple(rng.shuffled(c.by_kind[k]))))
    engineers = range(len(c.engineer))  # AP-SETUP-03: Engineers by profile
    juniors = [e for e in engineers if not c.senior[e]]
    seniors = [e for e in engineers if c.senior[e]]
    u.emit(ev.PileShuffled(pile="juniors", order=tuple(rng.shuffled(juniors))))
    u.emit(ev.PileShuffled(pile="seniors", order=tuple(rng.shuffled(seniors))))
    # AP-SETUP-04: the Investors in one pile
    u.emit(ev.PileShuffled(pile="investors", order=tuple(rng.shuffled(range(len(c.investor))))))
    # AP-SETUP-06: the 20 base Events; Solo builds its own pile (AP-SOLO-04)
    events = event_pile(c, s.mission, rng) if s.solo else rng.shuffled(c.base_events)
    u.emit(ev.PileShuffled(pile="events", order=tuple(events)))
    deck = rng.shuffled(range(len(c.director)))
    u.emit(ev.PileShuffled(pile="directors", order=tuple(deck)))
    k = c.n.dealt_directors
    for p in range(1, s.players + 1):  # AP-SETUP-11, AP-GAP-27: two each, one at a time in seat order
        dealt = tuple(deck[p - 1 + i * s.players] for i in range(k))
        u.emit(ev.DirectorsDealt(player=p, directors=dealt))
    for r in range(3):  # AP-SETUP-15: the top 3 of each pile but R&D
        pile = u.state.piles[r]
        u.emit(ev.RiverFilled(river=r, cards=tuple(pile[-1:-c.n.river_size - 1:-1])))
    pile = u.state.investor_pile  # AP-SETUP-16: the top 2 Investors
    u.emit(ev.InvestorsRevealed(investors=tuple(pile[-1:-c.n.investor_river - 1:-1])))
    u.emit(ev.SimultaneousStep(step="director", players=tuple(range(1, s.players + 1))))


# -- the Director kept --------------------------------------------------------------
@POINTS.options("director", asks="Keep one of your two dealt Mission Directors; the other leaves the game "
                "(AP-SETUP-12)")
def dealt_directors(c: Components, s: ApogeeState, player: int = 0) -> list:
    """Simultaneous: every player still choosing, each of their dealt Directors."""
    return [ev.KeepDirector(player=i, director=d) for i, pl in enumerate(s.areas, 1) if pl.waiting for d in pl.dealt]


@POINTS.resolves("director")
def director_kept(c: Components, u: Unfolding, action: ev.KeepDirector, rng) -> None:
    """Nothing follows one choice: the Directors are revealed once all are kept (flow)."""


def directors_step(c: Components, u: Unfolding, rng) -> None:
    """AP-SETUP-12: every Director kept, revealed, the others back to the box; then the starting teams."""
    s = u.state
    u.emit(ev.DirectorsRevealed(directors=tuple(pl.director for pl in s.areas)))
    goto(u, "team", authority_order(c, u.state))


# -- the starting team ---------------------------------------------------------------
def team_step(c: Components, u: Unfolding, rng) -> None:
    """AP-SETUP-13, AP-SETUP-14: in descending Director Authority, one Senior or two Juniors, free, into the
    player's hidden hand; then the first turn."""
    s = u.state
    if s.cursor < len(s.order):
        ask(u, s.order[s.cursor], "team")
    else:
        goto(u, "turn_start")


@POINTS.options("team", asks="Recruit your starting team: one Senior Engineer or two Junior Engineers "
                "(AP-SETUP-13)")
def team_choices(c: Components, s: ApogeeState, player: int) -> list:
    out = []
    if s.seniors:
        out.append(ev.ChooseTeam(player=player, senior=True))
    if s.juniors:
        out.append(ev.ChooseTeam(player=player, senior=False))
    return out or [ev.Pass(player=player)]


@POINTS.resolves("team")
def resolve_team(c: Components, u: Unfolding, action, rng) -> None:
    if isinstance(action, ev.Pass):  # both piles empty: nothing to recruit
        next_in_order(u)
        return
    s = u.state
    pile = s.seniors if action.senior else s.juniors
    n = min(c.n.team_seniors if action.senior else c.n.team_juniors, len(pile))
    u.emit(ev.EngineersRecruited(player=action.player, senior=action.senior,
                                 engineers=tuple(pile[-1:-n - 1:-1])))
    next_in_order(u)

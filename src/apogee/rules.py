"""The Apogee rules object: setup, decisions, evolve, views, outcome (boardcore's decider contract).

Turn logic lives in flow.py and the phase modules (planning, administration, engineers, directors,
event_cards, solo, investors, missions); this module wires them to boardcore.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from boardcore.errors import BoardcoreError, IllegalAction
from boardcore.rules import Game, Outcome, Unfolding

from apogee import events as ev
from apogee import flow, invariants, solo
from apogee.components import KINDS, Catalog, load
from apogee.evolve import HANDLERS
from apogee.state import HIDDEN, IDLE, SOC_FIXED, SPECIALTY, ApogeeState, Player

VERSION = "1.1"  # 1.1: the Single-Stage Orbital Launcher counts as both stages for Solo Event 06


class ApogeeConfig(msgspec.Struct, frozen=True, kw_only=True):
    """players 2-5 (multiplayer, AP-COMP-01) or 1 (Solo); mission 1-12, or 1-6 in Solo (AP-SETUP-09,
    AP-SETUP-10, AP-SOLO-02); tiebreak: the optional variant agreed before play (AP-TIE-01); max_turns: the
    run's cap (0 = none), not a rule of the game."""
    players: int = 2
    mission: int = 1
    tiebreak: bool = False
    max_turns: int = 50


class Apogee(Game):
    name = "apogee"
    version = VERSION
    config_type = ApogeeConfig
    state_type = ApogeeState
    events = ev.EVENTS
    min_players, max_players = 1, 5

    def __init__(self, c: Catalog | None = None) -> None:
        self.c = c or load()
        self.data_id = self.c.loaded.data_id
        self.data_sha256 = self.c.loaded.sha256
        self.handlers = HANDLERS.bind(self.c, ev.EVENTS)
        self._legal_for: ApogeeState | None = None
        self._legal: list = []

    def with_data(self, folder: Any) -> Apogee:
        """AP-GAP-01: the same rules on another data folder (`--data DIR`)."""
        return Apogee(load(Path(folder)))

    # -- state ---------------------------------------------------------------
    def copy(self, state: ApogeeState) -> ApogeeState:
        return state.copy()

    def initial(self, config: ApogeeConfig) -> ApogeeState:
        """The empty table: credits (AP-SETUP-05), dice in the supply (AP-SETUP-08)."""
        self.check_players(config.players)
        solo_mode = config.players == 1
        missions = self.c.solo_missions if solo_mode else self.c.missions
        if config.mission not in missions:
            raise BoardcoreError(f"apogee has no {'Solo ' if solo_mode else ''}Mission {config.mission}; "
                                 f"choose from {sorted(missions)}")
        n = self.c.n
        return ApogeeState(
            players=config.players, mission=config.mission, solo=solo_mode, max_turns=config.max_turns,
            tiebreak=config.tiebreak, supply=n.blue_dice, piles=[[], [], [], []], rivers=[[], [], []],
            p=[Player(credits=n.start_credits, mods=[0] * 10) for _ in range(config.players)])

    def setup(self, state: ApogeeState, rng) -> list:
        """AP-SETUP-02, AP-SETUP-03, AP-SETUP-04, AP-SETUP-05, AP-SETUP-06, AP-SETUP-07, AP-SETUP-08,
        AP-SETUP-09, AP-SETUP-10, AP-SETUP-11, AP-SETUP-12, AP-SETUP-13, AP-SETUP-14, AP-SETUP-15, AP-SETUP-16
        and AP-SOLO-04, AP-SOLO-05, AP-SOLO-06, AP-SOLO-07, AP-SOLO-08, AP-SOLO-09: each player has a numbered
        board and Launch Pad (AP-SETUP-01); Technologies by type, Engineers by profile (AP-SETUP-03),
        Investors (AP-SETUP-04) and Events (AP-SETUP-06) shuffled face down; the SOC is its own area of each
        player (AP-SETUP-07); the Mission comes from the config (AP-SETUP-09, AP-SETUP-10); Solo setup is the
        same with its own Event pile (AP-SOLO-01, AP-SOLO-09). The Help card adds no rule (AP-GAP-31). piles
        shuffled, two Directors dealt to each player one at a time in seat order (AP-SETUP-11, AP-GAP-27),
        rivers and Investors revealed; the players then keep a Director together, in secret."""
        c = self.c
        out = Unfolding.over(self, state)
        for k, name in enumerate(KINDS):
            out.emit(ev.PileShuffled(pile=name, order=tuple(rng.shuffled(c.by_kind[k]))))
        engineers = range(len(c.engineer))
        juniors = [e for e in engineers if not c.senior[e]]
        seniors = [e for e in engineers if c.senior[e]]
        out.emit(ev.PileShuffled(pile="juniors", order=tuple(rng.shuffled(juniors))))
        out.emit(ev.PileShuffled(pile="seniors", order=tuple(rng.shuffled(seniors))))
        out.emit(ev.PileShuffled(pile="investors", order=tuple(rng.shuffled(range(len(c.investor))))))
        events = solo.event_pile(c, state.mission, rng) if state.solo else rng.shuffled(c.base_events)
        out.emit(ev.PileShuffled(pile="events", order=tuple(events)))
        deck = rng.shuffled(range(len(c.director)))
        out.emit(ev.PileShuffled(pile="directors", order=tuple(deck)))
        k = c.n.dealt_directors
        for p in range(1, state.players + 1):
            dealt = tuple(deck[p - 1 + i * state.players] for i in range(k))
            out.emit(ev.DirectorsDealt(player=p, directors=dealt))
        for r in range(3):
            pile = out.state.piles[r]
            out.emit(ev.RiverFilled(river=r, cards=tuple(pile[-1:-c.n.river_size - 1:-1])))
        pile = out.state.investor_pile
        out.emit(ev.InvestorsRevealed(investors=tuple(pile[-1:-c.n.investor_river - 1:-1])))
        out.emit(ev.SimultaneousStep(step="director", players=tuple(range(1, state.players + 1))))
        return out.events

    # -- decisions -----------------------------------------------------------
    def to_act(self, s: ApogeeState) -> tuple[int, ...]:
        q = s.prompt
        if q is None or s.over:
            return ()
        if q.player == 0:
            return tuple(p for p in range(1, s.players + 1) if s.p[p - 1].waiting)
        return (q.player,)

    def legal_actions(self, s: ApogeeState) -> list:
        """Every decision open now. The last answer is kept for the same state object until any event is
        evolved, so `decide` right after `legal_actions` does not compute it twice."""
        if self._legal_for is s:
            return list(self._legal)
        legal = flow.legal(self.c, s)
        self._legal_for, self._legal = s, legal
        return list(legal)

    def evolve(self, state, event):
        self._legal_for = None
        handler = self.handlers.get(type(event))
        return state if handler is None else handler(state, event)

    def decide(self, state, action, rng):
        """Game.decide, with the rule an illegal action breaks named where it can be told."""
        legal = self._legal if self._legal_for is state else self.legal_actions(state)
        if action not in legal:
            self.explain_illegal(state, action)
            raise IllegalAction(f"{self.format_action(action)} is not a legal action now")
        u = Unfolding(self, state, action)
        flow.resolve(u, action, rng)
        return u.events

    def explain_illegal(self, s: ApogeeState, action) -> None:
        from apogee.administration import launch_problem, specialty_ok
        from apogee.rocket import build_problem
        c = self.c
        if s.over:
            raise IllegalAction("the game is over", rule="AP-INV-24")
        p = action.player
        if p not in self.to_act(s):
            raise IllegalAction(f"it is not P{p}'s turn to decide", rule="AP-TURN-04")
        kind = s.prompt.kind if s.prompt else ""
        if isinstance(action, ev.LaunchRocket) and action.destination in c.dest_index:
            problem = launch_problem(c, s, p, c.dest_index[action.destination])
            if problem:
                raise IllegalAction(problem[0], rule=problem[1])
        if isinstance(action, ev.Build) and 0 <= action.card < len(c.tech):
            problem = build_problem(c, s, s.p[p - 1], action.card)
            if problem:
                raise IllegalAction(problem[0], rule=problem[1])
        if isinstance(action, ev.UseSpecialty) and kind == "admin" and not specialty_ok(c, s, p):
            raise IllegalAction("the Director's Specialty is spent or not available now", rule="AP-DIR-04")
        if isinstance(action, ev.StaticFire) and kind == "admin":
            raise IllegalAction("no static fire now", rule="AP-SF-06" if s.p[p - 1].fired else "AP-SF-01")
        if isinstance(action, ev.Intervene) and kind == "admin":
            raise IllegalAction("no Nation Intervention now", rule="AP-NAT-02")
        if isinstance(action, ev.Recruit) and kind == "admin":
            raise IllegalAction("no Engineer can be recruited", rule="AP-REC-03")
        if isinstance(action, ev.Dismiss) and kind == "admin":
            raise IllegalAction("that Engineer cannot be dismissed now", rule="AP-DIS-03")
        if isinstance(action, ev.Place) and kind == "place":
            raise IllegalAction("that placement is not open", rule="AP-PLC-08")

    def resolve(self, u: Unfolding, action, rng) -> None:
        flow.resolve(u, action, rng)

    # -- information ---------------------------------------------------------
    def view(self, s: ApogeeState, player: int | None) -> ApogeeState:
        """AP-COMP-25, AP-INV-26: piles face down, others' hands, unrevealed placements, R&D draws and (during
        the choice) Directors hidden as -1."""
        v = s.__copy__()
        v.order = s.order[:]
        v.rivers = [x[:] for x in s.rivers]
        v.investor_river = s.investor_river[:]
        v.investors_out = s.investors_out[:]
        v.events_seen = s.events_seen[:]
        v.bans = s.bans[:]
        v.extra_goals = s.extra_goals[:]
        v.winners = s.winners[:]
        v.piles = [[-1] * len(x) for x in s.piles]
        v.juniors = [-1] * len(s.juniors)
        v.seniors = [-1] * len(s.seniors)
        v.investor_pile = [-1] * len(s.investor_pile)
        v.event_pile = [-1] * len(s.event_pile)
        v.directors_out = [-1] * len(s.directors_out)
        revealed = s.revealed
        hide_director = s.stage == "director"
        players = []
        for q, pl in enumerate(s.p, 1):
            if q == player:
                players.append(pl.copy())
                continue
            o = pl.__copy__()
            o.reserve, o.pad, o.investors, o.launches, o.mods = (pl.reserve[:], pl.pad[:], pl.investors[:],
                                                                  pl.launches[:], pl.mods[:])
            o.dealt = [-1] * len(pl.dealt)
            o.drawn = [-1] * len(pl.drawn)
            if hide_director:
                o.director = -1
            shown = [(e, sp) for e, sp in zip(pl.hand, pl.spots) if _revealed(sp, revealed)] if revealed else []
            hidden = len(pl.hand) - len(shown)
            shown.sort()
            o.hand = [e for e, _ in shown] + [-1] * hidden
            o.spots = [sp for _, sp in shown] + [HIDDEN] * hidden
            players.append(o)
        v.p = players
        return v

    def hidden_variant(self, s: ApogeeState, player: int | None, rng) -> ApogeeState:
        """The same table with every pile reshuffled and others' unseen Engineers, R&D draws and dealt
        Directors dealt afresh."""
        v = s.copy()
        c = self.c
        for k in range(4):
            v.piles[k] = rng.shuffled(v.piles[k])
        pool = {False: list(v.juniors), True: list(v.seniors)}
        slots = []
        for q, pl in enumerate(v.p, 1):
            if q == player:
                continue
            for i, (e, sp) in enumerate(zip(pl.hand, pl.spots)):
                if not _revealed(sp, s.revealed):
                    pool[c.senior[e]].append(e)
                    slots.append((pl, i, c.senior[e]))
        for senior in (False, True):
            pool[senior] = rng.shuffled(pool[senior])
        for pl, i, senior in slots:
            pl.hand[i] = pool[senior].pop()
        v.juniors, v.seniors = pool[False], pool[True]
        rnd_pool = list(v.piles[3])
        for q, pl in enumerate(v.p, 1):
            if q != player:
                rnd_pool += pl.drawn
        rnd_pool = rng.shuffled(rnd_pool)
        for q, pl in enumerate(v.p, 1):
            if q != player:
                pl.drawn = [rnd_pool.pop() for _ in pl.drawn]
        v.piles[3] = rnd_pool
        v.investor_pile = rng.shuffled(v.investor_pile)
        v.event_pile = rng.shuffled(v.event_pile)
        box = list(v.directors_out)
        for q, pl in enumerate(v.p, 1):
            if q != player:
                box += pl.dealt
                if s.stage == "director" and pl.director >= 0 and pl.director not in pl.dealt:
                    pass
        box = rng.shuffled(box)
        for q, pl in enumerate(v.p, 1):
            if q != player and pl.dealt:
                pl.dealt = [box.pop() for _ in pl.dealt]
                if s.stage == "director" and pl.director >= 0:
                    pl.director = pl.dealt[0]
        v.directors_out = box
        return v

    def visible(self, e, player: int | None):
        """A log line as `player` sees it (AP-INV-26)."""
        t = type(e)
        if t is ev.PileShuffled:
            return ev.PileShuffled(pile=e.pile, order=(-1,) * len(e.order))
        if t is ev.RndReturned:
            return ev.RndReturned(cards=(-1,) * len(e.cards))
        if getattr(e, "player", None) == player:
            return e
        if t is ev.DirectorsDealt:
            return ev.DirectorsDealt(player=e.player, directors=(-1,) * len(e.directors))
        if t is ev.KeepDirector:
            return ev.KeepDirector(player=e.player, director=-1)
        if t is ev.EngineersRecruited:
            return ev.EngineersRecruited(player=e.player, senior=e.senior, engineers=(-1,) * len(e.engineers))
        if t is ev.EngineerDismissed:
            return ev.EngineerDismissed(player=e.player, engineer=-1, reason=e.reason)
        if t is ev.Dismiss:
            return ev.Dismiss(player=e.player, engineer=-1)
        if t is ev.Place:
            return ev.Place(player=e.player, engineer=-1, spot="hidden")
        if t is ev.RndDrawn:
            return ev.RndDrawn(player=e.player, cards=(-1,) * len(e.cards))
        if t is ev.KeepRnd:
            return e
        return e

    def format_action(self, action) -> str:
        """The generic text form, with the names behind card, Engineer and Director numbers after a `#` (which
        `parse_action` ignores)."""
        text = super().format_action(action)
        c = self.c
        names = []
        card = getattr(action, "card", None)
        if card is not None and 0 <= card < len(c.tech):
            names.append(c.tech[card].name)
        e = getattr(action, "engineer", None)
        if e is not None and 0 <= e < len(c.engineer):
            names.append(c.engineer[e].name)
        d = getattr(action, "director", None)
        if d is not None and 0 <= d < len(c.director):
            names.append(c.director[d].name)
        return f"{text}  # {', '.join(names)}" if names else text

    def parse_action(self, state: ApogeeState, text: str):
        return super().parse_action(state, text.split("#", 1)[0])

    def outcome(self, s: ApogeeState) -> Outcome | None:
        """AP-END-02, AP-MIS-28, AP-SOLO-11, AP-SOLO-12: a point for each winner; a truncated run has none."""
        if not s.over:
            return None
        winners = tuple(s.winners)
        return Outcome(scores=tuple(int(p in winners) for p in range(1, s.players + 1)), winners=winners,
                       truncated=s.truncated, note="turn cap reached" if s.truncated else "")

    def invariants(self):
        return invariants.registry(self.c)

    def evaluate(self, s: ApogeeState, player: int) -> float:
        from apogee.evaluate import evaluate
        return evaluate(self.c, s, player)

    def render(self, s: ApogeeState, player: int | None):
        from apogee.render import render
        return render(self.c, self.view(s, player), player)


def _revealed(spot: int, revealed: int) -> bool:
    """A placed Engineer is public once its spot was revealed this turn (SOC_FIXED: by Specialty, so the
    Specialty step was revealed)."""
    if spot == SOC_FIXED:
        spot = SPECIALTY
    return spot > IDLE and bool(revealed >> spot & 1)


"""The Apogee rules object: boardcore's decider contract wired to the game's modules.

`setup` deals the table, `legal_actions` and `resolve` go through the decision-point table (`prompts.POINTS`,
filled by the part modules imported below), `flow.advance` runs the automatic steps, `evolve` dispatches
through the registered handlers, `hidden` hides what a player may not see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from boardcore.game.errors import IllegalAction
from boardcore.game.rules import MAX_TURNS, Game, Outcome, Unfolding, Unoffered

# The part modules register their decision points on import; flow imports every one of them.
from apogee import events as ev
from apogee import describe, figures, flow, hidden, missions, near_end, setup, spaces
from apogee.administration import admin_unoffered, launch_problem, specialty_ok
from apogee.components import Components, load
from apogee.evaluate import evaluate, margin, prior, standing
from apogee.evolve import HANDLERS
from apogee.invariants import INVARIANTS, LIVENESS
from apogee.prompts import POINTS
from apogee.render import render
from apogee.rocket import build_problem
from apogee.state import ApogeeState
from apogee.words import stage_words

UNOFFERED = {"admin": admin_unoffered}
"""The decision points that can say why an option a player looks for is missing (`Rules.unoffered`)."""

VERSION = "1.2"  # 1.1: the Single-Stage Orbital Launcher counts as both stages for Solo Event 06; 1.2: no
#                  turn cap unless one is asked for (`max_turns` defaulted to 50: the rulebook has none)

POINTS.complete()


class ApogeeConfig(msgspec.Struct, frozen=True, kw_only=True):
    """players 2-5 (multiplayer, AP-COMP-01) or 1 (Solo); mission 1-12, or 1-6 in Solo (AP-SETUP-09,
    AP-SETUP-10, AP-SOLO-02); tiebreak: the optional variant agreed before play (AP-TIE-01); max_turns: a
    cap a simulation may ask for, ending a run unscored ("truncated"), not a rule of the game: the game
    ends only through its Mission (AP-END-01) or the Solo Mission's own count, so the default is none."""
    players: int = 2
    mission: int = 1
    tiebreak: bool = False
    max_turns: Annotated[int, Meta(ge=0, le=MAX_TURNS, description="0: no cap")] = 0


class Apogee(Game):
    name = "apogee"
    version = VERSION
    # what-if's rollouts: greedy and the prior both called 8 of 8 benchmark positions' dominated move worse;
    # the prior gave a false verdict on 1 of 16 nulls, greedy on none (tools/whatif_bench.py --positions 8)
    rollout_policy = "greedy"
    config_type = ApogeeConfig
    state_type = ApogeeState
    events = ev.EVENTS
    INVARIANTS = INVARIANTS
    LIVENESS = LIVENESS
    signposts = ev.SIGNPOSTS
    min_players, max_players = 1, 5
    over_rule = "AP-INV-24"  # once the game is over, nothing more is accepted
    turn_rule = "AP-TURN-04"  # only the player asked (or, in a simultaneous step, still waiting) decides

    def __init__(self, c: Components | None = None) -> None:
        self.c = c or load()
        self.data_id = self.c.loaded.data_id
        self.data_sha256 = self.c.loaded.sha256
        self.handlers = HANDLERS.bind(self.c, ev.EVENTS)

    def with_data(self, folder: Any) -> Apogee:
        """AP-GAP-01: the same rules on another data folder (`--data DIR`)."""
        return Apogee(load(Path(folder)))

    # -- state ---------------------------------------------------------------
    copy = staticmethod(ApogeeState.copy)
    """`rules.copy(s)` is `s.copy()` itself: no extra call on the bot's hottest path."""

    def initial(self, config: ApogeeConfig) -> ApogeeState:
        self.check_players(config.players)
        return setup.initial(self.c, config)

    def setup(self, state: ApogeeState, rng) -> list:
        u = Unfolding.over(self, state)
        setup.deal(self.c, u, rng)
        return u.events

    # -- decisions -----------------------------------------------------------
    def to_act(self, s: ApogeeState) -> tuple[int, ...]:
        q = s.prompt
        if q is None or s.over:
            return ()
        if q.player == 0:
            return tuple(p for p in range(1, s.players + 1) if s.areas[p - 1].waiting)
        return (q.player,)

    def asking(self, s: ApogeeState) -> str | None:
        return None if s.prompt is None or s.over else s.prompt.kind

    def unoffered(self, view: ApogeeState, player: int) -> list[Unoffered]:
        explain = UNOFFERED.get(self.asking(view) or "")
        return explain(self.c, view, player) if explain else []

    def clock(self, s: ApogeeState) -> int:
        return s.turn

    def legal_actions(self, s: ApogeeState) -> list:
        """Every decision open now: the answers the open decision point lists."""
        q = s.prompt
        if q is None or s.over:
            return []
        return POINTS.legal(self.c, s, q.kind, q.player)

    def resolve(self, u: Unfolding, action, rng) -> None:
        """The answer to the decision point it closed, then every automatic step up to the next one."""
        POINTS.resolve(self.c, u, u.asked, action, rng)
        flow.advance(self.c, u, rng)

    def explain_illegal(self, s: ApogeeState, action) -> None:
        """The rule an action that is not open breaks, where it can be told."""
        c = self.c
        p = action.player
        kind = s.prompt.kind if s.prompt else ""
        if isinstance(action, ev.LaunchRocket) and action.destination in c.dest_index:
            problem = launch_problem(c, s, p, c.dest_index[action.destination])
            if problem:
                raise IllegalAction(problem[0], rule=problem[1])
        if isinstance(action, ev.Build) and 0 <= action.card < len(c.tech):
            problem = build_problem(c, s, s.areas[p - 1], action.card)
            if problem:
                raise IllegalAction(problem[0], rule=problem[1])
        if isinstance(action, ev.UseSpecialty) and kind == "admin" and not specialty_ok(c, s, p):
            raise IllegalAction("the Director's Specialty is spent or not available now", rule="AP-DIR-04")
        if isinstance(action, ev.StaticFire) and kind == "admin":
            raise IllegalAction("no static fire now", rule="AP-SF-06" if s.areas[p - 1].fired else "AP-SF-01")
        if isinstance(action, ev.Intervene) and kind == "admin":
            raise IllegalAction("no Nation Intervention now", rule="AP-NAT-02")
        if isinstance(action, ev.Recruit) and kind == "admin":
            raise IllegalAction("no Engineer can be recruited", rule="AP-REC-03")
        if isinstance(action, ev.Dismiss) and kind == "admin":
            raise IllegalAction("that Engineer cannot be dismissed now", rule="AP-DIS-03")
        if isinstance(action, ev.Place) and kind == "place":
            raise IllegalAction("that placement is not open", rule="AP-PLC-08")

    # -- information ---------------------------------------------------------
    def view(self, s: ApogeeState, player: int | None) -> ApogeeState:
        return hidden.view(self.c, s, player)

    def hidden_variant(self, s: ApogeeState, player: int | None, rng) -> ApogeeState:
        return hidden.hidden_variant(self.c, s, player, rng)

    def visible(self, e, player: int | None):
        return hidden.visible(e, player)

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
        """A point for each winner, who may share the victory (AP-END-02, AP-MIS-28; none for a failed Solo
        Mission, AP-SOLO-11, AP-SOLO-12); a truncated run has none."""
        if not s.over:
            return None
        winners = tuple(s.winners)
        return Outcome(scores=tuple(int(p in winners) for p in range(1, s.players + 1)), winners=winners,
                       truncated=s.truncated, note="turn cap reached" if s.truncated else "")


    def endings(self, config: ApogeeConfig) -> tuple[str, ...]:
        solo = config.players == 1
        return missions.endings(self.c.solo_missions[config.mission] if solo else self.c.missions[config.mission],
                                solo)

    def ending(self, s: ApogeeState) -> tuple[str, ...]:
        return missions.ending(self.c, s)

    def near_end(self, config: ApogeeConfig, rng) -> ApogeeState | None:
        return near_end.near_end(self, config, rng)

    def evaluate(self, s: ApogeeState, player: int) -> float:
        return evaluate(self.c, s, player)

    def standing(self, s: ApogeeState):
        return standing(self.c, s)

    def margin(self, s: ApogeeState, player: int) -> float:
        return margin(self.c, s, player)

    def render(self, s: ApogeeState, player: int | None):
        return render(self.c, self.view(s, player), player)

    # -- for people ------------------------------------------------------------
    def describe(self, s: ApogeeState, item, player: int | None) -> str:
        return describe.describe(self.c, s, item, player)

    def stage(self, s: ApogeeState) -> str:
        return stage_words(s)

    def colours(self, config: ApogeeConfig) -> dict[str, str]:
        from apogee import draw
        return draw.series_colours(config)

    def draw(self, view: ApogeeState, player: int | None) -> str:
        from apogee import draw   # the viewer's board: imported when one is drawn, not at every start
        return draw.draw(self.c, view, player)

    def figures(self, s: ApogeeState) -> dict[str, dict[str, float]]:
        return figures.figures(self.c, s)

    # -- for agents --------------------------------------------------------------
    def all_actions(self, config: ApogeeConfig) -> list:
        return spaces.all_actions(self.c, config)

    def observation(self, config: ApogeeConfig):
        """Built once per config, like the action codec."""
        cache = self.__dict__.setdefault("_observations", {})
        key = msgspec.json.encode(config)
        if key not in cache:
            cache[key] = spaces.observation(self.c, config)
        return cache[key]

    def prior(self, s: ApogeeState, actions) -> list[float]:
        return prior(self.c, s, actions)

"""The Rules object: wiring only. The table is laid by setup.py, the automatic flow is flow.py, and
every decision is listed and answered through the decision points (prompts.POINTS) that the
rulebook parts register; boardcore's `Game.decide` checks an action, then `resolve` answers it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


from boardcore.game.rules import Game, Outcome, Unfolding, Unoffered

from solar_sphere import battle, command, crew, deploy, flow, locations  # noqa: F401 - they register POINTS
from solar_sphere import hidden, near_end
from solar_sphere import setup as table
from solar_sphere import spaces
from solar_sphere.components import Components, load
from solar_sphere.describe import describe
from solar_sphere.figures import figures
from solar_sphere.evaluate import evaluate, margin, prior, standing
from solar_sphere.events import (DECISIONS, EVENTS, SIGNPOSTS, Choose, ChooseDie, Visit)
from solar_sphere.evolve import HANDLERS
from solar_sphere.invariants import INVARIANTS, LIVENESS
from solar_sphere.prompts import POINTS, open_point, refuse_answer
from solar_sphere.render import render
from solar_sphere import scoring
from solar_sphere.scoring import winners
from solar_sphere.state import SolarConfig, SolarState, Task
from solar_sphere.words import stage_words

UNOFFERED = {"act": deploy.act_unoffered}
"""The decision points that can say why an option a player looks for is missing (`Rules.unoffered`)."""

VERSION = "1.2"  # 1.1: "When you visit" crew after the action (SS-AMB-25); 1.2: T3-02 refreshes no T3-02 (SS-AMB-26)

POINTS.complete()


class SolarSphere(Game):
    name = "solar-sphere"
    version = VERSION
    config_type = SolarConfig
    state_type = SolarState
    events = EVENTS
    INVARIANTS = INVARIANTS
    LIVENESS = LIVENESS
    signposts = SIGNPOSTS
    min_players, max_players = 1, 4
    over_rule = "SS-INV-26"       # after the final Battle nothing more is accepted
    turn_rule = "SS-DEP-01"       # players act in turn order
    # what-if's rollouts: the prior called the dominated die turn worse in 8 of 8 benchmark positions; greedy
    # called it better in 2 (playing on worse from the kept die and its drones than from the turned die) and
    # costs ten times as much per decision (tools/whatif_bench.py --positions 8 --seconds 8 --against dominated)
    rollout_policy = "prior"

    def __init__(self, components: Components | None = None) -> None:
        self.c = components or load()
        self.data_id, self.data_sha256 = self.c.data_id, self.c.sha256
        self.handlers = HANDLERS.bind(self.c, EVENTS)

    def with_data(self, folder: Any) -> SolarSphere:
        """`--data DIR`: these rules on replacement component data (validated by components.py)."""
        return SolarSphere(load(Path(folder)))

    copy = staticmethod(SolarState.copy)
    """`rules.copy(s)` is `s.copy()` itself: no extra call on the bot's hottest path."""

    # -- the table -------------------------------------------------------------------------------
    def initial(self, config: SolarConfig) -> SolarState:
        self.check_players(config.players)
        return table.initial(self.c, config)

    def setup(self, state: SolarState, rng) -> list:
        """The setup facts, then round 1's Dock and whatever follows it until the first decision."""
        u = Unfolding.over(self, state)
        table.deal(self.c, u, rng)
        flow.advance(self.c, u, rng)
        return u.events

    # -- decisions -------------------------------------------------------------------------------
    def to_act(self, s: SolarState) -> tuple[int, ...]:
        if s.phase == "over":
            return ()
        player = open_point(s)[1]
        return (player,) if player else ()

    def asking(self, s: SolarState) -> str | None:
        return None if s.phase == "over" else open_point(s)[0]

    def unoffered(self, view: SolarState, player: int) -> list[Unoffered]:
        explain = UNOFFERED.get(self.asking(view) or "")
        return explain(self.c, view, player) if explain else []

    def clock(self, s: SolarState) -> int:
        return s.round

    def legal_actions(self, s: SolarState) -> list:
        if s.phase == "over":
            return []
        kind, player = open_point(s)
        return POINTS.legal(self.c, s, kind, player) if kind in POINTS else []

    def task_options(self, s: SolarState, t: Task) -> list[str]:
        """What `Choose` may answer to stack entry `t` (the top one), as words."""
        if t.kind not in POINTS:
            return []
        return [a.option for a in POINTS.legal(self.c, s, t.kind, t.player) if type(a) is Choose]

    def is_legal(self, s: SolarState, action) -> bool:
        """As `action in legal_actions(s)`, but a chosen die or a visit is tested on its own: the
        whole list of those asks SS-AMB-15 about every value and card."""
        if s.phase == "over" or action.player not in self.to_act(s):
            return False
        if not s.tasks:
            if type(action) is ChooseDie and s.step == "turn":
                return deploy.die_is_legal(self.c, s, action)
            if type(action) is Visit and s.step == "visit":
                return deploy.visit_is_legal(self.c, s, action)
        return action in self.legal_actions(s)

    def explain_illegal(self, s: SolarState, action) -> None:
        """Name the rule an illegal answer breaks: the stack's top entry's, else the Deploy turn's."""
        if s.tasks:
            refuse_answer(s.tasks[-1], action)
        deploy.refuse(self.c, s, action)

    def resolve(self, u, action, rng) -> None:
        """The open decision point answers `action`, then the flow runs until the next decision."""
        POINTS.resolve(self.c, u, u.asked, action, rng)
        flow.advance(self.c, u, rng)

    # -- information -----------------------------------------------------------------------------
    def view(self, s: SolarState, player: int | None) -> SolarState:
        return hidden.view(s, player)

    def hidden_variant(self, s: SolarState, player: int | None, rng) -> SolarState:  # noqa: ARG002
        """The hidden parts dealt from what no one can see: from the true table or a view (hidden.py)."""
        return hidden.hidden_variant(self.c, s, rng)

    def visible(self, e, player: int | None):
        return hidden.visible(e, player)

    def outcome(self, s: SolarState) -> Outcome | None:
        if s.phase != "over":
            return None
        if s.dranda_seat:                                   # SS-SOLO-01, SS-AMB-50: the player's score only
            return Outcome(scores=(s.outcome[0],), winners=winners(s), note=f"DRANDA scored {s.outcome[1]}")
        return Outcome(scores=tuple(s.outcome), winners=winners(s))


    def endings(self, config: SolarConfig) -> tuple[str, ...]:
        return scoring.endings(config.players)

    def ending(self, s: SolarState) -> tuple[str, ...]:
        return scoring.ending(s)

    def near_end(self, config: SolarConfig, rng) -> SolarState | None:
        return near_end.near_end(self, config, rng)

    def evaluate(self, s: SolarState, player: int) -> float:
        return evaluate(self, s, player)

    def standing(self, s: SolarState):
        return standing(self, s)

    def margin(self, s: SolarState, player: int) -> float:
        return margin(self, s, player)

    def render(self, s: SolarState, player: int | None):
        return render(self, s, player)

    # -- for people and agents (describe.py, draw.py, evaluate.py, spaces.py) --------------------------
    def describe(self, s: SolarState, item, player: int | None) -> str:
        return describe(self.c, s, item, player)

    def stage(self, s: SolarState) -> str:
        return stage_words(s)

    def colours(self, config: SolarConfig) -> dict[str, str]:
        from solar_sphere import draw
        return draw.series_colours(config)

    def draw(self, view: SolarState, player: int | None) -> str:
        from solar_sphere import draw   # the viewer's board: imported when one is drawn, not at every start
        return draw.draw(self.c, view, player)

    def figures(self, s: SolarState) -> dict[str, dict[str, float]]:
        return figures(s)

    def prior(self, s: SolarState, actions) -> list[float]:
        return prior(self, s, actions)

    def all_actions(self, config: SolarConfig) -> list:
        return spaces.all_actions(self.c, config)

    def observation(self, config: SolarConfig):
        return spaces.observation(self.c, config)


__all__ = ["SolarSphere", "SolarConfig", "DECISIONS"]

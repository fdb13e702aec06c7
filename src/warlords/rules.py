"""The Rules object: wiring only. Setup, the decision points' table, evolve, views and the result
come from the modules named below; `boardcore.game.rules.Game` owns `decide`.

Every decision answers the open prompt (`state.prompt`): its kind's entry in `prompts.POINTS`
emits the facts that follow, then `flow.advance` runs the automatic steps (phases, automa turns,
end of game) until someone must decide again.
"""

from __future__ import annotations

from typing import Any

from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.rules import Game, Unfolding, Unoffered

# the rulebook's parts, imported so that each registers its decision points
from warlords import action_phase, actions, base_ship, casualties, invasion, mercenary  # noqa: F401
from warlords import recall, reputation, setup, support, team                           # noqa: F401
from warlords import events as ev
from warlords import flow, hidden, near_end, scoring
from warlords import describe, evaluate as estimate, figures, spaces
from warlords.components import Components, load
from warlords.evolve import HANDLERS
from warlords.invariants import INVARIANTS, LIVENESS
from warlords.prompts import POINTS
from warlords.state import WarlordsConfig, WarlordsState
from warlords.words import stage_words

UNOFFERED = {"action": action_phase.action_unoffered}
"""The decision points that can say why an option a player looks for is missing (`Rules.unoffered`)."""

POINTS.complete()


class Warlords(Game):
    """Galactic Warlords: 2-3 players, 2 vs 2 for 4, and solo against the Rebellion."""

    name = "warlords"
    version = "1.3"  # 1.1: the Rebellion's turn resets the support-card limit (GW-AMB-26); 1.2: in 2 vs 2
    #                  only an opponent may Blockade (GW-AMB-25, GW-TEAM-01); 1.3: the Rebellion's cards
    #                  pre-deploy more Infantry (GW-GAP-22, provisional; data/README.md)
    # what-if's rollouts: greedy and the prior both called 8 of 8 benchmark positions' dominated move worse;
    # the prior gave a false verdict on 1 of 8 nulls, greedy on none (tools/whatif_bench.py --positions 8)
    rollout_policy = "greedy"
    config_type = WarlordsConfig
    state_type = WarlordsState
    events = ev.EVENTS
    INVARIANTS = INVARIANTS
    LIVENESS = LIVENESS
    signposts = ev.SIGNPOSTS
    min_players, max_players = 1, 4
    over_rule = "GW-END-06"    # once the game has ended nothing more happens
    turn_rule = "GW-INV-25"    # only the player a prompt names may answer it

    def __init__(self, components: Components | None = None) -> None:
        self.c = components or load()
        self.data_id, self.data_sha256 = self.c.data_id, self.c.sha256
        self.handlers = HANDLERS.bind(self.c, ev.EVENTS)
        self.points = POINTS

    def with_data(self, folder: Any) -> Warlords:
        return Warlords(load(folder))

    # -- the table ----------------------------------------------------------------
    def initial(self, config: WarlordsConfig) -> WarlordsState:
        self.check_players(config.players)
        if config.mode not in ("", "teams", "ffa") or (config.mode == "teams" and config.players != 4):
            raise BoardcoreError(f"mode {config.mode!r} is not available for {config.players} players")
        if config.mission not in ("per_planet", "per_mercenary") or config.level not in ("standard", "hard"):
            raise BoardcoreError("mission must be per_planet or per_mercenary; level standard or hard")
        return setup.initial(self.c, config)

    def setup(self, state: WarlordsState, rng) -> list:
        """The setup facts (multiplayer or solo), then the flow up to the first prompt."""
        u = Unfolding.over(self, state)
        setup.deal(self.c, u, rng)
        flow.advance(self.c, u, rng)
        return u.events

    copy = staticmethod(WarlordsState.copy)
    """`rules.copy(s)` is `s.copy()` itself: no extra call on the bot's hottest path."""

    def evolve(self, state: WarlordsState, event) -> WarlordsState:
        """Every event has a handler (a decision closes the prompt), so no fallback is needed."""
        return self.handlers[type(event)](state, event)

    # -- decisions ------------------------------------------------------------------
    def to_act(self, s: WarlordsState) -> tuple[int, ...]:
        if s.over or s.prompt is None:
            return ()
        if s.prompt.kind == "exchange":
            return team.to_act(s)
        return (s.prompt.player,)

    def asking(self, s: WarlordsState) -> str | None:
        return None if s.over or s.prompt is None else s.prompt.kind

    def unoffered(self, view: WarlordsState, player: int) -> list[Unoffered]:
        explain = UNOFFERED.get(self.asking(view) or "")
        return explain(self.c, view, player) if explain else []

    def clock(self, s: WarlordsState) -> int:
        return s.turn

    def legal_actions(self, s: WarlordsState) -> list:
        if s.over or s.prompt is None:
            return []
        return POINTS.legal(self.c, s, s.prompt.kind, s.prompt.player)

    def is_legal(self, s: WarlordsState, a) -> bool:
        """Membership in `legal_actions`, decided without building the whole list where that is
        costly (the Action Phase menu); the same predicates either way."""
        if s.over or s.prompt is None:
            return False
        if s.prompt.kind == "action" and a.player == s.prompt.player:
            offered = action_phase.is_offered(self.c, s, a)
            if offered is not None:
                return offered
        return a in self.legal_actions(s)

    def resolve(self, u: Unfolding, action, rng) -> None:
        """The answered point's resolution, then the automatic steps. The decision has closed its
        prompt already: the kind asked is the one open before it (`u.asked`)."""
        s = u.state
        # A player's view blanks the hidden cards (""), so foreseeing a draw or a hidden card's
        # effect from it may fail; the greedy bot decides on views and is given a refusal it
        # can skip. On the real table such an error is a bug, and it propagates.
        on_view = "" in s.deck or "" in s.sdeck or "" in s.rebel_deck
        try:
            POINTS.resolve(self.c, u, u.asked, action, rng)
            flow.advance(self.c, u, rng)
        except (KeyError, IndexError, ValueError) as exc:
            if on_view:
                raise IllegalAction(f"cannot foresee this from a player's view ({exc!r})") from None
            raise

    def explain_illegal(self, s: WarlordsState, a) -> None:
        """Name the rule an illegal action breaks, where it is a common mistake."""
        if isinstance(a, ev.MoveShip) and a.sector == s.ships[a.player - 1]:
            raise IllegalAction("the Base Ship must move to a different sector", rule="GW-SHIP-01")
        if isinstance(a, ev.MoveShip):
            raise IllegalAction(f"{a.sector} is not adjacent, a recon sector, or has no room", rule="GW-SHIP-02")
        if isinstance(a, ev.DeployUnits) and a.infantry + a.tanks + a.aircraft > self.c.limit:
            raise IllegalAction("at most 3 units of one player on a planet", rule="GW-DEP-03")
        if isinstance(a, ev.TargetPlanet) and s.ctx and s.ctx[-1].kind in ("deploy", "deploy_only"):
            if not s.revealed[a.planet]:
                raise IllegalAction("a face-down planet cannot be targeted", rule="GW-DEP-08")
            if s.ctx[-1].kind == "deploy_only" and s.owner[a.planet] not in (0, a.player):
                raise IllegalAction("Deploy Only cannot start an invasion", rule="GW-DONLY-01")
            raise IllegalAction("that planet is out of reach of this deploy", rule="GW-SHIP-11")
        if isinstance(a, ev.Wound):
            raise IllegalAction("only an unguarded, unwounded mercenary of an opponent with 2+ in play",
                                rule="GW-ASN-02")
        if isinstance(a, ev.PlaySupport) and s.support_played[a.player - 1]:
            raise IllegalAction("one support card per turn", rule="GW-SUP-03")

    # -- information ------------------------------------------------------------------
    def view(self, s: WarlordsState, player: int | None) -> WarlordsState:
        return hidden.view(s, player)

    def hidden_variant(self, s: WarlordsState, player: int | None, rng) -> WarlordsState:
        return hidden.hidden_variant(self.c, s, player, rng)

    def visible(self, e, player: int | None):
        return hidden.visible(e, player)

    def outcome(self, s: WarlordsState):
        return scoring.outcome(s)


    def endings(self, config: WarlordsConfig) -> tuple[str, ...]:
        return scoring.endings(config.players, config.mode)

    def ending(self, s: WarlordsState) -> tuple[str, ...]:
        return scoring.ending(self.c, s)

    def near_end(self, config: WarlordsConfig, rng) -> WarlordsState | None:
        return near_end.near_end(self, config, rng)

    def evaluate(self, s: WarlordsState, player: int) -> float:
        return estimate.evaluate(self.c, s, player)

    def standing(self, s: WarlordsState):
        return estimate.standing(self.c, s)

    def margin(self, s: WarlordsState, player: int) -> float:
        return estimate.margin(self.c, s, player)

    # -- for people and agents --------------------------------------------------------
    def describe(self, s: WarlordsState, item, player: int | None) -> str:
        """In the rulebook's words (`describe.py`); boardcore's own events keep the default form."""
        return describe.describe(self.c, s, item, player) or super().describe(s, item, player)

    def stage(self, s: WarlordsState) -> str:
        return stage_words(s)

    def colours(self, config: WarlordsConfig) -> dict[str, str]:
        from warlords import draw
        return draw.series_colours(self.c, config)

    def draw(self, view: WarlordsState, player: int | None) -> str:
        from warlords import draw   # the viewer's board: imported when one is drawn, not at every start
        return draw.draw(self.c, view, player)

    def figures(self, s: WarlordsState) -> dict[str, dict[str, float]]:
        return figures.figures(s)

    def prior(self, s: WarlordsState, offered) -> list[float]:
        return estimate.prior(self.c, s, offered)

    def all_actions(self, config: WarlordsConfig) -> list:
        return spaces.all_actions(self.c, config)

    def observation(self, config: WarlordsConfig):
        return spaces.observation(self.c, config)

    def render(self, s: WarlordsState, player: int | None) -> str:
        from warlords.render import render
        return render(self.c, self.view(s, player), player)

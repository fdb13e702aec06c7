"""Bots. A policy is `choose(view, legal, rng) -> action`: it sees only what its
player may see, and draws its own randomness from `rng`, never the game's.

Wherever a policy is named (`--seat 2=…`, `simulate`, `whatif --policy`, `tournament --agent`)
it is a spec `NAME[:KEY=VALUE,…]`: `random`, `prior`, `greedy`, `mcts`, `mcts:iterations=400`,
`mcts:seconds=0.5,depth=4`; with the `[openspiel]` extra, OpenSpiel's bots `openspiel-ismcts:seconds=0.25`
and `openspiel-mcts:simulations=200`. `make(spec, rules)` builds one; a bad name or parameter is one
clear error naming what is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from importlib import import_module
from typing import Any, Protocol

from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.game.rng import Rng
from boardcore.game.rules import Rules


class Agent(Protocol):
    """`reads_view`: whether `choose` looks at its view at all. Loops build a view (a copy of
    the state with the hidden parts blanked) only for agents that do; others are handed None."""

    name: str
    reads_view: bool

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision: ...


class RandomAgent:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"
    reads_view = False
    params: dict[str, type] = {}

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        return rng.choice(legal)


class PriorAgent(RandomAgent):
    """Random, but in proportion to the game's `prior` (`Rules.prior`), the cheap preference MCTS rolls
    out with: nearly as fast as `random`, and it builds, hires and attacks where random play wanders.
    The prior is asked on the seat's view, so it knows no more than the seat; a preference the view
    cannot give (a hidden card it would need) falls back to random's uniform pick, as greedy does."""

    name = "prior"
    reads_view = True

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            return legal[0]
        try:
            weights = self.rules.prior(view, legal)
        except Exception:  # noqa: BLE001 - see the class docstring
            return super().choose(view, legal, rng)
        x = rng.randbelow(1 << 53) / (1 << 53) * sum(weights)
        for action, w in zip(legal, weights):
            x -= w
            if x < 0:
                return action
        return legal[-1]


class GreedyAgent:
    """One-ply lookahead: try each action on a copy of the player's own view and
    keep the one the game's `evaluate` likes best. Actions with chance are tried
    under a few sampled outcomes and averaged; ties are broken at random.

    The view hides what the player cannot see (zeros for unknown cards, say), so
    deciding on it may fail where deciding on the true state would not: such an
    action simply gets no estimate, and the bot never sees more than its player."""

    name = "greedy"
    reads_view = True
    samples = 3
    params: dict[str, type] = {}

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            return legal[0]
        try:  # what the rules allow on the view: asked once, not once per action
            on_view = set(self.rules.legal_actions(view))
        except Exception:  # noqa: BLE001 - see the class docstring
            on_view = set()
        best: list[Decision] = []
        best_value = float("-inf")
        for action in legal:
            value = self.value(view, action, rng) if action in on_view else self.unknown(rng)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)

    @staticmethod
    def unknown(rng: Rng) -> float:
        """No estimate for an action the view does not allow; its sample seed is drawn all the same,
        so the choices among the others stay what they always were."""
        rng.randbelow(1 << 30)
        return float("-inf")

    def value(self, view: Any, action: Decision, rng: Rng) -> float:
        """The mean evaluation after `action` (legal on `view`) under a few sampled outcomes."""
        rules = self.rules
        total, tries = 0.0, 0
        for i in range(self.samples):
            sample_rng = Rng.derive(f"greedy/{rng.randbelow(1 << 30)}", i)
            try:  # legal on the view (checked by `choose`): not checked again
                state = rules.unfold(view, action, sample_rng, trusted=True).state
            except Exception:  # noqa: BLE001 - see the class docstring
                return float("-inf")
            total += rules.evaluate(state, action.player)
            tries += 1
            if sample_rng.draws == 0:
                break
        return total / tries


def _mcts(rules: Rules, **params: Any) -> Agent:
    from boardcore.agents.mcts import MctsAgent   # imported when asked for: `act` with greedy bots does not pay

    return MctsAgent(rules, **params)


def _mcts_params() -> dict[str, type]:
    from boardcore.agents.mcts import MctsAgent

    return MctsAgent.params


PLUGINS: dict[str, str] = {"openspiel-ismcts": "boardcore.openspiel.bots:IsmctsAgent",
                           "openspiel-mcts": "boardcore.openspiel.bots:MctsAgent"}
"""Agent kinds that live in an interface above this layer (OpenSpiel's bots search through the `openspiel`
interface's game), as `module:class`: imported only when asked for, by name, as games are found through
their entry points, so the agents layer imports nothing above itself."""


def _plugin(kind: str) -> Any:
    """The class of a `PLUGINS` kind. Its package's `_require()`, if it has one, first says in one line
    what to install when an extra is missing (OpenSpiel's bots: `[openspiel]`)."""
    module, _, name = PLUGINS[kind].partition(":")
    require = getattr(import_module(module.rpartition(".")[0]), "_require", None)
    if require is not None:
        require()
    return getattr(import_module(module), name)


def _plugin_agent(kind: str, rules: Rules, **params: Any) -> Agent:
    return _plugin(kind)(rules, **params)


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent, "prior": PriorAgent, "greedy": GreedyAgent, "mcts": _mcts,
    **{kind: partial(_plugin_agent, kind) for kind in PLUGINS}}
"""Policies by name; each is called as `factory(rules, **params)`."""

PARAMS: dict[str, Callable[[], dict[str, type]]] = {
    "random": lambda: RandomAgent.params, "prior": lambda: PriorAgent.params, "greedy": lambda: GreedyAgent.params,
    "mcts": _mcts_params,
    **{kind: partial(lambda kind: _plugin(kind).params, kind) for kind in PLUGINS}}
"""The parameters each policy accepts, with their types (looked up only when a spec has some)."""


MAX_PARAMETER = 1_000_000_000
"""The largest number a policy parameter takes (the CLI's counts stop there too); `nan` is refused by
the same comparison."""


def parse(spec: str) -> tuple[str, dict[str, Any]]:
    """`mcts:iterations=400,depth=4` -> ("mcts", {"iterations": 400, "depth": 4}), typed and checked."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise BoardcoreError(f"unknown policy {name!r}; choose from {', '.join(AGENTS)} "
                             "(with parameters as NAME:KEY=VALUE,…, e.g. mcts:iterations=400)")
    params: dict[str, Any] = {}
    if not rest.strip():
        return name, params
    accepted = PARAMS[name]()
    for item in rest.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in accepted:
            takes = ", ".join(f"{k}=…" for k in accepted) or "no parameters"
            raise BoardcoreError(f"policy {spec!r}: {name} takes {takes}; cannot read {item.strip()!r}")
        try:
            params[key] = accepted[key](value)
        except ValueError:
            raise BoardcoreError(f"policy {spec!r}: {key} must be a {accepted[key].__name__}, "
                                 f"not {value!r}") from None
        if accepted[key] in (int, float) and not 0 <= params[key] <= MAX_PARAMETER:
            # every count, time and weight a policy takes is at least 0; a 30-digit budget ran on for ever
            raise BoardcoreError(f"policy {spec!r}: {key} takes a number from 0 to {MAX_PARAMETER:,}, "
                                 f"not {value}")
    return name, params


class RulesByName:
    """Stands in for a game's rules on their way to worker processes, where `resolve` finds them by
    name again: for rules that do not pickle (a decision table of closures, as Warlords has)."""

    def __init__(self, name: str) -> None:
        self.name = name


def shippable(rules: Rules) -> Rules | RulesByName:
    """`rules` as a worker process can receive them: themselves when they pickle, else by name when
    the installed game of that name has the same component data; otherwise a clear error."""
    import pickle

    try:
        pickle.dumps(rules)
        return rules
    except Exception:  # noqa: BLE001 - whatever pickle refuses, the answer is the same
        from boardcore import games

        if games.get(rules.name).data_id == rules.data_id:
            return RulesByName(rules.name)
        raise BoardcoreError(f"{rules.name} with component data {rules.data_id} cannot be sent to worker "
                             "processes: use --workers 1") from None


def resolve(rules: Rules | RulesByName) -> Rules:
    """The rules a worker received through `shippable`."""
    if isinstance(rules, RulesByName):
        from boardcore import games

        return games.get(rules.name)
    return rules


def make(spec: str, rules: Rules) -> Agent:
    """The agent a spec names (see the module docstring)."""
    name, params = parse(spec)
    try:
        return AGENTS[name](rules, **params)
    except ValueError as exc:   # a parameter out of range, said by the agent itself
        raise BoardcoreError(f"policy {spec!r}: {exc}") from None

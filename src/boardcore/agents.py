"""Bots. A policy is `choose(view, legal, rng) -> action`: it sees only what its
player may see, and draws its own randomness from `rng`, never the game's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from boardcore.errors import BoardcoreError
from boardcore.events import Decision
from boardcore.rng import Rng
from boardcore.rules import Rules


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

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        return rng.choice(legal)


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


AGENTS: dict[str, Callable[[Rules], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make(name: str, rules: Rules) -> Agent:
    if name not in AGENTS:
        raise BoardcoreError(f"unknown policy {name!r}; choose from {', '.join(AGENTS)}")
    return AGENTS[name](rules)

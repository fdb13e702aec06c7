"""Information-set Monte Carlo tree search (`mcts`): a bot that plans past one decision without
ever reading what its seat cannot see.

`choose(view, legal, rng)` is handed the acting seat's view only. Each iteration

1. **determinises**: `rules.hidden_variant(view, player, rng)` deals everything the seat cannot
   see (deck orders, others' hands, face-down tiles) afresh, consistently with the view, so the
   search plays on one possible true table; chance inside the iteration is drawn anew too;
2. **selects** down one tree shared by all determinisations (single-observer ISMCTS): a node is
   what the searching seat has seen happen, so another seat's decisions are merged by what the
   searcher can see of them (`rules.visible`); among the children legal in this determinisation
   it takes the best upper confidence bound, counting how often each child *could* have been
   taken (its availability) rather than the parent's visits;
3. **expands** one untried decision, looked at in the order of the game's `prior`, and only as
   many at a node as its visits allow (progressive widening: ``widen * sqrt(visits)``), so a wide
   decision point does not swallow the budget; the root tries every legal action first;
4. **rolls out** `depth` decisions with the game's cheap `prior` as the policy (decisions with one
   legal action are taken on top), then scores the position with the game's `evaluate` for every
   seat (`depth=-1` plays to the end instead);
5. **backs up** each seat's reward through the nodes where that seat chose, and the scores of the
   new node into a minimax value over the tree (implicit minimax backups, Lanctot et al. 2014):
   each node keeps the score vector of its best child for the seat choosing there. Selection mixes
   the two, ``(1 - minimax) * mean reward + minimax * minimax value``: the mean is robust to a
   noisy estimate, the minimax value lets a good estimate steer the search from the first visits.

Compound choices are already sequences of small decisions (ARCHITECTURE.md, prompts), so the
tree follows them one prompt at a time; a decision with one legal action is taken without a
node, and the search is skipped altogether when only one action is legal.

Rewards lie in [0, 1]. An open position's reward for a seat is a logistic of its `evaluate`,
standardised by the running mean and spread of that seat's evaluations in this search (the
games' estimates are in points, on scales that differ by game and by stage). A finished game is
worth 1 to a winner (a shared win splits it) and a tenth of that estimate to a loser, so a sure win
beats every open line while lost lines are still told apart: in a solo game the automa may win
nearly always. Selection measures worth on the range of rewards seen in the search, so a narrow
spread (a solo game's last, lost decisions) still steers it.

Budget: `iterations=N` is deterministic for a given `rng` (the same choice every time, on any
machine); `seconds=S` stops at the time instead; with both, whichever comes first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from boardcore.events import Decision
from boardcore.rng import LocalRng, Rng
from boardcore.rules import Game, Rules

LOSS_SPREAD = 0.1
"""A finished game is worth 1 to a winner (a shared win splits it) and at most this to a loser, by how
well the loser's estimate ends: below any line still open, yet lost lines are not all alike."""

DEFAULT_ITERATIONS = 200
"""The play budget when none is given: a bot reply stays under about a second on a 2-core
machine in the slowest game (Solar Sphere); see README, "How strong are the bots"."""


class _Node:
    """What one seat's choice led to: `visits`, the summed `value` for the seat that chose
    (`actor`), how often it was `avail`able when its parent was visited, its children by key, and
    `best`: the minimax score vector (seat -> reward) of the line below it."""

    __slots__ = ("children", "visits", "value", "avail", "actor", "best")

    def __init__(self, actor: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.actor = actor
        self.best: dict[int, float] = {}


class _Scale:
    """A running mean and spread of one seat's evaluations (Welford), to standardise them."""

    __slots__ = ("n", "mean", "m2")

    def __init__(self) -> None:
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def reward(self, x: float) -> float:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)
        if self.n < 2 or self.m2 <= 0.0:
            return 0.5
        z = (x - self.mean) / math.sqrt(self.m2 / (self.n - 1))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class MctsAgent:
    """Information-set MCTS (see the module docstring). Parameters, as in `mcts:iterations=400`:

    - `iterations`: iterations per decision (default `DEFAULT_ITERATIONS` when `seconds` is not given);
    - `seconds`: a time budget per decision instead (not deterministic);
    - `explore`: the UCB exploration constant (rewards are in [0, 1]);
    - `depth`: rollout decisions before `evaluate` scores the leaf; -1 plays every rollout out;
    - `widen`: progressive widening, children allowed at a node = widen * sqrt(visits), at least 1;
    - `minimax`: the weight of the minimax value against the mean reward in selection, 0 to 1.
    """

    name = "mcts"
    reads_view = True
    params: dict[str, type] = {"iterations": int, "seconds": float, "explore": float, "depth": int,
                               "widen": float, "minimax": float}

    def __init__(self, rules: Rules, iterations: int | None = None, seconds: float | None = None,
                 explore: float = 0.4, depth: int = 0, widen: float = 2.0, minimax: float = 0.5) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be above 0, not {seconds}")
        if depth < -1:
            raise ValueError(f"depth must be -1 (play out) or at least 0, not {depth}")
        if not explore >= 0 or not widen > 0 or not 0 <= minimax <= 1:
            raise ValueError("explore must be at least 0, widen above 0 and minimax between 0 and 1")
        self.rules = rules
        self.iterations = iterations if iterations is not None or seconds is not None else DEFAULT_ITERATIONS
        self.seconds = seconds
        self.explore = explore
        self.depth = depth
        self.widen = widen
        self.minimax = minimax
        self.uniform_prior = type(rules).prior is Game.prior
        self.seats: set[int] = set()     # every seat seen deciding so far: whose rewards to compute
        self.last: dict[str, Any] = {}   # what the last search did (iterations, visits per action): for tests and tools

    # -- the policy --------------------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            self.last = {"iterations": 0}
            return legal[0]
        me = legal[0].player
        self.seats.add(me)
        seed = rng.randbelow(1 << 62)
        search = _Search(self, view, me, set(legal), random.Random(f"mcts/{seed}"), LocalRng(f"mcts/{seed}/chance"))
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            search.iterate()
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if stop is not None and time.perf_counter() >= stop:
                break
        root = search.root
        ranked = sorted((child.visits, search.q(child), -i, key)
                        for i, (key, child) in enumerate(root.children.items()) if key in search.offered)
        self.last = {"iterations": done,
                     "visits": {self.rules.format_action(k): c.visits for k, c in root.children.items()}}
        if not ranked:   # no determinisation offered any of the legal actions (a game bug): do not guess
            raise RuntimeError("mcts: no legal action was ever available in a determinisation")
        return ranked[-1][3]


class _Search:
    """One decision's search: the tree, the seat searching, and the generators of this search."""

    def __init__(self, agent: MctsAgent, view: Any, me: int, offered: set, pick: random.Random,
                 chance: Rng) -> None:
        self.agent, self.rules = agent, agent.rules
        self.view, self.me, self.offered = view, me, offered
        self.pick, self.chance = pick, chance
        self.root = _Node(0)
        self.scales: dict[int, _Scale] = {}
        self.range: dict[int, tuple[float, float]] = {}   # per seat, the lowest and highest reward seen
        self.mix = agent.minimax

    def q(self, node: _Node) -> float:
        """A child's worth to the seat choosing it: mean reward mixed with the minimax value."""
        mean = node.value / node.visits if node.visits else 0.5
        return (1 - self.mix) * mean + self.mix * node.best.get(node.actor, 0.5)

    def iterate(self) -> None:
        rules, agent, me, pick, chance = self.rules, self.agent, self.me, self.pick, self.chance
        outcome, to_act, legal_actions, unfold = rules.outcome, rules.to_act, rules.legal_actions, rules.unfold
        state = rules.hidden_variant(self.view, me, chance)
        if state is None:          # nothing is hidden from this seat
            state = rules.copy(self.view)
        node = self.root
        path = [node]
        expanded = False
        while outcome(state) is None:
            if node is self.root:  # the searching seat, even where others may answer too (a simultaneous step)
                actor = me
                actions = [a for a in legal_actions(state) if a in self.offered]
            else:
                actor = to_act(state)[0]
                actions = [a for a in legal_actions(state) if a.player == actor]
                if len(actions) == 1:
                    state = unfold(state, actions[0], chance, trusted=True, in_place=True).state
                    continue
            agent.seats.add(actor)
            if actor == me:
                groups = {a: (a,) for a in actions}
            else:                  # what the searching seat would see of each choice
                groups = {}
                for a in actions:
                    key = rules.visible(a, me)
                    groups[key] = (*groups.get(key, ()), a)
            children = node.children
            untried = [k for k in groups if k not in children]
            limit = len(groups) if node is self.root else max(1, int(agent.widen * math.sqrt(node.visits)))
            if untried and (len(children) < limit or not any(k in children for k in groups)):
                key = self._first(state, untried, groups)
                child = children[key] = _Node(actor)
                expanded = True
            else:
                key = self._select(children, groups)
                child = children[key]
            members = groups[key]
            action = members[0] if len(members) == 1 else members[pick.randrange(len(members))]
            state = unfold(state, action, chance, trusted=True, in_place=True).state
            node = child
            path.append(node)
            if expanded:
                break
        rewards = self._rewards(state)
        if expanded or not node.best:
            node.best = rewards
        for n in path:
            n.visits += 1
            if n.actor:
                n.value += rewards[n.actor]
        for n in reversed(path[:-1]):   # implicit minimax: each node takes its best child's scores
            best = None
            for child in n.children.values():
                if child.best and (best is None or child.best.get(child.actor, 0.5) > best.get(child.actor, 0.5)):
                    best = child.best
            if best is not None:
                n.best = best

    def _first(self, state: Any, untried: list, groups: dict) -> Any:
        """The untried child the game's prior likes best (ties at random)."""
        pick = self.pick
        if self.agent.uniform_prior or len(untried) == 1:
            return untried[pick.randrange(len(untried))]
        weights = self.rules.prior(state, [groups[k][0] for k in untried])
        top = max(weights)
        best = [k for k, w in zip(untried, weights) if w == top]
        return best[pick.randrange(len(best))]

    def _select(self, children: dict, groups: dict) -> Any:
        """The available child with the highest upper confidence bound; each is counted available. Worth
        is measured on the range of rewards this search has seen for the seat choosing (min-max
        normalised, as MuZero does), so the bound explores alike whether rewards spread wide or narrow."""
        explore, mix = self.agent.explore, self.mix
        best, best_key = -math.inf, None
        span = None
        for key in groups:
            child = children.get(key)
            if child is None:
                continue
            if span is None:
                low, high = self.range.get(child.actor, (0.0, 1.0))
                span = high - low if high > low else 1.0
            child.avail += 1
            worth = (1 - mix) * child.value / child.visits + mix * child.best.get(child.actor, 0.5)
            score = (worth - low) / span + explore * math.sqrt(math.log(child.avail) / child.visits)
            if score > best:
                best, best_key = score, key
        return best_key

    def _rewards(self, state: Any) -> dict[int, float]:
        """Play `depth` decisions on with the prior (forced ones free), then every seat's reward in [0, 1]."""
        rules, agent, chance = self.rules, self.agent, self.chance
        outcome, to_act, legal_actions, unfold = rules.outcome, rules.to_act, rules.legal_actions, rules.unfold
        left = agent.depth
        result = outcome(state)
        while result is None:
            actor = to_act(state)[0]
            actions = [a for a in legal_actions(state) if a.player == actor]
            if len(actions) > 1:
                if left == 0:
                    break
                left -= 1
            state = unfold(state, self._rollout_pick(state, actions), chance, trusted=True, in_place=True).state
            result = outcome(state)
        rewards = {}
        for seat in agent.seats:
            scale = self.scales.get(seat)
            if scale is None:
                scale = self.scales[seat] = _Scale()
            estimate = scale.reward(rules.evaluate(state, seat))
            if result is None:
                reward = estimate
            else:                  # a win is worth the most; losses are told apart by how they end
                won = 1.0 / len(result.winners) if seat in result.winners else 0.0
                reward = won + (1.0 - won) * LOSS_SPREAD * estimate
            rewards[seat] = reward
            low, high = self.range.get(seat, (reward, reward))
            self.range[seat] = (min(low, reward), max(high, reward))
        return rewards

    def _rollout_pick(self, state: Any, actions: list) -> Decision:
        pick = self.pick
        if len(actions) == 1:
            return actions[0]
        if self.agent.uniform_prior:
            return actions[pick.randrange(len(actions))]
        weights = self.rules.prior(state, actions)
        x = pick.random() * sum(weights)
        for action, w in zip(actions, weights):
            x -= w
            if x < 0:
                return action
        return actions[-1]

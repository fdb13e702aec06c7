"""Information-set Monte Carlo tree search (`mcts`): a bot that plans past one decision without
ever reading what its seat cannot see.

`choose(view, legal, rng)` is handed the acting seat's view only. Each iteration

1. **determinises**: `rules.hidden_variant(view, player, rng)` deals everything the seat cannot
   see (deck orders, others' hands, face-down tiles) afresh, consistently with the view, so the
   search plays on one possible true table; chance inside the iteration is drawn anew too;
2. **selects** down one tree shared by all determinisations (single-observer ISMCTS): a node is
   what the searching seat has seen happen, so another seat's decisions are merged by what the
   searcher can see of them (`rules.visible`), and the one played of such a group is drawn by the
   game's `prior` over its members in this determinisation (an opponent is likelier to take a good
   card than a bad one it could equally have taken). Among the children legal in this
   determinisation it takes the best upper confidence bound, counting how often each child *could*
   have been taken (its availability) rather than the parent's visits: every available child is
   counted on every visit of its parent, whether that visit selects or expands (Cowling et al.
   2012's availability counts);
3. **expands** one untried decision, looked at in the order of the game's `prior`, and only as
   many at a node as its visits allow (progressive widening: ``widen * sqrt(visits)``), so a wide
   decision point does not swallow the budget; the root tries every legal action first;
4. **rolls out** `depth` decisions with the game's cheap `prior` as the policy (decisions with one
   legal action are taken on top), then scores the position for every seat with the game's
   `margin` (its cheap estimate of a seat's lead over the best rival, or in a solo mode over what
   the automa or the Solo Mission asks; `leaf=evaluate` scores with the greedy bot's `evaluate`
   instead); `depth=-1` plays to the end;
5. **backs up** each seat's reward through the nodes where that seat chose, and the scores of the
   new node into a minimax value over the tree (implicit minimax backups, Lanctot et al. 2014):
   each node keeps the score vector of its best child for the seat choosing there. Selection mixes
   the two, ``(1 - minimax) * mean reward + minimax * minimax value``: the mean is robust to a
   noisy estimate, the minimax value lets a good estimate steer the search from the first visits.

Compound choices are already sequences of small decisions (ARCHITECTURE.md, prompts), so the
tree follows them one prompt at a time; a decision with one legal action is taken without a
node, and the search is skipped altogether when only one action is legal.

Rewards lie in [0, 1]. An open position's reward for a seat is a logistic of its margin, centred
on that seat's mean margin over a new tree's first `WARM_UP` leaves and scaled by `WIDTH` times the
spread of the searching seat's margins over them (`_Scale`). It is set once, when those leaves are in, and
never moved after: a reward means the same at the last iteration as at the first, and in a kept
subtree as in the search that grew it. Those first leaves are backed up once the scale is known
(their visits count at once, so the first iterations spread out over the root's children). The
games' margins are in points, on scales that differ by game and by stage, hence a scale per tree. A finished game is worth 1 to a winner (a shared win splits
it) and a tenth of that estimate to a loser, so a sure win beats every open line while lost lines
are still told apart: in a solo game the automa may win nearly always. Selection measures worth on
the range of rewards seen in the search, so a narrow spread (a solo game's last, lost decisions)
still steers it.

**The tree is kept between decisions** where the information set allows: when the decision taken
reveals nothing (no chance drawn, nothing hidden turned up) and leaves the same seat to choose
again (the next step of a compound choice), the next view is known in advance, and if it is the
view handed over next time, the search goes on from that child with its statistics and scale.
Anything else starts a fresh tree.

Budget: `iterations=N` is deterministic for a given `rng` (the same choice every time, on any
machine); `seconds=S` stops at the time instead; with both, whichever comes first. The default is
both, `DEFAULT_ITERATIONS` capped at `DEFAULT_SECONDS`, so a reply in `play` stays under a second
even where a decision is wide or the machine is busy (the cap binds rarely; when it does, that
reply is no longer reproducible: give `iterations=N` alone for that).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from boardcore.game.events import Decision
from boardcore.game.rng import LocalRng, Rng
from boardcore.game.rules import Game, Rules

LOSS_SPREAD = 0.1
"""A finished game is worth 1 to a winner (a shared win splits it) and at most this to a loser, by how
well the loser's estimate ends: below any line still open, yet lost lines are not all alike."""

DEFAULT_ITERATIONS = 200
"""The play budget when none is given (see README, "How strong are the bots")."""

DEFAULT_SECONDS = 0.8
"""The time cap on the default budget: with the bookkeeping around a search, a reply under a second
on a 2-core machine in every game (README, "How strong are the bots", prints the reply times)."""

WARM_UP = 16
"""A new tree's reward scale is read from this many first leaves (or all of them, in a shorter search)."""

WIDTH = 4.0
"""The reward's logistic is this many times as wide as the first leaves' spread: the leaves after them lie
deeper (the others' replies, chance) and wander further from where the first ones lay, and they should
still fall on the logistic's slope, not on its flat ends (at 1 wide, up to half of the leaves of a Solar
Sphere search lay more than 3 wide from the centre, in 8 searches of random games; at 4, none)."""

LEAVES = ("margin", "evaluate")


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
    """A tree's reward scale: per seat, a `centre` in the leaf value's points (an even margin, 0, for
    a seat not yet met), and one `spread` for all (in a zero-sum margin, one seat's lead is another's
    deficit). Fixed when made: `reward` is a pure function of the estimate."""

    __slots__ = ("centre", "spread")

    def __init__(self, centre: dict[int, float], spread: float) -> None:
        self.centre, self.spread = centre, spread

    @classmethod
    def of(cls, leaves: list[dict[int, float]], me: int) -> _Scale:
        """The scale of these leaves' values (seat -> margin): each seat's mean, `WIDTH` times the searcher's
        spread, at least a point (margins that differ by less are told apart all the same, not blown up)."""
        seats = {seat for leaf in leaves for seat in leaf}
        centre = {seat: statistics.fmean(leaf[seat] for leaf in leaves if seat in leaf) for seat in seats}
        mine = [leaf[me] for leaf in leaves if me in leaf]
        return cls(centre, max(1.0, WIDTH * statistics.pstdev(mine) if len(mine) > 1 else 0.0))

    def reward(self, seat: int, x: float) -> float:
        z = (x - self.centre.get(seat, 0.0)) / self.spread
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class _Kept(msgspec.Struct):
    """A subtree kept for the next decision: the view it must be handed (encoded), whose it is, the
    node, and the scale of the tree it grew in."""

    view: bytes
    player: int
    node: Any
    scale: Any


class MctsAgent:
    """Information-set MCTS (see the module docstring). Parameters, as in `mcts:iterations=400`:

    - `iterations`: iterations per decision (default `DEFAULT_ITERATIONS`, capped at
      `DEFAULT_SECONDS`, when neither budget is given);
    - `seconds`: a time budget per decision instead (not deterministic);
    - `explore`: the UCB exploration constant (rewards are in [0, 1]);
    - `depth`: rollout decisions before the leaf is scored; -1 plays every rollout out;
    - `widen`: progressive widening, children allowed at a node = widen * sqrt(visits), at least 1;
    - `minimax`: the weight of the minimax value against the mean reward in selection, 0 to 1;
    - `leaf`: what scores a leaf, `margin` (the game's cheap estimate, the default) or `evaluate`
      (the greedy bot's, which may look ahead: dearer);
    - `keep`: 1 keeps the subtree between decisions where the information set allows (the default), 0 never.
    """

    name = "mcts"
    reads_view = True
    params: dict[str, type] = {"iterations": int, "seconds": float, "explore": float, "depth": int,
                               "widen": float, "minimax": float, "leaf": str, "keep": int}

    def __init__(self, rules: Rules, iterations: int | None = None, seconds: float | None = None,
                 explore: float = 0.4, depth: int = 0, widen: float = 2.0, minimax: float = 0.5,
                 leaf: str = "margin", keep: int = 1) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be above 0, not {seconds}")
        if depth < -1:
            raise ValueError(f"depth must be -1 (play out) or at least 0, not {depth}")
        if not explore >= 0 or not widen > 0 or not 0 <= minimax <= 1:
            raise ValueError("explore must be at least 0, widen above 0 and minimax between 0 and 1")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be {' or '.join(LEAVES)}, not {leaf!r}")
        if keep not in (0, 1):
            raise ValueError(f"keep must be 0 or 1, not {keep}")
        self.rules = rules
        default = iterations is None and seconds is None
        self.iterations = DEFAULT_ITERATIONS if default else iterations
        self.seconds = DEFAULT_SECONDS if default else seconds
        self.explore = explore
        self.depth = depth
        self.widen = widen
        self.minimax = minimax
        self.leaf = leaf
        self.keep = bool(keep)
        self.value = rules.margin if leaf == "margin" else rules.evaluate
        self.uniform_prior = type(rules).prior is Game.prior
        self.seats: set[int] = set()     # every seat seen deciding so far: whose rewards to compute
        self.kept: _Kept | None = None   # the subtree for the next decision, if the information set allows
        self.last: dict[str, Any] = {}   # what the last search did (iterations, visits per action): for tests and tools

    # -- the policy --------------------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Decision], rng: Rng) -> Decision:
        if len(legal) == 1:
            self.kept = None
            self.last = {"iterations": 0}
            return legal[0]
        me = legal[0].player
        self.seats.add(me)
        seed = rng.randbelow(1 << 62)
        search = _Search(self, view, me, set(legal), random.Random(f"mcts/{seed}"), LocalRng(f"mcts/{seed}/chance"),
                         self._take_kept(view, me))
        inherited = search.root.visits
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            search.iterate()
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if stop is not None and time.perf_counter() >= stop:
                break
        scale = search.settle()
        root = search.root
        ranked = sorted((child.visits, search.q(child), -i, key)
                        for i, (key, child) in enumerate(root.children.items()) if key in search.offered)
        if not ranked:   # no determinisation offered any of the legal actions (a game bug): do not guess
            raise RuntimeError("mcts: no legal action was ever available in a determinisation")
        action = ranked[-1][3]
        self.last = {"iterations": done, "kept_visits": inherited, "tree": root,
                     "visits": {self.rules.format_action(k): c.visits for k, c in root.children.items()}}
        self.kept = self._keep(view, me, action, root.children[action], scale) if self.keep else None
        return action

    def _take_kept(self, view: Any, me: int) -> _Kept | None:
        """The subtree kept for this very view and seat, if any (else nothing is reused)."""
        kept, self.kept = self.kept, None
        if kept is None or kept.player != me or kept.view != msgspec.msgpack.encode(view):
            return None
        return kept

    def _keep(self, view: Any, me: int, action: Decision, child: _Node, scale: _Scale) -> _Kept | None:
        """The subtree under `action`, kept when taking it (and any forced moves after it) on the view
        draws no chance and leaves `me` to choose again: then the next view is this one, known now.
        A hidden card turned up would show on the view as a blank, so that view never matches: the
        tree is kept only where the next decision's information set is the one the search assumed."""
        if not child.children:
            return None
        rules = self.rules
        probe = LocalRng("mcts/keep")
        try:
            state = rules.unfold(view, action, probe, trusted=True).state   # a copy: the view stays as handed
            while rules.outcome(state) is None and not probe.draws:
                actor = rules.to_act(state)[0]
                actions = [a for a in rules.legal_actions(state) if a.player == actor]
                if len(actions) > 1:
                    break
                state = rules.unfold(state, actions[0], probe, trusted=True, in_place=True).state
        except Exception:  # noqa: BLE001 - a view may not play on (blanked cards): then nothing is kept
            return None
        if probe.draws or rules.outcome(state) is not None or rules.to_act(state)[0] != me:
            return None
        return _Kept(msgspec.msgpack.encode(rules.view(state, me)), me, child, scale)


class _Search:
    """One decision's search: the tree, the seat searching, and the generators of this search."""

    def __init__(self, agent: MctsAgent, view: Any, me: int, offered: set, pick: random.Random,
                 chance: Rng, kept: _Kept | None = None) -> None:
        self.agent, self.rules = agent, agent.rules
        self.view, self.me, self.offered = view, me, offered
        self.pick, self.chance = pick, chance
        self.root = kept.node if kept is not None else _Node(0)
        self.scale: _Scale | None = kept.scale if kept is not None else None
        self.waiting: list[tuple[list[_Node], bool, dict[int, float], Any]] = []   # leaves until the scale is set
        self.range: dict[int, tuple[float, float]] = {}   # per seat, the lowest and highest reward seen
        self.mix = agent.minimax

    def _determinise(self) -> Any:
        state = self.rules.hidden_variant(self.view, self.me, self.chance)
        return self.rules.copy(self.view) if state is None else state   # None: nothing is hidden from this seat

    def q(self, node: _Node) -> float:
        """A child's worth to the seat choosing it: mean reward mixed with the minimax value."""
        mean = node.value / node.visits if node.visits else 0.5
        return (1 - self.mix) * mean + self.mix * node.best.get(node.actor, 0.5)

    def iterate(self) -> None:
        rules, agent, me, chance = self.rules, self.agent, self.me, self.chance
        outcome, to_act, legal_actions, unfold = rules.outcome, rules.to_act, rules.legal_actions, rules.unfold
        state = self._determinise()
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
                groups: dict[Any, tuple[Decision, ...]] = {a: (a,) for a in actions}
            else:                  # what the searching seat would see of each choice
                groups = {}
                for a in actions:
                    key = rules.visible(a, me)
                    groups[key] = (*groups.get(key, ()), a)
            children = node.children
            tried = 0
            for key in groups:     # availability: every child this deal offers, on every visit
                child = children.get(key)
                if child is not None:
                    child.avail += 1
                    tried += 1
            untried = [k for k in groups if k not in children]
            limit = len(groups) if node is self.root else max(1, int(agent.widen * math.sqrt(node.visits)))
            if untried and (len(children) < limit or not tried):
                key = self._first(state, untried, groups)
                child = children[key] = _Node(actor)
                child.avail = 1
                expanded = True
            else:
                key = self._select(children, groups)
                child = children[key]
            action = self._member(state, groups[key])
            state = unfold(state, action, chance, trusted=True, in_place=True).state
            node = child
            path.append(node)
            if expanded:
                break
        values, result = self._leaf(state)
        for n in path:
            n.visits += 1
        if self.scale is None:
            self.waiting.append((path, expanded, values, result))
            if len(self.waiting) >= WARM_UP:
                self.settle()
        else:
            self._back_up(path, expanded, values, result, self.scale)

    def settle(self) -> _Scale:
        """Set the scale from the leaves waiting for it, if it is not set yet, and back them up in turn."""
        scale = self.scale = self.scale or _Scale.of([values for _, _, values, _ in self.waiting], self.me)
        waiting, self.waiting = self.waiting, []
        for path, expanded, values, result in waiting:
            self._back_up(path, expanded, values, result, scale)
        return scale

    def _back_up(self, path: list[_Node], expanded: bool, values: dict[int, float], result: Any,
                 scale: _Scale) -> None:
        """Each seat's reward along the path (visits are counted already), and the minimax scores."""
        rewards = self._rewards(values, result, scale)
        node = path[-1]
        if expanded or not node.best:
            node.best = rewards
        for n in path:
            if n.actor:
                n.value += rewards[n.actor]
        for n in reversed(path[:-1]):   # implicit minimax: each node takes its best child's scores
            best = None
            for child in n.children.values():
                if child.best and (best is None or child.best.get(child.actor, 0.5) > best.get(child.actor, 0.5)):
                    best = child.best
            if best is not None:
                n.best = best

    def _member(self, state: Any, members: tuple) -> Decision:
        """Which of a group of decisions the searcher cannot tell apart is played: drawn by the game's
        prior over them in this deal (a lone member, or the searcher's own decision, is itself)."""
        if len(members) == 1:
            return members[0]
        return self._draw(state, list(members))

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
        """The available child with the highest upper confidence bound (availabilities were counted by
        the caller). Worth is measured on the range of rewards this search has seen for the seat
        choosing (min-max normalised, as MuZero does), so the bound explores alike whether rewards
        spread wide or narrow."""
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
            worth = (1 - mix) * child.value / child.visits + mix * child.best.get(child.actor, 0.5)
            score = (worth - low) / span + explore * math.sqrt(math.log(child.avail) / child.visits)
            if score > best:
                best, best_key = score, key
        return best_key

    def _leaf(self, state: Any) -> tuple[dict[int, float], Any]:
        """Play `depth` decisions on with the prior (forced ones free), then every seat's leaf value, and
        the outcome if the game is over."""
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
            action = actions[0] if len(actions) == 1 else self._draw(state, actions)
            state = unfold(state, action, chance, trusted=True, in_place=True).state
            result = outcome(state)
        return {seat: agent.value(state, seat) for seat in agent.seats}, result

    def _rewards(self, values: dict[int, float], result: Any, scale: _Scale) -> dict[int, float]:
        """Every seat's reward in [0, 1] for a leaf's values and outcome, on the tree's fixed scale."""
        rewards = {}
        for seat, value in values.items():
            estimate = scale.reward(seat, value)
            if result is None:
                reward = estimate
            else:                  # a win is worth the most; losses are told apart by how they end
                won = 1.0 / len(result.winners) if seat in result.winners else 0.0
                reward = won + (1.0 - won) * LOSS_SPREAD * estimate
            rewards[seat] = reward
            low, high = self.range.get(seat, (reward, reward))
            self.range[seat] = (min(low, reward), max(high, reward))
        return rewards

    def _draw(self, state: Any, actions: list) -> Decision:
        """One of `actions` drawn by the game's prior (uniformly where it has none)."""
        pick = self.pick
        if self.agent.uniform_prior:
            return actions[pick.randrange(len(actions))]
        weights = self.rules.prior(state, actions)
        x = pick.random() * sum(weights)
        for action, w in zip(actions, weights):
            x -= w
            if x < 0:
                return action
        return actions[-1]

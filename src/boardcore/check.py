"""Check: property-based tests of a game's promises, for any game.

Hypothesis draws a seed and the first choices of a random game; the rest of the
game is chosen from a generator derived from the seed. After every event the
walker asserts each promise below, named as the failure reports it:

- `invariant <ID>`: every invariant the game registers holds;
- `fold`: the incremental state equals the fold of the serialised stream, and,
  at the end, a fresh fold from the start;
- `json round trip`: state and event survive msgspec JSON exactly;
- `decide is pure`: decide left its input state unchanged, and returned the decision first;
- `views do not leak`: a player's view is the same when what they cannot see is dealt afresh;
- `progress`: a game that is not over always has someone to act with a legal action.

Game `i` of a check is seeded by `i` alone (its seed and every pick derive from
the check's seed and `i`), so the games can be played on many workers and the
report is the same for any number of them: the failure reported is the one of
the lowest-numbered failing game. That failure is then shrunk by hypothesis
(searching for the simplest game seed and first picks that break the same
promise) and the smallest failing game is saved as a replay file, so `boardcore
replay`/`audit` can show it.

Checking every player's view after every event is the walker's dearest promise;
`views=N` checks views after every Nth event only (the other promises still after
every event), which keeps long games affordable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from boardcore.events import Decision, Event, GameCreated, SeedRevealed
from boardcore.rng import LocalRng, Rng, commitment
from boardcore.rules import Rules
from boardcore.store import JsonlFile
from boardcore.stream import GENESIS, Codec, chain
from boardcore.execute import run

MAX_DECISIONS = 20_000


class Broken(AssertionError):
    """A promise failed; carries the events up to and including the failing one."""

    def __init__(self, promise: str, detail: str, events: list[Event], seed: int, at: int) -> None:
        super().__init__(f"{promise}: {detail}")
        self.promise, self.detail, self.events, self.seed, self.at = promise, detail, events, seed, at


class CheckFailure(msgspec.Struct, frozen=True):
    promise: str
    detail: str
    seed: int
    decisions: int
    at: int
    replay: str | None


class CheckReport(msgspec.Struct):
    game: str
    config: dict[str, Any]
    games: int = 0
    decisions: int = 0
    events: int = 0
    failure: CheckFailure | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


class Walker:
    """Plays one random game, checking every promise after every event."""

    def __init__(self, rules: Rules, config: Any, max_decisions: int = MAX_DECISIONS, views: int = 1) -> None:
        self.rules, self.config, self.max_decisions = rules, config, max_decisions
        self.views = max(1, views)
        self.codec = Codec.for_rules(rules)
        self.invariants = dict(rules.invariants())
        self.encode = msgspec.json.encode
        self.decode_state = msgspec.json.Decoder(rules.state_type).decode
        self.players = [None, *range(1, int(config.players) + 1)]

    def walk(self, seed: int, choices: list[int]) -> tuple[int, int]:
        rules, encode = self.rules, self.encode
        log: list[Event] = []
        self.log, self.seed, self.applied = log, seed, 0

        def broken(promise: str, detail: str) -> Broken:
            return Broken(promise, detail, log, seed, self.applied + 1)

        chance = str(seed)
        picker = Rng.derive(f"check/{seed}", 0)
        state = rules.initial(self.config)
        shadow = rules.copy(state)
        self.verify(state, shadow, broken, invariants=False)  # the empty table, before setup
        position = 1
        setup = rules.setup(rules.copy(state), Rng.derive(chance, 1))
        self.log.extend(setup)
        for event in setup:
            state, shadow = self.step(state, shadow, event, broken)
            position += 1
        decisions = 0
        while rules.outcome(state) is None:
            if decisions >= self.max_decisions:
                raise broken("progress", f"no end after {decisions} decisions")
            legal = rules.legal_actions(state)
            if not legal or not rules.to_act(state):
                raise broken("progress", "the game is not over but nobody can act")
            pick = choices[decisions] if decisions < len(choices) else picker.randbelow(1 << 16)
            action = legal[pick % len(legal)]
            before = encode(state)
            events = rules.decide(state, action, Rng.derive(chance, position))
            if encode(state) != before:
                raise broken("decide is pure", f"decide({rules.format_action(action)}) changed its input state")
            if not events or events[0] != action:
                raise broken("decide is pure", "decide must return the decision first")
            self.log.extend(events)  # a saved failure keeps whole decisions, so it audits clean
            for event in events:
                state, shadow = self.step(state, shadow, event, broken)
                position += 1
            decisions += 1
        fresh = self.refold()
        if encode(fresh) != encode(state):
            raise broken("fold", "a fresh fold of the whole game differs from the incremental state")
        return decisions, len(log)

    def step(self, state: Any, shadow: Any, event: Event, broken: Callable[..., Broken]) -> tuple[Any, Any]:
        """Apply one event to the live state and, from its JSON, to the shadow; then verify."""
        self.applied += 1
        wire = self.encode(event)
        copied = self.codec.json_event.decode(wire)
        if self.encode(copied) != wire or copied != event:
            raise broken("json round trip", f"event {wire.decode()} does not survive JSON")
        state = self.rules.evolve(state, event)
        shadow = self.rules.evolve(shadow, copied)
        self.verify(state, shadow, broken)
        return state, shadow

    def verify(self, state: Any, shadow: Any, broken: Callable[..., Broken], invariants: bool = True) -> None:
        rules, encode = self.rules, self.encode
        for rule_id, holds in self.invariants.items() if invariants else ():
            problem = holds(state)
            if problem:
                raise broken(f"invariant {rule_id}", problem)
        wire = encode(state)
        if encode(shadow) != wire:
            raise broken("fold", "the state differs from the fold of the serialised events")
        if encode(self.decode_state(wire)) != wire:
            raise broken("json round trip", "the state does not survive JSON")
        if self.applied % self.views:
            return
        variant_rng = LocalRng(f"variant/{self.seed}/{self.applied}")
        for player in self.players:
            seen = encode(rules.view(state, player))
            variant = rules.hidden_variant(state, player, variant_rng)
            if variant is not None and encode(rules.view(variant, player)) != seen:
                raise broken("views do not leak", f"player {player}'s view changes with what they cannot see")

    def refold(self) -> Any:
        state = self.rules.initial(self.config)
        for event in self.log[:self.applied]:
            state = self.rules.evolve(state, event)
        return state

    def save(self, failure: Broken, path: Path) -> Path:
        created = GameCreated(game=self.rules.name, rules_version=self.rules.version,
                              data_id=self.rules.data_id, config=msgspec.to_builtins(self.config),
                              seed_commitment=commitment(failure.seed))
        path.parent.mkdir(parents=True, exist_ok=True)
        events = [created, *failure.events, SeedRevealed(seed=str(failure.seed))]
        path.unlink(missing_ok=True)
        JsonlFile(path).create(JsonlFile.STREAM, chain(GENESIS, 0, events), None)
        return path


class Walked(msgspec.Struct, frozen=True, array_like=True):
    """What a worker reports of one game: its size, or the promise it broke."""

    decisions: int
    events: int
    promise: str = ""
    detail: str = ""
    seed: int = 0
    at: int = 0


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a check started with `seed`."""
    return Rng.derive(f"check/{seed}", index).randbelow(2**32)


def walk_one(shared: tuple, index: int) -> Walked:
    """Game `index` of a check, played and verified wherever it runs."""
    rules, config, max_decisions, views, seed = shared
    walker = Walker(rules, config, max_decisions, views)
    g = game_seed(seed, index)
    try:
        decisions, events = walker.walk(g, [])
    except Broken as failure:
        return Walked(0, 0, failure.promise, failure.detail, g, failure.at)
    except Exception as exc:  # noqa: BLE001 - a crash inside the rules is a broken promise too
        return Walked(0, 0, "no crash", f"{type(exc).__name__}: {exc}", g, walker.applied + 1)
    return Walked(decisions, events)


def check(rules: Rules, config: Any, *, games: int = 100, seed: int = 0, max_decisions: int = MAX_DECISIONS,
          save_dir: Path | None = None, views: int = 1, workers: int | None = 1, ray: str | None = None,
          progress: Callable[[int], None] | None = None, shrinking: Callable[[int], None] | None = None,
          shrink_examples: int = 200, max_choices: int = 64) -> CheckReport:
    """Play `games` random games on `workers` processes (None: every core) or Ray, checking every
    promise; shrink the first failure and save the smallest failing game under `save_dir`.
    `progress(n)` counts games played; `shrinking(n)` counts the games tried while shrinking."""
    report = CheckReport(game=rules.name, config=msgspec.to_builtins(config))
    walked = run(walk_one, (rules, config, max_decisions, views, seed), range(games), workers=workers, ray=ray,
                 progress=progress, preload=[type(rules).__module__])
    failed = next((w for w in walked if w.promise), None)
    if failed is None:
        report.games = games
        report.decisions = sum(w.decisions for w in walked)
        report.events = sum(w.events for w in walked)
        return report
    report.games = walked.index(failed)
    walker = Walker(rules, config, max_decisions, views)
    failure = _shrink(walker, failed, shrinking, shrink_examples, max_choices)
    replay = None
    if save_dir is not None:
        name = f"check-{rules.name}-{failure.seed}.jsonl"
        replay = str(walker.save(failure, Path(save_dir) / name))
    report.failure = CheckFailure(failure.promise, failure.detail, failure.seed,
                                  sum(isinstance(e, Decision) for e in failure.events), failure.at, replay)
    return report


def _replay(walker: Walker, seed: int, choices: list[int]) -> Broken | None:
    try:
        walker.walk(seed, choices)
    except Broken as failure:
        return failure
    except Exception as exc:  # noqa: BLE001
        return Broken("no crash", f"{type(exc).__name__}: {exc}", walker.log, seed, walker.applied + 1)
    return None


def _shrink(walker: Walker, failed: Walked, shrinking: Callable[[int], None] | None, examples: int,
            max_choices: int) -> Broken:
    """The simplest game (smallest seed, fewest and smallest first picks) hypothesis can find that breaks
    the same promise; the failure as found when it finds none simpler."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis import strategies as st
    from hypothesis.errors import NoSuchExample

    found = _replay(walker, failed.seed, [])
    tries = 0

    def breaks(example: tuple[int, list[int]]) -> bool:
        nonlocal tries
        tries += 1
        if shrinking:
            shrinking(tries)
        failure = _replay(walker, *example)
        return failure is not None and failure.promise == failed.promise

    try:
        simplest = find(st.tuples(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 2**16 - 1), max_size=max_choices)),
                        breaks, settings=settings(max_examples=examples, database=None, deadline=None,
                                                  suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        return found
    return _replay(walker, *simplest) or found

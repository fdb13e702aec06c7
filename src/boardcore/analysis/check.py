"""Check: property-based tests of a game's promises, for any game.

Hypothesis draws a seed and the first choices of a game; the rest of the game is
chosen by its seats' policies, whose randomness derives from the seed. After every
event the walker asserts each promise below, named as the failure reports it:

- `invariant <ID>`: every invariant the game registers holds;
- `fold`: the incremental state equals the fold of the serialised stream, and,
  at the end, a fresh fold from the start;
- `json round trip`: state and event survive msgspec JSON exactly;
- `decide is pure`: decide left its input state unchanged, and returned the decision first;
- `views do not leak`: a player's view is the same when what they cannot see is dealt afresh;
- `progress`: a game that is not over always has someone to act with a legal action;
- `ending`: a finished game ended as one of the endings its rules name.

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

A check must reach the ends of games, not only their openings. Each seat of each game
plays a policy drawn from the game's seed (`POLICIES`: random for breadth, the game's
prior and greedy for games that get somewhere); most games start from a position the
game builds near one of its endings (`Rules.near_end`, `NEAR_END_SHARE`), for the
endings play alone seldom reaches. The random play such a position is built by is
verified as it goes (`boardcore.game.rules.watched`): each of its events survives JSON and
leaves every invariant holding, or the game breaks that promise. Every game runs under the check's own turn cap
(`TURN_CAP`, written into a config's `max_turns`), a safety net reported when it is
hit. The report says what was covered: how the games ended, by the labels
of `Rules.endings` (and `CAP`), and how often each invariant was evaluated where it
could fail (`Rules.liveness`). A game's ending is a promise too: it must be one of the
endings its rules name.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from boardcore.agents import policies as agent_kinds
from boardcore.game.events import Decision, Event, GameCreated, SeedRevealed
from boardcore.game.rng import LocalRng, Rng, commitment
from boardcore.game.rules import Rules, watched
from boardcore.stream.store import JsonlFile
from boardcore.stream.records import GENESIS, Codec, chain
from boardcore.agents.execute import run

MAX_DECISIONS = 20_000

TURN_CAP = 40
"""The check's own cap on a game's turns, for games whose config has a `max_turns` (the run's cap, not a
rule): longer than a game of any seat mix takes to end by its rules, so a game cut off by it is reported
(`CAP`) rather than played on without end."""

CAP_FIELD = "max_turns"
"""The config field a game's run cap lives in (0 = none), where it has one."""

CAP = "cap"
"""The ending of a game cut off by the turn cap: no rule ended it."""

UNNAMED = "ended"
"""The ending of a game whose rules name none (`Rules.endings` is empty)."""

POLICIES = {"random": 10, "prior": 9, "greedy": 1}
"""What a seat may play, with its weight: each seat of each game draws one from its game's seed. Random
play for breadth (moves nobody would choose); the game's prior and greedy for depth (games that get to
their end, where the scoring and end conditions are). Greedy weighs every option and costs several
times the others per decision, hence its small share."""


class Broken(AssertionError):
    """A promise failed; carries the events up to and including the failing one."""

    def __init__(self, promise: str, detail: str, events: list[Event], seed: int, at: int,
                 start: Any = None, building: bool = False) -> None:
        super().__init__(f"{promise}: {detail}")
        self.promise, self.detail, self.events, self.seed, self.at = promise, detail, events, seed, at
        self.start = start
        self.building = building   # broken by the play that built the start position: no stream replays it


class CheckFailure(msgspec.Struct, frozen=True):
    promise: str
    detail: str
    seed: int
    decisions: int
    at: int
    replay: str | None


class CheckReport(msgspec.Struct):
    """What was checked, and what it covered. `endings`: games by how they ended, every ending the rules
    name for this config first (0 when never reached), then `CAP`; `by_rules`: games ended by the rules;
    `live`: per invariant, the evaluations in a state where it could fail; `seats`: seats played by
    each policy; `near_end`: games played on from a position near an ending (`Rules.near_end`); `built`:
    the events of the play that built those positions, each verified too (beside `events`, the games'
    own). Counts cover the games before the failure, if one broke a promise."""

    game: str
    config: dict[str, Any]
    games: int = 0
    decisions: int = 0
    events: int = 0
    failure: CheckFailure | None = None
    turn_cap: int = 0
    by_rules: int = 0
    endings: dict[str, int] = {}
    live: dict[str, int] = {}
    seats: dict[str, int] = {}
    near_end: int = 0
    built: int = 0

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
        liveness = rules.liveness()
        self.live_tests = [(i, liveness[k]) for i, k in enumerate(self.invariants) if k in liveness]
        self.encode = msgspec.json.encode
        self.decode_state = msgspec.json.Decoder(rules.state_type).decode
        self.players = [None, *range(1, int(config.players) + 1)]
        self.endings = rules.endings(config)
        self.agents = {name: agent_kinds.make(name, rules) for name in POLICIES}
        self.start: Any = None

    def walk(self, seed: int, choices: list[int]) -> tuple[int, int]:
        """Play game `seed`, its first decisions picked by `choices` (shrinking's handle on a game), the rest
        by its seats' policies; return its decisions and events. `ending`, `live` and `seats` then say how
        it ended, how often each invariant was live and who played it."""
        rules, encode = self.rules, self.encode
        log: list[Event] = []
        self.log, self.seed, self.applied = log, seed, 0
        self.evaluated, self.live = 0, [0] * len(self.live_tests)
        self.seats = seat_policies(seed, len(self.players) - 1)
        seated = {p: self.agents[name] for p, name in enumerate(self.seats, 1)}
        self.ending: tuple[str, ...] = ()
        self.built = 0
        self.start = None

        def broken(promise: str, detail: str) -> Broken:
            return Broken(promise, detail, log, seed, self.applied + 1, self.start, building)

        building = True
        with watched(lambda state, event: self.see_built(state, event, broken)):
            self.start = start = starting_position(rules, self.config, seed)
        building = False

        chance = str(seed)
        picker = Rng.derive(f"check/{seed}", 0)
        position = 1
        if start is None:
            state = rules.initial(self.config)
            shadow = rules.copy(state)
            self.verify(state, shadow, broken, invariants=False)  # the empty table, before setup
            setup = rules.setup(rules.copy(state), Rng.derive(chance, 1))
            self.log.extend(setup)
            for event in setup:
                state, shadow = self.step(state, shadow, event, broken)
                position += 1
        else:
            state, shadow = rules.copy(start), rules.copy(start)
            self.verify(state, shadow, broken)  # the position as given must keep every promise too
        decisions = 0
        while rules.outcome(state) is None:
            if decisions >= self.max_decisions:
                raise broken("progress", f"no end after {decisions} decisions")
            legal = rules.legal_actions(state)
            to_act = rules.to_act(state)
            if not legal or not to_act:
                raise broken("progress", "the game is not over but nobody can act")
            if decisions < len(choices):
                action = legal[choices[decisions] % len(legal)]
            else:
                agent = seated[to_act[0]]
                own = [a for a in legal if a.player == to_act[0]]
                action = agent.choose(rules.view(state, to_act[0]) if agent.reads_view else None, own or legal,
                                      picker)
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
        self.ending = self.ended(state, broken)
        return decisions, len(log)

    def ended(self, state: Any, broken: Callable[..., Broken]) -> tuple[str, ...]:
        """How the finished game ended: the cap, or endings its rules name (a promise: no other)."""
        if self.rules.outcome(state).truncated:
            return (CAP,)
        ending = self.rules.ending(state)
        if not self.endings:
            return ending or (UNNAMED,)
        if not ending or any(label not in self.endings for label in ending):
            raise broken("ending", f"the game ended as {ending or 'nothing named'}, not as one of {self.endings}")
        return ending

    def see_built(self, state: Any, event: Event, broken: Callable[..., Broken]) -> None:
        """One event of the play a start position was built by (`Rules.near_end`, `watched`): it must
        survive JSON, and the state it left keep every invariant, as an event of the game itself."""
        self.built += 1
        self.round_trip(event, broken, " of the play that built the start position")
        self.hold(state, broken, " (in the play that built the start position)", counted=False)

    def step(self, state: Any, shadow: Any, event: Event, broken: Callable[..., Broken]) -> tuple[Any, Any]:
        """Apply one event to the live state and, from its JSON, to the shadow; then verify."""
        self.applied += 1
        copied = self.round_trip(event, broken)
        state = self.rules.evolve(state, event)
        shadow = self.rules.evolve(shadow, copied)
        self.verify(state, shadow, broken)
        return state, shadow

    def round_trip(self, event: Event, broken: Callable[..., Broken], where: str = "") -> Event:
        """`event` read back from its JSON: the same bytes and an equal event, or the game cannot be stored."""
        wire = self.encode(event)
        copied = self.codec.json_event.decode(wire)
        if self.encode(copied) != wire or copied != event:
            raise broken("json round trip", f"event {wire.decode()}{where} does not survive JSON")
        return copied

    def verify(self, state: Any, shadow: Any, broken: Callable[..., Broken], invariants: bool = True) -> None:
        rules, encode = self.rules, self.encode
        if invariants:
            self.hold(state, broken)
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

    def hold(self, state: Any, broken: Callable[..., Broken], where: str = "", counted: bool = True) -> None:
        """Every invariant holds in `state`; `counted`, with those that could have failed there (`live`
        counts the checked games' own states, the building play's are counted apart: `built`)."""
        for rule_id, holds in self.invariants.items():
            problem = holds(state)
            if problem:
                raise broken(f"invariant {rule_id}", problem + where)
        if not counted:
            return
        self.evaluated += 1
        live = self.live
        for i, (_, can_fail) in enumerate(self.live_tests):
            if can_fail(state):
                live[i] += 1

    def refold(self) -> Any:
        state = self.rules.initial(self.config) if self.start is None else self.rules.copy(self.start)
        for event in self.log[:self.applied]:
            state = self.rules.evolve(state, event)
        return state

    def save(self, failure: Broken, path: Path) -> Path:
        created = GameCreated(game=self.rules.name, rules_version=self.rules.version,
                              data_id=self.rules.data_id, config=msgspec.to_builtins(self.config),
                              seed_commitment=commitment(failure.seed),
                              start=None if failure.start is None else msgspec.to_builtins(failure.start))
        path.parent.mkdir(parents=True, exist_ok=True)
        events = [created, *failure.events, SeedRevealed(seed=str(failure.seed))]
        path.unlink(missing_ok=True)
        JsonlFile(path).create(JsonlFile.STREAM, chain(GENESIS, 0, events), None)
        return path


    def live_counts(self) -> tuple[int, ...]:
        """Per invariant (in `invariants` order), the evaluations of this game in which it could fail."""
        counts = [self.evaluated] * len(self.invariants)
        for (i, _), n in zip(self.live_tests, self.live):
            counts[i] = n
        return tuple(counts)


class Walked(msgspec.Struct, frozen=True, array_like=True):
    """What a worker reports of one game: its size and coverage, or the promise it broke."""

    decisions: int
    events: int
    promise: str = ""
    detail: str = ""
    seed: int = 0
    at: int = 0
    ending: tuple[str, ...] = ()
    live: tuple[int, ...] = ()
    seats: tuple[str, ...] = ()
    near_end: bool = False
    built: int = 0


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a check started with `seed`."""
    return Rng.derive(f"check/{seed}", index).randbelow(2**32)


def seat_policies(seed: int, players: int) -> tuple[str, ...]:
    """The policy of each seat of game `seed` (see `POLICIES`): the game's seed alone decides, so a game is
    the same on any worker, and when shrinking replays it."""
    pick = Rng.derive(f"check-seats/{seed}", 0)
    names = [name for name, weight in POLICIES.items() for _ in range(weight)]
    return tuple(names[pick.randbelow(len(names))] for _ in range(players))


NEAR_END_SHARE = (3, 4)
"""The share of a check's games (3 in 4, drawn by each game's seed) that start from a position near an
ending, in a game that builds them: the endings its play alone seldom reaches (a hard Mission fulfilled)
are then reached in most games, and the rest start from the rules' setup."""


def starting_position(rules: Rules, config: Any, seed: int) -> Any:
    """Where game `seed` starts: from a position near an ending the game builds (`Rules.near_end`) in
    `NEAR_END_SHARE` of the games, if it builds one; otherwise (None) from the rules' setup."""
    share, out_of = NEAR_END_SHARE
    if Rng.derive(f"check-start/{seed}", 0).randbelow(out_of) >= share:
        return None
    return rules.near_end(config, Rng.derive(f"check-near/{seed}", 0))


def capped(config: Any, turns: int) -> Any:
    """`config` with the check's turn cap, if the game has a run cap (`CAP_FIELD`)."""
    if CAP_FIELD not in getattr(config, "__struct_fields__", ()):
        return config
    return msgspec.structs.replace(config, **{CAP_FIELD: turns})


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
    return Walked(decisions, events, ending=walker.ending, live=walker.live_counts(), seats=walker.seats,
                  near_end=walker.start is not None, built=walker.built)


def check(rules: Rules, config: Any, *, games: int = 100, seed: int = 0, max_decisions: int = MAX_DECISIONS,
          save_dir: Path | None = None, views: int = 1, workers: int | None = 1, ray: str | None = None,
          progress: Callable[[int], None] | None = None, shrinking: Callable[[int], None] | None = None,
          shrink_examples: int = 200, max_choices: int = 64, turn_cap: int = TURN_CAP) -> CheckReport:
    """Play `games` games on `workers` processes (None: every core) or Ray, checking every promise and
    counting what they covered; shrink the first failure and save the smallest failing game under
    `save_dir`. A config with a run cap is played under `turn_cap` turns instead (see `TURN_CAP`).
    `progress(n)` counts games played; `shrinking(n)` counts the games tried while shrinking."""
    config = capped(config, turn_cap)
    report = CheckReport(game=rules.name, config=msgspec.to_builtins(config),
                         turn_cap=turn_cap if hasattr(config, CAP_FIELD) else 0)
    walked = run(walk_one, (rules, config, max_decisions, views, seed), range(games), workers=workers, ray=ray,
                 progress=progress, preload=[type(rules).__module__])
    failed = next((w for w in walked if w.promise), None)
    report.games = games if failed is None else walked.index(failed)
    cover(report, rules, config, walked[:report.games])
    if failed is None:
        return report
    walker = Walker(rules, config, max_decisions, views)
    failure = _shrink(walker, failed, shrinking, shrink_examples, max_choices)
    replay = None
    if save_dir is not None and not failure.building:   # a start never built has no stream to replay
        name = f"check-{rules.name}-{failure.seed}.jsonl"
        replay = str(walker.save(failure, Path(save_dir) / name))
    report.failure = CheckFailure(failure.promise, failure.detail, failure.seed,
                                  sum(isinstance(e, Decision) for e in failure.events), failure.at, replay)
    return report


def cover(report: CheckReport, rules: Rules, config: Any, walked: list[Walked]) -> None:
    """Add up what `walked` covered into `report`."""
    report.decisions = sum(w.decisions for w in walked)
    report.events = sum(w.events for w in walked)
    endings = dict.fromkeys(rules.endings(config), 0)
    endings[CAP] = 0
    seats = dict.fromkeys(POLICIES, 0)
    live = [0] * len(rules.invariants())
    for w in walked:
        for label in w.ending:
            endings[label] = endings.get(label, 0) + 1
        for name in w.seats:
            seats[name] += 1
        live = [a + b for a, b in zip(live, w.live)]
    report.endings = endings
    report.by_rules = sum(1 for w in walked if w.ending and w.ending[0] != CAP)
    report.live = dict(zip(rules.invariants(), live))
    report.seats = seats
    report.near_end = sum(w.near_end for w in walked)
    report.built = sum(w.built for w in walked)


def coverage_text(report: CheckReport) -> str:
    """What a check covered, in words: how its games ended and how often each invariant was evaluated
    where it could fail (`boardcore check` prints it under its verdict)."""
    games = report.games
    cap = f"turn cap {report.turn_cap}; " if report.turn_cap else ""
    near = f", {report.near_end} played on from a position near an ending" if report.near_end else ""
    lines = [f"endings ({cap}{report.by_rules} of {games} games ended by the rules{near}):"]
    width = max(map(len, report.endings), default=0)
    for label, n in report.endings.items():
        lines.append(f"  {label:<{width}}  {n:>6,}" + ("  never reached" if not n and label != CAP else ""))
    lines.append("seats: " + ", ".join(f"{name} {n}" for name, n in report.seats.items()))
    lines.append("invariants, evaluated where they could fail:")
    cells = [f"{rule} {n:>9,}" for rule, n in report.live.items()]
    for row in range(0, len(cells), 4):
        lines.append("  " + "   ".join(cells[row:row + 4]))
    return "\n".join(lines)


def _replay(walker: Walker, seed: int, choices: list[int]) -> Broken | None:
    try:
        walker.walk(seed, choices)
    except Broken as failure:
        return failure
    except Exception as exc:  # noqa: BLE001
        return Broken("no crash", f"{type(exc).__name__}: {exc}", walker.log, seed, walker.applied + 1, walker.start)
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

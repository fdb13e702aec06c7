"""The decider contract every game implements, and `Game`, its shared defaults.

A game is pure functions over plain data (ARCHITECTURE.md, "The idea"):

    legal_actions(state)        -> decisions anyone to act may take now
    decide(state, action, rng)  -> [action, *facts]; raises IllegalAction; never mutates state
    evolve(state, event)        -> state; applies one fact, never draws, never fails on a valid stream

Players are numbered from 1, as the rulebooks number them; `None` is a spectator.
Actions are the game's `Decision` events themselves, so what a player chooses is
exactly what the stream records.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from functools import partial
from typing import Any, ClassVar, Protocol, runtime_checkable

import msgspec

from boardcore.game.errors import BoardcoreError, IllegalAction
from boardcore.game.events import Decision, Event
from boardcore.game.rng import Rng
from boardcore.game.spaces import ActionCodec, Observation

State = Any
Invariant = Callable[[State], "str | None"]
Live = Callable[[State], bool]
"""Whether an invariant can fail in a state (a check of the final scores, only once the game is over)."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """How a game ended. Scores are integers in units of 1/`scale` point
    (Solar Sphere's half points use scale 2); `winners` may share a victory and is
    empty when a run was truncated without a result."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    scale: int = 1
    truncated: bool = False
    note: str = ""

    def points(self, player: int) -> float:
        return self.scores[player - 1] / self.scale


class Unoffered(msgspec.Struct, frozen=True):
    """An option a player may look for at the open decision point and not find: `option` in the
    game's words, `why` the reason the rules give, `rule` the rule's ID."""

    option: str
    why: str
    rule: str


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """Who is ahead in a position, in the same shape in every game: what the win-probability model
    (`boardcore.analysis.value`) reads, worked out by `Rules.standing` from a view alone, so it cannot tell
    more than that view shows.

    `sides` are the players who win or lose together, in seat order (`((1,), (2,))`; Warlords'
    teams `((1, 3), (2, 4))`; solo `((1,),)`). `projected` is each side's final standing as the
    game's own estimate projects it, `scored` its points so far (public), both in the game's units;
    a solo mode's automa, when it has one, adds a last entry to each. `done` is how much of the game
    has been played, 0 at the start to 1 at its end. `mode` names the fitted model that applies
    ("2p", "solo level 3", "4p teams")."""

    mode: str
    sides: tuple[tuple[int, ...], ...]
    projected: tuple[float, ...]
    scored: tuple[float, ...]
    done: float


@runtime_checkable
class Required(Protocol):
    """What every game must write itself: `Game` has no default for these. The test game
    (`tests/toygame/game.py`) is the smallest complete example.

    A game subclasses `Game`, sets the six attributes below and writes the five methods; everything
    else in `Rules` has a default in `Game` that a game overrides when its rules need it."""

    name: str
    """The game's registry name (`solar-sphere`): what `boardcore.games.get` and every replay file's
    `GameCreated` record call it."""
    version: str
    """The rules version recorded in every new game: a saved game is replayed only by rules of the
    same version (audit, `Session.load`)."""
    config_type: type
    """The msgspec Struct of a game's options (players, mode…): `make_config` builds it from the
    command line's options; it is recorded in `GameCreated`."""
    state_type: type
    """The msgspec Struct of a position: what `copy` and checkpoints encode and decode."""
    events: tuple[type[Event], ...]
    """Every event type the game records (its decisions and facts): the stream's codec decodes these."""
    handlers: dict[type, Callable[[State, Any], State]]
    """`evolve`'s table: for each fact (or decision) type that changes the state, the function that
    applies it (a game builds it with `boardcore.game.handlers.Handlers`)."""

    def initial(self, config: Any) -> State:
        """The position before setup, from `config` alone (no randomness): the first thing a new
        session, `check`, audit and the bots' play loop ask for."""
        ...

    def to_act(self, state: State) -> tuple[int, ...]:
        """The players (numbered from 1) who have a decision to take in `state`, () when none does:
        the session, the play loops and the interfaces ask it to know whom to wait for."""
        ...

    def legal_actions(self, state: State) -> list[Decision]:
        """Every decision anyone to act may take now, in a fixed order: what bots choose from, what
        the CLI numbers, and what `check_legal` compares an action with (unless `is_legal` says)."""
        ...

    def resolve(self, u: Unfolding, action: Decision, rng: Rng) -> None:
        """Emit, with `u.emit`, the facts that follow `action` (already applied to `u.state`),
        drawing any luck from `rng`: the game's decision points answer it, then its flow runs the
        automatic steps up to the next decision. Called only by `Game.unfold` (so by `decide`)."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """How the game ended, or None while it goes on: the session, the play loops and
        `check_legal` ask it after every decision."""
        ...


@runtime_checkable
class Rules(Required, Protocol):
    """What boardcore needs of a game: the required part (`Required`) and the optional parts below,
    for which `Game` gives defaults (a game overrides what its rules need). Implement it by
    subclassing `Game`; the documentation of each default is on `Game`'s method."""

    signposts: tuple[type[Event], ...]
    """Facts that only say where play stands (default none; see `Game.signposts`)."""
    data_id: str
    """Which component data the rules were built on, recorded in `GameCreated` (default "none")."""
    data_sha256: str
    """The digest of that data (default empty)."""
    min_players: int
    """The fewest seats a game takes (default 1), checked by `make_config`."""
    max_players: int
    """The most seats (default 1)."""

    # -- playing: the session, the play loops and audit call these
    def setup(self, state: State, rng: Rng) -> list[Event]:
        """The facts that set up the table (deal, shuffle) after `initial`. Default: none."""
        ...

    def decide(self, state: State, action: Decision, rng: Rng) -> list[Event]:
        """[action, *facts], or IllegalAction naming its rule; `state` is not changed. `check` calls it."""
        ...

    def unfold(self, state: State, action: Decision, rng: Rng, *, trusted: bool = False,
               in_place: bool = False) -> Unfolding:
        """`decide` keeping the state its facts lead to: what the session, audit and searches call."""
        ...

    def check_legal(self, state: State, action: Decision) -> None:
        """Raise IllegalAction unless `action` may be taken now (called by `unfold`, and by audit)."""
        ...

    def evolve(self, state: State, event: Event) -> State:
        """Apply one recorded event (through `handlers` by default): folding a stream, everywhere."""
        ...

    def copy(self, state: State) -> State:
        """An independent copy of a position: checkpoints, searches and what-if keep their own."""
        ...

    def make_config(self, **options: Any) -> Any:
        """The config from command-line style options, or one clear error: `boardcore new`, `Session.new`."""
        ...

    def with_data(self, folder: Any) -> Rules:
        """These rules on replacement component data (`--data DIR`), through `boardcore.games.get`."""
        ...

    def asking(self, state: State) -> str | None:
        """The kind of decision point open (a key of the game's `DecisionPoints`): agents and
        `check` count decisions by kind. Default: None."""
        ...

    def clock(self, state: State) -> int:
        """How far the game has come in its own calendar: what-if lines up its rollouts' luck by it."""
        ...

    # -- information: who may see what
    def view(self, state: State, player: int | None) -> State:
        """The position as `player` may see it (None: a spectator): all an agent or a screen gets."""
        ...

    def visible(self, event: Event, player: int | None) -> Event | None:
        """An event as `player` may see it (hidden parts blanked), or None: replay, redact, review."""
        ...

    def hidden_variant(self, state: State, player: int | None, rng: Rng) -> State | None:
        """The position with what `player` cannot see dealt afresh: the searches' determinisation
        and `check`'s proof that views do not leak. Default: None (nothing hidden)."""
        ...

    def unoffered(self, view: State, player: int) -> list[Unoffered]:
        """Options a player might look for and not find, with the rule why: the terminal and the
        CLI's `legal --why`. Default: none."""
        ...

    # -- checking: `boardcore check` and the property tests
    def invariants(self) -> Mapping[str, Invariant]:
        """Named tests every reachable position passes (a message when one fails). Default: none."""
        ...

    def liveness(self) -> Mapping[str, Live]:
        """For an invariant that can fail only in some positions, the test of those. Default: none."""
        ...

    def endings(self, config: Any) -> tuple[str, ...]:
        """Every way a game under `config` can end, led by rule IDs: `check`'s coverage."""
        ...

    def ending(self, state: State) -> tuple[str, ...]:
        """How a finished game ended, as labels of `endings`."""
        ...

    def near_end(self, config: Any, rng: Rng) -> State | None:
        """A position close to an ending, for `check` to play on from. Default: None."""
        ...

    # -- for people: the CLI, the terminal, the replay viewer and reports
    def render(self, state: State, player: int | None) -> Any:
        """The position as text with rich markup (the terminal, `boardcore show`, `Session.render`)."""
        ...

    def format_action(self, action: Decision) -> str:
        """A decision as the text `parse_action` reads back (the CLI's options, logs)."""
        ...

    def parse_action(self, state: State, text: str) -> Decision:
        """A decision from its text form (`boardcore act "…"`), or one clear error."""
        ...

    def describe(self, state: State, item: Event, player: int | None) -> str:
        """A decision or fact in the rulebook's words, for `player`: replay, review, the terminal."""
        ...

    def stage(self, state: State) -> str:
        """Where the game stands (round, turn, phase) for status lines."""
        ...

    def draw(self, view: State, player: int | None) -> str:
        """The position as an SVG picture: the replay viewer's board."""
        ...

    def figures(self, state: State) -> dict[str, dict[str, float]]:
        """Public numbers worth charting (at least `score`): the viewer's charts, the status line."""
        ...

    def colours(self, config: Any) -> dict[str, str]:
        """The CSS colour of each charted series, as the board draws it: the viewer and reports."""
        ...

    # -- for agents and learning
    def evaluate(self, state: State, player: int) -> float:
        """`player`'s expected final standing, higher better: `greedy` and what-if's rollouts."""
        ...

    def standing(self, state: State) -> Standing:
        """Who is ahead, in one shape for every game: the input of `boardcore.analysis.value`."""
        ...

    def margin(self, state: State, player: int) -> float:
        """`player`'s expected lead over the best rival: how `mcts` scores its leaves."""
        ...

    def prior(self, state: State, actions: Sequence[Decision]) -> list[float]:
        """A cheap preference over `actions`: the `prior` policy, rollouts, where `mcts` looks first."""
        ...

    def all_actions(self, config: Any) -> list[Decision]:
        """Every decision that could ever be legal under `config`: the action codec's index space."""
        ...

    def action_codec(self, config: Any) -> ActionCodec:
        """The fixed index space of actions: the RL environments and OpenSpiel."""
        ...

    def observation(self, config: Any) -> Observation:
        """The fixed-size observation encoding: the RL environments and OpenSpiel."""
        ...


MAX_TURNS = 10_000
"""The largest turn cap (`max_turns`) a game's config accepts: far beyond any game played to its end,
so a cap above it is a typing slip, not a wish."""

WHERE_FIELDS = (("round", "round"), ("turn", "turn"), ("phase", ""), ("stage", ""))
"""State fields that say where a game stands, if a game's state has them (`Game.stage`'s default)."""


class Game:
    """Defaults shared by every game; a game overrides what its rules need.

    `evolve` dispatches on the event's type through `handlers`, the dict the game
    builds with `Handlers.bind` (faster than a long `match`), which has an entry for
    every event of the game: one that changes nothing is registered as `unchanged`.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    config_type: ClassVar[type]
    state_type: ClassVar[type]
    events: ClassVar[tuple[type[Event], ...]]
    signposts: ClassVar[tuple[type[Event], ...]] = ()
    """The facts that only say where play stands (a phase begun, a question asked, a step of an
    action set), not what changed: a reader short of room folds them (the play screen's "since
    your last decision"), and `boardcore.analysis.replay` marks their lines."""
    data_id: str = "none"
    data_sha256: str = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    handlers: dict[type, Callable[[State, Any], State]]

    data_folder: str | None = None
    """The `--data` folder these rules were built on (None: the game's own data)."""

    rollout_policy: ClassVar[str] = "greedy"
    """Who plays what-if's rollouts unless told (`boardcore.analysis.whatif`): the competent, cheap policy for this
    game, `greedy` or `prior`, chosen by what-if's benchmark of known answers (`tools/whatif_bench.py`)."""

    def __reduce__(self) -> tuple:
        """Rules travel to worker processes by name and data folder, not by value: each worker
        builds its own (the tables of handlers and decision points are module-level functions)."""
        from boardcore.games import rebuild

        return (rebuild, (self.name, self.data_folder, type(self).__module__))

    # -- state -----------------------------------------------------------
    def evolve(self, state: State, event: Event) -> State:
        handler = self.handlers.get(type(event))
        return state if handler is None else handler(state, event)

    def copy(self, state: State) -> State:
        """An independent copy; games with hot paths override with a hand-written one."""
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=self.state_type)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return []

    def make_config(self, **options: Any) -> Any:
        """The config from CLI-style options; unknown or ill-typed ones are a clear error."""
        given = {k: v for k, v in options.items() if v is not None}
        unknown = sorted(set(given) - set(self.config_type.__struct_fields__))
        if unknown:
            raise BoardcoreError(f"bad {self.name} options: {', '.join(unknown)} not known; the options are "
                                 f"{', '.join(self.config_type.__struct_fields__)}")
        try:
            config = msgspec.convert(_typed(self.config_type, given), self.config_type, strict=False)
        except msgspec.ValidationError as exc:
            raise BoardcoreError(_bad_option(self.name, self.config_type, given, exc)) from None
        if hasattr(config, "players"):
            self.check_players(int(config.players))
        return config

    def with_data(self, folder: Any) -> Rules:
        """These rules with component data from `folder` (see `boardcore.game.data.load`)."""
        raise BoardcoreError(f"{self.name} has no component data to replace")

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BoardcoreError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}")

    # -- decisions -------------------------------------------------------
    over_rule: ClassVar[str | None] = None
    """The rule ID an action after the end of the game breaks (cited by `check_legal`)."""
    turn_rule: ClassVar[str | None] = None
    """The rule ID an action by a player who is not to act breaks."""

    def decide(self, state: State, action: Decision, rng: Rng) -> list[Event]:
        """The decision and the facts it causes; IllegalAction (naming its rule) if it is not legal."""
        return self.unfold(state, action, rng).events

    def unfold(self, state: State, action: Decision, rng: Rng, *, trusted: bool = False,
               in_place: bool = False) -> Unfolding:
        """`decide`'s work, keeping the state its facts lead to (`.state`) beside the events
        (`.events`), so a caller need not evolve them a second time.

        `trusted=True` skips the legality check: for an action just taken from
        `legal_actions(state)` itself (a bot's pick). Audit never trusts. `in_place=True`
        spends `state` instead of copying it, for a caller that keeps only the new state."""
        if not trusted:
            self.check_legal(state, action)
        unfolding = Unfolding(self, state, action, in_place)
        self.resolve(unfolding, action, rng)
        return unfolding

    def asking(self, state: State) -> str | None:
        """The kind of decision point open in `state` (a key of the game's `DecisionPoints`), or
        None when nothing is asked (the game is over, or it has a single kind of decision)."""
        return None

    def clock(self, state: State) -> int:
        """How far the game has come in its own calendar (a round or turn number, never going back).
        What-if counts each seat's decisions afresh at every tick, so the rollouts of two alternatives
        that made different numbers of decisions in one round meet the same random numbers in the
        next: right for a game whose luck comes round by round (a round's dice, a turn's draws). A
        game whose luck is one long sequence, met sooner or later whatever was decided (Pig's rolls),
        keeps the default, 0: its rollouts count from the start, so each alternative meets every
        value of the sequence in turn."""
        return 0

    def check_legal(self, state: State, action: Decision) -> None:
        """Raise IllegalAction unless `action` may be taken in `state`: the two common refusals
        first (the game is over; not that player's turn), then the game's own reason."""
        if self.outcome(state) is not None:
            raise IllegalAction("the game is over", rule=self.over_rule)
        if action.player not in self.to_act(state):
            raise IllegalAction(f"it is not P{action.player}'s turn to decide", rule=self.turn_rule)
        if not self.is_legal(state, action):
            self.explain_illegal(state, action)
            raise IllegalAction(f"{self.format_action(action)} is not a legal action now")

    def unoffered(self, view: State, player: int) -> list[Unoffered]:
        """What the decision point open for `player` could offer and does not, each with the rule
        that says why (the build a hex needs more ore for; a launch the rocket is not ready for).
        Asked of `player`'s view, so a reason names nothing they may not see. Not every missing
        option: those a player would look for. The default: none said."""
        return []

    def is_legal(self, state: State, action: Decision) -> bool:
        """Whether `action` is among `legal_actions(state)`; a game may answer without building
        the whole list where that is costly, but must agree with it."""
        return action in self.legal_actions(state)

    def explain_illegal(self, state: State, action: Decision) -> None:
        """Raise IllegalAction naming the rule `action` breaks, if the game can tell."""

    def resolve(self, u: Unfolding, action: Decision, rng: Rng) -> None:
        """Emit the facts that follow `action` (already applied to `u.state`): a game's
        decision points answer it, then its flow runs the automatic steps."""
        raise NotImplementedError

    # -- information -----------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        return state

    def visible(self, event: Event, player: int | None) -> Event | None:
        return event

    INVARIANTS: ClassVar[Mapping[str, Callable[..., str | None]]] = {}
    """A game's invariants as module-level `f(c, s)` (the component data first, as every part takes it):
    `invariants` binds them to this game's data, so no game writes that binding again."""
    LIVENESS: ClassVar[Mapping[str, Callable[..., bool]]] = {}
    """The liveness tests `f(c, s)` of those invariants that can fail only in some states (`liveness`)."""

    def invariants(self) -> Mapping[str, Invariant]:
        return {k: partial(f, self.c) for k, f in self.INVARIANTS.items()}

    def liveness(self) -> Mapping[str, Live]:
        """For each invariant that can fail only in some states, the test of those states (a check of the
        final scores is live once the game is over); an invariant not named here is live in every state.
        `check` counts how often each invariant was evaluated where it could have failed."""
        return {k: partial(f, self.c) for k, f in self.LIVENESS.items()}

    def endings(self, config: Any) -> tuple[str, ...]:
        """Every way a game under `config` can end: its end conditions and scoring paths, each a short label
        led by the rule ID ("SS-END-11 reputation"). `check` reports how often each was reached."""
        return ()

    def ending(self, state: State) -> tuple[str, ...]:
        """How a finished game ended, as labels of `endings`: the end condition first, then the scoring path
        that named the winners, if the game has several. A run cut off by its cap ended by no rule: ()."""
        return ()

    def near_end(self, config: Any, rng: Rng) -> State | None:
        """A position close to one of the game's endings, for the endings play alone seldom reaches: a game
        played a while, then set up as a table copied by hand would be (`Session.from_state`), drawn from
        `rng`. `check` plays some of its games on from such positions. None: play from the start."""
        return None

    def hidden_variant(self, state: State, player: int | None, rng: Rng) -> State | None:
        """The same position with everything `player` cannot see dealt afresh (deck
        orders, others' hands), or None when nothing is hidden from them. `check`
        asserts the player's view is the same for both: views do not leak. The variant is
        the caller's own (a copy, sharing nothing that changes in place): searches and
        what-if decide on it in place."""
        return None

    def evaluate(self, state: State, player: int) -> float:
        """Expected final standing of `player` (higher is better); used by `greedy`."""
        return 0.0

    def standing(self, state: State) -> Standing:
        """Who is ahead (see `Standing`), from `state` as someone may see it (a view): the input of
        `boardcore.analysis.value`. A game offers it beside its `evaluate`, cheaply (no lookahead)."""
        raise BoardcoreError(f"{self.name} offers no standing, so no win probability")

    def margin(self, state: State, player: int) -> float:
        """`player`'s expected lead over the best rival, in the game's points, cheap and without lookahead:
        what `mcts` scores the leaves of its tree with, many times a reply. In a solo mode the rival is
        what the mode asks of the player (the automa's total, the Solo Mission's goals in the turns it
        gives). The default is `evaluate`, for a game whose estimate is already such a margin."""
        return self.evaluate(state, player)

    def render(self, state: State, player: int | None) -> Any:
        """The position as `player` may see it, as text with rich markup: one line per item, of any
        length; whoever shows it wraps it to the width it has (`boardcore.text.board_rows`)."""
        return msgspec.json.format(msgspec.json.encode(self.view(state, player)).decode(), indent=2)

    # -- for people: words, pictures, figures -----------------------------
    def describe(self, state: State, item: Event, player: int | None) -> str:
        """`item` (a decision about to be taken or just taken, or a fact just recorded) in the
        rulebook's words, for `player`: names of cards and places from the data, what an action
        costs and does, what a fact changed. `state` is the position just before `item`.

        Callers hand over only what `player` may know, `view(state, player)` and
        `visible(item, player)`, so a description cannot leak; hidden parts arrive blanked and
        are described as unknown ("a card"). A decision is worded as an option, without its seat:
        whoever shows one taken names its taker (`boardcore.analysis.replay.lines`). The default is the
        text form."""
        if isinstance(item, Decision):
            return self.format_action(item).partition(" ")[2]
        fields = ", ".join(f"{k} {_fmt(v)}" for k, v in msgspec.structs.asdict(item).items()
                           if k not in ("config", "start"))
        return f"{item.__struct_config__.tag.replace('_', ' ')}{': ' + fields if fields else ''}"

    def stage(self, state: State) -> str:
        """Where the game stands (round, turn, phase) in the rulebook's words, for status lines. The
        default reads whichever of the fields `round`, `turn`, `phase` and `stage` the state has."""
        parts = []
        for field, label in WHERE_FIELDS:
            value = getattr(state, field, None)
            if isinstance(value, bool) or value in (None, ""):
                continue
            if isinstance(value, int) and label:
                parts.append(f"{label} {value}")
            elif isinstance(value, str) and not label:
                parts.append(value.replace("_", " "))
        return " ".join(parts)

    def draw(self, view: State, player: int | None) -> str:
        """The position as an SVG picture (the replay viewer's board), from a view: `<svg …>…</svg>`."""
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 60"><text x="10" y="35">'
                f"{self.name}: no picture</text></svg>")

    def figures(self, state: State) -> dict[str, dict[str, float]]:
        """The numbers worth charting over a game, by figure and series, from public information
        only: at least `score` ({"P1": 12, "P2": 9, "DRANDA": 20}), and a game's own (morale…)."""
        return {}

    def colours(self, config: Any) -> dict[str, str]:
        """The colour the board gives each series `figures` charts ("P1", an automa's name) under
        `config`, as CSS colours: the viewer's charts and reports draw a seat as its board does
        (P1 was red on the board and blue in the charts). The default, none: the charts' palette."""
        return {}

    # -- for agents -------------------------------------------------------
    def prior(self, state: State, actions: Sequence[Decision]) -> list[float]:
        """A cheap preference over `actions` (non-negative weights, not all zero): how a fast rollout
        policy picks, and where a search looks first. The default has no preference."""
        return [1.0] * len(actions)

    def all_actions(self, config: Any) -> list[Decision]:
        """Every decision that could ever be legal under `config`, as templates with player=0, in a
        fixed order that only grows at its end (see `boardcore.game.spaces`)."""
        raise BoardcoreError(f"{self.name} lists no actions (no action codec yet)")

    def action_codec(self, config: Any) -> ActionCodec:
        """The fixed index space of `config`'s actions (built once per config)."""
        cache = self.__dict__.setdefault("_codecs", {})
        key = msgspec.json.encode(config)
        if key not in cache:
            cache[key] = ActionCodec(self.all_actions(config))
        return cache[key]

    def observation(self, config: Any) -> Observation:
        """The game's fixed-size observation encoding for `config` (see `boardcore.game.spaces`)."""
        raise BoardcoreError(f"{self.name} has no observation encoding yet")

    # -- the text form of actions ----------------------------------------
    def format_action(self, action: Decision) -> str:
        return format_action(action)

    def parse_action(self, state: State, text: str) -> Decision:
        return parse_action(self, state, text)


class Unfolding:
    """`decide`'s scratch pad: a private copy of the state that each emitted fact
    advances, and the events so far (the decision first).

    `asked` is the decision point the decision answers (`rules.asking(state)` before it was
    applied: a decision closes its prompt as it is applied, so `state` no longer says).
    `in_place` decides on `state` itself, consuming it: for loops that keep only the new state."""

    __slots__ = ("rules", "state", "events", "asked")

    def __init__(self, rules: Game, state: State, action: Decision, in_place: bool = False) -> None:
        self.rules = rules
        self.asked = rules.asking(state)
        self.state = rules.evolve(state if in_place else rules.copy(state), action)
        self.events: list[Event] = [action]

    @classmethod
    def over(cls, rules: Game, state: State) -> Unfolding:
        """An unfolding with no decision that advances `state` itself: for `setup`
        (handed a private copy already) and for tests that drive one step of the rules."""
        u = cls.__new__(cls)
        u.rules, u.state, u.events, u.asked = rules, state, [], None
        return u

    def emit(self, *facts: Event) -> State:
        evolve = self.rules.evolve
        for fact in facts:
            self.events.append(fact)
            self.state = evolve(self.state, fact)
        return self.state


def _fmt(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ",".join(_fmt(v) for v in value) or "-"
    if isinstance(value, msgspec.Struct):
        return msgspec.json.encode(value).decode()
    return str(value)


def format_action(action: Decision) -> str:
    """`P1 deploy die=2 location=crew_station`: player, tag, then the other fields."""
    fields = " ".join(f"{f}={_fmt(getattr(action, f))}" for f in action.__struct_fields__ if f != "player")
    tag = action.__struct_config__.tag
    return f"P{action.player} {tag} {fields}".rstrip()


def parse_action(rules: Rules, state: State, text: str) -> Decision:
    """Read the text form back. The `P<n>` prefix may be left out when the action is
    unambiguous; fields are matched by name and converted to their declared types."""
    words = text.split()
    if not words:
        raise BoardcoreError("empty action")
    player: int | None = None
    if words[0][:1] in "Pp" and words[0][1:].isdigit():
        player = int(words[0][1:])
        words = words[1:]
    if not words:
        raise BoardcoreError(f"no action after the player in {text!r}")
    by_tag = {t.__struct_config__.tag: t for t in rules.events if issubclass(t, Decision)}
    cls = by_tag.get(words[0])
    if cls is None:
        raise BoardcoreError(f"unknown action {words[0]!r}; actions are: {', '.join(sorted(by_tag))}")
    raw: dict[str, Any] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in cls.__struct_fields__:
            raise BoardcoreError(f"{words[0]} takes {_field_list(cls)}; cannot read {word!r}")
        raw[key] = value
    candidates = [player] if player is not None else list(rules.to_act(state)) or [0]
    try:
        actions = [msgspec.convert({**_typed(cls, raw), "player": who}, cls, strict=False)
                   for who in candidates]
    except msgspec.ValidationError as exc:
        raise BoardcoreError(f"cannot read {text!r}: {exc}") from None
    if len(actions) == 1:
        return actions[0]
    legal = rules.legal_actions(state)
    matches = [a for a in actions if a in legal]
    if len(matches) > 1:
        raise BoardcoreError(f"{text!r} is ambiguous here: prefix it with the player, e.g. P{matches[0].player}")
    return (matches or actions)[0]


def _typed(cls: type, raw: dict[str, Any]) -> dict[str, Any]:
    """Typed text: split comma lists for tuple fields and read yes/no for booleans;
    msgspec converts the rest (and values that are not text pass through)."""
    out: dict[str, Any] = {}
    kinds = {f.name: f.type for f in msgspec.structs.fields(cls)}
    for key, value in raw.items():
        kind = kinds[key]
        if not isinstance(value, str):
            out[key] = value
            continue
        origin = getattr(kind, "__origin__", None)
        if origin in (tuple, list):
            out[key] = [] if value == "-" else value.split(",")
        elif kind is bool:    # anything else stays text, which msgspec refuses as no boolean
            out[key] = _YES_NO.get(value.lower(), value)
        else:
            out[key] = value
    return out


_YES_NO = {"yes": True, "y": True, "true": True, "1": True, "no": False, "n": False, "false": False, "0": False}


def _bad_option(game: str, config_type: type, given: dict[str, Any], exc: msgspec.ValidationError) -> str:
    """One line naming the option msgspec refused and what it accepts (from the config's own
    annotations: a range, the words allowed, a description)."""
    from msgspec import inspect   # only when an option is refused: kept out of every command's start

    found = re.search(r"at `\$\.(\w+)`", str(exc))
    fields = {f.name: f.type for f in inspect.type_info(config_type).fields}
    if found is None or found.group(1) not in fields:
        return f"bad {game} options: {exc}"
    name = found.group(1)
    return f"bad {game} option {name}={given.get(name)}: it takes {_accepts(fields[name])}"


def _accepts(kind: Any) -> str:
    """What a config field of msgspec type `kind` (`msgspec.inspect`) accepts, in words."""
    from msgspec import inspect

    note = ""
    if isinstance(kind, inspect.Metadata):
        note = (kind.extra_json_schema or {}).get("description", "")
        kind = kind.type
    if isinstance(kind, inspect.BoolType):
        words = "yes or no"
    elif isinstance(kind, inspect.IntType):
        low = kind.ge if kind.ge is not None else None if kind.gt is None else kind.gt + 1
        high = kind.le if kind.le is not None else None if kind.lt is None else kind.lt - 1
        words = ("a whole number" + (f" from {low}" if low is not None else "")
                 + (f" to {high}" if high is not None else ""))
    elif isinstance(kind, inspect.LiteralType):
        words = "one of " + ", ".join(repr(v) if v == "" else str(v) for v in kind.values)
    else:
        words = "a word" if isinstance(kind, inspect.StrType) else "a value of its type"
    return f"{words} ({note})" if note else words


def _field_list(cls: type) -> str:
    fields = [f for f in cls.__struct_fields__ if f != "player"]
    return " ".join(f"{f}=…" for f in fields) or "no fields"


_WATCH: ContextVar[Callable[[Any, Event], None] | None] = ContextVar("boardcore_watch", default=None)


@contextmanager
def watched(see: Callable[[Any, Event], None]) -> Iterator[None]:
    """Within it, `dealt` and `random_step` show every event they apply to `see(state, event)`, the
    state as that event left it: how `check` verifies the play a game's `near_end` builds its position
    by, not only the position. Outside it they apply their events unseen, as fast as they can."""
    token = _WATCH.set(see)
    try:
        yield
    finally:
        _WATCH.reset(token)


def dealt(rules: Rules, config: Any, rng: Rng) -> State:
    """The table after setup, folded from the setup facts: where a position built by hand (a game's
    `near_end`, a scenario) starts from."""
    state = rules.initial(config)
    return _folded(rules, state, rules.setup(rules.copy(state), rng), _WATCH.get())


def random_step(rules: Rules, state: State, rng: Rng, prefer: Callable[[Decision], bool] | None = None) -> State:
    """`state` after one legal decision drawn uniformly by `rng`, taken in place (the caller owns the
    state): random play on the way to a position built by hand. `prefer`: draw among the decisions it
    accepts when there are any (play steered by a choice the rules leave open, such as which card)."""
    legal = rules.legal_actions(state)
    chosen = [a for a in legal if prefer(a)] if prefer else legal
    action = rng.choice(chosen or legal)
    see = _WATCH.get()
    if see is None:
        return rules.unfold(state, action, rng, trusted=True, in_place=True).state
    return _folded(rules, state, rules.unfold(state, action, rng, trusted=True).events, see)


def played_out(rules: Rules, state: State, action: Decision, rng: Rng) -> State:
    """The end of a random game from `state` after `action`, leaving `state` as it was: a look-ahead at how
    a position would end (a game's `near_end` choosing what to set by hand), not the play it is built by,
    so `watched` is not shown it."""
    token = _WATCH.set(None)
    try:
        end = rules.unfold(state, action, rng, trusted=True).state
        while rules.outcome(end) is None:
            end = random_step(rules, end, rng)
        return end
    finally:
        _WATCH.reset(token)


def _folded(rules: Rules, state: State, events: Sequence[Event], see: Callable[[Any, Event], None] | None) -> State:
    """`state` with `events` applied one by one, each shown to `see` (if any) with the state it left."""
    for event in events:
        state = rules.evolve(state, event)
        if see is not None:
            see(state, event)
    return state


def status_line(rules: Rules, state: State, outcome: Outcome | None = None) -> str:
    """One line: who is to act, or how the game ended (`outcome`, if already known, saves asking)."""
    outcome = rules.outcome(state) if outcome is None else outcome
    if outcome is None:
        return "to act: " + ", ".join(f"P{p}" for p in rules.to_act(state))
    return f"{verdict(outcome)}; {final_scores(outcome)}"


def verdict(outcome: Outcome) -> str:
    """How a game ended, without the scores ("game over: P1 wins (...)")."""
    note = f" ({outcome.note})" if outcome.note else ""
    if outcome.truncated:
        return "stopped without a result (truncated)"
    if not outcome.winners:
        return f"game over: no player wins{note}"
    verb = "win" if len(outcome.winners) > 1 else "wins"
    return f"game over: {', '.join(f'P{p}' for p in outcome.winners)} {verb}{note}"


def final_scores(outcome: Outcome) -> str:
    """The final scores in one phrase ("scores P1=49 P2=0")."""
    return "scores " + " ".join(f"P{p}={outcome.points(p):g}" for p in range(1, len(outcome.scores) + 1))


def deciding_key(keys: Sequence[tuple], paths: Sequence[str], shared: str) -> str:
    """Which scoring path named the winners: `keys` hold each contender's tie-break keys in order (points,
    then the first tie-break, ...), `paths[i]` names the path decided by key i; `shared` when the best
    contenders are still tied on every key. For a game's `Rules.ending`."""
    for depth, path in enumerate(paths, 1):
        best = max(k[:depth] for k in keys)
        if sum(1 for k in keys if k[:depth] == best) == 1:
            return path
    return shared


def check_decided(events: Sequence[Event], action: Decision) -> None:
    """A decide result must begin with the decision itself (ARCHITECTURE.md, Events)."""
    if not events or events[0] != action:
        raise AssertionError("decide must return the decision first, then its facts")

"""The OpenSpiel `Game`, `State` and observer of a boardcore game; importing this module registers
the three games with `pyspiel.register_game` (see the package docstring for the conventions)."""

from __future__ import annotations

from typing import Any

import msgspec
import numpy as np
import pyspiel  # type: ignore[import-not-found]

from boardcore import games
from boardcore.game.errors import BoardcoreError
from boardcore.game.events import Decision
from boardcore.openspiel import GAMES
from boardcore.agents.play import MAX_DECISIONS
from boardcore.rl.table import Table
from boardcore.game.rng import LocalRng, Rng
from boardcore.game.rules import Outcome, Rules
from boardcore.session.session import Session, new_seed

_JSON = msgspec.json.Encoder(order="deterministic")   # the same position gives the same bytes
_SEAT_COUNTS = range(1, 9)                             # the seat counts each game's `make_config` is asked about
_RESAMPLE_BITS = 1 << 53                               # a sampler's float in [0, 1) as a whole number of seeds


def options(rules: Rules) -> dict[str, Any]:
    """A game's options with their defaults (its config's fields): OpenSpiel's parameters, with `seed`."""
    return {f.name: f.default for f in msgspec.structs.fields(rules.config_type)}


def _seat_counts(rules: Rules) -> list[int]:
    allowed = []
    for n in _SEAT_COUNTS:
        try:
            rules.make_config(players=n)
        except BoardcoreError:
            continue
        allowed.append(n)
    return allowed


def game_type(short_name: str, rules: Rules) -> pyspiel.GameType:
    seats = _seat_counts(rules)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"boardcore {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,           # a simultaneous step is asked seat by seat
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,            # a shared win is split: [0.5, 0.5] sums to 1
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**options(rules), "seed": ""})


class BoardcoreGame(pyspiel.Game):
    """One boardcore game under one config, as OpenSpiel loads it (`params`: the config's options and `seed`)."""

    short_name: str     # set on each game's subclass (see `_register`)
    rules: Rules

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.seed = str(params.pop("seed", ""))
        self.table = Table(self.rules, params)            # the codec, the encoding and the rewards of boardcore.rl
        self.codec = self.table.codec
        self.players = self.table.players
        self._episodes = 0
        self._upcoming: Line | None = None         # the next episode, dealt but not yet played (see `Line`)
        self._indexes: dict[Decision, int] = {}      # each seat's decisions' codec indexes, once found
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.size, max_chance_outcomes=0,
                                num_players=self.players, min_utility=-1.0, max_utility=1.0,
                                max_game_length=MAX_DECISIONS)
        super().__init__(game_type(self.short_name, self.rules), info, {**params, "seed": self.seed})

    def new_initial_state(self) -> BoardcoreState:
        return BoardcoreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self, params)

    def next_seed(self) -> str:
        """The seed of the next episode begun: fresh and secret, or `seed`, `seed/1`, `seed/2`, …"""
        if not self.seed:
            return new_seed()
        n, self._episodes = self._episodes, self._episodes + 1
        return self.seed if n == 0 else f"{self.seed}/{n}"

    def upcoming(self) -> Line:
        """The next episode, set up but taken by no state yet."""
        if self._upcoming is None:
            self._upcoming = Line(self)._start(self.next_seed())
        return self._upcoming

    def index(self, decision: Decision) -> int:
        i = self._indexes.get(decision)
        if i is None:
            i = self._indexes[decision] = self.codec.encode(decision)
        return i

    def returns(self, outcome: Outcome | None) -> list[float]:
        return [0.0] * self.players if outcome is None else self.table.rewards(outcome)


class Line:
    """One line of play: the game's seed and start, the decisions taken (codec index, seat from 1) and
    the position they lead to. The line of an episode plays through a live `Session`; a copy
    (OpenSpiel's clone) decides by `Rules.unfold` with `Rng.derive(seed, position)`, as that session
    would, and writes its own session only when asked.

    A state's line is begun when first needed. OpenSpiel makes a fresh state for every clone, only to
    overwrite it, and another each time it asks a game for its tensors' shape, only to read it: so a
    line not begun reads the game's `upcoming` episode (pinning it), and takes it over when it must
    play (apply, clone, serialise, write its session). The shape questions then cost one setup and
    no seed; if another state took the pinned episode first, this one plays its twin (the same seed)."""

    __slots__ = ("game", "seed", "start", "session", "state", "position", "taken", "pin", "_legal", "_outcome",
                 "_seen")

    def __init__(self, game: BoardcoreGame, seed: str = "", start: Any = None) -> None:
        self.game, self.seed, self.start = game, seed, start
        self.session: Session | None = None
        self.state: Any = None
        self.position = 0
        self.taken: list[tuple[int, int]] = []
        self.pin: Line | None = None
        self._forget()
        if start is not None:                        # a given table: `Session.from_state` starts it at 1
            self.state, self.position = game.rules.copy(start), 1

    def _forget(self) -> None:
        self._legal: list[Decision] | None = None
        self._outcome: tuple[Outcome | None] | None = None
        self._seen: dict[tuple[str, int], Any] = {}

    def _start(self, seed: str) -> Line:
        self.seed = seed
        self.session = Session.new(self.game.rules, config=self.game.table.config, seed=seed)
        self.state, self.position = self.session.state, self.session.position
        return self

    def read(self) -> Line:
        """The line to read the position from: this one, or (not begun) the episode it pinned."""
        if self.state is not None:
            return self
        if self.pin is None:
            self.pin = self.game.upcoming()
        return self.pin if self.pin is self.game._upcoming else self.begin()

    def begin(self) -> Line:
        """This line, ready to play: the pinned (or upcoming) episode taken over, or its twin begun."""
        if self.state is None:
            game = self.game
            pin = self.pin or game._upcoming
            if pin is not None and pin is game._upcoming:
                game._upcoming = None
                self.seed, self.session, self.state, self.position = pin.seed, pin.session, pin.state, pin.position
            else:
                self._start(pin.seed if pin is not None else game.next_seed())
            self.pin = None
        return self

    # -- reading the position ------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self._outcome is None:
            self._outcome = (self.game.rules.outcome(self.state),)
        return self._outcome[0]

    def to_act(self) -> int:
        """The seat to answer now (the first of several in a simultaneous step), or 0 once it is over."""
        return 0 if self.outcome() is not None else self.game.rules.to_act(self.state)[0]

    def legal(self) -> list[Decision]:
        if self._legal is None:
            if self.session is not None:   # asked of the session, which then trusts what is taken from it
                self._legal = self.session.legal_actions()
            else:
                self._legal = [] if self.outcome() is not None else self.game.rules.legal_actions(self.state)
        return self._legal

    def legal_indexes(self, seat: int) -> list[int]:
        index = self.game.index
        return sorted(index(a) for a in self.legal() if a.player == seat)

    def view(self, seat: int) -> Any:
        key = ("view", seat)
        if key not in self._seen:
            self._seen[key] = self.game.rules.view(self.state, seat)
        return self._seen[key]

    def text(self, seat: int) -> str:
        """The seat's view as canonical JSON: its information-state and observation string."""
        key = ("text", seat)
        if key not in self._seen:
            self._seen[key] = _JSON.encode(self.view(seat)).decode()
        return self._seen[key]

    def numbers(self, seat: int) -> list[int]:
        """The seat's view through the game's observation encoding: its tensors."""
        key = ("numbers", seat)
        if key not in self._seen:
            self._seen[key] = self.game.table.encoding.encode(self.view(seat), seat)
        return self._seen[key]

    # -- playing on ------------------------------------------------------------------------------
    def apply(self, index: int, seat: int) -> None:
        rules = self.game.rules
        decision = self.game.codec.decode(index, seat)
        if self.session is not None:
            self.session.apply(decision)
            self.state, self.position = self.session.state, self.session.position
        else:
            unfolding = rules.unfold(self.state, decision, Rng.derive(self.seed, self.position),
                                     trusted=decision in self.legal(), in_place=True)
            self.state, self.position = unfolding.state, self.position + len(unfolding.events)
        self.taken.append((index, seat))
        self._forget()

    def written(self) -> Session:
        """The line's session: live, or written now by replaying its decisions on its seed and start."""
        if self.session is None:
            session = self._replay()
            if session.position != self.position:
                raise RuntimeError(f"the line's session reached position {session.position}, the line {self.position}")
            self.session, self.state = session, session.state
        return self.session

    def _replay(self) -> Session:
        rules, config, codec = self.game.rules, self.game.table.config, self.game.codec
        session = (Session.new(rules, config=config, seed=self.seed) if self.start is None else
                   Session.from_state(rules, rules.copy(self.start), config=config, seed=self.seed))
        for index, seat in self.taken:
            session.apply(codec.decode(index, seat))
        return session

    # -- OpenSpiel's clone and serialisation -----------------------------------------------------
    def __deepcopy__(self, memo: dict) -> Line:
        self.begin()
        copy = Line.__new__(Line)
        copy.game, copy.seed, copy.start, copy.session, copy.pin = self.game, self.seed, self.start, None, None
        copy.state, copy.position, copy.taken = self.game.rules.copy(self.state), self.position, list(self.taken)
        copy._forget()
        return copy

    def __reduce__(self) -> tuple:
        self.begin()
        game = self.game
        params = {**msgspec.to_builtins(game.table.config), "seed": game.seed}
        return (_replayed, (game.get_type().short_name, params, self.seed, self.start, self.taken))


def _replayed(short_name: str, params: dict[str, Any], seed: str, start: Any, taken: list) -> Line:
    """A serialised line, read back by replaying its decisions through a session."""
    line = Line(pyspiel.load_game(short_name, params), seed, start)
    line.taken = [tuple(t) for t in taken]
    line.session = line._replay()
    line.state, line.position = line.session.state, line.session.position
    return line


class BoardcoreState(pyspiel.State):
    """An OpenSpiel state over one `Line` (its only attribute, so OpenSpiel's clone and pickling copy it)."""

    def __init__(self, game: BoardcoreGame, line: Line | None = None) -> None:
        super().__init__(game)
        self._line = line if line is not None else Line(game)

    @property
    def line(self) -> Line:
        """The line to read (see `Line`: a state not begun reads its game's upcoming episode)."""
        return self._line.read()

    @property
    def session(self) -> Session:
        """The episode as a boardcore game: save, replay or audit it like any other."""
        return self._line.begin().written()

    def current_player(self) -> int:
        seat = self.line.to_act()
        return pyspiel.PlayerId.TERMINAL if seat == 0 else seat - 1

    def _legal_actions(self, player: int) -> list[int]:
        return self.line.legal_indexes(player + 1)

    def _apply_action(self, action: int) -> None:
        line = self._line.begin()
        line.apply(action, line.to_act())

    def _action_to_string(self, player: int, action: int) -> str:
        line = self.line
        return line.game.rules.format_action(line.game.codec.decode(action, player + 1))

    def is_terminal(self) -> bool:
        return self.line.outcome() is not None

    def returns(self) -> list[float]:
        line = self.line
        return line.game.returns(line.outcome())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardcoreState:
        """The same position with what `player_id` cannot see dealt afresh (`Rules.hidden_variant`), and
        a fresh seed for the luck to come: a search from it foresees neither hidden cards nor dice."""
        line = self._line.begin()
        seed = f"openspiel/resample/{int(probability_sampler() * _RESAMPLE_BITS)}"
        variant = line.game.rules.hidden_variant(line.state, player_id + 1, LocalRng(seed))
        start = line.state if variant is None else variant
        return BoardcoreState(line.game, Line(line.game, f"{seed}/chance", start))

    def __str__(self) -> str:
        return _JSON.encode(self.line.state).decode()


class Observer:
    """OpenSpiel's Python observer (`string_from`, `set_from`, `tensor`, `dict`) over a seat's view: one
    for information states and observations alike (see the package docstring)."""

    def __init__(self, game: BoardcoreGame, params: Any) -> None:
        if params:
            raise ValueError(f"boardcore's observers take no parameters, not {params}")
        encoding = game.table.encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        i = 0
        for field in encoding.fields:                # the encoding's named parts, in its order
            self.dict[field.name] = self.tensor[i:i + field.size]
            i += field.size

    def set_from(self, state: BoardcoreState, player: int) -> None:
        self.tensor[:] = state.line.numbers(player + 1)

    def string_from(self, state: BoardcoreState, player: int) -> str:
        return state.line.text(player + 1)


def _register() -> None:
    """One `BoardcoreGame` subclass per game, registered as its maker (as OpenSpiel's own Python games
    register their class: a closure made here would be freed by OpenSpiel's registry after Python has
    shut down, which aborts the interpreter at exit)."""
    for short_name, name in GAMES.items():
        rules = games.get(name)
        maker = type(f"Boardcore{rules.name.title().replace('-', '')}Game", (BoardcoreGame,),
                     {"short_name": short_name, "rules": rules, "__module__": __name__})
        globals()[maker.__name__] = maker
        pyspiel.register_game(game_type(short_name, rules), maker)


_register()

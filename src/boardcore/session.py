"""`Session`: the one object a Python user drives to play a game.

A session owns a stream in a store. `apply` decides, appends the decision with
its facts in one write, then evolves; undo and redo append markers, so nothing
is ever deleted. State at any point comes from the nearest in-memory checkpoint
(one every `checkpoint_every` events) plus a short fold, so looking back costs
the same in a long game as in a short one.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from boardcore import games
from boardcore.errors import BoardcoreError, IllegalAction, SeedUnavailable, UndoRefused
from boardcore.events import BranchedFrom, Decision, Event, Fact, GameCreated, Redone, SeedRevealed, Undone
from boardcore.rng import NoRng, Rng, commitment
from boardcore.rules import Outcome, Rules
from boardcore.store import JsonlFile, MemoryStore, Store, open_target
from boardcore.stream import GENESIS, History, Recorded, chain, verify

UndoPolicy = Literal["free", "own"]
CHECKPOINT_EVERY = 32


def _rules(game: str | Rules, data: Any = None) -> Rules:
    rules = games.get(game) if isinstance(game, str) else game
    return rules if data is None else rules.with_data(data)


def new_stream_id(rules: Rules) -> str:
    return f"{rules.name}-{secrets.token_hex(4)}"


class Session:
    """Play, undo, redo, branch and look back over one game's stream.

    Build one with `new`, `from_state` or `load`; the constructor is internal.
    `rng` forces chance for every decision (a `ScriptedRng` in tests and
    rulebook examples); otherwise each decision gets `Rng.derive(seed, position)`.
    """

    def __init__(self, rules: Rules, store: Store, stream_id: str, *, seed: str | None = None,
                 rng: Rng | None = None, undo_policy: UndoPolicy = "free",
                 checkpoint_every: int = CHECKPOINT_EVERY) -> None:
        self.rules = rules
        self.store = store
        self.stream_id = stream_id
        self.seed = seed
        self.rng = rng
        self.undo_policy = undo_policy
        self.checkpoint_every = checkpoint_every
        self.history = History()
        self.state: Any = None
        self.created: GameCreated | None = None
        self.config: Any = None
        self.revealed = False
        self._checkpoints: dict[int, Any] = {}
        self._head = 0
        self._last_hash = GENESIS

    # -- making sessions -------------------------------------------------
    @classmethod
    def new(cls, game: str | Rules, *, players: int | None = None, config: Any = None,
            seed: int | str | None = None, store: Store | None = None, stream_id: str | None = None,
            seats: Sequence[str] = (), rng: Rng | None = None, undo_policy: UndoPolicy | None = None,
            data: Any = None, checkpoint_every: int = CHECKPOINT_EVERY, **options: Any) -> Session:
        """A new game: `GameCreated`, then the rules' setup facts, in one write.
        `data` names a folder of component data to use instead of the game's own."""
        rules = _rules(game, data)
        if config is None:
            config = rules.make_config(players=players, **options)
        players = config.players
        rules.check_players(players)
        if seats and len(seats) != players:
            raise BoardcoreError(f"{len(seats)} seats given for {players} players")
        seed = str(seed) if seed is not None else secrets.token_hex(16)
        session = cls(rules, store or MemoryStore(), stream_id or new_stream_id(rules), seed=seed, rng=rng,
                      undo_policy=undo_policy or ("own" if list(seats).count("human") > 1 else "free"),
                      checkpoint_every=checkpoint_every)
        created = GameCreated(game=rules.name, rules_version=rules.version, data_id=rules.data_id,
                              config=msgspec.to_builtins(config), seed_commitment=commitment(seed),
                              seats=tuple(seats))
        state = rules.initial(config)
        facts = rules.setup(rules.copy(state), session._rng_at(1))
        session.store.keep_seed(session.stream_id, seed)
        session._commit([created, *facts])
        return session

    @classmethod
    def from_state(cls, game: str | Rules, state: Any, *, config: Any = None, seed: int | str | None = None,
                   store: Store | None = None, stream_id: str | None = None, rng: Rng | None = None,
                   undo_policy: UndoPolicy = "free") -> Session:
        """Start from a given position (a rulebook example, a table copied by hand).
        The whole state goes into `GameCreated.start`, so the stream replays and
        audits like any other."""
        rules = _rules(game)
        config = config if config is not None else rules.make_config()
        seed = str(seed) if seed is not None else secrets.token_hex(16)
        session = cls(rules, store or MemoryStore(), stream_id or new_stream_id(rules), seed=seed, rng=rng,
                      undo_policy=undo_policy)
        created = GameCreated(game=rules.name, rules_version=rules.version, data_id=rules.data_id,
                              config=msgspec.to_builtins(config), seed_commitment=commitment(seed),
                              start=msgspec.to_builtins(state))
        session.store.keep_seed(session.stream_id, seed)
        session._commit([created])
        return session

    @classmethod
    def load(cls, target: str | Any, *, store: Store | None = None, seed: int | str | None = None,
             rng: Rng | None = None, undo_policy: UndoPolicy | None = None, verify_chain: bool = True,
             checkpoint_every: int = CHECKPOINT_EVERY, data: Any = None) -> Session:
        """Open a saved game: a replay file path or `db:ID` (or a stream id in `store`)."""
        if store is None:
            store, stream_id = open_target(target)
        else:
            stream_id = str(target)
        records = store.read(stream_id)
        if verify_chain:
            verify(records)
        first = records[0].event if records else None
        if not isinstance(first, GameCreated):
            raise BoardcoreError(f"{target}: the stream does not begin with GameCreated")
        seed = str(seed) if seed is not None else store.seed(stream_id)
        if seed is not None and commitment(seed) != first.seed_commitment:
            raise BoardcoreError(f"{target}: that seed does not match the game's seed commitment")
        seats = first.seats
        policy = undo_policy or ("own" if list(seats).count("human") > 1 else "free")
        rules = _rules(first.game, data)
        if first.data_id != rules.data_id:
            raise BoardcoreError(f"{target} was played with component data {first.data_id}, but "
                                 f"{rules.data_id} is loaded: pass the same data folder (--data)")
        session = cls(rules, store, stream_id, seed=seed, rng=rng, undo_policy=policy,
                      checkpoint_every=checkpoint_every)
        session._absorb(records)
        return session

    def save(self, path: str | Any) -> None:
        """Write the whole stream (markers and undone events included) to a replay
        file, replacing it whole; the seed, if known, goes to its private file beside."""
        target = JsonlFile(path)
        target.write_all(self.records())
        if self.seed is not None and not self.revealed:
            target.keep_seed(JsonlFile.STREAM, self.seed)

    # -- reading ---------------------------------------------------------
    @property
    def position(self) -> int:
        """How many events are in effect: where the next decision will land."""
        return len(self.history.live)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.created.seats if self.created else ()

    @property
    def players(self) -> int:
        return int(self.config.players)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.outcome else tuple(self.rules.to_act(self.state))

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def legal_actions(self, player: int | None = None) -> list[Decision]:
        if self.outcome:
            return []
        actions = self.rules.legal_actions(self.state)
        return actions if player is None else [a for a in actions if a.player == player]

    def view(self, player: int | None = None) -> Any:
        return self.rules.view(self.state, player)

    def render(self, player: int | None = None) -> Any:
        return self.rules.render(self.state, player)

    def records(self) -> list[Recorded]:
        """Every record of the stream, markers and undone events included."""
        return self.store.read(self.stream_id)

    def state_at(self, position: int) -> Any:
        """The state after the first `position` effective events (1 = just created).

        Starts from the nearest checkpoint at or before `position`, so the cost
        does not grow with the length of the game."""
        if not 1 <= position <= self.position:
            raise BoardcoreError(f"position must be between 1 and {self.position}, not {position}")
        if position == self.position:
            return self.rules.copy(self.state)
        return self._fold_to(position)

    def _fold_to(self, position: int) -> Any:
        every = self.checkpoint_every
        base = position // every * every if every else 0
        while base > 1 and base not in self._checkpoints:
            base -= every
        base = max(base, 1)
        state = self.rules.copy(self._checkpoints[base])
        evolve = self.rules.evolve
        for rec in self.history.live[base:position]:
            state = evolve(state, rec.event)
        return state

    def boundaries(self) -> list[int]:
        """Positions between whole decisions: where a decision lands, and the end."""
        live = self.history.live
        return [p for p in range(1, len(live)) if isinstance(live[p].event, Decision)] + [len(live)]

    # -- deciding ---------------------------------------------------------
    def apply(self, action: Decision | str) -> list[Event]:
        """Decide, then append the decision and its facts in one write, then evolve.

        An illegal action raises IllegalAction and changes nothing; text is read
        with the game's parser. Returns the events recorded."""
        if isinstance(action, str):
            action = self.rules.parse_action(self.state, action)
        if self.outcome:
            raise IllegalAction("the game is over")
        events = self.rules.decide(self.state, action, self._rng_at(self.position))
        self._commit(events)
        if self.outcome and self.seed is not None and not self.revealed:
            self._commit([SeedRevealed(seed=self.seed)])
        return events

    def _rng_at(self, position: int) -> Rng:
        if self.rng is not None:
            return self.rng
        return NoRng() if self.seed is None else Rng.derive(self.seed, position)

    # -- undo, redo, branch ------------------------------------------------
    def undo(self, n: int = 1, by: int | None = None) -> None:
        """Step back `n` whole decisions; each appends an `Undone` marker.

        Under the `own` policy a player may undo only their own decisions, and
        never back past a fact that showed chance or hidden information."""
        if n < 1:
            raise UndoRefused("undo needs n >= 1")
        live = self.history.live
        cut = len(live)
        cuts = []
        for _ in range(n):
            cut = next((i for i in range(cut - 1, 0, -1) if isinstance(live[i].event, Decision)), 0)
            if not cut:
                raise UndoRefused("nothing left to undo" if not cuts else f"only {len(cuts)} decisions can be undone")
            self._check_undo(live[cut:], by)
            cuts.append(cut)
        self._commit([Undone(to=cut, by=by) for cut in cuts])

    def _check_undo(self, group: list[Recorded], by: int | None) -> None:
        if self.revealed:
            raise UndoRefused("the seed has been revealed, so the dice are known: branch instead of undoing")
        if self.undo_policy != "own":
            return
        decision = group[0].event
        if by is not None and decision.player != by:
            raise UndoRefused(f"player {by} may not undo player {decision.player}'s decision (undo policy 'own')")
        shown = next((r for r in group if isinstance(r.event, Fact) and r.event.reveals), None)
        if shown is not None:
            raise UndoRefused(f"cannot undo past {shown.event.__struct_config__.tag} at seq {shown.seq}: "
                              "it revealed chance or hidden information (undo policy 'own')")

    def redo(self, by: int | None = None) -> None:
        if not self.history.undone:
            raise UndoRefused("nothing to redo")
        self._commit([Redone(by=by)])

    def branch(self, at: int | None = None, *, store: Store | None = None, stream_id: str | None = None,
               rng: Rng | None = None) -> Session:
        """A new session on a new stream holding this game's first `at` effective events.

        Record 0 is the same `GameCreated` (so every reader finds the game there),
        record 1 is `BranchedFrom`; positions match the parent's, so the branch
        meets the same dice the parent would have."""
        live = self.history.live
        at = len(live) if at is None else at
        if at not in self.boundaries():
            near = [p for p in self.boundaries() if abs(p - at) <= 10]
            raise BoardcoreError(f"cannot branch at {at}: a branch starts between whole decisions; "
                                 f"try one of {', '.join(map(str, near or self.boundaries()[-5:]))}")
        child = Session(self.rules, store or MemoryStore(), stream_id or new_stream_id(self.rules),
                        seed=self.seed, rng=rng, undo_policy=self.undo_policy,
                        checkpoint_every=self.checkpoint_every)
        if self.seed is not None:
            child.store.keep_seed(child.stream_id, self.seed)
        marker = BranchedFrom(parent=self.stream_id, at=at, parent_hash=live[at - 1].hash)
        child._commit([live[0].event, marker, *(r.event for r in live[1:at])])
        return child

    # -- the one place records enter a session ----------------------------
    def _commit(self, events: Sequence[Event]) -> None:
        records = chain(self._last_hash, self._head, events, at=int(time.time()))
        self.store.append(self.stream_id, self._head, records)
        self._absorb(records)

    def _absorb(self, records: Sequence[Recorded]) -> None:
        """Bring history, state and checkpoints up to date with records already stored.

        Folding is lazy: events are only evolved at the end (or when an undo cuts
        into what was already folded), so loading a long stream is one tight loop."""
        history = self.history
        folded = len(history.live)
        for rec in records:
            if self.created is None:
                self._begin(rec)
                folded = len(history.live)
                continue
            kind = history.add(rec)
            if kind == "undo" and len(history.live) < folded:
                folded = len(history.live)
                for key in [k for k in self._checkpoints if k > folded]:
                    del self._checkpoints[key]
                self.state = self._fold_to(folded)
            elif kind == "marker" and isinstance(rec.event, SeedRevealed):
                self.revealed = True
        self._advance(folded)
        if records:
            self._head = records[-1].seq + 1
            self._last_hash = records[-1].hash

    def _advance(self, start: int) -> None:
        """Fold the live events from `start` on into the state, checkpointing as it goes."""
        evolve, state, live, every = self.rules.evolve, self.state, self.history.live, self.checkpoint_every
        if not every:
            for rec in live[start:]:
                state = evolve(state, rec.event)
        else:
            for i in range(start, len(live)):
                state = evolve(state, live[i].event)
                if (i + 1) % every == 0:
                    self._checkpoints[i + 1] = self.rules.copy(state)
        self.state = state

    def _begin(self, rec: Recorded) -> None:
        created = rec.event
        if not isinstance(created, GameCreated):
            raise BoardcoreError("a stream must begin with GameCreated")
        self.created = created
        self.config = msgspec.convert(created.config, self.rules.config_type)
        if created.start is not None:
            self.state = msgspec.convert(created.start, self.rules.state_type)
        else:
            self.state = self.rules.initial(self.config)
        self.history.add(rec)
        self._checkpoints[1] = self.rules.copy(self.state)

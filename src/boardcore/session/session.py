"""`Session`: the one object a Python user drives to play a game.

A session owns a stream in a store. `apply` decides, appends the decision with its facts (and,
when it ends the game, the seed's reveal) in one atomic write, then keeps the state the
decision's unfolding already produced: facts are evolved once. Undo and redo append markers, so
nothing is ever deleted. State at any point comes from the nearest in-memory checkpoint (one
every `checkpoint_every` events, made the first time someone looks back that far) plus a short
fold, so looking back costs the same in a long game as in a short one.
"""

from __future__ import annotations

import os
import time
from itertools import islice, repeat
from collections.abc import Sequence
from typing import Any

import msgspec

from boardcore import games
from boardcore.session.checkpoints import Checkpoints
from boardcore.game.errors import BoardcoreError, CorruptStream, IllegalAction, SeedUnavailable, StreamExists, UndoRefused
from boardcore.game.events import (MARKERS, BranchedFrom, Decision, Event, GameCreated, Redone, SeedRevealed,
                                   Undone, UndoPolicySet)
from boardcore.game.rng import NoRng, Rng, commitment
from boardcore.game.rules import Outcome, Rules, Unoffered, status_line
from boardcore.stream.store import JsonlFile, MemoryStore, Store, Summary, open_target
from boardcore.stream.records import GENESIS, History, Recorded, chain, verify
from boardcore.session.undo import UndoPolicy, check_undo, decision_starts, default_policy, policy_marker

CHECKPOINT_EVERY = 32


def _rules(game: str | Rules, data: Any = None) -> Rules:
    if isinstance(game, str):
        return games.get(game, data)
    return game if data is None else games.get(game.name, data)


def new_stream_id(rules: Rules) -> str:
    return f"{rules.name}-{os.urandom(4).hex()}"


def new_seed() -> str:
    """A secret seed: 128 bits from the operating system's generator (what `secrets` uses)."""
    return os.urandom(16).hex()


class Receipt(msgspec.Struct, frozen=True):
    """The head of a stream: the position reached and the hash of the last record. Kept by a
    player, it lets `audit --head` prove the record still holds exactly that history."""

    position: int
    hash: str

    def __str__(self) -> str:
        return f"{self.position}:{self.hash}"

    @property
    def short(self) -> str:
        """The receipt with its hash cut to 16 digits, as players are shown it after each decision."""
        return f"{self.position}:{self.hash[:16]}"


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
        self._history = History()
        self._tail: list[Event] = []   # committed events not yet in the history as records (see `history`)
        self._tail_start = 0           # the seq of the tail's first event
        self.state: Any = None
        self.created: GameCreated | None = None
        self.branched: BranchedFrom | None = None
        self.config: Any = None
        self.revealed = False
        self._checkpoints = Checkpoints(rules, checkpoint_every)
        self._head = 0
        self._last_hash = GENESIS
        self._legal: list[Decision] | None = None     # legal_actions of the current state, once asked
        self._outcome: tuple[Outcome | None] | None = None  # (the outcome,) of the state now; None: not asked
        self._summaries = getattr(store, "lists_games", False)
        self._lazy = getattr(store, "lazy_sealing", False)  # records hashed when first read
        self._derive: tuple[str, Any] | None = None          # (seed, Rng.deriver(seed))

    # -- making sessions -------------------------------------------------
    @classmethod
    def new(cls, game: str | Rules, *, players: int | None = None, config: Any = None,
            seed: int | str | None = None, store: Store | None = None, stream_id: str | None = None,
            seats: Sequence[str] = (), rng: Rng | None = None, undo_policy: UndoPolicy | None = None,
            data: Any = None, checkpoint_every: int = CHECKPOINT_EVERY, **options: Any) -> Session:
        """A new game: `GameCreated`, then the rules' setup facts, written with the secret seed in
        one atomic create (StreamExists, nothing written, if the file or id is taken).
        `data` names a folder of component data to use instead of the game's own. `undo_policy`
        (`free` or `own`) defaults to what `seats` imply; another choice is recorded in the same
        commit (`UndoPolicySet`), so it holds after every reload."""
        rules = _rules(game, data)
        if config is None:
            config = rules.make_config(players=players, **options)
        players = config.players
        rules.check_players(players)
        if seats and len(seats) != players:
            raise BoardcoreError(f"{len(seats)} seats given for {players} players")
        seed = str(seed) if seed is not None else new_seed()
        if not seed.strip():   # `--seed "$SEED"` with SEED unset, say: anyone could guess these dice
            raise BoardcoreError("the seed is empty: give one, or leave it out for a random secret seed")
        policy = undo_policy or default_policy(seats)
        marker = policy_marker(policy, seats)
        session = cls(rules, store or MemoryStore(), stream_id or new_stream_id(rules), seed=seed, rng=rng,
                      undo_policy=policy, checkpoint_every=checkpoint_every)
        created = GameCreated(game=rules.name, rules_version=rules.version, data_id=rules.data_id,
                              config=msgspec.to_builtins(config), seed_commitment=commitment(seed),
                              seats=tuple(seats))
        state = rules.initial(config)
        facts = rules.setup(rules.copy(state), session._rng_at(1))
        session._create([created, *marker, *facts], seed, start=(config, state))
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
        seed = str(seed) if seed is not None else new_seed()
        marker = policy_marker(undo_policy, ())
        session = cls(rules, store or MemoryStore(), stream_id or new_stream_id(rules), seed=seed, rng=rng,
                      undo_policy=undo_policy)
        created = GameCreated(game=rules.name, rules_version=rules.version, data_id=rules.data_id,
                              config=msgspec.to_builtins(config), seed_commitment=commitment(seed),
                              start=msgspec.to_builtins(state))
        session._create([created, *marker], seed)
        return session

    @classmethod
    def load(cls, target: str | Any, *, store: Store | None = None, seed: int | str | None = None,
             rng: Rng | None = None, undo_policy: UndoPolicy | None = None, verify_chain: bool = False,
             checkpoint_every: int = CHECKPOINT_EVERY, data: Any = None) -> Session:
        """Open a saved game: a replay file path or `db:ID` (or a stream id in `store`).

        Every record is read strictly (see `boardcore.stream.records`), the history's markers must make
        sense and every event must apply: a record that fails is refused with its seq. The hash
        chain is proven by `audit` (or here with `verify_chain=True`): it is what a forger must
        recompute, and `audit --head` with a kept receipt catches one who did."""
        if store is None:
            store, stream_id = open_target(target)
        else:
            stream_id = str(target)
        records = store.read(stream_id)
        if verify_chain:
            verify(records)
        first = records[0].event if records else None
        if not isinstance(first, GameCreated):
            raise CorruptStream("the stream does not begin with GameCreated", where=str(target), seq=0)
        rules = _rules(first.game, data)
        if first.rules_version != rules.version:
            raise BoardcoreError(f"{target} was recorded with {first.game} rules {first.rules_version}, but this "
                                 f"boardcore has {rules.version}: it cannot be replayed under other rules")
        if first.data_id != rules.data_id:
            raise BoardcoreError(f"{target} was played with component data {first.data_id}, but "
                                 f"{rules.data_id} is loaded: pass the same data folder (--data)")
        branched = records[1].event if len(records) > 1 and isinstance(records[1].event, BranchedFrom) else None
        expected = branched.seed_commitment if branched and branched.seed_commitment else first.seed_commitment
        seed = str(seed) if seed is not None else store.seed(stream_id)
        if seed is not None and commitment(seed) != expected:
            raise BoardcoreError(f"{target}: that seed does not match the game's seed commitment")
        chosen = next((r.event.policy for r in records[1:3] if isinstance(r.event, UndoPolicySet)), None)
        if chosen not in (None, "free", "own"):
            raise CorruptStream(f"unknown undo policy {chosen!r}", where=str(target), seq=1)
        session = cls(rules, store, stream_id, seed=seed, rng=rng,
                      undo_policy=undo_policy or chosen or default_policy(first.seats),
                      checkpoint_every=checkpoint_every)
        session._absorb(records, where=str(target))
        session._probe(str(target), records if getattr(store, "one_record_per_line", False) else None)
        return session

    def _probe(self, where: str, per_line: Sequence[Recorded] | None = None) -> None:
        """Ask the loaded position what play will ask of it: a record that is hash-valid but leads
        somewhere the rules cannot continue from is refused now, not at the next command; and so
        is one whose last write stopped inside a decision. `per_line`: the records, when they were
        written one per line (format 1), where a write can stop at a line's end and look whole."""
        try:
            cut = self._cut_inside_decision(per_line) if per_line is not None else self._stuck()
            if self.outcome is None:
                self.rules.legal_actions(self.state)
        except Exception as exc:  # noqa: BLE001 - any failure here means the record is impossible
            raise CorruptStream(f"the recorded history leads to a position the rules cannot play on "
                                f"({type(exc).__name__}: {exc})", where=where, seq=self._head - 1) from None
        if cut:
            raise CorruptStream("the record ends inside a decision: its last write was cut short; "
                                "`boardcore repair` removes that write", where=where, seq=self._head)

    def _stuck(self) -> bool:
        """Neither over nor waiting on anyone: no whole decision leaves a game so, so a record that
        does stops inside one (a format-1 write cut at the end of a line, each record being a line)."""
        return self.outcome is None and not self.rules.to_act(self.state)

    def _cut_inside_decision(self, records: Sequence[Recorded]) -> bool:
        """Whether the last write of these records, loaded, stopped inside its decision. A write cut at
        a line's end leaves whole lines only, and may leave someone to act: so the last decision is
        decided again where it stands (with the seed's dice; the record is whole only if it holds every
        fact that follows, and the seed's reveal when that decision ended the game). Where its chance
        cannot be drawn again (no seed), a whole decision still leaves the game over or someone to act
        (`_stuck`). A decision that re-decides to other facts is not cut: it is `audit`'s to explain."""
        start = next((i for i in range(len(records) - 1, 0, -1)
                      if isinstance(records[i].event, Decision | Undone | Redone | BranchedFrom)), 0)
        if not isinstance(records[start].event, Decision):
            return self._stuck()      # the setup, or markers: each such write is one line, or whole
        recorded = [r.event for r in records[start:]]
        live = self.history.live
        index = len(live) - sum(1 for e in recorded if not isinstance(e, MARKERS))   # where it stands
        try:
            unfolding = self.rules.unfold(self._fold_to(index), recorded[0], self._rng_at(index), trusted=True)
        except SeedUnavailable:
            return self._stuck()
        expected = unfolding.events
        if self.seed is not None and self.rules.outcome(unfolding.state) is not None:
            expected = [*expected, SeedRevealed(seed=self.seed)]
        return len(recorded) < len(expected) and recorded == expected[:len(recorded)] or self._stuck()

    def save(self, path: str | Any, *, overwrite: bool = False) -> None:
        """Write the whole stream (markers and undone events included) to a replay file, with the
        seed, unless already revealed, in a private file beside it.

        An existing file is replaced only with `overwrite=True`, and only when it holds a prefix of
        this stream (an older copy of this game): never a file another writer has moved on."""
        target = JsonlFile(path)
        records = self.records()
        if target.path.exists() or target.path.is_symlink():
            if not overwrite:
                raise StreamExists(f"{target.path} exists; pass overwrite=True to update it (nothing was written)")
            target.replace(records)
            return
        target.create(JsonlFile.STREAM, records, None if self.revealed else self.seed)

    # -- reading ---------------------------------------------------------
    @property
    def position(self) -> int:
        """How many events are in effect: the last position `boardcore replay` prints (the next
        decision will be printed at `position + 1`)."""
        return len(self._history.live) + len(self._tail)

    @property
    def history(self) -> History:
        """The records in effect and those undone (`boardcore.stream.records.History`). The events of plain
        decisions are kept as a tail until someone asks, then made into records in one go: a
        simulation that never looks back never builds them."""
        tail = self._tail
        if tail:  # (only stores that seal lazily have a tail: their records' hashes are the store's)
            start = self._tail_start
            self._history.live.extend(map(Recorded, range(start, start + len(tail)), tail, repeat("")))
            tail.clear()
        return self._history

    @property
    def revision(self) -> int:
        """How many records the stream holds: it grows with every change (a decision, an undo, a
        redo), so a cache of anything derived from the state can be keyed on it. (The state object
        itself may be the same one, changed in place.)"""
        return self._head

    @property
    def seats(self) -> tuple[str, ...]:
        """Who sits at each seat, in player order: "human" or a bot's policy ("greedy"…); () when
        the game was created without seats (every player then counts as a person)."""
        return self.created.seats if self.created else ()

    @property
    def players(self) -> int:
        """How many players the game is for (from its config)."""
        return int(self.config.players)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (scores, winners, whether it was cut short), or None while it goes on.
        Asked after every decision, so it is kept until the state changes."""
        known = self._outcome
        if known is None:
            known = self._outcome = (self.rules.outcome(self.state),)
        return known[0]

    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now, numbered from 1: several in a simultaneous step (each
        answers with their own `legal_actions(player)`), () once the game is over."""
        known = self._outcome
        if (self.outcome if known is None else known[0]) is not None:
            return ()
        return tuple(self.rules.to_act(self.state))

    @property
    def status(self) -> str:
        """One line: who is to act, or how the game ended."""
        return status_line(self.rules, self.state, self.outcome)

    @property
    def head(self) -> Receipt:
        """The receipt of the stream as it stands (see `Receipt`)."""
        return Receipt(self.position, self._hash_at(self._head - 1))

    def _hash_at(self, seq: int) -> str:
        """The chain hash of record `seq`: from the store when it seals lazily (the history then
        holds the events only)."""
        if self._lazy:
            return self.store.read(self.stream_id, seq, seq + 1)[0].hash
        return self._last_hash if seq == self._head - 1 else self.store.read(self.stream_id, seq, seq + 1)[0].hash

    def legal_actions(self, player: int | None = None) -> list[Decision]:
        """The decisions that may be taken now, by `player` or by anyone to act ([] once the game
        is over). Each is the very event `apply` records; its text form (`rules.format_action`)
        is what `boardcore act` reads, its words for people `rules.describe`. An action taken
        from this list is known legal, so `apply` does not check it again."""
        actions = self._legal
        if actions is None:
            known = self._outcome
            if (self.outcome if known is None else known[0]) is not None:
                return []
            actions = self._legal = self.rules.legal_actions(self.state)
        return list(actions) if player is None else [a for a in actions if a.player == player]

    def unoffered(self, player: int) -> list[Unoffered]:
        """What the rules hold back from `player` now, with why (`Rules.unoffered`, from their view);
        nothing when they are not asked."""
        if player not in self.to_act:
            return []
        return self.rules.unoffered(self.rules.view(self.state, player), player)

    def view(self, player: int | None = None) -> Any:
        """The state as `player` may see it (None: a spectator): others' hands, deck orders and
        secret choices are replaced, so an agent or a screen given only this cannot cheat."""
        return self.rules.view(self.state, player)

    def render(self, player: int | None = None, *, markup: bool = False, width: int = 100) -> str:
        """The game's text picture of the position as `player` may see it (None: a spectator).

        Plain text by default, wrapped to `width` columns (continuations indented) so it prints
        anywhere; `markup=True` keeps the rich console markup (`[bold]…[/bold]`) the terminal shows
        in colour."""
        from boardcore.text import board_rows   # rich, loaded only when a picture is asked for

        rows = board_rows(self.rules.render(self.state, player), width)
        return "\n".join(row.markup if markup else row.plain for row in rows)

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
        """A fresh state at `position`, from the nearest checkpoint (see `boardcore.session.checkpoints`)."""
        return self._checkpoints.fold_to(position, self.history.live)

    def boundaries(self) -> list[int]:
        """Positions between whole decisions: where a decision lands, and the end."""
        live = self.history.live
        return [p for p in range(1, len(live)) if isinstance(live[p].event, Decision)] + [len(live)]

    # -- deciding ---------------------------------------------------------
    def apply(self, action: Decision | str) -> list[Event]:
        """Decide, then append the decision with its facts in one write (with the seed's reveal
        when it ends the game), then keep the state the facts led to.

        An illegal action raises IllegalAction (naming its rule) and changes nothing; so does a
        write that fails (WriteFailed). Text is read with the game's parser. Returns the events."""
        if isinstance(action, str):
            action = self.rules.parse_action(self.state, action)
        legal = self._legal          # known only while the game goes on
        if legal is None and self.outcome is not None:
            raise IllegalAction("the game is over", rule=getattr(self.rules, "over_rule", None))
        trusted = legal is not None and action in legal
        rules = self.rules
        # Decided on the session's own state (no copy): if anything fails from here on (the rules,
        # or the write), the state is rebuilt from the nearest checkpoint, so nothing changes.
        try:
            position = len(self._history.live) + len(self._tail)
            derive = self._derive       # `_rng_at`'s usual case, spelled out
            rng = derive[1](position) if derive is not None and self.rng is None and derive[0] == self.seed \
                else self._rng_at(position)
            unfolding = rules.unfold(self.state, action, rng, trusted=trusted, in_place=True)
            events, after = unfolding.events, unfolding.state
            outcome = rules.outcome(after)
            if outcome is None and self._lazy and not self._history.undone:
                # the usual case, `_commit`'s path for a plain decision in memory, spelled out
                head = self._head
                self.store.append_events(self.stream_id, head, events)
                if not self._tail:
                    self._tail_start = head
                self._tail.extend(events)
                self.state, self._legal, self._outcome, self._head = after, None, (None,), head + len(events)
                return events
            reveal = outcome is not None and self.seed is not None and not self.revealed
            self._commit([*events, SeedRevealed(seed=self.seed)] if reveal else events, after, outcome,
                         markers=reveal)
        except BaseException:
            self.state = self._fold_to(self.position)
            self._legal = self._outcome = None
            raise
        return events

    def _rng_at(self, position: int) -> Rng:
        derive = self._derive
        if derive is not None and self.rng is None and derive[0] == self.seed:
            return derive[1](position)
        if self.rng is not None:
            return self.rng
        if self.seed is None:
            return NoRng()
        self._derive = (self.seed, Rng.deriver(self.seed))
        return self._derive[1](position)

    # -- undo, redo, branch ------------------------------------------------
    def undo(self, n: int = 1, by: int | None = None) -> None:
        """Step back `n` whole decisions; each appends an `Undone` marker.

        Under the `own` policy every undo is someone's: `by`, which may be left out only when a
        single seat is a person's (the others bots); otherwise an undo naming no one is refused,
        since anyone could then take back anyone's decision. That player may undo their own
        decisions and the bots' replies to them, never another person's, and never back past a
        fact that showed chance or hidden information."""
        if n < 1:
            raise UndoRefused("undo needs n >= 1")
        live = self.history.live
        # from the end, so a long history is not scanned (and no more than it holds: n may be huge)
        cuts = list(islice(decision_starts(live), min(n, len(live))))
        if not cuts:
            raise UndoRefused("nothing left to undo")
        if len(cuts) < n:
            raise UndoRefused(f"only {len(cuts)} decisions can be undone")
        if by is None and self.undo_policy == "own":
            people = [p for p in range(1, self.players + 1) if not self._is_bot(p)]
            if len(people) != 1:
                raise UndoRefused("under the undo policy 'own' each person undoes only their own decisions: say "
                                  "whose undo this is (`--as P`, or `by=P` in Python)")
            by = people[0]
        end = len(live)
        for cut in cuts:
            self._check_undo(live[cut:end], by)
            end = cut
        self._commit([Undone(to=cut, by=by) for cut in cuts], self._fold_to(cuts[-1]))

    def _is_bot(self, player: int) -> bool:
        seats = self.seats
        return bool(seats) and 0 < player <= len(seats) and seats[player - 1] != "human"

    def _check_undo(self, group: list[Recorded], by: int | None) -> None:
        check_undo(group, by, self.undo_policy, self.revealed, self._is_bot)

    def redo(self, by: int | None = None) -> None:
        """Restore the most recently undone decision, with its facts exactly as they were, by
        appending a `Redone` marker. Possible only while nothing new has been decided since the
        undo (a new decision clears what could be redone); UndoRefused otherwise. `by` is who asks."""
        if not self.history.undone:
            raise UndoRefused("nothing to redo")
        state = self.rules.copy(self.state)
        for rec in self.history.undone[-1]:
            state = self.rules.evolve(state, rec.event)
        self._commit([Redone(by=by)], state)

    def branch(self, at: int | None = None, *, store: Store | None = None, stream_id: str | None = None,
               rng: Rng | None = None, same_dice: bool = False) -> Session:
        """A new session on a new stream holding this game's first `at` effective events (default:
        all of them), so it starts just before the decision that `boardcore replay` prints at
        position `at + 1`: `boardcore branch --at N` calls `branch(N - 1)`. `at` must be one of
        `boundaries()`, never inside a decision's facts.

        Record 0 is the same `GameCreated` (so every reader finds the game there), record 1 is
        `BranchedFrom`. A branch of a game in progress plays on with a fresh seed of its own, so it
        cannot show anyone the real game's next dice; it keeps this game's seed when that is public
        already (revealed), or when asked (`same_dice=True`, for a `free` game only)."""
        live = self.history.live
        at = len(live) if at is None else at
        if at not in self.boundaries():
            near = [p for p in self.boundaries() if abs(p - at) <= 10]
            raise BoardcoreError(f"cannot branch at {at}: a branch starts between whole decisions; "
                                 f"try one of {', '.join(map(str, near or self.boundaries()[-5:]))}")
        if same_dice and self.undo_policy != "free":
            raise UndoRefused("a branch with the same dice would show players what is to come: only in a "
                              "'free' game (undo policy)")
        keep = self.revealed or (same_dice and self.seed is not None)
        seed = self.seed if keep else new_seed()
        child = Session(self.rules, store or MemoryStore(), stream_id or new_stream_id(self.rules),
                        seed=seed, rng=rng, undo_policy=self.undo_policy, checkpoint_every=self.checkpoint_every)
        marker = BranchedFrom(parent=self.stream_id, at=at, parent_hash=self._hash_at(live[at - 1].seq),
                              seed_commitment="" if keep else commitment(seed))
        policy = policy_marker(self.undo_policy, self.seats)
        child._create([live[0].event, marker, *policy, *(r.event for r in live[1:at])], seed)
        return child

    # -- the one place records enter a session ----------------------------
    def summary(self) -> Summary:
        """What `boardcore list` shows of this game now."""
        return Summary(self.rules.name, self.players, self.seats, self.status, int(time.time()))

    def _summary(self, state: Any, outcome: Outcome | None) -> Summary | None:
        """What a store that lists games keeps with each commit (None for the other stores)."""
        if not self._summaries:
            return None
        return Summary(self.rules.name, self.players, self.seats, status_line(self.rules, state, outcome),
                       int(time.time()))

    def _create(self, events: Sequence[Event], seed: str | None, start: tuple[Any, Any] | None = None) -> None:
        """Write a new stream (with its seed) and load it; a store that lists games gets its
        summary, for which the position after setup is folded once more. `start`: the config and
        the initial state `GameCreated` stands for, when the caller has them (a new game)."""
        if self._lazy and not self._summaries:   # in memory: hashed when first read, like every append
            self.store.create_events(self.stream_id, events, seed)
            self._absorb(list(map(Recorded, range(len(events)), events, repeat(""))), start)
            return
        records = chain(GENESIS, 0, events)
        summary = None
        if self._summaries:
            probe = Session(self.rules, MemoryStore(), self.stream_id, checkpoint_every=0)
            probe._absorb(records)
            summary = probe.summary()
        self.store.create(self.stream_id, records, seed, summary)
        self._absorb(records, start)

    def _commit(self, events: Sequence[Event], state: Any, outcome: Any = False, markers: bool = True) -> None:
        """Append `events`, which lead to `state` (whose `outcome` the caller may know already;
        `markers=False` when they are one decision and its facts); only once the store has them
        durably is the session moved on, so a failed write leaves its history as it was."""
        if outcome is False:
            outcome = self.rules.outcome(state)
        head = self._head
        if self._lazy:
            self.store.append_events(self.stream_id, head, events)
        else:
            records = chain(self._last_hash, head, events)
            self.store.append(self.stream_id, head, records, self._summary(state, outcome))
            self._last_hash = records[-1].hash
        if self._lazy and not self._history.undone and _only_reveals(events):
            # a game's last decision with its seed's reveal, in memory: the marker goes in no history
            # list (it only sets `revealed`), so the decision joins the tail like any other
            self._keep(head, events[:-1])
            self.revealed = True
        elif markers or self._history.undone:
            history = self.history
            for rec in (records if not self._lazy else map(Recorded, range(head, head + len(events)), events,
                                                             repeat(""))):
                kind = history.add(rec)
                if kind == "undo":
                    self._checkpoints.forget_after(len(history.live))
                elif kind == "marker" and isinstance(rec.event, SeedRevealed):
                    self.revealed = True
        elif self._lazy:  # the usual case: a decision and its facts; their records are made if asked
            self._keep(head, events)
        else:
            self._history.live.extend(records)
        self.state = state
        self._legal = None
        self._outcome = (outcome,)
        self._head = head + len(events)

    def _keep(self, head: int, events: Sequence[Event]) -> None:
        """Events committed from seq `head` on, kept as the tail (see `history`)."""
        if not self._tail:
            self._tail_start = head
        self._tail.extend(events)

    def _absorb(self, records: Sequence[Recorded], start_with: tuple[Any, Any] | None = None,
                where: str | None = None) -> None:
        """Load records already stored: history, state and checkpoints, in one lazy fold (events
        are only evolved at the end, or when an undo cuts into what was already folded)."""
        history = self.history
        live = history.live
        folded = 0
        start = 0
        if self.created is None and records:
            self._begin(records[0], start_with)
            folded = len(live)
            start = 1
        if len(records) > 1 and isinstance(records[1].event, BranchedFrom):
            self.branched = records[1].event
        plain = 0   # records that only add to the history, taken in runs (the usual case)
        for i in range(start, len(records)):
            if isinstance(records[i].event, MARKERS) or history.undone:
                if plain < i:
                    live.extend(records[max(plain, start):i])
                plain = i + 1
                kind = history.add(records[i])
                if kind == "undo" and len(live) < folded:
                    self._checkpoints.forget_after(len(live))
                    folded = len(live)
                    self.state = self._fold_to(folded)
                elif kind == "marker" and isinstance(records[i].event, SeedRevealed):
                    self.revealed = True
        live.extend(records[max(plain, start):])
        self._advance(folded, len(live), where)
        if records:
            self._head = records[-1].seq + 1
            self._last_hash = records[-1].hash

    def _advance(self, start: int, stop: int, where: str | None = None) -> None:
        """Fold the live events `start:stop` into the state. An event the rules cannot apply is a
        damaged (or forged) record, and so is a decision that was not legal where it stands (one
        re-sealed into the chain, say): both are refused with their seq and position, so nothing
        the rules could not have produced reaches a screen. Decisions are only checked, not
        re-decided (re-deciding their facts is `audit`'s): `check_legal` asks who is to act and
        the game's legal actions, once per decision."""
        rules = self.rules
        evolve, check_legal, state, live = rules.evolve, rules.check_legal, self.state, self.history.live
        i = start
        try:
            for i in range(start, stop):
                event = live[i].event
                if isinstance(event, Decision):
                    check_legal(state, event)
                state = evolve(state, event)
        except IllegalAction:
            # not worded here: a decision may be a seat's secret, and this line goes to anyone
            raise CorruptStream(f"P{live[i].event.player}'s decision here was not legal where it stands, so the "
                                "record was changed (`boardcore audit` names the decision and the rule)",
                                where=where or self.stream_id, seq=live[i].seq, position=i + 1) from None
        except Exception as exc:  # noqa: BLE001 - evolve never fails on a valid stream
            raise CorruptStream(f"the rules cannot apply this event ({type(exc).__name__}: {exc})",
                                where=where or self.stream_id, seq=live[i].seq, position=i + 1) from None
        self.state = state
        self._legal = self._outcome = None

    def _begin(self, rec: Recorded, start_with: tuple[Any, Any] | None = None) -> None:
        """The position `GameCreated` stands for: its config and starting state, read from the
        record (or, for a game just made, `start_with`: the same two, not rebuilt)."""
        created = rec.event
        if not isinstance(created, GameCreated):
            raise CorruptStream("a stream must begin with GameCreated", seq=rec.seq)
        self.created = created
        if start_with is not None:
            self.config, self.state = start_with
        else:
            self._read_start(created)
        self.history.add(rec)
        self._checkpoints.start(self.state)

    def _read_start(self, created: GameCreated) -> None:
        try:
            self.config = msgspec.convert(created.config, self.rules.config_type)
            if created.start is not None:
                self.state = msgspec.convert(created.start, self.rules.state_type)
            else:
                self.rules.check_players(int(self.config.players))
                self.state = self.rules.initial(self.config)
        except (msgspec.ValidationError, BoardcoreError, TypeError, ValueError) as exc:
            raise CorruptStream(f"the game's config or starting position is not valid: {exc}", seq=0) from None


def _only_reveals(events: Sequence[Event]) -> bool:
    """Events ending with the seed's reveal and holding no other marker (undo, redo, branch…)."""
    return bool(events) and isinstance(events[-1], SeedRevealed) and \
        not any(isinstance(e, MARKERS) for e in events[:-1])

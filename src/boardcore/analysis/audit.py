"""Audit: prove a saved game intact, legal and fairly diced.

The steps run in order and stop at the first failure, which is reported with where it is (the
file line or the record's seq; for a decision, its position as `boardcore replay` numbers it),
what the rules expected and what the stream holds:

1. well-formed: every line or row decodes strictly and is exactly as boardcore writes it;
2. header: a replay file's header agrees with its `GameCreated` (format 1: and with the data);
3. chain: every hash follows from the previous one;
4. history: undo and redo markers make sense;
5. rules: the game is installed with the same rules version and component data;
6. legality: each decision was legal where it stands;
7. facts: re-deciding each decision (and the setup) with the rng derived from the seed
   reproduces the recorded facts exactly;
8. fairness: the seed (revealed, given, or kept by its owner) matches the commitment, so step 7
   re-derived every random fact from it. A finished game whose seed nobody can supply fails: its
   dice could have been forged. A game in progress passes with chance "not yet provable";
9. head (with `--head POS:HASH`): the stream still holds exactly the history a receipt anchored,
   which a bare chain cannot show (cutting decisions off the end, or re-sealing another history,
   leaves a valid chain).

Nothing a stored byte can say raises anything but a failed step: the audit of a damaged or
forged file is a report, never a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import msgspec

from boardcore import games
from boardcore.game.errors import BoardcoreError, CorruptStream, IllegalAction, SeedUnavailable, UnknownGame
from boardcore.game.events import BranchedFrom, Decision, Event, GameCreated, SeedRevealed
from boardcore.game.rng import NoRng, Rng, commitment
from boardcore.game.rules import Outcome, Rules
from boardcore.stream.store import JsonlFile, Store, open_target
from boardcore.stream.records import Recorded, effective, verify


class Divergence(msgspec.Struct, frozen=True):
    """Where an audit failed. `position` is the event's number in `boardcore replay` (when the
    failure is at an event in effect); `seq` the record's place in the store; `line` a file line."""

    expected: str
    found: str
    position: int | None = None
    seq: int | None = None
    line: int | None = None

    @property
    def where(self) -> str:
        parts = [f"position {self.position}" if self.position is not None else None,
                 f"line {self.line}" if self.line is not None else None,
                 f"record {self.seq}" if self.seq is not None and self.position is None else None]
        return ", ".join(p for p in parts if p) or "the stream"


class Step(msgspec.Struct, frozen=True):
    name: str
    ok: bool
    detail: str = ""


class AuditReport(msgspec.Struct):
    target: str
    ok: bool = True
    game: str = ""
    steps: list[Step] = msgspec.field(default_factory=list)
    divergence: Divergence | None = None
    outcome: Outcome | None = None
    unproven_chance: int = 0
    head: str = ""

    def passed(self, name: str, detail: str = "") -> None:
        self.steps.append(Step(name, True, detail))

    def failed(self, name: str, detail: str, divergence: Divergence | None = None) -> AuditReport:
        self.ok = False
        self.steps.append(Step(name, False, detail))
        self.divergence = divergence
        return self


def _text(event: Event | None) -> str:
    return "nothing" if event is None else msgspec.json.encode(event).decode()


def parse_head(text: str) -> tuple[int, str]:
    """`POS:HASH` (a receipt as `boardcore head` prints it; the hash may be shortened to 12+ digits)."""
    pos, sep, digest = text.partition(":")
    digest = digest.strip().lower()
    if not sep or not pos.strip().isdigit() or len(digest) < 12 or any(c not in "0123456789abcdef" for c in digest):
        raise BoardcoreError(f"--head {text!r}: expected POS:HASH as `boardcore head` prints it "
                             "(the hash at least 12 hex digits)")
    return int(pos), digest


def audit(target: str, *, seed: str | int | None = None, store: Store | None = None,
          stream_id: str | None = None, head: str | None = None, data: str | os.PathLike | None = None) -> AuditReport:
    """Run every step on one saved game (see the module docstring). `head` is a kept receipt; `data`
    the component data folder the game was played with, when not the game's own."""
    report = AuditReport(target=str(target))
    anchor = parse_head(head) if head is not None else None
    if store is None:
        store, stream_id = open_target(target)
    try:
        records = store.read(stream_id, strict=True)
    except CorruptStream as exc:
        return report.failed("well-formed", str(exc), Divergence("a valid record", exc.reason, seq=exc.seq,
                                                                 line=exc.line))
    except UnknownGame as exc:
        return report.failed("well-formed", str(exc), Divergence("an installed game", str(exc), seq=0,
                                                                 line=1 if isinstance(store, JsonlFile) else None))
    if not records or not isinstance(records[0].event, GameCreated):
        return report.failed("well-formed", "the stream does not begin with GameCreated",
                             Divergence("GameCreated", "something else", seq=0))
    created: GameCreated = records[0].event
    report.game = created.game
    try:
        live, broken = effective(records), None
    except CorruptStream as exc:   # reported at its own step, after the chain's
        live, broken = [], exc
    report.head = f"{'?' if broken else len(live)}:{records[-1].hash}"
    report.passed("well-formed", f"{len(records)} records")

    try:
        rules = games.get(created.game, data)
    except BoardcoreError as exc:
        return report.failed("rules", str(exc))
    if isinstance(store, JsonlFile):
        header = store.header()
        if header.data_sha256 is not None and header.data_id == rules.data_id \
                and header.data_sha256 != rules.data_sha256:
            return report.failed("header", "the header's data_sha256 is not that of the data it names",
                                 Divergence(rules.data_sha256, header.data_sha256, line=1))
        report.passed("header", f"replay format {header.version}")

    try:
        verify(records)
    except CorruptStream as exc:
        return report.failed("chain", exc.reason, Divergence("an unbroken hash chain", exc.reason, seq=exc.seq))
    report.passed("chain", f"last hash {records[-1].hash[:16]}…")

    if broken:
        return report.failed("history", broken.reason, Divergence("consistent undo/redo", broken.reason,
                                                                  seq=broken.seq))
    report.passed("history", f"{len(live)} events in effect")

    if created.rules_version != rules.version:
        return report.failed("rules", f"recorded with {created.game} rules {created.rules_version}, but "
                             f"{rules.version} is installed: it cannot be proven under other rules",
                             Divergence(rules.version, created.rules_version, position=1))
    if created.data_id != rules.data_id:
        return report.failed("rules", f"played with component data {created.data_id}, but {rules.data_id} "
                             "is installed", Divergence(rules.data_id, created.data_id, position=1))
    report.passed("rules", f"{created.game} rules {rules.version}, data {rules.data_id}")

    branch = records[1].event if len(records) > 1 and isinstance(records[1].event, BranchedFrom) else None
    own_commitment = branch.seed_commitment if branch and branch.seed_commitment else created.seed_commitment
    revealed = next((r for r in records if isinstance(r.event, SeedRevealed)), None)
    kept = None if seed is not None or revealed else store.seed(stream_id)
    source = "given" if seed is not None else "revealed" if revealed else "kept by the owner" if kept else ""
    seed = str(seed) if seed is not None else revealed.event.seed if revealed else kept
    if seed is not None and commitment(seed) != own_commitment:
        return report.failed("fairness", f"the {source} seed does not match the seed commitment",
                             Divergence(own_commitment, commitment(seed), seq=revealed.seq if revealed else 0))
    copied = 0
    if branch:
        copied = branch.at if branch.seed_commitment else 0
        report.passed("branch", f"branched from {branch.parent} at position {branch.at} "
                      f"(parent hash {branch.parent_hash[:16]}…)"
                      + (f"; positions up to {branch.at} were played with the parent's seed: the parent's "
                         "audit proves their chance" if copied else ""))

    try:
        divergence, detail = _redecide(rules, live, seed, report, copied)
    except Exception as exc:  # noqa: BLE001 - a forged record may break the rules in any way
        return report.failed("legality", f"the rules cannot follow the record ({type(exc).__name__}: {exc})")
    if divergence:
        return report.failed(divergence[0], detail, divergence[1])
    report.passed("legality and facts", detail)
    if seed is not None:
        report.passed("fairness", f"every random fact re-derived from the committed seed ({source})")
    elif report.outcome is not None and report.unproven_chance:
        return report.failed("fairness", "the game is finished but its seed was never revealed (and none was "
                             f"given): the chance of {report.unproven_chance} decisions cannot be proven fair, "
                             "so it may have been forged; audit with --seed to prove it",
                             Divergence("SeedRevealed at the end of a finished game", "no seed", seq=records[-1].seq))
    else:
        report.passed("fairness", "chance not yet provable: the seed is revealed when the game ends "
                      f"({report.unproven_chance} decisions drew chance so far)")

    if anchor is not None:
        failure = _check_head(records, live, anchor)
        if failure:
            return report.failed("head", failure[0], failure[1])
        report.passed("head", f"the record holds the history of receipt {anchor[0]}:{anchor[1][:16]}…")
    return report


def _check_head(records: list[Recorded], live: list[Recorded], anchor: tuple[int, str]) -> tuple[str, Divergence] | None:
    """The receipt's record must still be in the stream, at the position the receipt says."""
    position, digest = anchor
    found = next((i for i, r in enumerate(records) if r.hash.startswith(digest)), None)
    if found is None:
        now = len(live)
        why = (f"the record ends at position {now}, before the receipt's {position}: decisions were cut off "
               "(or the history was rewritten)" if now < position else
               "no record has that hash: the history up to the receipt was rewritten")
        return why, Divergence(f"a record with hash {digest[:16]}…", "none", position=position)
    at = len(effective(records[:found + 1]))
    if at != position:
        return (f"the receipt's hash is at position {at}, not {position}",
                Divergence(f"position {position}", f"position {at}", seq=found))
    return None


def _redecide(rules: Rules, live: list[Recorded], seed: str | None, report: AuditReport,
              copied: int) -> tuple[tuple[str, Divergence] | None, str]:
    """Fold the history, re-deciding every group of events as it goes. Groups landing before
    `copied` were decided with a parent's seed, which this stream does not hold."""
    created: GameCreated = live[0].event
    config = msgspec.convert(created.config, rules.config_type)
    if created.start is not None:
        state = msgspec.convert(created.start, rules.state_type)
        expected_setup: list[Event] | None = []
    else:
        state = rules.initial(config)
        expected_setup = _attempt(lambda rng: rules.setup(rules.copy(state), rng),
                                  seed if not copied else None, 1)
    (_, setup), *decisions = _groups(live)
    if expected_setup is None:
        report.unproven_chance += not copied
    else:
        diff = _compare(expected_setup, setup[1:], 2)
        if diff:
            return ("facts", diff), "the setup differs from what the rules deal with this seed"
    evolve = rules.evolve
    for rec in setup[1:]:
        state = evolve(state, rec.event)
    for index, group in decisions:
        decision = group[0].event
        position = index + 1
        try:
            rules.check_legal(state, decision)
        except IllegalAction as exc:
            return ("legality", Divergence("a legal decision", f"{_text(decision)}: {exc}", position=position,
                                           seq=group[0].seq)), str(exc)
        inherited = index < copied
        expected = _attempt(lambda rng: rules.unfold(state, decision, rng, trusted=True).events,
                            None if inherited else seed, index)
        if expected is None:
            report.unproven_chance += not inherited
        else:
            diff = _compare(expected, group, position)
            if diff:
                return ("facts", diff), "re-deciding did not reproduce the recorded facts"
        for rec in group:
            state = evolve(state, rec.event)
    report.outcome = rules.outcome(state)
    if report.outcome is None and not rules.to_act(state):
        # A whole decision always leaves the game over or someone to decide. A record that leaves neither
        # ends inside a decision's facts: a format-1 write cut at a line's end (each record was a line)
        # where re-deciding could not tell, its chance not being provable before the seed is revealed.
        last = live[-1]
        return ("facts", Divergence("the facts that end the last decision", f"nothing after {_text(last.event)}",
                                    position=len(live) + 1, seq=last.seq + 1)), \
            "the record ends inside a decision: the game is not over and no one is to act"
    result = ("game in progress" if report.outcome is None
              else f"result {list(report.outcome.scores)}, winners {list(report.outcome.winners)}")
    return None, f"{len(decisions)} decisions re-decided; {result}"


def _attempt(run: Callable, seed: str | None, position: int) -> list[Event] | None:
    """Run a decide/setup with the derived rng; None when it needs a seed we lack."""
    try:
        return run(NoRng() if seed is None else Rng.derive(seed, position))
    except SeedUnavailable:
        return None


def _groups(live: list[Recorded]) -> list[tuple[int, list[Recorded]]]:
    """The history cut into setup (GameCreated and its facts) and one group per decision, each
    with its index in the live history (the position its rng is derived for)."""
    groups: list[tuple[int, list[Recorded]]] = [(0, [live[0]])]
    for index, rec in enumerate(live[1:], 1):
        if isinstance(rec.event, Decision):
            groups.append((index, [rec]))
        else:
            groups[-1][1].append(rec)
    return groups


def _compare(expected: list[Event], recorded: list[Recorded], position: int) -> Divergence | None:
    for i in range(max(len(expected), len(recorded))):
        want = expected[i] if i < len(expected) else None
        have = recorded[i].event if i < len(recorded) else None
        if want != have:
            seq = recorded[i].seq if i < len(recorded) else recorded[-1].seq + 1
            return Divergence(_text(want), _text(have), position=position + i, seq=seq)
    return None


def targets(specs: list[str]) -> list[str]:
    """What `audit` was asked for, one saved game each: a replay file, `db:ID`, a folder (every
    `*.jsonl` below it, in order), or `db:all` (every game in the database)."""
    from pathlib import Path

    from boardcore.stream.store import DB_PREFIX, open_database

    out: list[str] = []
    for spec in specs:
        if spec == f"{DB_PREFIX}all":
            db = open_database(create=False)
            found = [f"{DB_PREFIX}{stream_id}" for stream_id in sorted(db.streams())]
            if not found:   # as for an empty folder: auditing nothing proves nothing
                raise BoardcoreError(f"{spec}: no games in {db.describe}")
            out += found
        elif not spec.startswith(DB_PREFIX) and Path(spec).is_dir():
            found = sorted(str(p) for p in Path(spec).rglob("*.jsonl"))
            if not found:
                raise BoardcoreError(f"{spec}: a folder with no replay files (*.jsonl) in it")
            out += found
        else:
            out.append(spec)
    return out


def _audit_one(data: str | None, target: str) -> AuditReport:
    """One game of a batch: a file or a game that cannot even be opened fails its audit, it does not
    stop the others."""
    try:
        return audit(target, data=data)
    except BoardcoreError as exc:
        return AuditReport(target=target).failed("well-formed", str(exc))


def audit_many(specs: list[str], *, workers: int | None = 1, ray: str | None = None,
               progress: Callable[[int], None] | None = None,
               data: str | os.PathLike | None = None) -> list[AuditReport]:
    """Audit many saved games (see `targets`) on `workers` processes (None: every core) or Ray;
    the reports come back in the order of the games."""
    from boardcore.agents.execute import run

    return run(_audit_one, None if data is None else str(data), targets(specs), workers=workers, ray=ray,
               progress=progress)

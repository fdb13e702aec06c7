"""Audit: prove a saved game is intact, legal and fairly diced.

The steps run in order and stop at the first failure, which is reported with
the record's seq, what the rules expected and what the stream holds:

1. well-formed: every line or row decodes (the store reports line and reason);
2. header: a replay file's header agrees with its `GameCreated`;
3. chain: every hash follows from the previous one;
4. history: undo and redo markers make sense;
5. legality: each decision was legal where it stands;
6. facts: re-deciding each decision (and the setup) with the rng derived from
   the seed reproduces the recorded facts exactly;
7. fairness: a revealed (or given) seed matches the commitment, so step 6
   re-derived every random fact from it;
8. result: the final state's outcome.

Without the seed, decisions that drew chance cannot be re-derived: step 6 checks
the rest and the report says how many were left unproven.
"""

from __future__ import annotations

import msgspec

from boardcore import games
from boardcore.errors import CorruptStream, IllegalAction, SeedUnavailable
from boardcore.events import BranchedFrom, Decision, Event, GameCreated, SeedRevealed
from boardcore.rng import NoRng, Rng, commitment
from boardcore.rules import Outcome, Rules
from boardcore.store import JsonlFile, Store, open_target
from boardcore.stream import Recorded, effective, verify


class Divergence(msgspec.Struct, frozen=True):
    seq: int
    expected: str
    found: str


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

    def passed(self, name: str, detail: str = "") -> None:
        self.steps.append(Step(name, True, detail))

    def failed(self, name: str, detail: str, divergence: Divergence | None = None) -> AuditReport:
        self.ok = False
        self.steps.append(Step(name, False, detail))
        self.divergence = divergence
        return self


def _text(event: Event | None) -> str:
    return "nothing" if event is None else msgspec.json.encode(event).decode()


def audit(target: str, *, seed: str | int | None = None, store: Store | None = None,
          stream_id: str | None = None) -> AuditReport:
    report = AuditReport(target=str(target))
    if store is None:
        store, stream_id = open_target(target)
    try:
        records = store.read(stream_id)
    except CorruptStream as exc:
        return report.failed("well-formed", str(exc),
                             Divergence(exc.seq if exc.seq is not None else -1, "a valid record", exc.reason))
    if not records or not isinstance(records[0].event, GameCreated):
        return report.failed("well-formed", "the stream does not begin with GameCreated")
    created: GameCreated = records[0].event
    report.game = created.game
    report.passed("well-formed", f"{len(records)} records")

    if isinstance(store, JsonlFile):
        header = store.header()
        mismatch = [f for f in ("game", "rules_version", "data_id", "config", "seed_commitment")
                    if getattr(header, f) != getattr(created, f)]
        if mismatch:
            return report.failed("header", f"header disagrees with GameCreated on {', '.join(mismatch)}",
                                 Divergence(0, "header equal to GameCreated", ", ".join(mismatch)))
        report.passed("header")

    try:
        verify(records)
    except CorruptStream as exc:
        return report.failed("chain", exc.reason, Divergence(exc.seq, "an unbroken hash chain", exc.reason))
    report.passed("chain", f"last hash {records[-1].hash[:16]}…")

    try:
        live = effective(records)
    except CorruptStream as exc:
        return report.failed("history", exc.reason, Divergence(exc.seq, "consistent undo/redo", exc.reason))
    report.passed("history", f"{len(live)} events in effect")

    rules = games.get(created.game)
    if created.rules_version != rules.version:
        report.passed("rules", f"recorded with {created.game} {created.rules_version}, "
                      f"checked with {rules.version}")

    revealed = next((r.event.seed for r in records if isinstance(r.event, SeedRevealed)), None)
    source = "given" if seed is not None else "revealed" if revealed else "kept by the owner"
    seed = str(seed) if seed is not None else revealed or store.seed(stream_id)
    if seed is not None and commitment(seed) != created.seed_commitment:
        where = next((r.seq for r in records if isinstance(r.event, SeedRevealed)), 0)
        return report.failed("fairness", "the seed does not match the seed commitment",
                             Divergence(where, created.seed_commitment, commitment(seed)))
    branch = next((r.event for r in records if isinstance(r.event, BranchedFrom)), None)
    if branch:
        report.passed("branch", f"branched from {branch.parent} at {branch.at}")

    divergence, detail = _redecide(rules, live, seed, report)
    if divergence:
        return report.failed(divergence[0], detail, divergence[1])
    report.passed("legality and facts", detail)
    if seed is not None:
        report.passed("fairness", f"every random fact re-derived from the committed seed ({source})")
    else:
        report.passed("fairness", "seed not revealed: chance not proven "
                      f"({report.unproven_chance} decisions drew chance)")
    return report


def _redecide(rules: Rules, live: list[Recorded], seed: str | None,
              report: AuditReport) -> tuple[tuple[str, Divergence] | None, str]:
    """Fold the history, re-deciding every group of events as it goes."""
    created: GameCreated = live[0].event
    config = msgspec.convert(created.config, rules.config_type)
    if created.start is not None:
        state = msgspec.convert(created.start, rules.state_type)
        expected_setup: list[Event] | None = []
    else:
        state = rules.initial(config)
        expected_setup = _attempt(lambda rng: rules.setup(rules.copy(state), rng), seed, 1)
    (_, setup), *decisions = _groups(live)
    if expected_setup is None:
        report.unproven_chance += 1
    else:
        diff = _compare(expected_setup, setup[1:])
        if diff:
            return ("facts", diff), "the setup differs from what the rules deal with this seed"
    evolve = rules.evolve
    for rec in setup[1:]:
        state = evolve(state, rec.event)
    for position, group in decisions:
        decision = group[0].event
        try:
            expected = _attempt(lambda rng: rules.decide(state, decision, rng), seed, position,
                                legal_only=lambda: decision in rules.legal_actions(state))
        except IllegalAction as exc:
            return ("legality", Divergence(group[0].seq, "a legal decision", f"{_text(decision)}: {exc}")), str(exc)
        if expected is None:
            report.unproven_chance += 1
        else:
            diff = _compare(expected, group)
            if diff:
                return ("facts", diff), "re-deciding did not reproduce the recorded facts"
        for rec in group:
            state = evolve(state, rec.event)
    report.outcome = rules.outcome(state)
    result = ("game in progress" if report.outcome is None
              else f"result {list(report.outcome.scores)}, winners {list(report.outcome.winners)}")
    return None, f"{len(decisions)} decisions re-decided; {result}"


def _attempt(run, seed: str | None, position: int, legal_only=None) -> list[Event] | None:
    """Run a decide/setup with the derived rng; None when it needs a seed we lack."""
    try:
        return run(NoRng() if seed is None else Rng.derive(seed, position))
    except SeedUnavailable:
        if legal_only is not None and not legal_only():
            raise IllegalAction("not among the legal actions") from None
        return None


def _groups(live: list[Recorded]) -> list[tuple[int, list[Recorded]]]:
    """The history cut into setup (GameCreated and its facts) and one group per
    decision, each with the position where it landed."""
    groups: list[tuple[int, list[Recorded]]] = [(0, [live[0]])]
    for position, rec in enumerate(live[1:], 1):
        if isinstance(rec.event, Decision):
            groups.append((position, [rec]))
        else:
            groups[-1][1].append(rec)
    return groups


def _compare(expected: list[Event], recorded: list[Recorded]) -> Divergence | None:
    for i in range(max(len(expected), len(recorded))):
        want = expected[i] if i < len(expected) else None
        have = recorded[i].event if i < len(recorded) else None
        if want != have:
            seq = recorded[i].seq if i < len(recorded) else recorded[-1].seq + 1
            return Divergence(seq, _text(want), _text(have))
    return None

"""Repairing a replay file a crash cut short.

The store removes a torn last write by itself, but an old format-1 file (one record a line) can be cut
exactly between two lines of a decision's write, and then only the game's rules can tell that the last
decision is unfinished. The store knows no rules, so the question is asked here, a layer above it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from boardcore.game.events import BranchedFrom, GameCreated
from boardcore.game.rng import commitment
from boardcore.session.session import Session, _rules
from boardcore.stream.records import Recorded
from boardcore.stream.store import MemoryStore, Repaired
from boardcore.stream.store.jsonl import repair as repair_jsonl


def repair(path: str | os.PathLike, *, data: str | os.PathLike | None = None) -> Repaired | None:
    """Remove a torn last write from the replay file `path`, whole, and nothing else; None when the file
    was whole (see `boardcore.stream.store.jsonl.repair`). `data` is the component data folder the game
    was played with, when not the game's own. What `boardcore repair` runs."""
    return repair_jsonl(path, inside_decision=lambda records, seed: ends_inside_decision(records, data, seed))


def ends_inside_decision(records: Sequence[Recorded], data: Any = None, seed: str | None = None) -> bool:
    """Whether the last write of `records`, written one per line (format 1), stopped inside its decision
    (see `Session._cut_inside_decision`; `seed` is the game's, if kept): what `repair` asks of a file's
    whole lines. False where it cannot tell (other rules or data, a record the rules cannot fold)."""
    created = records[0].event if records else None
    if not isinstance(created, GameCreated):
        return False
    rules = _rules(created.game, data)
    if (created.rules_version, created.data_id) != (rules.version, rules.data_id):
        return False
    branched = records[1].event if len(records) > 1 and isinstance(records[1].event, BranchedFrom) else None
    expected = branched.seed_commitment if branched and branched.seed_commitment else created.seed_commitment
    session = Session(rules, MemoryStore(), "repair", seed=seed if seed and commitment(seed) == expected else None)
    try:
        session._absorb(records)
        return session._cut_inside_decision(records)
    except Exception:  # noqa: BLE001 - a record the rules cannot fold is the audit's to explain
        return False

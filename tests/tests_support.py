"""Small helpers the tests share."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import msgspec

from boardcore.agents.policies import RandomAgent
from boardcore.game.events import Decision, SeedRevealed
from boardcore.agents.play import run_bots
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.stream.records import GENESIS, Recorded, chain


def tool(name: str) -> ModuleType:
    """The script `tools/NAME.py` as a module (the tools are scripts, not a package)."""
    path = Path(__file__).resolve().parent.parent / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def finished_game(rules, path: Path | None = None, seed: int = 0, players: int = 2, **options) -> Path | Session:
    """A complete random bot game, in a replay file when `path` is given."""
    store = JsonlFile(path) if path is not None else None
    s = Session.new(rules, players=players, seed=seed, store=store, **options)
    run_bots(s, {p: RandomAgent(rules) for p in range(1, players + 1)}, seed=seed)
    assert s.outcome is not None
    return path if path is not None else s


def race_to_apply(db_path: str, stream_id: str, barrier, results) -> None:
    """One of two processes taking the same turn at the same moment."""
    import toygame  # noqa: F401  (registers the game in this process)
    from boardcore.game.errors import StreamConflict
    from boardcore.stream.store.database import DatabaseStore

    store = DatabaseStore.sqlite(db_path)
    s = Session.load(stream_id, store=store)
    action = s.legal_actions(1)[0]
    barrier.wait()
    try:
        s.apply(action)
        results.put("applied")
    except StreamConflict:
        results.put("conflict")


def rewrite(path: Path, events) -> None:
    """Replace a replay file by one holding `events` under a freshly computed (valid) hash chain:
    a forgery that only re-deciding, the seed, or a kept receipt can catch."""
    path.unlink(missing_ok=True)
    JsonlFile(path).create(JsonlFile.STREAM, chain(GENESIS, 0, events), None)


def one_line_error(code: int, err: str) -> None:
    """A refusal as the CLI promises it: exit 2 and one line on stderr, never a traceback."""
    assert code == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err


def format_1(records: list[Recorded], created) -> bytes:
    """A replay file as format 1 wrote it: a header with data_sha256, one timed record per line."""
    class V1Header(msgspec.Struct):
        format: str
        version: int
        game: str
        rules_version: str
        data_id: str
        data_sha256: str
        config: dict
        seed_commitment: str

    header = V1Header("boardcore-replay", 1, created.game, created.rules_version, created.data_id, "",
                      created.config, created.seed_commitment)

    class V1Record(msgspec.Struct):
        seq: int
        event: object
        hash: str
        at: int = 0

    lines = [msgspec.json.encode(header)] + [msgspec.json.encode(V1Record(r.seq, r.event, r.hash, 1_700_000_000))
                                             for r in records]
    return b"\n".join(lines) + b"\n"


def cut_at_a_line_end(records: list[Recorded]) -> tuple[int, int]:
    """Where a format-1 write can stop at a line's end inside a decision: (the decision's index, the
    cut), with two of its facts kept."""
    decision = next(i for i, r in enumerate(records) if isinstance(r.event, Decision) and i + 2 < len(records)
                    and not isinstance(records[i + 1].event, Decision | SeedRevealed)
                    and not isinstance(records[i + 2].event, Decision | SeedRevealed))
    return decision, decision + 2

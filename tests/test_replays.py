"""Every saved game in replays/ must pass `boardcore audit` (made by tools/regen_replays.py)."""

from pathlib import Path

import pytest

from boardcore.analysis.audit import audit

REPLAYS = sorted((Path(__file__).resolve().parent.parent / "replays").glob("*/*.jsonl"))


@pytest.mark.parametrize("path", REPLAYS, ids=[f"{p.parent.name}/{p.name}" for p in REPLAYS])
def test_saved_game_audits_clean(path):
    report = audit(str(path))
    assert report.ok, [s for s in report.steps if not s.ok]
    assert report.outcome is not None and report.unproven_chance == 0

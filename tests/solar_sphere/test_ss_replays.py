"""Saved games: bot games save, reload and audit clean; the lead's replays/solar_sphere/*.jsonl
(made by tools/regen_replays.py) are audited when present."""

from __future__ import annotations

from pathlib import Path

import pytest
from ss_helpers import RULES

from boardcore.agents.policies import RandomAgent
from boardcore.analysis.audit import audit
from boardcore.agents.play import run_bots
from boardcore.session.session import Session

REPLAYS = Path(__file__).resolve().parents[2] / "replays" / "solar_sphere"


@pytest.mark.parametrize("players,level", [(4, 3), (1, 3)])
def test_bot_game_audits_and_loads_again(tmp_path, players, level):
    session = Session.new(RULES, players=players, level=level, seed=21)
    run_bots(session, {p: RandomAgent(RULES) for p in range(1, players + 1)}, seed=21)
    assert session.outcome is not None
    path = tmp_path / "game.jsonl"
    session.save(path)
    report = audit(str(path))
    assert report.ok, report.steps
    again = Session.load(str(path))
    assert again.state == session.state


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.jsonl")) if REPLAYS.is_dir() else [], ids=lambda p: p.name)
def test_saved_replays_audit(path):
    report = audit(str(path))
    assert report.ok, report.steps

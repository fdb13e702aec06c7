"""Saved bot games audit clean: the ones in replays/apogee/ (when the lead has generated them) and
fresh ones for 2, 3 and 5 players and two Solo Missions."""

from __future__ import annotations

from pathlib import Path

import pytest
from boardcore.agents.policies import GreedyAgent, RandomAgent
from boardcore.analysis.audit import audit
from boardcore.agents.play import run_bots
from boardcore.session.session import Session

import apogee

R = apogee.RULES
REPLAYS = Path(__file__).resolve().parents[2] / "replays" / "apogee"


@pytest.mark.parametrize("players,mission", [(2, 1), (3, 3), (5, 2), (1, 1), (1, 3)])
@pytest.mark.rule("AP-INV-25", "AP-GEN-02")
def test_bot_game_saves_and_audits(players, mission, tmp_path):
    sess = Session.new(R, players=players, mission=mission, seed=f"replay-{players}-{mission}", max_turns=4)
    bots = {p: (GreedyAgent(R) if p == 1 else RandomAgent(R)) for p in range(1, players + 1)}
    run_bots(sess, bots, seed=1)
    assert sess.outcome is not None
    path = tmp_path / "game.jsonl"
    sess.save(path)
    report = audit(str(path), seed=sess.seed)
    assert report.ok, report


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.jsonl")) if REPLAYS.is_dir() else [], ids=str)
def test_saved_replays_audit(path):
    report = audit(str(path))
    assert report.ok, report

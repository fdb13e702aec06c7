"""Audit: each step catches what it is for, and points at the first divergence."""

from __future__ import annotations

import msgspec
import pytest

from boardcore.analysis.audit import audit
from boardcore.game.events import SeedRevealed
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile, MemoryStore
from tests_support import finished_game, rewrite
from toygame import DieRolled, Hold


def events_of(path):
    return [r.event for r in JsonlFile(path).read()]


def test_a_finished_game_passes_every_step(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    report = audit(str(path))
    assert report.ok
    assert [s.name for s in report.steps] == ["well-formed", "header", "chain", "history", "rules",
                                             "legality and facts", "fairness"]
    assert "revealed" in report.steps[-1].detail
    assert report.outcome is not None


def test_a_changed_die_with_a_rebuilt_chain_is_caught_by_re_deciding(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    events = events_of(path)
    i = next(i for i, e in enumerate(events) if isinstance(e, DieRolled))
    forged = 6 if events[i].value != 6 else 5
    events[i] = DieRolled(value=forged)
    rewrite(path, events)
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name == "facts"
    assert report.divergence.seq == i
    assert f'"value":{forged}' in report.divergence.found
    assert report.divergence.expected != report.divergence.found


def test_an_illegal_decision_is_caught_where_it_stands(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    events = events_of(path)
    i = next(i for i, e in enumerate(events) if type(e).__name__ == "Roll")
    events = events[:i] + [Hold(player=events[i].player)]  # holding on a running total of 0 (TOY-03)
    rewrite(path, events)
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name == "legality"
    assert report.divergence.seq == i and "TOY-03" in report.divergence.found


def test_a_wrong_seed_fails_fairness(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    events = [SeedRevealed(seed="4") if isinstance(e, SeedRevealed) else e for e in events_of(path)]
    rewrite(path, events)
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name == "fairness"


def test_without_any_seed_chance_is_reported_unproven(toy, tmp_path):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=3, store=JsonlFile(path))
    for p in (1, 2):
        s.apply(s.legal_actions(p)[0])
    s.apply(s.legal_actions()[0])  # a roll
    (tmp_path / "g.jsonl.seed").unlink()
    report = audit(str(path))
    assert report.ok and report.unproven_chance == 2  # the setup deal and the roll
    assert "not yet provable" in report.steps[-1].detail
    assert audit(str(path), seed=3).unproven_chance == 0


def test_a_header_that_disagrees_with_the_stream_is_caught(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    lines = path.read_bytes().split(b"\n")
    header = msgspec.json.decode(lines[0])
    header["config"]["target"] = 99
    lines[0] = msgspec.json.encode(header)
    path.write_bytes(b"\n".join(lines))
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name == "well-formed"
    assert "line 1" in report.steps[-1].detail and "config" in report.steps[-1].detail


def test_a_torn_file_fails_well_formed_with_its_line(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    n = path.read_bytes().count(b"\n")
    with open(path, "ab") as fh:
        fh.write(b'{"seq"')
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name == "well-formed"
    assert f"line {n + 1}" in report.steps[-1].detail


def test_branches_and_undone_decisions_audit_clean(toy):
    store = MemoryStore()
    s = finished_game(toy, seed=5)
    s.revealed = False
    s.undo(2)
    b = s.branch(at=s.boundaries()[3], store=store, stream_id="b")
    b.apply(b.legal_actions()[0])
    for session, sid in ((s, s.stream_id), (b, "b")):
        report = audit(sid, store=session.store, stream_id=sid)
        assert report.ok, report.steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_audit_clean_for_every_player_count(toy, tmp_path, players):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=players, players=players, rounds=2)
    assert audit(str(path)).ok

"""The undo policy chosen at the table is part of the hashed record (`UndoPolicySet`), survives a
reload and a branch, and changes nothing for games that keep the default."""

from __future__ import annotations

import pytest

from boardcore.analysis.audit import audit
from boardcore.game.errors import BoardcoreError, UndoRefused
from boardcore.game.events import UndoPolicySet
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile

HOT_SEAT = ("human", "human")


def markers(path) -> list[tuple[int, str]]:
    return [(r.seq, r.event.policy) for r in JsonlFile(path).read() if isinstance(r.event, UndoPolicySet)]


def test_the_default_policy_writes_no_marker(tmp_path, toy):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=1, seats=HOT_SEAT, store=JsonlFile(path), undo_policy="own")
    assert s.undo_policy == "own" and markers(path) == []


def test_a_chosen_policy_is_recorded_after_game_created_and_honoured_on_load(tmp_path, toy):
    path = tmp_path / "g.jsonl"
    created = Session.new(toy, players=2, seed=1, seats=HOT_SEAT, store=JsonlFile(path), undo_policy="free")
    assert markers(path) == [(1, "free")]
    loaded = Session.load(path)
    assert loaded.undo_policy == "free" and loaded.position == created.position
    assert audit(str(path)).ok


def test_free_lets_one_person_undo_another_s_decision_where_own_refuses(tmp_path, toy):
    for policy, allowed in (("free", True), ("own", False)):
        path = tmp_path / f"{policy}.jsonl"
        s = Session.new(toy, players=2, seed=2, seats=HOT_SEAT, store=JsonlFile(path), undo_policy=policy)
        s.apply(s.legal_actions(1)[0])      # P1 picks a card in the simultaneous step
        s = Session.load(path)
        if allowed:
            s.undo(by=2)
            assert Session.load(path).position == s.position
        else:
            with pytest.raises(UndoRefused, match="P2 may not undo P1's decision"):
                s.undo(by=2)


def test_a_branch_keeps_the_chosen_policy(tmp_path, toy):
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=3, seats=HOT_SEAT, store=JsonlFile(path), undo_policy="free")
    s.apply(s.legal_actions(1)[0])
    child_path = tmp_path / "b.jsonl"
    s.branch(s.boundaries()[-1], store=JsonlFile(child_path))
    assert markers(child_path) == [(2, "free")]       # after GameCreated and BranchedFrom
    assert Session.load(child_path).undo_policy == "free" and audit(str(child_path)).ok


def test_an_unknown_policy_is_refused(toy):
    with pytest.raises(BoardcoreError, match="free or own"):
        Session.new(toy, players=2, seed=1, undo_policy="anything")


def test_the_command_line_undo_under_own_asks_whose_it_is(tmp_path, toy, run):
    """`undo FILE` named no one and took back P1's decision for whoever typed it (marker by=1)."""
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=2, seats=HOT_SEAT, store=JsonlFile(path))
    s.apply(s.legal_actions(1)[0])
    code, _, err = run("undo", path)
    assert code == 2 and "--as P" in err and Session.load(path).position == s.position, err
    code, out, err = run("undo", path, "--as", "1")
    assert code == 0 and JsonlFile(path).read()[-1].event.by == 1, err

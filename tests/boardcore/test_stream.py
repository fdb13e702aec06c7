"""The hash chain: one byte changed anywhere is caught, and located."""

from __future__ import annotations

import msgspec
import pytest

from boardcore.analysis.audit import audit
from boardcore.game.errors import CorruptStream
from boardcore.game.events import Redone, Undone
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.stream.records import GENESIS, Recorded, chain, effective, verify
from tests_support import finished_game


def test_chain_links_every_record_to_the_previous(toy):
    s = Session.new(toy, players=2, seed=1)
    recs = s.records()
    verify(recs)
    assert recs[0].hash != GENESIS and len({r.hash for r in recs}) == len(recs)
    assert chain(GENESIS, 0, [r.event for r in recs]) == [Recorded(r.seq, r.event, r.hash) for r in recs]


def test_every_single_byte_change_in_any_record_is_caught_and_located(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=2)
    lines = path.read_bytes().split(b"\n")
    assert audit(str(path)).ok
    for line_no in range(2, len(lines)):  # every record line
        line = lines[line_no - 1]
        if not line:
            continue
        # change one digit or letter inside the event (not the hash) to another valid value
        start = line.index(b'"event"')
        end = line.index(b'"hash"')
        for i in range(start + 8, end):
            ch = line[i:i + 1]
            if ch.isdigit():
                new = b"0" if ch != b"0" else b"1"
            elif ch.isalpha() and ch.islower():
                new = b"x" if ch != b"x" else b"y"
            else:
                continue
            tampered = line[:i] + new + line[i + 1:]
            try:
                msgspec.json.decode(tampered)
            except msgspec.DecodeError:
                continue
            path.write_bytes(b"\n".join(lines[:line_no - 1] + [tampered] + lines[line_no:]))
            report = audit(str(path))
            assert not report.ok
            assert report.divergence is not None
            if report.steps[-1].name == "chain":
                assert report.divergence.seq == line_no - 2  # located at the changed record
            else:  # the change made the record unreadable: reported with its line
                assert report.steps[-1].name == "well-formed"
            break
    path.write_bytes(b"\n".join(lines))
    assert audit(str(path)).ok


def test_a_changed_hash_is_caught(toy):
    s = Session.new(toy, players=2, seed=1)
    recs = s.records()
    bad = recs[:2] + [Recorded(recs[2].seq, recs[2].event, "f" * 64)] + recs[3:]
    with pytest.raises(CorruptStream) as err:
        verify(bad)
    assert err.value.seq == 2


def test_effective_history_skips_undone_and_keeps_redone(toy):
    s = Session.new(toy, players=2, seed=1)
    base = s.position
    s.apply(s.legal_actions(1)[0])
    s.apply(s.legal_actions(2)[0])
    s.undo(2)
    s.redo()
    recs = s.records()
    assert sum(isinstance(r.event, Undone) for r in recs) == 2
    assert isinstance(recs[-1].event, Redone)
    live = effective(recs)
    assert len(live) == base + 1 and live[-1].event.player == 1


def test_inconsistent_markers_are_reported(toy):
    s = Session.new(toy, players=2, seed=1)
    recs = s.records()
    with pytest.raises(CorruptStream, match="redo with nothing undone"):
        effective(recs + chain(recs[-1].hash, len(recs), [Redone()]))
    with pytest.raises(CorruptStream, match="undo to 99"):
        effective(recs + chain(recs[-1].hash, len(recs), [Undone(to=99)]))


def test_jsonl_file_lines_are_decision_groups_after_a_header(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    header, *body = path.read_text().splitlines()
    assert msgspec.json.decode(header)["format"] == "boardcore-replay"
    groups = [msgspec.json.decode(line) for line in body]
    seqs = [r["seq"] for g in groups for r in g]
    assert seqs == list(range(len(seqs)))
    assert groups[0][0]["event"]["type"] == "game_created"
    decisions = {"card_picked", "roll", "hold"}
    assert all(g[0]["event"]["type"] in decisions for g in groups[1:])           # one decision a line,
    assert all(r["event"]["type"] not in decisions for g in groups for r in g[1:])  # with its facts
    assert JsonlFile(path).head() == len(seqs)

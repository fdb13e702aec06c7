"""The record keeps its promises (ARCHITECTURE.md, Stores): atomic decisions, every byte covered,
anchored audits, private seeds. Tried the way an unlucky or a hostile user would: short writes at
every byte, killed writers, edits of every byte, forgeries that recompute the chain, races."""

from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import msgspec
import pytest

from boardcore.analysis.audit import audit
from boardcore.game.errors import BoardcoreError, TornWrite, WriteFailed
from boardcore.game.events import Decision, SeedRevealed
from boardcore.session.session import Session
from boardcore.session.repair import repair
from boardcore.stream.store import JsonlFile, MemoryStore
from boardcore.stream.store.database import DatabaseStore
from boardcore.stream.records import GENESIS, Recorded, chain
from tests_support import cut_at_a_line_end, finished_game, format_1, rewrite
from toygame import DieRolled

ROOT = Path(__file__).resolve().parents[2]


def in_child(fn) -> int:
    """Run `fn` in a forked child and return its exit code (the child's limits stay its own)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            code = fn()
        except BaseException:  # noqa: BLE001
            code = 99
        os._exit(code or 0)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


# -- 1. a decision is atomic ---------------------------------------------------------------
def test_a_short_write_at_any_byte_keeps_nothing_and_says_so(toy, tmp_path):
    """A file-size limit (a full disk behaves alike) cuts the write at every byte of a decision:
    the decision is never acknowledged, the file is put back, the game plays on and audits."""
    path = tmp_path / "g.jsonl"
    s = Session.new(toy, players=2, seed=9, store=JsonlFile(path))
    s.apply(s.legal_actions(1)[0])
    before = path.read_bytes()
    action = s.legal_actions(2)[0]
    probe = Session.new(toy, players=2, seed=9)
    probe.apply(probe.legal_actions(1)[0])
    probe.apply(action)
    group = len(msgspec.json.encode(probe.records()[len(Session.load(path).records()):])) + 1
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)

    def cut_at(k: int):
        def child():
            resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + k, hard))
            try:
                Session.load(path).apply(action)
            except WriteFailed:
                return 7
            return 0
        return child

    for k in range(group):
        assert in_child(cut_at(k)) == 7, f"a write cut after {k} bytes was acknowledged"
        assert path.read_bytes() == before, f"a write cut after {k} bytes left {k} bytes behind"
    s = Session.load(path)
    s.apply(action)                       # and with room again, the same decision goes through
    assert audit(str(path)).ok


def test_killed_writers_lose_no_acknowledged_decision(tmp_path):
    """A writer killed at random moments: every decision it reported done is in the file; what
    is not is at most one torn write, which repair removes whole; the game then audits clean."""
    script = textwrap.dedent("""
        import sys
        from boardcore.session.session import Session
        from boardcore.agents.policies import RandomAgent
        from boardcore.game.rng import Rng
        s = Session.load(sys.argv[1])
        bot = RandomAgent(s.rules)
        while s.outcome is None:
            s.apply(bot.choose(None, s.legal_actions(s.to_act[0]), Rng.derive("kill", s.position)))
            print(s.head, flush=True)
    """)
    for attempt in range(6):
        path = tmp_path / f"g{attempt}.jsonl"
        Session.new("solar-sphere", players=2, seed=attempt, store=JsonlFile(path))
        proc = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True)
        first = proc.stdout.readline()            # it is writing: now kill it at some moment
        time.sleep(0.02 + 0.03 * attempt)
        proc.send_signal(signal.SIGKILL)
        acked = (first + proc.communicate()[0]).split()
        try:
            records = JsonlFile(path).read()
        except TornWrite:
            assert repair(path) is not None
            records = JsonlFile(path).read()
        hashes = {r.hash for r in records}
        assert acked and all(receipt.split(":")[1] in hashes for receipt in acked), "an acknowledged decision was lost"
        report = audit(str(path))
        assert report.ok, report.steps[-1]


def test_repair_removes_exactly_the_torn_group_and_refuses_other_files(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    whole = path.read_bytes()
    lines = whole.split(b"\n")
    for cut in (1, len(lines[-2]) // 2, len(lines[-2]) - 1):   # the last group, cut in three places
        path.write_bytes(b"\n".join(lines[:-2]) + b"\n" + lines[-2][:cut])
        removed = repair(path)
        assert removed.line == len(lines) - 1 and removed.bytes_removed == cut
        assert path.read_bytes() == b"\n".join(lines[:-2]) + b"\n"
        assert Session.load(path).legal_actions() or Session.load(path).outcome
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"keep\nlast")
    with pytest.raises(BoardcoreError, match="not a boardcore replay"):
        repair(notes)
    assert notes.read_bytes() == b"keep\nlast"


def test_a_reader_waits_for_a_write_under_way_instead_of_calling_it_torn(toy, tmp_path):
    """A write is not atomic to readers: one that reads mid-line used to report a torn write (the
    rare failure of four writers on one file). Now it waits for the writer's lock and reads the whole
    line; a file truly cut off, with no writer, is still reported torn at once."""
    import fcntl
    import threading

    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    expected = len(JsonlFile(path).read())
    lines = path.read_bytes().split(b"\n")
    last = lines[-2]
    path.write_bytes(b"\n".join(lines[:-2]) + b"\n")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, last[:10])                        # a writer half-way through its line, lock held
    read: dict = {}
    reader = threading.Thread(target=lambda: read.update(records=len(JsonlFile(path).read())))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive(), "the reader did not wait for the writer"
    os.write(fd, last[10:] + b"\n")
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    reader.join(10)
    assert read == {"records": expected}
    path.write_bytes(b"\n".join(lines[:-2]) + b"\n" + last[:10])
    with pytest.raises(TornWrite):      # no writer holds the lock: the read takes it at once, never waits
        JsonlFile(path).read()


def test_format_1_files_still_read_audit_append_and_repair_by_group(toy, tmp_path):
    s = finished_game(toy, seed=4)
    records = s.records()
    path = tmp_path / "old.jsonl"
    path.write_bytes(format_1(records, records[0].event))
    assert audit(str(path)).ok
    assert Session.load(path).records() == [Recorded(r.seq, r.event, r.hash, 1_700_000_000) for r in records]
    # a format-1 write cut inside a decision's facts: its decision line goes too, nothing before it
    last = max(i for i, r in enumerate(records) if isinstance(r.event, Decision))
    facts_after = [i for i in range(last + 1, len(records)) if not isinstance(records[i].event, SeedRevealed)]
    if facts_after:
        data = format_1(records[:facts_after[0] + 1], records[0].event)
        lines = data.split(b"\n")
        path.write_bytes(b"\n".join(lines[:-2]) + b"\n" + lines[-2][:40])
        removed = repair(path)
        assert removed.records_removed == facts_after[0] - last
        assert len(JsonlFile(path).read()) == last


def test_a_format_1_write_cut_at_a_line_end_inside_a_decision_fails_its_audit(toy, tmp_path):
    """Format 1 wrote a decision's records as lines of their own: a write cut at the end of a line leaves
    a file that reads as whole. Where the cut decision drew chance, re-deciding it needs the seed, which a
    game in progress does not reveal; but a whole decision always leaves the game over or someone to act,
    so a record that leaves neither fails its audit, at the record that should have followed."""
    records = finished_game(toy, seed=4).records()
    _, cut = cut_at_a_line_end(records)
    path = tmp_path / "old.jsonl"
    path.write_bytes(format_1(records[:cut], records[0].event))
    report = audit(str(path))
    assert not report.ok
    assert "the record ends inside a decision" in report.steps[-1].detail
    assert report.divergence.seq == cut
    end = next(j for j in range(cut, len(records)) if isinstance(records[j].event, Decision))
    path.write_bytes(format_1(records[:end], records[0].event))        # that decision whole again
    assert audit(str(path)).ok


def test_a_format_1_write_cut_at_a_line_end_is_refused_on_opening_and_repaired_by_its_decision(toy, tmp_path):
    """Opening such a file says what is wrong and what mends it, rather than handing back a game that no
    one can move on; `repair` removes the unfinished decision's lines, and nothing before them."""
    records = finished_game(toy, seed=4).records()
    decision, cut = cut_at_a_line_end(records)
    path = tmp_path / "old.jsonl"
    path.write_bytes(format_1(records[:cut], records[0].event))
    with pytest.raises(BoardcoreError, match="ends inside a decision.*boardcore repair") as refused:
        Session.load(path)
    assert refused.value.seq == cut
    whole = format_1(records[:decision], records[0].event)
    removed = repair(path)
    assert (removed.torn, removed.records_removed, removed.records_left) == (False, cut - decision, decision)
    assert removed.bytes_removed == len(format_1(records[:cut], records[0].event)) - len(whole)
    assert path.read_bytes() == whole
    assert audit(str(path)).ok
    assert Session.load(path).to_act
    assert repair(path) is None and path.read_bytes() == whole     # a whole file is left as it is


def test_every_format_1_write_cut_inside_a_decision_is_refused_and_repaired_to_that_decision(toy, tmp_path):
    """A crash inside a format-1 decision's write, at every line of it: cut at a line's end (it went
    unnoticed where someone was still to act) or torn before the line's type tag (repair kept the
    decision with part of its facts, the audit then failed for good and `act` was accepted). Each is
    refused on opening and repaired back to that decision's start; a whole file never is."""
    records = finished_game(toy, seed=4).records()
    starts = [i for i, r in enumerate(records) if isinstance(r.event, Decision)]
    path, seed_file = tmp_path / "old.jsonl", tmp_path / "old.jsonl.seed"
    someone_to_act = 0
    for decision, end in zip(starts, [*starts[1:], len(records)]):
        for cut in range(decision + 1, end):
            for torn in (False, True):
                data = format_1(records[:cut + torn], records[0].event)
                if torn:    # the next record's line, cut before its type: '{"seq":N,"eve'
                    data = data[:data.rindex(b"\n", 0, len(data) - 1) + 1] + format_1(records[:cut + 1],
                                                                                   records[0].event).split(b"\n")[-2][:13]
                path.write_bytes(data)
                seed_file.write_text("4\n")
                with pytest.raises(BoardcoreError, match="ends inside a decision|cut off"):
                    Session.load(path)
                removed = repair(path)
                assert removed.records_left == decision and removed.torn == torn, (decision, cut, torn)
                assert path.read_bytes() == format_1(records[:decision], records[0].event)
                assert audit(str(path)).ok
                probe = Session(toy, MemoryStore(), "x")
                probe._absorb(records[:cut])
                someone_to_act += bool(probe.to_act) and not torn
    assert someone_to_act          # the cases no command noticed before are among them
    for whole in [*starts[1:], len(records)]:
        path.write_bytes(format_1(records[:whole], records[0].event))
        Session.load(path)
        assert repair(path) is None


# -- 2. every byte is covered -------------------------------------------------------------
def _variants(byte: int) -> list[int]:
    """Two other values for a byte: its neighbour and one that JSON reads differently."""
    other = byte ^ 0x01
    return [other, ord("0") if byte != ord("0") else ord("1")]


def test_every_byte_of_a_replay_file_is_covered(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3, rounds=1)
    whole = path.read_bytes()
    missed = []
    for i in range(len(whole)):
        for value in _variants(whole[i]):
            if value == whole[i]:
                continue
            path.write_bytes(whole[:i] + bytes([value]) + whole[i + 1:])
            report = audit(str(path))
            if report.ok:
                missed.append((i, whole[max(0, i - 20):i + 20]))
            elif report.divergence is not None:
                assert report.divergence.line or report.divergence.seq is not None or report.divergence.position
    path.write_bytes(whole)
    assert missed == [], f"{len(missed)} edits passed audit, e.g. {missed[:3]}"


def test_renamed_keys_unknown_fields_and_spaces_are_refused_with_their_line(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    whole = path.read_text()
    edits = [('"value":', '"valu":'),                                   # a renamed key
             ('"value":', '"value": '),                                 # a space
             ('"type":"die_rolled",', '"type":"die_rolled","extra":0,'),  # a field the event lacks
             ('"hash":', '"at":null,"hash":')]                          # a default spelled out
    for old, new in edits:
        path.write_text(whole.replace(old, new, 1))
        report = audit(str(path))
        assert not report.ok and report.steps[-1].name == "well-formed" and report.divergence.line, (old, new)


def test_every_byte_of_every_database_row_is_covered(toy, tmp_path):
    import sqlite3

    db_path = tmp_path / "db.sqlite"
    store = DatabaseStore.sqlite(db_path)
    s = finished_game(toy, seed=3, rounds=1)
    store.create("g", s.records(), None)
    conn = sqlite3.connect(db_path)
    rows = conn.execute("SELECT originator_version, state FROM stored_events WHERE originator_id='g'").fetchall()
    missed = 0
    for version, blob in rows:
        for i in range(0, len(blob), 3):
            for value in _variants(blob[i]):
                changed = blob[:i] + bytes([value]) + blob[i + 1:]
                conn.execute("UPDATE stored_events SET state=? WHERE originator_id='g' AND originator_version=?",
                             (changed, version))
                conn.commit()
                report = audit("db:g", store=DatabaseStore.sqlite(db_path), stream_id="g")
                missed += report.ok
                assert report.ok or report.divergence is None or report.divergence.seq is not None \
                    or report.divergence.position is not None
        conn.execute("UPDATE stored_events SET state=? WHERE originator_id='g' AND originator_version=?",
                     (blob, version))
        conn.commit()
    assert missed == 0
    assert audit("db:g", store=DatabaseStore.sqlite(db_path), stream_id="g").ok


# -- 3. audit passed means proven; 4. anchored heads --------------------------------------
def test_a_finished_game_without_its_seed_fails_and_forged_dice_cannot_hide(toy, tmp_path):
    path = finished_game(toy, tmp_path / "g.jsonl", seed=3)
    events = [r.event for r in JsonlFile(path).read() if not isinstance(r.event, SeedRevealed)]
    i = next(i for i, e in enumerate(events) if isinstance(e, DieRolled))
    events[i] = DieRolled(value=6 if events[i].value != 6 else 5)
    rewrite(path, events)
    (tmp_path / "g.jsonl.seed").unlink(missing_ok=True)
    report = audit(str(path))
    assert not report.ok and report.steps[-1].name in ("fairness", "facts")


def test_a_receipt_catches_truncation_and_a_rewritten_history(toy, tmp_path):
    s = finished_game(toy, seed=6)
    records = s.records()
    receipt = str(s.head)
    path = tmp_path / "g.jsonl"
    s.save(path)
    assert audit(str(path), head=receipt).ok
    decisions = [i for i, r in enumerate(records) if isinstance(r.event, Decision)]
    rewrite(path, [r.event for r in records[:decisions[-2]]])       # the last two decisions cut off
    report = audit(str(path), head=receipt)
    assert not report.ok and report.steps[-1].name == "head" and "cut off" in report.steps[-1].detail
    other = finished_game(toy, seed=7)                               # another history, re-sealed
    rewrite(path, [r.event for r in other.records()])
    report = audit(str(path), head=receipt)
    assert not report.ok and report.steps[-1].name in ("head", "fairness")


# -- 5. seeds stay secret and are never lost ------------------------------------------------
def test_two_creators_of_one_file_or_id_never_overwrite_each_other(tmp_path):
    target = tmp_path / "same.jsonl"
    db = tmp_path / "games.sqlite"
    env = {**os.environ, "BOARDCORE_DB": str(db)}
    for args in (["-o", str(target)], ["--id", "same"]):
        procs = [subprocess.Popen([sys.executable, "-m", "boardcore.cli", "new", "solar-sphere", "--players", "2",
                                   "--seed", str(k), *args], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for k in range(4)]
        results = [(p.wait(60), p.stderr.read()) for p in procs]
        assert sorted(code for code, _ in results) == [0, 2, 2, 2], results
        assert all("exists" in err for code, err in results if code)
        session = Session.load(str(target) if args[0] == "-o" else "db:same")   # loads: its own seed
        assert session.seed is not None


def test_a_database_and_every_seed_file_are_private(toy, tmp_path):
    db = tmp_path / "fresh" / "games.sqlite"
    DatabaseStore.sqlite(db)
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    path = tmp_path / "g.jsonl"
    Session.new(toy, players=2, seed=1, store=JsonlFile(path))
    seed_file = tmp_path / "g.jsonl.seed"
    assert stat.S_IMODE(seed_file.stat().st_mode) == 0o600
    os.chmod(seed_file, 0o644)                                       # made readable by someone
    Session.load(path)
    assert stat.S_IMODE(seed_file.stat().st_mode) == 0o600


def test_a_replay_file_and_the_folders_made_for_it_are_as_private_as_its_seed(toy, tmp_path):
    """A replay holds every hidden card: it was written 0644, and a folder `new -o DIR/g.jsonl` made
    was 0777 under umask 000."""
    path = tmp_path / "made" / "for" / "g.jsonl"
    old = os.umask(0)
    try:
        s = Session.new(toy, players=2, seed=1, store=JsonlFile(path))
    finally:
        os.umask(old)
    assert [stat.S_IMODE(p.stat().st_mode) for p in (path, path.parent, path.parent.parent)] == [0o600, 0o700, 0o700]
    os.chmod(path, 0o644)                               # as an older boardcore wrote it
    s.apply(s.legal_actions(1)[0])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_reader_s_output_holds_nothing_of_what_they_may_not_see(toy, tmp_path, run):
    """`replay --as P --json` printed a game begun from a position with that whole position (the
    other hands, the deck order); `show --as P` printed the receipt's hash, which the viewer withholds
    while anything is hidden (with it a reader could test guesses)."""
    table = Session.new(toy, players=2, seed=5)
    start = table.state
    path = tmp_path / "g.jsonl"
    s = Session.from_state(toy, start, config=table.config, seed=5, store=JsonlFile(path))
    code, out, _ = run("replay", path, "--as", "1", "--json")
    first = json.loads(out)[0]["event"]
    assert code == 0 and first["start"] == msgspec.to_builtins(toy.view(start, 1)) != msgspec.to_builtins(start)
    code, out, _ = run("show", path, "--as", "1")
    assert code == 0 and s.head.hash[:8] not in out and f"position {s.position}" in out


def test_save_never_drops_appends_another_writer_made(toy, tmp_path):
    path = tmp_path / "g.jsonl"
    mine = Session.new(toy, players=2, seed=2)                     # in memory, saved to a file
    mine.save(path)
    theirs = Session.load(path)
    theirs.apply(theirs.legal_actions(1)[0])                        # acknowledged, in the file
    with pytest.raises(BoardcoreError):
        mine.save(path, overwrite=True)
    assert Session.load(path).records() == theirs.records()


# -- 6. undo and branch cannot see the future (see also test_session.py) ---------------------
def test_a_branch_has_its_own_seed_and_audits(toy, tmp_path):
    s = Session.new(toy, players=2, seed=5)
    for p in (1, 2):
        s.apply(s.legal_actions(p)[0])
    b = s.branch(store=JsonlFile(tmp_path / "b.jsonl"), stream_id=JsonlFile.STREAM)
    while b.outcome is None:
        b.apply(b.legal_actions()[0])
    report = audit(str(tmp_path / "b.jsonl"))
    assert report.ok, report.steps
    assert any(step.name == "branch" and "parent's seed" in step.detail for step in report.steps)


# -- 7. hash-valid nonsense is refused with its place, never a traceback --------------------
def test_mutated_resealed_files_fail_only_as_boardcore_errors(toy, tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from boardcore.stream.records import Codec

    event_type = Codec.for_rules(toy).event_type
    raw = [msgspec.to_builtins(r.event) for r in finished_game(toy, seed=8).records()]

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.data())
    def mutate(data):
        events = [dict(e) for e in raw]
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, len(events) - 1))
            keys = [k for k in events[i] if k != "type"]
            if keys and data.draw(st.booleans()):
                key = data.draw(st.sampled_from(keys))
                events[i][key] = data.draw(st.one_of(st.integers(-3, 40), st.text(max_size=3),
                                                     st.lists(st.integers(-1, 12), max_size=4), st.none()))
            else:
                j = data.draw(st.integers(0, len(events) - 1))
                events[i], events[j] = events[j], events[i]
        try:
            decoded = [msgspec.convert(e, event_type) for e in events]
        except msgspec.ValidationError:
            return                                   # not even an event: the decoder refuses it
        path = tmp_path / "m.jsonl"
        path.unlink(missing_ok=True)
        try:
            JsonlFile(path).create(JsonlFile.STREAM, chain(GENESIS, 0, decoded), None)
        except ValueError:
            return                                   # record 0 is not GameCreated: never written
        for action in (lambda: audit(str(path)), lambda: Session.load(path).render(1),
                       lambda: Session.load(path).legal_actions()):
            try:
                action()
            except BoardcoreError:
                pass

    mutate()


def test_a_resealed_illegal_decision_is_refused_with_its_position_by_whatever_opens_it(tmp_path, run):
    """An Apogee Director kept who does not exist, the chain re-sealed: `Session.load` checks each
    decision is legal where it stands, so no command renders the impossible (show crashed, exit 3)."""
    s = Session.new("apogee", players=2, seed=1)
    s.apply(s.legal_actions(1)[0])
    s.apply(s.legal_actions(2)[0])
    events = [msgspec.structs.replace(r.event, director=1_000_000) if getattr(r.event, "director", None) is not None
              and isinstance(r.event, Decision) and r.event.player == 1 else r.event for r in s.records()]
    forged = tmp_path / "forged.jsonl"
    rewrite(forged, events)
    position = next(i for i, e in enumerate(events) if getattr(e, "director", None) == 1_000_000) + 1
    with pytest.raises(BoardcoreError, match=f"position {position}: P1's decision here was not legal"):
        Session.load(forged)
    for command in (["show"], ["show", "--as", "2"], ["legal"], ["replay"], ["head"], ["view", "-o", tmp_path / "v.html"]):
        code, _, err = run(command[0], forged, *command[1:])
        assert code == 2 and f"position {position}" in err and len(err.strip().splitlines()) == 1, (command, err)
    code, out, _ = run("audit", forged)
    assert code == 1 and f"position {position}" in out


def test_a_reader_never_sees_the_first_lines_of_a_write_under_way(toy, tmp_path):
    """Readers took the lock only when the file did not end in a newline: a format-1 decision's write,
    half done but at a line's end, was read as it stood (and a reader polling for the lock could be
    starved by writers taking turns). Now every read waits for the writer under a shared lock."""
    import fcntl
    import threading

    records = finished_game(toy, seed=4).records()
    decision, cut = cut_at_a_line_end(records)
    end = next(j for j in range(decision + 1, len(records)) if isinstance(records[j].event, Decision))
    path = tmp_path / "old.jsonl"
    path.write_bytes(format_1(records[:decision], records[0].event))
    group = format_1(records[:end], records[0].event)[len(path.read_bytes()):]
    first, rest = group.split(b"\n", 1)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, first + b"\n")                 # the decision's line, its facts still to come
    read: dict = {}
    reader = threading.Thread(target=lambda: read.update(records=len(JsonlFile(path).read())))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive(), "the reader took a write under way for the record"
    os.write(fd, rest)
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    reader.join(10)
    assert read == {"records": end}

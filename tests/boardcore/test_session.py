"""Session: new, apply, undo/redo (never deleting), branch, state_at, load/save."""

from __future__ import annotations

import msgspec
import pytest

from boardcore.game.errors import BoardcoreError, IllegalAction, SeedUnavailable, UndoRefused
from boardcore.game.events import BranchedFrom, GameCreated, Redone, SeedRevealed, Undone
from boardcore.agents.play import agent_rng
from boardcore.agents.policies import RandomAgent
from boardcore.game.rng import ScriptedRng, commitment
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile, MemoryStore
from boardcore.stream.records import effective, verify
from toygame import CardPicked, DieRolled, Hold, Roll, ToyPigState


def enc(state) -> bytes:
    return msgspec.json.encode(state)


def to_pig_phase(s: Session) -> None:
    """Both players pick their lowest card."""
    for p in (1, 2):
        s.apply(s.legal_actions(p)[0])


def play_to_end(s: Session, seed=0) -> None:
    bot = RandomAgent(s.rules)
    choose = agent_rng(seed)
    while s.outcome is None:
        p = s.to_act[0]
        s.apply(bot.choose(s.view(p), s.legal_actions(p), choose(s.position)))


def test_new_records_game_created_and_setup_in_one_write(toy):
    s = Session.new("toy-pig", players=2, seed=7)
    recs = s.records()
    assert isinstance(recs[0].event, GameCreated)
    assert recs[0].event.seed_commitment == commitment(7)
    assert "7" not in msgspec.json.encode(recs[0].event).decode().split("seed_commitment")[0]
    assert [r.seq for r in recs] == list(range(len(recs)))
    verify(recs)
    assert s.to_act == (1, 2)  # the simultaneous pick


def test_same_seed_same_stream_byte_for_byte(toy):
    a, b = Session.new(toy, players=3, seed=11), Session.new(toy, players=3, seed=11)
    play_to_end(a, 1), play_to_end(b, 1)
    assert [r.hash for r in a.records()] == [r.hash for r in b.records()]


def test_illegal_action_changes_nothing_and_names_the_rule(toy):
    s = Session.new(toy, players=2, seed=3)
    head, state = len(s.records()), enc(s.state)
    with pytest.raises(IllegalAction) as err:
        s.apply(CardPicked(player=1, card=99))
    assert err.value.rule == "TOY-02"
    assert len(s.records()) == head and enc(s.state) == state


def test_apply_accepts_the_text_form(toy):
    s = Session.new(toy, players=2, seed=3)
    card = s.state.hands[0][0]
    s.apply(f"P1 card_picked card={card}")
    assert s.state.picks[0] == card
    with pytest.raises(BoardcoreError, match="unknown action"):
        s.apply("fly_away")


def test_undo_and_redo_append_markers_and_never_delete(toy):
    s = Session.new(toy, players=2, seed=5)
    s.apply(s.legal_actions(1)[0])
    before_undo = enc(s.state)
    recs_before = s.records()
    s.undo()
    assert s.state.picks == [0, 0]
    recs = s.records()
    assert recs[:len(recs_before)] == recs_before  # nothing removed or rewritten
    assert isinstance(recs[-1].event, Undone)
    s.redo()
    assert enc(s.state) == before_undo
    assert isinstance(s.records()[-1].event, Redone)
    with pytest.raises(UndoRefused, match="nothing to redo"):
        s.redo()


def test_redo_is_lost_once_a_new_decision_is_taken(toy):
    s = Session.new(toy, players=2, seed=5)
    s.apply(s.legal_actions(1)[0])
    s.undo()
    s.apply(s.legal_actions(1)[-1])
    with pytest.raises(UndoRefused):
        s.redo()


def test_undo_meets_the_same_dice(toy):
    """ARCHITECTURE.md: the rng depends on the position, so undo cannot fish for rolls."""
    s = Session.new(toy, players=2, seed=9)
    to_pig_phase(s)
    first = s.apply(Roll(player=s.to_act[0]))
    s.undo()
    again = s.apply(Roll(player=s.to_act[0]))
    assert first == again


def test_undo_several_and_state_matches_a_fresh_fold(toy):
    s = Session.new(toy, players=2, seed=21, undo_policy="free")
    play_to_end(s, 2)
    n = sum(1 for r in effective(s.records()) if r.event.__class__.__name__ in ("CardPicked", "Roll", "Hold"))
    s.revealed = False  # analysis: allow undo after the end in this test
    s.undo(3)
    reloaded = Session.load(s.stream_id, store=s.store)
    assert enc(reloaded.state) == enc(s.state)
    assert reloaded.position == s.position and n > 3


def test_own_policy_refuses_other_players_and_revealed_chance(toy):
    s = Session.new(toy, players=2, seed=9, undo_policy="own")
    s.apply(s.legal_actions(1)[0])
    with pytest.raises(UndoRefused, match="P2 may not undo P1's decision"):
        s.undo(by=2)
    s.undo(by=1)
    to_pig_phase(s)  # the second pick reveals both cards
    with pytest.raises(UndoRefused, match="revealed"):
        s.undo(by=2)


def test_game_end_reveals_the_seed_and_then_undo_is_refused(toy):
    s = Session.new(toy, players=2, seed=13)
    play_to_end(s)
    assert isinstance(s.records()[-1].event, SeedRevealed)
    assert s.records()[-1].event.seed == "13"
    with pytest.raises(UndoRefused, match="branch instead"):
        s.undo()


def test_state_at_matches_a_fold_at_every_position(toy):
    s = Session.new(toy, players=4, rounds=2, seed=4, target=99)
    play_to_end(s, 4)
    s2 = Session.load(s.stream_id, store=s.store, checkpoint_every=0)
    for position in range(1, s.position + 1):
        assert enc(s.state_at(position)) == enc(s2.state_at(position))
    with pytest.raises(BoardcoreError):
        s.state_at(0)


def test_checkpoints_are_made_when_someone_first_looks_back():
    from boardcore.agents.policies import RandomAgent
    from boardcore.agents.play import run_bots

    s = Session.new("solar-sphere", players=2, seed=4)
    run_bots(s, {1: RandomAgent(s.rules), 2: RandomAgent(s.rules)}, seed=4)
    assert s._checkpoints.marks == [1]         # playing on made no copy
    far = s.position - 5
    looked = s.state_at(far)
    marks = s._checkpoints.marks
    assert marks == sorted(set(marks)) and set(marks) == set(s._checkpoints.states)
    assert all(b - a == 32 for a, b in zip(marks[1:], marks[2:])) and far - marks[-1] <= 32
    fresh = Session.load(s.stream_id, store=s.store, checkpoint_every=0)
    assert enc(looked) == enc(fresh._fold_to(far)) == enc(s.state_at(far))
    s.revealed = False                         # analysis: allow undo after the end in this test
    s.undo(40)                                 # an undo cuts the copies beyond it away
    assert all(m <= s.position for m in s._checkpoints.marks)


def test_branch_replays_standalone_and_meets_the_same_dice_only_when_asked(toy):
    s = Session.new(toy, players=2, seed=17)
    to_pig_phase(s)
    at = s.position
    rolled = s.apply(Roll(player=s.to_act[0]))
    b = s.branch(at=at, same_dice=True)
    recs = b.records()
    assert isinstance(recs[0].event, GameCreated) and isinstance(recs[1].event, BranchedFrom)
    assert recs[1].event.parent == s.stream_id and recs[1].event.at == at
    assert recs[1].event.seed_commitment == ""
    assert enc(b.state) == enc(s.state_at(at))
    assert b.apply(Roll(player=b.to_act[0])) == rolled
    verify(recs)
    with pytest.raises(BoardcoreError, match="between whole decisions"):
        s.branch(at=at + 1)  # between the roll and its die


def test_save_and_load_round_trip(toy, tmp_path):
    s = Session.new(toy, players=2, seed=23)
    to_pig_phase(s)
    path = tmp_path / "game.jsonl"
    s.save(path)
    loaded = Session.load(path)
    assert enc(loaded.state) == enc(s.state)
    assert [r.hash for r in loaded.records()] == [r.hash for r in s.records()]
    loaded.apply(Roll(player=loaded.to_act[0]))  # the seed was kept beside the file
    assert len(JsonlFile(path).read()) == len(s.records()) + 2


def test_without_the_seed_chance_is_refused_not_guessed(toy, tmp_path):
    s = Session.new(toy, players=2, seed=23, store=JsonlFile(tmp_path / "g.jsonl"))
    to_pig_phase(s)
    (tmp_path / "g.jsonl.seed").unlink()
    loaded = Session.load(tmp_path / "g.jsonl")
    with pytest.raises(SeedUnavailable):
        loaded.apply(Roll(player=loaded.to_act[0]))
    assert len(loaded.records()) == len(s.records())


def test_wrong_seed_is_refused(toy):
    s = Session.new(toy, players=2, seed=1)
    with pytest.raises(BoardcoreError, match="commitment"):
        Session.load(s.stream_id, store=s.store, seed=2)


@pytest.mark.parametrize("seed", ["", "  "])
def test_an_empty_seed_is_refused_and_nothing_is_written(toy, seed, tmp_path):
    """An empty seed (`--seed "$SEED"` with SEED unset) would make dice anyone can work out."""
    path = tmp_path / "g.jsonl"
    with pytest.raises(BoardcoreError, match="the seed is empty"):
        Session.new(toy, players=2, seed=seed, store=JsonlFile(path), stream_id=JsonlFile.STREAM)
    assert not path.exists()


def test_from_state_records_the_start_and_forces_dice(toy):
    state = ToyPigState(players=2, rounds=1, target=10, phase="pig", round=1, deck=[5, 6, 7, 8, 9],
                        hands=[[], []], picks=[0, 0], played=[3, 4], turn=2, turns_left=2, running=0,
                        scores=[0, 6])
    s = Session.from_state(toy, state, config=toy.make_config(players=2, rounds=1, target=10),
                           rng=ScriptedRng([4]))
    assert s.records()[0].event.start["scores"] == [0, 6]
    events = s.apply(Roll(player=2))
    assert events[1] == DieRolled(value=4)
    s.apply(Hold(player=2))
    assert s.outcome is not None and s.outcome.winners == (2,)
    assert s.outcome.scores == (0, 10)


def test_memory_store_is_the_default_and_conflicts_are_detected(toy):
    s = Session.new(toy, players=2, seed=1)
    assert isinstance(s.store, MemoryStore)
    other = Session.load(s.stream_id, store=s.store)
    other.apply(other.legal_actions(1)[0])
    from boardcore.game.errors import StreamConflict
    with pytest.raises(StreamConflict):
        s.apply(s.legal_actions(1)[0])


def test_a_branch_of_a_game_in_progress_cannot_foresee_its_dice(toy):
    """ARCHITECTURE.md: a branch gets a fresh seed unless the seed is public or the caller asks."""
    s = Session.new(toy, players=2, seed=17)
    to_pig_phase(s)
    at = s.position
    futures = set()
    for _ in range(6):
        b = s.branch(at=at)
        assert b.seed != s.seed and b.records()[1].event.seed_commitment
        for _ in range(4):   # four rolls of the branch: which of them the real game would roll
            b.apply(Roll(player=b.to_act[0])) if b.outcome is None and Roll(player=b.to_act[0]) in b.legal_actions() else None
        futures.add(tuple(r.event for r in b.records()[len(s.records()) - 1:]))
    assert len(futures) > 1
    with pytest.raises(UndoRefused, match="free"):
        Session.new(toy, players=2, seed=1, undo_policy="own").branch(same_dice=True)


def test_under_the_own_policy_an_undo_names_its_player_unless_one_seat_is_a_person_s(toy):
    """Naming no one, anyone could take back anyone's decision: refused with several people (it
    undid P1's pick for whoever asked); with one person among bots the undo is theirs."""
    s = Session.new(toy, players=2, seed=9, undo_policy="own")
    s.apply(s.legal_actions(1)[0])
    with pytest.raises(UndoRefused, match="say whose undo this is"):
        s.undo()
    s.undo(by=1)                              # P1 undoes P1's own pick
    assert s.records()[-1].event.by == 1      # and the record says who did
    s.apply(s.legal_actions(1)[0])
    s.apply(s.legal_actions(2)[0])            # P2's pick reveals both cards
    with pytest.raises(UndoRefused, match="revealed"):
        s.undo(by=2)
    solo = Session.new(toy, players=2, seed=9, undo_policy="own", seats=("random", "human"))
    solo.apply(solo.legal_actions(2)[0])
    solo.undo()
    assert solo.records()[-1].event.by == 2


def test_a_game_ended_in_memory_keeps_its_history_in_step_with_its_records(toy, tmp_path):
    """The last decision and its seed's reveal join the in-memory tail without the marker: the
    history made from it later has the stored records' seqs, and the session knows the seed is out."""
    s = Session.new(toy, players=2, seed=23)
    play_to_end(s, 3)
    assert s.outcome is not None and s.revealed
    records = s.records()
    assert isinstance(records[-1].event, SeedRevealed)
    live = s.history.live
    assert [(r.seq, r.event) for r in live] == [(r.seq, r.event) for r in effective(records)]
    on_file = Session.new(toy, players=2, seed=23, store=JsonlFile(tmp_path / "g.jsonl"),
                          stream_id=JsonlFile.STREAM)
    play_to_end(on_file, 3)
    assert [r.event for r in on_file.records()] == [r.event for r in records]
    s.revealed = on_file.revealed = False      # analysis: undo after the end, alike in both
    s.undo(2)
    on_file.undo(2)
    assert enc(s.state) == enc(on_file.state) and s.position == on_file.position

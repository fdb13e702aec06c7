"""Properties of sessions under any mix of play, undo, redo and branch (hypothesis)."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardcore.game.errors import UndoRefused
from boardcore.session.session import Session
from boardcore.stream.records import verify

OPS = st.lists(st.tuples(st.sampled_from(["play", "play", "play", "undo", "redo", "branch"]),
                         st.integers(0, 1000)), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), ops=OPS, players=st.integers(2, 3))
def test_history_only_grows_and_state_is_always_the_fold(toy, seed, ops, players):
    s = Session.new(toy, players=players, rounds=2, seed=seed, checkpoint_every=4)
    for op, n in ops:
        before = s.records()
        if s.outcome is not None:
            break
        try:
            if op == "play":
                legal = s.legal_actions()
                s.apply(legal[n % len(legal)])
            elif op == "undo":
                s.undo(1 + n % 2)
            elif op == "redo":
                s.redo()
            else:
                bounds = s.boundaries()
                child = s.branch(at=bounds[n % len(bounds)])
                assert msgspec.json.encode(child.state) == msgspec.json.encode(s.state_at(child.position))
                continue
        except UndoRefused:
            assert s.records() == before  # a refused undo writes nothing
            continue
        after = s.records()
        assert after[:len(before)] == before  # nothing deleted or rewritten, ever
        verify(after)
        fresh = Session.load(s.stream_id, store=s.store, checkpoint_every=0)
        assert msgspec.json.encode(fresh.state) == msgspec.json.encode(s.state)
        for position in range(1, s.position + 1, 3):
            assert msgspec.json.encode(s.state_at(position)) == msgspec.json.encode(fresh.state_at(position))

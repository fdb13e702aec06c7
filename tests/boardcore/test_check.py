"""`check` finds broken promises, shrinks them, and saves the failing game."""

from __future__ import annotations

import pytest

from boardcore.audit import audit
from boardcore.check import check
from boardcore.session import Session
from toygame.game import ToyPig


class LeakyView(ToyPig):
    name = "toy-pig-leaky"

    def view(self, s, player):
        return self.copy(s)  # shows every hand


class BadInvariant(ToyPig):
    name = "toy-pig-bad-invariant"

    def invariants(self):
        return {**super().invariants(), "TOY-INV-99": lambda s: "score over 5" if max(s.scores) > 5 else None}


class ImpureDecide(ToyPig):
    name = "toy-pig-impure"

    def decide(self, state, action, rng):
        state.running += 0 if state.phase != "pig" else 1
        return super().decide(state, action, rng)


class Crashes(ToyPig):
    name = "toy-pig-crash"

    def resolve(self, u, action, rng):
        if u.state.round == 2:
            raise KeyError("boom")
        super().resolve(u, action, rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_keeps_every_promise(toy, players):
    config = toy.make_config(players=players, rounds=2)
    report = check(toy, config, games=40, seed=players)
    assert report.ok, report.failure
    assert report.games == 40 and report.decisions > 40 * players


@pytest.mark.parametrize("rules, promise", [
    (LeakyView(), "views do not leak"),
    (BadInvariant(), "invariant TOY-INV-99"),
    (ImpureDecide(), "decide is pure"),
    (Crashes(), "no crash"),
])
def test_broken_promises_are_found_and_saved(rules, promise, tmp_path):
    from boardcore import games
    games.register(rules)
    report = check(rules, rules.make_config(players=2), games=30, seed=1, save_dir=tmp_path)
    assert report.failure is not None
    assert report.failure.promise == promise
    assert report.failure.replay and report.failure.replay.endswith(".jsonl")
    # the saved game is a replay like any other: it loads, and audit re-derives it up to the failure
    s = Session.load(report.failure.replay)
    assert s.rules is rules


def test_the_failure_is_shrunk_and_the_saved_game_ends_where_it_broke(tmp_path):
    from boardcore import games
    rules = games.register(BadInvariant())
    report = check(rules, rules.make_config(players=2, rounds=3), games=20, seed=3, save_dir=tmp_path)
    assert report.failure.seed == 0  # hypothesis shrank the game seed to its simplest value
    s = Session.load(report.failure.replay)
    at = report.failure.at  # the position of the event that broke the invariant
    assert max(s.state_at(at).scores) > 5 >= max(s.state_at(at - 1).scores)
    result = audit(report.failure.replay)
    assert result.ok, result.steps

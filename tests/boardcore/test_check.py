"""`check` finds broken promises, shrinks them, and saves the failing game; and says what it covered."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import games as registry
from boardcore.analysis.audit import audit
from boardcore.analysis.check import CAP, UNNAMED, Broken, Walker, check, coverage_text, starting_position
from boardcore.game.rng import Rng
from boardcore.game.rules import dealt, deciding_key, played_out, random_step, watched
from boardcore.session.session import Session
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


# -- what a check covered --------------------------------------------------------------------------------

class NamesAnEndingItDoesNotList(ToyPig):
    name = "toy-pig-unlisted-ending"

    def endings(self, config):
        return ("TOY-END-01 last round",)

    def ending(self, state):
        return ("TOY-END-02 somewhere else",)


def test_a_game_that_names_no_endings_is_counted_as_ended(toy):
    report = check(toy, toy.make_config(players=2, rounds=2), games=12, seed=5)
    assert report.endings == {UNNAMED: 12, CAP: 0} and report.by_rules == 12
    assert report.turn_cap == 0   # the toy game has no run cap to set
    assert sum(report.seats.values()) == 24


def test_an_ending_the_rules_do_not_list_breaks_a_promise():
    rules = registry.register(NamesAnEndingItDoesNotList())
    report = check(rules, rules.make_config(players=2, rounds=2), games=3, seed=1)
    assert report.failure is not None and report.failure.promise == "ending"


@pytest.mark.parametrize("game, options, over, conditions", [
    ("warlords", {"players": 2}, "GW-INV-24", ("GW-END-01 supply", "GW-END-03 reputation", "GW-END-04 four missions")),
    ("solar-sphere", {"players": 3}, "SS-INV-13", ("SS-END-01 round 6", "SS-FLOW-04 Sphere built")),
    ("apogee", {"players": 2, "mission": 2}, "AP-INV-24", ("AP-END-01 fulfilled",)),
])
def test_the_coverage_counts_add_up(game, options, over, conditions):
    """Every game ends once (an end condition or the cap), scoring paths name the winners of games ended
    by the rules, an invariant live everywhere is evaluated once per event (and once at a position a game
    started from), and one live at the end is evaluated in each game's final state."""
    rules = registry.get(game)
    report = check(rules, rules.make_config(**options), games=8, seed=3, views=8)
    assert report.ok, report.failure
    assert sum(report.seats.values()) == 8 * options["players"]
    reached = {label: n for label, n in report.endings.items() if n}
    assert sum(report.endings[label] for label in conditions) + report.endings[CAP] == 8, reached
    assert report.by_rules == 8 - report.endings[CAP]
    liveness = rules.liveness()
    everywhere = [k for k in report.live if k not in liveness]
    assert everywhere and all(report.live[k] == report.events + report.near_end for k in everywhere)
    assert all(0 <= report.live[k] <= report.events + report.near_end for k in liveness)
    # the play that built the start positions was verified too, and is counted apart (`built`)
    assert report.near_end and report.built > report.near_end
    if over != "AP-INV-24":   # Apogee's is live in a game ended by the rules at a turn's end
        assert report.live[over] == report.by_rules
    text = coverage_text(report)
    assert f"{report.by_rules} of 8 games ended by the rules" in text and over in text


def test_the_check_sets_its_own_turn_cap_and_reports_when_it_is_hit():
    rules = registry.get("apogee")
    report = check(rules, rules.make_config(players=2, mission=10), games=6, seed=2, turn_cap=2)
    assert report.ok, report.failure
    assert report.turn_cap == 2 and report.config["max_turns"] == 2
    assert report.endings[CAP] >= 1 and report.endings[CAP] + report.by_rules == 6


def test_a_check_is_the_same_on_one_worker_or_two():
    rules = registry.get("warlords")
    config = rules.make_config(players=3)
    one, two = (check(rules, config, games=6, seed=4, views=8, workers=w) for w in (1, 2))
    assert msgspec.to_builtins(one) == msgspec.to_builtins(two)


def test_the_deciding_key_names_the_first_key_that_separates_the_best():
    paths = ("points", "reputation", "morale")
    assert deciding_key([(9, 1, 1), (7, 5, 5)], paths, "shared") == "points"
    assert deciding_key([(9, 1, 1), (9, 2, 0), (3, 9, 9)], paths, "shared") == "reputation"
    assert deciding_key([(9, 2, 1), (9, 2, 3)], paths, "shared") == "morale"
    assert deciding_key([(9, 2, 3), (9, 2, 3), (1, 0, 0)], paths, "shared") == "shared"


class ApogeeWithACap(type(registry.get("apogee"))):
    """Apogee with an invariant that a position near a Mission's end breaks at once: at most 1 launch."""

    name = "apogee-one-launch"

    def invariants(self):
        return {**super().invariants(),
                "TEST-INV-01": lambda s: "two launches" if any(len(pl.launches) > 1 for pl in s.areas) else None}


def test_a_failure_in_a_game_started_near_its_end_is_saved_from_that_position(tmp_path):
    rules = registry.register(ApogeeWithACap())
    report = check(rules, rules.make_config(players=2, mission=5), games=6, seed=1, save_dir=tmp_path,
                   shrink_examples=3, views=8)
    assert report.failure is not None and report.failure.promise == "invariant TEST-INV-01"
    s = Session.load(report.failure.replay)
    assert any(len(pl.launches) > 1 for pl in s.state_at(1).areas)   # the position it started from
    assert audit(report.failure.replay).ok


class RollsOnlyAfterRoundOne(ToyPig):
    """Toy Pig with an invariant broken in round 1 alone, and a start near its end built by random play
    through round 1 into round 2: the play that builds the start breaks it, the game played on never."""

    name = "toy-pig-late-rolls"

    def invariants(self):
        return {**super().invariants(),
                "TEST-INV-02": lambda s: "a roll in round 1" if s.round == 1 and s.running else None}

    def near_end(self, config, rng):
        s = dealt(self, config, rng)
        while s.phase != "over" and s.round < 2:
            s = random_step(self, s, rng)
        return None if s.phase == "over" else s


def test_the_play_that_builds_a_start_position_is_verified_too():
    rules = registry.register(RollsOnlyAfterRoundOne())
    config = rules.make_config(players=2, rounds=3, target=1000)
    walker = Walker(rules, config, views=8)
    seed = next(g for g in range(100) if starting_position(rules, config, g) is not None)
    with pytest.raises(Broken) as broken:
        walker.walk(seed, [])
    assert broken.value.promise == "invariant TEST-INV-02"
    assert broken.value.detail == "a roll in round 1 (in the play that built the start position)"
    # the game itself, played on from that start, keeps the promise: only the building play broke it
    start = walker.start if walker.start is not None else starting_position(rules, config, seed)
    assert start.round == 2 and rules.invariants()["TEST-INV-02"](start) is None


def test_a_failure_of_the_building_play_saves_no_replay_that_would_audit_clean(tmp_path):
    """The start position was never built, so a saved stream would hold no event of the failure (it used
    to write a start-less, event-less game that audits clean); the failure is reported, without a file."""
    rules = registry.register(RollsOnlyAfterRoundOne())
    config = rules.make_config(players=2, rounds=3, target=1000)
    report = check(rules, config, games=20, save_dir=tmp_path, shrink_examples=5)
    assert report.failure is not None and report.failure.promise == "invariant TEST-INV-02"
    assert "(in the play that built the start position)" in report.failure.detail
    assert report.failure.replay is None and not list(tmp_path.iterdir())


def test_a_look_ahead_is_not_counted_as_the_play_that_built_a_position(toy):
    config = toy.make_config(players=2, rounds=2)
    rng = Rng.derive("look-ahead", 0)
    seen = []
    with watched(lambda state, event: seen.append(event)):
        s = dealt(toy, config, rng)
        dealt_events = len(seen)
        end = played_out(toy, s, toy.legal_actions(s)[0], rng)
        assert toy.outcome(end) is not None and len(seen) == dealt_events
        random_step(toy, s, rng)
    assert dealt_events and len(seen) > dealt_events

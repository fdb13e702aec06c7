"""Whole-game properties: the check walker (every GW-INV invariant, folds, JSON, pure decide,
views that do not leak), the greedy bot against random, saved replays, rendering."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from boardcore.agents.policies import GreedyAgent, RandomAgent
from boardcore.analysis.audit import audit
from boardcore.analysis.check import check
from boardcore.agents.play import agent_rng, playout, seeded, start
from boardcore.session.session import Session
from boardcore.text import board_rows
from warlords import RULES
from warlords import events as ev

INVARIANTS = [f"GW-INV-{k:02d}" for k in range(1, 28)]
REPLAYS = Path(__file__).resolve().parents[2] / "replays" / "warlords"


@pytest.mark.rule("GW-INV-01", "GW-INV-02", "GW-INV-03", "GW-INV-04", "GW-INV-05", "GW-INV-06", "GW-INV-07",
                  "GW-INV-08", "GW-INV-09", "GW-INV-10", "GW-INV-11", "GW-INV-12", "GW-INV-13", "GW-INV-14",
                  "GW-INV-15", "GW-INV-16", "GW-INV-17", "GW-INV-18", "GW-INV-19", "GW-INV-20", "GW-INV-21",
                  "GW-INV-22", "GW-INV-23", "GW-INV-24", "GW-INV-25", "GW-INV-26", "GW-INV-27", "GW-REP-19")
@pytest.mark.parametrize("players, games, options", [
    (2, 6, {}), (3, 3, {}), (4, 3, {}), (1, 5, {}),
    (4, 2, {"mode": "ffa"}), (1, 3, {"level": "hard", "mission": "per_mercenary"}),
])
def test_check_keeps_every_promise(players, games, options):
    report = check(RULES, RULES.make_config(players=players, **options), games=games, seed=players)
    assert report.ok, report.failure
    assert report.games == games


@pytest.mark.rule("GW-INV-01", "GW-INV-13", "GW-INV-16")
def test_every_invariant_is_registered_and_catches_a_broken_state():
    invariants = RULES.invariants()
    assert sorted(invariants) == INVARIANTS
    s = Session.new(RULES, players=2, seed=1).state
    assert all(fn(s) is None for fn in invariants.values())
    s.base[0][0] += 1
    assert invariants["GW-INV-01"](s)
    s.base[0][0] -= 1
    s.deck.append(s.deck[0])
    assert invariants["GW-INV-13"](s)


def test_greedy_beats_random():
    wins = 0
    games = 12
    for seed in range(games):
        state, pos = start(RULES, RULES.make_config(players=2), seeded(seed))
        greedy = 1 + seed % 2
        agents = {1: RandomAgent(RULES), 2: RandomAgent(RULES)}
        agents[greedy] = GreedyAgent(RULES)
        state, _, _ = playout(RULES, state, pos, agents, seeded(seed), agent_rng(seed))
        wins += greedy in RULES.outcome(state).winners
    assert wins >= 10


@pytest.mark.rule("GW-AMB-65")
def test_a_bot_game_saves_replays_and_audits(tmp_path: Path):
    for k, (players, options) in enumerate(((2, {}), (1, {"level": "hard"}), (4, {}),
                                             (2, {"mission": "per_mercenary"}))):
        path = tmp_path / f"g{k}.jsonl"
        from boardcore.stream.store import JsonlFile
        s = Session.new(RULES, players=players, seed=9, store=JsonlFile(path), **options)
        from boardcore.agents.play import run_bots
        run_bots(s, {p: GreedyAgent(RULES) if p == 1 else RandomAgent(RULES) for p in range(1, players + 1)},
                 seed=9)
        assert s.outcome is not None
        assert s.created.config["mission"] == options.get("mission", "per_planet")
        result = audit(path)
        assert result.ok, result.steps


@pytest.mark.skipif(not REPLAYS.is_dir() or not any(REPLAYS.glob("*.jsonl")), reason="no saved replays yet")
def test_saved_replays_audit():
    for path in sorted(REPLAYS.glob("*.jsonl")):
        result = audit(path)
        assert result.ok, (path.name, result.steps)


def test_text_form_and_render():
    s = Session.new(RULES, players=2, seed=2)
    for action in s.legal_actions():
        text = RULES.format_action(action)
        assert RULES.parse_action(s.state, text) == action
    s.apply(RULES.format_action(s.legal_actions()[0]))
    for player in (None, 1, 2):
        out = s.render(player)     # one line per item, any length: the screen wraps it between items
        assert "Galactic Warlords" in out and all(r.cell_len <= 80 for r in board_rows(out, 80))
    assert msgspec.json.decode(msgspec.json.encode(s.state), type=RULES.state_type) == s.state
    assert any(isinstance(r.event, ev.Asked) for r in s.records())


def test_truncation_by_max_turns():
    s = Session.new(RULES, players=2, seed=3, max_turns=4)
    from boardcore.agents.play import run_bots
    run_bots(s, {1: RandomAgent(RULES), 2: RandomAgent(RULES)}, seed=3)
    assert s.outcome.truncated and s.state.turn == 4

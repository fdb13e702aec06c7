"""Tournaments (every pairing, seats rotated on each deal, the same results on any number of workers),
and where users meet the bots: `mcts` seats in `new` and `simulate`, the `whatif` and `tournament`
commands."""

from __future__ import annotations

import io
import json
import re
import sys

import msgspec
import pytest

from boardcore import cli
from boardcore.session.session import Session
from boardcore.analysis.tournament import deal_seed, seatings, tournament
from toygame import RULES, Roll
from toygame.positions import last_turn


def test_seatings_rotate_each_agent_through_every_seat():
    assert seatings(1) == [[0]]
    assert seatings(2) == [[0, 1], [1, 0]]
    three = seatings(3)
    assert len(three) == 6 and len({tuple(s) for s in three}) == 6
    for seat in range(3):   # agent a sits alone in every seat once, and so does agent b
        assert sum(s[seat] == 0 and s.count(0) == 1 for s in three) == 1
        assert sum(s[seat] == 1 and s.count(1) == 1 for s in three) == 1


def test_every_pairing_is_played_with_seats_alternated():
    config = RULES.make_config(players=2)
    report = tournament(RULES, config, ["random", "greedy", "mcts:iterations=20"], 6, seed=1)
    assert [(p.a, p.b) for p in report.pairings] == [("random", "greedy"), ("random", "mcts:iterations=20"),
                                                     ("greedy", "mcts:iterations=20")]
    for p in report.pairings:
        assert p.games == 6 and p.a_wins + p.b_wins + p.no_winner == pytest.approx(6)
    assert report.seatings == [[0, 1], [1, 0]]
    standing = {s.agent: s for s in report.standings}
    assert all(s.games == 12 for s in standing.values())          # two pairings of 6 games each
    assert sum(s.rating for s in standing.values()) == pytest.approx(0, abs=1e-6)
    assert standing["mcts:iterations=20"].reply_seconds > 0 and standing["random"].reply_seconds >= 0


def test_the_same_results_on_one_worker_and_on_two():
    config = RULES.make_config(players=3, rounds=2)
    reports = [tournament(RULES, config, ["random", "greedy"], 6, seed=2, workers=w) for w in (1, 2, None)]
    plain = [{k: v for k, v in msgspec.to_builtins(r).items() if k not in ("seconds", "workers", "standings")}
             for r in reports]
    assert plain[0] == plain[1] == plain[2]
    assert [s.win_rate for s in reports[0].standings] == [s.win_rate for s in reports[1].standings]
    assert len(reports[0].seatings) == 6


def test_each_deal_is_played_under_every_seating():
    """A lucky deal helps both agents alike: games 2j and 2j+1 of a 2-player pairing share a deal (with
    the seats swapped), as do the six games of a 3-player round of seatings; solo agents share deal g."""
    from boardcore.agents.play import seeded, start

    def table(seed):
        return msgspec.json.encode(start(RULES, RULES.make_config(players=2), seeded(seed))[0])

    two = [deal_seed("1", g, 2) for g in range(4)]
    assert two[0] == two[1] != two[2] == two[3] and table(two[0]) == table(two[1]) != table(two[2])
    three = {deal_seed("1", g, 3) for g in range(6)}
    assert len(three) == 1 and deal_seed("1", 6, 3) not in three
    assert deal_seed("1", 5, 1) != deal_seed("1", 4, 1)


def test_a_pairing_plays_the_same_games_whoever_else_is_named():
    """Random against greedy is the second pairing of a three-agent tournament and the only one of a two-agent
    one: the same deals and the same bots' luck, so the same results (they were dealt by pairing index, and
    differed). In a solo mode an agent's results do not depend on its place in the list either."""
    config = RULES.make_config(players=2)
    alone = tournament(RULES, config, ["random", "greedy"], 8, seed=4)
    among = tournament(RULES, config, ["random", "mcts:iterations=5", "greedy"], 8, seed=4)
    pairing = next(p for p in among.pairings if (p.a, p.b) == ("random", "greedy"))
    assert among.pairings.index(pairing) == 1 and pairing == alone.pairings[0]

    from boardcore import games
    from boardcore.game.errors import UnknownGame

    try:
        rules = games.get("warlords")
    except UnknownGame:
        pytest.skip("warlords is not installed")
    solo = rules.make_config(players=1)
    first = tournament(rules, solo, ["greedy", "random"], 3, seed=2).standings[0]
    second = tournament(rules, solo, ["random", "greedy"], 3, seed=2).standings[1]
    assert first.agent == second.agent == "greedy"
    assert (first.wins, first.score) == (second.wins, second.score)


def test_the_order_agents_are_named_in_does_not_change_the_games():
    """Played in a canonical order (by spec): A then B and B then A are the same games, reported in the order
    named. (They were seated by place in the list: the first named took seat 1 in the first game.)"""
    config = RULES.make_config(players=2)
    ab = tournament(RULES, config, ["random", "mcts:iterations=10"], 6, seed=3)
    ba = tournament(RULES, config, ["mcts:iterations=10", "random"], 6, seed=3)
    p, q = ab.pairings[0], ba.pairings[0]
    assert (p.a, p.b) == ("random", "mcts:iterations=10") and (q.a, q.b) == ("mcts:iterations=10", "random")
    assert (p.a_wins, p.b_wins, p.no_winner, p.a_rate, p.b_rate) == (q.b_wins, q.a_wins, q.no_winner, q.b_rate, q.a_rate)
    assert [s.agent for s in ab.standings] == ["random", "mcts:iterations=10"]
    mine = {s.agent: (s.wins, s.score) for s in ab.standings}
    assert mine == {s.agent: (s.wins, s.score) for s in ba.standings}
    three = ["greedy", "random", "mcts:iterations=5"]
    plain = [tournament(RULES, config, order, 4, seed=5) for order in (three, three[::-1])]
    by_side = [{frozenset((p.a, p.b)): sorted(((p.a, p.a_wins), (p.b, p.b_wins))) for p in r.pairings} for r in plain]
    assert by_side[0] == by_side[1]


def test_solo_modes_report_each_agent_against_the_automa():
    from boardcore import games
    from boardcore.game.errors import UnknownGame

    try:
        rules = games.get("warlords")
    except UnknownGame:
        pytest.skip("warlords is not installed")
    report = tournament(rules, rules.make_config(players=1), ["random", "greedy", "mcts:iterations=5"], 3, seed=1)
    assert report.solo and not report.pairings and report.seatings == [[0]]
    assert [s.agent for s in report.standings] == ["random", "greedy", "mcts:iterations=5"]
    assert all(s.games == 3 for s in report.standings)
    assert all(s.rating is None for s in report.standings)   # no one met anyone but the automa


def test_bad_tournaments_are_refused():
    from boardcore.game.errors import BoardcoreError

    config = RULES.make_config(players=2)
    for agents, words in ((["greedy"], "at least two agents"), (["greedy", "greedy"], "named twice"),
                          (["greedy", "mcts:iterations=x"], "must be a int"), ([], "at least one")):
        with pytest.raises(BoardcoreError, match=words):
            tournament(RULES, config, agents, 2)


# -- the commands ----------------------------------------------------------------------------------
def test_tournament_command(run):
    code, out, err = run("tournament", "toy-pig", "--agent", "random", "--agent", "greedy", "-n", "4", "--workers", "1")
    assert code == 0, err
    assert re.search(r"^random +greedy +\d\.\d{3} \[", out, re.M) and "seatings A-B, B-A" in out and "reply" in out
    assert re.search(r"1 worker, \d+\.\ds\n", out)            # a short run in tenths ("0s" said nothing)
    code, out, _ = run("tournament", "toy-pig", "-a", "random", "-a", "mcts:iterations=10", "-n", "2", "--json",
                       "--workers", "1")
    report = json.loads(out)
    assert code == 0 and report["pairings"][0]["games"] == 2 and report["games_per_pairing"] == 2
    code, _, err = run("tournament", "toy-pig", "--agent", "greedy", "-n", "2")
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_the_tournament_table_fits_80_columns_without_cutting_a_word(run, monkeypatch):
    """It printed one line per agent of about 100 columns, which the terminal cut mid-word."""
    monkeypatch.setenv("COLUMNS", "80")
    agents = ["random", "greedy", "mcts:iterations=10,explore=1.4"]
    code, out, err = run("tournament", "toy-pig", *(w for a in agents for w in ("-a", a)), "-n", "2", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), out
    head = "A B A wins [95%] B wins [95%] A-B".split()
    assert any(line.split() == head for line in lines), out
    standings = next(i for i, line in enumerate(lines) if line.split()[:4] == ["agent", "win", "rate", "[95%]"])
    assert lines[standings].split()[4:] == ["score", "[95%]", "rating", "reply", "(max)"], out
    rows: list[list[str]] = []
    for line in lines[standings + 1:]:                    # a name too long for its column goes on below
        if len(line.split()) == 1:
            rows[-1][0] += line.strip()
        else:
            rows.append(line.split())
    assert [r[0] for r in rows] == agents, out
    assert all(re.fullmatch(r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]", " ".join(r[1:4])) for r in rows), out   # whole
    assert all(re.fullmatch(r"[+-]\d+", r[7]) for r in rows), out
    prose = " ".join(lines[:2]).split()            # what was played: wrapped between words
    assert prose[:3] == ["toy-pig", "for", "2"] and "pairing," in prose and "deal;" in prose


def test_a_game_whose_score_only_says_who_won_has_no_score_column(run, monkeypatch):
    """Apogee's final score is a point for each winner: its "score" column repeated the win rate
    (`score 0.5 [-0.1, 1.1]` beside `win 0.500`)."""
    from boardcore import games

    monkeypatch.setenv("COLUMNS", "80")
    rules = games.get("apogee")
    report = tournament(rules, rules.make_config(players=2), ["random", "greedy"], 2, seed=1)
    assert not report.scored
    code, out, err = run("tournament", "apogee", "-a", "random", "-a", "greedy", "-n", "2", "--workers", "1")
    assert code == 0 and "win rate [95%]" in out and "score" not in out, out
    assert tournament(RULES, RULES.make_config(players=2), ["random", "greedy"], 2, seed=1).scored


def test_whatif_command_names_the_best_and_the_regret(run, tmp_path):
    s = Session.from_state(RULES, last_turn(), seed=1)
    s.apply(Roll(player=1))
    path = tmp_path / "rolled.jsonl"
    s.save(path)
    code, out, err = run("whatif", path, "--at", "2", "--all", "--rollouts", "100", "--workers", "1")
    assert code == 0, err
    assert "best: hold [P1 hold]" in out and "regret of the decision taken" in out and "better than the decision taken" in out
    assert "from P1's view" in out
    code, out, _ = run("whatif", path, "--at", "2", "--all", "-k", "20", "--omniscient", "--policy", "random",
                       "--policy", "1=greedy",
                       "--workers", "1", "--json")
    report = json.loads(out)
    assert code == 0 and report["omniscient"] and report["policies"] == ["greedy", "random"]
    code, _, err = run("whatif", path, "--at", "2", "--all", "--policy", "3=greedy")
    assert code == 2 and "player number 1-2" in err and len(err.strip().splitlines()) == 1


def test_mcts_seats_in_new_and_simulate(run, tmp_path):
    path = tmp_path / "g.jsonl"
    code, out, err = run("new", "toy-pig", "--seat", "1=mcts:iterations=30", "--seat", "2=mcts", "--seed", "4",
                         "-o", path)
    assert code == 0, err
    assert Session.load(path).outcome is not None and "mcts:iterations=30, mcts" in out
    code, out, _ = run("simulate", "toy-pig", "--games", "4", "--seat", "1=mcts:iterations=20", "--json")
    report = json.loads(out)
    assert code == 0 and report["seats"][0]["policy"] == "mcts:iterations=20"
    code, _, err = run("new", "toy-pig", "--seat", "2=mcts:budget=3", "-o", tmp_path / "bad.jsonl")
    assert code == 2 and "mcts takes" in err and not (tmp_path / "bad.jsonl").exists()


def test_play_lets_an_mcts_seat_move(run, tmp_path, monkeypatch):
    """`boardcore play` against an mcts seat: each human move is answered by the bot."""
    from boardcore.game.events import Decision

    path = tmp_path / "h.jsonl"
    code, _, err = run("new", "toy-pig", "--seat", "2=mcts:iterations=20", "--seed", "6", "-o", path)
    assert code == 0, err
    s = Session.load(path)
    assert s.seats == ("human", "mcts:iterations=20") and s.outcome is None

    def bot_decisions(session):
        return sum(isinstance(r.event, Decision) and r.event.player == 2 for r in session.history.live)

    before = bot_decisions(s)
    monkeypatch.setattr(sys, "argv", ["boardcore", "play", str(path), "--as", "1"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n1\nq\n"))
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 0
    assert bot_decisions(Session.load(path)) > before


def test_rules_that_do_not_pickle_travel_by_name():
    """Warlords' decision table holds closures, so its rules do not pickle: workers get them by name."""
    import pickle

    from boardcore import games
    from boardcore.agents import policies as agents
    from boardcore.game.errors import UnknownGame

    try:
        rules = games.get("warlords")
    except UnknownGame:
        pytest.skip("warlords is not installed")
    shipped = agents.shippable(rules)
    assert agents.resolve(pickle.loads(pickle.dumps(shipped))) is rules
    assert agents.shippable(RULES) is RULES                 # what pickles travels as it is
    report = tournament(rules, rules.make_config(players=2), ["random", "greedy"], 2, workers=2)
    assert report.pairings[0].games == 2


def test_a_game_without_end_is_an_error_not_a_hang(monkeypatch):
    """An endless legal loop (Solar Sphere's two T3-02 copies, before rules 1.2) kept a duel running
    for hours; past the decision limit a tournament now stops with the game named."""
    import boardcore.analysis.tournament as module
    from boardcore.game.errors import BoardcoreError

    monkeypatch.setattr(module, "MAX_DECISIONS", 1)
    with pytest.raises(BoardcoreError, match="game 0 of pairing 0 had no end after 1 decisions"):
        tournament(RULES, RULES.make_config(players=2), ["random", "greedy"], 2, seed=1)

"""Performance figures of what users run, each beside its reference measured in the same run.

These machines are noisy, so every target is a ratio within one run (run it on an idle machine;
to compare two versions, run both, side by side, in one sitting). Wall-time figures are the best
of several tries (the least disturbed), the two sides of a ratio taking turns; the CLI figures
run with bytecode caching on, as an installed package has it.

- games.<g>: random-playout decisions/s and games/s (the bare rules loop), its own fold rate,
  `session_vs_bare` (the same games played through `Session` in memory), greedy decisions/s,
  `prior_us_per_action` and `prior_vs_legal_actions` (the rollout preference `rules.prior` over every
  offer of random games, per action weighed and against asking for the same legal lists), and
  `rl_env_vs_session` (`boardcore.rl` env steps with random masked actions, the mask read from the
  info, against `Session` random play of the same game) and `rl_observed_vs_session` (the same with
  every step's observation encoded), both absent without the `[rl]` extra; `openspiel_step_vs_pettingzoo`
  (CPU time per step of random play through `boardcore.openspiel`, `legal_actions` and `apply_action`,
  against a PettingZoo step as `rl_env_vs_session` takes it), absent without the `[openspiel]` extra;
  and (not with --quick)
  `session_vs_bare_instructions`, the same games as `session_vs_bare` in instructions counted by
  valgrind, which load on the machine cannot move;
- cli_help/legal/act_vs_import_typer: `boardcore --help`, `legal FILE` and `act FILE 1` on a new
  Solar Sphere game against `python -c "import typer"`, the commands taking turns;
  cli_legal_saved_vs_import_typer: `legal` on each game's saved 2-player replay (a whole game read and
  folded), and (not with --quick) the same in instructions counted by valgrind;
- replay_sqlite_vs_floor: `Session.load` of a game from SQLite against SELECT + decode + fold of the
  same rows;
- load_checked_vs_unchecked: the same `Session.load` of each game's random 2-player game from SQLite,
  which checks every decision legal where it stands, against the load with that check switched off
  (what opening a record pays so that a forged decision is refused, not rendered);
- undo_long_vs_short, state_at_long_vs_short: on a stream of 100,000 events against one of 100, each
  state carrying a real Solar Sphere position (copied with the game's own copy); undo goes 1 to 16
  decisions back (each redone), so its cuts cover a whole checkpoint interval in both;
- append_jsonl/sqlite_decisions_per_s: only the writes of `Session.apply` (decided beforehand), fsync'd;
- list_10000_vs_100: `boardcore list` with 10,000 whole games (hundreds of records each) in the database
  against 100;
- workers_2_vs_1: wall time of simulate (1,000 games), whatif (every alternative of the first decision
  of the 2-player Solar Sphere replay at what-if's default budget, 100 rollouts each), check and audit
  with 2 workers against 1 (same work, same results);
- workers_default_vs_1: a whole `boardcore simulate warlords` command with the default workers (every
  core, this process playing while they start) against `--workers 1`, wall time in fresh processes as
  a user meets it (the fork server's start included): a small job (20 games) and a few seconds' (1,000);
- audit_batch_vs_cli_per_file: one `audit` of 1,000 saved games against one CLI call per file;
- ray_vs_local: 1,000 simulated games on a one-node local Ray cluster against local workers (every
  core), in a program already connected to the cluster (a notebook, a service, a script's second
  call); ray_cold_vs_local: the first call, which also connects and has the cluster start its
  workers (what one `--ray` command pays).

Usage: python tools/bench.py [--json] [--quick] [--no-ray]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from boardcore import games
from boardcore.agents.policies import GreedyAgent, RandomAgent
from boardcore.game.events import MARKERS, Decision, Fact
from boardcore.agents.execute import cores
from boardcore.agents.play import agent_rng, agent_stream, playout, run_bots, seeded, start
from boardcore.game.rules import Game, Outcome
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile
from boardcore.stream.store.database import DatabaseStore

GAMES = ("solar-sphere", "apogee", "warlords")
ROOT = Path(__file__).resolve().parent.parent

FIGURES = ("cores", "games", "fold_game", "fold_events_per_s", "replay_sqlite_vs_floor", "replay_records",
           "load_checked_vs_unchecked", "state_at_long_vs_short", "undo_long_vs_short", "long_events",
           "append_jsonl_decisions_per_s", "append_sqlite_decisions_per_s", "cli_help_vs_import_typer",
           "cli_legal_vs_import_typer", "cli_act_vs_import_typer", "cli_legal_saved_vs_import_typer",
           "cli_legal_saved_vs_import_typer_instructions", "list_10000_vs_100", "workers_2_vs_1",
           "workers_default_vs_1", "audit_batch_vs_cli_per_file", "ray")
"""Every figure `main` prints, in order (see the module docstring); `check_figures` holds a run to it."""
NOT_QUICK = ("cli_legal_saved_vs_import_typer_instructions",)
"""The figures a `--quick` run leaves out (valgrind's instruction counts)."""
GAME_FIGURES = ("players", "decisions_per_s", "games_per_s", "session_vs_bare", "greedy_decisions_per_s",
                "fold_events_per_s", "prior_us_per_action", "prior_vs_legal_actions", "rl_env_vs_session",
                "rl_observed_vs_session", "openspiel_step_vs_pettingzoo", "session_vs_bare_instructions")
"""The figures of each game (`games.<g>`); the RL and OpenSpiel ones only with their extras, the instruction
count not with `--quick`."""


def check_figures(figures: dict, quick: bool) -> None:
    """Refuse a run whose figures are not the list above: a figure added, renamed or dropped in the code
    must be added, renamed or dropped in `FIGURES` (and the module docstring) too."""
    expected = [k for k in FIGURES if not (quick and k in NOT_QUICK)]
    if list(figures) != expected:
        raise SystemExit(f"bench figures {list(figures)} are not FIGURES {expected}")
    for name, game in figures["games"].items():
        unknown = set(game) - set(GAME_FIGURES) - {"error"}
        if unknown:
            raise SystemExit(f"bench figures of {name}: {sorted(unknown)} not in GAME_FIGURES")


# -- a long-running game whose state carries a real position ---------------------------------
class MarathonConfig(msgspec.Struct, frozen=True):
    players: int = 2
    length: int = 10_000_000


class MarathonState(msgspec.Struct):
    """A counter game's state with a whole Solar Sphere position inside, so copies and checkpoints
    cost what a real game's do; the steps themselves leave the position alone."""

    players: int
    length: int
    table: object = None
    turn: int = 1
    steps: int = 0
    totals: list[int] = []


class Step(Decision):
    amount: int


class Rolled(Fact):
    reveals = True
    value: int


def _step(s, e):
    s.totals[e.player - 1] += e.amount
    return s


def _rolled(s, e):
    s.totals[s.turn - 1] += e.value
    s.steps += 1
    s.turn = s.turn % s.players + 1
    return s


class Marathon(Game):
    """Each turn: choose 1 or 2, then a die is added. Ends after `length` turns."""

    name, version = "bench-marathon", "1"
    config_type, state_type = MarathonConfig, MarathonState
    events = (Step, Rolled)
    min_players, max_players = 1, 4
    handlers = {Step: _step, Rolled: _rolled}
    table_rules = None

    def initial(self, c):
        table = Marathon.table_rules.initial(Marathon.table_rules.make_config(players=c.players))
        return MarathonState(players=c.players, length=c.length, table=table, totals=[0] * c.players)

    def copy(self, s):
        return MarathonState(players=s.players, length=s.length, table=Marathon.table_rules.copy(s.table),
                             turn=s.turn, steps=s.steps, totals=s.totals[:])

    def to_act(self, s):
        return (s.turn,)

    def legal_actions(self, s):
        return [Step(player=s.turn, amount=1), Step(player=s.turn, amount=2)]

    def resolve(self, u, action, rng):
        u.emit(Rolled(value=rng.roll(6)))

    def outcome(self, s):
        if s.steps < s.length:
            return None
        top = max(s.totals)
        return Outcome(scores=tuple(s.totals), winners=tuple(p for p, t in enumerate(s.totals, 1) if t == top))


MARATHON = games.register(Marathon())


# -- helpers -----------------------------------------------------------------------------------
def best(fn, repeat: int = 5) -> float:
    """Best of `repeat` wall times: the least disturbed run."""
    out = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - began)
    return out


def best_ratio(fn, reference, repeat: int = 5) -> float:
    """Best wall time of `fn` over the best of `reference`, the two taking turns: a spell of load on
    the machine then disturbs both sides alike instead of only the one measured during it."""
    ours = theirs = float("inf")
    for _ in range(repeat):
        ours = min(ours, best(fn, 1))
        theirs = min(theirs, best(reference, 1))
    return ours / theirs


def installed() -> list:
    out = []
    for name in GAMES:
        try:
            out.append(games.get(name))
        except Exception:  # noqa: BLE001 - a game not installed is simply not measured
            continue
    return out


def players_of(rules) -> int:
    return 3 if rules.name == "apogee" else 2


def guarded(measure, *args):
    """One figure failing must not stop the others: its error is reported instead."""
    try:
        return measure(*args)
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}


# -- games -------------------------------------------------------------------------------------
def bare_rate(rules, config, games_: int, agent=RandomAgent) -> tuple[float, int]:
    bots = {p: agent(rules) for p in range(1, config.players + 1)}
    decisions = 0
    began = time.process_time()
    for g in range(games_):
        chance = seeded(f"bench/{g}")
        state, position = start(rules, config, chance)
        decisions += playout(rules, state, position, bots, chance, agent_stream(g), max_decisions=50_000)[2]
    return decisions / (time.process_time() - began), decisions


def session_rate(rules, config, games_: int) -> float:
    """The bare loop's games, decision for decision, played through `Session` in memory: the same
    bots with the same randomness, so only what a session adds is measured."""
    decisions = 0
    bot = RandomAgent(rules)
    began = time.process_time()
    for g in range(games_):
        s = Session.new(rules, config=config, seed=f"bench/{g}")
        choose = agent_stream(g)
        while s.outcome is None:
            player = s.to_act[0]
            s.apply(bot.choose(None, s.legal_actions(player), choose(s.position)))
            decisions += 1
    return decisions / (time.process_time() - began)


def fold_rate(rules, config, games_: int) -> float:
    histories = []
    for g in range(games_):
        s = Session.new(rules, config=config, seed=f"fold/{g}", checkpoint_every=0)
        run_bots(s, {p: RandomAgent(rules) for p in range(1, config.players + 1)}, seed=g)
        histories.append([r.event for r in s.history.live[1:]])
    evolve, initial = rules.evolve, rules.initial
    total = sum(map(len, histories))

    def fold_all():
        for events in histories:
            state = initial(config)
            for e in events:
                state = evolve(state, e)

    return total / best(fold_all, 3)


def prior_figures(rules, config, games_: int) -> dict:
    """What a rollout's cheap preference costs: `rules.prior` over every offer of a few random games,
    in microseconds per action weighed and against asking the rules for those legal actions."""
    offers = []
    for g in range(games_):
        chance, choose = seeded(f"prior/{g}"), agent_stream(g)
        state, position = start(rules, config, chance)
        bot = RandomAgent(rules)
        while rules.outcome(state) is None:
            player = rules.to_act(state)[0]
            legal = [a for a in rules.legal_actions(state) if a.player == player]
            offers.append((state, legal))   # kept as it is: unfolding without in_place works on a copy
            unfolding = rules.unfold(state, bot.choose(None, legal, choose(position)), chance(position), trusted=True)
            state, position = unfolding.state, position + len(unfolding.events)
    prior, legal_actions = rules.prior, rules.legal_actions
    weigh = best(lambda: [prior(s, legal) for s, legal in offers], 3)
    ask = best(lambda: [legal_actions(s) for s, _ in offers], 3)
    return {"prior_us_per_action": round(weigh / sum(len(legal) for _, legal in offers) * 1e6, 2),
            "prior_vs_legal_actions": round(weigh / ask, 3)}


def game_figures(rules, quick: bool) -> dict:
    """CPU time per decision (process time), interleaved so drift hits both sides alike."""
    config = rules.make_config(players=players_of(rules))
    n = 3 if quick else 12
    bare, session = [], []
    for _ in range(2 if quick else 3):
        rate, decisions = bare_rate(rules, config, n)
        bare.append(rate)
        session.append(session_rate(rules, config, n))
    began = time.perf_counter()
    played = 0
    while time.perf_counter() - began < (0.5 if quick else 2.0) or played == 0:
        chance = seeded(f"games/{played}")
        state, position = start(rules, config, chance)
        playout(rules, state, position, {p: RandomAgent(rules) for p in range(1, config.players + 1)}, chance,
                agent_stream(played))
        played += 1
    greedy_rate, _ = bare_rate(rules, config, 1 if quick else 3, GreedyAgent)
    figures = {"players": int(config.players), "decisions_per_s": round(max(bare)),
               "games_per_s": round(played / (time.perf_counter() - began), 2),
               "session_vs_bare": round(max(session) / max(bare), 3),
               "greedy_decisions_per_s": round(greedy_rate),
               "fold_events_per_s": round(fold_rate(rules, config, 2 if quick else 6))}
    figures.update(prior_figures(rules, config, 1 if quick else 3))
    figures.update(rl_vs_session(rules, config, quick))
    figures.update(openspiel_vs_pettingzoo(rules, config, quick))
    if not quick:
        figures["session_vs_bare_instructions"] = guarded(session_vs_bare_instructions, rules)
    return figures


INSTRUCTIONS = r"""
import sys
sys.path.insert(0, sys.argv[3])
import bench
from boardcore import games
rules = games.get(sys.argv[1])
config = rules.make_config(players=bench.players_of(rules))
bench.bare_rate(rules, config, 1), bench.session_rate(rules, config, 1)   # the same warm-up for every count
if sys.argv[2] == "bare":
    bench.bare_rate(rules, config, 12)
elif sys.argv[2] == "session":
    bench.session_rate(rules, config, 12)
"""


def session_vs_bare_instructions(rules) -> float | dict:
    """`session_vs_bare` counted in machine instructions (valgrind's callgrind) instead of timed: the
    same 12 games each way, less a run that only imports and warms up. Load on the machine cannot move
    it, so it settles what a timed figure near its target leaves open (it does not see cache effects)."""
    if shutil.which("valgrind") is None:
        return {"skipped": "valgrind is not installed"}

    def count(which: str) -> int:
        return instructions([sys.executable, "-c", INSTRUCTIONS, rules.name, which, str(ROOT / "tools")])

    base = count("base")
    return round((count("bare") - base) / (count("session") - base), 3)


def instructions(cmd: list[str], env: dict | None = None) -> int:
    """The machine instructions one run of `cmd` executes, as valgrind's callgrind counts them."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([shutil.which("valgrind") or "valgrind", "--tool=callgrind",
                               f"--callgrind-out-file={tmp}/out", *cmd], env=env, capture_output=True, text=True,
                              check=True)
    return int(done.stderr.rsplit("Collected : ", 1)[1].split()[0])


def rl_vs_session(rules, config, quick: bool) -> dict:
    """Env steps/s (random masked actions, CPU time) against `Session` random play, interleaved:
    reading the mask from the info (all random masked play needs), and with every step's
    observation encoded as well (what a learning agent pays)."""
    try:
        from boardcore.rl import steps_per_second
        steps_per_second(rules, 0.01, players=int(config.players))
    except Exception:  # noqa: BLE001 - the [rl] extra is not installed
        return {}
    masked, observed, session = [], [], []
    for _ in range(2 if quick else 3):
        for out, observe in ((masked, False), (observed, True)):
            out.append(steps_per_second(rules, 0.5 if quick else 2.0, clock=time.process_time, observe=observe,
                                        players=int(config.players)))
        session.append(session_rate(rules, config, 3 if quick else 12))
    return {"rl_env_vs_session": round(max(masked) / max(session), 3),
            "rl_observed_vs_session": round(max(observed) / max(session), 3)}


def openspiel_rate(rules, config, seconds: float, seed: int = 0) -> float:
    """OpenSpiel steps per CPU second, random play through the OpenSpiel API (whole episodes, at least
    one; new episodes timed, not counted), as a PettingZoo step is measured."""
    import random

    from boardcore import openspiel

    short = next(short for short, name in openspiel.GAMES.items() if name == rules.name)
    game = openspiel.load_game(short, seed=f"speed/{seed}", **msgspec.to_builtins(config))
    pick = random.Random(seed)
    steps = episodes = 0
    began = time.process_time()
    while episodes == 0 or time.process_time() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(pick.random() * len(legal))])
            steps += 1
        episodes += 1
    return steps / (time.process_time() - began)


def openspiel_vs_pettingzoo(rules, config, quick: bool) -> dict:
    """An OpenSpiel step's CPU time over a PettingZoo step's (random play of the same game, taking turns,
    best of each): the adapter's overhead per step, target at most 1.5."""
    try:
        from boardcore.rl import steps_per_second
        openspiel_rate(rules, config, 0.01)
    except Exception:  # noqa: BLE001 - the [openspiel] extra is not installed
        return {}
    seconds = 0.5 if quick else 2.0
    spiel, zoo = [], []
    for _ in range(2 if quick else 3):
        spiel.append(openspiel_rate(rules, config, seconds))
        zoo.append(steps_per_second(rules, seconds, clock=time.process_time, players=int(config.players)))
    return {"openspiel_step_vs_pettingzoo": round(max(zoo) / max(spiel), 3)}


# -- streams -----------------------------------------------------------------------------------
def random_moves(s: Session, decisions: int) -> Session:
    bot, choose = RandomAgent(s.rules), agent_rng(s.stream_id)
    for _ in range(decisions):
        if s.outcome is not None:
            break
        p = s.to_act[0]
        s.apply(bot.choose(None, s.legal_actions(p), choose(s.position)))
    return s


def replay_vs_floor(tmp: Path, rules) -> tuple[float, int]:
    """`Session.load` from SQLite against SELECT + decode + fold of the same rows."""
    db_path = tmp / "replay.sqlite"
    store = DatabaseStore.sqlite(db_path)
    s = Session.new(rules, players=2, seed="replay")
    run_bots(s, {p: RandomAgent(rules) for p in (1, 2)}, seed=1)
    records = s.records()
    store.create("replay", records, None)
    decode = store._codec("replay").msgpack_record.decode
    evolve = rules.evolve
    config = msgspec.convert(records[0].event.config, rules.config_type)
    conn = sqlite3.connect(db_path)

    def floor():
        rows = conn.execute("SELECT state FROM stored_events WHERE originator_id=? ORDER BY originator_version",
                            ("replay",)).fetchall()
        state = rules.initial(config)
        for (blob,) in rows[1:]:
            event = decode(blob).event
            if not isinstance(event, MARKERS):
                state = evolve(state, event)

    def load():
        Session.load("replay", store=store)

    ratio = best_ratio(load, floor, 40)
    conn.close()
    return ratio, len(records)


def load_checked_vs_unchecked(tmp: Path, repeat: int = 15) -> dict:
    """Per game: `Session.load` from SQLite ÷ the same load with `check_legal` a no-op."""
    out = {}
    for rules in installed():
        store = DatabaseStore.sqlite(tmp / f"load-{rules.name}.sqlite")
        s = Session.new(rules, players=2, seed="replay")
        run_bots(s, {p: RandomAgent(rules) for p in (1, 2)}, seed=1)
        store.create("replay", s.records(), None)

        def checked():
            Session.load("replay", store=store)

        def unchecked():
            rules.check_legal = lambda state, action: None    # on the instance: the class's stays
            try:
                Session.load("replay", store=store)
            finally:
                del rules.check_legal

        out[rules.name] = round(best_ratio(checked, unchecked, repeat), 3)
    return out


def long_vs_short(quick: bool) -> dict:
    """Undo and state_at latency at 100,000 events against 100 (2 events per decision)."""
    Marathon.table_rules = games.get("solar-sphere")
    long_n = 5_000 if quick else 50_000
    short, long = random_moves(Session.new(MARATHON, players=2, seed=1), 50), \
        random_moves(Session.new(MARATHON, players=2, seed=1), long_n)

    def state_at(s: Session):
        positions = [max(1, s.position - k * 7) for k in range(1, 12)]
        return lambda: [s.state_at(p) for p in positions]

    def undo_redo(s: Session):
        # Undo 1 to 16 decisions back (each redone): 32 events, one whole checkpoint interval, so
        # the cuts fall at every distance from the nearest checkpoint in both sessions alike; the
        # same cut every time would time only where the stream's length happens to fall in it.
        def go():
            for n in range(1, 17):
                s.undo(n)
                for _ in range(n):
                    s.redo()
        return go

    return {"state_at_long_vs_short": round(best(state_at(long), 20) / best(state_at(short), 20), 3),
            "undo_long_vs_short": round(best(undo_redo(long), 10) / best(undo_redo(short), 10), 3),
            "long_events": long.position}


def append_rate(store_factory, rules, decisions: int) -> float:
    """Decisions chosen beforehand in memory, then applied to a store: each one decided, sealed and
    written with fsync (the bots' choosing is not timed)."""
    planned = []
    s = Session.new(rules, players=2, seed=3)
    bot, choose = RandomAgent(rules), agent_rng(3)
    for _ in range(decisions):
        if s.outcome is not None:
            break
        p = s.to_act[0]
        planned.append(bot.choose(None, s.legal_actions(p), choose(s.position)))
        s.apply(planned[-1])
    store, stream_id = store_factory()
    target = Session.new(rules, players=2, seed=3, store=store, stream_id=stream_id)
    began = time.perf_counter()
    for action in planned:  # the same decisions again, now each written durably
        target.apply(action)
    return len(planned) / (time.perf_counter() - began)


# -- the command line ---------------------------------------------------------------------------
def cli_ratios(tmp: Path, repeat: int, instructions: bool = True) -> dict:
    """`boardcore --help`, `legal FILE` and `act FILE 1` against `python -c "import typer"`, wall time. The
    four commands take turns, `repeat` rounds of them, and each figure is the median of its own: run one
    after the other, a burst of load on a shared machine landed on one command's tries only and moved its
    ratio by half (1.29 to 2.06 for `legal` in three runs a minute apart)."""
    exe = Path(sys.executable).with_name("boardcore")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["BOARDCORE_DB"] = str(tmp / "cli.sqlite")
    game = tmp / "cli.jsonl"
    subprocess.run([str(exe), "new", "solar-sphere", "--players", "2", "--seed", "1", "-o", str(game)], env=env,
                   check=True, capture_output=True)
    copy = tmp / "act.jsonl"

    def fresh_copy():
        shutil.copy(game, copy)
        shutil.copy(game.with_name(game.name + ".seed"), copy.with_name(copy.name + ".seed"))

    commands = {"typer": ([sys.executable, "-c", "import typer"], None), "help": ([str(exe), "--help"], None),
                "legal": ([str(exe), "legal", str(game)], None), "act": ([str(exe), "act", str(copy), "1"], fresh_copy)}
    saved = {f"saved {folder.name}": ([str(exe), "legal", str(folder / "2p.jsonl")], None)
             for folder in sorted((ROOT / "replays").iterdir()) if (folder / "2p.jsonl").exists()}
    commands.update(saved)
    for cmd, _ in commands.values():  # warm: write the bytecode (and component data) caches
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, (cmd, fresh) in commands.items():
            if fresh:
                fresh()
            began = time.perf_counter()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - began)
    median = {name: statistics.median(t) for name, t in times.items()}
    figures: dict = {f"cli_{name}_vs_import_typer": round(median[name] / median["typer"], 3)
                     for name in ("help", "legal", "act")}
    figures["cli_legal_saved_vs_import_typer"] = {name.split()[1]: round(median[name] / median["typer"], 3)
                                                  for name in saved}
    if instructions:
        figures["cli_legal_saved_vs_import_typer_instructions"] = guarded(cli_instructions, env, {
            name.split()[1]: cmd for name, (cmd, _) in saved.items()})
    return figures


def cli_instructions(env: dict, commands: dict[str, list[str]]) -> dict:
    """`legal` on each saved game against `import typer`, in instructions counted by valgrind (one run
    each, the caches warm): what a timed figure near its target cannot settle on a shared machine, where
    one command's tries land in a burst of load and another's do not."""
    if shutil.which("valgrind") is None:
        return {"skipped": "valgrind is not installed"}
    typer_ = instructions([sys.executable, "-c", "import typer"], env)
    return {name: round(instructions([sys.executable, *cmd], env) / typer_, 3) for name, cmd in commands.items()}


def list_ratio(tmp: Path, quick: bool) -> float:
    """`boardcore list` at 10,000 games against 100, each a whole game played to its end by random bots
    (hundreds of records, as a kept game has; one-record games hid a query that read every event). One
    game is written through the store, then its rows and summary are copied under new ids in one
    transaction, byte for byte, which fills the database in seconds rather than a commit per game."""
    rules = games.get("solar-sphere")
    s = Session.new(rules, players=2, seed="list")
    run_bots(s, {1: RandomAgent(rules), 2: RandomAgent(rules)})
    big = 1_000 if quick else 10_000

    def fill(path: Path, n: int) -> None:
        db = DatabaseStore.sqlite(path)
        db.create("g0", s.records(), None, s.summary())
        events = db.recorder.events_table_name
        db.close()
        with sqlite3.connect(path) as con:
            rows = con.execute(f"SELECT * FROM {events} WHERE originator_id = 'g0'").fetchall()
            summary = con.execute("SELECT * FROM boardcore_games WHERE stream_id = 'g0'").fetchone()
            for i in range(1, n):
                con.executemany(f"INSERT INTO {events} VALUES (?, ?, ?, ?)", [(f"g{i}", *r[1:]) for r in rows])
                con.execute("INSERT INTO boardcore_games VALUES (?, ?, ?, ?, ?, ?, ?)", (f"g{i}", *summary[1:]))
        con.close()

    fill(tmp / "small.sqlite", 100)
    fill(tmp / "big.sqlite", big)
    exe = Path(sys.executable).with_name("boardcore")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def listing(path: Path):
        return lambda: subprocess.run([str(exe), "list"], env={**env, "BOARDCORE_DB": str(path)},
                                      stdout=subprocess.DEVNULL, check=True)

    return round(best_ratio(listing(tmp / "big.sqlite"), listing(tmp / "small.sqlite"), 7), 3)


# -- every core --------------------------------------------------------------------------------
def workers_ratios(tmp: Path, quick: bool) -> dict:
    from boardcore.analysis.audit import audit_many
    from boardcore.analysis.check import check
    from boardcore.analysis.simulate import simulate
    from boardcore.analysis.whatif import DEFAULT_ROLLOUTS, compare

    rules = games.get("warlords")
    config = rules.make_config(players=2)
    n = 40 if quick else 400
    folder = archive(tmp / "archive", 40 if quick else 400)
    question = Session.load(ROOT / "replays" / "solar_sphere" / "2p.jsonl")   # its first decision is at 24

    def ratio(fn) -> float:
        return round(best_ratio(lambda: fn(2), lambda: fn(1), 2), 3)

    return {"simulate": ratio(lambda w: simulate(rules, config, ["random", "random"], n * 2 if quick else 1000,
                                                 workers=w)),
            "whatif": ratio(lambda w: compare(question, 24, rollouts=8 if quick else DEFAULT_ROLLOUTS, workers=w)),
            "check": ratio(lambda w: check(rules, config, games=n // 4, workers=w)),
            "audit": ratio(lambda w: audit_many([str(folder)], workers=w))}


def workers_default_ratios(quick: bool) -> dict:
    """`workers_default_vs_1` (see the module docstring), the two commands taking turns, best of three."""
    exe = Path(sys.executable).with_name("boardcore")

    def command(n: int, *workers: str) -> None:
        subprocess.run([str(exe), "simulate", "warlords", "-n", str(n), *workers], stdout=subprocess.DEVNULL,
                       check=True)

    return {f"n{n}": round(best_ratio(lambda: command(n), lambda: command(n, "--workers", "1"), 2 if quick else 3), 3)
            for n in (20, 200 if quick else 1000)}


def archive(folder: Path, n: int) -> Path:
    """`n` saved, finished games (distinct seeds) in a folder, made once."""
    folder.mkdir(parents=True, exist_ok=True)
    if len(list(folder.glob("*.jsonl"))) >= n:
        return folder
    rules = games.get("warlords")
    for g in range(n):
        s = Session.new(rules, players=2, seed=f"archive/{g}")
        run_bots(s, {1: RandomAgent(rules), 2: RandomAgent(rules)}, seed=g)
        s.save(folder / f"g{g:04}.jsonl")
    return folder


def audit_batch_ratio(tmp: Path, quick: bool) -> float:
    """Per game: one `audit` of the whole archive against one CLI call per file (on a sample of ten), the
    two taking turns, best of three each (a single try of each moved the figure from 28 to 36 between runs)."""
    n = 100 if quick else 1000
    folder = archive(tmp / "archive-batch", n)
    exe = Path(sys.executable).with_name("boardcore")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    files = sorted(folder.glob("*.jsonl"))
    sample = files[:10]
    subprocess.run([str(exe), "audit", str(sample[0])], env=env, stdout=subprocess.DEVNULL, check=True)

    def per_file():
        for f in sample:
            subprocess.run([str(exe), "audit", str(f)], env=env, stdout=subprocess.DEVNULL, check=True)

    def batch():
        subprocess.run([str(exe), "audit", str(folder)], env=env, stdout=subprocess.DEVNULL, check=True)

    return round(best_ratio(per_file, batch, 1 if quick else 3) * len(files) / len(sample), 1)


def ray_ratio(quick: bool) -> dict:
    """1,000 simulated games on a fresh one-node Ray cluster against the same on local workers."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return {"error": "Ray is not installed (pip install 'boardcore[cluster]')"}
    from boardcore.analysis.simulate import simulate

    ray_bin = Path(sys.executable).with_name("ray")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    temp = tempfile.mkdtemp(prefix="bench-ray-")
    subprocess.run([str(ray_bin), "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}",
                    f"--num-cpus={cores()}", "--include-dashboard=false", "--disable-usage-stats",
                    f"--temp-dir={temp}"], env=env, check=True, capture_output=True, timeout=180)
    try:
        rules = games.get("warlords")
        config = rules.make_config(players=2)
        n = 100 if quick else 1000
        address = f"127.0.0.1:{port}"

        def timed(**where):
            began = time.perf_counter()
            report = simulate(rules, config, ["random", "random"], n, **where)
            return time.perf_counter() - began, msgspec.structs.replace(report, seconds=0)

        local_t, local = timed(workers=None)
        cold_t, remote = timed(ray=address)      # connects, and the cluster starts its workers
        warm = [timed(ray=address)[0] for _ in range(2)]
        local_t = min(local_t, *(timed(workers=None)[0] for _ in range(2)))
        return {"ray_vs_local": round(min(warm) / local_t, 3), "ray_cold_vs_local": round(cold_t / local_t, 3),
                "games": n, "same_results": local == remote}
    finally:
        import ray

        ray.shutdown()
        subprocess.run([str(ray_bin), "stop", "--force"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(temp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="smaller samples (a minute or so)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray cluster figure")
    args = parser.parse_args()
    quick = args.quick
    real = installed()
    figures: dict[str, object] = {"cores": cores(), "games": {r.name: guarded(game_figures, r, quick) for r in real}}
    working = [r for r in real if "error" not in figures["games"][r.name]]
    figures["fold_game"] = "each game's own events (the slowest)"
    figures["fold_events_per_s"] = min((figures["games"][r.name]["fold_events_per_s"] for r in working), default=0)
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        ratio, replayed = replay_vs_floor(tmp, working[0] if working else games.get("solar-sphere"))
        figures["replay_sqlite_vs_floor"] = round(ratio, 3)
        figures["replay_records"] = replayed
        figures["load_checked_vs_unchecked"] = guarded(load_checked_vs_unchecked, tmp, 5 if quick else 15)
        figures.update(long_vs_short(quick))
        n = 20 if quick else 150
        figures["append_jsonl_decisions_per_s"] = round(append_rate(
            lambda: (JsonlFile(tmp / f"a{time.perf_counter_ns()}.jsonl"), JsonlFile.STREAM), working[0], n))
        figures["append_sqlite_decisions_per_s"] = round(append_rate(
            lambda: (DatabaseStore.sqlite(tmp / "append.sqlite"), f"a{time.perf_counter_ns()}"), working[0], n))
        figures.update(cli_ratios(tmp, 3 if quick else 9, instructions=not quick))
        figures["list_10000_vs_100"] = guarded(list_ratio, tmp, quick)
        figures["workers_2_vs_1"] = guarded(workers_ratios, tmp, quick)
        figures["workers_default_vs_1"] = guarded(workers_default_ratios, quick)
        figures["audit_batch_vs_cli_per_file"] = guarded(audit_batch_ratio, tmp, quick)
        figures["ray"] = {"skipped": "--no-ray"} if args.no_ray else guarded(ray_ratio, quick)
    check_figures(figures, quick)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        print(f"{key:<32} {value}")


if __name__ == "__main__":
    os.environ.setdefault("BOARDCORE_DB", os.devnull)
    main()

"""Performance figures, each beside its reference measured in the same run.

These machines are noisy, so targets are ratios within one run where a
reference exists:

- fold_events_per_s: a game's own events folded through its `evolve`
  (the synthetic counter game below until a real game is installed);
- replay_sqlite_vs_floor: loading a 500-event game from SQLite the way `replay`
  does, against the floor (a raw SELECT + msgspec decode + fold on the same table);
- state_at_long_vs_short: `Session.state_at` latency on a 10,000-event stream
  against a 100-event one (checkpoints keep it flat);
- append_jsonl/sqlite_decisions_per_s: `Session.apply` with fsync per decision;
- cli_help_vs_import_typer: `boardcore --help` wall time against `python -c "import typer"`;
- games: random-playout decisions/s and complete games/s per installed game.

Usage: python tools/bench.py [--json] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from boardcore import games
from boardcore.agents import RandomAgent
from boardcore.events import Decision, Fact
from boardcore.play import agent_rng, playout, run_bots, seeded, start
from boardcore.rules import Game, Outcome
from boardcore.session import Session
from boardcore.store import JsonlFile
from boardcore.store.database import DatabaseStore

GAMES = ("solar-sphere", "apogee", "warlords")


# -- a synthetic game: the reference stream while no real game is installed ----------------
class CounterConfig(msgspec.Struct, frozen=True):
    players: int = 2
    length: int = 1_000_000


class CounterState(msgspec.Struct):
    players: int
    length: int
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


class Counter(Game):
    """Each turn: choose 1 or 2, then a die is added. Ends after `length` turns."""

    name, version = "bench-counter", "1"
    config_type, state_type = CounterConfig, CounterState
    events = (Step, Rolled)
    min_players, max_players = 1, 4
    handlers = {Step: _step, Rolled: _rolled}

    def initial(self, c):
        return CounterState(players=c.players, length=c.length, totals=[0] * c.players)

    def copy(self, s):
        return CounterState(players=s.players, length=s.length, turn=s.turn, steps=s.steps, totals=s.totals[:])

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


COUNTER = games.register(Counter())


# -- helpers -----------------------------------------------------------------------------
def timed(fn, repeat: int = 5) -> float:
    """Best of `repeat` wall times: the least disturbed run."""
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - began)
    return best


def installed() -> list:
    out = []
    for name in GAMES:
        try:
            out.append(games.get(name))
        except Exception:  # noqa: BLE001 - a game not yet installed is simply not measured
            continue
    return out


def random_moves(s: Session, decisions: int) -> Session:
    """Up to `decisions` random decisions in `s` (fewer if the game ends)."""
    bot, choose = RandomAgent(s.rules), agent_rng(s.stream_id)
    for _ in range(decisions):
        if s.outcome is not None:
            break
        p = s.to_act[0]
        s.apply(bot.choose(s.view(p), s.legal_actions(p), choose(s.position)))
    return s


def random_session(rules, decisions: int, seed: int = 1) -> Session:
    return random_moves(Session.new(rules, players=2, seed=seed), decisions)


def events_of(rules, count: int) -> tuple[object, list]:
    """Whole random games of `rules` (or one long synthetic one) until there are `count` events:
    [(config, events after GameCreated)]."""
    games_, total, g = [], 0, 0
    while total < count:
        s = Session.new(rules, players=2, seed=f"bench/{g}", checkpoint_every=0)
        if rules is COUNTER:
            random_moves(s, count // 2)
        else:
            run_bots(s, {p: RandomAgent(rules) for p in range(1, s.players + 1)}, seed=g)
        events = [r.event for r in s.history.live[1:]]
        games_.append((s.config, events))
        total += len(events)
        g += 1
    return games_[0][0], games_


# -- the figures -----------------------------------------------------------------------------
def fold_rate(rules, count: int) -> float:
    config, games_ = events_of(rules, count)
    total = sum(len(ev) for _, ev in games_)
    evolve, initial = rules.evolve, rules.initial

    def fold_all():
        for cfg, events in games_:
            state = initial(cfg)
            for e in events:
                state = evolve(state, e)

    return total / timed(fold_all, 3)


def replay_vs_floor(tmp: Path, rules) -> tuple[float, int]:
    """Returns the ratio and the number of records replayed (500, or a whole shorter game)."""
    db_path = tmp / "replay.sqlite"
    store = DatabaseStore.sqlite(db_path)
    records = random_session(rules, 400).records()[:500]  # made in memory, then written in one go
    stream_id = "replay-500"
    store.create(stream_id, records, None)
    codec = store._codec(stream_id)
    decode = codec.msgpack_record.decode
    evolve = rules.evolve
    config = msgspec.convert(records[0].event.config, rules.config_type)
    conn = sqlite3.connect(db_path)

    def floor():
        rows = conn.execute("SELECT state FROM stored_events WHERE originator_id=? ORDER BY originator_version",
                            (stream_id,)).fetchall()
        state = rules.initial(config)
        for (blob,) in rows[1:]:
            state = evolve(state, decode(blob).event)

    def replay():
        Session.load(stream_id, store=store, verify_chain=False, checkpoint_every=0)

    floor_t, replay_t = timed(floor, 30), timed(replay, 30)
    conn.close()
    return replay_t / floor_t, len(records)


def state_at_ratio() -> float:
    short = random_session(COUNTER, 50)     # 2 events per decision: about 100 events
    long = random_session(COUNTER, 5_000)   # about 10,000 events

    def probe(s: Session):
        positions = [max(1, s.position - k * 7) for k in range(1, 12)]
        return lambda: [s.state_at(p) for p in positions]

    return timed(probe(long), 50) / timed(probe(short), 50)


def append_rate(store_factory, rules, decisions: int) -> float:
    store, stream_id = store_factory()
    s = Session.new(rules, players=2, seed=3, store=store, stream_id=stream_id)
    bot, choose = RandomAgent(rules), agent_rng(3)
    planned = []
    for _ in range(decisions):  # choose first, so only the writes are timed
        if s.outcome is not None:
            break
        p = s.to_act[0]
        planned.append(bot.choose(s.view(p), s.legal_actions(p), choose(s.position)))
        s.apply(planned[-1])
    replay_store, replay_id = store_factory()
    s2 = Session.new(rules, players=2, seed=3, store=replay_store, stream_id=replay_id)
    began = time.perf_counter()
    for action in planned:
        s2.apply(action)
    return len(planned) / (time.perf_counter() - began)


def cli_ratio(repeat: int) -> float:
    exe = Path(sys.executable).with_name("boardcore")
    cmd_help = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "boardcore.cli", "--help"]
    cmd_typer = [sys.executable, "-c", "import typer"]

    def wall(cmd):
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times.append(time.perf_counter() - began)
        return statistics.median(times)

    return wall(cmd_help) / wall(cmd_typer)


def playout_rates(rules, seconds: float) -> dict[str, float]:
    config = rules.make_config(players=3 if rules.name == "apogee" else 2)
    bots = {p: RandomAgent(rules) for p in range(1, config.players + 1)}
    decisions = played = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds or played == 0:
        chance = seeded(f"playout/{played}")
        state, position = start(rules, config, chance)
        _, _, made = playout(rules, state, position, bots, chance, agent_rng(played), max_decisions=50_000)
        decisions += made
        played += 1
    elapsed = time.perf_counter() - began
    return {"decisions_per_s": round(decisions / elapsed), "games_per_s": round(played / elapsed, 2),
            "players": int(config.players)}


def guarded(measure, *args):
    """A game still being written must not stop the other figures: its error is reported instead."""
    try:
        return measure(*args)
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}


def game_figures(rules, quick: bool) -> dict:
    rates = playout_rates(rules, 1.0 if quick else 4.0)
    rates["fold_events_per_s"] = round(fold_rate(rules, 20_000 if quick else 200_000))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="smaller samples (a few seconds)")
    args = parser.parse_args()
    quick = args.quick
    real = installed()
    figures: dict[str, object] = {"games": {r.name: guarded(game_figures, r, quick) for r in real}}
    working = [r for r in real if "error" not in figures["games"][r.name]]
    fold_game = working[0] if working else COUNTER
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        figures["fold_game"] = "each game's own events (the slowest)" if working else COUNTER.name
        figures["fold_events_per_s"] = (min(figures["games"][r.name]["fold_events_per_s"] for r in working)
                                        if working else round(fold_rate(COUNTER, 50_000 if quick else 300_000)))
        ratio, replayed = replay_vs_floor(tmp, fold_game)
        figures["replay_sqlite_vs_floor"] = round(ratio, 3)
        figures["replay_records"] = replayed
        figures["state_at_long_vs_short"] = round(state_at_ratio(), 3)
        n = 30 if quick else 150
        figures["append_jsonl_decisions_per_s"] = round(append_rate(
            lambda: (JsonlFile(tmp / f"a{time.perf_counter_ns()}.jsonl"), JsonlFile.STREAM), fold_game, n))
        figures["append_sqlite_decisions_per_s"] = round(append_rate(
            lambda: (DatabaseStore.sqlite(tmp / "append.sqlite"), f"a{time.perf_counter_ns()}"), fold_game, n))
        figures["cli_help_vs_import_typer"] = round(cli_ratio(3 if quick else 7), 3)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        print(f"{key:<32} {value}")


if __name__ == "__main__":
    os.environ.setdefault("BOARDCORE_DB", os.devnull)
    main()

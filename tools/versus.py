"""This checkout's speed against another one's, in one run: the way to show a speed-up on a noisy machine.

    git worktree add ../old <commit>          # with its own virtual environment in ../old/.venv
    python tools/versus.py ../old [--games N] [--rounds R] [--json]

Each figure is `boardcore.analysis.simulate.simulate` (which every version has) playing the same games with the
same seeds: random seats and greedy seats, in every installed game. The two checkouts take turns in
fresh processes, round after round, so a change in the machine's load hits both alike; the best round of
each is kept. Each process counts its own CPU time. The games are the same deals, but a version may
draw its bots' random choices differently (this one gives each playout one stream), so the decisions
played may differ a little: both counts are printed, and a difference over 10% refuses the comparison
(rates per decision are then of different work). Ratios above 1 mean this checkout is faster.

Greedy games drift apart between versions (a rules fix changes what greedy meets, so whole games
differ), so greedy is also timed on positions: this checkout plays random games and keeps every
fifth position that offers a choice; each checkout then decodes the same positions into its own state
type and times one greedy decision on each (the view, the legal actions, the choice). Positions the
other version cannot read or decide on are left out of both sides, so the two time the same decisions.

`--instructions` counts instead of timing: each measure runs once per checkout under valgrind's callgrind,
and a figure is instructions per decision (less a run that only imports and warms up), which load on the
machine cannot move. It does not see cache effects, so it stands beside the timed figure, not in its place.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

MEASURE = r"""
import json, sys, time
from boardcore import games
from boardcore.analysis.simulate import simulate
name, policy, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rules = games.get(name)
config = rules.make_config(players=2)
simulate(rules, config, [policy] * 2, 1, seed="warm")
began = time.process_time()
decisions = simulate(rules, config, [policy] * 2, n, seed="versus").decisions if n else 0
print(json.dumps({"decisions": decisions, "seconds": time.process_time() - began}))
"""


POSITIONS = r"""
import sys, msgspec
from boardcore import games
from boardcore.agents.policies import RandomAgent
from boardcore.agents.play import agent_stream, seeded, start
name, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rules = games.get(name)
config = rules.make_config(players=2)
bot, kept, seen = RandomAgent(rules), [], 0
for g in range(n):
    chance, choose = seeded(f"versus/positions/{g}"), agent_stream(f"versus/positions/{g}")
    state, position = start(rules, config, chance)
    while rules.outcome(state) is None:
        player = rules.to_act(state)[0]
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        if len(legal) > 1:
            seen += 1
            if seen % 5 == 0:
                kept.append((player, msgspec.msgpack.encode(state)))
        u = rules.unfold(state, bot.choose(None, legal, choose(position)), chance(position), trusted=True)
        state, position = u.state, position + len(u.events)
open(out, "wb").write(msgspec.msgpack.encode(kept))
"""

TIME_POSITIONS = r"""
import json, sys, time, msgspec
from boardcore import games
from boardcore.agents.policies import GreedyAgent
from boardcore.game.rng import Rng
name, path, warm_only = sys.argv[1], sys.argv[2], len(sys.argv) > 3
rules = games.get(name)
bot = GreedyAgent(rules)
positions = msgspec.msgpack.decode(open(path, "rb").read())

def decide(i, player, blob):
    state = msgspec.msgpack.decode(blob, type=rules.state_type)
    legal = [a for a in rules.legal_actions(state) if a.player == player]
    bot.choose(rules.view(state, player), legal, Rng.derive("versus", i))

for i, (player, blob) in enumerate(positions[:3]):   # warm: lazy imports, the first call's setup
    try:
        decide(i, player, blob)
    except Exception:  # noqa: BLE001 - timed (and left out) below
        pass
times = []
for i, (player, blob) in enumerate([] if warm_only else positions):   # in play order, each once, as a game meets them
    try:
        began = time.process_time()
        decide(i, player, blob)
        times.append(time.process_time() - began)
    except Exception:  # noqa: BLE001 - a position this version cannot read or decide on is left out
        times.append(None)
print(json.dumps(times))
"""


def run(tree: Path, script: str, *args: str, count: bool = False) -> tuple[object, int | None]:
    """`script` in `tree`'s interpreter with its src first: its last line of output as JSON (None if it
    printed nothing), and with `count` the machine instructions it ran (under callgrind)."""
    import tempfile

    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    with tempfile.TemporaryDirectory() as tmp:
        prefix = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out"] if count else []
        done = subprocess.run([*prefix, python_of(tree), "-c", script, *args], env=env, cwd=tree,
                              capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(args[:2])} failed: {done.stderr.strip().splitlines()[-1:]}")
    lines = done.stdout.strip().splitlines()
    out = json.loads(lines[-1]) if lines else None
    counted = int(done.stderr.rsplit("Collected : ", 1)[1].split()[0]) if count else None
    return out, counted


def positions_ratio(other: Path, game: str, n: int, rounds: int, count: bool = False) -> dict:
    """Greedy on the same positions in both checkouts (see the module docstring)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "positions.msgpack")
        run(HERE, POSITIONS, game, str(n), path)
        if count:
            return positions_instructions(other, game, path)
        best: list[list[float | None] | None] = [None, None]   # the other checkout's, then this one's
        for _ in range(rounds):
            for side, tree in enumerate((other, HERE)):
                times, _ = run(tree, TIME_POSITIONS, game, path)
                kept = best[side]
                best[side] = times if kept is None else [
                    None if a is None or b is None else min(a, b) for a, b in zip(kept, times)]
    theirs_each, ours_each = best
    common = [i for i, (a, b) in enumerate(zip(theirs_each, ours_each)) if a is not None and b is not None]
    ours, theirs = sum(ours_each[i] for i in common), sum(theirs_each[i] for i in common)
    return {"positions": len(common), "left_out": len(ours_each) - len(common),
            "this_per_s": round(len(common) / ours), "other_per_s": round(len(common) / theirs),
            "ratio": round(theirs / ours, 2)}


def positions_instructions(other: Path, game: str, path: str) -> dict:
    """Instructions per greedy decision on the shared positions in each checkout: every position decided
    once, less the warm-up alone. Only where neither side leaves a position out (a failed decision
    costs what it costs, not what deciding would)."""
    per: list[float] = []   # the other checkout's, then this one's
    for tree in (other, HERE):
        times, everything = run(tree, TIME_POSITIONS, game, path, count=True)
        _, warm = run(tree, TIME_POSITIONS, game, path, "warm", count=True)
        if None in times:
            return {"refused": f"{tree.name} cannot decide on {times.count(None)} of the positions"}
        per.append((everything - warm) / len(times))
    theirs, ours = per
    return {"positions": len(times), "left_out": 0, "this_per_decision": round(ours),
            "other_per_decision": round(theirs), "ratio": round(theirs / ours, 2)}


def python_of(tree: Path) -> str:
    """The tree's own virtual environment if it has one, else this interpreter (with its src first)."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def rate(tree: Path, game: str, policy: str, n: int) -> tuple[float, int]:
    """Decisions per CPU second of `n` games, and how many decisions they took."""
    out, _ = run(tree, MEASURE, game, policy, str(n))
    return out["decisions"] / out["seconds"], out["decisions"]


def instructions(tree: Path, game: str, policy: str, n: int) -> tuple[float, int]:
    """Instructions per decision of `n` games (less the same run with none), and how many decisions."""
    out, everything = run(tree, MEASURE, game, policy, str(n), count=True)
    _, warm = run(tree, MEASURE, game, policy, "0", count=True)
    return (everything - warm) / out["decisions"], out["decisions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (a git worktree of an older commit)")
    parser.add_argument("--games", type=int, default=None, help="games per measure (random 40, greedy 4)")
    parser.add_argument("--rounds", type=int, default=3, help="turns each checkout takes (best kept)")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    parser.add_argument("--positions", type=int, default=6, metavar="GAMES",
                        help="random games whose positions greedy is timed on (every fifth with a choice)")
    parser.add_argument("--only-positions", action="store_true",
                        help="only greedy on shared positions (the figure the greedy targets are set in)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per decision with valgrind instead of timing (one round)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    other = args.other.resolve()
    if not (other / "src" / "boardcore").is_dir():
        raise SystemExit(f"{other} is not a boardcore checkout")
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    rounds = 1 if args.instructions else args.rounds
    names = args.game or ["solar-sphere", "apogee", "warlords"]
    figures: dict[str, dict] = {}
    for game in names:
        for policy in () if args.only_positions else ("random", "greedy"):
            n = args.games or (40 if policy == "random" else 4)
            figures.setdefault(game, {})[policy] = f = compare_games(other, game, policy, n, rounds, args.instructions)
            if not args.json:
                print(f"{game:<13} {policy:<7} {said(f, rounds)}", flush=True)
        f = figures.setdefault(game, {})["greedy_positions"] = positions_ratio(other, game, args.positions, rounds, args.instructions)
        if not args.json:
            print(f"{game:<13} greedy on {f.get('positions', 0)} shared positions: {said(f, rounds)}", flush=True)
    if args.json:
        print(json.dumps(figures, indent=2))


def compare_games(other: Path, game: str, policy: str, n: int, rounds: int, count: bool) -> dict:
    """The same `n` seeded games in both checkouts, `rounds` turns each (the best kept), timed or counted."""
    measure = instructions if count else rate
    ours, theirs = [], []
    for _ in range(rounds):
        r_theirs, d_theirs = measure(other, game, policy, n)
        r_ours, d_ours = measure(HERE, game, policy, n)
        if abs(d_theirs - d_ours) > 0.1 * max(d_theirs, d_ours):
            return {"refused": f"the checkouts played very different games ({d_theirs} and {d_ours} decisions): "
                               "no comparison"}
        theirs.append(r_theirs)
        ours.append(r_ours)
    if count:
        return {"decisions": d_ours, "other_decisions": d_theirs, "this_per_decision": round(ours[0]),
                "other_per_decision": round(theirs[0]), "ratio": round(theirs[0] / ours[0], 2)}
    return {"decisions": d_ours, "other_decisions": d_theirs, "this_per_s": round(max(ours)),
            "other_per_s": round(max(theirs)), "ratio": round(max(ours) / max(theirs), 2)}


def said(f: dict, rounds: int) -> str:
    """One figure in words: a rate or an instruction count against the other checkout's, and the ratio."""
    if "refused" in f:
        return f["refused"]
    if "this_per_decision" in f:
        head = f"{f['this_per_decision']:>10} instructions per decision against {f['other_per_decision']:>10}"
    else:
        head = f"{f['this_per_s']:>8} decisions/s against {f['other_per_s']:>8}"
    done = (f"{f['decisions']} and {f['other_decisions']} decisions" if "decisions" in f
            else f"{f['left_out']} left out")
    return f"{head}: {f['ratio']:.2f}x  ({done}{f', best of {rounds}' if rounds > 1 else ''})"


if __name__ == "__main__":
    main()

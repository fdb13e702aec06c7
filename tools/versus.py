"""This checkout's speed against another one's, in one run: the way to show a speed-up on a noisy machine.

    git worktree add ../old <commit>          # with its own virtual environment in ../old/.venv
    python tools/versus.py ../old [--games N] [--rounds R] [--json]

Each figure is `boardcore.simulate.simulate` (which every version has) playing the same games with the
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
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

MEASURE = r"""
import json, sys, time
from boardcore import games
from boardcore.simulate import simulate
name, policy, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rules = games.get(name)
config = rules.make_config(players=2)
simulate(rules, config, [policy] * 2, 1, seed="warm")
began = time.process_time()
report = simulate(rules, config, [policy] * 2, n, seed="versus")
print(json.dumps({"decisions": report.decisions, "seconds": time.process_time() - began}))
"""


POSITIONS = r"""
import sys, msgspec
from boardcore import games
from boardcore.agents import RandomAgent
from boardcore.play import agent_stream, seeded, start
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
from boardcore.agents import GreedyAgent
from boardcore.rng import Rng
name, path = sys.argv[1], sys.argv[2]
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
for i, (player, blob) in enumerate(positions):          # in play order, each once, as a game meets them
    try:
        began = time.process_time()
        decide(i, player, blob)
        times.append(time.process_time() - began)
    except Exception:  # noqa: BLE001 - a position this version cannot read or decide on is left out
        times.append(None)
print(json.dumps(times))
"""


def positions_ratio(other: Path, game: str, n: int, rounds: int) -> dict:
    """Greedy on the same positions in both checkouts (see the module docstring)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "positions.msgpack")
        env = {**os.environ, "PYTHONPATH": str(HERE / "src")}
        subprocess.run([python_of(HERE), "-c", POSITIONS, game, str(n), path], env=env, cwd=HERE, check=True)
        best: dict[Path, list[float | None]] = {}
        for _ in range(rounds):
            for tree in (other, HERE):
                done = subprocess.run([python_of(tree), "-c", TIME_POSITIONS, game, path], capture_output=True,
                                      text=True, env={**os.environ, "PYTHONPATH": str(tree / "src")}, cwd=tree,
                                      check=False)
                if done.returncode != 0:
                    raise SystemExit(f"{tree}: {game} greedy positions failed: {done.stderr.strip().splitlines()[-1:]}")
                times = json.loads(done.stdout.strip().splitlines()[-1])
                kept = best.get(tree)
                best[tree] = times if kept is None else [
                    None if a is None or b is None else min(a, b) for a, b in zip(kept, times)]
    common = [i for i, (a, b) in enumerate(zip(best[other], best[HERE])) if a is not None and b is not None]
    ours, theirs = sum(best[HERE][i] for i in common), sum(best[other][i] for i in common)
    return {"positions": len(common), "left_out": len(best[HERE]) - len(common),
            "this_per_s": round(len(common) / ours), "other_per_s": round(len(common) / theirs),
            "ratio": round(theirs / ours, 2)}


def python_of(tree: Path) -> str:
    """The tree's own virtual environment if it has one, else this interpreter (with its src first)."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def rate(tree: Path, game: str, policy: str, n: int) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run([python_of(tree), "-c", MEASURE, game, policy, str(n)], env=env, cwd=tree,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {game} {policy} failed: {done.stderr.strip().splitlines()[-1:]}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return out["decisions"] / out["seconds"], out["decisions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (a git worktree of an older commit)")
    parser.add_argument("--games", type=int, default=None, help="games per measure (random 40, greedy 4)")
    parser.add_argument("--rounds", type=int, default=3, help="turns each checkout takes (best kept)")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    parser.add_argument("--positions", type=int, default=6, metavar="GAMES",
                        help="random games whose positions greedy is timed on (every fifth with a choice)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    other = args.other.resolve()
    if not (other / "src" / "boardcore").is_dir():
        raise SystemExit(f"{other} is not a boardcore checkout")
    names = args.game or ["solar-sphere", "apogee", "warlords"]
    figures: dict[str, dict] = {}
    for game in names:
        for policy in ("random", "greedy"):
            n = args.games or (40 if policy == "random" else 4)
            ours, theirs = [], []
            for _ in range(args.rounds):
                r_theirs, d_theirs = rate(other, game, policy, n)
                r_ours, d_ours = rate(HERE, game, policy, n)
                if abs(d_theirs - d_ours) > 0.1 * max(d_theirs, d_ours):
                    break
                theirs.append(r_theirs)
                ours.append(r_ours)
            if not ours:
                why = f"the checkouts played very different games ({d_theirs} and {d_ours} decisions): no comparison"
                figures.setdefault(game, {})[policy] = {"refused": why}
                if not args.json:
                    print(f"{game:<13} {policy:<7} {why}", flush=True)
                continue
            figures.setdefault(game, {})[policy] = {
                "decisions": d_ours, "other_decisions": d_theirs, "this_per_s": round(max(ours)), "other_per_s": round(max(theirs)),
                "ratio": round(max(ours) / max(theirs), 2)}
            if not args.json:
                f = figures[game][policy]
                print(f"{game:<13} {policy:<7} {f['this_per_s']:>8} decisions/s against {f['other_per_s']:>8}: "
                      f"{f['ratio']:.2f}x  ({f['decisions']} and {f['other_decisions']} decisions, best of {args.rounds})", flush=True)
        f = figures[game]["greedy_positions"] = positions_ratio(other, game, args.positions, args.rounds)
        if not args.json:
            print(f"{game:<13} greedy on {f['positions']} shared positions: {f['this_per_s']:>8} decisions/s against "
                  f"{f['other_per_s']:>8}: {f['ratio']:.2f}x  ({f['left_out']} left out, best of {args.rounds})",
                  flush=True)
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

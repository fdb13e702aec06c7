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
                    raise SystemExit(f"{game} {policy}: the checkouts played very different games "
                                     f"({d_theirs} and {d_ours} decisions): no comparison")
                theirs.append(r_theirs)
                ours.append(r_ours)
            figures.setdefault(game, {})[policy] = {
                "decisions": d_ours, "other_decisions": d_theirs, "this_per_s": round(max(ours)), "other_per_s": round(max(theirs)),
                "ratio": round(max(ours) / max(theirs), 2)}
            if not args.json:
                f = figures[game][policy]
                print(f"{game:<13} {policy:<7} {f['this_per_s']:>8} decisions/s against {f['other_per_s']:>8}: "
                      f"{f['ratio']:.2f}x  ({f['decisions']} and {f['other_decisions']} decisions, best of {args.rounds})", flush=True)
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

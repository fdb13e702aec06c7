"""The bots' strength and the what-if intervals, as the README quotes them: each figure is one
library call (`boardcore.analysis.tournament`, `boardcore.analysis.whatif`), printed with its 95% interval.

    python tools/strength.py duels  [-n 200] [--workers 2]    # mcts against greedy, 2 players, every game
    python tools/strength.py budgets [-n 200] [--workers 2]   # mcts:seconds=1 against mcts:seconds=0.25
    python tools/strength.py replies [-n 2]                   # mcts's reply times, CPU and wall, every game
    python tools/strength.py solo   [-n 40]  [--workers 2]    # mcts and greedy against each automa
    python tools/strength.py whatif [-k 40]  [--workers 2]    # paired against independent intervals
    python tools/strength.py openspiel [-n 100] [--per-move 0.25] [--game G] [--workers 2]   # mcts against OpenSpiel's ISMCTS

`duels` is `boardcore tournament GAME --players 2 --agent mcts --agent greedy` for each game, with the
reply times of `mcts` (mean, median, longest); `budgets` the same with `mcts:seconds=1` against
`mcts:seconds=0.25` (does more time help?). `replies` times every reply of `--agent` (default `mcts`,
whose budget is capped in time) against greedy over `-n` games of each game in one process, by the CPU
time of the process as well as the clock: on a busy machine the clock says how long a user waits, the
CPU time what the same reply costs on an idle one. `solo`
plays Solar Sphere levels I-III, Apogee Solo Missions 1-6 and the Rebellion standard and hard, each
agent on the same deals. `whatif` questions the first decision of `replays/solar_sphere/2p.jsonl`
(position 24, about fourteen alternatives) three ways: every alternative with the same `-k` rollouts,
comparing each paired interval on the difference with the independent (Wilson) interval the old
what-if printed for the same rollouts; the adaptive race with the same number of playouts in all;
and `--seconds 60` on the workers given, for its verdict.

`openspiel` is `boardcore tournament GAME --players 2 --agent mcts:seconds=S --agent openspiel-ismcts:seconds=S`
for each game (needs the `[openspiel]` extra; `--opponent openspiel-mcts` for its MCTSBot): the same time per
decision for both, and each one's measured mean time per decision printed beside the result.

These runs are long (the duels take hours on two cores): run them in the background.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import msgspec

from collections import Counter

from boardcore import games
from boardcore.agents.policies import make, resolve, shippable
from boardcore.agents.execute import run
from boardcore.agents.play import agent_rng, playout, seeded, start
from boardcore.session.session import Session
from boardcore.analysis.tournament import tournament
from boardcore.analysis.stats import rate_interval, unpaired_interval
from boardcore.analysis.whatif import compare

ROOT = Path(__file__).resolve().parent.parent
SOLO = [("solar-sphere", {"players": 1, "level": level}, f"Solar Sphere level {'I' * level}") for level in (1, 2, 3)] \
    + [("apogee", {"players": 1, "mission": m}, f"Apogee Solo Mission {m}") for m in range(1, 7)] \
    + [("warlords", {"players": 1, "level": level}, f"Galactic Warlords, the Rebellion {level}")
       for level in ("standard", "hard")]
WHATIF_REPLAY, WHATIF_AT = ROOT / "replays" / "solar_sphere" / "2p.jsonl", 24


def duels(args) -> dict:
    return _duels(args, args.agent, "greedy")


def budgets(args) -> dict:
    return _duels(args, "mcts:seconds=1", "mcts:seconds=0.25")


def _duels(args, agent: str, rival: str) -> dict:
    """`agent` against `rival` in a 2-player game of each game (`--game` for one), with `agent`'s reply times."""
    out = {}
    for name in args.game or ("solar-sphere", "apogee", "warlords"):
        rules = games.get(name)
        report = tournament(rules, rules.make_config(players=2), [agent, rival], args.games,
                            seed=args.seed, workers=args.workers)
        p = report.pairings[0]
        mine = report.standings[0]
        print(f"{name:<13} {p.a} against {p.b}, {p.games} games (seats alternated): {p.a} wins {p.a_rate} "
              f"({p.a_wins:g}-{p.b_wins:g}); reply {mine.reply_seconds:.2f}s mean, {mine.reply_median_seconds:.2f}s "
              f"median, {mine.reply_max_seconds:.2f}s max; {report.seconds:.0f}s", flush=True)
        out[name] = msgspec.to_builtins(report)
    return out


def replies(args) -> dict:
    out = {}
    for name in args.game or ("solar-sphere", "apogee", "warlords"):
        rules = games.get(name)
        cpu, wall, iterations = [], [], []
        for g in range(args.games):
            bot, rival = make(args.agent, rules), make("greedy", rules)
            chance, choice = seeded(f"strength/replies/{args.seed}/{g}"), agent_rng(f"strength/replies/{args.seed}/{g}")
            state, position = start(rules, rules.make_config(players=2), chance)
            while rules.outcome(state) is None:
                player = rules.to_act(state)[0]
                legal = [a for a in rules.legal_actions(state) if a.player == player]
                mine = player == 1 + g % 2
                began, clock = time.process_time(), time.perf_counter()
                action = (bot if mine else rival).choose(rules.view(state, player), legal, choice(position))
                if mine and len(legal) > 1:
                    cpu.append(time.process_time() - began)
                    wall.append(time.perf_counter() - clock)
                    iterations.append(getattr(bot, "last", {}).get("iterations", 0))
                unfolding = rules.unfold(state, action, chance(position), trusted=True, in_place=True)
                state, position = unfolding.state, position + len(unfolding.events)
        print(f"{name:<13} {args.agent}, {len(cpu)} replies in {args.games} games against greedy: CPU median "
              f"{statistics.median(cpu):.3f}s, max {max(cpu):.3f}s; clock median {statistics.median(wall):.3f}s, max "
              f"{max(wall):.3f}s; iterations median {statistics.median(iterations):g}, min {min(iterations)}", flush=True)
        out[name] = {"cpu": cpu, "wall": wall, "iterations": iterations}
    return out


def solo(args) -> dict:
    """Each agent against each automa on the same deals, with how close it came: DRANDA's margin, the
    Solo Mission's goals (credits, launches, investors, astronauts), the Rebellion's score."""
    out = {}
    agents = [args.agent, "greedy"]
    for name, options, title in SOLO:
        rules = games.get(name)
        config = rules.make_config(**options)
        items = [(a, g) for a in range(len(agents)) for g in range(args.games)]
        began = time.perf_counter()
        results = run(_solo_game, (shippable(rules), config, agents, args.seed, title), items, workers=args.workers)
        line = [f"{title:<38}"]
        summary = {}
        for a, spec in enumerate(agents):
            mine = [r for (who, _), r in zip(items, results) if who == a]
            wins = sum(r["win"] for r in mine)
            rate = rate_interval(wins, len(mine))
            near = _closeness(name, mine)
            line.append(f"{spec} {rate}{near}")
            summary[spec] = {"win_rate": msgspec.to_builtins(rate), "games": mine}
        gap = summary[agents[0]]["win_rate"]["mean"] - summary["greedy"]["win_rate"]["mean"]
        print("  ".join(line) + f"  difference {gap:+.3f} ({args.games} games each, {time.perf_counter() - began:.0f}s)",
              flush=True)
        out[title] = summary
    return out


def _solo_game(shared, item) -> dict:
    """One solo game: the win, the score, and what says how close it came (see `_closeness`)."""
    rules, config, agents, seed, title = shared
    rules = resolve(rules)
    a, g = item
    chance = seeded(f"strength/solo/{seed}/{title}/{g}")
    state, position = start(rules, config, chance)
    # every agent meets deal g with the same luck for its bot, as in `boardcore tournament`: an agent's
    # figures do not hang on its place in the list
    state, _, _ = playout(rules, state, position, {1: _bot(rules, agents[a])}, chance,
                          agent_rng(f"strength/solo/{seed}/{title}/{g}"))
    outcome = rules.outcome(state)
    result = {"win": float(1 in outcome.winners), "score": outcome.points(1), "note": outcome.note}
    if rules.name == "apogee":
        pl = state.areas[0]
        result.update(credits=pl.credits, investors=len(pl.investors),
                      launches=[rules.c.destinations[x.destination] for x in pl.launches],
                      astronauts=sum(x.astronauts for x in pl.launches))
    return result


_BOTS: dict = {}


def _bot(rules, spec):
    key = (id(rules), spec)
    if key not in _BOTS:
        _BOTS[key] = make(spec, rules)
    return _BOTS[key]


def _closeness(name: str, games_: list[dict]) -> str:
    """How near an agent came to beating the automa, in the game's own terms."""
    if name == "solar-sphere":      # "DRANDA scored N"
        gaps = [int(r["note"].split()[-1]) - r["score"] for r in games_]
        return f" (DRANDA ahead by {statistics.mean(gaps):.0f} on average, by {min(gaps):.0f} at the closest)"
    if name == "apogee":
        launched = [r for r in games_ if r["launches"]]
        far = Counter(r["launches"][-1] for r in launched)
        return (f" (credits at the end: mean {statistics.mean(r['credits'] for r in games_):.0f}, best "
                f"{max(r['credits'] for r in games_)}; {len(launched)} games with a launch"
                + (f", last destinations {dict(far)}" if far else "")
                + f"; investors best {max(r['investors'] for r in games_)}; astronauts best "
                  f"{max(r['astronauts'] for r in games_)})")
    return f" (score {statistics.mean(r['score'] for r in games_):.1f})"


def _outcomes(alt) -> list[float]:
    """An alternative's rollout results as wins and losses (their order does not matter unpaired)."""
    wins = round(alt.win_probability.mean * alt.rollouts)
    return [1.0] * wins + [0.0] * (alt.rollouts - wins)


def whatif(args) -> dict:
    session = Session.load(args.replay)
    at = args.at
    even = compare(session, at, policy=args.policy, to="end", rollouts=args.rollouts, adaptive=False,
                   workers=args.workers, seed=args.seed)
    n = len(even.alternatives)
    taken = next(a for a in even.alternatives if a.recorded)
    own, unpaired = [], []
    print(f"{even.decision} at position {at} of {args.replay.name}: {n} alternatives, {args.rollouts} "
          f"{args.policy} rollouts each ({even.rollouts} playouts, {even.seconds:.0f}s). Widths of 95% intervals:")
    print(f"  {'alternative':<40} {'paired difference':<26} {'width':>6} {'old: own rate':>14} "
          f"{'old: difference':>16}")
    for alt in even.alternatives:
        if alt.recorded:
            continue
        paired = alt.win_diff.high - alt.win_diff.low
        old = alt.win_probability.high - alt.win_probability.low
        apart = unpaired_interval(_outcomes(alt), _outcomes(taken))
        if old > 0 and apart.high > apart.low:       # both sides varied: a ratio means something
            own.append(paired / old)
            unpaired.append(paired / (apart.high - apart.low))
        print(f"  {alt.action:<40} {str(alt.win_diff):<26} {paired:6.3f} {old:14.3f} {apart.high - apart.low:16.3f}")
    if not own:
        own = unpaired = [float("nan")]
    print(f"  paired width / old interval of the alternative's own rate: median {statistics.median(own):.2f} "
          f"(from {min(own):.2f} to {max(own):.2f}); / independent interval on the same difference: median "
          f"{statistics.median(unpaired):.2f} (from {min(unpaired):.2f} to {max(unpaired):.2f}); the target is 0.50")
    raced = compare(session, at, policy=args.policy, to="end", budget=even.rollouts, workers=args.workers,
                    seed=args.seed)
    best = raced.alternatives[0] if not raced.alternatives[0].recorded else raced.alternatives[1]
    old_widths = [a.win_probability.high - a.win_probability.low for a in even.alternatives]
    width = best.win_diff.high - best.win_diff.low
    print(f"raced with the same {even.rollouts} playouts in all ({raced.rounds} rounds): best alternative {best.action}, "
          f"{best.rollouts} rollouts, paired {best.win_diff} (width {width:.3f}, "
          f"{width / statistics.median(old_widths):.2f} of the old intervals' median width); "
          f"{sum(a.contending for a in raced.alternatives)} of {n} still contending")
    timed = compare(session, at, policy=args.policy, to="end", seconds=args.seconds, workers=args.workers,
                    seed=args.seed)
    print(f"--seconds {args.seconds:g} on {timed.workers} workers: {timed.rollouts} playouts in {timed.rounds} rounds, "
          f"{timed.seconds:.0f}s; best {timed.best}, regret {timed.regret}; "
          f"{sum(a.contending for a in timed.alternatives)} still contending")
    print(f"  verdict: {timed.verdict}")
    return {"even": msgspec.to_builtins(even), "raced": msgspec.to_builtins(raced), "timed": msgspec.to_builtins(timed)}


def openspiel(args) -> dict:
    """boardcore `mcts` against an OpenSpiel bot at the same seconds per decision, 2 players, every game."""
    out = {}
    agents = [f"mcts:seconds={args.per_move:g}", f"{args.opponent}:seconds={args.per_move:g}"]
    for name in args.game or ("solar-sphere", "apogee", "warlords"):
        rules = games.get(name)
        report = tournament(rules, rules.make_config(players=2), agents, args.games, seed=args.seed,
                            workers=args.workers)
        p = report.pairings[0]
        reply = {s.agent: f"{s.reply_seconds:.3f}s" for s in report.standings}
        print(f"{name:<13} {p.a} against {p.b}, {p.games} games (seats alternated): mcts wins {p.a_rate} "
              f"({p.a_wins:g}-{p.b_wins:g}, {p.no_winner} without a winner); mean time per decision "
              f"{', '.join(f'{a} {t}' for a, t in reply.items())}; {report.seconds:.0f}s", flush=True)
        out[name] = msgspec.to_builtins(report)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("duels", "budgets", "replies", "solo", "whatif", "openspiel"))
    parser.add_argument("-n", "--games", type=int, default=None,
                        help="games per agent (duels and budgets 200, openspiel 100, solo 40, replies 2)")
    parser.add_argument("-k", "--rollouts", type=int, default=40, help="whatif: rollouts per alternative")
    parser.add_argument("--seconds", type=float, default=60.0, help="whatif: the timed budget")
    parser.add_argument("--policy", default="random", help="whatif: the rollout policy")
    parser.add_argument("--replay", type=Path, default=WHATIF_REPLAY, help="whatif: the saved game")
    parser.add_argument("--at", type=int, default=WHATIF_AT, help="whatif: the decision's position")
    parser.add_argument("--agent", default="mcts", help="the agent measured against greedy")
    parser.add_argument("--per-move", type=float, default=0.25, help="openspiel: seconds per decision, both agents")
    parser.add_argument("--opponent", default="openspiel-ismcts", help="openspiel: the OpenSpiel bot (or openspiel-mcts)")
    parser.add_argument("--game", action="append", choices=("solar-sphere", "apogee", "warlords"),
                        help="duels, budgets, replies, openspiel: this game only (repeatable; default all three)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="11")
    parser.add_argument("--json", type=Path, help="also write everything to this file")
    args = parser.parse_args()
    if args.games is None:
        args.games = {"solo": 40, "replies": 2, "openspiel": 100}.get(args.what, 200)
    began = time.perf_counter()
    result = {"duels": duels, "budgets": budgets, "replies": replies, "solo": solo, "whatif": whatif,
              "openspiel": openspiel}[args.what](args)
    print(f"({time.perf_counter() - began:.0f}s)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    sys.exit(main())

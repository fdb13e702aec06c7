"""Fit and check the win-probability model (`boardcore.analysis.value`) on self-play games.

    python tools/fit_value.py fit   [--games 300] [--solo-games N] [--seed fit] [--game NAME] [--agent greedy]
    python tools/fit_value.py check [--games 200] [--solo-games 40] [--seed check] [--game NAME] [--quick]
    both: [--workers 2] [--cache DIR] (keep the games played there; read them back when asked for again)

`fit` plays `--games` games per multiplayer mode of each game (`--solo-games` per solo mode; default the
same), every seat played by `--agent`, and records at every decision the game's `standing` as the seat
to act sees it, with how the game ended; it then fits each mode's weights (a conditional logit over the
sides, a logistic in solo; numpy, Newton's method with a little ridge on standardised features) and
writes `src/<game>/data/win_probability.json`, whose header names this command, the agent, the games and
the seeds. Game g of a mode draws its chance from `<seed>/<mode>/<g>`; a solo mode whose games were
(nearly) all won or all lost gets its smoothed rate alone.

`check` plays other games the same way (another `--seed`, so never the fitting games) and prints, per
game, the expected calibration error, the Brier score and its skill against each mode's and side's base
rate (the mean result of the same games), over the positions in the first and in the second half of each
game (by decision), and the second half's reliability table. `--quick`: 20 games per mode. Games won by
no one (Apogee's turn cap) count as lost by every side where the model allows for them, and are left out
(and counted) elsewhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import msgspec

from boardcore import games
from boardcore.agents.policies import make
from boardcore.analysis.calibration import (base_rate_forecasts, brier, brier_skill, expected_calibration_error,
                                            reliability)
from boardcore.agents.execute import run
from boardcore.agents.play import agent_stream, seeded, start
from boardcore.game.rules import Standing
from boardcore.analysis.value import FEATURES, features, model, side_probabilities

ROOT = Path(__file__).resolve().parent.parent
MODES = {
    "solar-sphere": [{"players": 2}, {"players": 3}, {"players": 4},
                     {"players": 1, "level": 1}, {"players": 1, "level": 2}, {"players": 1, "level": 3}],
    "apogee": [{"players": n} for n in (2, 3, 4, 5)] + [{"players": 1, "mission": m} for m in range(1, 7)],
    "warlords": [{"players": 2}, {"players": 3}, {"players": 4, "mode": "teams"}, {"players": 4, "mode": "ffa"},
                 {"players": 1, "level": "standard"}, {"players": 1, "level": "hard"}],
}
"""Each game's modes, one model each. Apogee's multiplayer Missions (1-12) and Warlords' mission variants
are played in turn by game number and share their mode's model."""
VARIED = {"apogee": ("mission", 12), "warlords": ("mission", ("per_planet", "per_mercenary"))}
MIN_EACH = 5
"""A mode needs this many won and lost games to fit more than its rate."""
RIDGE = 1e-3


class Position(msgspec.Struct, frozen=True, array_like=True):
    decision: int
    projected: tuple[float, ...]
    scored: tuple[float, ...]
    done: float


class Played(msgspec.Struct, frozen=True, array_like=True):
    """One self-play game: its mode and sides, the standing at every decision, each side's result, and the
    table it was played at (the entry of `MODES`: the base rates of `check` are the tables')."""

    mode: str
    sides: tuple[tuple[int, ...], ...]
    positions: list[Position]
    results: tuple[float, ...]
    table: str = ""


def options_for(name: str, options: dict, g: int) -> dict:
    varied = VARIED.get(name)
    if varied is None or options.get("players") == 1:
        return options
    key, values = varied
    values = range(1, values + 1) if isinstance(values, int) else values
    values = list(values)
    return {**options, key: values[g % len(values)]}


def play(shared: tuple, item: tuple) -> Played:
    """One game of `agent` against itself in every seat, recording what `rules.standing` says at each
    decision from the view of the seat to act."""
    rules, agent, seed = shared
    options, g = item
    config = rules.make_config(**options_for(rules.name, options, g))
    label = ",".join(f"{k}={v}" for k, v in options.items())
    bots = {p: make(agent, rules) for p in range(1, int(config.players) + 1)}
    chance = seeded(f"{seed}/{label}/{g}")
    choice = agent_stream(f"{seed}/{label}/{g}")
    state, position = start(rules, config, chance)
    positions = []
    decisions = 0
    while rules.outcome(state) is None:
        player = rules.to_act(state)[0]
        view = rules.view(state, player)
        st = rules.standing(view)
        positions.append(Position(decisions, st.projected, st.scored, st.done))
        legal = [a for a in rules.legal_actions(state) if a.player == player]
        action = bots[player].choose(view, legal, choice(position))
        unfolding = rules.unfold(state, action, chance(position), trusted=True, in_place=True)
        state = unfolding.state
        position += len(unfolding.events)
        decisions += 1
    outcome = rules.outcome(state)
    st = rules.standing(rules.view(state, None))
    results = tuple(sum(1 / len(outcome.winners) for p in side if p in outcome.winners) for side in st.sides)
    return Played(st.mode, st.sides, positions, results, label)


def self_play(name: str, games_per_mode: int, solo_games: int, seed: str, agent: str, workers: int,
              cache: Path | None = None) -> list[Played]:
    """`games_per_mode` games of each of the game's multiplayer modes, `solo_games` of each solo mode. With
    `cache`, the games are kept in a file there named after these arguments and read back from it next time
    (the same arguments play the same games)."""
    path = cache / f"{name}-{agent}-{seed}-{games_per_mode}-{solo_games}.msgpack" if cache else None
    if path is not None and path.exists():
        return msgspec.msgpack.decode(path.read_bytes(), type=list[Played])
    rules = games.get(name)
    items = [(options, g) for options in MODES[name]
             for g in range(solo_games if options["players"] == 1 else games_per_mode)]
    began = time.perf_counter()
    shown = [0]

    def progress(n: int) -> None:
        if n - shown[0] >= len(items) / 20 or n == len(items):
            shown[0] = n
            print(f"  {name}: {n}/{len(items)} games, {time.perf_counter() - began:.0f}s", file=sys.stderr,
                  flush=True)

    played = run(play, (rules, agent, seed), items, workers=workers, progress=progress,
                 preload=[type(rules).__module__])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(msgspec.msgpack.encode(played))
    return played


def standing_of(game: Played, pos: Position):
    return Standing(mode=game.mode, sides=game.sides, projected=pos.projected, scored=pos.scored, done=pos.done)


# -- fitting -------------------------------------------------------------------------------------------
def fit_mode(played: list[Played]) -> dict:
    """One mode's model, by Newton's method on the log-likelihood of every position's result (a long game
    weighs more than a short one, as it does where the model is used: at every position). Solo, and a mode
    where at least `MIN_EACH`
    games ended with no winner, fit "no one wins" as an alternative of utility 0; fewer such games are left
    out (and counted)."""
    import numpy as np

    solo = len(played[0].sides) == 1
    nobody = sum(1 for g in played if not any(g.results))
    no_winner = solo or nobody >= MIN_EACH
    games_ = [g for g in played if g.positions and (no_winner or any(g.results))]
    info = {"games": len(games_), "left_out": len(played) - len(games_), "no_winner": no_winner,
            "games_won_by_no_one": nobody, "positions": sum(len(g.positions) for g in games_)}
    if solo:
        wins = sum(g.results[0] for g in games_)
        info["wins"] = wins
        if wins < MIN_EACH or len(games_) - wins < MIN_EACH:
            rate = (wins + 0.5) / (len(games_) + 1)   # the rate alone, smoothed (Jeffreys): never 0 or 1
            return {**info, "weights": [float(np.log(rate / (1 - rate)))] + [0.0] * (len(FEATURES) - 1),
                    "note": "rate only: too few games won or lost"}
    rows, results = [], []
    for g in games_:
        for pos in g.positions:
            st = standing_of(g, pos)
            alternatives = [features(st, i) for i in range(len(g.sides))]
            result = list(g.results)
            if no_winner:
                alternatives.append((0.0,) * len(FEATURES))
                result.append(1 - sum(result))
            rows.append(alternatives)
            results.append(result)
    # positions x alternatives x features; a Mission's tables of 2 to 5 players padded to the widest, the
    # padding masked out of every softmax
    width = max(map(len, rows))
    x = np.zeros((len(rows), width, len(FEATURES)))
    y = np.zeros((len(rows), width))
    real = np.zeros((len(rows), width), dtype=bool)
    for n, (alternatives, result) in enumerate(zip(rows, results)):
        x[n, :len(alternatives)] = alternatives
        y[n, :len(result)] = result
        real[n, :len(alternatives)] = True
    scale = x[real].std(axis=0)
    scale[scale == 0] = 1.0
    scale[0] = 1.0
    z = x / scale
    beta = np.zeros(len(FEATURES))
    ridge = RIDGE * len(rows)

    def chances(b):
        u = np.where(real, z @ b, -np.inf)
        u -= u.max(axis=1, keepdims=True)
        log_p = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
        return np.exp(log_p), np.where(real, log_p, 0.0)

    def loglik(b):
        return float((y * chances(b)[1]).sum() - ridge * b @ b / 2)

    current = loglik(beta)
    for _ in range(100):
        p = chances(beta)[0]
        mean_z = np.einsum("ns,nsk->nk", p, z)
        grad = np.einsum("ns,nsk->k", y - p, z) - ridge * beta   # each position's results sum to 1
        hess = np.einsum("ns,nsk,nsl->kl", p, z, z) - mean_z.T @ mean_z + ridge * np.eye(len(beta))
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-6:
            trial = beta + t * step
            value = loglik(trial)
            if value >= current - 1e-12:
                break
            t /= 2
        beta, gain = trial, value - current
        current = value
        if abs(gain) < 1e-9 * max(1.0, abs(current)):
            break
    return {**info, "weights": [float(b) for b in beta / scale]}


def fit(args) -> None:
    for name in args.game or list(MODES):
        played = self_play(name, args.games, args.solo_games, args.seed, args.agent, args.workers, args.cache)
        by_mode: dict[str, list[Played]] = {}
        for g in played:
            by_mode.setdefault(g.mode, []).append(g)
        modes = {mode: fit_mode(group) for mode, group in by_mode.items()}
        command = f"python tools/fit_value.py fit --game {name} --games {args.games} " \
                  f"--solo-games {args.solo_games} --seed {args.seed} --agent {args.agent}"
        document = {
            "command": command,
            "agents": f"{args.agent} in every seat",
            "games_per_mode": {"multiplayer": args.games, "solo": args.solo_games},
            "seeds": f"chance {args.seed}/<mode>/<g> for game g = 0, 1, ... of each mode; the bots' own "
                     f"agents/{args.seed}/<mode>/<g>",
            "features": list(FEATURES),
            "modes": modes,
        }
        package = type(games.get(name)).__module__.partition(".")[0]
        path = ROOT / "src" / package / "data" / "win_probability.json"
        path.write_text(json.dumps(document, indent=1) + "\n")
        for mode, m in modes.items():
            print(f"{name} {mode}: {m['games']} games ({m['left_out']} left out, {m['games_won_by_no_one']} won by "
                  f"no one), {m['positions']} positions, "
                  f"weights {', '.join(f'{v:.4g}' for v in m['weights'])}{' - ' + m['note'] if 'note' in m else ''}")
        print(f"wrote {path.relative_to(ROOT)}", flush=True)


# -- checking ----------------------------------------------------------------------------------------
def check(args) -> dict:
    rules_by_name = {}
    out = {}
    for name in args.game or list(MODES):
        rules = rules_by_name.setdefault(name, games.get(name))
        quick = 20 if args.quick else None
        played = self_play(name, quick or args.games, quick or args.solo_games, args.seed, args.agent, args.workers,
                           args.cache)
        kept = [g for g in played if g.positions and (any(g.results) or model(rules, g.mode)["no_winner"])]
        halves: dict[str, tuple[list, list]] = {"first": ([], []), "second": ([], [])}
        for g in kept:
            fitted = model(rules, g.mode)
            n = len(g.positions)
            for pos in g.positions:
                chances = side_probabilities(fitted, standing_of(g, pos))
                half = halves["second" if pos.decision >= n / 2 else "first"]
                for side, (p, y) in enumerate(zip(chances, g.results)):
                    half[0].append((p, y))
                    half[1].append((g.table, side))
        report = {"games": len(kept), "left_out": len(played) - len(kept)}
        print(f"\n{name}: {len(kept)} held-out games over {len(MODES[name])} modes ({len(played) - len(kept)} won "
              f"by no one left out), seeds {args.seed}/<mode>/<g>, {args.agent} self-play")
        for half, (forecasts, groups) in halves.items():
            ece = expected_calibration_error(forecasts)
            skill = brier_skill(forecasts, base_rate_forecasts(forecasts, groups))
            report[half] = {"positions": len(forecasts), "ece": ece, "brier": brier(forecasts), "skill": skill,
                            "bins": [msgspec.to_builtins(b) for b in reliability(forecasts)]}
            print(f"  {half} half: {len(forecasts)} forecasts, ECE {ece:.3f}, Brier {brier(forecasts):.3f}, "
                  f"skill against the base rate {skill:.3f}")
        print("  reliability, second half (forecast bin: count, mean forecast, observed):")
        for b in report["second"]["bins"]:
            print(f"    [{b['low']:.1f}, {b['high']:.1f}): {b['count']:>6}  {b['forecast']:.3f}  {b['observed']:.3f}")
        out[name] = report
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("fit", "check"))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--solo-games", type=int, default=None, help="games per solo mode (default: --games)")
    parser.add_argument("--seed", default=None)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--game", action="append", choices=list(MODES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cache", type=Path, default=None, help="keep the games played in this folder, "
                        "and read them back from it when the same games are asked for again")
    args = parser.parse_args()
    if args.command == "fit":
        args.games = args.games or 300
        args.solo_games = args.solo_games or args.games
        args.seed = args.seed or "fit"
        fit(args)
    else:
        args.games = args.games or 200
        args.solo_games = args.solo_games or 40
        args.seed = args.seed or "check"
        if args.seed.startswith("fit"):
            sys.exit("check: --seed must differ from the fitting seeds (fit...)")
        report = check(args)
        if args.json:
            print(json.dumps(report))


if __name__ == "__main__":
    main()

"""What-if against answers known in advance: does it call a dominated move worse, and keep quiet on nulls?

Positions come from self-play (`greedy` in every seat, game seeds `bench/<game>/<i>`); at each decision a
per-game rule looks for a pair whose answer the rules settle:

- **dominated**: the decision taken weakly dominates the alternative, for a stated reason.
  Solar Sphere (SS-DEP-04/06): a die turned to a value another die already shows, at a drone a step,
  against deploying that die as it is: the same value deployed, drones spent and the turned die given up,
  while the player who kept it can still reach the other position for no more drones.
  Apogee (AP-DES-04/06, AP-COMP-16): a Design pick passed with room in the reserve, against taking a card:
  Design cards cost nothing and a reserve card may go unused or be sold (AP-SELL-01), so passing gives a
  card up for nothing (the card revealed in its place is the one thing the pick changes for the others).
  Warlords (GW-REP-10, GW-AMB-39, GW-CON-02): a reputation bonus declined, against taking its Power: Power
  is never lost and nothing is paid for it.
  The benchmark asks what-if at its defaults (every legal alternative, `--seconds S` on `--workers W`) and
  counts the positions where the dominated alternative's joint interval lies wholly below zero.
- **nulls**: the decision taken against itself under independent chance (at every dominated position,
  the decision taken once more among the alternatives, its rollouts drawing deals and chance of their own:
  `compare(null=True)`), and, where the game has them, alternatives symmetric by the rules (two legal
  actions the game words identically: Apogee's copies of one Technology in a river). A verdict of "better"
  or "worse" on a null, read from its joint interval as on any alternative, is false.

Targets (issue 27): dominated called worse in >= 90% of positions in every game; false verdicts in <= 5%
of nulls. The full run is `python tools/whatif_bench.py` (30 positions per game, 30 s each on 2 workers:
about 3 x 30 x 30 s for the dominated positions and up to as long again for the symmetric ones); `--quick` (what
`make bench` runs) asks 4 positions per game at 4 s each, against the dominated alternative alone, and
prints the same lines, whose figures are then far too few to hold a target to.

Usage: python tools/whatif_bench.py [--quick] [--games G,…] [--positions N] [--seconds S | --budget N] [--workers W]
       [--policy P] [--to end|N] [--against all|dominated] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from boardcore import games
from boardcore.analysis import whatif
from boardcore.agents.policies import make
from boardcore.game.events import Decision
from boardcore.agents.play import agent_stream, seeded, start
from boardcore.session.session import Session

GAMES = ("solar-sphere", "apogee", "warlords")
TARGET_DOMINATED = 0.90
TARGET_NULL = 0.05

Pair = tuple[Decision, Decision, str]      # (the decision taken, the alternative, why the answer is known)


# -- the rules that settle an answer, one per game --------------------------------------------------------
def solar_sphere_dominated(rules: Any, state: Any, legal: list[Decision]) -> Iterator[Pair]:
    """SS-DEP-04/06: turning die d to a value v another die shows costs |d - v| drones for what deploying that
    die gives for free, and keeps the worse die."""
    plain = {(a.die, a.value): a for a in legal if type(a).__name__ == "ChooseDie" and not a.crew}
    for (die, value), turned in plain.items():
        kept = plain.get((value, value))
        if die != value and kept is not None:
            yield kept, turned, (f"the same {value} deployed for {abs(die - value)} drone(s) more, the {die} given "
                                 "up: keeping it, the other position stays within reach for no more drones")


def apogee_dominated(rules: Any, state: Any, legal: list[Decision]) -> Iterator[Pair]:
    """AP-DES-04/06, AP-COMP-16: a Design pick costs nothing, so passing it with room in the reserve gives a
    card up for nothing."""
    if rules.asking(state) != "design":
        return
    passes = [a for a in legal if type(a).__name__ == "Pass"]
    takes = [a for a in legal if type(a).__name__ == "TakeCard"]
    if passes and takes and len(state.areas[passes[0].player - 1].reserve) < 8:
        yield takes[0], passes[0], "a free Design card passed up with room in the reserve"


def warlords_dominated(rules: Any, state: Any, legal: list[Decision]) -> Iterator[Pair]:
    """GW-REP-10, GW-CON-02: the Power option of a reputation bonus costs nothing and Power is never lost."""
    power = [a for a in legal if type(a).__name__ == "Bonus" and a.choice == "power"]
    declines = [a for a in legal if type(a).__name__ == "Pass"]
    if power and declines and rules.asking(state) == "bonus":
        yield power[0], declines[0], "a reputation bonus declined: its Power costs nothing and is never lost"


DOMINATED: dict[str, Callable[[Any, Any, list[Decision]], Iterator[Pair]]] = {
    "solar-sphere": solar_sphere_dominated, "apogee": apogee_dominated, "warlords": warlords_dominated}


def symmetric(rules: Any, state: Any, legal: list[Decision]) -> Iterator[Pair]:
    """Two different legal actions the game words identically (the same card's copies in a river): the rules
    treat them alike, so neither is better."""
    player = legal[0].player
    view = rules.view(state, player)
    seen: dict[str, Decision] = {}
    for a in legal:
        words = rules.describe(view, a, player)
        if words in seen:
            yield seen[words], a, f"worded alike: {words}"
            return
        seen[words] = a


# -- finding positions --------------------------------------------------------------------------------------
class Position(msgspec.Struct, frozen=True):
    game: str
    seed: str
    decisions: int          # decisions into the self-play game
    taken: str
    alternative: str
    reason: str


Found = list[tuple[Position, Any, Decision, Decision]]


def positions(game: str, wanted: int, per_game: int = 2, games_at_most: int = 60) -> tuple[Found, Found]:
    """Up to `wanted` dominated and `wanted` symmetric positions, at most `per_game` of each from one self-play
    game (spread through it), each with the state just before the decision."""
    dominated = _positions(game, wanted, DOMINATED[game], per_game, games_at_most)
    return dominated, _positions(game, wanted, symmetric, per_game, games_at_most // 4)


def _positions(game: str, wanted: int, finder: Callable[[Any, Any, list[Decision]], Iterator[Pair]],
               per_game: int, games_at_most: int) -> Found:
    rules = games.get(game)
    config = rules.make_config(players=2)
    found: Found = []
    for i in range(games_at_most):
        if len(found) >= wanted:
            break
        seed = f"bench/{game}/{i}"
        chance, choose = seeded(seed), agent_stream(seed)
        bots = {p: make("greedy", rules) for p in (1, 2)}
        state, position = start(rules, config, chance)
        hits: list[tuple[Position, Any, Decision, Decision]] = []
        decisions = 0
        while rules.outcome(state) is None:
            seat = rules.to_act(state)[0]
            legal = [a for a in rules.legal_actions(state) if a.player == seat]
            for taken, other, reason in (finder(rules, state, legal) if len(legal) > 1 else ()):
                hits.append((Position(game, seed, decisions, rules.format_action(taken), rules.format_action(other),
                                      reason), rules.copy(state), taken, other))
                break
            action = bots[seat].choose(rules.view(state, seat), legal, choose(position))
            unfolding = rules.unfold(state, action, chance(position), trusted=True)
            state, position, decisions = unfolding.state, position + len(unfolding.events), decisions + 1
        step = max(1, len(hits) // per_game)
        found.extend(hits[::step][:per_game])
    return found[:wanted]


def session_at(game: str, state: Any, taken: Decision, seed: str) -> tuple[Session, int]:
    """A session from `state` in which `taken` was decided, and the position of that decision."""
    rules = games.get(game)
    s = Session.from_state(rules, state, config=rules.make_config(players=2), seed=seed)
    s.apply(taken)
    at = next(i for i, r in enumerate(s.history.live, 1) if isinstance(r.event, Decision))
    return s, at


# -- the questions ------------------------------------------------------------------------------------------
def told(alt: Any) -> str:
    """What the verdict says of an alternative, read from its joint interval: "worse", "better" or ""."""
    w, sc = alt.joint_win_diff, alt.joint_score_diff
    if w.high < 0 or (whatif.even(alt.win_diff) and sc.high < 0):
        return "worse"
    if w.low > 0 or (whatif.even(alt.win_diff) and sc.low > 0):
        return "better"
    return ""


def ask(game: str, found: Found, args: argparse.Namespace, kind: str) -> list[dict]:
    """What-if at each position, as the settings say; for dominated positions with the null alongside (the
    decision taken again, with luck of its own: `compare(null=True)`)."""
    out = []
    for pos, state, taken, other in found:
        s, at = session_at(game, state, taken, pos.seed)
        instead = None if args.against == "all" else [pos.alternative]
        report = whatif.compare(s, at, instead, policy=args.policy, to=args.to, budget=args.budget,
                                seconds=None if args.budget else args.seconds, workers=args.workers, seed=pos.seed,
                                null=kind == "dominated")
        alt = next(a for a in report.alternatives if a.action == pos.alternative and not a.null)
        row = {**msgspec.to_builtins(pos), "kind": kind, "diff": msgspec.to_builtins(alt.win_diff),
               "joint": msgspec.to_builtins(alt.joint_win_diff), "rollouts": alt.rollouts, "told": told(alt),
               "compared": report.compared}
        null = next((a for a in report.alternatives if a.null), None)
        if null is not None:
            row["null"] = {"diff": msgspec.to_builtins(null.joint_win_diff), "told": told(null)}
        out.append(row)
        print(f"  {game} {kind} {pos.seed} @{pos.decisions}: {pos.alternative} {alt.win_diff} joint "
              f"[{alt.joint_win_diff.low:+.3f}, {alt.joint_win_diff.high:+.3f}] after {alt.rollouts}: "
              f"{row['told'] or 'not told apart'}"
              + (f"; null {null.win_diff}: {row['null']['told'] or 'no verdict'}" if null else ""), flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="4 positions per game at 4 s each, against the dominated alternative alone")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--positions", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, help="playouts in all per question instead of --seconds: the same work "
                                                   "on a loaded machine as on an idle one")
    parser.add_argument("--policy", default=None, help="what-if's --policy (default: its own)")
    parser.add_argument("--to", default=None, help="what-if's --to: end or a number of rounds (default: its own)")
    parser.add_argument("--against", choices=("all", "dominated"), default="all",
                        help="question every legal alternative (what-if's --all, the target's setting) or only the "
                             "dominated one (--instead: quicker, and no joint widening)")
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()
    args.positions = args.positions or (4 if args.quick else 30)
    args.seconds = args.seconds or (4.0 if args.quick else 30.0)
    if args.quick:
        args.against = "dominated"
    args.to = None if args.to is None else (args.to if args.to == "end" else int(args.to))
    if args.to is None:
        args.to = whatif.HORIZON
    began = time.perf_counter()
    spent = f"--budget {args.budget}" if args.budget else f"--seconds {args.seconds:g}"
    print(f"what-if benchmark: {args.positions} positions per game, {spent} on {args.workers} "
          f"workers, policy {args.policy or 'the game’s own'}, to {args.to}, against "
          f"{'every alternative' if args.against == 'all' else 'the dominated alternative alone'}", flush=True)
    summary: dict[str, Any] = {}
    for game in args.games.split(","):
        found, alike = positions(game, args.positions)
        dominated = ask(game, found, args, "dominated")
        symmetric_ = ask(game, alike, args, "symmetric")
        worse = sum(d["told"] == "worse" for d in dominated)
        verdicts = [d["null"]["told"] for d in dominated] + [n["told"] for n in symmetric_]
        false = sum(bool(v) for v in verdicts)
        summary[game] = {"dominated": dominated, "symmetric": symmetric_}
        share = worse / len(dominated) if dominated else 0.0
        null_share = false / len(verdicts) if verdicts else 0.0
        print(f"{game}: dominated called worse in {worse} of {len(dominated)} positions ({share:.0%}; target >= "
              f"{TARGET_DOMINATED:.0%}: {'met' if share >= TARGET_DOMINATED else 'NOT met'}), "
              f"{sum(d['told'] == 'better' for d in dominated)} called better; false verdicts on {false} of "
              f"{len(verdicts)} nulls ({null_share:.0%}; target <= {TARGET_NULL:.0%}: "
              f"{'met' if null_share <= TARGET_NULL else 'NOT met'}; {len(dominated)} twins of the decision taken, "
              f"{len(symmetric_)} symmetric alternatives)", flush=True)
    print(f"in {time.perf_counter() - began:.0f}s")
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(summary, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())

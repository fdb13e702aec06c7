"""Commands that measure strength: what-if at a decision of a saved game, and tournaments between bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from boardcore.cli.common import (DataOpt, FileArg, GameArg, JsonOpt, LazyBar, LevelOpt, MissionOpt, ModeOpt, OptionOpt,
                                  PlayersOpt, RayOpt, WorkersOpt, _capped, _config, _json, _load, _ran_on, app,
                                  page_target, write_page)


@app.command()
def whatif(
    target: str = FileArg,
    data: Optional[Path] = DataOpt,
    at: int = typer.Option(..., "--at", metavar="POS",
                           help="The position of the decision to question, as `boardcore replay` prints it."),
    instead: list[str] = typer.Option([], "--instead", metavar="ACTION", help="An alternative (text form); repeatable."),
    all_: bool = typer.Option(False, "--all", help="Compare every legal alternative."),
    rollouts: Optional[int] = typer.Option(None, "--rollouts", "-k", min=1, max=1_000_000_000,
                                           help="At most this many playouts per alternative (default 100 "
                                                "when no --budget or --seconds is given)."),
    budget: Optional[int] = typer.Option(None, "--budget", min=1, max=1_000_000_000,
                                         help="Playouts in all, spent where they tell."),
    seconds: Optional[float] = typer.Option(None, "--seconds", min=0.001, help="Stop starting playouts after this long."),
    policy: list[str] = typer.Option([], "--policy", metavar="[P=]POLICY",
                                     help="Who plays the rollouts: a policy for every seat, or P=POLICY for seat P "
                                          "(repeatable; default the game's own: greedy, prior in Solar Sphere), e.g. --policy random --policy 2=mcts."),
    to: str = typer.Option("1", "--to", metavar="end|N",
                           help="Where rollouts stop: after N rounds of the game's clock (1, the default: the end "
                                "of this round), scored by the win probability there; or end (the game's end, "
                                "scored by who won)."),
    omniscient: bool = typer.Option(False, "--omniscient",
                                    help="Roll out from the true hidden state instead of the player's view."),
    viewer: Optional[int] = typer.Option(None, "--as", metavar="PLAYER",
                                         help="Answer from PLAYER's view (default: the deciding player's): what "
                                              "PLAYER could not see is dealt afresh, and the alternatives are those "
                                              "PLAYER's view shows legal."),
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    seed: str = typer.Option("0", "--seed", help="Seed of the rollouts' determinisations and chance."),
    html: Optional[Path] = typer.Option(None, "--html", metavar="OUT.html",
                                        help="Also draw the answer as a page: each alternative against the decision taken."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace OUT.html if it exists."),
    as_json: bool = JsonOpt,
) -> None:
    """Had another decision been taken at POS: the player's chances after each alternative, against the decision taken's.

    By default rollouts by a competent, cheap policy to the end of the round, scored by the player's win
    probability there (--to end --policy random: random play to the end); paired, from the player's view."""
    from boardcore.game.errors import BoardcoreError
    from boardcore.analysis.whatif import alternatives, compare

    if bool(instead) == all_:
        raise BoardcoreError("give either --instead ACTION (one or more) or --all")
    if not (to == "end" or (to.isdigit() and int(to) >= 1)):
        raise BoardcoreError(f"--to {to}: give end, or a number of rounds (1 = the end of this round)")
    if html is not None:
        page_target(html, overwrite, target)
    session = _load(target, data)
    policies = _policies(policy, session.players, session.rules.rollout_policy)
    count = len(alternatives(session, at, viewer, seed, omniscient)[0]) if all_ else len(instead) + 1   # taken included
    total = budget if budget is not None else (rollouts or (100 if seconds is None else 0)) * count or None
    with LazyBar(total, "playouts") as bar:
        report = compare(session, at, None if all_ else list(instead), policy=policies,
                         to=to if to == "end" else int(to), rollouts=rollouts,
                         budget=budget, seconds=seconds, omniscient=omniscient, workers=workers, ray=ray, seed=seed,
                         viewer=viewer, progress=bar.update)
    if html is not None:
        from boardcore.view import whatif_page

        write_page(html, whatif_page(report))
    if as_json:
        return _json(report)
    _show_whatif(report)


def _show_whatif(report: Any, width: Optional[int] = None) -> None:
    """The report at the terminal's width (or `width`; 80 when not a terminal): what was asked and how,
    a table of the alternatives that rich fits to the width (wrapping between words, never inside one),
    then the best, the regret and the verdict. The score column and the text forms as a column of their
    own come in where there is room for them; narrower, each text form is a faint line under its words."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False, width=width)
    wide, widest = console.width >= 100, console.width >= 130
    taken = next(a for a in report.alternatives if a.recorded)
    say = console.print
    say(Text(f"P{report.player} at position {report.position}: {taken.words or report.decision} ")
        + Text(f"[{report.decision}]", style="dim"))
    say(Text(("OMNISCIENT — " if report.omniscient else "") + report.information))
    say(Text(f"estimates {report.estimates}"))
    say(Text(f"{report.rollouts} rollouts in {report.rounds} round{'s' if report.rounds != 1 else ''} on "
             f"{_ran_on(report.workers, report.seconds)} ({report.budget})"))
    score = "score" if report.to == "end" else "estimate"
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True, width=1)
    table.add_column("alternative", ratio=1)
    table.add_column(f"P{report.player} wins %", justify="right", no_wrap=True)
    table.add_column("vs taken [95%]", justify="right", no_wrap=True)
    if wide:
        table.add_column(f"{score} vs taken", justify="right", no_wrap=True)
    table.add_column("rollouts", justify="right", no_wrap=True)
    if widest:
        table.add_column("text form", style="dim", ratio=1)
    for alt in report.alternatives:
        w, s, p = alt.win_diff, alt.score_diff, alt.win_probability
        name = Text(alt.words or alt.action)
        if not widest and alt.words and alt.words != alt.action:
            name.append(f"\n{alt.action}", style="dim")
        row = ["*" if alt.recorded else ("-" if not alt.contending else ""), name,
               f"{100 * p.mean:.1f} {100 * p.low:.0f}-{100 * p.high:.0f}",
               "taken" if alt.recorded else f"{100 * w.mean:+.1f} [{100 * w.low:+.1f}, {100 * w.high:+.1f}]"]
        if wide:
            row.append("taken" if alt.recorded else f"{s.mean:+.2f} [{s.low:+.2f}, {s.high:+.2f}]")
        row.append(str(alt.rollouts))
        if widest:
            row.append(alt.action)
        table.add_row(*row)
    say(table)
    r, rs = report.regret, report.regret_score
    best = report.alternatives[0]
    say(Text(f"best: {best.words or report.best} [{report.best}]; regret of the decision taken: "
             f"{100 * r.mean:.1f} points of P{report.player}'s chance [{100 * r.low:.1f}, {100 * r.high:.1f}], "
             f"{rs.mean:.2f} in {score} [{rs.low:.2f}, {rs.high:.2f}]"))
    say(Text(report.verdict))
    say(Text("* the decision taken; - dropped from the race, worse than the leader and the decision taken; "
             "chances and differences in percentage points, paired" + (
                 f"; each interval is 95% on its own, the regret's and the verdict's hold for all "
                 f"{report.compared} alternatives at once (Bonferroni)" if report.compared > 1 else "")))


def _policies(given: list[str], players: int, default: str) -> list[str]:
    """`--policy SPEC` for every seat and `--policy P=SPEC` for one, later ones winning; `default` for the rest."""
    from boardcore.game.errors import BoardcoreError
    from boardcore.analysis.whatif import seat_policies

    seats = [default] * players
    for text in given:
        key, sep, spec = text.partition("=")
        if sep and key.strip().isdigit():
            seat = int(key)
            if not 1 <= seat <= players:
                raise BoardcoreError(f"--policy {text}: the seat must be a player number 1-{players}")
            seats[seat - 1] = spec.strip()
        else:
            seats = [text.strip()] * players
    return seat_policies(seats, players)


@app.command()
def tournament(
    game: str = GameArg,
    agent: list[str] = typer.Option(..., "--agent", "-a", metavar="NAME[:KEY=VALUE,…]",
                                    help="A bot to enter (repeatable): random, prior, greedy, mcts, mcts:iterations=400, …"),
    games_: int = typer.Option(20, "--games", "-n", min=1, max=1_000_000_000,
                               help="Games per pairing (per agent in a solo mode)."),
    players: Optional[int] = PlayersOpt,
    mode: Optional[str] = ModeOpt,
    level: Optional[str] = LevelOpt,
    mission: Optional[str] = MissionOpt,
    option: list[str] = OptionOpt,
    seed: str = typer.Option("0", "--seed", help="Seed of the deals and the bots' randomness."),
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Every pairing of the agents, seats rotated, in parallel: win rates with 95% intervals (solo: against the automa)."""
    from boardcore import games as registry
    from boardcore.analysis.tournament import seatings, tournament as run_tournament

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    n = int(config.players)
    pairs = 1 if n == 1 else len(agent) * (len(agent) - 1) // 2
    with LazyBar(games_ * (len(agent) if n == 1 else pairs), "games") as bar:
        report = run_tournament(rules, config, agent, games_, seed=seed, workers=workers, ray=ray,
                                progress=bar.update)
    if as_json:
        return _json(report)
    _tournament_table(report, games_, seatings(n))


def _tournament_table(report, games_: int, plan: list[list[int]]) -> None:
    """The tournament's report fitted to the terminal: what was played, then a table of the pairings
    (A and B as the seatings name them) and one of the standings."""
    from boardcore.cli import tables

    out = tables.console()
    if report.solo:
        tables.paragraph(out, f"{report.game} solo ({_options(report.config)}): each agent against the automa on "
                              f"the same {games_} deals; {_ran_on(report.workers, report.seconds)}", indent=2)
    else:
        shown = ", ".join("-".join("AB"[x] for x in s) for s in plan)
        n = len(plan[0])
        tables.paragraph(out, f"{report.game} for {n} ({_options(report.config)}): {games_} games per pairing, "
                              f"seatings {shown} on each deal; {_ran_on(report.workers, report.seconds)}"
                              + _capped(report.config, report.truncated), indent=2)
        out.print(tables.table(
            ["A", "B", "A wins [95%]", "B wins [95%]", "A-B"],
            [[p.a, p.b, str(p.a_rate), str(p.b_rate),
              f"{p.a_wins:g}-{p.b_wins:g}" + (f", {p.no_winner} without a winner" if p.no_winner else "")]
             for p in report.pairings], out.width, names=(0, 1)))
    rated = any(s.rating is not None for s in report.standings)
    headers = ["agent", "win rate [95%]"] + (["score [95%]"] if report.scored else []) + \
        (["rating"] if rated else []) + ["reply (max)"]
    rows = [[s.agent, str(s.win_rate)]
            + ([f"{s.score.mean:.1f} [{s.score.low:.1f}, {s.score.high:.1f}]"] if report.scored else [])
            + ([f"{s.rating:+.0f}"] if rated else [])
            + [f"{s.reply_seconds:.2f}s ({s.reply_max_seconds:.2f}s)"] for s in report.standings]
    out.print(tables.table(headers, rows, out.width))


def _options(config: dict) -> str:
    """The config's options as `key=value`; one left empty (Warlords' `mode`: chosen by the player count) is not
    shown, since `mode=` says nothing."""
    return ", ".join(f"{k}={v}" for k, v in config.items() if k != "players" and v != "") or "defaults"

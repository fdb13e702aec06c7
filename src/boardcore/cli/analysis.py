"""Commands that analyse: invariant checks and simulations (what-if and tournaments are in `strength`)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from boardcore.cli.common import (GameArg, JsonOpt, LevelOpt, MissionOpt, ModeOpt, OptionOpt, PlayersOpt, RayOpt,
                                  WorkersOpt, _capped, _config, _json, _out, _progress, _seats, app, page_target,
                                  write_page)


@app.command()
def check(
    game: str = GameArg,
    games_: int = typer.Option(100, "--games", "-n", min=1, max=1_000_000, help="Random games to play."),
    players: Optional[int] = PlayersOpt,
    mode: Optional[str] = ModeOpt,
    level: Optional[str] = LevelOpt,
    mission: Optional[str] = MissionOpt,
    option: list[str] = OptionOpt,
    seed: int = typer.Option(0, "--seed", help="Seed of the whole check: game i's seed derives from it, so the same "
                                               "seed plays the same games (a failure names its own game seed)."),
    views: str = typer.Option("4", "--views", metavar="all|N",
                              help="Check every player's view after every event (all), or after every Nth."),
    save_dir: Path = typer.Option(Path("check-failures"), "--save-dir", help="Where a failing game is saved."),
    turn_cap: Optional[int] = typer.Option(None, "--turn-cap", min=1,
                                           help="The check's own cap on a game's turns (default 40, "
                                                "boardcore.analysis.check.TURN_CAP), for games with a run cap (max_turns): "
                                                "a game cut off by it is reported as `cap`."),
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Play games checking every rule invariant and engine promise after every event, and say what they
    covered: how the games ended (each ending by its rule ID, or the turn cap) and how often each invariant
    was evaluated where it could fail. Seats play random, the game's prior or greedy, some games from a
    position near an ending.

    A broken promise is shrunk to the simplest failing game, saved as a replay file; exit 1."""
    from boardcore import games as registry
    from boardcore.analysis.check import check as run_check, coverage_text
    from boardcore.game.errors import BoardcoreError

    if views != "all" and not (views.isdigit() and int(views) >= 1):
        raise BoardcoreError(f"--views {views!r}: give all, or a number of events (1 = after every event)")
    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    bar, task = _progress(games_, "games")
    with bar:
        def shrinking(n: int) -> None:
            bar.update(task, description=f"shrinking the failure: {n} games tried", completed=0, total=None)

        report = run_check(rules, config, games=games_, seed=seed, save_dir=save_dir,
                           views=1 if views == "all" else int(views), workers=workers, ray=ray,
                           progress=lambda n: bar.update(task, completed=n), shrinking=shrinking,
                           **({} if turn_cap is None else {"turn_cap": turn_cap}))
    if as_json:
        _json(report)
    elif report.ok:
        built = f" (and {report.built} building their start positions)" if report.built else ""
        _out(f"check passed: {report.games} games, {report.decisions} decisions, {report.events} events{built}\n"
             + coverage_text(report))
    else:
        f = report.failure
        _out(f"check FAILED: {f.promise}: {f.detail}\n  game seed {f.seed}, at position {f.at}"
             + (f"\n  saved as {f.replay} (see `boardcore replay {f.replay} --to {f.at}`)" if f.replay else ""))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def simulate(
    game: str = GameArg,
    games_: int = typer.Option(..., "--games", "-n", min=1, max=1_000_000_000, help="How many games."),
    players: Optional[int] = PlayersOpt,
    mode: Optional[str] = ModeOpt,
    level: Optional[str] = LevelOpt,
    mission: Optional[str] = MissionOpt,
    option: list[str] = OptionOpt,
    seat: list[str] = typer.Option([], "--seat", metavar="P=POLICY", help="random (default), prior, greedy or mcts[:KEY=VALUE,…], per seat."),
    seed: str = typer.Option("0", "--seed", help="Seed of the games' chance and the bots' choices (same seed, same results)."),
    workers: Optional[int] = WorkersOpt,
    ray: Optional[str] = RayOpt,
    html: Optional[Path] = typer.Option(None, "--html", metavar="OUT.html",
                                        help="Also draw the results as a page: win rates and score histograms."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace OUT.html if it exists."),
    as_json: bool = JsonOpt,
) -> None:
    """Play many bot games in memory: win rates and score distributions per seat."""
    from boardcore import games as registry
    from boardcore.analysis.simulate import simulate as run_simulate

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    policies = _seats(rules, seat, int(config.players), "random")
    if html is not None:
        page_target(html, overwrite)
    bar, task = _progress(games_, "games")
    with bar:
        report = run_simulate(rules, config, policies, games_, seed=seed, workers=workers, ray=ray,
                              progress=lambda n: bar.update(task, completed=n))
    page = None
    if html is not None:
        from boardcore.view import simulation_page

        page = simulation_page(report)
        write_page(html, page)
    if as_json:
        return _json(report)
    _out(f"{report.games} games of {report.game} in {report.seconds:.1f}s "
         f"({report.decisions / max(report.seconds, 1e-9):,.0f} decisions/s)"
         + _capped(report.config, report.truncated))
    for s in report.seats:
        _out(f"P{s.player} {s.policy:<7} win {s.win_rate}" + (f"  score {s.score}  min {s.score_min:g} median "
                                                              f"{s.score_median:g} max {s.score_max:g}" if report.scored else ""))
    if page is not None:
        _out(f"wrote {html} ({len(page.encode()) / 1024:,.0f} KB): open it in a browser")



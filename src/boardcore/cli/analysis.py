"""Commands that analyse: invariant checks and simulations (what-if and tournaments are in `strength`)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from boardcore.cli.common import JsonOpt, _config, _json, _out, _progress, _seats, app


@app.command()
def check(
    game: str = typer.Argument(..., help="The game to check."),
    games_: int = typer.Option(100, "--games", "-n", min=1, help="Random games to play."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    mode: Optional[str] = typer.Option(None, "--mode"),
    level: Optional[str] = typer.Option(None, "--level"),
    mission: Optional[str] = typer.Option(None, "--mission"),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE"),
    seed: int = typer.Option(0, "--seed"),
    save_dir: Path = typer.Option(Path("check-failures"), "--save-dir", help="Where a failing game is saved."),
    as_json: bool = JsonOpt,
) -> None:
    """Play random games checking every rule invariant and engine promise after every event."""
    from boardcore import games as registry
    from boardcore.check import check as run_check

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    bar, task = _progress(games_, "games")
    with bar:
        report = run_check(rules, config, games=games_, seed=seed, save_dir=save_dir,
                           progress=lambda n: bar.update(task, completed=n))
    if as_json:
        _json(report)
    elif report.ok:
        _out(f"check passed: {report.games} games, {report.decisions} decisions, {report.events} events")
    else:
        f = report.failure
        _out(f"check FAILED: {f.promise}: {f.detail}\n  game seed {f.seed}, at position {f.at}"
             + (f"\n  saved as {f.replay} (see `boardcore replay {f.replay} --to {f.at}`)" if f.replay else ""))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def simulate(
    game: str = typer.Argument(..., help="The game to simulate."),
    games_: int = typer.Option(..., "--games", "-n", min=1, help="How many games."),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    mode: Optional[str] = typer.Option(None, "--mode"),
    level: Optional[str] = typer.Option(None, "--level"),
    mission: Optional[str] = typer.Option(None, "--mission"),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE"),
    seat: list[str] = typer.Option([], "--seat", metavar="P=POLICY",
                                   help="random (default), greedy or mcts[:KEY=VALUE,…], per seat."),
    seed: str = typer.Option("0", "--seed"),
    as_json: bool = JsonOpt,
) -> None:
    """Play many bot games in memory: win rates and score distributions per seat."""
    from boardcore import games as registry
    from boardcore.simulate import simulate as run_simulate

    rules = registry.get(game)
    config = _config(rules, players, mode, level, mission, option)
    policies = _seats(rules, seat, int(config.players), "random")
    bar, task = _progress(games_, "games")
    with bar:
        report = run_simulate(rules, config, policies, games_, seed=seed,
                              progress=lambda n: bar.update(task, completed=n))
    if as_json:
        return _json(report)
    _out(f"{report.games} games of {report.game} in {report.seconds:.1f}s "
         f"({report.decisions / max(report.seconds, 1e-9):,.0f} decisions/s)"
         + (f"; {report.truncated} truncated" if report.truncated else ""))
    for s in report.seats:
        _out(f"P{s.player} {s.policy:<7} win {s.win_rate}  score {s.score}  "
             f"min {s.score_min:g} median {s.score_median:g} max {s.score_max:g}")



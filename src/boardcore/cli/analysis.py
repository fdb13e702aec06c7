"""Commands that analyse: what-if at a decision, invariant checks, simulations."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from boardcore.cli.common import FileArg, JsonOpt, _config, _json, _load, _out, _progress, _seats, app


@app.command()
def whatif(
    target: str = FileArg,
    at: int = typer.Option(..., "--at", metavar="SEQ", help="The position of the decision to question."),
    instead: list[str] = typer.Option([], "--instead", metavar="ACTION", help="An alternative (text form); repeatable."),
    all_: bool = typer.Option(False, "--all", help="Compare every legal alternative."),
    rollouts: int = typer.Option(100, "--rollouts", "-k", min=1, help="Playouts per alternative."),
    policy: str = typer.Option("random", "--policy", help="Policy for every seat in the playouts: random or greedy."),
    seed: str = typer.Option("0", "--seed", help="Seed of the playouts' chance."),
    as_json: bool = JsonOpt,
) -> None:
    """Had another decision been taken at SEQ: win rate and mean score per alternative."""
    from boardcore.errors import BoardcoreError
    from boardcore.whatif import decision_at, whatif as run_whatif

    if bool(instead) == all_:
        raise BoardcoreError("give either --instead ACTION (one or more) or --all")
    session = _load(target)
    from boardcore import agents
    agents.make(policy, session.rules)  # an unknown policy is refused before any playout
    player = decision_at(session, at).player
    count = sum(a.player == player for a in session.rules.legal_actions(session.state_at(at))) if all_ \
        else len(instead) + 1
    bar, task = _progress(count * rollouts, "playouts")
    with bar:
        report = run_whatif(session, at, None if all_ else list(instead), rollouts=rollouts, policy=policy,
                            seed=seed, progress=lambda n: bar.update(task, completed=n))
    if as_json:
        return _json(report)
    _out(f"P{report.player} at position {at}: {rollouts} {policy} playouts per alternative (95% intervals)")
    for alt in sorted(report.alternatives, key=lambda a: -a.win_rate.mean):
        mark = "*" if alt.recorded else " "
        _out(f"{mark} {alt.action:<40} win {alt.win_rate}  score {alt.mean_score}")
    _out("* the decision taken")


@app.command()
def check(
    game: str = typer.Argument(..., help="The game to check."),
    games_: int = typer.Option(100, "--games", "-n", min=1, help="Random games to play."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's usual table, 2 for each game here)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="Game mode, if the game has several (warlords: teams or ffa)."),
    level: Optional[str] = typer.Option(None, "--level", help="Difficulty of the solo opponent (solar-sphere 1-3, warlords standard|hard)."),
    mission: Optional[str] = typer.Option(None, "--mission", help="Mission: apogee 1-12 (solo 1-6), warlords per_planet|per_mercenary."),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE",
                                     help="Any other option of the game's config (repeatable), e.g. -O max_turns=20."),
    seed: int = typer.Option(0, "--seed", help="Seed of the search for games: the same seed plays the same games (a failure names its own game seed)."),
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
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's usual table, 2 for each game here)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="Game mode, if the game has several (warlords: teams or ffa)."),
    level: Optional[str] = typer.Option(None, "--level", help="Difficulty of the solo opponent (solar-sphere 1-3, warlords standard|hard)."),
    mission: Optional[str] = typer.Option(None, "--mission", help="Mission: apogee 1-12 (solo 1-6), warlords per_planet|per_mercenary."),
    option: list[str] = typer.Option([], "--option", "-O", metavar="KEY=VALUE",
                                     help="Any other option of the game's config (repeatable), e.g. -O max_turns=20."),
    seat: list[str] = typer.Option([], "--seat", metavar="P=POLICY", help="random (default) or greedy, per seat."),
    seed: str = typer.Option("0", "--seed", help="Seed of the games' chance and the bots' choices (same seed, same results)."),
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



"""Regenerate the saved bot games in replays/: one per game and setting, greedy bots
against random ones, each audited before it is kept. They double as regression
fixtures: tests/test_replays.py audits every file.

Usage: python tools/regen_replays.py [GAME ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boardcore import games
from boardcore.agents import policies as agents
from boardcore.analysis.audit import audit
from boardcore.agents.play import run_bots
from boardcore.session.session import Session
from boardcore.stream.store import JsonlFile

ROOT = Path(__file__).resolve().parent.parent / "replays"

# game -> [(file stem, options)]: the settings each game issue asks to keep a saved game of
SETTINGS: dict[str, list[tuple[str, dict]]] = {
    "solar-sphere": [("2p", {"players": 2}), ("3p", {"players": 3}), ("4p", {"players": 4}),
                     ("solo-level3", {"players": 1, "level": 3})],
    "warlords": [("2p", {"players": 2}), ("3p", {"players": 3}), ("4p-teams", {"players": 4}),
                 ("solo-standard", {"players": 1, "level": "standard"})],
    "apogee": [("2p", {"players": 2}), ("3p", {"players": 3}), ("5p", {"players": 5}),
               ("solo-mission1", {"players": 1, "mission": 1}), ("solo-mission2", {"players": 1, "mission": 2})],
}


def regenerate(name: str, stem: str, options: dict) -> Path:
    rules = games.get(name)
    folder = ROOT / name.replace("-", "_")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.jsonl"
    tmp = folder / f".{stem}.tmp.jsonl"
    for leftover in (tmp, tmp.with_name(tmp.name + ".seed")):
        leftover.unlink(missing_ok=True)
    players = options["players"]
    seats = ["greedy"] + ["random"] * (players - 1)
    session = Session.new(rules, seed=f"replay/{name}/{stem}", store=JsonlFile(tmp), seats=seats,
                          **{"players": players, **{k: v for k, v in options.items() if k != "players"}})
    run_bots(session, {p: agents.make(kind, rules) for p, kind in enumerate(seats, 1)}, seed=stem)
    report = audit(str(tmp))
    if not report.ok or session.outcome is None:
        raise SystemExit(f"{name} {stem}: the bot game did not finish and audit clean: {report.steps[-1]}")
    tmp.replace(path)
    tmp.with_name(tmp.name + ".seed").unlink(missing_ok=True)  # the seed is in the stream now
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"default: {' '.join(SETTINGS)} (those installed)")
    args = parser.parse_args()
    names = args.games or list(SETTINGS)
    for name in names:
        try:
            games.get(name)
        except Exception as exc:  # noqa: BLE001
            print(f"skip {name}: {exc}", file=sys.stderr)
            continue
        for stem, options in SETTINGS[name]:
            print(regenerate(name, stem, options))


if __name__ == "__main__":
    main()

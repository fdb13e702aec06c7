"""Win probability: each seat's chance of winning from a position under competent play.

A game says who is ahead with its `standing` hook (`boardcore.game.rules.Standing`: each side's projected
final standing and points so far, how much of the game is done, which mode it is), worked out from a
view alone. This module turns that into probabilities with a small model fitted per game and mode
on self-play games of the strongest affordable agents (`tools/fit_value.py` writes it, as
`data/win_probability.json` beside the game, with the command, agents, games and seeds in its
header):

- every side i gets a utility `u_i = w . x_i`, where `x_i` (`features`) is the side's margin over its
  best rival (the automa included) in projected standing and in points, each alone and times the
  share of the game done, after a constant and the share done itself;
- several sides: a conditional logit, `P(i) = exp(u_i) / sum_j exp(u_j)` (the constant and the share
  done are the same for every side and cancel); one side (solo): a logistic, `P = 1 / (1 + exp(-u))`,
  as if against "no one wins", an alternative whose utility is always 0. A mode whose games may end
  with no winner (Apogee's turn cap) keeps that alternative beside its sides (`no_winner` in the file),
  so its chances add up to less than 1;
- a side of several seats (Warlords' teams) wins together, and each seat is credited with a share
  of the win, as tournaments and what-if count it (`1 / len(winners)`).

At runtime this is pure Python: a few dozen multiplications, no numpy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from boardcore.game.errors import BoardcoreError
from boardcore.game.rules import Rules, Standing

MODEL_FILE = "win_probability.json"
"""The fitted model beside each game's component data (`src/<game>/data/`)."""

FEATURES = ("constant", "done", "projected lead", "projected lead x done", "points lead", "points lead x done")
"""What `features` returns for a side, in order: the model files' weights follow it."""

_packages: dict[type, str] = {}   # the package whose model a rules class plays by


def win_probabilities(rules: Rules, view: Any, viewer: int | None) -> dict[int, float]:
    """Each seat's chance of winning from this position under competent play, as `viewer` may see it.

    `view` is `rules.view(state, viewer)` (viewer None: the whole state, for omniscient analysis). Keys are the
    seats 1..N. Solo modes: {1: chance seat 1 beats the automa / fulfils the Solo Mission}. At a finished
    game it is the actual result (1 for a winner, shares for a shared win, 0 otherwise). Cheap (well under a
    millisecond), pure, deterministic, reads nothing hidden from `viewer`."""
    outcome = rules.outcome(view)
    if outcome is not None:
        seats = len(outcome.scores)
        return {p: (1 / len(outcome.winners) if p in outcome.winners else 0.0) for p in range(1, seats + 1)}
    standing = rules.standing(view)
    sides = side_probabilities(model(rules, standing.mode), standing)
    return {p: chance / len(side) for side, chance in zip(standing.sides, sides) for p in side}


def win_probability(rules: Rules, view: Any, viewer: int | None, player: int) -> float:
    """win_probabilities(...)[player]."""
    return win_probabilities(rules, view, viewer)[player]


def features(standing: Standing, side: int) -> tuple[float, ...]:
    """The model's inputs for side `side` (0-based), named by `FEATURES`: its lead over the best of the
    others (the other sides and the automa) in projected standing and in points, or its own figures
    when it has no rival (an Apogee Solo Mission)."""
    projected, scored, done = standing.projected, standing.scored, standing.done
    others = [k for k in range(len(projected)) if k != side]
    lead = projected[side] - max(projected[k] for k in others) if others else projected[side]
    points = scored[side] - max(scored[k] for k in others) if others else scored[side]
    return (1.0, done, lead, lead * done, points, points * done)


def utilities(weights: Sequence[float], standing: Standing) -> list[float]:
    return [sum(w * x for w, x in zip(weights, features(standing, i))) for i in range(len(standing.sides))]


def side_probabilities(fitted: Mapping[str, Any], standing: Standing) -> list[float]:
    """Each side's chance: a softmax over the sides' utilities, beside "no one wins" (utility 0) in solo and
    wherever the fitted mode says games may end without a winner."""
    u = utilities(fitted["weights"], standing)
    nobody = len(u) == 1 or fitted.get("no_winner", False)
    top = max(0.0, *u) if nobody else max(u)
    e = [math.exp(x - top) for x in u]
    total = sum(e) + (math.exp(-top) if nobody else 0.0)
    return [x / total for x in e]


def model(rules: Rules, mode: str) -> dict[str, Any]:
    """The fitted model of `rules`' game in `mode` (its `weights`, whether no one may win); a clear error
    where none was fitted."""
    fitted = model_file(rules)
    entry = fitted["modes"].get(mode)
    if entry is None:
        raise BoardcoreError(f"{rules.name} has no win-probability model for {mode!r} "
                             f"(fitted: {', '.join(sorted(fitted['modes']))}); regenerate it with "
                             f"`{fitted.get('command', 'python tools/fit_value.py')}`")
    return entry


def model_file(rules: Rules) -> dict[str, Any]:
    """The game's `data/win_probability.json`, read once per process: beside the rules' own package, or
    beside the package of the nearest class they derive from that has one (rules subclassed elsewhere, a
    variant in a test or a plug-in, play the game whose model they inherit)."""
    cls = type(rules)
    package = _packages.get(cls)
    if package is None:
        packages = list(dict.fromkeys(c.__module__.partition(".")[0] for c in cls.__mro__))
        package = next((p for p in packages if _parsed(p) is not None), None)
        if package is None:
            raise BoardcoreError(f"{rules.name} has no win-probability model ({packages[0]}/data/{MODEL_FILE}); "
                                 "fit one with `python tools/fit_value.py`")
        _packages[cls] = package
    found = _parsed(package) or {}
    if list(found.get("features", ())) != list(FEATURES):
        raise BoardcoreError(f"{package}/data/{MODEL_FILE} was fitted on other features "
                             f"({found.get('features')}); regenerate it with `{found.get('command')}`")
    return found


@cache
def _parsed(package: str) -> dict[str, Any] | None:
    """The model file of `package`, read and parsed once per process; None where it has none."""
    text = _model_text(package)
    return None if text is None else json.loads(text)


def _model_text(package: str) -> str | None:
    """The model file of `package`, or None where it has none."""
    try:
        return resources.files(package).joinpath("data", MODEL_FILE).read_text()
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError, ValueError):
        return None

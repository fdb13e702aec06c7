"""tools/fit_value.py: the fit recovers a model it is handed games of, and `check --quick` prints its
calibration figures (the figures themselves, and their targets, live in the tool's output)."""

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from boardcore.game.rules import Standing
from boardcore.analysis.value import features, side_probabilities

TOOL = Path(__file__).resolve().parents[2] / "tools" / "fit_value.py"


def tool():
    spec = importlib.util.spec_from_file_location("fit_value", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def synthetic_games(fv, truth: dict, sides: int, games: int, seed: str):
    """Games whose every position is a fresh draw, the result drawn from `truth`'s chances at it."""
    rnd = random.Random(seed)
    out = []
    for _ in range(games):
        done = rnd.random()
        projected = tuple(rnd.gauss(0, 10) for _ in range(sides))
        scored = tuple(rnd.gauss(0, 5) for _ in range(sides))
        st = Standing(mode="m", sides=tuple((p,) for p in range(1, sides + 1)), projected=projected,
                      scored=scored, done=done)
        chances = side_probabilities(truth, st)
        r, results = rnd.random(), [0.0] * sides
        for k, p in enumerate(chances):
            if r < p:
                results[k] = 1.0
                break
            r -= p
        out.append(fv.Played("m", st.sides, [fv.Position(0, projected, scored, done)], tuple(results)))
    return out


@pytest.mark.parametrize("sides,truth", [
    (2, {"weights": [0.0, 0.0, 0.08, 0.1, 0.15, -0.05], "no_winner": False}),
    (1, {"weights": [-0.5, 1.0, 0.05, 0.1, 0.0, 0.2], "no_winner": True}),
])
def test_the_fit_recovers_the_model_that_made_the_games(sides, truth):
    fv = tool()
    fitted = fv.fit_mode(synthetic_games(fv, truth, sides, 6000, f"fit-{sides}"))
    assert fitted["no_winner"] == truth["no_winner"] and fitted["games"] == 6000
    gaps = []
    for g in synthetic_games(fv, truth, sides, 400, f"check-{sides}"):
        st = fv.standing_of(g, g.positions[0])
        gaps += [abs(mine - true) for mine, true in zip(side_probabilities(fitted, st), side_probabilities(truth, st))]
    assert sum(gaps) / len(gaps) < 0.02 and max(gaps) < 0.1
    # the slopes the games were made with, to within their sampling error
    for k in range(2, len(features(st, 0))):
        assert fitted["weights"][k] == pytest.approx(truth["weights"][k], abs=0.06), k


def test_a_solo_mode_always_lost_gets_its_smoothed_rate():
    fv = tool()
    st = Standing(mode="m", sides=((1,),), projected=(3.0,), scored=(1.0,), done=0.5)
    lost = [fv.Played("m", st.sides, [fv.Position(0, (3.0,), (1.0,), 0.5)], (0.0,)) for _ in range(40)]
    fitted = fv.fit_mode(lost)
    assert side_probabilities(fitted, st) == [pytest.approx(0.5 / 41)]
    assert fitted["note"].startswith("rate only")


def test_check_quick_prints_calibration_of_held_out_games():
    out = subprocess.run([sys.executable, str(TOOL), "check", "--quick", "--game", "warlords", "--workers", "1",
                          "--json"], capture_output=True, text=True, check=True, timeout=600).stdout
    text, report = out.rsplit("\n", 2)[0], json.loads(out.strip().splitlines()[-1])
    assert "reliability" in text and "skill against the base rate" in text
    figures = report["warlords"]
    assert figures["games"] + figures["left_out"] == 20 * 6
    for half in ("first", "second"):
        assert 0 <= figures[half]["ece"] <= 1 and figures[half]["brier"] <= 1
        assert sum(b["count"] for b in figures[half]["bins"]) == figures[half]["positions"] > 0


def test_check_refuses_the_fitting_seeds():
    result = subprocess.run([sys.executable, str(TOOL), "check", "--seed", "fit", "--game", "warlords"],
                            capture_output=True, text=True)
    assert result.returncode != 0 and "differ from the fitting seeds" in result.stderr

"""tools/bench.py prints every figure the issue asks for (no timing asserted here: performance targets live
in the benchmark's own output, not in unit tests).

The default suite checks the bench's list of figures, `FIGURES`, which every run is held to before it
prints (`check_figures`); the real run, a minute or more, is `make bench` and the slow test below."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests_support import tool

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench.py"
ASKED = ("fold_events_per_s", "replay_sqlite_vs_floor", "state_at_long_vs_short", "undo_long_vs_short",
         "append_jsonl_decisions_per_s", "append_sqlite_decisions_per_s", "cli_help_vs_import_typer",
         "cli_legal_vs_import_typer", "cli_act_vs_import_typer", "cli_legal_saved_vs_import_typer",
         "list_10000_vs_100", "workers_2_vs_1", "workers_default_vs_1", "audit_batch_vs_cli_per_file", "games")
"""The figures the issues asked the bench for."""
ASKED_PER_GAME = ("decisions_per_s", "games_per_s", "session_vs_bare", "greedy_decisions_per_s", "rl_env_vs_session",
                  "rl_observed_vs_session", "openspiel_step_vs_pettingzoo")


def bench():
    return tool("bench")


def test_the_bench_lists_every_figure_asked_for():
    tool = bench()
    assert [k for k in ASKED if k not in tool.FIGURES] == []
    assert [k for k in ASKED_PER_GAME if k not in tool.GAME_FIGURES] == []


def run_of(tool, quick: bool) -> dict:
    """A run's figures in the shape `main` builds them (the values do not matter to the check)."""
    figures = {k: 1.0 for k in tool.FIGURES if not (quick and k in tool.NOT_QUICK)}
    figures["games"] = {"solar-sphere": {k: 1.0 for k in tool.GAME_FIGURES}, "apogee": {"error": "no such"}}
    return figures


def test_a_run_is_held_to_the_list():
    tool = bench()
    tool.check_figures(run_of(tool, quick=True), quick=True)
    tool.check_figures(run_of(tool, quick=False), quick=False)
    dropped = run_of(tool, quick=True)
    del dropped["list_10000_vs_100"]
    with pytest.raises(SystemExit, match="are not FIGURES"):
        tool.check_figures(dropped, quick=True)
    renamed = run_of(tool, quick=True)
    renamed["games"]["solar-sphere"]["decisions_a_second"] = 1.0
    with pytest.raises(SystemExit, match=r"\['decisions_a_second'\] not in GAME_FIGURES"):
        tool.check_figures(renamed, quick=True)


@pytest.mark.slow
def test_bench_quick_json_has_every_figure():
    out = subprocess.run([sys.executable, str(TOOL), "--quick", "--json", "--no-ray"], capture_output=True,
                         text=True, check=True, timeout=600).stdout
    figures = json.loads(out)     # the run itself refuses figures that are not FIGURES
    for key in ASKED:
        assert "error" not in str(figures[key]), (key, figures[key])
    assert set(figures["workers_2_vs_1"]) == {"simulate", "whatif", "check", "audit"}
    assert set(figures["workers_default_vs_1"]) == {"n20", "n200"}   # a small job and a longer one (--quick)
    assert set(figures["cli_legal_saved_vs_import_typer"]) == {"apogee", "solar_sphere", "warlords"}
    assert figures["fold_events_per_s"] > 0 and figures["replay_sqlite_vs_floor"] > 0
    for name, rates in figures["games"].items():
        assert rates["decisions_per_s"] > 0 and rates["games_per_s"] > 0, name
        assert rates["session_vs_bare"] > 0 and rates["greedy_decisions_per_s"] > 0, name
        assert rates["rl_env_vs_session"] > 0 and rates["rl_observed_vs_session"] > 0, name  # [rl] is in the dev install
        assert rates["openspiel_step_vs_pettingzoo"] > 0, name    # and so is [openspiel]

"""tools/bench.py runs and prints every figure the issue asks for (no timing asserted here:
performance targets live in the benchmark's own output, not in unit tests)."""

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench.py"


def test_bench_quick_json_has_every_figure():
    out = subprocess.run([sys.executable, str(TOOL), "--quick", "--json", "--no-ray"], capture_output=True,
                         text=True, check=True, timeout=600).stdout
    figures = json.loads(out)
    for key in ("fold_events_per_s", "replay_sqlite_vs_floor", "state_at_long_vs_short", "undo_long_vs_short",
                "append_jsonl_decisions_per_s", "append_sqlite_decisions_per_s", "cli_help_vs_import_typer",
                "cli_legal_vs_import_typer", "cli_act_vs_import_typer", "list_10000_vs_100", "workers_2_vs_1", "workers_default_vs_1",
                "audit_batch_vs_cli_per_file", "games"):
        assert key in figures and "error" not in str(figures[key]), (key, figures.get(key))
    assert set(figures["workers_2_vs_1"]) == {"simulate", "whatif", "check", "audit"}
    assert set(figures["workers_default_vs_1"]) == {"n20", "n200"}   # a small job and a longer one (--quick)
    assert set(figures["cli_legal_saved_vs_import_typer"]) == {"apogee", "solar_sphere", "warlords"}
    assert figures["fold_events_per_s"] > 0 and figures["replay_sqlite_vs_floor"] > 0
    for name, rates in figures["games"].items():
        assert rates["decisions_per_s"] > 0 and rates["games_per_s"] > 0, name
        assert rates["session_vs_bare"] > 0 and rates["greedy_decisions_per_s"] > 0, name
        assert rates["rl_env_vs_session"] > 0 and rates["rl_observed_vs_session"] > 0, name  # [rl] is in the dev install
        assert rates["openspiel_step_vs_pettingzoo"] > 0, name    # and so is [openspiel]

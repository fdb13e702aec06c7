"""Tests for tools/rules_coverage.py, run against a tiny fake repository."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "rules_coverage.py"
REAL_RULES = Path("/work/shared/rules")


def _load_tool():
    spec = importlib.util.spec_from_file_location("rules_coverage", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rc = _load_tool()

INVENTORY = """\
# Solar Sphere - Rules Inventory

**ID scheme.** Each bullet `SS-<AREA>-<NN>` is one rule; see SS-AMB-NN.

## 1. General
- **SS-GEN-01** A rule, mentioning SS-GEN-99 which is not defined.
- **SS-GEN-02** Another rule.
- **SS-X-3** Short number.
- **SS-X-30** Longer number sharing a prefix.
  - **SS-DOCK-01** Indented bullet still defines an ID.
- **SS-GAP-01** Missing component data.
- **SS-AMB-01** An ambiguity.
- **SS-EX-01** An example (SS-GEN-01..02).
- **SS-INV-01** An invariant.
Text citing SS-GEN-77 or **SS-GEN-88** outside a bullet defines nothing.
- **AP-GEN-01** Wrong game's prefix: skipped with a warning.
"""

SOURCE = """\
\"\"\"Docking. Implements SS-GEN-01, SS-X-30 and SS-DOCK-01.\"\"\"
RULES = ("SS-GAP-01",)  # SS-INV-01: checked below
NOT_AN_ID = "XSS-GEN-02 SS-X-3a"
"""

TESTS = '''\
"""Docstring mentioning SS-GEN-02 and @pytest.mark.rule("SS-AMB-01") - not a test."""
import pytest
from pytest import mark

pytestmark = pytest.mark.rule("SS-GEN-01")


@pytest.mark.rule(
    "SS-X-30",
    "SS-GAP-01",  # SS-EX-01 in a comment does not count
)
def test_a():
    pass


@pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rule("SS-X-3")),
                               pytest.param(2, marks=[mark.rule("SS-INV-01")])])
def test_b(x):
    assert "SS-DOCK-01"
'''


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """tmp/repo with src/ and tests/, and the inventory in tmp/shared/rules."""
    root = tmp_path / "repo"
    rules = tmp_path / "shared" / "rules"
    files = {
        rules / "solar_sphere.md": INVENTORY,
        rules / "apogee.md": "- **AP-GEN-01** Only rule.\n",
        root / "src" / "pkg" / "dock.py": SOURCE,
        root / "src" / "pkg" / "data" / "rules.toml": 'ids = ["SS-INV-01"]\n',
        root / "tests" / "test_fake.py": TESTS,
        root / "tests" / "test_broken.py": "def broken(:\n    '@pytest.mark.rule(\"SS-EX-01\")'\n",
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "src" / "pkg" / "blob.bin").write_bytes(b"\0SS-EX-01\0")
    return root


def run_tool(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "--root", str(root), *args],
                          capture_output=True, text=True, check=False)


EXPECTED_IDS = ["SS-GEN-01", "SS-GEN-02", "SS-X-3", "SS-X-30", "SS-DOCK-01",
                "SS-GAP-01", "SS-AMB-01", "SS-EX-01", "SS-INV-01"]


def test_kind_of():
    assert [rc.kind_of(i) for i in ("SS-GAP-01", "AP-AMB-12", "GW-EX-03", "SS-INV-02",
                                    "SS-DOCK-01", "AP-EXP-01", "GW-SUPA-01")] == [
        "gap", "ambiguity", "example", "invariant", "rule", "rule", "rule"]


def test_read_inventory_only_defining_bullets(repo, capsys):
    ids = rc.read_inventory(repo.parent / "shared" / "rules" / "solar_sphere.md", "SS")
    assert ids == EXPECTED_IDS
    assert "AP-GEN-01 lacks prefix SS" in capsys.readouterr().err


def test_implemented_matches_whole_ids(repo):
    found = rc.find_implemented_ids(repo / "src")
    assert {"SS-GEN-01", "SS-X-30", "SS-DOCK-01", "SS-GAP-01", "SS-INV-01"} <= found
    assert "SS-X-3" not in found  # only SS-X-30 and SS-X-3a occur
    assert "SS-GEN-02" not in found  # only as part of XSS-GEN-02
    assert "SS-EX-01" not in found  # binary file ignored


def test_tested_only_counts_rule_markers(repo, capsys):
    tested = rc.find_tested_ids(repo / "tests")
    assert tested == {"SS-GEN-01", "SS-X-30", "SS-GAP-01", "SS-X-3", "SS-INV-01"}
    assert "test_broken.py" in capsys.readouterr().err


def test_game_coverage(repo):
    ids = rc.read_inventory(repo.parent / "shared" / "rules" / "solar_sphere.md", "SS")
    cov = rc.game_coverage(ids, rc.find_implemented_ids(repo / "src"),
                           rc.find_tested_ids(repo / "tests"))
    assert cov == {
        "total": 9,
        "by_kind": {"rule": 5, "gap": 1, "ambiguity": 1, "example": 1, "invariant": 1},
        "implemented": 5,
        "tested": 5,
        "both": 4,
        "percent": 44.44,
        "missing_implementation": ["SS-GEN-02", "SS-X-3", "SS-AMB-01", "SS-EX-01"],
        "missing_tests": ["SS-GEN-02", "SS-DOCK-01", "SS-AMB-01", "SS-EX-01"],
    }


def test_empty_inventory_is_zero_percent():
    assert rc.game_coverage([], set(), set())["percent"] == 0.0


def test_text_report_groups_missing_by_kind(repo):
    result = run_tool(repo, "solar-sphere")
    assert result.returncode == 0, result.stderr
    expected = textwrap.dedent("""\
        solar-sphere: 9 IDs (rule 5, gap 1, ambiguity 1, example 1, invariant 1)
          implemented 5, tested 5, both 4 (44.4%)
          missing implementation:
            rule (2): SS-GEN-02, SS-X-3
            ambiguity (1): SS-AMB-01
            example (1): SS-EX-01
          missing tests:
            rule (2): SS-GEN-02, SS-DOCK-01
            ambiguity (1): SS-AMB-01
            example (1): SS-EX-01
        """)
    assert result.stdout == expected


def test_long_missing_lists_are_wrapped():
    ids = [f"SS-GEN-{n:02d}" for n in range(1, 60)]
    lines = "\n".join(rc.format_missing("missing tests", ids, width=80)).splitlines()
    assert len(lines) > 3 and all(len(line) <= 80 for line in lines)
    assert "".join(lines).count("SS-GEN-") == 59


def test_json_output(repo):
    result = run_tool(repo, "--json", "solar-sphere", "apogee")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    assert list(games) == ["solar-sphere", "apogee"]
    assert games["solar-sphere"]["both"] == 4
    assert games["apogee"] == {
        "total": 1,
        "by_kind": {"rule": 1, "gap": 0, "ambiguity": 0, "example": 0, "invariant": 0},
        "implemented": 0, "tested": 0, "both": 0, "percent": 0.0,
        "missing_implementation": ["AP-GEN-01"], "missing_tests": ["AP-GEN-01"],
    }


@pytest.mark.parametrize(("threshold", "code"), [("44", 0), ("44.44", 0), ("50", 1)])
def test_fail_under(repo, threshold, code):
    result = run_tool(repo, "solar-sphere", "--fail-under", threshold)
    assert result.returncode == code
    assert ("FAIL: solar-sphere" in result.stderr) == bool(code)


def test_unknown_game_exits_2(repo):
    result = run_tool(repo, "chess")
    assert result.returncode == 2
    assert "unknown game(s): chess" in result.stderr


def test_missing_inventory_exits_2(repo):
    result = run_tool(repo, "warlords")  # no warlords.md in the fake rules folder
    assert result.returncode == 2
    first, *rest = result.stderr.strip().splitlines()
    assert first.startswith("error: rules inventory not found:") and first.endswith("warlords.md")
    assert any("--rules DIR or BOARDCORE_RULES=DIR" in line for line in rest)   # how to point at them


def test_missing_inventories_are_a_note_with_missing_ok(repo, tmp_path):
    """What `make coverage` runs in a clone without the inventories: it says so and succeeds."""
    result = run_tool(repo, "--rules", str(tmp_path / "nowhere"), "--missing-ok")
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.startswith("note: rules inventory not found:") and "looked for in" in result.stderr


def test_the_rules_folder_can_come_from_the_environment(repo, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "warlords.md").write_text("- **GW-INV-01** x\n")
    monkeypatch.setenv("BOARDCORE_RULES", str(other))
    result = run_tool(repo, "--json", "warlords")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"]["warlords"]["total"] == 1


def test_rules_option_points_elsewhere(repo, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "warlords.md").write_text("- **GW-INV-01** x\n- **GW-INV-02** y\n")
    result = run_tool(repo, "--rules", str(other), "--json", "warlords")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"]["warlords"]["by_kind"]["invariant"] == 2


@pytest.mark.skipif(not REAL_RULES.is_dir(), reason="shared rules inventories not present")
def test_real_inventories(tmp_path):
    result = run_tool(tmp_path, "--rules", str(REAL_RULES), "--json")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    assert set(games) == {"solar-sphere", "apogee", "warlords"}
    for cov in games.values():
        assert cov["total"] > 400
        assert sum(cov["by_kind"].values()) == cov["total"]

"""Write tests/INDEX.md: for every module under src/, the test files that test it.

Test files are named by what they check (a rulebook chapter, a command), not by module, so a module's
tests are found three ways, each a fact of the tree rather than a guess:

- the test files that import the module (`from warlords.hire import ...`, `import boardcore.text`);
- the test files whose tests are marked with a rule ID (`@pytest.mark.rule("GW-AMB-22")`) that the
  module cites beside its code (rule IDs sit beside the code that implements them);
- the test file named after the module in its game's or layer's test folder (`tests/warlords/test_setup.py`
  for `warlords/setup.py`);
- for a name imported from a package that re-exports it (`from boardcore.stream.store import JsonlFile`),
  the module that defines it (`boardcore.stream.store.jsonl`);
- for a command module of the CLI, the test files that run one of its commands (`run("show", ...)`, the
  `run` fixture of tests/conftest.py), as `boardcore.cli.COMMANDS` assigns commands to modules;
- for the few modules tested only through another's public names, `THROUGH` below, kept by hand.

`tests/test_index.py` fails when INDEX.md is not what this prints, or names a module with no tests:
run `python tools/index_tests.py` after adding or moving a module or a test file.

Usage: python tools/index_tests.py [--check]
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from importlib import import_module
from pathlib import Path

from boardcore.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
SRC, TESTS = ROOT / "src", ROOT / "tests"
INDEX = TESTS / "INDEX.md"
RULE_ID = re.compile(r"\b(?:SS|AP|GW)-[A-Z0-9]+-[0-9]+[a-z]?\b")
THROUGH: dict[str, tuple[str, ...]] = {
    "apogee.render": ("tests/apogee/test_apogee_setup.py",),                 # `rules.render` of dealt tables
    "warlords.render": ("tests/warlords/test_properties.py",),               # `Session.render` at every step
    "boardcore.analysis.redact": ("tests/cli/test_cli.py",),                 # `export --as`
    "boardcore.cli.__main__": ("tests/cli/test_bad_input.py",),              # `python -m boardcore.cli`
    "boardcore.cli.tables": ("tests/cli/test_review_cli.py", "tests/cli/test_cli.py"),   # review's, whatif's tables
    "boardcore.game.handlers": ("tests/test_package_shape.py", "tests/boardcore/test_contract.py"),
    "boardcore.openspiel.game": ("tests/openspiel/test_openspiel_game.py",),  # `openspiel.load_game`
    "boardcore.rl.episode": ("tests/rl/test_rl_envs.py", "tests/rl/test_rl_conformance.py"),   # `boardcore.rl`'s
    "boardcore.rl.gymnasium_env": ("tests/rl/test_rl_envs.py", "tests/rl/test_rl_conformance.py"),   # lazy names
    "boardcore.rl.pettingzoo_env": ("tests/rl/test_rl_envs.py", "tests/rl/test_rl_conformance.py"),
    "boardcore.rl.parallel": ("tests/rl/test_rl_parallel.py",),
    "boardcore.rl.speed": ("tests/rl/test_rl_envs.py",),                     # `rl.steps_per_second`
    "boardcore.session.checkpoints": ("tests/boardcore/test_session.py", "tests/properties/test_session_properties.py"),
    "boardcore.session.undo": ("tests/boardcore/test_undo_policy.py",),
    "boardcore.stream.store.base": ("tests/boardcore/test_stores.py",),
    "boardcore.view.html": ("tests/view/test_view_page.py",),                # `boardcore.view.page`
}
"""Modules whose tests reach them only through another module's names, with the tests that do."""
HEADER = """# Which tests test which module

Written by `python tools/index_tests.py` (do not edit by hand); `tests/test_index.py` checks that it is
current and that every module under `src/` has tests. A module's tests are the files that import it, the
files marked with a rule ID the module cites (`@pytest.mark.rule`), and the file named after it.

| module | tests |
| --- | --- |
"""


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if p.name.startswith("test_"))


def imported(tree: ast.AST) -> set[str]:
    """The modules a test file imports, and for each name it takes from a module, the module that
    defines that name (a package's re-export)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
            names |= {home for alias in node.names if (home := _defined_in(node.module, alias.name))}
    return names


def _defined_in(module: str, name: str) -> str | None:
    if module.split(".")[0] not in {p.name for p in SRC.iterdir()}:
        return None
    try:
        value = getattr(import_module(module), name)
    except (ImportError, AttributeError):
        return None
    return getattr(value, "__module__", None)


def commands_run(tree: ast.AST) -> set[str]:
    """The CLI command modules whose commands a test file runs through the `run` fixture."""
    return {f"boardcore.cli.{COMMANDS[node.args[0].value]}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "run"
            and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in COMMANDS}


def marked_rules(tree: ast.AST) -> set[str]:
    """The rule IDs of a test file's `pytest.mark.rule(...)` marks."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
            ids |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return ids


def index() -> dict[str, list[str]]:
    mods = modules()
    tests_of: dict[str, set[str]] = defaultdict(set)
    cites = {name: set(RULE_ID.findall(path.read_text())) for name, path in mods.items()}
    by_rule: dict[str, set[str]] = defaultdict(set)
    for name, ids in cites.items():
        for rule in ids:
            by_rule[rule].add(name)
    for test in test_files():
        where = str(test.relative_to(ROOT))
        tree = ast.parse(test.read_text(), str(test))
        for name in (imported(tree) | commands_run(tree)) & set(mods):
            tests_of[name].add(where)
        for rule in marked_rules(tree):
            for name in by_rule.get(rule, ()):
                tests_of[name].add(where)
        stem = test.stem.removeprefix("test_")
        for name in mods:
            if name.rpartition(".")[2] == stem and test.parent.name in (name.split(".")[0], name.split(".")[-2]):
                tests_of[name].add(where)
    for name, tests in THROUGH.items():
        if name in mods:
            tests_of[name] |= set(tests)
    return {name: sorted(tests_of[name]) for name in mods}


def render(found: dict[str, list[str]]) -> str:
    rows = [f"| `{name}` | {', '.join(f'`{t}`' for t in tests) or '**none**'} |" for name, tests in found.items()]
    return HEADER + "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say whether INDEX.md is current; write nothing")
    args = parser.parse_args()
    text = render(index())
    if args.check:
        current = INDEX.exists() and INDEX.read_text() == text
        print("tests/INDEX.md is current" if current else "tests/INDEX.md is out of date: run python tools/index_tests.py")
        return 0 if current else 1
    INDEX.write_text(text)
    print(f"wrote {INDEX.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Rule-inventory coverage: which rule IDs are implemented and which are tested.

Each game has a rules inventory (``<game>.md``) whose bullets define one testable
rule each.  The inventories are not part of the repository: they are looked for in
``--rules DIR``, else ``$BOARDCORE_RULES``, else ``../shared/rules`` next to the
repository (where the project's shared folder sits)::

    - **SS-DOCK-03** Turn order is set by dice totals ...

Only such defining bullets count; IDs merely cited in the text do not.  For
every defined ID this script checks

* *implemented*: the ID occurs (as a whole word) in any text file under ``src/``;
* *tested*: the ID is an argument of a ``pytest.mark.rule(...)`` marker in a
  Python file under ``tests/`` (found with :mod:`ast`, so comments and
  docstrings do not count) - as a decorator, ``pytestmark = ...`` or
  ``pytest.param(..., marks=...)``.

It prints, per game, the totals by kind (rule, gap, ambiguity, example,
invariant), the share both implemented and tested, and the IDs still missing
an implementation or a test.  ``--json`` gives the same as one JSON object and
``--fail-under PCT`` exits 1 when a game's share is below PCT.  Standard
library only; it never imports boardcore.

    python tools/rules_coverage.py [GAME ...] [--rules DIR] [--json] [--fail-under PCT] [--missing-ok]

Without the inventories it says where it looked and how to point at them, and exits 2
(0 with ``--missing-ok``, which ``make coverage`` passes: a clone without them has
nothing to report, which is not a failure).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import textwrap
from pathlib import Path

GAMES = {  # game name -> (inventory file name, ID prefix)
    "solar-sphere": ("solar_sphere.md", "SS"),
    "apogee": ("apogee.md", "AP"),
    "warlords": ("warlords.md", "GW"),
}
KIND_BY_AREA = {"GAP": "gap", "AMB": "ambiguity", "EX": "example", "INV": "invariant"}
KINDS = ("rule", "gap", "ambiguity", "example", "invariant")
REPO_ROOT = Path(__file__).resolve().parent.parent

_ID = r"[A-Z]{2}-[A-Z0-9]+-[0-9]+"
DEFINITION_RE = re.compile(rf"^\s*-\s+\*\*({_ID})\*\*")
ID_RE = re.compile(rf"(?<![A-Za-z0-9]){_ID}(?![A-Za-z0-9])")


def kind_of(rule_id: str) -> str:
    """Kind of an ID from its area: ``SS-GAP-01`` -> ``gap``, ``SS-DOCK-01`` -> ``rule``."""
    return KIND_BY_AREA.get(rule_id.split("-")[1], "rule")


def read_inventory(path: Path, prefix: str) -> list[str]:
    """IDs defined by the inventory's ``- **ID**`` bullets, in file order.

    Definitions with another game's prefix are reported on stderr and skipped.
    """
    ids: dict[str, None] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if match := DEFINITION_RE.match(line):
            if match.group(1).startswith(f"{prefix}-"):
                ids[match.group(1)] = None
            else:
                print(f"warning: {path}:{number}: {match.group(1)} lacks prefix {prefix}",
                      file=sys.stderr)
    return list(ids)


def read_text_files(folder: Path):
    """Yield ``(path, text)`` for every UTF-8 text file below *folder*."""
    for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            yield path, data.decode("utf-8")
        except UnicodeDecodeError:
            continue


def find_implemented_ids(src_dir: Path) -> set[str]:
    """Every whole rule ID mentioned anywhere under *src_dir*."""
    return {m for _, text in read_text_files(src_dir) for m in ID_RE.findall(text)}


def is_rule_mark(func: ast.expr) -> bool:
    """True for ``pytest.mark.rule`` / ``mark.rule`` (any chain ending in ``mark.rule``)."""
    if not (isinstance(func, ast.Attribute) and func.attr == "rule"):
        return False
    owner = func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )


def rule_marker_ids(tree: ast.AST) -> set[str]:
    """String arguments of all ``mark.rule(...)`` calls in a parsed module."""
    return {
        arg.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and is_rule_mark(node.func)
        for arg in node.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    }


def find_tested_ids(tests_dir: Path) -> set[str]:
    """IDs named by rule markers in the ``*.py`` files under *tests_dir*."""
    tested: set[str] = set()
    for path, text in read_text_files(tests_dir):
        if path.suffix != ".py":
            continue
        try:
            tested |= rule_marker_ids(ast.parse(text, filename=str(path)))
        except (SyntaxError, ValueError) as exc:
            print(f"warning: skipping {path}: cannot parse ({exc})", file=sys.stderr)
    return tested


def game_coverage(ids: list[str], implemented: set[str], tested: set[str]) -> dict:
    """Coverage summary of one inventory (the ``--json`` shape of a game)."""
    by_kind = {kind: 0 for kind in KINDS}
    for rule_id in ids:
        by_kind[kind_of(rule_id)] += 1
    both = [i for i in ids if i in implemented and i in tested]
    return {
        "total": len(ids),
        "by_kind": by_kind,
        "implemented": sum(i in implemented for i in ids),
        "tested": sum(i in tested for i in ids),
        "both": len(both),
        "percent": round(100 * len(both) / len(ids), 2) if ids else 0.0,
        "missing_implementation": [i for i in ids if i not in implemented],
        "missing_tests": [i for i in ids if i not in tested],
    }


def format_missing(title: str, ids: list[str], width: int = 100) -> list[str]:
    """``title:`` then one wrapped, comma-separated line group per kind."""
    if not ids:
        return [f"  {title}: none"]
    lines = [f"  {title}:"]
    for kind in KINDS:
        of_kind = [i for i in ids if kind_of(i) == kind]
        if of_kind:
            head = f"    {kind} ({len(of_kind)}): "
            lines.append(textwrap.fill(", ".join(of_kind), width, initial_indent=head,
                                       subsequent_indent=" " * 6, break_on_hyphens=False))
    return lines


def format_game(game: str, cov: dict) -> str:
    """Human-readable report of one game's coverage."""
    kinds = ", ".join(f"{kind} {n}" for kind, n in cov["by_kind"].items())
    lines = [
        f"{game}: {cov['total']} IDs ({kinds})",
        f"  implemented {cov['implemented']}, tested {cov['tested']}, "
        f"both {cov['both']} ({cov['percent']:.1f}%)",
        *format_missing("missing implementation", cov["missing_implementation"]),
        *format_missing("missing tests", cov["missing_tests"]),
    ]
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to report (default: all): {', '.join(GAMES)}")
    parser.add_argument("--root", type=Path, default=REPO_ROOT,
                        help="repository root holding src/ and tests/ (default: %(default)s)")
    parser.add_argument("--rules", type=Path,
                        help="folder with the inventories (default: $BOARDCORE_RULES, else ROOT/../shared/rules)")
    parser.add_argument("--missing-ok", action="store_true",
                        help="without the inventories, say so and exit 0 instead of 2")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--fail-under", type=float, metavar="PCT",
                        help="exit 1 if a game's implemented-and-tested share is below PCT")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (choose from {', '.join(GAMES)})")
    args.games = args.games or list(GAMES)
    from_env = os.environ.get("BOARDCORE_RULES")
    args.rules_from = "--rules" if args.rules else "BOARDCORE_RULES" if from_env else "the default"
    args.rules = args.rules or (Path(from_env) if from_env else args.root / ".." / "shared" / "rules")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    inventories = {game: (args.rules / GAMES[game][0]).resolve() for game in args.games}
    missing = [path for path in inventories.values() if not path.is_file()]
    if missing:
        names = ", ".join(p.name for p in missing)
        print(f"{'note' if args.missing_ok else 'error'}: rules inventory not found: {missing[0]}"
              f"{f' (and {len(missing) - 1} more)' if len(missing) > 1 else ''}\n"
              f"  the inventories ({names}) are not in the repository; they were looked for in "
              f"{args.rules.resolve()} ({args.rules_from})\n"
              "  point at the folder holding them with --rules DIR or BOARDCORE_RULES=DIR "
              "(make coverage RULES=DIR)", file=sys.stderr)
        return 0 if args.missing_ok else 2
    implemented = find_implemented_ids(args.root / "src")
    tested = find_tested_ids(args.root / "tests")
    report = {
        game: game_coverage(read_inventory(path, GAMES[game][1]), implemented, tested)
        for game, path in inventories.items()
    }

    if args.json:
        print(json.dumps({"games": report}, indent=2))
    else:
        print("\n\n".join(format_game(game, cov) for game, cov in report.items()))

    if args.fail_under is not None:
        failing = {g: c["percent"] for g, c in report.items() if c["percent"] < args.fail_under}
        for game, pct in failing.items():
            print(f"FAIL: {game} coverage {pct:.1f}% < {args.fail_under:g}%", file=sys.stderr)
        return 1 if failing else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

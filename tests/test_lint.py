"""The tree passes the checks `pyproject.toml` sets for ruff (pyflakes' F rules and syntax errors): an
undefined name, an unused import or variable, an import shadowed by a loop variable fails here, before
it can hide a mistake."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_tree_passes_ruff():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "src", "tests", "tools"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _always_true(test: ast.expr) -> str | None:
    """Why an assertion's test cannot fail, or None: `… or True` (any operand a true constant), or an
    expression compared with an identical one (`x == x`, `f() <= f()`), which holds whatever `x` is."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        if any(isinstance(v, ast.Constant) and v.value for v in test.values):
            return "an `or` with a true constant"
    for node in ast.walk(test):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for op, a, b in zip(node.ops, sides, sides[1:]):
                if isinstance(op, (ast.Eq, ast.Is, ast.LtE, ast.GtE)) and ast.dump(a) == ast.dump(b):
                    return f"`{ast.unparse(a)}` compared with itself"
    return None


def test_no_assertion_that_cannot_fail():
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "tools").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Assert) and (why := _always_true(node.test)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {why}")
    assert not found, "assertions that cannot fail:\n" + "\n".join(found)


def test_the_lint_sees_what_it_refuses():
    """The check above is itself checked: each kind of dead assertion is caught, a live one is not."""
    caught = [_always_true(ast.parse(src, mode="eval").body) for src in
              ("x in y or True", "f(a).b == f(a).b", "0 < n == n", "x == y", "x in y or z")]
    assert [bool(c) for c in caught] == [True, True, True, False, False]

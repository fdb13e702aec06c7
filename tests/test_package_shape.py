"""The three games share one shape (ARCHITECTURE.md, "Game packages"): the same modules for the same
roles, imports that point one way inside a package, and modules small enough to read."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
GAMES = ("solar_sphere", "apogee", "warlords")
ROLES = ("components", "state", "events", "evolve", "setup", "flow", "queries", "prompts", "solo",
         "invariants", "hidden", "render", "words", "describe", "draw", "figures", "spaces", "evaluate", "near_end",
         "rules")
MAX_LINES = 650           # "no module over about 600 lines"
MAX_RULES_LINES = 250     # rules.py is wiring only


def modules(game: str) -> dict[str, Path]:
    return {p.stem: p for p in sorted((SRC / game).glob("*.py")) if p.stem != "__init__"}


def _runtime_imports(tree: ast.Module):
    """Every import statement outside `if TYPE_CHECKING:` blocks, function-level ones included
    (a circle through a function-level import is still a circle)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    for node in ast.walk(tree):
        if id(node) not in skip and isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def imported(game: str, path: Path) -> set[str]:
    """The sibling modules `path` imports."""
    names = set(modules(game))
    out: set[str] = set()
    for node in _runtime_imports(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == game:
            out |= {a.name for a in node.names if a.name in names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(game + "."):
            out.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[1] for a in node.names if a.name.startswith(game + ".")}
    return out & names


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One example path per strongly connected component larger than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_same_modules_for_the_same_roles(game):
    missing = [role for role in ROLES if role not in modules(game)]
    assert not missing, f"{game} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_inside_a_package(game):
    graph = {name: imported(game, path) for name, path in modules(game).items()}
    assert cycles(graph) == []


@pytest.mark.parametrize("game", GAMES)
def test_modules_stay_small(game):
    sizes = {name: len(path.read_text().splitlines()) for name, path in modules(game).items()}
    assert {n: k for n, k in sizes.items() if k > MAX_LINES} == {}
    assert sizes["rules"] <= MAX_RULES_LINES


@pytest.mark.parametrize("game", GAMES)
def test_events_hold_types_only(game):
    tree = ast.parse((SRC / game / "events.py").read_text())
    functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert functions == [], f"{game}/events.py defines functions: {functions} (handlers belong in evolve.py)"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_contract(game):
    """A game package never imports another game, the CLI or the stores (ARCHITECTURE.md, Layers)."""
    forbidden = [g for g in GAMES if g != game] + ["boardcore.cli", "boardcore.stream.store"]
    for name, path in modules(game).items():
        for node in _runtime_imports(ast.parse(path.read_text())):
            targets = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            bad = [t for t in targets if any(t == f or t.startswith(f + ".") for f in forbidden)]
            assert not bad, f"{game}/{name}.py imports {bad}"


def test_the_circle_finder_finds_circles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []

"""The three games share one shape (ARCHITECTURE.md, "Game packages"): the same modules for the same
roles, imports that point one way inside a package, and modules small enough to read."""

from __future__ import annotations

import ast
import importlib
import inspect
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


# -- one shape down to the function (issue #30, item 3) ------------------------------------------------------
def _game(game: str, module: str):
    return importlib.import_module(f"{game}.{module}")


def _params(fn) -> list[str]:
    return list(inspect.signature(fn).parameters)


@pytest.mark.parametrize("game", GAMES)
def test_one_way_to_open_a_decision_point(game):
    """`ask(u, player, kind, **detail)`: the seat, then what it is asked, then what qualifies the question."""
    params = inspect.signature(_game(game, "prompts").ask).parameters
    assert list(params) == ["u", "player", "kind", "detail"]
    assert params["detail"].kind is inspect.Parameter.VAR_KEYWORD


@pytest.mark.parametrize("game", GAMES)
def test_component_data_is_passed_never_fetched_from_the_unfolding(game):
    """A part gets the component data as its parameter `c`; none reaches for it through `u.rules`."""
    reads = [f"{name}.py:{node.lineno}" for name, path in modules(game).items()
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Attribute) and node.attr == "rules"
             and isinstance(node.value, ast.Name) and node.value.id == "u"]
    assert reads == []


def _advance_loop(game: str) -> ast.For | None:
    tree = ast.parse((SRC / game / "flow.py").read_text())
    advance = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "advance")
    loops = [n for n in advance.body if isinstance(n, ast.For) and "range(MAX_STEPS)" in ast.unparse(n.iter)]
    raises = [n for n in advance.body if isinstance(n, ast.Raise)]
    return loops[0] if loops and raises and advance.body.index(raises[-1]) > advance.body.index(loops[0]) else None


# the table of automatic steps `advance` dispatches through when nothing else is under way
STEP_TABLES = {"solar_sphere": ("PHASES", "phase"), "apogee": ("STEPS", "stage"), "warlords": ("PHASES", "phase")}


@pytest.mark.parametrize("game", GAMES)
def test_advance_is_a_guarded_loop(game, monkeypatch):
    """`advance(c, u, rng)` runs at most MAX_STEPS automatic steps, then refuses to spin: a step that never
    opens a prompt raises instead of hanging the game."""
    from boardcore.agents.play import seeded
    from boardcore.game.rules import Unfolding
    flow = _game(game, "flow")
    assert _params(flow.advance) == ["c", "u", "rng"]
    assert _advance_loop(game) is not None, f"{game}/flow.py: advance is not `for _ in range(MAX_STEPS)`, then raise"
    rules = importlib.import_module(game).RULES
    state = rules.initial(rules.make_config())
    table, key = STEP_TABLES[game]
    monkeypatch.setitem(getattr(flow, table), getattr(state, key), lambda c, u, rng: True)   # a step doing nothing
    with pytest.raises(RuntimeError, match="did not settle"):
        flow.advance(rules.c, Unfolding.over(rules, state), seeded("shape")(0))


@pytest.mark.parametrize("game", GAMES)
def test_invariants_have_one_signature(game):
    """Every invariant and every liveness test is a module-level `f(c, s)` in `INVARIANTS` / `LIVENESS`; no
    closures built per data set."""
    inv = _game(game, "invariants")
    for table in (inv.INVARIANTS, inv.LIVENESS):
        odd = {k: _params(f) for k, f in table.items() if _params(f) != ["c", "s"]}
        assert odd == {}
    tree = ast.parse((SRC / game / "invariants.py").read_text())
    nested = [n.name for f in tree.body if isinstance(f, ast.FunctionDef)
              for n in ast.walk(f) if n is not f and isinstance(n, ast.FunctionDef | ast.Lambda)]
    lambdas = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Lambda)]
    assert nested == [] and lambdas == []


@pytest.mark.parametrize("game", GAMES)
def test_words_for_events_are_registered_where_they_are_written(game):
    """`describe(c, s, item, player)` reads one `WORDS` table filled by `@says(ev.X)` over each describer
    `fn(c, s, item, player)`; no hand-kept dict of event types beside it, and every event has its words."""
    describe = _game(game, "describe")
    events = _game(game, "events")
    assert _params(describe.describe) == ["c", "s", "item", "player"]
    assert set(describe.WORDS) == set(events.EVENTS)
    odd = {t.__name__: _params(f) for t, f in describe.WORDS.items() if _params(f)[:2] != ["c", "s"] or len(_params(f)) != 4}
    assert odd == {}
    for name in ("describe", "describe_facts"):
        path = SRC / game / f"{name}.py"
        if not path.exists():
            continue
        tables = [n.lineno for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Dict)
                  and n.keys and all(isinstance(k, ast.Attribute) and ast.unparse(k).startswith("ev.") for k in n.keys)]
        assert tables == [], f"{game}/{name}.py keeps a dict of event types at lines {tables}: register with @says"


@pytest.mark.parametrize("game", GAMES)
def test_setup_and_loading_have_one_name(game):
    """`components.load(folder)` gives `components.Components`; `setup.deal(c, u, rng)` emits the setup facts."""
    components, setup = _game(game, "components"), _game(game, "setup")
    assert isinstance(components.Components, type)
    assert inspect.signature(components.load).return_annotation in ("Components", components.Components)
    assert _params(setup.deal) == ["c", "u", "rng"]
    for gone in ("Catalog", "load_components"):
        assert not hasattr(components, gone)
    for gone in ("lay_out", "facts"):
        assert not hasattr(setup, gone)


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_is_drawn_from_the_data_and_a_view(game):
    """`draw.draw(c, view, player)`, as `describe`: the SVG needs the component data, not the whole rules."""
    assert len(_params(_game(game, "draw").draw)) == 3 and _params(_game(game, "draw").draw)[0] == "c"

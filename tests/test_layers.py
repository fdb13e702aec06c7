"""boardcore's folders are its layers, and every import points down them.

Each module under src/ belongs to one layer (LAYERS, lowest first). An import, at the top of a module or
inside a function or under `TYPE_CHECKING` alike (all are found with `ast`), may name a module of its own
layer or of a lower one, never of a higher one: that is what lets a reader learn the core from the bottom
up, and what keeps import circles from closing through functions. A game package is stricter still: of
boardcore it imports only the contract (`boardcore.game`), and no other game.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import boardcore

SRC = Path(__file__).resolve().parent.parent / "src"

# (layer, the module prefixes in it), lowest first; the interfaces share the top layer
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("text", ("boardcore.text",)),
    ("contract", ("boardcore.game", "boardcore.games")),   # the games registry names games, imports none
    ("games", ("solar_sphere", "apogee", "warlords")),
    ("stream", ("boardcore.stream",)),
    ("session", ("boardcore.session",)),
    ("agents", ("boardcore.agents",)),
    ("analysis", ("boardcore.analysis",)),
    ("interfaces", ("boardcore.cli", "boardcore.terminal", "boardcore.view", "boardcore.rl", "boardcore.openspiel")),
]
GAMES = LAYERS[2][1]
CONTRACT = ("boardcore.game",)   # all of boardcore a game package imports
RANK = {layer: i for i, (layer, _) in enumerate(LAYERS)}
ROOT = "boardcore"   # the package's lazy front (`boardcore.Session`): importable from anywhere


def layer_of(module: str) -> str | None:
    for layer, prefixes in LAYERS:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return layer
    return None


@cache
def sources() -> dict[str, tuple[Path, str]]:
    """Every module under src/: its dotted name -> (its path, its text)."""
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = (path, path.read_text())
    return found


def imports(module: str, path: Path, text: str, known: set[str]) -> list[tuple[int, str]]:
    """Every module of ours that `module` imports, with the line: `from boardcore import X` resolves
    to the submodule X, or to the module the package's front takes the name X from."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for alias in node.names:
                name = f"{base}.{alias.name}"
                if name in known:
                    out.append((node.lineno, name))
                elif base == ROOT and alias.name in boardcore._EXPORTS:
                    out.append((node.lineno, boardcore._EXPORTS[alias.name]))
                else:
                    out.append((node.lineno, base))
    return [(line, name) for line, name in out if name.split(".")[0] in {"boardcore", *GAMES}]


def violations(found: dict[str, tuple[Path, str]]) -> list[str]:
    known = set(found)
    bad = [f"{m}: belongs to no layer (add it to tests/test_layers.py LAYERS)" for m in found
           if m != ROOT and layer_of(m) is None]
    for module, (path, text) in found.items():
        mine = layer_of(module)
        if mine is None:
            continue
        for line, target in imports(module, path, text, known):
            theirs = layer_of(target)
            where = f"{path.relative_to(SRC)}:{line}"
            if mine == "games":
                if target != ROOT and not any(target == p or target.startswith(p + ".") for p in CONTRACT) \
                        and target.split(".")[0] != module.split(".")[0]:
                    bad.append(f"{where}: the game imports {target}, which is not the contract (boardcore.game)")
            elif theirs is not None and RANK[theirs] > RANK[mine]:
                bad.append(f"{where}: {module} ({mine}) imports {target} ({theirs}), a higher layer")
    return bad


def test_every_module_has_a_layer_and_every_import_points_down():
    assert violations(sources()) == []


def _with(module: str, path: str, added: str) -> dict[str, tuple[Path, str]]:
    found = sources()
    old = found.get(module, (SRC / path, ""))
    return {**found, module: (old[0], old[1] + added)}


def test_the_check_sees_an_import_inside_a_function_that_points_up():
    found = _with("boardcore.game.errors", "", "\n\ndef _up():\n    from boardcore.session.session import Session\n")
    assert [v for v in violations(found) if v.startswith("boardcore/game/errors.py")] == [
        "boardcore/game/errors.py:"
        f"{found['boardcore.game.errors'][1].count(chr(10))}: boardcore.game.errors (contract) imports "
        "boardcore.session.session (session), a higher layer"]


def test_the_check_sees_a_game_importing_past_the_contract():
    found = _with("warlords", "", "\nfrom boardcore import games\n")
    assert any(v.startswith("warlords/__init__.py:") and "boardcore.games, which is not the contract" in v
               for v in violations(found))


def test_the_check_sees_a_module_with_no_layer():
    found = _with("boardcore.helpers", "boardcore/helpers.py", "X = 1\n")
    assert "boardcore.helpers: belongs to no layer (add it to tests/test_layers.py LAYERS)" in violations(found)

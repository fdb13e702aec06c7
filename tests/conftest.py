"""Shared fixtures: the toy game (tests only) and throwaway stores."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402  (registers "toy-pig")


@pytest.fixture
def toy():
    return toygame.RULES


@pytest.fixture
def run(capsys, monkeypatch):
    """The `boardcore` command in-process, through its real entry point:
    `run(*args, stdin="")` -> (exit code, stdout, stderr)."""
    from boardcore import cli

    def run(*args, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["boardcore", *map(str, args)])
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        with pytest.raises(SystemExit) as exit_:
            cli.main()
        out, err = capsys.readouterr()
        return exit_.value.code, out, err

    return run


@pytest.fixture(autouse=True)
def _private_database(tmp_path, monkeypatch):
    """Every test gets its own SQLite file, so nothing touches the user's games."""
    monkeypatch.setenv("BOARDCORE_DB", str(tmp_path / "games.sqlite"))
    monkeypatch.delenv("BOARDCORE_STORE", raising=False)


def postgres_env() -> dict[str, str] | None:
    keys = ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD")
    if all(k in os.environ for k in keys):
        return {k: v for k, v in os.environ.items() if k.startswith("POSTGRES_")}
    return None


def pytest_collection_modifyitems(config, items):
    """Tests marked `slow` (long property runs) run only with BOARDCORE_SLOW=1 (`make test-slow`); tests
    marked `bench` (a wall-clock limit, which load on a shared machine can break) only with BOARDCORE_BENCH=1
    (`make bench`)."""
    for marker, variable, reason in (("slow", "BOARDCORE_SLOW", "slow: run with BOARDCORE_SLOW=1 (make test-slow)"),
                                     ("bench", "BOARDCORE_BENCH", "a wall-clock limit: run with make bench")):
        if os.environ.get(variable) == "1":
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if marker in item.keywords:
                item.add_marker(skip)

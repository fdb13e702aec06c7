"""The OpenSpiel tests need open_spiel (the `[openspiel]` extra, part of `[dev]`): skipped with the reason
where it is not installed, except where BOARDCORE_REQUIRE_OPENSPIEL=1 (set by .ci/run), where they fail."""

from __future__ import annotations

import os

import pytest

REQUIRED = os.environ.get("BOARDCORE_REQUIRE_OPENSPIEL") == "1"


def pyspiel():
    """The `pyspiel` module, or the whole test module skipped (failed where OpenSpiel is required)."""
    try:
        import pyspiel
    except ImportError as exc:
        if REQUIRED:
            pytest.fail(f"BOARDCORE_REQUIRE_OPENSPIEL=1 but open_spiel cannot be imported ({exc})", pytrace=False)
        pytest.skip("open_spiel is not installed: pip install 'boardcore[openspiel]'", allow_module_level=True)
    return pyspiel

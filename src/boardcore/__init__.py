"""boardcore: modern board games on an event-sourced core.

    from boardcore import Session
    s = Session.new("solar-sphere", players=2, seed=7)
    s.apply(s.legal_actions()[0])

Names are imported on first use, so `import boardcore` (and `boardcore --help`)
stays fast and never loads a game or the database layer by itself.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Session": "boardcore.session",
    "Rules": "boardcore.rules",
    "Game": "boardcore.rules",
    "Outcome": "boardcore.rules",
    "Decision": "boardcore.events",
    "Fact": "boardcore.events",
    "Rng": "boardcore.rng",
    "ScriptedRng": "boardcore.rng",
    "IllegalAction": "boardcore.errors",
    "BoardcoreError": "boardcore.errors",
}

__all__ = sorted(_EXPORTS)
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'boardcore' has no attribute {name!r}")

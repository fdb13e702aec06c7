"""boardcore: modern board games on an event-sourced core.

    from boardcore import Session
    s = Session.new("solar-sphere", players=2, seed=7)
    s.apply(s.legal_actions()[0])

Names are imported on first use, so `import boardcore` (and `boardcore --help`) stays fast and
never loads a game or the database layer by itself. Type checkers and IDEs read the same names
from the `TYPE_CHECKING` imports below (the package ships `py.typed`), so `Session` and the rest
are fully typed in a user's code rather than `Any`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardcore.game.errors import BoardcoreError as BoardcoreError
    from boardcore.game.errors import IllegalAction as IllegalAction
    from boardcore.game.events import Decision as Decision
    from boardcore.game.events import Fact as Fact
    from boardcore.game.rng import Rng as Rng
    from boardcore.game.rng import ScriptedRng as ScriptedRng
    from boardcore.game.rules import Game as Game
    from boardcore.game.rules import Outcome as Outcome
    from boardcore.game.rules import Rules as Rules
    from boardcore.session.session import Receipt as Receipt
    from boardcore.session.session import Session as Session

_EXPORTS = {
    "Session": "boardcore.session.session",
    "Receipt": "boardcore.session.session",
    "Rules": "boardcore.game.rules",
    "Game": "boardcore.game.rules",
    "Outcome": "boardcore.game.rules",
    "Decision": "boardcore.game.events",
    "Fact": "boardcore.game.events",
    "Rng": "boardcore.game.rng",
    "ScriptedRng": "boardcore.game.rng",
    "IllegalAction": "boardcore.game.errors",
    "BoardcoreError": "boardcore.game.errors",
}

__all__ = sorted(_EXPORTS)
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'boardcore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

"""Finding games by name. Games register in the `boardcore.games` entry-point
group (`solar-sphere = "solar_sphere:RULES"`), so boardcore never imports a game
package until one is asked for by name."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from boardcore.errors import UnknownGame
from boardcore.rules import Rules

GROUP = "boardcore.games"
_registered: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Make a game known without an entry point (tests, notebooks)."""
    _registered[rules.name] = rules
    return rules


def names() -> list[str]:
    return sorted({ep.name for ep in entry_points(group=GROUP)} | set(_registered))


@cache
def _load(name: str) -> Rules:
    for ep in entry_points(group=GROUP, name=name):
        try:
            return ep.load()
        except ImportError as exc:
            raise UnknownGame(f"game {name!r} is registered but cannot be imported: {exc}") from None
    raise UnknownGame(f"unknown game {name!r}; installed games: {', '.join(names()) or 'none'}")


def get(name: str) -> Rules:
    return _registered[name] if name in _registered else _load(name)

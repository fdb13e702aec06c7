"""Finding games by name. Games register in the `boardcore.games` entry-point
group (`solar-sphere = "solar_sphere:RULES"`), so boardcore never imports a game
package until one is asked for by name.

The registry belongs to the contract's layer (`boardcore.game`), beside the rules it names: it imports
no game (a game is found by its name, through an import by name at run time), so the contract itself
can send rules to another process by name (`Game.__reduce__`), and every layer above asks it for games.
A game package does not import it."""

from __future__ import annotations

import os
import shlex
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING

from boardcore.game.errors import UnknownGame

if TYPE_CHECKING:
    from boardcore.game.rules import Rules

GROUP = "boardcore.games"
_registered: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Make a game known without an entry point (tests, notebooks)."""
    _registered[rules.name] = rules
    return rules


def names() -> list[str]:
    from importlib.metadata import entry_points

    return sorted({ep.name for ep in entry_points(group=GROUP)} | set(_registered))


@cache
def _load(name: str) -> Rules:
    """The game's rules: from its conventional module (`solar-sphere` -> `solar_sphere.RULES`) when
    that module exists and its RULES carry this name, else through the entry points, which have
    the last word (reading them costs more than a command on a saved game does in all)."""
    module = name.replace("-", "_")
    if module.isidentifier() and find_spec(module) is not None:
        rules = getattr(import_module(module), "RULES", None)
        if getattr(rules, "name", None) == name:
            return rules
    from importlib.metadata import entry_points

    for ep in entry_points(group=GROUP, name=name):
        try:
            return ep.load()
        except ImportError as exc:
            raise UnknownGame(f"game {name!r} is registered but cannot be imported: {exc}") from None
    raise UnknownGame(f"unknown game {name!r}; installed games: {', '.join(names()) or 'none'}")


def get(name: str, data: str | os.PathLike | None = None) -> Rules:
    """The installed game `name`, on replacement component data from the folder `data` if given
    (remembered as `rules.data_folder`, so a copy of the rules can be rebuilt in another process)."""
    rules = _registered[name] if name in _registered else _load(name)
    if data is None:
        return rules
    custom = rules.with_data(data)
    custom.data_folder = os.fspath(data)
    return custom


def data_option(rules: Rules) -> str:
    """What a command line must add to open a game played on `rules` again: ` --data DIR` for rules on
    replacement data, else nothing (the hints the CLI prints after `new`, `branch` or `play`)."""
    folder = getattr(rules, "data_folder", None)
    return f" --data {shlex.quote(folder)}" if folder else ""


def rebuild(name: str, data: str | None, module: str) -> Rules:
    """Rules in a fresh process (see `Game.__reduce__`): importing the module that defines them
    registers games that have no entry point (tests, notebooks)."""
    if name not in _registered:
        try:
            import_module(module)
        except ImportError:
            pass
    return get(name, data)

"""A bounded memo for what a game's estimate works out again and again.

Bots ask `evaluate` of every position they weigh, and neighbouring positions mostly share their parts
(the planets, a rocket, the launches so far): a game keeps what those parts are worth in a `Memo` on its
component catalog. A key is made of the values the answer reads, never of identities, so a state changed
in place can never be served a stale answer; when the memo is full it starts afresh, which bounds its
memory without bookkeeping per entry (a bot's next positions refill it at once).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Memo:
    """At most `size` answers, by key. `get(key, make)` is the answer kept for `key`, made by `make()`
    (never None) the first time it is asked."""

    __slots__ = ("_answers", "size")

    def __init__(self, size: int) -> None:
        self._answers: dict[Hashable, Any] = {}
        self.size = size

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        answers = self._answers
        found = answers.get(key)
        if found is None:
            if len(answers) >= self.size:
                answers.clear()
            found = answers[key] = make()
        return found

    def __len__(self) -> int:
        return len(self._answers)

"""Randomness that is deterministic, auditable and cannot be fished.

`Rng.derive(seed, seq)` makes a fresh generator for the decision that lands at
effective position `seq`. Values come from SHA-256 in counter mode, computed
here rather than by `random.Random`, so a seed gives the same dice on every
machine and Python version. Undoing and re-taking a decision meets the same
generator, hence the same dice.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from boardcore.game.errors import SeedUnavailable

T = TypeVar("T")
_DOMAIN = b"boardcore/rng/v1\x00"
_SPAN = 1 << 64
_FOUR = struct.Struct(">4Q")


def seed_bytes(seed: int | str) -> bytes:
    return str(seed).encode()


def commitment(seed: int | str) -> str:
    """What `GameCreated` stores: binds the game to its seed without telling it."""
    return hashlib.sha256(b"boardcore/seed/v1\x00" + seed_bytes(seed)).hexdigest()


class Rng:
    """A generator of uniform integers; every other draw is built on `randbelow`.

    A derived generator computes its key on its first draw: most decisions draw nothing, and
    then cost nothing here. The values are those of the key, whenever it is made."""

    __slots__ = ("_key", "_material", "_counter", "_pool", "draws")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._material = b""
        self._counter = 0
        self._pool: list[int] = []
        self.draws = 0

    @classmethod
    def derive(cls, seed: int | str, seq: int) -> Rng:
        return cls._from_material(_DOMAIN + seed_bytes(seed) + b"\x00" + str(seq).encode())

    @classmethod
    def deriver(cls, seed: int | str) -> Callable[[int], Rng]:
        """`lambda seq: Rng.derive(seed, seq)`, with the seed's bytes prepared once."""
        prefix = _DOMAIN + seed_bytes(seed) + b"\x00"
        make = cls._from_material
        return lambda seq: make(prefix + str(seq).encode())

    @classmethod
    def _from_material(cls, material: bytes) -> Rng:
        rng = cls.__new__(cls)
        rng._key, rng._counter, rng._pool, rng.draws = b"", 0, [], 0
        rng._material = material
        return rng

    def _next64(self) -> int:
        if not self._pool:
            if not self._key:
                self._key = hashlib.sha256(self._material).digest()
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool = list(_FOUR.unpack(block))[::-1]   # drawn from the front of the block
        return self._pool.pop()

    def randbelow(self, n: int) -> int:
        """Uniform in 0..n-1, by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        self.draws += 1
        limit = _SPAN - _SPAN % n
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        return low + self.randbelow(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new list in uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]


class ScriptedRng(Rng):
    """Forces outcomes, as a rulebook example does: each draw takes the next value.

    A value is the draw's result: a die face for `roll`, a number in range for
    `randint`/`randbelow`, an item for `choice`, the whole new order for
    `shuffled`, the chosen items for `sample`. When the script runs out, draws
    continue from `then` if given, else fail loudly.
    """

    __slots__ = ("_values", "_then")

    def __init__(self, values: Iterable[Any], then: Rng | None = None) -> None:
        super().__init__(b"")
        self._values = list(values)[::-1]
        self._then = then

    @property
    def remaining(self) -> int:
        return len(self._values)

    def _take(self, what: str) -> Any:
        if not self._values:
            raise ValueError(f"ScriptedRng ran out of values at a {what} draw")
        self.draws += 1
        return self._values.pop()

    def randbelow(self, n: int) -> int:
        return self.randint(0, n - 1)

    def randint(self, low: int, high: int) -> int:
        if not self._values and self._then is not None:
            return self._then.randint(low, high)
        value = self._take(f"{low}..{high}")
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"scripted value {value!r} is outside {low}..{high}")
        return value

    def choice(self, items: Sequence[T]) -> T:
        if not self._values and self._then is not None:
            return self._then.choice(items)
        value = self._take("choice")
        if value not in items:
            raise ValueError(f"scripted choice {value!r} is not among {list(items)!r}")
        return value

    def shuffled(self, items: Iterable[T]) -> list[T]:
        items = list(items)
        if not self._values and self._then is not None:
            return self._then.shuffled(items)
        order = list(self._take("shuffle"))
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ValueError(f"scripted order {order!r} is not a permutation of {items!r}")
        return order

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        if not self._values and self._then is not None:
            return self._then.sample(items, k)
        chosen = list(self._take("sample"))
        if len(chosen) != k or any(c not in items for c in chosen):
            raise ValueError(f"scripted sample {chosen!r} is not {k} of {list(items)!r}")
        return chosen


class LocalRng(Rng):
    """Fast draws from `random.Random`, for what is never recorded (the check walker's
    re-deals of hidden information). Its values may change between Python versions,
    so it must never decide a game's chance."""

    __slots__ = ("_random",)

    def __init__(self, seed: int | str) -> None:
        import random

        super().__init__(b"")
        self._random = random.Random(str(seed))

    # `random.Random`'s own algorithms (`randrange(n)`, `shuffle`: rejection sampling on `getrandbits`)
    # spelled out here, so the same values come without a method call per draw: a search deals a whole
    # table (Apogee: ten piles, about 160 cards) at every iteration.
    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        self.draws += 1
        getrandbits = self._random.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        self.draws += 1
        getrandbits = self._random.getrandbits
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            out[i], out[j] = out[j], out[i]
        return out


class NoRng(Rng):
    """For sessions that do not know the seed: any draw says so instead of guessing."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(b"")

    def randbelow(self, n: int) -> int:
        raise SeedUnavailable("this decision involves chance, but the game's seed is not available here")

"""Seeded, named random streams.

Each stream is derived from the scenario's seed and its own name, so what one
phase draws never shifts what another draws. The generator is SHA-256 in
counter mode with rejection sampling: simple enough for a player to re-derive
by hand, and independent of Python's version, platform and hash seed.

>>> Streams("42").stream("demo").shuffled(range(5))
[0, 2, 4, 1, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

try:  # CPython's own SHA-256 (3.11; `_sha2` from 3.12): the same digest as hashlib's, without loading OpenSSL at start
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # 3.12 and later name the module _sha2; a build without either uses hashlib
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha256

T = TypeVar("T")


class Stream:
    """A reproducible source of integers for one named purpose."""

    def __init__(self, seed: str, name: str) -> None:
        self._prefix = f"umpire/1|{seed}|{name}|".encode()
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = sha256(self._prefix + str(self._counter).encode()).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        nbytes = ((n - 1).bit_length() + 7) // 8
        limit = (256**nbytes // n) * n
        while True:
            value = int.from_bytes(self._bytes(nbytes), "big")
            if value < limit:
                return value % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer from `low` to `high`, both included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new list in a uniformly random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class Streams:
    """The seed of a game and the named streams drawn from it."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Streams) and other.seed == self.seed

    def __hash__(self) -> int:
        return hash(("Streams", self.seed))

    def __repr__(self) -> str:
        return f"Streams({self.seed!r})"

    def stream(self, name: str) -> Stream:
        """A fresh stream for `name`; the same name always gives the same draws."""
        return Stream(self.seed, name)

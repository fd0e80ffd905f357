"""A small seeded generator of our own (SplitMix64).

Python's ``random`` promises reproducibility of ``random()`` only, not of ``shuffle`` or
``randrange`` across versions, so new decks come from this generator instead: the same seed
gives the same game on every machine and Python version. Records store the decks anyway, so a
replay never needs a generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK64 = (1 << 64) - 1
_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 64)]


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        self._state = seed & _MASK64

    def next64(self) -> int:
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:  # next64() inlined: this is on the hot path of random playouts
            self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if n == 1:
            return seq[0]
        return seq[self.below(n)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place (the generator inlined: a new deck every round)."""
        z0 = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 64 else (1 << 64) - ((1 << 64) % n)
            while True:
                z0 = z = (z0 + 0x9E3779B97F4A7C15) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self._state = z0

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for per-seat agents)."""
        return Rng(self.next64())

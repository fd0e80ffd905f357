"""A small seeded generator of our own (SplitMix64).

Python's ``random`` promises reproducibility of ``random()`` only, not of ``shuffle`` or
``randrange`` across versions, so new decks come from this generator instead: the same seed
gives the same game on every machine and Python version. Records store the decks anyway, so a
replay never needs a generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .kernel import ckernel

T = TypeVar("T")
_MASK64 = (1 << 64) - 1
_GROUPS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _groups(length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Fisher-Yates positions (length-1 down to 1) grouped so each group's radix product
    fits in 64 bits: (product, positions) pairs, cached per length."""
    got = _GROUPS.get(length)
    if got is None:
        out, i = [], length - 1
        while i > 0:
            prod, pos = 1, []
            while i > 0 and prod * (i + 1) <= 1 << 64:
                prod *= i + 1
                pos.append(i)
                i -= 1
            out.append((prod, tuple(pos)))
        got = _GROUPS[length] = tuple(out)
    return got


def _restore(state: int, pool: int, rng_range: int) -> Rng:
    """Unpickle a generator (into whichever implementation runs here)."""
    g = Rng.__new__(Rng)
    g._state, g._pool, g._range = state, pool, rng_range
    return g


class _RngApi:
    """What both implementations share, written once over next64."""

    __slots__ = ()

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for per-seat agents)."""
        return type(self)(self.next64())  # type: ignore[attr-defined,call-arg]

    def __reduce__(self) -> tuple:
        return _restore, (self._state, self._pool, self._range)  # type: ignore[attr-defined]


class PyRng(_RngApi):
    """SplitMix64 outputs, spent through an exact "random pool" for small ranges.

    The pool holds v uniform on [0, R). A draw below n uses v mod n when v falls under the
    largest multiple of n, and keeps v div n (uniform on [0, R div n)) for the next draw, so
    one 64-bit output serves many small draws; otherwise the remainder stays uniform and is
    reused. Every draw is exactly uniform.

    The pure-Python reference; ``Rng`` is the compiled twin (``_ckernel.Rng``, the same
    draws bit for bit) when the extension is built.
    """

    __slots__ = ("_state", "_pool", "_range")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        self._state = seed & _MASK64
        self._pool = 0
        self._range = 1

    def next64(self) -> int:
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), exact (see the class docstring)."""
        if n < 1:
            raise ValueError(f"below() needs n > 0, not {n}")
        v, r = self._pool, self._range
        while True:
            if r < n << 8:
                v = (v << 64) | self.next64()
                r <<= 64
            q = r // n
            lim = q * n
            if v < lim:
                self._pool, j = divmod(v, n)
                self._range = q
                return j
            v -= lim
            r -= lim

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place, with exact uniform indices.

        One 64-bit draw, rejected above the largest multiple of n(n-1)...(n-k+1) that fits,
        is decoded in mixed radix into k indices: about 11 indices per draw for a deck of 48.
        """
        for prod, radices in _groups(len(items)):
            limit = (1 << 64) - ((1 << 64) % prod)
            while True:
                x = self.next64()
                if x < limit:
                    break
            for i in radices:
                x, j = divmod(x, i + 1)
                items[i], items[j] = items[j], items[i]

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        return seq[0] if n == 1 else seq[self.below(n)]


if ckernel is not None:
    class CRng(_RngApi, ckernel.Rng):
        """The compiled generator: ``PyRng``'s draws bit for bit (next64, below, shuffle and
        choice in C; the pool in 128 bits, ``PyRng.below`` for n above 2**56)."""

        __slots__ = ()

    ckernel.set_big_below(PyRng.below)
    Rng = CRng
else:
    CRng = None  # type: ignore[assignment,misc]
    Rng = PyRng

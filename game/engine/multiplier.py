"""The field multiplier and its carry (docs/rules/hachihachi.md §3): Large field x2, Grand field x4.

Brights dealt to the field multiply every payment of the round; extra brights carry their
multiplier to later rounds in one of three ways (option ``multiplier_carry``).
"""

from __future__ import annotations

from .cards import GRAND_BRIGHTS, LARGE_BRIGHTS

QUEUE, ONE_ROUND, STACK = "queue", "one_round", "stack"
_ALL_BRIGHTS = GRAND_BRIGHTS | LARGE_BRIGHTS  # the only cards of a field that step reads
_MEMO_CAP = 4096


def field_brights(field: int, *, grand: bool = True) -> list[int]:
    """The multiplier of each bright on the field: x4 for the rain man and the phoenix (a
    Grand field), x2 for the crane, curtain and moon (a Large field). ``grand=False``
    (Nuki): only the Large brights count."""
    large = [2] * (field & LARGE_BRIGHTS).bit_count()
    return [4] * (field & GRAND_BRIGHTS).bit_count() + large if grand else large


class MultiplierCarry:
    """One carry rule: ``initial()`` state, ``step(field, carry)`` -> (m, new carry)."""

    __slots__ = ("mode", "grand", "_counted", "_memo")

    def __init__(self, mode: str, *, grand: bool = True) -> None:
        self.mode = mode
        self.grand = grand
        self._counted = (GRAND_BRIGHTS | LARGE_BRIGHTS) if grand else LARGE_BRIGHTS
        # (field brights, carry) -> (m, new carry): a deal's step is a function of those two
        self._memo: dict[tuple[int, object], tuple[int, object]] = {}

    def initial(self) -> object:
        return {QUEUE: (), ONE_ROUND: 1, STACK: None}[self.mode]

    def waiting(self, carry: object) -> tuple[int, ...]:
        """Carried multipliers still waiting for later rounds (views, year_extension)."""
        if self.mode == QUEUE and carry:
            return tuple(carry)  # type: ignore[arg-type]
        if self.mode == ONE_ROUND and isinstance(carry, int) and carry > 1:
            return (carry,)
        return ()

    def step(self, field: int, carry: object) -> tuple[int, object]:
        """The round's m and the new carry, remembered by the field's brights and the carry
        (a handful of cases: one dict lookup instead of the lists of ``_step``, every deal)."""
        # fastpath: multiplier-memo
        key = (field & _ALL_BRIGHTS, carry)
        try:
            got = self._memo.get(key)
        except TypeError:  # a carry given as a list (not hashable): as written
            return self._step(field, carry)
        if got is None:
            got = self._step(field, carry)
            if len(self._memo) < _MEMO_CAP:  # a carried queue could grow without bound
                self._memo[key] = got
        return got

    def _step(self, field: int, carry: object) -> tuple[int, object]:
        """``step`` as the rule is written (hachihachi.md §3)."""
        if self.mode == QUEUE and not field & self._counted:
            # no bright that counts (half of all deals): the queue only moves on
            # fastpath: multiplier-memo
            return (carry[0], tuple(carry[1:])) if carry else (1, ())  # type: ignore[index]
        f = field_brights(field, grand=self.grand)
        if self.mode == QUEUE:
            # the first bright of a fresh queue sets this round; the rest wait their turn
            q = list(carry)  # type: ignore[arg-type]
            if not q:
                m = f[0] if f else 1
                q.extend(f[1:])
            else:
                m = q.pop(0)
                q.extend(f)
            return m, tuple(q)
        if self.mode == ONE_ROUND:
            fv = 4 if field & GRAND_BRIGHTS else 2 if field & LARGE_BRIGHTS else 1
            m = max(fv, carry)  # type: ignore[type-var]
            if field & GRAND_BRIGHTS == GRAND_BRIGHTS:
                new = 4
            elif (field & LARGE_BRIGHTS).bit_count() >= 2:
                new = 2
            else:
                new = 1
            return m, new
        m = 1  # stack: every bright multiplies this round, nothing carries
        for v in f:
            m *= v
        return m, None

"""Card-point settlement: against a par, or between two players (docs/rules/hachihachi.md §11
and §14, nuki.md §7, hachi.md §5, sudaoshi.md §6).

Written once for the family: three players settle against a par (88 in Hachi-Hachi, the seat
burdens 100/110/120 in Sudaoshi); two players pay the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .ledger import Basis
from .vocab import Reason

if TYPE_CHECKING:
    from .state import State

PAR_88 = 88  # three players share 264 card points: 88 each is even (hachihachi.md §11)


def settle_against_par(st: State, seats: Sequence[int], points: Sequence[int],
                       pars: Sequence[int]) -> None:
    """Card points against a par: each seat's surplus or deficit d = points - par.

    One seat below the par pays each seat above it that seat's surplus; otherwise each seat
    below pays its own deficit to each seat above (x m).
    """
    if len(points) != len(pars):
        raise ValueError("one par per seat")
    if len(points) == 3 and not st.events_on:
        # fastpath: par-three-seats
        # three seats with events off (every rollout): the same transfers in the same order,
        # unrolled (each amount is above 0: a surplus or a deficit times m >= 1)
        s0, s1, s2 = seats
        d0, d1, d2 = points[0] - pars[0], points[1] - pars[1], points[2] - pars[2]
        m, pay, reason = st.m, st.pay_quiet, Reason.CARD_POINTS
        below = (d0 < 0) + (d1 < 0) + (d2 < 0)
        if below == 1:  # the one below pays each surplus, in seat order
            lo = (s0,) if d0 < 0 else (s1,) if d1 < 0 else (s2,)
            if d0 > 0:
                pay(reason, lo, s0, d0 * m)
            if d1 > 0:
                pay(reason, lo, s1, d1 * m)
            if d2 > 0:
                pay(reason, lo, s2, d2 * m)
        elif below == 2 and (d0 > 0 or d1 > 0 or d2 > 0):  # the two below pay the one above
            hi = s0 if d0 > 0 else s1 if d1 > 0 else s2
            if d0 < 0:
                pay(reason, (s0,), hi, -d0 * m)
            if d1 < 0:
                pay(reason, (s1,), hi, -d1 * m)
            if d2 < 0:
                pay(reason, (s2,), hi, -d2 * m)
        # (nobody below, or all three below: nobody above, nothing to pay)
        return
    d = [p - par for p, par in zip(points, pars, strict=True)]
    below = [i for i, x in enumerate(d) if x < 0]
    above = [i for i, x in enumerate(d) if x > 0]
    ev, m, pay = st.events_on, st.m, st.pay
    if len(below) == 1:
        lo = seats[below[0]]
        for i in above:
            b = Basis("card_points", d[i], m, par=pars[i], points=points[i]) if ev else None
            pay(lo, seats[i], d[i] * m, Reason.CARD_POINTS, b)
    else:
        for i in above:
            for j in below:
                b = (Basis("card_points", -d[j], m, par=pars[j], points=points[j])
                     if ev else None)
                pay(seats[j], seats[i], -d[j] * m, Reason.CARD_POINTS, b)


def pay_difference(st: State, a: int, b: int, pa: int, pb: int, *,
                   cap_kan: int | None = None) -> int | None:
    """Two players: the lower pays the difference of card points (x m) to the higher.

    ``cap_kan`` (88's ``two_player_payment=capped``): a difference of 30 or more is paid as
    min(5, d // 10) kan of ``cap_kan`` mon. Returns the higher seat, or None when equal.
    """
    if pa == pb:
        return None
    hi, lo = (a, b) if pa > pb else (b, a)
    d = abs(pa - pb)
    kind, k = "difference", 0
    if cap_kan is not None and d >= 30:
        kind, k = "capped", min(5, d // 10)
        d = k * cap_kan
    b = (Basis(kind, d, st.m, kan=k, unit=cap_kan if k else 0, par=min(pa, pb), points=max(pa, pb))
         if st.events_on else None)  # rollouts (events off) build no basis
    st.pay(lo, hi, d * st.m, Reason.CARD_POINTS, b)
    return hi

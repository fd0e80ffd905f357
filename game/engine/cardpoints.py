"""Card-point settlement: against a par, or between two players (docs/rules/hachihachi.md §11
and §14, nuki.md §7, hachi.md §5, sudaoshi.md §6).

Written once for the family: three players settle against a par (88 in Hachi-Hachi, the seat
burdens 100/110/120 in Sudaoshi); two players pay the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .ledger import Basis, Payment
from .vocab import Reason

if TYPE_CHECKING:
    from .state import State

_new_tuple = tuple.__new__  # Payment without NamedTuple's Python __new__, as State.pay does

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
        # three seats with events off (every rollout): the same transfers, unrolled
        s0, s1, s2 = seats
        d0, d1, d2 = points[0] - pars[0], points[1] - pars[1], points[2] - pars[2]
        m, record, net, reason = st.m, st.payments.append, st.net, Reason.CARD_POINTS
        below = (d0 < 0) + (d1 < 0) + (d2 < 0)
        # each transfer written where it arises, in the general loop's order (seat order);
        # a positive surplus or deficit times m > 0 is above 0, and the seats are distinct
        if below == 1 and m > 0:  # the one below pays each surplus, in seat order
            lo = s0 if d0 < 0 else s1 if d1 < 0 else s2
            if d0 > 0:
                amount = d0 * m
                record(_new_tuple(Payment, (lo, s0, amount, reason, None)))
                net[s0] += amount
                net[lo] -= amount
            if d1 > 0:
                amount = d1 * m
                record(_new_tuple(Payment, (lo, s1, amount, reason, None)))
                net[s1] += amount
                net[lo] -= amount
            if d2 > 0:
                amount = d2 * m
                record(_new_tuple(Payment, (lo, s2, amount, reason, None)))
                net[s2] += amount
                net[lo] -= amount
        elif below == 2 and m > 0 and (d0 > 0 or d1 > 0 or d2 > 0):  # two below pay one
            hi = s0 if d0 > 0 else s1 if d1 > 0 else s2
            if d0 < 0:
                amount = -d0 * m
                record(_new_tuple(Payment, (s0, hi, amount, reason, None)))
                net[hi] += amount
                net[s0] -= amount
            if d1 < 0:
                amount = -d1 * m
                record(_new_tuple(Payment, (s1, hi, amount, reason, None)))
                net[hi] += amount
                net[s1] -= amount
            if d2 < 0:
                amount = -d2 * m
                record(_new_tuple(Payment, (s2, hi, amount, reason, None)))
                net[hi] += amount
                net[s2] -= amount
        # (nobody below, or all three below: nobody above, nothing to pay)
        return
    # one loop, no comprehension frames (every three-player round ends here)
    d, below, above = [], [], []
    for i, p in enumerate(points):
        x = p - pars[i]
        d.append(x)
        if x < 0:
            below.append(i)
        elif x > 0:
            above.append(i)
    ev, m, pay = st.events_on, st.m, st.pay
    if not ev:  # State.pay written inline: seat to seat, amounts above 0, no basis, no event
        record, net, reason = st.payments.append, st.net, Reason.CARD_POINTS
        if len(below) == 1:
            lo = seats[below[0]]
            for i in above:
                hi, amount = seats[i], d[i] * m
                if amount > 0 and lo != hi:
                    record(_new_tuple(Payment, (lo, hi, amount, reason, None)))
                    net[hi] += amount
                    net[lo] -= amount
        else:
            for i in above:
                hi = seats[i]
                for j in below:
                    lo, amount = seats[j], -d[j] * m
                    if amount > 0 and lo != hi:
                        record(_new_tuple(Payment, (lo, hi, amount, reason, None)))
                        net[hi] += amount
                        net[lo] -= amount
        return
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

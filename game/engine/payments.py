"""The family's payment forms (docs/rules/README.md §3.3 to §3.6,
hachihachi.md §9 to §12).

Every amount a rule names is paid in one of these forms; the rulesets only choose which and
how much. Amounts are in mon at m = 1; the round's multiplier ``st.m`` is applied here, and a
fraction is rounded up to a whole mon separately for each transfer (``ledger.scaled``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ledger import Basis, scaled

if TYPE_CHECKING:
    from .state import State


def opponents(st: State, seat: int) -> list[int]:
    """The other active players of the round."""
    return [o for o in st.active if o != seat]


def split_denominator(den: int, split: bool, n_opponents: int) -> int:
    """``payment_model=split``: an amount 'from each opponent' is halved when there are two
    opponents (the whole amount is shared between them)."""
    return den * 2 if split and n_opponents == 2 else den


def _basis(st: State, base: int, den: int = 1, share: int = 1, unit: int = 0) -> Basis | None:
    """The formula of an amount in one of these forms (only when events are on)."""
    if not st.events_on:
        return None
    if unit and base % unit == 0:
        return Basis("kan", base, st.m, den, share, kan=base // unit, unit=unit)
    return Basis("mon", base, st.m, den, share)


def from_each_opponent(st: State, payee: int, base: int, den: int, reason: str, *,
                       split: bool = False, liable: int | None = None,
                       unit: int = 0) -> None:
    """'From each opponent': every other active player pays base/den x m to ``payee``.

    Liability (hatto, tobikomi): a ``liable`` opponent pays both opponents' shares alone.
    ``unit``: the kan in mon, so the basis can say "2 kan x 12" (display only).
    """
    # settlement's hot path (every claim and dekiyaku of every rollout): opponents(),
    # split_denominator() and scaled() written out. fastpath: payment-forms
    opps = list(st.active)  # the active seats are distinct: removing the payee is opponents()
    if payee in opps:
        opps.remove(payee)
    d = den * 2 if split and len(opps) == 2 else den
    if liable is not None and liable in opps:
        st.pay(liable, payee, scaled(2 * base, d, st.m), reason, _basis(st, base, d, 2, unit))
        return
    amount = -(-base * st.m // d)
    if not st.events_on:  # one ledger call, no basis, no event
        st.pay_quiet(reason, opps, payee, amount)
        return
    b = _basis(st, base, d, 1, unit)
    pay = st.pay
    for o in opps:
        pay(o, payee, amount, reason, b)


def to_each_opponent(st: State, payer: int, base: int, reason: str, *,
                     split: bool = False, unit: int = 0) -> None:
    """'To each opponent': ``payer`` pays base x m to every other active player (a penalty,
    such as a failed mizuten)."""
    opps = opponents(st, payer)
    d = split_denominator(1, split, len(opps))
    amount = scaled(base, d, st.m)
    if not st.events_on:  # one ledger call, no basis, no event
        for o in opps:
            st.pay_quiet(reason, (payer,), o, amount)
        return
    b = _basis(st, base, d, 1, unit)
    pay = st.pay
    for o in opps:
        pay(payer, o, amount, reason, b)


def from_every_seat(st: State, payee: int, base: int, reason: str, *, unit: int = 0) -> None:
    """'From the table': every other seat, active or not (not the blank holder), pays
    base x m (the mizuten and dealer-hand achievements)."""
    amount = base * st.m
    blank = st.blank
    if not st.events_on:  # one ledger call, no basis, no event
        payers = list(range(st.n))
        payers.remove(payee)
        if blank in payers:
            payers.remove(blank)
        st.pay_quiet(reason, payers, payee, amount)
        return
    b = _basis(st, base, 1, 1, unit)
    pay = st.pay
    for s in range(st.n):
        if s != payee and s != blank:
            pay(s, payee, amount, reason, b)


def each_opponent_pays(base: int, den: int, m: int, n_opponents: int, split: bool) -> int:
    """What ONE opponent pays for an amount 'from each opponent' (for views and previews)."""
    return scaled(base, split_denominator(den, split, n_opponents), m)

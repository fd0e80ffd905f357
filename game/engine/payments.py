"""The family's payment forms (docs/rules/README.md §3.3 to §3.6,
hachihachi.md §9 to §12).

Every amount a rule names is paid in one of these forms; the rulesets only choose which and
how much. Amounts are in mon at m = 1; the round's multiplier ``st.m`` is applied here, and a
fraction is rounded up to a whole mon separately for each transfer (``ledger.scaled``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ledger import scaled

if TYPE_CHECKING:
    from .state import State


def opponents(st: State, seat: int) -> list[int]:
    """The other active players of the round."""
    return [o for o in st.active if o != seat]


def split_denominator(den: int, split: bool, n_opponents: int) -> int:
    """``payment_model=split``: an amount 'from each opponent' is halved when there are two
    opponents (the whole amount is shared between them)."""
    return den * 2 if split and n_opponents == 2 else den


def from_each_opponent(st: State, payee: int, base: int, den: int, reason: str, *,
                       split: bool = False, liable: int | None = None) -> None:
    """'From each opponent': every other active player pays base/den x m to ``payee``.

    Liability (hatto, tobikomi): a ``liable`` opponent pays both opponents' shares alone.
    """
    opps = opponents(st, payee)
    d = split_denominator(den, split, len(opps))
    if liable is not None and liable in opps:
        st.pay(liable, payee, scaled(2 * base, d, st.m), reason)
        return
    amount = scaled(base, d, st.m)
    for o in opps:
        st.pay(o, payee, amount, reason)


def to_each_opponent(st: State, payer: int, base: int, reason: str, *,
                     split: bool = False) -> None:
    """'To each opponent': ``payer`` pays base x m to every other active player (a penalty,
    such as a failed mizuten)."""
    opps = opponents(st, payer)
    amount = scaled(base, split_denominator(1, split, len(opps)), st.m)
    for o in opps:
        st.pay(payer, o, amount, reason)


def from_every_seat(st: State, payee: int, base: int, reason: str) -> None:
    """'From the table': every other seat, active or not (not the blank holder), pays
    base x m (the mizuten and dealer-hand achievements)."""
    amount = base * st.m
    for s in range(st.n):
        if s != payee and s != st.blank:
            st.pay(s, payee, amount, reason)


def each_opponent_pays(base: int, den: int, m: int, n_opponents: int, split: bool) -> int:
    """What ONE opponent pays for an amount 'from each opponent' (for views and previews)."""
    return scaled(base, split_denominator(den, split, n_opponents), m)

"""The drop-out phase's money (docs/rules/hachihachi.md §5): the drop-out fee into the pot, and the
compensation a seat forced out of a full table receives.
"""

from __future__ import annotations

BY_ORDER, BY_SEAT = "by_order", "by_seat"  # the dropout_fee option's values ("flat": 1 kan)


def dropout_fee(mode: str, kan: int, k: int, p: int) -> int:
    """The drop-out fee in mon at m = 1 (option ``dropout_fee``).

    ``k``: this seat is the k-th to drop (1, 2, ...); ``p``: its position in the drop-out
    order (0 = the dealer). by_order: 1, 1.5, 2 ... kan by k; by_seat: the same by position;
    flat: 1 kan.
    """
    if mode == BY_ORDER:
        return kan * (k + 1) // 2
    if mode == BY_SEAT:
        return kan * (p + 2) // 2
    return kan


def half_up(amount: int) -> int:
    """Half an amount, rounded up to a whole mon (compensation is paid in halves)."""
    return -(-amount // 2)

"""The capture relations (docs/rules/common.md §4), written once.

Same month (§4.1): a card takes the field cards of its month; with exactly two it takes the
one the player chooses, with one or three it takes them all. Month sum (§4.2, Hachi): a card
takes ONE field card whose month adds up with its own to a number ending in 3 or 8; with
several, the player chooses. The engine's turn loop, the rules API and the AIs' one-ply
look-ahead all read these tables.
"""

from __future__ import annotations

from .cards import CARD_MONTH_MASK, MONTH_MASK
from .vocab import CaptureRule

# The field cards each card may take by month sum: months m + t ending in 3 or 8.
SUM_MASK: tuple[int, ...] = tuple(
    sum(MONTH_MASK[t] for t in range(12) if ((c >> 2) + 1 + t + 1) % 5 == 3) for c in range(48))


def relation(rule: CaptureRule) -> tuple[int, ...]:
    """For each card, the mask of field cards it may capture."""
    return SUM_MASK if rule == CaptureRule.MONTH_SUM else CARD_MONTH_MASK


def choices(rel: tuple[int, ...], month_sum: bool, field: int, card: int) -> int:
    """The field cards among which the player must choose for ``card`` (0: no choice)."""
    matches = field & rel[card]
    k = matches.bit_count()
    return matches if k == 2 or (month_sum and k > 2) else 0


def arrive(rel: tuple[int, ...], month_sum: bool, field: int, card: int,
           target: int = -1) -> tuple[int, int]:
    """(new field, cards captured) when ``card`` arrives on ``field``; ``target`` names the
    chosen card when there is a choice (ValueError if it is missing or not a candidate)."""
    matches = field & rel[card]
    if not matches:
        return field | (1 << card), 0
    pick = choices(rel, month_sum, field, card)
    if pick:
        if target < 0 or not pick >> target & 1:
            raise ValueError("this capture needs a choice of target among the candidates")
        got = (1 << card) | (1 << target)
    else:
        got = (1 << card) | matches
    return field & ~got, got

"""Hand shapes for teyaku (hachihachi.md §6), shared by every ruleset that has teyaku.

``shape(hand)`` classifies a 7-card hand once; each ruleset maps the shape to its own ids and
values (standard, Nintendo preset, Nuki, Sudaoshi 1921), so the classification is written once.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import (
    ANIMALS,
    BRIGHTS,
    MONTH_MASK,
    PAULOWNIA_CHAFF3,
    RIBBONS,
    WILLOW,
)

# Group-A shape classes (month histogram sorted descending).
SHISO = "shiso"  # [4,3]
ICHINISHI = "ichinishi"  # [4,2,1]
TWO_TRIPLETS = "two_triplets"  # [3,3,1]
HANEKEN = "haneken"  # [3,2,2]
TESHI = "teshi"  # [4,1,1,1]
KUTTSUKI = "kuttsuki"  # [2,2,2,1]
TRIPLET = "triplet"  # [3,2,1,1] or [3,1,1,1,1]

_SHAPES = {
    (4, 3): SHISO, (4, 2, 1): ICHINISHI, (3, 3, 1): TWO_TRIPLETS, (3, 2, 2): HANEKEN,
    (4, 1, 1, 1): TESHI, (2, 2, 2, 1): KUTTSUKI, (3, 2, 1, 1): TRIPLET, (3, 1, 1, 1, 1): TRIPLET,
}
_NON_WILLOW_BRIGHTS = BRIGHTS & ~WILLOW
_NON_WILLOW_ANIMALS = ANIMALS & ~WILLOW
_NON_WILLOW_RIBBONS = RIBBONS & ~WILLOW
_NOT_CHAFF_CLASS = _NON_WILLOW_BRIGHTS | _NON_WILLOW_ANIMALS | _NON_WILLOW_RIBBONS


class Shape(NamedTuple):
    """What a hand is, before any ruleset gives it names and values."""

    a: str | None  # Group-A class, or None
    triplets: tuple[int, ...]  # months (1..12) holding exactly three cards
    standing: int  # how many of those triplets are standing (§6.2)
    a_cards: int  # cards revealed for the Group-A combination (mask)
    b: str | None  # Group-B id (karasu, pikaichi, toichi, tanichi, aka), or None
    b_cards: int  # chaff-class cards revealed for Group B (mask)
    ribbons: int  # number of non-Willow ribbons (r), for aka and the 1921 set
    counts: tuple[int, ...]  # cards per month, index month - 1


def is_standing(month: int, cards_of_month: int) -> bool:
    """A triplet stands in months 4, 5, 7, or as exactly the three Paulownia chaff."""
    if month in (4, 5, 7):
        return True
    return month == 12 and cards_of_month == PAULOWNIA_CHAFF3


def shape(hand: int) -> Shape:
    counts = tuple((hand >> (4 * i) & 0xF).bit_count() for i in range(12))
    key = tuple(sorted((c for c in counts if c), reverse=True))
    a = _SHAPES.get(key)
    triplets = tuple(i + 1 for i, c in enumerate(counts) if c == 3)
    standing = sum(1 for mo in triplets if is_standing(mo, hand & MONTH_MASK[mo - 1]))
    a_cards = 0
    if a in (SHISO, ICHINISHI, HANEKEN):
        a_cards = hand
    elif a == TESHI:
        a_cards = hand & MONTH_MASK[counts.index(4)]
    elif a in (TWO_TRIPLETS, TRIPLET):
        for mo in triplets:
            a_cards |= hand & MONTH_MASK[mo - 1]
    elif a == KUTTSUKI:
        for i, c in enumerate(counts):
            if c == 2:
                a_cards |= hand & MONTH_MASK[i]
    b_count = (hand & _NON_WILLOW_BRIGHTS).bit_count()
    a_count = (hand & _NON_WILLOW_ANIMALS).bit_count()
    r_count = (hand & _NON_WILLOW_RIBBONS).bit_count()
    b = None
    if b_count == 0 and a_count == 0:
        b = "karasu" if r_count == 0 else "tanichi" if r_count == 1 else "aka"
    elif b_count == 1 and a_count == 0 and r_count == 0:
        b = "pikaichi"
    elif a_count == 1 and b_count == 0 and r_count == 0:
        b = "toichi"
    b_cards = hand & ~_NOT_CHAFF_CLASS if b else 0
    return Shape(a, triplets, standing, a_cards, b, b_cards, r_count, counts)

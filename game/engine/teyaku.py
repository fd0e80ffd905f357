"""Hand shapes for teyaku (hachihachi.md §6), shared by every ruleset that has teyaku.

``shape(hand)`` classifies a 7-card hand once; each ruleset maps the shape to its own ids and
values (standard, Nintendo preset, Nuki, Sudaoshi 1921), so the classification is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .cards import (
    ANIMALS,
    BRIGHTS,
    KINDS,
    MONTH_MASK,
    PAULOWNIA_CHAFF3,
    RIBBONS,
    STANDING_MONTHS,
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

_NON_WILLOW_BRIGHTS = BRIGHTS & ~WILLOW
_NON_WILLOW_ANIMALS = ANIMALS & ~WILLOW
_NON_WILLOW_RIBBONS = RIBBONS & ~WILLOW
_NOT_CHAFF_CLASS = _NON_WILLOW_BRIGHTS | _NON_WILLOW_ANIMALS | _NON_WILLOW_RIBBONS
_NOT_CHAFF_NOR_RIBBON = _NON_WILLOW_BRIGHTS | _NON_WILLOW_ANIMALS


class Shape(NamedTuple):
    """What a hand is, before any ruleset gives it names and values."""

    a: str | None  # Group-A class, or None
    triplets: tuple[int, ...]  # months (1..12) holding exactly three cards
    standing: int  # how many of those triplets are standing (§6.2)
    a_cards: int  # cards revealed for the Group-A combination (mask)
    b: str | None  # Group-B id (karasu, pikaichi, toichi, tanichi, aka), or None
    b_cards: int  # chaff-class cards revealed for Group B (mask)


_new_tuple = tuple.__new__  # a NamedTuple without its Python-level __new__ (hot path)


def is_standing(month: int, cards_of_month: int) -> bool:
    """The standing triplet (tatesanbon, hachihachi.md §6.2): a triplet stands in months 4,
    5 and 7, or as exactly the three Paulownia chaff (``cards_of_month``: the triplet's
    cards, read only for month 12). ``shape`` counts them by nibbles (fastpath)."""
    if month in STANDING_MONTHS:
        return True
    return month == 12 and cards_of_month == PAULOWNIA_CHAFF3


_N1 = 0x111111111111  # bit 0 of each month's nibble
# is_standing for every triplet of a hand at once, in month nibbles. fastpath: standing-triplet
_STANDING_NIBBLES = (1 << 12) | (1 << 16) | (1 << 24)  # months 4, 5, 7
_PAULOWNIA_NIBBLE = 1 << 44
_PAULOWNIA = MONTH_MASK[11]


def month_counts(hand: int) -> int:
    """Per-month card counts as nibbles (SWAR popcount): nibble m holds the count of month m+1."""
    x = hand - ((hand >> 1) & 0x555555555555)
    return (x & 0x333333333333) + ((x >> 2) & 0x333333333333)


def _gate_table(chunk: int) -> tuple[int, ...]:
    """``claim``'s gate for the 12 cards (three months) of one chunk, as packed byte fields
    per 12-bit pattern: months with 3 or more cards, months with exactly 2, non-chaff-class
    cards, brights and animals (the four sums ``has_teyaku_shape`` tests)."""
    per_month = tuple(1 << 24 if k >= 3 else 1 << 16 if k == 2 else 0
                      for k in (n.bit_count() for n in range(16)))
    shift = 12 * chunk
    ncc, ncnr = _NOT_CHAFF_CLASS >> shift & 0xFFF, _NOT_CHAFF_NOR_RIBBON >> shift & 0xFFF
    return tuple(per_month[p & 15] + per_month[p >> 4 & 15] + per_month[p >> 8]
                 + ((p & ncc).bit_count() << 8) + (p & ncnr).bit_count() for p in range(4096))


# has_teyaku_shape by four table lookups (a summed field never passes 255 in a 48-bit hand)
_GATE0, _GATE1, _GATE2, _GATE3 = GATE_TABLES = tuple(_gate_table(i) for i in range(4))


def has_teyaku_shape(hand: int) -> bool:
    """Quick test: can this hand score any teyaku (a 3 or 4 of a month, three pairs, or at
    most one non-chaff-class card)? Most hands cannot; they skip ``shape``."""
    x = month_counts(hand)
    if x & (x >> 1) & _N1 or (x >> 2) & _N1 or ((x >> 1) & ~x & _N1).bit_count() == 3:
        return True
    return (hand & _NOT_CHAFF_CLASS).bit_count() <= 1 or not hand & _NOT_CHAFF_NOR_RIBBON


def shape(hand: int) -> Shape:
    """Classify a hand in a handful of bit operations (it runs for every player every round)."""
    x = month_counts(hand)
    q4 = (x >> 2) & _N1  # months with 4 cards (count 4 is the only one with bit 2 set)
    t3 = x & (x >> 1) & _N1  # months with 3
    p2 = (x >> 1) & ~x & _N1  # months with 2
    n4, n3, n2 = q4.bit_count(), t3.bit_count(), p2.bit_count()
    a = None
    if n4:
        a = SHISO if n3 else ICHINISHI if n2 else TESHI
    elif n3 == 2:
        a = TWO_TRIPLETS
    elif n3 == 1:
        a = HANEKEN if n2 == 2 else TRIPLET
    elif n2 == 3:
        a = KUTTSUKI
    triplets: tuple[int, ...] = ()
    standing = 0
    if t3:
        # the months of the set nibble flags, lowest first (no generator frame)
        x3 = t3
        while x3:
            low = x3 & -x3
            triplets += (low.bit_length() // 4 + 1,)
            x3 ^= low
        standing = (t3 & _STANDING_NIBBLES).bit_count()
        if t3 & _PAULOWNIA_NIBBLE and hand & _PAULOWNIA == PAULOWNIA_CHAFF3:
            standing += 1
    if a is None:
        a_cards = 0
    elif a in (SHISO, ICHINISHI, HANEKEN):
        a_cards = hand
    elif a == TESHI:
        a_cards = hand & (q4 * 0xF)
    elif a == KUTTSUKI:
        a_cards = hand & (p2 * 0xF)
    else:
        a_cards = hand & (t3 * 0xF)
    b_count = (hand & _NON_WILLOW_BRIGHTS).bit_count()
    a_count = (hand & _NON_WILLOW_ANIMALS).bit_count()
    r_count = (hand & _NON_WILLOW_RIBBONS).bit_count()
    b = None
    if b_count == 0 and a_count == 0:
        b = "karasu" if r_count == 0 else "tanichi" if r_count == 1 else "aka"
    elif b_count + a_count + r_count == 1:
        b = "pikaichi" if b_count else "toichi"
    b_cards = hand & ~_NOT_CHAFF_CLASS if b else 0
    # tuple.__new__ directly: Shape(...) would run NamedTuple's Python __new__
    return _new_tuple(Shape, (a, triplets, standing, a_cards, b, b_cards))


# Teyaku ids that are triplet combinations: their claimed months feed tobikomi (§12.2).
TRIPLET_IDS = frozenset({"sanbon", "tatesanbon", "futasanbon", "sanbon_tatesanbon",
                         "futatatesanbon", "haneken"})
GROUP_B_IDS = ("karasu", "pikaichi", "toichi", "tanichi", "aka")


class Claim(NamedTuple):
    """The teyaku a player scores at the claim (hachihachi.md §6.4)."""

    items: dict[str, int]  # scored id -> mon at m = 1 per opponent, before payment_model
    reveal: int  # cards made public (mask)
    a_cards: int  # cards of the scored Group-A combination (0 if none scored)
    triplets: tuple[int, ...]  # months of a scored triplet teyaku (for tobikomi)
    b: str | None  # the scored Group-B id (for nukeyaku)

    @property
    def total(self) -> int:
        return sum(self.items.values())


def standard_a_id(a: str | None, standing: int) -> str | None:
    """88's Group-A ids: triplets are named by how many of them stand (§6.2)."""
    if a == TWO_TRIPLETS:
        return ("futasanbon", "sanbon_tatesanbon", "futatatesanbon")[standing]
    if a == TRIPLET:
        return "tatesanbon" if standing else "sanbon"
    return a


class TeyakuTable:
    """A ruleset's teyaku: an id and value for each hand shape, and how Group A and Group B
    combine (option ``teyaku_combine``: both, or only the better one)."""

    __slots__ = ("values", "best_one", "a_id")

    def __init__(self, values: dict[str, int], *, best_one: bool = False,
                 a_id: Callable[[str | None, int], str | None] = standard_a_id) -> None:
        self.values = dict(values)  # enabled ids -> mon at m = 1 per opponent
        self.best_one = best_one
        self.a_id = a_id

    def rules(self) -> tuple[HandRule, ...]:
        """What makes each teyaku this table scores, as data (see ``table_rules``)."""
        return table_rules(self)

    def claim(self, hand: int, position: int = 0) -> Claim | None:
        """The teyaku this 7-card hand scores, or None (``position``: unused, the standard
        teyaku do not depend on it; the signature is ``Ruleset.claim``'s)."""
        if not self.values:
            return None
        # has_teyaku_shape by table (tests compare): most hands have no shape and stop here
        # fastpath: teyaku-table-gate
        v = (_GATE0[hand & 0xFFF] + _GATE1[hand >> 12 & 0xFFF] + _GATE2[hand >> 24 & 0xFFF]
             + _GATE3[hand >> 36 & 0xFFF])
        if not (v >> 24 or v >> 16 == 3 or (v >> 8 & 0xFF) <= 1 or not v & 0xFF):
            return None
        return self.claim_shaped(hand)

    def claim_shaped(self, hand: int) -> Claim | None:
        """``claim`` for a hand that passed the gate (State's deal runs the gate inline, on
        ``GATE_TABLES``, when the ruleset's claim is this table's and it has values)."""
        sh = shape(hand)
        vals = self.values
        a = self.a_id(sh.a, sh.standing)
        b = sh.b
        av = vals.get(a, 0) if a else 0
        bv = vals.get(b, 0) if b else 0
        if not av:
            a = None
        if not bv:
            b = None
        if a and b and self.best_one:
            if bv > av:
                a = None
            else:
                b = None
        if not a and not b:
            return None
        items = {}
        reveal = 0
        if a:
            items[a] = av
            reveal |= sh.a_cards
        if b:
            items[b] = bv
            reveal |= sh.b_cards
        triplets = sh.triplets if a in TRIPLET_IDS else ()
        return _new_tuple(Claim, (items, reveal, sh.a_cards if a else 0, triplets, b))


# --- the definitions as data (hachihachi.md §6): the rules reference states these, and its
# contract test builds hands from them and asks ``claim`` -----------------------------------

# Month counts of each Group-A class, largest first (§6.1); ``shape`` classifies by them
A_CLASS_SHAPES: dict[str, tuple[tuple[int, ...], ...]] = {
    SHISO: ((4, 3),), ICHINISHI: ((4, 2, 1),), TWO_TRIPLETS: ((3, 3, 1),),
    HANEKEN: ((3, 2, 2),), TESHI: ((4, 1, 1, 1),), KUTTSUKI: ((2, 2, 2, 1),),
    TRIPLET: ((3, 2, 1, 1), (3, 1, 1, 1, 1)),
}
NO_MORE = 7  # "or more" in a count range: a hand holds seven cards
# Group B (§6.3): (least, most) brights, animals and ribbons of the hand, its Willow cards
# left out; every other card counts as chaff (``shape`` decides by the same counts)
GROUP_B_KINDS: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    "karasu": ((0, 0), (0, 0), (0, 0)), "pikaichi": ((1, 1), (0, 0), (0, 0)),
    "toichi": ((0, 0), (1, 1), (0, 0)), "tanichi": ((0, 0), (0, 0), (1, 1)),
    "aka": ((0, 0), (0, 0), (2, NO_MORE)),
}
GROUP_B_KIND_MASKS = (_NON_WILLOW_BRIGHTS, _NON_WILLOW_ANIMALS, _NON_WILLOW_RIBBONS)


class HandRule(NamedTuple):
    """What makes one teyaku, as data: month counts (set teyaku), counts of kinds (chaff
    teyaku) or a number of named cards (the 1921 ``nasake``)."""

    id: str
    # set teyaku: (month counts largest first, how many of its triplets stand; None: any)
    shapes: tuple[tuple[tuple[int, ...], frozenset[int] | None], ...] = ()
    # chaff teyaku: (least, most) brights, animals, ribbons without the Willow cards
    kinds: tuple[tuple[int, int], ...] = ()
    cards: int = 0  # at least ``need`` of these cards
    need: int = 0
    positions: tuple[int, ...] | None = None  # positions that can claim it; None: every one


def set_rules(a_id: Callable[[str | None, int], str | None],
              scored: Callable[[str], bool]) -> dict[str, list[tuple[tuple[int, ...],
                                                                      frozenset[int] | None]]]:
    """Each Group-A id a naming gives, with the month counts and standing triplets that make
    it: the naming asked for every class and every number of standing triplets."""
    out: dict[str, list[tuple[tuple[int, ...], frozenset[int] | None]]] = {}
    for cls, hists in A_CLASS_SHAPES.items():
        for hist in hists:
            n = hist.count(3)
            by_id: dict[str, set[int]] = {}
            for standing in range(n + 1):
                tid = a_id(cls, standing)
                if tid is not None and scored(tid):
                    by_id.setdefault(tid, set()).add(standing)
            for tid, got in by_id.items():
                out.setdefault(tid, []).append(
                    (hist, None if len(got) == n + 1 else frozenset(got)))
    return out


def table_rules(table: TeyakuTable) -> tuple[HandRule, ...]:
    """A teyaku table's definitions, in the order of its values (the catalogue's)."""
    vals = table.values
    sets = set_rules(table.a_id, lambda k: bool(vals.get(k)))
    out = []
    for k, v in vals.items():
        if not v:
            continue
        if k in sets:
            out.append(HandRule(k, shapes=tuple(sets[k])))
        elif k in GROUP_B_KINDS:
            out.append(HandRule(k, kinds=GROUP_B_KINDS[k]))
    return tuple(out)


def _month_cards(deck: int, month: int) -> list[int]:
    """The cards of month index ``month`` in the deck, in canonical order."""
    m = deck & MONTH_MASK[month]
    return [c for c in range(48) if m >> c & 1]


def _unlike_first(deck: int, month: int) -> list[int]:
    """The month's cards, one of each kind first: an example then shows cards a reader can
    tell apart (two chaff of a month look and read alike, issue 45)."""
    seen: set[str] = set()
    first, rest = [], []
    for c in _month_cards(deck, month):
        (rest if KINDS[c] in seen else first).append(c)
        seen.add(KINDS[c])
    return first + rest


def _take_month(pool: list[int], deck: int, count: int) -> int:
    """The first month of ``pool`` whose ``count`` cards can all be of different kinds (the
    first month when none can), removed from the pool."""
    m = next((m for m in pool if len({KINDS[c] for c in _month_cards(deck, m)}) >= count),
             pool[0])
    pool.remove(m)
    return m


def example_hand(rule: HandRule, deck: int) -> int:
    """A plain seven-card hand of the deck that makes ``rule`` (the reference draws it):
    for a set teyaku its first shape, standing triplets from the standing months, each month's
    cards of different kinds where the deck has such a month; for a chaff
    teyaku the kinds it needs, one card a month, the rest chaff; for named cards the first
    ``need`` of them, the rest chaff of other months. 0 when the deck cannot make it."""
    full = [m for m in range(12) if deck & MONTH_MASK[m] == MONTH_MASK[m]]
    if rule.shapes:
        hist, allowed = rule.shapes[0]
        stand = min(allowed) if allowed else 0
        standing = [m for m in full if m + 1 in STANDING_MONTHS]
        plain = [m for m in full if m + 1 not in STANDING_MONTHS]
        hand = 0
        for count in hist:
            if count == 3 and stand:
                pool, stand = standing, stand - 1
            else:
                pool = plain or standing
            if not pool:
                return 0
            for c in _unlike_first(deck, _take_month(pool, deck, count))[:count]:
                hand |= 1 << c
        return hand
    months = [m for m in range(12) if deck & MONTH_MASK[m] and m != 10]  # Willow: chaff here
    hand = 0
    if rule.kinds:
        for (least, _most), kind_mask in zip(rule.kinds, GROUP_B_KIND_MASKS, strict=True):
            for _ in range(least):
                m = next((m for m in months if deck & MONTH_MASK[m] & kind_mask), None)
                if m is None:
                    return 0
                months.remove(m)
                hand |= 1 << (deck & MONTH_MASK[m] & kind_mask).bit_length() - 1
    elif rule.cards:
        got = [c for c in range(48) if (rule.cards & deck) >> c & 1][:rule.need]
        for c in got:
            hand |= 1 << c
            if c // 4 in months:
                months.remove(c // 4)
    chaff = _NOT_CHAFF_CLASS | WILLOW
    for m in months:
        if hand.bit_count() >= 7:
            break
        plain = deck & MONTH_MASK[m] & ~chaff
        if plain:
            hand |= plain & -plain
    return hand if hand.bit_count() == 7 else 0

"""The 48 hanafuda cards: ids, months, kinds and bit masks.

Cards are ints 0..47 in the canonical order of docs/rules/README.md §5, four per month, so the
month of card ``c`` is ``c // 4 + 1``. A set of cards is an int bit mask (bit ``c`` set when
``c`` is in it): the engine's inner loop works on masks and converts to string ids only at its
edges (views, records, the rules API).
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import CardError

BRIGHT, ANIMAL, RIBBON, CHAFF = "bright", "animal", "ribbon", "chaff"

# (id, kind) in canonical order: month 1..12, inside a month Bright, Animal, Ribbon, Chaff.
_TABLE: tuple[tuple[str, str], ...] = (
    ("crane", BRIGHT), ("pine_ribbon", RIBBON), ("pine_chaff_1", CHAFF), ("pine_chaff_2", CHAFF),
    ("warbler", ANIMAL), ("plum_ribbon", RIBBON), ("plum_chaff_1", CHAFF), ("plum_chaff_2", CHAFF),
    ("curtain", BRIGHT), ("cherry_ribbon", RIBBON), ("cherry_chaff_1", CHAFF),
    ("cherry_chaff_2", CHAFF),
    ("cuckoo", ANIMAL), ("wisteria_ribbon", RIBBON), ("wisteria_chaff_1", CHAFF),
    ("wisteria_chaff_2", CHAFF),
    ("bridge", ANIMAL), ("iris_ribbon", RIBBON), ("iris_chaff_1", CHAFF), ("iris_chaff_2", CHAFF),
    ("butterflies", ANIMAL), ("peony_ribbon", RIBBON), ("peony_chaff_1", CHAFF),
    ("peony_chaff_2", CHAFF),
    ("boar", ANIMAL), ("clover_ribbon", RIBBON), ("clover_chaff_1", CHAFF),
    ("clover_chaff_2", CHAFF),
    ("moon", BRIGHT), ("geese", ANIMAL), ("susuki_chaff_1", CHAFF), ("susuki_chaff_2", CHAFF),
    ("sake_cup", ANIMAL), ("chrysanthemum_ribbon", RIBBON), ("chrysanthemum_chaff_1", CHAFF),
    ("chrysanthemum_chaff_2", CHAFF),
    ("deer", ANIMAL), ("maple_ribbon", RIBBON), ("maple_chaff_1", CHAFF), ("maple_chaff_2", CHAFF),
    ("rain_man", BRIGHT), ("swallow", ANIMAL), ("willow_ribbon", RIBBON), ("lightning", CHAFF),
    ("phoenix", BRIGHT), ("paulownia_yellow", CHAFF), ("paulownia_chaff_1", CHAFF),
    ("paulownia_chaff_2", CHAFF),
)

CARD_IDS: tuple[str, ...] = tuple(name for name, _ in _TABLE)
KINDS: tuple[str, ...] = tuple(kind for _, kind in _TABLE)
INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_IDS)}
MONTH_NAMES: tuple[str, ...] = (
    "Pine", "Plum", "Cherry", "Wisteria", "Iris", "Peony",
    "Bush clover", "Susuki grass", "Chrysanthemum", "Maple", "Willow", "Paulownia",
)
ALL_MASK = (1 << 48) - 1

# The deal (docs/rules/common.md §6): seven cards to every seat dealt in, six to the field;
# every active player then plays one card a turn, so a round has HAND_SIZE turns each.
HAND_SIZE = 7
FIELD_SIZE = 6
BLANK_TABLE = 7  # seats at which the blank card sits one seat out (hachihachi.md §2.2)


def month(card: int) -> int:
    """Month (1..12) of a card index."""
    return (card >> 2) + 1


def bit(card: int) -> int:
    return 1 << card


# every card's bit, by lookup: ``sum(map(BITS.__getitem__, cards))`` is the mask of distinct
# cards without a shift or a new int per card (the dealers' hot loops)
BITS = tuple(1 << c for c in range(48))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Card indices of a mask, ascending (canonical order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names_of(mask: int) -> list[str]:
    return [CARD_IDS[c] for c in cards_of(mask)]


def mask_of_names(*names: str) -> int:
    """The mask of cards given by id (``mask_of_names("moon", "geese")``): the one way the
    engine's tables name card sets (KeyError for a name that is not a card id)."""
    return mask_of(INDEX[n] for n in names)


MONTH_MASK: tuple[int, ...] = tuple(0xF << (4 * m) for m in range(12))  # index: month - 1
CARD_MONTH_MASK: tuple[int, ...] = tuple(MONTH_MASK[c >> 2] for c in range(48))

BRIGHTS = mask_of(i for i, k in enumerate(KINDS) if k == BRIGHT)
ANIMALS = mask_of(i for i, k in enumerate(KINDS) if k == ANIMAL)
RIBBONS = mask_of(i for i, k in enumerate(KINDS) if k == RIBBON)
CHAFF_MASK = mask_of(i for i, k in enumerate(KINDS) if k == CHAFF)
WILLOW = MONTH_MASK[10]
# Willow-as-chaff (common.md §1): the Willow bright, animal and ribbon count as chaff for
# Group-B teyaku and chaff-equivalents.
CHAFF_EQUIV = CHAFF_MASK | WILLOW

LARGE_BRIGHTS = mask_of_names("crane", "curtain", "moon")
GRAND_BRIGHTS = mask_of_names("rain_man", "phoenix")
SHIKO = mask_of_names("crane", "curtain", "moon", "phoenix")
GOKO = BRIGHTS
AKATAN = mask_of_names("pine_ribbon", "plum_ribbon", "cherry_ribbon")
AOTAN = mask_of_names("peony_ribbon", "chrysanthemum_ribbon", "maple_ribbon")
INOSHIKACHO = mask_of_names("boar", "deer", "butterflies")
WILLOW_RIBBON = mask_of_names("willow_ribbon")
PAULOWNIA_CHAFF3 = mask_of_names("paulownia_chaff_1", "paulownia_chaff_2", "paulownia_yellow")
STANDING_MONTHS = (4, 5, 7)  # standing triplets (hachihachi.md §6.2)

# The Nuki deck (common.md §3): drop months 4, 5, 7 and two Paulownia chaff.
NUKI_DECK = ALL_MASK & ~(MONTH_MASK[3] | MONTH_MASK[4] | MONTH_MASK[6]
                         | mask_of_names("paulownia_yellow", "paulownia_chaff_2"))


def parse_card(name: object) -> int:
    """Card index of an id; CardError (a ValueError) naming the value if it is not one."""
    if isinstance(name, str):
        idx = INDEX.get(name)
        if idx is not None:
            return idx
    raise CardError(f"unknown card id: {name!r}")

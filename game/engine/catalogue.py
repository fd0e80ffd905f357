"""Each ruleset's catalogue: every id it can pay, with its category, value and cards.

``rs.catalogue()`` answers "what can this game pay, for what, and how much" under the current
options; the table's yaku watch, ledger sections, rules reference and teyaku reveal read it
instead of restating rules. Values are in mon at m = 1, as one opponent pays (None where the
amount depends on the round: card points, specials, fees).
"""

from __future__ import annotations

from typing import NamedTuple

from .vocab import Category, Reason


class Entry(NamedTuple):
    """One thing a ruleset pays for."""

    id: str
    category: Category
    value: int | None  # mon at m = 1 from each opponent; None when it varies
    cards: int = 0  # the cards that make it (mask); 0 for hand shapes and non-card items
    need: int = 0  # how many of ``cards`` it takes (all of them for a fixed set)
    positions: tuple[int, ...] | None = None  # positions that can make it; None: every one

    @property
    def is_card_set(self) -> bool:
        """A capture combination made of named cards (the yaku watch follows these)."""
        return bool(self.cards) and self.category == Category.DEKIYAKU

    def open_to(self, position: int) -> bool:
        return self.positions is None or position in self.positions


def card_set(id: str, cards: int, value: int | None, *, need: int = 0,
             positions: tuple[int, ...] | None = None) -> Entry:
    """A capture combination: ``need`` of ``cards`` (default: all of them)."""
    return Entry(id, Category.DEKIYAKU, value, cards, need or cards.bit_count(), positions)


def teyaku_entries(values: dict[str, int], *,
                   positions: tuple[int, ...] | None = None) -> tuple[Entry, ...]:
    return tuple(Entry(k, Category.TEYAKU, v, positions=positions) for k, v in values.items())


FEE_ENTRIES = (Entry(Reason.DROPOUT_FEE, Category.FEE, None),
               Entry(Reason.COMPENSATION, Category.FEE, None))
CARD_POINTS_ENTRY = Entry(Reason.CARD_POINTS, Category.CARD_POINTS, None)
POT_ENTRY = Entry(Reason.POT, Category.POT, None)


class AchievementRule(NamedTuple):
    """One achievement (hachihachi.md §12, nuki.md §8) as the rules reference states it."""

    id: str
    value: int  # mon at m = 1
    points: int  # card points the holder's pile needs (mizuten: or the dealer pays); 0: none
    teyaku: tuple[str, ...] = ()  # the claimed teyaku that qualify (nukeyaku, tobikomi)
    once: bool = False  # tobikomi: once a round, not once for each month
    seats: int = 0  # mizuten: the fewest seats at the table at which the dealer may declare

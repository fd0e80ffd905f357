"""One card under one ruleset: its month, kind, points, and the combinations it is part of.

The table's card info popover (TABLE.md §6.1: "name, kind, value here, roles") reads this, so
every fact it shows is the engine's: the points come from the ruleset's card values, the
capture combinations from its catalogue (``rs.entries``, under its options, with the seat
positions a combination is open to), and the teyaku in which this very card matters from
the teyaku module's own definitions (the standing months, the Willow-as-chaff rule,
Group B's one special card). Pure; no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    ANIMAL,
    BRIGHT,
    CARD_IDS,
    CHAFF,
    CHAFF_EQUIV,
    INDEX,
    KINDS,
    PAULOWNIA_CHAFF3,
    RIBBON,
)
from .cards import month as month_of
from .catalogue import Entry
from .teyaku import is_standing
from .vocab import Category

# Group-B teyaku (hachihachi.md §6.3) that single out a card by its kind: the hand holds
# exactly one such card (pikaichi, toichi, tanichi) or only ribbons among chaff (aka).
# Willow cards count as chaff there (CHAFF_EQUIV), so they are never that special card.
GROUP_B_BY_KIND: dict[str, tuple[str, ...]] = {
    BRIGHT: ("pikaichi",), ANIMAL: ("toichi",), RIBBON: ("tanichi", "aka")}
STANDING_IDS = ("tatesanbon", "sanbon_tatesanbon", "futatatesanbon")


@dataclass(frozen=True)
class CardRole:
    """A combination the card is part of."""

    id: str  # catalogue id
    category: Category  # dekiyaku (capture) or teyaku (hand)
    value: int | None  # mon at m = 1 from each opponent (None when it varies)
    need: int = 0  # dekiyaku: how many of its cards it takes
    size: int = 0  # dekiyaku: how many cards can make it (in this deck)
    positions: tuple[int, ...] | None = None  # positions that can make it; None: all


@dataclass(frozen=True)
class CardFacts:
    card: str
    month: int  # 1..12
    kind: str  # bright, animal, ribbon, chaff
    points: int  # card points under this ruleset
    in_deck: bool
    counts_as_chaff: bool  # a Willow bright, animal or ribbon in a ruleset with teyaku or
    # specials, where the Willow-as-chaff rule applies (common.md §1)
    roles: tuple[CardRole, ...]


def _teyaku_roles(entries: tuple[Entry, ...], c: int) -> list[CardRole]:
    teyaku = {e.id: e for e in entries if e.category == Category.TEYAKU}
    ids: list[str] = []
    m = month_of(c)
    if is_standing(m, PAULOWNIA_CHAFF3 if 1 << c & PAULOWNIA_CHAFF3 else 0):
        ids.extend(i for i in STANDING_IDS if i in teyaku)
    if not CHAFF_EQUIV >> c & 1:
        ids.extend(i for i in GROUP_B_BY_KIND.get(KINDS[c], ()) if i in teyaku)
    return [CardRole(i, Category.TEYAKU, teyaku[i].value, positions=teyaku[i].positions)
            for i in dict.fromkeys(ids)]


def card_facts(rs: object, card: str | int) -> CardFacts:
    """The facts of ``card`` (id or index) under ruleset ``rs``."""
    c = INDEX[card] if isinstance(card, str) else int(card)
    deck = rs.deck_mask  # type: ignore[attr-defined]
    entries: tuple[Entry, ...] = rs.entries  # type: ignore[attr-defined]
    roles = [CardRole(e.id, e.category, e.value, e.need, (e.cards & deck).bit_count(),
                      e.positions)
             for e in entries if e.is_card_set and (e.cards & deck) >> c & 1]
    roles += _teyaku_roles(entries, c)
    kind = KINDS[c]
    chaff_rule = any(e.category in (Category.TEYAKU, Category.SPECIAL) for e in entries)
    return CardFacts(
        card=CARD_IDS[c], month=month_of(c), kind=kind,
        points=rs.values[c],  # type: ignore[attr-defined]
        in_deck=bool(deck >> c & 1),
        counts_as_chaff=chaff_rule and kind != CHAFF and bool(CHAFF_EQUIV >> c & 1),
        roles=tuple(roles))


__all__ = ["CardFacts", "CardRole", "card_facts"]

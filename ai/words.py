"""English words for the computer players' one-sentence explanations (``explain()``).

The engine owns every id (cards, capture combinations); these are the English names the
table shows for them (game/ui/terms.py keeps the translated words, and a test keeps the two
in step). ``ai`` may not import the UI, so the few names a sentence needs live here.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.cards import CARD_IDS, CHAFF, KINDS, MONTH_NAMES, RIBBON

# Cards whose English name is not "<Month> <kind>" nor their id in words.
_CARD_NAMES = {"rain_man": "Rain Man", "paulownia_yellow": "Paulownia yellow chaff",
               "lightning": "Lightning"}

# The capture combinations' English names, keyed by the engine's ids (rs.catalogue()).
YAKU_NAMES: dict[str, str] = {
    "goko": "Five Brights", "shiko": "Four Brights", "nanatan": "Seven Ribbons",
    "akatan": "Poetry Ribbons", "aotan": "Blue Ribbons", "inoshikacho": "Boar-Deer-Butterflies",
    "bozu_kaburi": "Moon and Geese", "bozu_zoro": "All Susuki",
    "ame_kaburi": "Rain Man and Swallow", "ame_zoro": "All Willow",
    "kirishima": "Mist Island", "kirishima_tan": "Mist Island Ribbons", "goroju": "Elder",
    "goroju_tan": "Elder Ribbons", "goshiroku": "Five Four Six",
    "goshiroku_tan": "Five Four Six Ribbons", "shichigosan": "Seven Five Three",
    "shichigosan_tan": "Seven Five Three Ribbons", "kumanosan": "Kumano Shrines",
    "kumanosan_tan": "Kumano Ribbons", "yashima": "Eight Islands",
    "yashima_tan": "Eight Islands' Ribbons", "nakazo": "Nakazō", "nakazo_tan": "Nakazō Ribbons",
    "ichinisan": "One Two Three", "ichinisan_tan": "One Two Three Ribbons", "den": "Den",
    "den_tan": "Den Ribbons", "sangoro": "Three Five Six", "sangoro_tan": "Three Five Six Ribbons",
    "jushichihachi": "Ten Seven Eight",
}


def card_name(card: int) -> str:
    """'Crane', 'Rain Man', 'Maple ribbon', 'Pine chaff' for a card index."""
    cid = CARD_IDS[card]
    if cid in _CARD_NAMES:
        return _CARD_NAMES[cid]
    if KINDS[card] in (RIBBON, CHAFF):
        return f"{MONTH_NAMES[card >> 2]} {KINDS[card]}"
    return cid.replace("_", " ").capitalize()


def the(card: int) -> str:
    """'the Crane'."""
    return f"the {card_name(card)}"


def cards_phrase(cards: Iterable[int]) -> str:
    """'the Crane', 'the Crane and the Pine chaff', 'the A, the B and the C'."""
    names = [the(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def yaku_name(yaku_id: str) -> str:
    """The English name of a capture combination ('Poetry Ribbons'); an unknown id in words."""
    return YAKU_NAMES.get(yaku_id, yaku_id.replace("_", " ").title())


def capture_sentence(head: str, completes: tuple[str, ...] = (), builds: tuple[str, ...] = (),
                     blocks: tuple[tuple[str, str, bool], ...] = (),
                     plain: str = "the most points on offer") -> str:
    """One sentence on a capture: ``head`` ("I played the Pine chaff to take the Pine
    ribbon") and the reason that mattered most: a set it completes, an opponent's set one
    card from done that it blocks, a set it builds, any other block (``blocks``: (who, set
    id, one card from done) in order), else ``plain``."""
    urgent = [b for b in blocks if b[2]]
    if completes:
        why = f"completing my {yaku_name(completes[0])}"
    elif urgent:
        why = f"blocking {urgent[0][0]}'s {yaku_name(urgent[0][1])}"
    elif builds:
        why = f"towards my {yaku_name(builds[0])}"
    elif blocks:
        why = f"keeping it from {blocks[0][0]}'s {yaku_name(blocks[0][1])}"
    else:
        why = plain
    return f"{head}, {why}."


def who(seat: int, me: int, order: tuple[int, ...]) -> str:
    """'the next player', 'the previous player' or 'an opponent' for a seat, by the round's
    turn ``order`` (the active seats); 'my opponent' with a single opponent."""
    if len(order) <= 2:
        return "my opponent"
    if me in order and seat in order:
        i, j = order.index(me), order.index(seat)
        if j == (i + 1) % len(order):
            return "the next player"
        if i == (j + 1) % len(order):
            return "the previous player"
    return "an opponent"

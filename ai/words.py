"""English words for the computer players' one-sentence explanations (``explain()``).

The engine owns every id (cards, capture combinations); these are the English names the
table shows for them (game/play/terms.py keeps the translated words, and a test keeps the two
in step). ``ai`` may not import the UI, so the few names a sentence needs live here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS, CHAFF, KINDS, MONTH_NAMES, RIBBON
from game.engine.view import PlayerView

from .sets import Effects

if TYPE_CHECKING:
    from .koikoi import Judgement

# Cards whose English name is not "<Month> <kind>" nor their id in words.
_CARD_NAMES = {"rain_man": "Rain Man", "paulownia_yellow": "Paulownia yellow chaff",
               "lightning": "Lightning"}

MAX_SENTENCE = 160  # characters: a note beside the table, not a paragraph

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
    # Koi-Koi (docs/rules/koikoi.md §4)
    "ame_shiko": "Rainy Four Brights", "sanko": "Three Brights",
    "akatan_aotan": "Poetry and Blue Ribbons", "tane": "Animals", "tan": "Ribbons",
    "kasu": "Chaff", "hanami_zake": "Flower-Viewing Sake", "tsukimi_zake": "Moon-Viewing Sake",
    "tsukifuda": "Cards of the Month", "field_four": "Four of a Month on the Field",
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


def yaku_name(yaku_id: str) -> str:
    """The English name of a capture combination ('Poetry Ribbons'); an unknown id in words."""
    return YAKU_NAMES.get(yaku_id, yaku_id.replace("_", " ").title())


def play_head(card: int, got: int) -> str:
    """'I played the Pine chaff to take the Pine ribbon' (``got``: the captured cards, the
    played one among them); 'the other Pine chaff' for a card named like the played one."""
    cards = [c for c in range(48) if got >> c & 1 and c != card]
    if len(cards) == 3 and len({c >> 2 for c in [*cards, card]}) == 1:  # a month's fourth card
        return f"I played {the(card)} to take the three other {MONTH_NAMES[card >> 2]} cards"
    taken = []
    for c in cards:
        same = card_name(c) == card_name(card)
        taken.append(f"the other {card_name(c)}" if same else the(c))
    if len(taken) > 1:
        names = ", ".join(taken[:-1]) + " and " + taken[-1]
    else:
        names = "".join(taken)
    return f"I played {the(card)} to take {names}"


def take_head(drawn: int, target: int) -> str:
    """'I took the Crane with the drawn Pine chaff'."""
    return f"I took {the(target)} with the drawn {card_name(drawn)}"


def forced_sentence(view: PlayerView, action: Action) -> str:
    """The sentence for an action that was the only legal one: it names the card when there
    is one ('I played the Crane, my last card')."""
    if action.verb == PLAY:
        if view.hand_mask.bit_count() == 1:
            return f"I played {the(action.args[0])}, my last card."
        return f"I played {the(action.args[0])}: it was the only play."
    if action.verb == TAKE and view.drawn >= 0:
        return f"{take_head(view.drawn, action.args[0])}: it was the only choice."
    return f"I had to {action.verb}."


def capture_sentence(head: str, eff: Effects, whom: Callable[[int], str] | None = None,
                     plain: str = "the most points on offer") -> str:
    """One sentence on a capture: ``head`` (``play_head``, ``take_head``) and the reason that
    mattered most: a set it completes, an opponent's set one card from done that it blocks,
    a set it builds, any other set it takes a card from, else ``plain``. ``whom`` names a
    seat ('the next player'); without it the blocks are not told."""
    blocks = eff.blocks if whom else ()
    urgent = [b for b in blocks if b.short <= 1]
    if eff.completes:
        why = f"completing my {yaku_name(eff.completes[0])}"
    elif urgent:
        why = f"blocking {whom(urgent[0].seat)}'s {yaku_name(urgent[0].set_id)}"
    elif eff.builds:
        why = f"towards my {yaku_name(eff.builds[0])}"
    elif blocks:
        b = blocks[0]
        why = f"keeping {the(b.card)} from {whom(b.seat)}'s {yaku_name(b.set_id)}"
    else:
        why = plain
    sentence = f"{head}, {why}."
    return sentence if len(sentence) < MAX_SENTENCE else f"{head}."


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


def _cards(n: int) -> str:
    return "one card" if n == 1 else f"{n} cards"


def _turns(n: int) -> str:
    return "1 turn remains" if n == 1 else f"{n} turns remain"


def koikoi_sentence(j: Judgement, me: int, order: tuple[int, ...]) -> str:
    """Koi-Koi's decision in one sentence (ai/koikoi.py's facts): the opponent's nearest
    yaku and the turns left for a stop; what this hand can still make for a call."""
    them = who(j.threat.seat, me, order) if j.threat else "my opponent"
    if j.call:
        mine = (f"I can still make {yaku_name(j.mine.yaku)}" if j.mine
                else "I can still raise my yaku")
        if j.threat is None or j.threat.chance < 0.2:
            return f"Koi-koi: {mine}; {them} has nothing in reach."
        return (f"Koi-koi: {mine}, worth the risk that {them} makes "
                f"{yaku_name(j.threat.yaku)}.")
    if j.threat is not None and j.threat.chance >= 0.2:
        return (f"Stop: {them} is {_cards(j.threat.missing)} from "
                f"{yaku_name(j.threat.yaku)} and {_turns(j.opp_turns)}.")
    if j.mine is None:
        return "Stop: my hand cannot raise my yaku, and a round with no stop pays nothing."
    points = round(j.stop_now)
    return (f"Stop: {points} point{'s' * (points != 1)} now "
            f"{'beats' if points == 1 else 'beat'} the chance of more.")

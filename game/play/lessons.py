"""Learn Koi-Koi (issue 47): four short lessons, each ending in a practice game against a
Beginner. Their words are ours; every number and name in them is the engine's (the ruleset's
hand and field sizes, its catalogue's amounts, the doubling found by game.play.yaku_facts),
so a lesson cannot teach another rule than the one the table plays. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import rulesets
from game.engine.rulesets import Ruleset
from game.i18n import N_, _, ngettext
from game.play import yaku_facts
from game.play.terms import term

RULESET = "koikoi"


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str  # N_ words
    rounds: int  # the practice game's length (the ruleset's own option)


KOIKOI_LESSONS: tuple[Lesson, ...] = (
    Lesson("cards", N_("Cards and months"), 1),
    Lesson("matching", N_("Matching by month"), 3),
    Lesson("yaku", N_("The yaku"), 3),
    Lesson("koikoi", N_("Koi-koi or stop"), 6),
)


def _mon(rs: Ruleset, yid: str) -> str:
    value = next((e.value for e in rs.entries if e.id == yid), None)
    return _("{amount} mon").format(amount=value) if value is not None else ""


def lesson_words(lesson: Lesson, rs: Ruleset | None = None) -> str:
    """What a lesson teaches before its game, numbers from the ruleset it plays."""
    rs = rs or rulesets.get(RULESET, rounds=lesson.rounds)
    if lesson.key == "cards":
        return _("{n} cards, four for each month, each month a plant. In this game cards "
                 "have no points: they count only toward yaku. Right-click or I on a card "
                 "at the table says which yaku it is part of.").format(n=len(rs.deck_cards))
    if lesson.key == "matching":
        return _("Each player holds {hand} cards, {field} lie on the field. Play a card: it "
                 "takes a field card of its month; then the top card of the pile does the "
                 "same.").format(hand=rs.hand_size, field=rs.field_size)
    if lesson.key == "yaku":
        return _("Only yaku score: {goko} pays {goko_mon}, {ino} {ino_mon}, {kasu} starts "
                 "at {kasu_mon}. Watch the other player's captures and take the cards they "
                 "need.").format(goko=term("goko"), goko_mon=_mon(rs, "goko"),
                                 ino=term("inoshikacho"), ino_mon=_mon(rs, "inoshikacho"),
                                 kasu=term("kasu"), kasu_mon=_mon(rs, "kasu"))
    parts = [_("When you make a yaku, stop and be paid now, or call {koikoi} and play on "
               "for more: if the other player then stops first, you score nothing.").format(
        koikoi=yaku_facts.koi_word())]
    parts += yaku_facts.doubling_lines(rs)[:2]
    return " ".join(parts)


def lesson_practice(lesson: Lesson) -> str:
    """The line under a lesson's title: its practice game."""
    return ngettext("Practice: a game of {n} round against a Beginner.",
                    "Practice: a game of {n} rounds against a Beginner.",
                    lesson.rounds).format(n=lesson.rounds)




def lesson_title(key: str) -> str:
    """A lesson's name in the player's language from its key ("koikoi-yaku"), "" when no
    lesson has that key (a record from a later version)."""
    from game.i18n import _

    for les in KOIKOI_LESSONS:
        if key == f"{RULESET}-{les.key}":
            return _(les.title)
    return ""


__all__ = ["KOIKOI_LESSONS", "Lesson", "lesson_practice", "lesson_title", "lesson_words"]

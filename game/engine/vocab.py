"""The engine's one vocabulary: event kinds, round endings, payment categories.

Every id the engine emits is a value of an enum here (or a catalogue id of a ruleset, see
``catalogue.py``). They are ``str`` enums, so they compare equal to their plain strings and
serialise as plain JSON: records and ``replay --json`` are unchanged. The table keeps only
*words* keyed by these ids (docs/rules/common.md §9).
"""

from __future__ import annotations

from enum import Enum


def N_(message: str) -> str:
    """Marks a player-visible word for the translation catalog (``python -m game.messages``
    collects every ``N_("...")``); the UI translates it with ``_()`` where it shows it. The
    one home of the marker for the engine and the AIs, which stay free of game.i18n."""
    return message


class StrEnum(str, Enum):
    """``enum.StrEnum`` for Python 3.10: members are their string values."""

    def __str__(self) -> str:
        return str(self.value)

    __format__ = str.__format__


class EventKind(StrEnum):
    """What ``State.apply`` reports; each kind's payload keys are in ``EVENT_FIELDS``."""

    ROUND_START = "round_start"
    DEALT = "dealt"
    MISDEAL = "misdeal"
    MULTIPLIER = "multiplier"
    BLANK = "blank"
    SWAP = "swap"
    MIZUTEN = "mizuten"
    JOIN = "join"
    DROP = "drop"
    FORCED_OUT = "forced_out"
    WALKOVER = "walkover"
    RESHUFFLE = "reshuffle"
    TEYAKU = "teyaku"
    TURN = "turn"
    PLAYED = "played"
    PLACED = "placed"
    DREW = "drew"
    CAPTURED = "captured"
    YAKU = "yaku"
    SAGE = "sage"
    SHOUBU = "shoubu"
    CANCEL = "cancel"
    PAYMENT = "payment"
    ROUND_END = "round_end"
    GAME_END = "game_end"


# The payload of each event kind: required keys, then optional keys. ``seat`` of the event is
# the acting or concerned seat (-1 when none). Card values are card ids.
EVENT_FIELDS: dict[EventKind, tuple[frozenset[str], frozenset[str]]] = {
    EventKind.ROUND_START: (frozenset({"round", "dealer"}), frozenset()),
    # field: the six field cards; pile: cards left to draw; seats: who was dealt, in order
    EventKind.DEALT: (frozenset({"field", "pile", "seats"}), frozenset()),
    # month: the month with four cards on the field; reason: "nobody willing" (drop-out)
    EventKind.MISDEAL: (frozenset(), frozenset({"month", "reason"})),
    # m: this round's multiplier; carry: multipliers still waiting for later rounds
    EventKind.MULTIPLIER: (frozenset({"m", "carry"}), frozenset()),
    EventKind.BLANK: (frozenset(), frozenset()),
    EventKind.SWAP: (frozenset({"holder"}), frozenset()),  # holder: who held the hand before
    EventKind.MIZUTEN: (frozenset(), frozenset()),
    EventKind.JOIN: (frozenset(), frozenset()),
    EventKind.DROP: (frozenset(), frozenset()),
    EventKind.FORCED_OUT: (frozenset(), frozenset()),
    EventKind.WALKOVER: (frozenset(), frozenset()),
    EventKind.RESHUFFLE: (frozenset({"pile"}), frozenset()),
    # items: teyaku id -> mon at m = 1 per opponent; cards: the cards revealed
    EventKind.TEYAKU: (frozenset({"items", "cards"}), frozenset()),
    EventKind.TURN: (frozenset(), frozenset()),
    EventKind.PLAYED: (frozenset({"card"}), frozenset()),
    EventKind.PLACED: (frozenset({"card"}), frozenset()),
    EventKind.DREW: (frozenset({"card"}), frozenset()),
    # card: the card that captured (for a rule capture, the first card taken); cards: every
    # card that went to the pile, ``card`` included; rule: a rule that captured without a
    # play ("paulownia": the Paulownia rule; "field_four": four of a month on the field)
    EventKind.CAPTURED: (frozenset({"card", "cards"}), frozenset({"rule"})),
    # items: dekiyaku id -> mon at m = 1 per opponent; last: this was the seat's last turn
    EventKind.YAKU: (frozenset({"items", "last"}), frozenset()),
    EventKind.SAGE: (frozenset(), frozenset()),
    EventKind.SHOUBU: (frozenset(), frozenset()),
    EventKind.CANCEL: (frozenset(), frozenset()),
    EventKind.PAYMENT: (frozenset({"from", "to", "amount", "reason"}), frozenset()),
    EventKind.ROUND_END: (frozenset({"round", "ending", "winner", "multiplier", "net",
                                     "payments"}), frozenset()),
    EventKind.GAME_END: (frozenset({"totals"}), frozenset()),
}


class Ending(StrEnum):
    """How a round ended (docs/rules/common.md §9), like python-chess's ``Termination``."""

    SHOUBU = "shoubu"
    CANCEL = "cancel"
    EXHAUSTED = "exhausted"
    SOHACHI = "sohachi"
    NIHACHI = "nihachi"
    SUJUROKU = "sujuroku"
    CARD_POINTS = "card_points"
    DRAW = "draw"
    WALKOVER = "walkover"
    MISDEAL = "misdeal"


class Category(StrEnum):
    """What kind of payment a reason id is: the ledger's sections, in settlement order."""

    FEE = "fee"  # drop-out fees and forced-out compensation
    TEYAKU = "teyaku"  # hand combinations
    DEKIYAKU = "dekiyaku"  # capture combinations (Hachi's and Sudaoshi's yaku too)
    CARD_POINTS = "card_points"
    SPECIAL = "special"  # round-end specials (All Eights, Double Eights, Sixteen Chaff)
    ACHIEVEMENT = "achievement"
    POT = "pot"


class Reason(StrEnum):
    """Payment reasons that are not a combination id (combination ids are catalogue ids)."""

    CARD_POINTS = "card_points"
    DROPOUT_FEE = "dropout_fee"
    COMPENSATION = "compensation"
    POT = "pot"
    SOHACHI = "sohachi"
    NIHACHI = "nihachi"
    SUJUROKU = "sujuroku"
    MIZUTEN = "mizuten"
    DEALER_HAND = "dealer_hand"
    NUKEYAKU = "nukeyaku"
    TOBIKOMI = "tobikomi"


class CaptureRule(StrEnum):
    """How a card captures (docs/rules/common.md §4)."""

    SAME_MONTH = "same_month"  # §4.1: a card takes a field card of its own month
    MONTH_SUM = "month_sum"  # §4.2 (Hachi): months adding up to a number ending in 3 or 8


class PaidAt(StrEnum):
    """When a teyaku claim is paid."""

    CLAIM = "claim"  # before the first turn
    ROUND_END = "round_end"  # at settlement (a round-end special voids it)

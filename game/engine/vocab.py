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
    """A round begins: its number and dealer."""
    DEALT = "dealt"
    """The deal: the six field cards, the pile's size and the seats dealt in, in order."""
    MISDEAL = "misdeal"
    """A void deal: four of a month on the field, or nobody willing to play."""
    MULTIPLIER = "multiplier"
    """The round's field multiplier, and the multipliers carried to later rounds."""
    BLANK = "blank"
    """At a table of seven, the seat that sits this round out (the blank)."""
    SWAP = "swap"
    """A seat took the dealer's hand (option ``hand_swap``); ``holder`` held it before."""
    MIZUTEN = "mizuten"
    """The dealer declared mizuten: plays blind."""
    JOIN = "join"
    """A seat joined the round in the drop-out window."""
    DROP = "drop"
    """A seat dropped out (its drop-out fee follows as a payment)."""
    FORCED_OUT = "forced_out"
    """A seat the full table left out, unasked (compensated by option)."""
    WALKOVER = "walkover"
    """Only one seat was willing to play: it wins the round."""
    RESHUFFLE = "reshuffle"
    """The cards the seats out of the round held went back into a new pile."""
    TEYAKU = "teyaku"
    """A hand combination claimed before the first turn, and the cards it reveals."""
    TURN = "turn"
    """A seat's turn begins."""
    PLAYED = "played"
    """A hand card was played."""
    PLACED = "placed"
    """A card that took nothing was laid on the field."""
    DREW = "drew"
    """The top card of the pile was turned up."""
    CAPTURED = "captured"
    """Cards went to a seat's pile (by a play, a draw, or a rule such as the Paulownia rule)."""
    YAKU = "yaku"
    """A capture combination formed or rose: the seat decides sage or shoubu."""
    SAGE = "sage"
    """The seat plays on for more (and may cancel later)."""
    SHOUBU = "shoubu"
    """The seat stops the round and collects."""
    CANCEL = "cancel"
    """A seat that called sage stops the round at its turn."""
    PAYMENT = "payment"
    """One transfer of the ledger: payer, payee, amount, reason."""
    ROUND_END = "round_end"
    """The round's result: ending, winner, multiplier, net per seat, payments."""
    GAME_END = "game_end"
    """The game is over: the final totals."""


# The payload of each event kind: required keys, then optional keys. ``seat`` of the event is
# the acting or concerned seat (-1 when none). Card values are card ids.
EVENT_FIELDS: dict[EventKind, tuple[frozenset[str], frozenset[str]]] = {
    EventKind.ROUND_START: (frozenset({"round", "dealer"}), frozenset()),
    # field: the six field cards; pile: cards left to draw; seats: who was dealt, in order
    EventKind.DEALT: (frozenset({"field", "pile", "seats"}), frozenset()),
    # month: the month with four cards on the field; reason: "nobody willing" (drop-out),
    # "field_pairs" or "teyaku" (Koi-Koi's deals thrown in, koikoi.md §2)
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
    # rule "field_four": a card from the pile dealt to the field in place of the four of a
    # month the dealer took (Koi-Koi's field_four=dealer_takes)
    EventKind.PLACED: (frozenset({"card"}), frozenset({"rule"})),
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
    """A player called shoubu (also the automatic stop of curriculum tiers 2 and 3)."""
    CANCEL = "cancel"
    """A player who had called sage cancelled it."""
    EXHAUSTED = "exhausted"
    """The hands ran out and somebody held a dekiyaku (the 88 family)."""
    SOHACHI = "sohachi"
    """All Eights: every active player holds exactly 88 card points (a round-end special)."""
    NIHACHI = "nihachi"
    """Double Eights: one player holds 168 card points or more (a round-end special)."""
    SUJUROKU = "sujuroku"
    """Sixteen Chaff: one player holds 16 chaff-equivalents or more (a round-end special)."""
    CARD_POINTS = "card_points"
    """The hands ran out and card points settled the round."""
    DRAW = "draw"
    """No winner: ``hachi``'s equal round scores; Koi-Koi's hands run out without a stop."""
    TEYAKU = "teyaku"
    """A hand scored as dealt and won the round before the first turn (Koi-Koi's teshi and
    four pairs, koikoi.md §2.2)."""
    WALKOVER = "walkover"
    """Only one player was willing to play."""
    MISDEAL = "misdeal"
    """A void deal (common.md §7): four of a month on the field, or nobody willing; no
    winner."""


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

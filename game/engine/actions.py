"""Actions and their text notation (docs/rules/README.md §7): ``"1 play crane"``, ``"* deck ..."``.

An action is a small immutable value: the acting seat (-1 for chance), a verb, and int
arguments (card indices, or a seat for ``* blank``). ``str(action)`` is the record form and
``Action.parse`` reads it back, strictly: ASCII only, fields separated by exactly one space,
numbers in plain decimal, so one action has exactly one spelling and
``Action.parse(str(a)) == a``. Bad text is a NotationError, never an IllegalAction: whether
an action is legal is the state's question.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import BLANK_TABLE, CARD_IDS, INDEX
from .errors import NotationError

PLAY, TAKE, SAGE, SHOUBU, CANCEL = "play", "take", "sage", "shoubu", "cancel"
JOIN, DROP, MIZUTEN, SWAP = "join", "drop", "mizuten", "swap"
DECK, BLANK = "deck", "blank"
# PASS declines an optional window (swap, mizuten). Records never hold it: the window closes
# at the next action of another kind (docs/rules/README.md §3.8), and replay infers the passes.
PASS = "pass"
CHANCE = -1

_CARD_ARGS = {PLAY: (1, 2), TAKE: (1, 1), DECK: (0, 48)}
_NO_ARGS = {SAGE, SHOUBU, CANCEL, JOIN, DROP, MIZUTEN, SWAP, PASS}
VERBS = frozenset(_CARD_ARGS) | _NO_ARGS | {BLANK}
_CHANCE_VERBS = frozenset({DECK, BLANK})
# The longest action is "* deck" with 48 card ids; anything longer is not an action.
MAX_TEXT = 48 * (max(len(c) for c in CARD_IDS) + 1) + 16
_MAX_SEAT_DIGITS = 3


def _number(text: str, what: str, whole: str) -> int:
    """A seat number written the one way str() writes it: ASCII digits, no leading zero."""
    if not (text.isascii() and text.isdigit()) or len(text) > _MAX_SEAT_DIGITS \
            or (len(text) > 1 and text[0] == "0"):
        raise NotationError(f"bad {what} {text!r} in {whole!r}")
    return int(text)


class Action(NamedTuple):
    seat: int
    verb: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        who = "*" if self.seat == CHANCE else str(self.seat)
        if self.verb == BLANK:
            rest = [str(a) for a in self.args]
        else:
            rest = [CARD_IDS[a] for a in self.args]
        return " ".join([who, self.verb, *rest])

    def __repr__(self) -> str:
        """``Action.parse('1 play crane')``: readable, and evaluates back to this action."""
        try:
            text = str(self)
            if Action.parse(text) == self:
                return f"Action.parse({text!r})"
        except (IndexError, TypeError, ValueError):
            pass
        return f"Action(seat={self.seat!r}, verb={self.verb!r}, args={self.args!r})"

    @property
    def card(self) -> int:
        return self.args[0]

    @classmethod
    def parse(cls, text: object) -> Action:
        """Read the record form; NotationError (a ValueError) naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action must be a string, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise NotationError(f"an action of {len(text):,} characters is too long")
        if not text.isascii():
            raise NotationError(f"an action is plain ASCII text: {text!r}")
        parts = text.split(" ")
        if "" in parts:
            raise NotationError(f"fields are separated by single spaces: {text!r}")
        if len(parts) < 2:
            raise NotationError(f"malformed action {text!r}")
        who, verb, rest = parts[0], parts[1], parts[2:]
        if who == "*":
            seat = CHANCE
            if verb not in _CHANCE_VERBS:
                raise NotationError(f"unknown chance action {text!r}")
        else:
            seat = _number(who, "seat", text)
            if verb not in VERBS or verb in _CHANCE_VERBS:
                raise NotationError(f"unknown verb {verb!r} in {text!r}")
        if verb == BLANK:
            if len(rest) != 1:
                raise NotationError(f"'* blank' takes one seat number: {text!r}")
            return cls(seat, verb, (_number(rest[0], "seat", text),))
        if verb in _NO_ARGS:
            if rest:
                raise NotationError(f"{verb!r} takes no argument: {text!r}")
            return cls(seat, verb)
        lo, hi = _CARD_ARGS[verb]
        if not lo <= len(rest) <= hi:
            raise NotationError(f"wrong number of cards in {text!r}")
        cards = []
        for r in rest:
            idx = INDEX.get(r)
            if idx is None:
                raise NotationError(f"unknown card id {r!r} in {text!r}")
            cards.append(idx)
        return cls(seat, verb, tuple(cards))


def parse_action(text: object) -> Action:
    """The record form read back; an alias of ``Action.parse`` kept for existing callers."""
    return Action.parse(text)


# ---------------------------------------------------------------------------- interned actions
# The hot paths (legal moves, rollouts, the compiled kernel) hand out the same Action objects
# again and again: made once and cached here, never built per move.

# PLAY1[seat][card]: "seat play card" without a target (seats up to the largest table).
PLAY1: list[list[Action]] = [[Action(seat, PLAY, (c,)) for c in range(48)]
                             for seat in range(BLANK_TABLE)]
_PLAY2: dict[int, Action] = {}
_TAKE: dict[int, Action] = {}
_VERBS: dict[tuple[int, str], Action] = {}
_CHUNK_PLAYS: dict[int, tuple[Action, ...]] = {}


def play2(seat: int, card: int, target: int) -> Action:
    """``seat play card target`` (a capture with a choice), cached."""
    key = (seat * 48 + card) * 48 + target
    a = _PLAY2.get(key)
    if a is None:
        a = _PLAY2[key] = Action(seat, PLAY, (card, target))
    return a


def take_action(seat: int, target: int) -> Action:
    """``seat take target`` (the drawn card's target), cached like the plays."""
    key = seat * 48 + target
    a = _TAKE.get(key)
    if a is None:
        a = _TAKE[key] = Action(seat, TAKE, (target,))
    return a


def verb_action(seat: int, verb: str) -> Action:
    """``seat verb`` without arguments (sage, shoubu, join, mizuten ...), cached: the windows
    before play ask every round."""
    a = _VERBS.get((seat, verb))
    if a is None:
        a = _VERBS[(seat, verb)] = Action(seat, verb)
    return a


def chunk_plays(seat: int, shift: int, chunk: int) -> tuple[Action, ...]:
    """The single-card plays of the hand cards in a 12-bit chunk (three months), cached."""
    key = (seat << 16 | shift) << 12 | chunk
    got = _CHUNK_PLAYS.get(key)
    if got is None:
        got = _CHUNK_PLAYS[key] = tuple(PLAY1[seat][shift + i] for i in range(12)
                                        if chunk >> i & 1)
    return got


# the mizuten offer's two answers per seat, in legal_actions' order (rollouts draw from it)
MIZUTEN_OFFER = tuple((Action(s, MIZUTEN), Action(s, PASS)) for s in range(BLANK_TABLE))

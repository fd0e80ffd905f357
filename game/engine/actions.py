"""Actions and their text notation (rules/API.md §3): ``"1 play crane"``, ``"* deck ..."``.

An action is a small immutable value: the acting seat (-1 for chance), a verb, and int
arguments (card indices, or a seat for ``* blank``). ``str(action)`` is the record form.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARD_IDS, parse_card
from .errors import IllegalAction

PLAY, TAKE, SAGE, SHOUBU, CANCEL = "play", "take", "sage", "shoubu", "cancel"
JOIN, DROP, MIZUTEN, SWAP = "join", "drop", "mizuten", "swap"
DECK, BLANK = "deck", "blank"
# PASS declines an optional window (swap, mizuten). Records never hold it: the window closes
# at the next action of another kind (rules/README.md §3.8), and replay infers the passes.
PASS = "pass"
CHANCE = -1

_CARD_ARGS = {PLAY: (1, 2), TAKE: (1, 1), DECK: (0, 48)}
_NO_ARGS = {SAGE, SHOUBU, CANCEL, JOIN, DROP, MIZUTEN, SWAP, PASS}
VERBS = frozenset(_CARD_ARGS) | _NO_ARGS | {BLANK}


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

    @property
    def card(self) -> int:
        return self.args[0]


def parse_action(text: object) -> Action:
    """Parse the record form; IllegalAction (a ValueError) naming what is wrong."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be a string, not {text!r}")
    parts = text.split()
    if len(parts) < 2:
        raise IllegalAction(f"malformed action {text!r}")
    who, verb, rest = parts[0], parts[1], parts[2:]
    if who == "*":
        seat = CHANCE
        if verb not in (DECK, BLANK):
            raise IllegalAction(f"unknown chance action {text!r}")
    elif who.isdigit():
        seat = int(who)
        if verb not in VERBS or verb in (DECK, BLANK, PASS):
            raise IllegalAction(f"unknown verb {verb!r} in {text!r}")
    else:
        raise IllegalAction(f"bad seat {who!r} in {text!r}")
    if verb == BLANK:
        if len(rest) != 1 or not rest[0].isdigit():
            raise IllegalAction(f"'* blank' takes one seat number: {text!r}")
        return Action(seat, verb, (int(rest[0]),))
    if verb in _NO_ARGS:
        if rest:
            raise IllegalAction(f"{verb!r} takes no argument: {text!r}")
        return Action(seat, verb)
    lo, hi = _CARD_ARGS[verb]
    if not lo <= len(rest) <= hi:
        raise IllegalAction(f"wrong number of cards in {text!r}")
    try:
        cards = tuple(parse_card(r) for r in rest)
    except ValueError as e:
        raise IllegalAction(f"{e} in {text!r}") from None
    return Action(seat, verb, cards)

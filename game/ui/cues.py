"""Which sound cue an engine event plays (TABLE.md §9). Pure: tests call it without audio."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.engine.events import Event
from game.engine.vocab import EventKind

# Two events have no cue here, because a screen times them better (issue 45, item 13):
# GAME_END: the result screen plays `game_end` as "Game over" shows; played for the event
# too, the cadence sounded twice, first over the last round's ledger.
# DEALT: one event deals every card; `DealTicks` ticks as each card lands instead of once.
SOUNDS = {EventKind.CAPTURED: "card_slap", EventKind.PLACED: "card_place",
          EventKind.DREW: "flip", EventKind.TEYAKU: "teyaku", EventKind.YAKU: "yaku",
          EventKind.SAGE: "sage", EventKind.SHOUBU: "shoubu", EventKind.CANCEL: "cancel",
          EventKind.JOIN: "join", EventKind.DROP: "drop", EventKind.ROUND_END: "round_end"}
# The field multiplier: a Large field (x2) and a Grand field (x4) each have their cue.
MULTIPLIER_CUES = ((4, "multiplier_grand"), (2, "multiplier"))


def cue_for(ev: Event) -> str | None:
    """The cue for one event, or None (a Small field, turn markers...)."""
    if ev.kind == EventKind.MULTIPLIER:
        m = ev.data.get("m", 1)
        return next((cue for least, cue in MULTIPLIER_CUES if m >= least), None)
    return SOUNDS.get(ev.kind)


class DealTicks:
    """The `deal_tick` of every dealt card as it lands (TABLE.md §9: a tick a card, at most
    14 a second, which `Audio` enforces). The deal is one engine event whose cards fly one
    after another, so a cue per event gave the whole deal a single click."""

    def __init__(self) -> None:
        self._waiting: list[str] = []

    def arm(self, cards: Iterable[str]) -> None:
        """The cards of a deal, now starting their flights."""
        self._waiting = list(cards)

    def landed(self, arrived: Callable[[str], bool]) -> bool:
        """True when a card has landed since the last call (`arrived`: the animation's)."""
        if not self._waiting:
            return False
        before = len(self._waiting)
        self._waiting = [c for c in self._waiting if not arrived(c)]
        return len(self._waiting) < before

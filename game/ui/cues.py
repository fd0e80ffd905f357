"""Which sound cue an engine event plays (TABLE.md §9). Pure: tests call it without audio."""

from __future__ import annotations

from game.engine.events import Event
from game.engine.vocab import EventKind

SOUNDS = {EventKind.CAPTURED: "card_slap", EventKind.PLACED: "card_place",
          EventKind.DREW: "flip", EventKind.TEYAKU: "teyaku", EventKind.YAKU: "yaku",
          EventKind.SAGE: "sage", EventKind.SHOUBU: "shoubu", EventKind.CANCEL: "cancel",
          EventKind.JOIN: "join", EventKind.DROP: "drop", EventKind.ROUND_END: "round_end",
          EventKind.GAME_END: "game_end", EventKind.DEALT: "deal_tick"}
# The field multiplier: a Large field (x2) and a Grand field (x4) each have their cue.
MULTIPLIER_CUES = ((4, "multiplier_grand"), (2, "multiplier"))


def cue_for(ev: Event) -> str | None:
    """The cue for one event, or None (a Small field, turn markers...)."""
    if ev.kind == EventKind.MULTIPLIER:
        m = ev.data.get("m", 1)
        return next((cue for least, cue in MULTIPLIER_CUES if m >= least), None)
    return SOUNDS.get(ev.kind)

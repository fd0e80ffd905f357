"""Events returned by ``State.apply``: what happened, for the table to animate.

Every event is public information (hands and the draw-pile order never appear in one), so the
UI can show any event to any seat. Card arguments are card ids (strings).
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    kind: str  # round_start, dealt, misdeal, multiplier, swap, mizuten, join, drop,
    # forced_out, reshuffle, teyaku, played, captured, drew, yaku, decision, sage, shoubu,
    # cancel, payment, round_end, game_end
    seat: int  # acting or concerned seat, -1 when none
    data: dict

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{self.kind}({self.seat}{', ' if inner else ''}{inner})"

"""Events returned by ``State.apply``: what happened, for the table to animate.

Every event is public information (hands and the draw-pile order never appear in one), so the
UI can show any event to any seat. Its ``kind`` is an ``EventKind`` and its payload keys are
documented, per kind, in ``vocab.EVENT_FIELDS`` (a contract test checks every emitted event
against them). Card arguments are card ids (strings).
"""

from __future__ import annotations

from typing import NamedTuple

from .vocab import EventKind


class Event(NamedTuple):
    kind: EventKind
    seat: int  # acting or concerned seat, -1 when none
    data: dict

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{self.kind}({self.seat}{', ' if inner else ''}{inner})"

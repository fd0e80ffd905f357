"""Hot-seat hand-over (TABLE.md §5.11): opaque, nothing private shows until confirmed.

The confirm button ignores input for the first 400 ms so a held key from the previous
player cannot pass through. The summary is the public log since that player's last turn.
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.ui.buttons import Button
from game.ui.intents import Intent
from game.ui.scenes.overlay import OverlayScene

GUARD = 0.4
MISSED = 14  # lines of "since your last turn" at most; the log (L) keeps every one


class HandoverScene(OverlayScene):
    name = "handover"
    transparent = False  # the table below is not drawn at all
    opaque_background = True
    width_frac = 0.5

    def __init__(self, app, table, seat: int) -> None:  # noqa: ANN001
        self.table = table
        self.seat = seat
        self.prev = table.viewer if table.viewer != seat else None
        super().__init__(app, *self.content())
        self.opened = app.now()

    def content(self) -> tuple[str, list[str], list[Button]]:
        names = self.table.session.names()
        lines = []
        if self.prev is not None:
            lines.append(_("{name} — please look away.").format(name=names[self.prev]))
        lines.append("")
        lines.append(_("Since your last turn (public):"))
        missed = self.table.chronicle.since_turn_of(self.seat)
        if len(missed) > MISSED:  # the latest ones; the others are one line
            earlier = len(missed) - MISSED + 1
            missed = [ngettext("… {n} earlier line: the log (L) has it",
                               "… {n} earlier lines: the log (L) has them",
                               earlier).format(n=earlier)] + missed[-(MISSED - 1):]
        lines += ["· " + line for line in missed] or ["· " + _("(nothing yet)")]
        name = names[self.seat]
        return _("Pass to {name}").format(name=name), lines, [
            Button(_("I am {name} — show my hand ⏎").format(name=name), self._confirm,
                   "primary")]

    def resume(self) -> None:
        self.app.audio.play("handover")

    def _confirm(self) -> None:
        if self.app.now() - self.opened < GUARD:
            return
        self.app.stack.pop(self)
        self.table.handover_confirmed(self.seat)

    def on_back(self) -> None:
        self.table.open_pause()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if event.type == pygame.KEYDOWN and intent not in (Intent.CONFIRM, Intent.BACK):
            return True
        return super().process_event(event, intent)

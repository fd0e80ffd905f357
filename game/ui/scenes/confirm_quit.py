"""Confirm quit (TABLE.md §5.10): the game is autosaved, so quitting loses nothing."""

from __future__ import annotations

from game.i18n import _, pgettext
from game.ui.scenes.confirm_dialog import ConfirmScene


class ConfirmQuitScene(ConfirmScene):
    name = "confirm_quit"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, _("Quit the game?"),
                         [_("Your game is saved; Continue on the title screen resumes it.")],
                         pgettext("button", "Quit"), self._quit, no=_("Stay"))

    def relabel(self) -> None:
        self.title = _("Quit the game?")
        self.lines = [_("Your game is saved; Continue on the title screen resumes it.")]
        self.group.buttons[0].label = pgettext("button", "Quit")
        self.group.buttons[1].label = _("Stay")

    def _quit(self) -> None:
        self.app.running = False

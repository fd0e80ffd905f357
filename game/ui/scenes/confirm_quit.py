"""Confirm quit (TABLE.md §5.10): the game is autosaved, so quitting loses nothing."""

from __future__ import annotations

from game.ui.scenes.confirm_dialog import ConfirmScene


class ConfirmQuitScene(ConfirmScene):
    name = "confirm_quit"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "Quit the game?",
                         ["Your game is saved; Continue on the title screen resumes it."],
                         "Quit", self._quit, no="Stay")

    def _quit(self) -> None:
        self.app.running = False

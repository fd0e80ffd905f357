"""Confirm quit (TABLE.md §5.10): the game is autosaved, so quitting loses nothing."""

from __future__ import annotations

from game.ui.scenes.overlay import OverlayScene
from game.ui.theme import Button


class ConfirmQuitScene(OverlayScene):
    name = "confirm_quit"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "Quit the game?",
                         ["Your game is saved; Continue on the title screen resumes it."],
                         [Button("Quit", self._quit, "danger"),
                          Button("Stay", self.close, "primary")], vertical=False)
        self.group.index = 1

    def _quit(self) -> None:
        self.app.running = False

"""Confirm quit (TABLE.md §5.10): it says what happens to the game, and only what is true.

A game at the table whose last autosave worked, or a saved game the title offers, is
resumed by Continue; a game whose autosave is failing loses its latest moves; with no game
at all there is nothing to say about one (issue 23)."""

from __future__ import annotations

from game.i18n import _, pgettext
from game.ui.scenes.confirm_dialog import ConfirmScene


def quit_lines(app) -> list[str]:  # noqa: ANN001 - App
    """What quitting does to the game, in one sentence, or nothing when there is no game."""
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    if app.paths is not None:
        from game import storage

        lost = storage.kept_in_memory(app.paths)
        if lost:
            return [_("Finished games kept only in memory (the disk is full): {n}. "
                      "Quitting now loses them.").format(n=lost)]
    table = app.stack.find(TableScene)
    if table is not None and not table.finished:
        if table.driver.save_problem:
            return [_("Your latest moves could not be saved; quitting now loses them.")]
        return [_("Your game is saved; Continue on the title screen resumes it.")]
    title = app.stack.find(TitleScene)
    if title is not None and title.saved is not None:
        return [_("Your game is saved; Continue on the title screen resumes it.")]
    return []


class ConfirmQuitScene(ConfirmScene):
    name = "confirm_quit"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, _("Quit the game?"), quit_lines(app),
                         pgettext("button", "Quit"), self._quit, no=_("Stay"))

    def relabel(self) -> None:
        self.title = _("Quit the game?")
        self.lines = quit_lines(self.app)
        self.group.buttons[0].label = pgettext("button", "Quit")
        self.group.buttons[1].label = _("Stay")

    def _quit(self) -> None:
        self.app.running = False

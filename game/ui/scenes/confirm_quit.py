"""Confirm quit (TABLE.md §5.10): it says what happens to the game, and only what is true.

A game at the table whose last autosave worked, or a saved game the title offers, is
resumed by Continue; a game whose autosave is failing loses its latest moves; with no game
at all there is nothing to say about one (issue 23).

What quitting would lose is first written again (issue 43, item 4): the disk may have room
now. So `try_saving` runs before the question is asked (`App.request_quit`), when the
dialog opens, when the player presses Try again (offered while something is still at risk:
free some space, then press it) and once more at Quit; the dialog warns only about what
still could not be written, and says what was written just now."""

from __future__ import annotations

from game.i18n import _, pgettext
from game.ui.buttons import Button
from game.ui.scenes.confirm_dialog import ConfirmScene


def _table(app):  # noqa: ANN001, ANN202 - App -> TableScene | None
    from game.ui.scenes.table import TableScene

    return app.stack.find(TableScene)


def try_saving(app) -> list[str]:  # noqa: ANN001 - App
    """Write again what could not be written: the finished games kept only in memory
    (first, so the dialog can name their records), then the game at the table whose
    autosave is failing. The sentences of the records written now; what still fails is
    said by `quit_lines`."""
    written = []
    if app.paths is not None:
        from game import storage

        written = storage.retry_in_memory(app.paths)
    table = _table(app)
    if table is not None and not table.finished and table.driver.save_problem:
        table.driver.autosave()  # told once already: a failure again says nothing new
    return written


def at_risk(app) -> bool:  # noqa: ANN001 - App
    """Quitting now would lose something: a finished game kept only in memory, or the
    latest moves of the game at the table."""
    from game import storage

    if app.paths is not None and storage.kept_in_memory(app.paths):
        return True
    table = _table(app)
    return table is not None and not table.finished and bool(table.driver.save_problem)


def quit_lines(app) -> list[str]:  # noqa: ANN001 - App
    """What quitting does to the games, one sentence each, or nothing when there is no
    game: what it would lose (a finished game kept only in memory, the latest moves of the
    game at the table) and how to keep it, else that the game is saved."""
    from game.ui.scenes.title import TitleScene

    lines = []
    if app.paths is not None:
        from game import storage

        lost = storage.kept_in_memory(app.paths)
        if lost:
            lines.append(_("Finished games kept only in memory (the disk is full): {n}. "
                           "Quitting now loses them.").format(n=lost))
    table = _table(app)
    playing = table is not None and not table.finished
    if playing and table.driver.save_problem:
        lines.append(_("Your latest moves could not be saved; quitting now loses them."))
    if lines:
        return [*lines, _("Free some space, then press Try again.")]
    title = app.stack.find(TitleScene)
    if playing or (title is not None and title.saved is not None):
        return [_("Your game is saved; Continue on the title screen resumes it.")]
    return []


class ConfirmQuitScene(ConfirmScene):
    name = "confirm_quit"

    def __init__(self, app, written: list[str] | None = None) -> None:  # noqa: ANN001
        """`written`: what the caller wrote just before (App.request_quit tried already);
        None: try now."""
        self.written = list(written) if written is not None else try_saving(app)
        super().__init__(app, _("Quit the game?"), self._lines(app),
                         pgettext("button", "Quit"), self._quit, no=_("Stay"))
        self._set_buttons()

    def _lines(self, app) -> list[str]:  # noqa: ANN001 - App
        return [*self.written, *quit_lines(app)]

    def _set_buttons(self) -> None:
        """Quit, Try again (only while something is at risk), Stay: Stay has the focus."""
        buttons = [Button(pgettext("button", "Quit"), self._yes, "danger")]
        if at_risk(self.app):
            buttons.append(Button(_("Try again"), self.try_again))
        buttons.append(Button(_("Stay"), self.close, "primary"))
        shown = self.group.show_focus
        self.group.set(buttons)
        self.group.index = len(buttons) - 1
        self.group.show_focus = shown

    def try_again(self) -> None:
        """The player freed some space: write again, then say what is true now."""
        self.written += try_saving(self.app)
        self.lines = self._lines(self.app)
        self._set_buttons()

    def relabel(self) -> None:
        self.title = _("Quit the game?")
        self.lines = self._lines(self.app)
        self._set_buttons()

    def _quit(self) -> None:
        try_saving(self.app)  # room may have come while the question was on screen
        self.app.running = False

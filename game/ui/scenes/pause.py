"""Pause (Escape or ≡): the table below is frozen because only the top scene updates."""

from __future__ import annotations

import pygame

from game.i18n import _, pgettext
from game.ui.buttons import Button
from game.ui.scenes.overlay import OverlayScene


class PauseScene(OverlayScene):
    name = "pause"
    width_frac = 0.34

    def __init__(self, app, table) -> None:  # noqa: ANN001
        self.table = table
        super().__init__(app, *self.content())

    def content(self) -> tuple[str, list[str], list[Button]]:
        phones = [Button(_("Phones…"), self._phones)] if self.table.party is not None else []
        problem = getattr(self.table.driver, "save_problem", None)
        said = [_("The game is saved after every move.")] if not problem else [
            _("The last moves could not be saved yet: the game tries again after every "
              "move, and once more when you quit."), problem]
        return _("Paused"), said, [
            Button(_("Resume"), self.close, "primary"),
            *phones,
            Button(pgettext("menu", "Settings"), self._settings),
            Button(_("Rules & cards"), self._rules),
            Button(_("Save and quit to title"), self._to_title),
            Button(_("Quit game"), self._quit, "danger"),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn only while it is the top scene: a dialog opened from it (Quit, Settings)
        dims the table itself, and a second dim over this one made the card backs flat
        dark blocks and hid the pile (issue 23). The dialog's Stay or Done brings it back."""
        top = self.app.stack.top
        if top is not self and getattr(top, "transparent", False):
            return
        super().draw(surface)

    def _phones(self) -> None:
        """A party game's links and seats, over the table (the pause menu closes)."""
        self.app.stack.pop(self)
        self.table.open_lobby()

    def _settings(self) -> None:
        from game.ui.scenes.settings_menu import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def _rules(self) -> None:
        from game.ui.scenes.rules_help import RulesHelpScene

        self.app.stack.push(RulesHelpScene(self.app, self.table.session.rs))

    def _to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.table.autosave()
        self.app.stack.reset(TitleScene(self.app))

    def _quit(self) -> None:
        from game.ui.scenes.confirm_quit import ConfirmQuitScene

        self.app.stack.push(ConfirmQuitScene(self.app))

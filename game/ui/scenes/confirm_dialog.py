"""A yes/no question over the dimmed scene below (TABLE.md §5.10), the safe answer focused.

Enter presses the focused button, which starts on Cancel (or the dialog's own safe word),
and Esc cancels: a risky action always needs a deliberate choice.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import pgettext
from game.ui.buttons import Button
from game.ui.scenes.overlay import OverlayScene


class ConfirmScene(OverlayScene):
    name = "confirm"

    def __init__(self, app, title: str, lines: list[str], yes: str,  # noqa: ANN001
                 on_yes: Callable[[], None], no: str | None = None,
                 style: str = "danger") -> None:
        no = pgettext("button", "Cancel") if no is None else no
        super().__init__(app, title, lines,
                         [Button(yes, self._yes, style), Button(no, self.close, "primary")],
                         vertical=False)
        self.on_yes = on_yes
        self.group.index = 1  # the safe answer is the default
        self.group.show_focus = True  # and the player can see that it is

    def _yes(self) -> None:
        self.close()
        self.on_yes()

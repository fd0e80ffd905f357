"""A short message with OK (errors, a set-aside save): never a traceback."""

from __future__ import annotations

from game.i18n import pgettext
from game.ui.buttons import Button
from game.ui.scenes.overlay import OverlayScene


class MessageScene(OverlayScene):
    name = "message"

    def __init__(self, app, title: str, text: str) -> None:  # noqa: ANN001
        super().__init__(app, title, [text],
                         [Button(pgettext("button", "OK"), self.close, "primary")])

    def relabel(self) -> None:
        """The caller's words stay (they were translated when said); OK follows."""
        self.group.buttons[0].label = pgettext("button", "OK")

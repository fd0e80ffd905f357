"""The shared bottom of every page the title opens (records, history, statistics, practice,
the review, the lobby, Learn 88, the file chooser): a row of buttons in `self.group`, Esc
for Back, a click for every button pressed, the line of keys at the foot.

Seven pages each wrote this tail again (`back`, then Esc, then the buttons with their
sound, then `return False`), and the duplicate scan counted about ten pairs of them
(issue 44, item 6). A page now says only what is its own: `page_event` for its list, its
timeline or its answers; `escape` where Esc means less than leaving (a card picked up
first); `modal` for a page drawn over another scene, which keeps every key and click.
Where the buttons go is game.ui.page_layout's pure arithmetic.

A page does not give a `frame_key` (game.ui.scene.Scene.frame_key): what these pages show
changes with data read in the background, a text cursor and the pointer, so each is drawn
every frame, as before; the lobby and the dialogs that can say it say it themselves.
"""

from __future__ import annotations

import pygame

from game.ui import page_layout, theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.list_focus import Jump, ListFocus
from game.ui.scene import Scene

# the keys that move a list's choice by more than a row
JUMP_KEYS = {pygame.K_PAGEUP: Jump.PAGE_UP, pygame.K_PAGEDOWN: Jump.PAGE_DOWN,
             pygame.K_HOME: Jump.HOME, pygame.K_END: Jump.END}


def jump_of(event: pygame.event.Event) -> Jump | None:
    """The list jump a key asks for (PageUp/PageDown, Home/End), else None."""
    return JUMP_KEYS.get(event.key) if event.type == pygame.KEYDOWN else None


class PageScene(Scene):
    """A page with its buttons in `self.group` (set by the subclass before it draws)."""

    modal = False  # drawn over another scene: keys and clicks never fall through
    group: ButtonGroup

    def back(self) -> None:
        """Leave the page (the Back button, and Esc unless `escape` says otherwise)."""
        self.app.stack.pop(self)

    def escape(self) -> None:
        """Esc: back, unless the page has something smaller to undo first."""
        self.back()

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The page's own input, after Esc and before the buttons; True when used."""
        return False

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.escape()
            return True
        if self.page_event(event, intent) or self.press(event, intent):
            return True
        return self.modal and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def press(self, event: pygame.event.Event, intent: Intent | None,
              group: ButtonGroup | None = None) -> bool:
        """The buttons (`group`, else the page's row) take the event: a press clicks."""
        if (group or self.group).handle(event, intent):
            self.app.audio.play("button")
            return True
        return False

    def place_buttons(self, x: int, y: int, width: int, height: int, *, gap: int = 10,
                      most: int | None = None, slots: int | None = None, right: bool = False,
                      buttons: list[Button] | None = None) -> int:
        """Lay a row of buttons out (the page's, else `buttons`; game.ui.page_layout's
        `button_row`); the x where the row begins (the keys line ends before it)."""
        buttons = self.group.buttons if buttons is None else buttons
        boxes = page_layout.button_row(len(buttons), x, y, width, height, gap=gap, most=most,
                                       slots=slots, right=right)
        for b, box in zip(buttons, boxes, strict=True):
            b.rect = pygame.Rect(box)
        return boxes[0][0] if boxes else x + width


class ListPage(PageScene):
    """A page whose body is a list with one chosen row (`self.cursor`, game.ui.list_focus):
    the records, the history, the file chooser."""

    cursor: ListFocus

    @property
    def index(self) -> int:
        """The chosen row."""
        return self.cursor.index

    @index.setter
    def index(self, value: int) -> None:
        self.cursor.index = value


def keys_line(surface: pygame.Surface, words: str, size: int, pos: tuple[int, int],
              width: int, anchor: str = "topleft") -> None:
    """The dim line that names a page's keys, on one line: a little smaller where it must
    be (theme.fit_keys), cut to `width` only past that (it never runs under the buttons or
    off the page at a large text size)."""
    # a player who chose large text keeps most of it: a fifth smaller at the most
    size, lines = theme.fit_keys(words, size, width, minimum=max(12, round(size * 0.8)))
    line = lines[0] if len(lines) == 1 else theme.fit(words, size, width)
    theme.blit_text(surface, line, size, pos, theme.TEXT_DIM, False, anchor)


__all__ = ["JUMP_KEYS", "ListPage", "PageScene", "jump_of", "keys_line"]

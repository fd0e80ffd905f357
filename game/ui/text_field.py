"""A one-line text entry of our own (a file name, a player's name to find): typed and
pasted text, cleaned to drawable characters (game.text), Backspace and Ctrl+Backspace.

pygame_gui's entry line has no place in our focus ring and breaks on some scripts, so the
pages that take a few words draw this instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame

from game.text import clean_typed
from game.ui import theme

MAX_TEXT = 1000


@dataclass
class TextField:
    label: str
    text: str = ""
    limit: int = MAX_TEXT
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Typing, pasting and erasing; True when the event changed or belongs to the field."""
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + clean_typed(event.text))[:self.limit]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.text = "" if event.mod & pygame.KMOD_CTRL else self.text[:-1]
            return True
        if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            try:
                from pygame_gui.core.utility import clipboard_paste

                pasted = clipboard_paste() or ""
            except Exception:  # no clipboard on this system: nothing to paste
                pasted = ""
            self.text = (self.text + clean_typed(pasted).strip())[:self.limit]
            return True
        return False

    def draw(self, s: pygame.Surface, size: int, focused: bool, label_above: bool = True,
             placeholder: str = "") -> None:
        if label_above and self.label:
            theme.blit_text(s, self.label, size, (self.rect.x, self.rect.y - round(size * 1.35)),
                            theme.TEXT_DIM, True)
        pygame.draw.rect(s, (0x10, 0x16, 0x13), self.rect, border_radius=5)
        pygame.draw.rect(s, theme.GOLD if focused else theme.PANEL_LINE, self.rect,
                         2 if focused else 1, border_radius=5)
        room = self.rect.w - 16
        if not self.text and not focused and placeholder:
            theme.blit_text(s, theme.fit(placeholder, size, room), size,
                            (self.rect.x + 8, self.rect.centery), theme.TEXT_OFF, False,
                            "midleft")
            return
        shown = self.text + ("|" if focused and int(time.monotonic() * 2) % 2 == 0 else "")
        while shown and theme.text_width(shown, size) > room:  # keep the end of long text
            shown = shown[1:]
        theme.blit_text(s, shown, size, (self.rect.x + 8, self.rect.centery), theme.TEXT,
                        False, "midleft")


__all__ = ["TextField"]

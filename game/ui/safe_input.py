"""Typed and pasted text that SDL_ttf can draw.

pygame_gui renders an entry's text at every change, and SDL_ttf raises "Text has zero
width" for text that draws nothing (a zero-width space, a joiner, a byte-order mark) and
fails on NUL and lone surrogates, inside pygame_gui, before any scene sees the text. So
text reaches an entry only through `sanitize_text_event`, which keeps what `game.seats`
counts as drawable.
"""

from __future__ import annotations

import pygame
from pygame_gui.core.utility import clipboard_paste

from game.seats import clean_typed


def _is_paste(event: pygame.event.Event) -> bool:
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def sanitize_text_event(event: pygame.event.Event) -> pygame.event.Event | None:
    """`event`, or a TEXTINPUT with its text cleaned, or None (nothing drawable: drop it).

    A paste (Ctrl/Cmd+V) of a clipboard holding undrawable characters becomes the typing
    of its drawable ones; a clean clipboard is left to pygame_gui."""
    if event.type == pygame.TEXTINPUT:
        text = event.text
    elif _is_paste(event):
        try:
            text = clipboard_paste()
        except Exception:  # no clipboard on this system: pygame_gui copes on its own
            return event
        if not isinstance(text, str) or clean_typed(text) == text:
            return event
    else:
        return event
    cleaned = clean_typed(text)
    if not cleaned:
        return None
    if cleaned == text and event.type == pygame.TEXTINPUT:
        return event
    return pygame.event.Event(pygame.TEXTINPUT, text=cleaned)

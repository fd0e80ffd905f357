"""A centred dialog over the dimmed scene below: title, text lines, a row of buttons.

Most overlays (pause, confirm quit, about, messages, rules help) are this with different
words; the text scrolls with the wheel or PageUp/PageDown when it is longer than the box.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene


class OverlayScene(Scene):
    transparent = True
    name = "overlay"
    width_frac = 0.5
    height_frac = 0.0  # 0: fit the content
    opaque_background = False

    def __init__(self, app, title: str, lines: list[str] | None = None,  # noqa: ANN001
                 buttons: list[Button] | None = None, vertical: bool = True) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines or []
        self.group = ButtonGroup(buttons or [], vertical=vertical)
        self.scroll = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self._max_scroll = 0
        self._rows = 10  # text lines the box shows (a page), known once drawn

    def content(self) -> tuple[str, list[str], list[Button]] | None:
        """(title, lines, buttons) in the current language, for overlays whose words are
        their own (pause, about, ...): `relabel` builds them again on a language switch.
        None (the default): the caller gave the words, which stay."""
        return None

    def relabel(self) -> None:
        content = self.content()
        if content is None:
            return
        self.title, lines, buttons = content
        self.lines = lines
        index, shown = self.group.index, self.group.show_focus
        self.group.set(buttons)
        self.group.index = min(index, max(0, len(buttons) - 1))
        self.group.show_focus = shown

    def frame_key(self) -> object:
        """A dialog changes only with input (its words, focus and scroll): the loop draws
        it again only then (game.ui.scene.Scene.frame_key). An overlay that moves by
        itself returns None."""
        return (self.title, tuple(self.lines), self.group.index, self.group.show_focus,
                self.scroll, tuple(b.label for b in self.group.buttons))

    def on_back(self) -> None:
        """Escape: close (override for dialogs where Escape means something else)."""
        self.app.stack.pop(self)

    def close(self) -> None:
        self.app.stack.pop(self)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll, self.scroll - event.y * 3))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self._rows if event.key == pygame.K_PAGEDOWN else -self._rows
            self.scroll = max(0, min(self._max_scroll, self.scroll + step))
            return True
        if intent is Intent.BACK:
            self.on_back()
            return True
        if self.group.handle(event, intent):
            self.app.audio.play("button")
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # modal

    def body_height(self, width: int, size: int) -> int:
        return sum(len(theme.wrap(line, size, width)) for line in self.lines) * round(size * 1.4)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        if self.opaque_background:
            surface.fill(theme.PANEL)
        else:
            theme.dim(surface, 150)
        body = theme.size_of("body", H)
        title = theme.size_of("heading", H)
        w = max(420, round(W * self.width_frac))
        inner = w - 48
        btn_h = round(body * 2.1)
        n = len(self.group.buttons)
        buttons_h = (n * (btn_h + 10) if self.group.vertical else btn_h + 10) if n else 0
        content = self.body_height(inner, body)
        want = 24 + round(title * 1.5) + content + 16 + buttons_h + 16
        h = round(H * self.height_frac) if self.height_frac else min(want, round(H * 0.9))
        self.box = pygame.Rect((W - w) // 2, (H - h) // 2, w, h)
        theme.panel(surface, self.box, alpha=245, line=theme.GOLD)
        x, y = self.box.x + 24, self.box.y + 18
        for part in theme.wrap(self.title, title, inner, True):
            theme.blit_text(surface, part, title, (x, y), theme.TEXT, True)
            y += round(title * 1.35)
        y += 6
        text_bottom = self.box.bottom - 16 - buttons_h
        lh = round(body * 1.4)
        wrapped: list[str] = []
        for line in self.lines:
            wrapped.extend(theme.wrap(line, body, inner))
        rows = max(1, (text_bottom - y) // lh)
        if len(wrapped) > rows:  # the scroll hint takes the last line, under the text
            hint_h = round(theme.size_of("small", H) * 1.45)
            rows = max(1, (text_bottom - hint_h - y) // lh)
        self._rows = rows
        self._max_scroll = max(0, len(wrapped) - rows)
        self.scroll = min(self.scroll, self._max_scroll)
        for line in wrapped[self.scroll:self.scroll + rows]:
            theme.blit_text(surface, line, body, (x, y), theme.TEXT)
            y += lh
        if self._max_scroll:
            small = theme.size_of("small", H)
            pages = 1 + -(-self._max_scroll // rows)  # pages of text, not scroll steps
            page = min(pages, 1 + -(-self.scroll // rows))
            theme.blit_text(surface, _("PgUp/PgDn or wheel to scroll · page {page} of "
                                       "{pages}").format(page=page, pages=pages),
                            small, (self.box.right - 16, text_bottom), theme.TEXT_DIM, False,
                            "bottomright")
        by = self.box.bottom - 16 - buttons_h + 10
        if self.group.vertical:
            for b in self.group.buttons:
                b.rect = pygame.Rect(x, by, inner, btn_h)
                by += btn_h + 10
        elif n:
            bw = (inner - 10 * (n - 1)) // n
            for i, b in enumerate(self.group.buttons):
                b.rect = pygame.Rect(x + i * (bw + 10), by, bw, btn_h)
        self.group.draw(surface, body)

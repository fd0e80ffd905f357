"""An open drop-down list drawn above everything and modal while open (TABLE.md §5.3, §6.2).

pygame_gui's drop-down expands inside its container's layer, so its list can draw under later
widgets and a click on a covered entry reaches the widget beneath; it has no keys either. This
list is drawn last by the scene that owns it and takes every key and mouse event until it
closes: ↑/↓ (and PgUp/PgDn, Home/End) move, Enter/Space choose, Esc closes; a click on an
entry chooses it, a click anywhere else only closes the list.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme

PAD = 10


class ChoiceList:
    """The open list of one drop-down: `done` once chosen or closed; `on_choose(value)`."""

    def __init__(self, anchor: pygame.Rect, values: list[str], current: str,
                 on_choose: Callable[[str], None], screen: tuple[int, int], size: int,
                 row: int) -> None:
        self.values = values
        self.index = values.index(current) if current in values else 0
        self.current = current
        self.on_choose = on_choose
        self.size = size
        self.row = row
        self.done = False
        self.swallow_up = False  # the button-up of the click that closed the list
        W, H = screen
        width = max(anchor.w, max(theme.text_width(v, size) for v in values) + 2 * PAD + 20)
        width = min(width, W - 8)
        below, above = H - anchor.bottom - 6, anchor.top - 6
        down = below >= len(values) * row + 4 or below >= above
        self.visible = max(1, min(len(values), ((below if down else above) - 4) // row))
        h = self.visible * row + 4
        y = anchor.bottom + 2 if down else anchor.top - 2 - h
        x = min(max(4, anchor.x), W - width - 4)
        self.rect = pygame.Rect(x, max(4, y), width, h)
        self.top = 0
        self._reveal()

    # --- geometry ---------------------------------------------------------------------
    def item_rect(self, i: int) -> pygame.Rect | None:
        """Screen rectangle of entry i, or None while it is scrolled out of the list."""
        if not self.top <= i < self.top + self.visible:
            return None
        return pygame.Rect(self.rect.x + 2, self.rect.y + 2 + (i - self.top) * self.row,
                           self.rect.w - 4, self.row)

    def _reveal(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1

    def _at(self, pos: tuple[int, int]) -> int | None:
        for i in range(self.top, min(len(self.values), self.top + self.visible)):
            r = self.item_rect(i)
            if r is not None and r.collidepoint(pos):
                return i
        return None

    # --- input ------------------------------------------------------------------------
    def move(self, step: int) -> None:
        self.index = max(0, min(len(self.values) - 1, self.index + step))
        self._reveal()

    def choose(self, i: int | None = None) -> None:
        self.index = self.index if i is None else i
        self.done = True
        self.on_choose(self.values[self.index])

    def close(self) -> None:
        self.done = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Every key and mouse event is used while the list is open (it is modal)."""
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                     pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.values),
                     pygame.K_END: len(self.values)}
            if event.key in steps:
                self.move(steps[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose()
            elif event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            i = self._at(event.pos)
            if i is not None:
                self.index = i
            return True
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.values) - self.visible)
            self.top = max(0, min(limit, self.top - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # old-style wheel
                return True
            i = self._at(event.pos) if event.button == 1 else None
            if i is not None:
                self.choose(i)
            else:
                self.close()
            self.swallow_up = True
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.TEXTINPUT)

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD, self.rect, 1, border_radius=4)
        for i in range(self.top, min(len(self.values), self.top + self.visible)):
            r = self.item_rect(i)
            assert r is not None
            value = self.values[i]
            fg = theme.TEXT
            if i == self.index:
                pygame.draw.rect(surface, theme.GOLD, r, border_radius=3)
                fg = theme.INK
            label = theme.fit(value, self.size, r.w - 2 * PAD - 12)
            theme.blit_text(surface, label, self.size, (r.x + PAD, r.centery), fg,
                            value == self.current, "midleft")
            if value == self.current:  # a dot marks the value the control has now
                pygame.draw.circle(surface, fg, (r.right - PAD, r.centery), 3)
        if self.top > 0 or self.top + self.visible < len(self.values):
            share = self.visible / len(self.values)
            track = self.rect.inflate(-4, -4)
            h = max(8, round(track.h * share))
            y = track.y + round((track.h - h) * self.top / max(1, len(self.values) -
                                                              self.visible))
            pygame.draw.rect(surface, theme.PANEL_LINE, (track.right - 4, y, 3, h))

"""Our drawn buttons and the focus manager that moves between them (TABLE.md §6.3).

Our own rather than pygame_gui's because keyboard focus must be visible and movable
(pygame_gui has no focus navigation); pygame_gui is used where its widgets earn their keep
(text entries and drop-downs in the setup screen). Colours are read from `theme` when a
button is drawn, so the high-contrast switch shows at the next frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme


def _shade(color: tuple, k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(c * k))) for c in color[:3])  # type: ignore[return-value]


@dataclass
class Button:
    """A drawn button: primary (gold), secondary (outline) or danger; `lines` below the label."""

    label: str
    action: Callable[[], None]
    style: str = "secondary"
    lines: tuple[str, ...] = ()
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hover: bool = False

    def draw(self, surface: pygame.Surface, size: int, focused: bool = False) -> None:
        r = self.rect
        fill: tuple | None = None
        if self.style == "primary" and self.enabled:
            fill, fg, edge = theme.GOLD, theme.INK, theme.GOLD
        else:
            fill, fg = (theme.PANEL if self.enabled else (0x18, 0x1E, 0x1B)), theme.TEXT
            edge = (theme.ALERT if self.style == "danger" else
                    theme.GOLD if self.enabled else theme.TEXT_OFF)
        if not self.enabled:
            fg = theme.TEXT_OFF
        if self.hover and self.enabled:
            fill = _shade(fill, 1.15)
        pygame.draw.rect(surface, fill, r, border_radius=6)
        pygame.draw.rect(surface, edge, r, 1, border_radius=6)
        small = max(13, round(size * 0.82))
        if self.lines:
            y = r.y + max(4, size // 3)
            for part in theme.wrap(self.label, size, r.w - 16, True):
                theme.blit_text(surface, part, size, (r.x + 10, y), fg, True)
                y += round(size * 1.4)
            sub = theme.INK if fg == theme.INK else theme.TEXT_DIM
            for line in self.lines:
                for part in theme.wrap(line, small, r.w - 24):
                    theme.blit_text(surface, part, small, (r.x + 20, y), sub)
                    y += round(small * 1.35)
        else:
            bold = self.style == "primary"
            sz, parts = theme.fit_label(self.label, size, r.w - 12, r.h - 4, 2, bold,
                                        theme.min_size("body"))
            step = theme.line_step(sz)
            y = r.centery - step * (len(parts) - 1) / 2
            for part in parts:
                theme.blit_text(surface, part, sz, (r.centerx, round(y)), fg, bold, "center")
                y += step
        if focused:
            theme.focus_ring(surface, r)

    def height_for(self, size: int, width: int) -> int:
        """Height that fits the label and the wrapped lines at this width."""
        if not self.lines:
            return round(size * 2.1)
        small = max(13, round(size * 0.82))
        n = sum(len(theme.wrap(line, small, width - 24)) for line in self.lines)
        head = len(theme.wrap(self.label, size, width - 16, True)) * round(size * 1.4)
        return head + n * round(small * 1.35) + 2 * max(4, size // 3)


class ButtonGroup:
    """Our focus manager for a list of buttons: arrows/Tab move, Enter presses, click presses.

    Focus is drawn after the first key press and hidden after mouse use (TABLE.md §6.3).
    """

    def __init__(self, buttons: list[Button] | None = None, vertical: bool = True) -> None:
        self.buttons: list[Button] = buttons or []
        self.vertical = vertical
        self.index = 0
        self.show_focus = False

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.index = min(self.index, max(0, len(buttons) - 1))

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.index] if self.buttons else None

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        n = len(self.buttons)
        for _ in range(n):
            self.index = (self.index + step) % n
            if self.buttons[self.index].enabled:
                break
        self.show_focus = True

    def press(self, i: int | None = None) -> bool:
        i = self.index if i is None else i
        if 0 <= i < len(self.buttons) and self.buttons[i].enabled:
            self.index = i
            self.buttons[i].action()
            return True
        return False

    def handle(self, event: pygame.event.Event, intent: object) -> bool:
        """Keys and mouse for the group; returns True when the event was used."""
        from game.ui.intents import Intent, select_number

        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and b.enabled:
                    self.show_focus = False
                    return self.press(i)
            return False
        if intent is None:
            return False
        back, fwd = ((Intent.UP, Intent.DOWN) if self.vertical else (Intent.LEFT, Intent.RIGHT))
        if intent in (back, Intent.PREV_REGION):
            self.move(-1)
            return True
        if intent in (fwd, Intent.NEXT_REGION):
            self.move(1)
            return True
        if intent is Intent.CONFIRM:
            self.show_focus = True
            return self.press()
        if intent is Intent.SELECT:
            n = select_number(event)
            if n is not None and n <= len(self.buttons):
                self.show_focus = True
                return self.press(n - 1)
        return False

    def draw(self, surface: pygame.Surface, size: int) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, size, self.show_focus and i == self.index)


__all__ = ["Button", "ButtonGroup"]

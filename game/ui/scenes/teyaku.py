"""Teyaku reveal (TABLE.md §5.5): who claimed what, with the cards shown, before play starts.

Docked like a decision panel (TABLE.md §4.6): at the top of the sidebar, or at the right of
the field band, which makes room, so no card of the table is covered. Its text and cards
shrink until every holder fits. The table's keys keep working under it (F1, L, C, the top-bar
buttons); Escape pauses, Enter or Continue plays on. Amounts are the engine's.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.intents import Intent
from game.ui.layout import height_of
from game.ui.numbers import amount
from game.ui.scene import Scene
from game.ui.scenes import table_chrome
from game.ui.terms import PAID_AT, term
from game.ui.theme import Button, ButtonGroup

AUTO = 2.5
STEP = 0.55  # a holder's cards overlap so each shows its left 55 %


class TeyakuScene(Scene):
    transparent = True
    name = "teyaku"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.t = 0.0
        self.group = ButtonGroup([Button("Continue ⏎", self.close, "primary")])
        self.auto = not table.session.humans
        table.tv.dock = "teyaku"  # the table reserves the panel rect for us

    def close(self) -> None:
        self.app.stack.pop(self)

    def shutdown(self) -> None:
        self.table.tv.dock = None

    def update(self, dt: float) -> None:
        self.t += dt
        table_chrome.reflow(self.table, dt)
        if self.auto and self.t >= AUTO * max(0.1, self.app.settings.speed_factor):
            self.close()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.CONFIRM:
            self.close()
            return True
        if intent is Intent.BACK and not self.table.tv.drawer_open:
            self.table.open_pause()
            return True
        if self.group.handle(event, intent):
            return True
        if table_chrome.global_input(self.table, event, intent):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def lines(self) -> list[tuple[str, list[str]]]:
        v = self.table.shown_view
        names = [s.name for s in self.table.session.seats]
        out = []
        order = list(v.active) or list(range(v.seats))
        for s in order:
            c = v.claims.get(s)
            if c is None or not c.items:
                out.append((f"{names[s]}: no teyaku", []))
                continue
            # amounts and timing are the engine's: what ONE opponent pays, multiplier and
            # payment model applied, and whether it is paid now or at the round's end
            items = ", ".join(f"{term(k)}: {amount(c.pays.get(k, amt))} mon from each opponent"
                              for k, amt in c.items.items())
            out.append((f"{names[s]} — {items} ({PAID_AT[c.paid_at]})", list(c.cards)))
        return out

    def _measure(self, width: int, text_size: int, cw: int) -> int:
        """Height of the holders' block at this text size and card width."""
        lh = round(text_size * 1.35)
        h = 0
        for text, cards in self.lines():
            h += len(theme.wrap(text, text_size, width)) * lh
            if cards:
                h += height_of(cw) + 8
            h += 4
        return h

    def fit(self, rect: pygame.Rect, window_h: int, max_cw: int) -> tuple[int, int]:
        """(text size, card width) that fit every holder in `rect`: first smaller cards,
        then smaller text, down to the minimum (then the last lines are clipped)."""
        body = theme.size_of("body", window_h)
        small = theme.size_of("small", window_h)
        width = rect.w - 24
        most = max((len(c) for _, c in self.lines()), default=1)
        widest = max(16, math.floor(width / (1 + STEP * max(0, most - 1))))
        for size in dict.fromkeys((body, small, 13)):
            for cw in range(min(max_cw, widest), 23, -2):
                if self._measure(width, size, cw) <= rect.h:
                    return size, cw
        return 13, 24

    def draw(self, surface: pygame.Surface) -> None:
        L, _ = self.table.current_layout()
        body = theme.size_of("body", L.window.h)
        head = theme.size_of("panel_title", L.window.h)
        rect = L.panel or L.field.inflate(-16, -8)
        theme.panel(surface, rect, alpha=240, line=theme.GOLD)
        x, y = rect.x + 12, rect.y + 8
        for part in theme.wrap("手役 Teyaku · hand combinations", head, rect.w - 24, True):
            theme.blit_text(surface, part, head, (x, y), theme.TEXT, True)
            y += round(head * 1.3)
        small = theme.size_of("small", L.window.h)
        theme.blit_text(surface, theme.fit("Paid at the end of the round.", small,
                                           rect.w - 24), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.5)
        btn = self.group.buttons[0]
        bh = round(body * 2.1)
        btn.rect = pygame.Rect(0, 0, min(240, rect.w - 24), bh)
        btn.rect.bottomright = (rect.right - 12, rect.bottom - 10)
        room = pygame.Rect(x, y, rect.w - 24, btn.rect.y - 8 - y)
        size, cw = self.fit(room, L.window.h, max(L.opp_cap_w, L.cap_w))
        lh = round(size * 1.35)
        clip = surface.get_clip()
        surface.set_clip(room.inflate(24, 4))
        for text, cards in self.lines():
            color = theme.TEXT if cards else theme.TEXT_DIM
            for part in theme.wrap(text, size, room.w):
                theme.blit_text(surface, part, size, (x, y), color)
                y += lh
            if cards:
                cx = x
                for c in cards:
                    self.table.tv.renderer.draw(surface, c, (cx, y), cw)
                    cx += round(cw * STEP)
                y += height_of(cw) + 8
            y += 4
        surface.set_clip(clip)
        self.group.draw(surface, body)

"""Teyaku reveal (TABLE.md §5.5): who claimed what, with the cards shown, before play starts.

Docked like a decision panel (TABLE.md §4.6): at the top of the sidebar, or at the right of
the field band, which makes room, so no card of the table is covered. Its text and cards
shrink until every holder fits. The table's keys keep working under it (F1, L, C, the top-bar
buttons); Escape pauses, Enter or Continue plays on. Amounts are the engine's.
"""

from __future__ import annotations

import math

import pygame

from game.engine.vocab import Category
from game.i18n import _
from game.play.present import claim_lines
from game.play.terms import category_short, category_term
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.layout import MIN_FACE_W, height_of
from game.ui.scene import Scene

AUTO = 2.5  # seconds a reveal stays when only computers sit at the table
QUIET = 1.2  # seconds a reveal with no claim at all stays: a beat, then play (issue 23)
STEP = 0.55  # a holder's cards overlap so each shows its left 55 %


class TeyakuScene(Scene):
    transparent = True
    name = "teyaku"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.t = 0.0
        self.group = ButtonGroup([Button(_("Continue ⏎"), self.close, "primary")])
        # nobody to read it, or nothing to read: it passes by itself
        nobody_claims = not any(c.items for c in table.shown_view.claims.values())
        here = table.session.local_humans  # phones read the claims on their own pages
        self.auto = not here or nobody_claims
        self.stay = AUTO if not here else QUIET
        self._fit_key: tuple | None = None
        self._fit: tuple[int, int, bool] = (13, 24, True)
        self.text_size = 0  # the holders' text size last drawn (tests)
        table.tv.dock = "teyaku"  # the table reserves the panel rect for us

    def relabel(self) -> None:
        self.group.buttons[0].label = _("Continue ⏎")

    def close(self) -> None:
        self.app.stack.pop(self)

    def shutdown(self) -> None:
        self.table.tv.dock = None

    def update(self, dt: float) -> None:
        self.t += dt
        self.table.stage.reflow(dt)
        if self.auto and self.t >= self.stay * max(0.1, self.app.settings.speed_factor):
            self.close()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.CONFIRM:
            self.close()
            return True
        if intent is Intent.BACK and not self.table.tv.drawer_open:
            self.table.open_pause()
            return True
        if self.table.input.asks_fast_forward(event, intent):
            self.close()  # the banner's F works while the reveal is docked too
            self.table.fast_forward()
            return True
        if self.group.handle(event, intent):
            return True
        if self.table.chrome.global_input(event, intent):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def lines(self) -> list[tuple[str, list[str]]]:
        """Each holder's line and cards shown (game.play.present.claim_lines)."""
        session = self.table.session
        voidable = Category.TEYAKU in session.rs.special_voids()
        return [(text, cards) for _seat, text, cards in
                claim_lines(self.table.shown_view, session.names(), voidable)]

    def _measure(self, width: int, text_size: int, cw: int, beside: bool) -> int:
        """Height of the holders' block at this text size and card width; `beside` puts a
        holder's cards at the left of its text instead of under it."""
        lh = round(text_size * 1.35)
        h = 0
        for text, cards in self.lines():
            fan = self._fan_w(len(cards), cw) + 10 if (cards and beside) else 0
            text_h = len(theme.wrap(text, text_size, width - fan)) * lh
            if cards:
                text_h = max(text_h, height_of(cw)) if beside else text_h + height_of(cw) + 6
            h += text_h + 6
        return h

    @staticmethod
    def _fan_w(n: int, cw: int) -> int:
        return round(cw + max(0, n - 1) * STEP * cw) if n else 0

    def fit(self, rect: pygame.Rect, window_h: int, max_cw: int) -> tuple[int, int, bool]:
        """(text size, card width, beside) that fit every holder in `rect`: the largest
        text, from the body size down one pixel at a time, at which the cards stay readable
        (at least MIN_FACE_W wide, or 60 % of the table's); only then smaller cards (down
        to 24 px); the cards beside the text before smaller text. At 200 % the text grows
        with the table's instead of dropping straight to 13 px (issue 23). Cached: it is
        asked every frame and the answer changes only with the rect and the words."""
        body = theme.size_of("body", window_h)
        lines = tuple((text, len(cards)) for text, cards in self.lines())
        key = (rect.size, body, max_cw, lines)
        if self._fit_key != key:
            self._fit_key, self._fit = key, self._search(rect, body, max_cw)
        return self._fit

    def _search(self, rect: pygame.Rect, body: int, max_cw: int) -> tuple[int, int, bool]:
        most = max((len(c) for _, c in self.lines()), default=1)
        widest = max(16, math.floor(rect.w / (1 + STEP * max(0, most - 1))))
        readable = min(max_cw, max(MIN_FACE_W, round(0.6 * max_cw)))
        for least in dict.fromkeys((readable, 24)):
            for size in range(body, 12, -1):
                for beside in (False, True):
                    top = min(max_cw, widest if not beside else widest // 2)
                    if top < least or self._measure(rect.w, size, least, beside) > rect.h:
                        continue
                    cw = next(c for c in (*range(top, least, -2), least)
                              if self._measure(rect.w, size, c, beside) <= rect.h)
                    return size, cw, beside
        return 13, 24, True

    def draw(self, surface: pygame.Surface) -> None:
        L, _seating = self.table.current_layout()
        with theme.table_text(L.text):  # docked on the table: its text size (issue 23)
            self._draw(surface, L)

    def _draw(self, surface: pygame.Surface, L) -> None:  # noqa: ANN001 - Layout
        body = theme.size_of("body", L.window.h)
        head = theme.size_of("panel_title", L.window.h)
        rect = L.panel or L.field.inflate(-16, -8)
        theme.panel(surface, rect, alpha=240, line=theme.GOLD)
        x, y = rect.x + 12, rect.y + 8
        # one row: the title, and Continue at the right (the text says when each is paid)
        btn = self.group.buttons[0]
        bh = round(body * 1.9)
        bw = min(theme.text_width(btn.label, body, True) + 28, rect.w // 2)
        btn.rect = pygame.Rect(rect.right - 10 - bw, rect.y + 8, bw, bh)
        room_w = btn.rect.x - x - 8
        # the heading by the term style, shorter where the room is short (issue 23)
        full, short = category_term(Category.TEYAKU), category_short(Category.TEYAKU)
        small = theme.size_of("small", L.window.h)  # beside Continue, smaller, before a line
        heading = next(((t, z) for t, z in ((full, head), (short, head), (short, body),
                                            (short, small))
                        if theme.text_width(t, z, True) <= room_w), None)
        y = btn.rect.bottom + 8
        if heading is not None:
            theme.blit_text(surface, heading[0], heading[1], (x, btn.rect.centery), theme.TEXT,
                            True, "midleft")
        else:  # a long translation ("Hand combinations"): its own line, whole, below
            title = short if theme.text_width(short, body, True) <= rect.w - 24 else \
                theme.fit(short, body, rect.w - 24, True)
            y = theme.blit_text(surface, title, body, (x, y - 4), theme.TEXT, True).bottom + 6
        room = pygame.Rect(x, y, rect.w - 24, rect.bottom - 6 - y)
        size, cw, beside = self.fit(room, L.window.h, max(L.opp_cap_w, L.cap_w))
        self.text_size = size
        lh = round(size * 1.35)
        clip = surface.get_clip()
        surface.set_clip(room.inflate(24, 4))
        for text, cards in self.lines():
            color = theme.TEXT if cards else theme.TEXT_DIM
            fan = self._fan_w(len(cards), cw) + 10 if (cards and beside) else 0
            top = y
            for part in theme.wrap(text, size, room.w - fan):
                theme.blit_text(surface, part, size, (x + fan, y), color)
                y += lh
            if cards:
                cx, cy = x, (top if beside else y)
                for c in cards:
                    self.table.tv.renderer.draw(surface, c, (cx, cy), cw)
                    cx += round(cw * STEP)
                y = max(y, top + height_of(cw)) if beside else y + height_of(cw) + 6
            y += 6
        surface.set_clip(clip)
        self.group.draw(surface, body)
        self.table.chrome.draw_top(surface, L)  # an open log drawer stays on top

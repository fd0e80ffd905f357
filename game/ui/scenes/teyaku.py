"""Teyaku reveal (TABLE.md §5.5): who claimed what, with the cards shown, before play starts.

A strip over the field band (the rest of the table stays visible). Amounts are the engine's
(per opponent at ×1, then the round's multiplier); they are settled at round end.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.terms import term
from game.ui.theme import Button, ButtonGroup

AUTO = 2.5


class TeyakuScene(Scene):
    transparent = True
    name = "teyaku"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.t = 0.0
        self.group = ButtonGroup([Button("Continue ⏎", self.close, "primary")])
        self.auto = not table.session.humans

    def close(self) -> None:
        self.app.stack.pop(self)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.auto and self.t >= AUTO * max(0.1, self.app.settings.speed_factor):
            self.close()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent in (Intent.CONFIRM, Intent.BACK):
            self.close()
            return True
        if self.group.handle(event, intent):
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
            items = ", ".join(f"{term(k)} ({amt} mon × {v.multiplier} from each opponent)"
                              for k, amt in c.items.items())
            out.append((f"{names[s]}: {items}", list(c.cards)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        L, _ = self.table.current_layout()
        body = theme.size_of("body", L.window.h)
        head = theme.size_of("panel_title", L.window.h)
        rect = L.field.inflate(-16, -8)
        theme.panel(surface, rect, alpha=235, line=theme.GOLD)
        x, y = rect.x + 14, rect.y + 10
        theme.blit_text(surface, "手役 Teyaku · hand combinations (settled at round end)", head,
                        (x, y), theme.TEXT, True)
        y += round(head * 1.5)
        cw = max(24, L.opp_cap_w)
        for text, cards in self.lines():
            lines = theme.wrap(text, body, rect.w - 28 - len(cards) * (cw // 2 + 2) - cw)
            for part in lines[:2]:
                theme.blit_text(surface, part, body, (x, y), theme.TEXT)
                y += round(body * 1.35)
            if cards:
                cx = x
                for c in cards:
                    self.table.tv.renderer.draw(surface, c, (cx, y), cw)
                    cx += round(cw * 0.55)
                y += round(cw * 53 / 32) + 6
        btn = self.group.buttons[0]
        btn.rect = pygame.Rect(0, 0, 220, round(body * 2.1))
        btn.rect.bottomright = (rect.right - 12, rect.bottom - 10)
        self.group.draw(surface, body)

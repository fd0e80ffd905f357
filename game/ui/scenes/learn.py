"""Learn 88 (issue 13): the curriculum's nine tiers as a path. Each tier says what it adds
and what to practise, in the curriculum's own words (TIER_NAMES, TIER_PRACTICE), starts a
game at that tier (you + two Beginners), and shows ✓ once the player finished a game there."""

from __future__ import annotations

import pygame

from game import progress
from game.engine.rulesets.curriculum import TIER_NAMES, TIER_PRACTICE
from game.ui import theme
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.theme import Button, ButtonGroup


def tier_card(tier: int) -> tuple[str, str]:
    """(title, words) of a tier's "New in this tier" card, from the curriculum itself."""
    return (f"Tier {tier} · New in this tier: {TIER_NAMES[tier]}",
            f"Practise: {TIER_PRACTICE[tier]}.")


def next_tier_words(tier: int) -> str | None:
    """The result screen's offer of the following tier, or None after the last."""
    if tier + 1 not in TIER_NAMES:
        return None
    return f"Next: tier {tier + 1} adds {TIER_NAMES[tier + 1]}"


class LearnScene(Scene):
    name = "learn"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.done = progress.load(app.paths)
        self.group = ButtonGroup([Button(f"Start tier {t}", (lambda t=t: self.start(t)))
                                  for t in TIER_NAMES] + [Button("Back", self.back)])

    def start(self, tier: int) -> None:
        from game.ui.scenes.tour import start_tier

        start_tier(self.app, tier)

    def back(self) -> None:
        self.app.stack.pop(self)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.back()
            return True
        return self.group.handle(event, intent)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        head = theme.size_of("heading", H)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        x0 = round(W * 0.05)
        theme.blit_text(surface, "Learn 88", head, (x0, round(H * 0.03)), theme.GOLD, True)
        theme.blit_text(surface, "Nine tiers, each adding one part of the full game. "
                        "✓ marks a tier you finished a game at.", small,
                        (x0, round(H * 0.03) + round(head * 1.4)), theme.TEXT_DIM)
        top = round(H * 0.03) + round(head * 1.4) + round(small * 2)
        row_h = (H - top - round(body * 3.4)) // len(TIER_NAMES)
        bw = max(150, round(W * 0.14))
        for i, tier in enumerate(TIER_NAMES):
            y = top + i * row_h
            rect = pygame.Rect(x0, y, W - 2 * x0, row_h - 6)
            theme.panel(surface, rect, **({"line": theme.GOLD} if tier in self.done else {}))
            mark = "✓" if tier in self.done else str(tier)
            theme.blit_text(surface, mark, head, (rect.x + 14, rect.centery), theme.GOLD, True,
                            "midleft")
            title, words = tier_card(tier)
            tx = rect.x + 14 + round(head * 1.6)
            inner = rect.w - (tx - rect.x) - bw - 30
            theme.blit_text(surface, theme.fit(title, body, inner, True), body,
                            (tx, rect.y + 4), theme.TEXT, True)
            theme.blit_text(surface, theme.fit(words, small, inner), small,
                            (tx, rect.y + 6 + round(body * 1.3)), theme.TEXT_DIM)
            b = self.group.buttons[i]
            b.rect = pygame.Rect(rect.right - bw - 10, rect.y + 4, bw, rect.h - 8)
        back = self.group.buttons[-1]
        back.rect = pygame.Rect(x0, H - round(body * 2.8), bw, round(body * 2.2))
        self.group.draw(surface, small)

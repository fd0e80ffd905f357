"""First run and the guided first game (issue 13): the welcome, the five coach marks over
the table, and the stop after three rounds.

The tour points at the table's own rectangles (game.ui.layout through the table scene), and
every number it says comes from the engine's view (the par from `view.par`)."""

from __future__ import annotations

import random

import pygame

from game import settings as settings_mod
from game.ui import theme
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.scenes.overlay import OverlayScene
from game.ui.theme import Button, ButtonGroup

GUIDED_ROUNDS = 3  # the guided game asks to go on after this many rounds


def beginner_seats() -> list:
    """You and two Beginner computers: the seats of every teaching game."""
    import ai
    from game.ui.session import SeatSpec

    beginner = next(agent for level, agent, _ in ai.LEVELS if level == "Beginner")
    return [SeatSpec("You", "human"), SeatSpec("Hana", f"ai:{beginner}"),
            SeatSpec("Kiku", f"ai:{beginner}")]


def start_tier(app, tier: int, guided: bool = False) -> object:  # noqa: ANN001
    """Start a curriculum game at `tier` (you + two Beginners) and return its table scene."""
    from game.ui.scenes.table import TableScene
    from game.ui.session import GameSession

    session = GameSession("curriculum", {"tier": tier}, beginner_seats(),
                          random.getrandbits(48))
    if guided:
        session.guided_stop = GUIDED_ROUNDS
        levels = getattr(settings_mod, "HINT_LEVELS", {})
        if getattr(app.settings, "hints", None) == "off" and "watch" in levels:
            app.settings.hints = "watch"  # hints on for the guided game
            app.apply_settings()
    table = TableScene(app, session)
    app.stack.reset(table)
    if guided:
        app.stack.push(TourScene(app, table))
    return table


def _seen(app) -> None:  # noqa: ANN001
    app.settings.welcome_seen = True
    if app.paths is not None:
        settings_mod.save(app.paths, app.settings)


class WelcomeScene(OverlayScene):
    """Shown once over the title; Settings → Show welcome again brings it back."""

    name = "welcome"
    width_frac = 0.46

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "Welcome to Hachi-Hachi", [
            "Hachi-Hachi is played with hanafuda, the Japanese flower cards: twelve months "
            "of four cards each. You match cards of the same month to capture them.",
            "New to it? A guided first game shows you the table step by step, against two "
            "gentle computer players."], [
            Button("Teach me to play", self.teach, "primary"),
            Button("I know hanafuda", self.skip)])

    def on_back(self) -> None:
        self.skip()

    def teach(self) -> None:
        _seen(self.app)
        self.app.stack.pop(self)
        start_tier(self.app, 1, guided=True)

    def skip(self) -> None:
        _seen(self.app)
        self.app.stack.pop(self)


def tour_steps(view, viewer: int) -> list[tuple[str, str, str]]:  # noqa: ANN001
    """(layout rect name, title, words) for the five coach marks; numbers from the view."""
    par = view.par[viewer] if viewer < len(view.par) else None
    par_words = (f"At the end of the round your captured cards are counted; you need "
                 f"{par} card points to break even, and every point above it wins."
                 if par is not None else
                 "At the end of the round your captured cards are counted against the par.")
    return [
        ("hand", "Your hand",
         "These are your cards. On your turn you play one of them to the field."),
        ("field", "The field and matching",
         "A card you play captures a field card of the same month. With no match it stays "
         "on the field."),
        ("pile", "The draw pile",
         "After you play, the top card of the pile is turned over and matches the same way."),
        ("captures", "Your captures and 88", par_words),
        ("top_bar", "Hints and help",
         "Hints show good plays when they are on. Press F1 or open the menu for the rules "
         "and the cards at any time."),
    ]


class TourScene(Scene):
    """Five coach marks over the table: each outlines its rect; Next, Skip or Esc."""

    transparent = True
    name = "tour"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.step = 0
        self.group = ButtonGroup([Button("Next", self.next, "primary"),
                                  Button("Skip", self.skip)], vertical=False)

    def steps(self) -> list[tuple[str, str, str]]:
        return tour_steps(self.table.session.view(self.table.viewer), self.table.viewer)

    def target(self) -> pygame.Rect:
        L, _ = self.table.current_layout()
        return pygame.Rect(getattr(L, self.steps()[self.step][0]))

    def update(self, dt: float) -> None:
        """Let the table deal under the first coach mark, so the hand and the par are
        there to point at; it stops at the first decision (the tour is modal)."""
        view = self.table.session.view(self.table.viewer)
        if view.par[self.table.viewer] is None or self.table.pending or \
                self.table.tv.anim.running:
            self.table.update(dt)


    def next(self) -> None:
        self.step += 1
        if self.step >= len(self.steps()):
            self.skip()
        else:
            self.group.buttons[0].label = "Done" if self.step == len(self.steps()) - 1 \
                else "Next"

    def skip(self) -> None:
        self.app.stack.pop(self)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.skip()
            return True
        if self.group.handle(event, intent):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # modal

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        key, title, words = self.steps()[self.step]
        r = self.target()
        theme.dim(surface, 90)
        pygame.draw.rect(surface, theme.GOLD, r.inflate(8, 8), 4, border_radius=8)
        body = theme.size_of("body", H)
        head = theme.size_of("heading", H)
        w = max(380, round(W * 0.34))
        lines = theme.wrap(words, body, w - 40)
        h = 20 + round(head * 1.5) + len(lines) * round(body * 1.4) + round(body * 2.4) + 30
        box = pygame.Rect(0, 0, w, h)
        # the card sits beside its target: above it when there is room, else below
        box.centerx = min(max(r.centerx, w // 2 + 10), W - w // 2 - 10)
        box.bottom = r.top - 40
        if box.top < 10:
            box.top = min(r.bottom + 40, H - h - 10)
        if box.colliderect(r):  # a tall target: beside it
            box.top = max(10, min(r.centery - h // 2, H - h - 10))
            box.left = r.right + 40 if r.right + 40 + w < W else max(10, r.left - 40 - w)
        theme.panel(surface, box, alpha=245, line=theme.GOLD)
        # the arrow from the card to its target
        start = (box.centerx, box.bottom if box.bottom <= r.top else box.top)
        end = (min(max(box.centerx, r.left + 10), r.right - 10),
               r.top - 6 if box.bottom <= r.top else r.bottom + 6)
        if box.colliderect(r.inflate(0, 0)) or box.top >= r.bottom or box.bottom <= r.top:
            pygame.draw.line(surface, theme.GOLD, start, end, 4)
            pygame.draw.circle(surface, theme.GOLD, end, 7)
        x, y = box.x + 20, box.y + 14
        theme.blit_text(surface, f"{self.step + 1}/{len(self.steps())}  {title}", head, (x, y),
                        theme.GOLD, True)
        y += round(head * 1.5)
        for line in lines:
            theme.blit_text(surface, line, body, (x, y), theme.TEXT)
            y += round(body * 1.4)
        bh = round(body * 2.2)
        bw = (w - 50) // 2
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x + i * (bw + 10), box.bottom - 14 - bh, bw, bh)
        self.group.draw(surface, body)
        self.key = key


class GuidedStopScene(OverlayScene):
    """After three guided rounds: go on with this year, or stop (Continue keeps the game)."""

    name = "guided_stop"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "Three rounds played", [
            "That is the guided part. You can play the rest of this year now, or stop here: "
            "the game is saved, and Continue on the title picks it up."], [
            Button("Keep playing this year", self.close, "primary"),
            Button("Stop here", self.stop)])

    def stop(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

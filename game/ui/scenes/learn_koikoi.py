"""Learn Koi-Koi (issue 47): four lessons as a path, opened from Learn 88's "Koi-Koi lessons".
Each row says what the lesson teaches (game.play.lessons: our words, the engine's numbers)
and starts its practice game: Koi-Koi, you against one Beginner, of the lesson's length."""

from __future__ import annotations

import random

import pygame

from game.i18n import _, pgettext
from game.play.lessons import KOIKOI_LESSONS, RULESET, Lesson, lesson_practice, lesson_words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.scenes.page import PageScene


def koikoi_seats() -> list:
    """You and one Beginner: Koi-Koi is a game for two."""
    from game.ui.scenes.tour import beginner_seats

    return beginner_seats()[:2]


def start_lesson(app, lesson: Lesson) -> None:  # noqa: ANN001
    """Start the lesson's practice game, after asking whether a saved game may go."""
    from game.ui.scenes.new_game import start_new_game

    start_new_game(app, lambda: _begin(app, lesson))


def _begin(app, lesson: Lesson) -> object:  # noqa: ANN001
    from game.play.session import GameSession
    from game.ui.scenes.table import TableScene

    session = GameSession(RULESET, {"rounds": lesson.rounds}, koikoi_seats(),
                          random.getrandbits(48))
    session.lesson = lesson_key(lesson)  # its ✓ once the game ends (ResultScene)
    table = TableScene(app, session)
    app.stack.reset(table)
    return table


def lesson_key(lesson: Lesson) -> str:
    """The lesson's key in the progress file and in its game's record."""
    return f"{RULESET}-{lesson.key}"


class LearnKoiKoiScene(PageScene):
    name = "learn_koikoi"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        from game import progress

        self.done = progress.lessons(app.paths)
        self.group = ButtonGroup([Button(self._start_label(i), (lambda les=les: self.start(les)))
                                  for i, les in enumerate(KOIKOI_LESSONS, 1)]
                                 + [Button(pgettext("button", "Back"), self.back)])
        below = getattr(app.stack.top, "group", None)
        self.group.show_focus = bool(getattr(below, "show_focus", False))

    @staticmethod
    def _start_label(n: int) -> str:
        return _("Start lesson {n}").format(n=n)

    def relabel(self) -> None:
        for i, b in enumerate(self.group.buttons[:-1], 1):
            b.label = self._start_label(i)
        self.group.buttons[-1].label = pgettext("button", "Back")

    def start(self, lesson: Lesson) -> None:
        start_lesson(self.app, lesson)

    @staticmethod
    def button_w(W: int) -> int:
        return max(150, round(W * 0.14))

    def rows(self, W: int, H: int) -> list[tuple[pygame.Rect, str, list[str]]]:
        """(row rect, heading, lines) per lesson: its words wrapped, then its practice; the
        words get smaller text only when the four rows would not fit."""
        head, body, small = (theme.size_of(r, H) for r in ("heading", "body", "small"))
        x0 = round(W * 0.05)
        top = round(H * 0.03) + round(head * 1.4) + round(small * 2)
        room = H - round(body * 3.4) - top
        inner = W - 2 * x0 - 14 - round(head * 1.6) - self.button_w(W) - 30
        gap, pad = 6, 6
        texts = []
        for i, les in enumerate(KOIKOI_LESSONS, 1):
            words = theme.wrap(lesson_words(les), small, inner)
            title = _("Lesson {n} · {name}").format(n=i, name=_(les.title))
            if lesson_key(les) in self.done:
                title += " ✓"  # a game of it was played to its end
            texts.append((title, [*words, lesson_practice(les)]))
        line_h = round(small * 1.3)
        need = sum(2 * pad + round(body * 1.3) + line_h * len(ls) + gap for _t, ls in texts)
        extra = max(0, room - need) // len(texts)
        out, y = [], top
        for title, ls in texts:
            h = 2 * pad + round(body * 1.3) + line_h * len(ls) + extra
            out.append((pygame.Rect(x0, y, W - 2 * x0, h), title, ls))
            y += h + gap
        return out

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        head, body, small = (theme.size_of(r, H) for r in ("heading", "body", "small"))
        x0 = round(W * 0.05)
        theme.blit_text(surface, _("Learn Koi-Koi"), head, (x0, round(H * 0.03)), theme.GOLD,
                        True)
        theme.blit_text(surface, theme.fit(_("Koi-Koi is for two players. Four lessons, each "
                                             "with a practice game against a Beginner."),
                                           small, W - 2 * x0), small,
                        (x0, round(H * 0.03) + round(head * 1.4)), theme.TEXT_DIM)
        bw = self.button_w(W)
        for i, (rect, title, lines) in enumerate(self.rows(W, H)):
            theme.panel(surface, rect)
            theme.blit_text(surface, str(i + 1), head, (rect.x + 14, rect.centery), theme.GOLD,
                            True, "midleft")
            tx = rect.x + 14 + round(head * 1.6)
            inner = rect.w - (tx - rect.x) - bw - 30
            text_h = round(body * 1.3) + round(small * 1.3) * len(lines)
            y = rect.y + (rect.h - text_h) // 2
            theme.blit_text(surface, theme.fit(title, body, inner, True), body, (tx, y),
                            theme.TEXT, True)
            y += round(body * 1.3)
            for j, line in enumerate(lines):
                colour = theme.MATCH if j == len(lines) - 1 else theme.TEXT_DIM
                theme.blit_text(surface, theme.fit(line, small, inner), small, (tx, y), colour)
                y += round(small * 1.3)
            b = self.group.buttons[i]
            b.rect = pygame.Rect(rect.right - bw - 10, rect.centery - round(body * 1.1), bw,
                                 round(body * 2.2))
        back = self.group.buttons[-1]
        back.rect = pygame.Rect(x0, H - round(body * 2.8), bw, round(body * 2.2))
        self.group.draw(surface, small)

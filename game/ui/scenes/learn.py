"""Learn 88 (issue 13): the curriculum's nine tiers as a path. Each tier says what it adds
and what to practise, in the curriculum's own words (TIER_NAMES, TIER_PRACTICE), starts a
game at that tier (you + two Beginners), and shows ✓ once the player finished a game there."""

from __future__ import annotations

import pygame

from game import progress
from game.engine.rulesets.curriculum import TIER_NAMES, TIER_PRACTICE
from game.i18n import _, pgettext
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.list_focus import ListFocus
from game.ui.scenes.page import PageScene


def tier_card(tier: int) -> tuple[str, str]:
    """(title, words) of a tier's "New in this tier" card, from the curriculum itself."""
    return (_("Tier {n} · New in this tier: {name}").format(n=tier, name=_(TIER_NAMES[tier])),
            _("Practise: {what}.").format(what=_(TIER_PRACTICE[tier])))


def tier_row(tier: int) -> tuple[str, str]:
    """(heading, words) of a tier's row on the Learn path: "Tier 5 · Teyaku" (the screen's
    subtitle says once that each tier adds its part), then what to practise."""
    return (_("Tier {n} · {name}").format(n=tier, name=_(TIER_NAMES[tier])),
            tier_card(tier)[1])


def next_tier_words(tier: int) -> str | None:
    """The result screen's offer of the following tier, or None after the last."""
    if tier + 1 not in TIER_NAMES:
        return None
    return _("Next: tier {n} adds {name}").format(n=tier + 1, name=_(TIER_NAMES[tier + 1]))


class LearnScene(PageScene):
    name = "learn"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.done = progress.load(app.paths)
        self.group = ButtonGroup([Button(_("Start tier {n}").format(n=t),
                                         (lambda t=t: self.start(t))) for t in TIER_NAMES]
                                 + [Button(_("Koi-Koi lessons"), self.koikoi),
                                    Button(pgettext("button", "Back"), self.back)])
        # reached with the keyboard (the title showed its focus ring): show ours at once
        below = getattr(app.stack.top, "group", None)
        self.group.show_focus = bool(getattr(below, "show_focus", False))
        # the tiers on screen when the nine rows do not fit (large UI scale): the focused
        # tier always among them, the wheel scrolls them (game.ui.list_focus)
        self.window = ListFocus(len(TIER_NAMES))
        self.more = False  # some tiers are out of view: say how to reach them

    def resume(self) -> None:
        notice = progress.take_notice(self.app.paths)  # a damaged learn.json set aside: told once
        if notice:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Learn 88"), notice))

    def relabel(self) -> None:
        """The buttons' words again in the language now in use."""
        for b, t in zip(self.group.buttons, TIER_NAMES, strict=False):
            b.label = _("Start tier {n}").format(n=t)
        self.group.buttons[-2].label = _("Koi-Koi lessons")
        self.group.buttons[-1].label = pgettext("button", "Back")

    def koikoi(self) -> None:
        """The Koi-Koi path (issue 47): a game of its own, learnt in four lessons."""
        from game.ui.scenes.learn_koikoi import LearnKoiKoiScene

        self.app.stack.push(LearnKoiKoiScene(self.app))

    def start(self, tier: int) -> None:
        from game.ui.scenes.tour import start_tier

        start_tier(self.app, tier)

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The wheel scrolls the rows that do not fit; a focused tier comes along."""
        if event.type != pygame.MOUSEWHEEL:
            return False
        self.window.wheel(event.y)
        if 0 <= self.group.index < len(TIER_NAMES):
            self.group.index = self.window.index
        return True

    def rows(self, W: int, H: int) -> list[tuple[pygame.Rect, str, list[str]]]:
        """(row rect, title, practise lines) per tier: a practise line too long for its row
        wraps to a second line while the nine rows and Back still fit the window, and only
        then is cut with "…"."""
        head, body, small = (theme.size_of(r, H) for r in ("heading", "body", "small"))
        x0 = round(W * 0.05)
        top = round(H * 0.03) + round(head * 1.4) + round(small * 2)
        room = H - round(body * 3.4) - top  # Back sits below the rows
        gap, pad, small_h = 6, 5, round(small * 1.3)
        inner = W - 2 * x0 - 14 - round(head * 1.6) - self.button_w(W) - 30
        texts = [tier_row(t) for t in TIER_NAMES]
        wrapped = [theme.wrap(words, small, inner) for _t, words in texts]
        base = 2 * pad + round(body * 1.3) + small_h
        used = len(texts) * (base + gap)
        lines: list[list[str]] = []
        for parts in wrapped:  # a second line where it is needed and there is room for it
            if len(parts) > 1 and used + small_h <= room:
                used += small_h
                rest = " ".join(parts[1:])
                lines.append([parts[0], theme.fit(rest, small, inner)])
            else:
                lines.append([theme.fit(" ".join(parts), small, inner)])
        extra = max(0, room - used) // len(texts)  # spare height: spread over the rows
        # rows that do not fit (large UI scale) are shown a window at a time, the focused
        # tier always in it; the others get no place on screen (issue 15)
        fit = max(1, (room - small_h) // (base + gap)) if used > room else len(texts)
        if 0 <= self.group.index < len(texts):  # Back focused: the window stays
            self.window.choose(self.group.index)
        shown = self.window.fit(fit)
        out, y = [], top
        for i, ((title, _w), ls) in enumerate(zip(texts, lines, strict=True)):
            h = base + small_h * (len(ls) - 1) + extra
            if i not in shown:
                out.append((pygame.Rect(-10 * W, -10 * H, W - 2 * x0, h), title, ls))
                continue
            out.append((pygame.Rect(x0, y, W - 2 * x0, h), title, ls))
            y += h + gap
        self.more = fit < len(texts)
        return out

    @staticmethod
    def button_w(W: int) -> int:
        return max(150, round(W * 0.14))

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        head = theme.size_of("heading", H)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        x0 = round(W * 0.05)
        theme.blit_text(surface, _("Learn 88"), head, (x0, round(H * 0.03)), theme.GOLD, True)
        theme.blit_text(surface, theme.fit(_("Nine tiers, each adding one part of the full "
                                             "game. ✓ marks a tier you finished a game at."),
                                           small, W - 2 * x0), small,
                        (x0, round(H * 0.03) + round(head * 1.4)), theme.TEXT_DIM)
        bw = self.button_w(W)
        rows = self.rows(W, H)
        kw = max(bw, theme.text_width(self.group.buttons[-2].label, small) + 40)
        if self.more:  # left of the Koi-Koi lessons button
            theme.blit_text(surface, _("↑/↓ or wheel: more rows"), small,
                            (W - x0 - kw - 12, H - round(body * 1.7)), theme.TEXT_DIM, False,
                            "midright")
        for i, (tier, (rect, title, lines)) in enumerate(zip(TIER_NAMES, rows, strict=True)):
            theme.panel(surface, rect, **({"line": theme.GOLD} if tier in self.done else {}))
            mark = "✓" if tier in self.done else str(tier)
            theme.blit_text(surface, mark, head, (rect.x + 14, rect.centery), theme.GOLD, True,
                            "midleft")
            tx = rect.x + 14 + round(head * 1.6)
            inner = rect.w - (tx - rect.x) - bw - 30
            text_h = round(body * 1.3) + round(small * 1.3) * len(lines)
            y = rect.y + (rect.h - text_h) // 2  # the words centred in their row
            theme.blit_text(surface, theme.fit(title, body, inner, True), body, (tx, y),
                            theme.TEXT, True)
            y += round(body * 1.3)
            for line in lines:
                theme.blit_text(surface, line, small, (tx, y), theme.TEXT_DIM)
                y += round(small * 1.3)
            b = self.group.buttons[i]
            b.rect = pygame.Rect(rect.right - bw - 10, rect.y + 5, bw, rect.h - 10)
        back = self.group.buttons[-1]
        back.rect = pygame.Rect(x0, H - round(body * 2.8), bw, round(body * 2.2))
        koikoi = self.group.buttons[-2]  # the other game's lessons, at the foot's right
        koikoi.rect = pygame.Rect(W - x0 - kw, back.rect.y, kw, back.rect.h)
        self.group.draw(surface, small)

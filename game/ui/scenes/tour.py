"""First run and the guided first game (issue 13): the welcome, the five coach marks over
the table, and the stop after three rounds.

The tour points at the table's own rectangles (game.ui.layout through the table scene), and
every number it says comes from the engine's view (the par from `view.par`)."""

from __future__ import annotations

import functools
import random

import pygame

from game import i18n
from game import settings as settings_mod
from game.engine.state import DEAL
from game.i18n import _, pgettext
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.scenes.overlay import OverlayScene

GUIDED_ROUNDS = 3  # the guided game asks to go on after this many rounds
HINT_TARGET = "hint"  # the last coach mark points at the table's Hint button, not a layout rect


def beginner_seats() -> list:
    """You and two Beginner computers: the seats of every teaching game."""
    import ai
    from game.play.session import SeatSpec

    beginner = next(agent for level, agent, _ in ai.LEVELS if level == "Beginner")
    return [SeatSpec(_("You"), "human"), SeatSpec("Hana", f"ai:{beginner}"),
            SeatSpec("Kiku", f"ai:{beginner}")]


def start_tier(app, tier: int, guided: bool = False) -> None:  # noqa: ANN001
    """Start a curriculum game at `tier` (you + two Beginners), after asking whether a
    saved game may be replaced."""
    from game.ui.scenes.new_game import start_new_game

    start_new_game(app, lambda: _begin_tier(app, tier, guided))


def _begin_tier(app, tier: int, guided: bool) -> object:  # noqa: ANN001
    from game.play.session import GameSession
    from game.ui.scenes.table import TableScene

    session = GameSession("curriculum", {"tier": tier}, beginner_seats(),
                          random.getrandbits(48))
    if guided:  # a lesson opens on a round to play, never on a misdeal's ledger
        for _ in range(64):
            probe = GameSession("curriculum", {"tier": tier}, beginner_seats(), session.seed)
            probe.deal()
            if probe.st.phase != DEAL:
                break
            session = GameSession("curriculum", {"tier": tier}, beginner_seats(),
                                  random.getrandbits(48))
    if guided:  # its advisor is on for this game (table_hints.game_level), not by setting
        session.guided_stop = GUIDED_ROUNDS
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
    """Shown once over the title (TABLE.md §5.1); Settings → Show welcome again brings it
    back. The player can choose the language and the UI size here before anything else:
    both take effect at once (the welcome itself re-labels), and one focus ring runs through
    every control (Tab, arrows, Enter)."""

    name = "welcome"
    width_frac = 0.5

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, *self.content())
        self.group.index = len(i18n.LANGUAGES) + 2  # Enter alone: Teach me to play

    def content(self) -> tuple[str, list[str], list[Button]]:
        current = i18n.language()
        languages = [Button(name, functools.partial(self.choose_language, code),
                            "primary" if code == current else "secondary")
                     for code, name in i18n.LANGUAGES.items()]  # each in its own language
        return _("Welcome to Hachi-Hachi"), [
            _("Hachi-Hachi is played with hanafuda, the Japanese flower cards: twelve months "
              "of four cards each. You match cards of the same month to capture them."),
            _("New to it? A guided first game shows you the table step by step, against two "
              "gentle computer players.")], [
            *languages,
            Button("−", lambda: self.step_size(-1)),
            Button("+", lambda: self.step_size(1)),
            Button(_("Teach me to play"), self.teach, "primary"),
            Button(_("I know hanafuda"), self.skip)]

    def choose_language(self, code: str) -> None:
        """Switch the whole game to `code` now (App.apply_settings re-labels every scene)."""
        self.app.settings.language = code
        self.app.apply_settings()

    def scale(self) -> int:
        """The UI size in percent as the player sees it: the setting, or when it is 0 ("from
        the display") the value the theme works out."""
        chosen = getattr(self.app.settings, "ui_scale", 0)
        if chosen:
            return chosen
        effective = getattr(theme, "ui_scale", None)
        return round(effective()) if callable(effective) else 100

    def step_size(self, step: int) -> None:
        """− / +: the next smaller or larger of settings.UI_SCALES."""
        scales = settings_mod.UI_SCALES
        now = self.scale()
        options = [v for v in scales if (v < now if step < 0 else v > now)]
        if not options:
            return
        self.app.settings.ui_scale = max(options) if step < 0 else min(options)
        self.app.apply_settings()

    def on_back(self) -> None:
        """Esc asks before it means "I know hanafuda" for good (issue 23): a player who
        only wanted the welcome out of the way keeps it for the next start."""
        from game.ui.scenes.confirm_dialog import ConfirmScene

        self.app.stack.push(ConfirmScene(
            self.app, _("Skip the welcome for good?"),
            [_("You can bring it back from Settings → Show welcome again.")],
            _("I know hanafuda"), self.skip, no=_("Back to the welcome"), style="secondary"))

    def teach(self) -> None:
        """Teach me to play: the guided game, and the advisor on for the games after it
        until the player turns it off in Settings (issue 45); a higher level stays."""
        if not self.app.settings.hints_at_least("advisor"):
            self.app.settings.hints = "advisor"
        _seen(self.app)
        self.app.stack.pop(self)
        start_tier(self.app, 1, guided=True)

    def skip(self) -> None:
        _seen(self.app)
        self.app.stack.pop(self)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent in (Intent.LEFT, Intent.RIGHT):  # along a row, like Tab
            self.group.move(-1 if intent is Intent.LEFT else 1)
            return True
        return super().process_event(event, intent)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 150)
        body = theme.size_of("body", H)
        head = theme.size_of("heading", H)
        lh = round(body * 1.4)
        btn_h = round(body * 2.1)
        small = theme.size_of("small", H)
        keys_h = round(small * 1.6)  # the keys line at the box's foot (issue 45, item 10)
        # at a large UI scale on a small window: the box widens to the window, then the
        # paragraphs' text gets smaller, so the language and size controls stay on screen
        for w, psize in [(max(460, round(W * self.width_frac)), body)] + [
                (W - 16, sz) for sz in range(body, 12, -1)]:
            inner = w - 48
            plh = round(psize * 1.4)
            paras = [theme.wrap(line, psize, inner) for line in self.lines]
            gap = plh // 3  # between paragraphs
            titles = theme.wrap(self.title, head, inner, True)
            h = (18 + len(titles) * round(head * 1.35) + 6
                 + sum(len(p) * plh + gap for p in paras) + 12
                 + 2 * (lh + btn_h + 12) + 2 * (btn_h + 10) + 16 + keys_h)
            if h <= H - 8:
                break
        h = min(h, H - 8)
        box = pygame.Rect((W - w) // 2, max(4, (H - h) // 2), w, h)
        theme.panel(surface, box, alpha=245, line=theme.GOLD)
        x, y = box.x + 24, box.y + 18
        for part in titles:
            theme.blit_text(surface, part, head, (x, y), theme.TEXT, True)
            y += round(head * 1.35)
        y += 6
        for para in paras:
            for part in para:
                theme.blit_text(surface, part, psize, (x, y), theme.TEXT)
                y += plh
            y += gap
        y += 12
        n = len(i18n.LANGUAGES)
        buttons = self.group.buttons
        theme.blit_text(surface, _("Language"), body, (x, y), theme.TEXT_DIM)
        y += lh
        bw = (inner - 10 * (n - 1)) // n
        for i, b in enumerate(buttons[:n]):
            b.rect = pygame.Rect(x + i * (bw + 10), y, bw, btn_h)
        y += btn_h + 12
        theme.blit_text(surface, _("UI size: {percent} %").format(percent=self.scale()), body,
                        (x, y + (btn_h - body) // 2), theme.TEXT)
        sw = btn_h * 2
        buttons[n].rect = pygame.Rect(x + inner - 2 * sw - 10, y, sw, btn_h)
        buttons[n + 1].rect = pygame.Rect(x + inner - sw, y, sw, btn_h)
        y += btn_h + 12 + lh
        for b in buttons[n + 2:]:
            b.rect = pygame.Rect(x, y, inner, btn_h)
            y += btn_h + 10
        self.group.draw(surface, body)
        size, keys = theme.fit_keys(_("↑/↓ choose · Enter press · Esc skip the welcome"),
                                    small, inner)  # Esc here is not the title's "quit"
        for i, part in enumerate(reversed(keys)):
            theme.blit_text(surface, part, size, (x, box.bottom - 10 - i * round(size * 1.3)),
                            theme.TEXT_DIM, False, "bottomleft")


def tour_steps(view) -> list[tuple[str, str, str]]:  # noqa: ANN001
    """(layout rect name, title, words) for the five coach marks; numbers from the view: the
    par said as "yours" is the view's own seat's (none for the public view, seat -1)."""
    par = view.par[view.seat] if 0 <= view.seat < len(view.par) else None
    par_words = (_("At the end of the round your captured cards are counted; you need "
                   "{par} card points to break even, and every point above it wins.").format(
                       par=par)
                 if par is not None else
                 _("At the end of the round your captured cards are counted against the par."))
    return [
        ("hand", _("Your hand"),
         _("These are your cards. On your turn you play one of them to the field; a gold "
           "notch marks those that can take a card there.")),
        ("field", _("The field and matching"),
         _("A card you play captures a field card of the same month. With no match it stays "
           "on the field.")),
        ("pile", _("The draw pile"),
         _("After you play, the top card of the pile is turned over and matches the same "
           "way.")),
        ("captures", _("Your captures and 88"), par_words),
        (HINT_TARGET, _("Hints and help"),
         _("On your turn, press this Hint button or H: the table marks a card and says "
           "why. Hints stay on in later games until you turn them off in Settings. "
           "F1 opens the rules.")),
    ]


def mark_box(target: pygame.Rect, w: int, h: int, W: int, H: int) -> pygame.Rect:
    """Where a coach mark's card goes: beside its target, never over it (issue 23).

    Tried in turn: above, below, right, left of the target (40 px away, or as close as the
    window allows), each kept inside the window; the first that leaves the target whole
    wins, else the one that covers the least of it."""
    gap, edge = 40, 8

    def inside(box: pygame.Rect) -> pygame.Rect:
        box.x = max(edge, min(box.x, W - w - edge))
        box.y = max(edge, min(box.y, H - h - edge))
        return box

    cx = min(max(target.centerx - w // 2, edge), W - w - edge)
    cy = min(max(target.centery - h // 2, edge), H - h - edge)
    tries = [pygame.Rect(cx, target.top - gap - h, w, h),
             pygame.Rect(cx, target.bottom + gap, w, h),
             pygame.Rect(target.right + gap, cy, w, h),
             pygame.Rect(target.left - gap - w, cy, w, h)]
    # closer than the gap when the window is tight, before covering anything
    tries += [pygame.Rect(cx, target.top - 12 - h, w, h),
              pygame.Rect(cx, target.bottom + 12, w, h),
              pygame.Rect(target.right + 12, cy, w, h),
              pygame.Rect(target.left - 12 - w, cy, w, h)]
    placed = [inside(b) for b in tries]
    for box in placed:
        if not box.colliderect(target):
            return box

    def covered(box: pygame.Rect) -> int:
        c = box.clip(target)
        return c.w * c.h

    return min(placed, key=covered)


def mark_card(target: pygame.Rect, words: str, W: int,
              H: int) -> tuple[pygame.Rect, list[str], int, int]:
    """(box, wrapped lines, text size, title size) of a coach mark: the narrowest card,
    among a few widths, whose place beside the target leaves the target whole and whose
    words all fit in the window (large text makes a narrow card tall); the small text size
    when the body size cannot; else the card that cuts least, then covers least."""
    best: tuple[tuple[int, int], pygame.Rect, list[str], int, int] | None = None
    for body, head in ((theme.size_of("body", H), theme.size_of("heading", H)),
                       (theme.size_of("small", H), theme.size_of("body", H))):
        for frac in (0.34, 0.45, 0.6, 0.8):
            w = min(W - 16, max(380, round(W * frac)))
            lines = theme.wrap(words, body, w - 40)
            h = (20 + round(head * 1.5) + len(lines) * round(body * 1.4) + round(body * 2.4)
                 + 30)
            box = mark_box(target, w, min(h, H - 16), W, H)
            c = box.clip(target)
            cut = max(0, h - (H - 16))  # a card taller than the window cuts its words
            if best is None or (cut, c.w * c.h) < best[0]:
                best = ((cut, c.w * c.h), box, lines, body, head)
            if not c.w * c.h and not cut:
                return box, lines, body, head
    assert best is not None
    return best[1], best[2], best[3], best[4]


class TourScene(Scene):
    """Five coach marks over the table: each outlines its rect; Next, Skip or Esc."""

    transparent = True
    name = "tour"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.step = 0
        self.group = ButtonGroup([Button(self._next_label(), self.next, "primary"),
                                  Button(pgettext("button", "Skip"), self.skip)], vertical=False)

    def _next_label(self) -> str:
        return _("Done") if self.step == len(self.steps()) - 1 else pgettext("button", "Next")

    def relabel(self) -> None:
        self.group.buttons[0].label = self._next_label()
        self.group.buttons[1].label = pgettext("button", "Skip")

    def steps(self) -> list[tuple[str, str, str]]:
        return tour_steps(self.table.live_view())

    def target(self) -> pygame.Rect:
        """The rect the current mark points at: a layout rect, or the Hint button as the
        table drew it last (the prompt row before it is drawn, or with no advisor)."""
        L, _seating = self.table.current_layout()
        name = self.steps()[self.step][0]
        if name == HINT_TARGET:
            button = self.table.hints.buttons.get("hint")
            return pygame.Rect(button) if button is not None else pygame.Rect(L.prompt)
        return pygame.Rect(getattr(L, name))

    def update(self, dt: float) -> None:
        """Let the table deal under the first coach mark, so the hand and the par are
        there to point at; it stops at the first decision (the tour is modal)."""
        view = self.table.live_view()  # the par is public: the bottom seat's is known to all
        if view.par[self.table.viewer] is None or self.table.pending or \
                self.table.tv.anim.running:
            self.table.update(dt)


    def next(self) -> None:
        self.step += 1
        if self.step >= len(self.steps()):
            self.skip()
        else:
            self.group.buttons[0].label = self._next_label()

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
        box, lines, body, head = mark_card(r, words, W, H)
        w = box.w
        theme.panel(surface, box, alpha=245, line=theme.GOLD)
        # the arrow from the card to its target
        start = (box.centerx, box.bottom if box.bottom <= r.top else box.top)
        end = (min(max(box.centerx, r.left + 10), r.right - 10),
               r.top - 6 if box.bottom <= r.top else r.bottom + 6)
        if box.colliderect(r.inflate(0, 0)) or box.top >= r.bottom or box.bottom <= r.top:
            pygame.draw.line(surface, theme.GOLD, start, end, 4)
            pygame.draw.circle(surface, theme.GOLD, end, 7)
        x, y = box.x + 20, box.y + 14
        theme.blit_text(surface, _("{step}/{steps}  {title}").format(
                            step=self.step + 1, steps=len(self.steps()), title=title), head, (x, y),
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
        super().__init__(app, *self.content())

    def content(self) -> tuple[str, list[str], list[Button]]:
        return _("Three rounds played"), [
            _("That is the guided part. You can play the rest of this year now, or stop "
              "here: the game is saved, and Continue on the title picks it up.")], [
            Button(_("Keep playing this year"), self.close, "primary"),
            Button(_("Stop here"), self.stop)]

    def stop(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

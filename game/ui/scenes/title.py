"""Title menu (TABLE.md §5.2): Continue (with a valid autosave), New game, Rules, Settings,
About, Quit. The autosave is checked here, so a bad one is reported once and set aside
before the player relies on it, and a finished game whose record could not be written
(a full disk) gets its record written now."""

from __future__ import annotations

import logging
import math

import pygame

from game import storage
from game.i18n import _, pgettext
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene

log = logging.getLogger(__name__)

BRIGHTS = ("crane", "curtain", "moon", "rain_man", "phoenix")
DRIFT = 0.008  # of the window height: how far a Bright floats up and down
DRIFT_PERIOD = 7.0  # seconds for one slow float
DRIFT_FPS = 10  # the float moves under a pixel a step at this pace: smooth, and cheap


def drift(t: float, i: int, height: int, still: bool) -> float:
    """How far Bright `i` has floated at time `t` (TABLE.md §5.2): a slow, small bob, each
    card a little behind the last; none with reduced motion."""
    if still:
        return 0.0
    return height * DRIFT * math.sin(2 * math.pi * (t / DRIFT_PERIOD - i * 0.15))


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.group = ButtonGroup()
        self.saved = None
        self.saved_text = ""
        self.t = 0.0
        self._felt: pygame.Surface | None = None

    def _load_saved(self) -> str | None:
        """Find the saved game (self.saved, self.saved_text); the notice to show, if any.

        Whatever fails, the file is set aside, so its notice is shown once and New game
        stays reachable."""
        self.saved, self.saved_text = None, ""
        paths = self.app.paths
        if paths is None:
            return None
        # games an earlier run could not finish first (records, statistics), then the save
        rec, msg = storage.start_up(paths)
        if rec is None:
            return msg
        try:
            from game.play.session import GameSession

            self.saved_text = GameSession.from_record(rec).summary()
        except Exception as e:  # a saved game must never keep the player from the menu
            log.warning("saved game cannot be continued", exc_info=True)
            return storage.reject_autosave(paths, str(e) or type(e).__name__)
        self.saved = rec
        return msg

    def _buttons(self) -> list[Button]:
        """The menu in the player's language (built again on a language switch)."""
        buttons = []
        if self.saved is not None:
            buttons.append(Button(_("Continue"), self.cont, "primary", (self.saved_text,)))
        buttons += [Button(_("New game"), self.new_game,
                           "primary" if not buttons else "secondary"),
                    # Learn 88 holds the Koi-Koi lessons too: a Koi-Koi player is told so
                    Button(_("Learn 88"), self.learn, "secondary",
                           (_("Koi-Koi lessons too"),)),
                    Button(_("Practice"), self.practice),
                    Button(_("Replays & records"), self.replays),
                    Button(_("Rules & cards"), self.rules),
                    Button(_("Statistics & history"), self.statistics),
                    Button(pgettext("menu", "Settings"), self.settings),
                    Button(_("About"), self.about),
                    Button(pgettext("menu", "Quit"), self.quit, "danger")]
        return buttons

    def relabel(self) -> None:
        """The language changed: the same menu, focus kept, in the new words."""
        if self.saved is not None:
            try:
                from game.play.session import GameSession

                self.saved_text = GameSession.from_record(self.saved).summary()
            except Exception:  # checked in resume(); a summary is never worth a crash
                log.warning("saved game summary unavailable", exc_info=True)
        index = self.group.index
        self.group.set(self._buttons())
        self.group.index = min(index, max(0, len(self.group.buttons) - 1))

    def resume(self) -> None:
        msg = self._load_saved()
        self.group.set(self._buttons())
        self.group.index = 0
        pending = [m for m in (self.app.pop_notice(), msg) if m]
        if not self.app.settings.welcome_seen:  # first run: once, under any notice
            from game.ui.scenes.tour import WelcomeScene

            self.app.stack.push(WelcomeScene(self.app))
        if pending:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Notice"), " ".join(pending)))

    def cont(self) -> None:
        from game.play.session import GameSession
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.table import TableScene

        try:
            session = GameSession.from_record(self.saved)
            from game import replays

            session.ai_notes = replays.read_notes(self.app.paths.autosave)
        except Exception as e:  # resume() checked it; a file changed since is still no crash
            msg = storage.reject_autosave(self.app.paths, str(e) or type(e).__name__)
            self.app.stack.push(MessageScene(self.app, _("Cannot continue"), msg))
            return
        if session.phones:  # a party game: its lobby again, with the same links (issue 28)
            from game.ui.scenes.lobby import open_party

            open_party(self.app, session, resumed=True)
            return
        self.app.stack.reset(TableScene(self.app, session))

    def new_game(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.stack.replace(SetupScene(self.app))

    def learn(self) -> None:
        from game.ui.scenes.learn import LearnScene

        self.app.stack.push(LearnScene(self.app))

    def practice(self) -> None:
        from game.ui.scenes.practice import PracticeScene

        self.app.stack.push(PracticeScene(self.app))

    def replays(self) -> None:
        from game.ui.scenes.records import RecordsScene

        self.app.stack.push(RecordsScene(self.app))

    def rules(self) -> None:
        from game.ui.scenes.rules_help import RulesHelpScene

        self.app.stack.push(RulesHelpScene(self.app, "hachihachi"))

    def statistics(self) -> None:
        from game.ui.scenes.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def settings(self) -> None:
        from game.ui.scenes.settings_menu import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def about(self) -> None:
        from game.ui.scenes.about import AboutScene

        self.app.stack.push(AboutScene(self.app))

    def quit(self) -> None:
        """Quit from the menu: as the window's close button, so a finished game kept only
        in memory is written first, or the player is asked (issue 43, item 4)."""
        self.app.request_quit()

    def update(self, dt: float) -> None:
        self.t += dt

    def _drift_t(self) -> float:
        """The float's clock, in steps of 1/DRIFT_FPS s: an idle title is drawn at most
        that often (issue 23: drawn at 60 fps it used a third of a core)."""
        return math.floor(self.t * DRIFT_FPS) / DRIFT_FPS

    def frame_key(self) -> object:
        """The Brights' drift in whole pixels, the focus and the words: the title is drawn
        again only when one of them changes (or an event comes)."""
        H = self.app.screen.get_height()
        still = getattr(self.app.settings, "reduced_motion", False)
        t = self._drift_t()
        return (tuple(round(drift(t, i, H, still)) for i in range(len(BRIGHTS))),
                self.group.index, self.group.show_focus, self.saved_text,
                tuple(b.label for b in self.group.buttons))

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            from game.ui.scenes.confirm_quit import ConfirmQuitScene

            self.app.stack.push(ConfirmQuitScene(self.app))
            return True
        if event.type == pygame.KEYDOWN and event.unicode and event.unicode.isalpha():
            for i, b in enumerate(self.group.buttons):
                if b.label.lower().startswith(event.unicode.lower()):
                    self.group.index = i
                    self.group.show_focus = True
                    return True
        if self.group.handle(event, intent):
            self.app.audio.play("button")
            return True
        return False

    def menu_layout(self, W: int, H: int) -> tuple[int, ...]:
        """(logo size, logo y, body and button sizes, x, subtitle y, menu y, gap, columns,
        button width):
        every button inside the window at any UI scale (issue 15). The menu tries, in turn:
        one column with the design's gaps; smaller gaps and a smaller logo; two columns
        (the fan of Brights then gives way); then smaller button text."""
        logo0 = theme.size_of("title", H)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        x = round(W * 0.09)
        foot = H - round(small * 2.2) - 6  # the key hint line at the bottom
        buttons = self.group.buttons
        size = round(body * 1.1)
        for _try in range(40):
            for columns in (1, 2):
                bw = max(300, round(W * 0.3)) if columns == 1 else min(
                    max(300, round(W * 0.36)), (W - x - round(W * 0.03)) // 2 - body)
                per_col = -(-len(buttons) // columns)
                heights = [b.height_for(size, bw) for b in buttons]
                cols = [heights[i:i + per_col] for i in range(0, len(heights), per_col)]
                for gap_f, logo_f, top_f, sub_f in ((0.6, 1.0, 0.12, 2.6), (0.3, 1.0, 0.06, 1.8),
                                                    (0.25, 0.7, 0.0, 1.5)):
                    gap = max(4, round(body * gap_f))
                    logo = max(body, round(logo0 * logo_f))
                    top = round(H * top_f) if top_f else 4
                    y_sub = top + round(logo * (1.45 if top_f else 1.3))
                    y_menu = y_sub + round(body * sub_f)
                    menu_h = max(sum(c) + gap * (len(c) - 1) for c in cols)
                    if y_menu + menu_h <= foot or size <= 13:
                        return logo, top, body, size, x, y_sub, y_menu, gap, columns, bw
            size -= 1
        return logo, top, body, size, x, y_sub, y_menu, gap, columns, bw

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        if self._felt is None or self._felt.get_size() != (W, H):
            from game.ui.cards import table_surface

            self._felt = table_surface((W, H), "felt").convert()
        surface.blit(self._felt, (0, 0))
        logo, logo_y, body, size, x, y_sub, y_menu, gap, columns, bw = self.menu_layout(W, H)
        if columns == 1:  # the five Brights, fanned at the right, beside a one-column menu
            # the fan starts at 52 % of the width and must end inside the window (at 1024
            # px the Phoenix was cut off): five cards, each 62 % beside the last
            cw = min(round(H * 0.22), int((W - 24 - W * 0.52) / (1 + 4 * 0.62)))
            renderer = self.app.renderer
            still = getattr(self.app.settings, "reduced_motion", False)
            for i, c in enumerate(BRIGHTS):
                bx = round(W * 0.52 + i * cw * 0.62)
                by = round(H * 0.32 + abs(i - 2) * H * 0.025 + drift(self._drift_t(), i, H,
                                                                       still))
                renderer.draw(surface, c, (bx, by), cw, marks=False)  # art: no index marks
        theme.blit_text(surface, "八八 Hachi-Hachi", logo, (x, logo_y), theme.GOLD, True)
        theme.blit_text(surface, theme.fit(_("Hanafuda games of the 88 family"), body,
                                           W - x - 16), body, (x, y_sub), theme.TEXT_DIM)
        per_col = -(-len(self.group.buttons) // columns)
        y = y_menu
        for i, b in enumerate(self.group.buttons):
            if i and i % per_col == 0:
                y = y_menu
            bx = x + (i // per_col) * (bw + gap * 2)
            h = b.height_for(size, bw)
            b.rect = pygame.Rect(bx, y, bw, h)
            y += h + gap
        self.group.draw(surface, size)
        small = theme.size_of("small", H)
        theme.blit_text(surface, _("↑/↓ choose · Enter open · Esc quit"), small,
                        (x, H - round(small * 2.2)), theme.TEXT_DIM)

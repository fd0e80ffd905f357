"""The table's hint controls (TABLE.md §6.4): H asks the advisor; the yaku watch.

`TableHints` is built by the table, which only calls in: `key`, `update`, `mark`,
`sidebar_share`, `buttons_width` and `draw`. Everything obeys the `hints` setting: Off shows
nothing, Matches only the matches (on hover, and the hand's "can take" notches), the watch
from "Matches + yaku watch" on, the advisor only at "+ advisor". On wide windows the watch
is a permanent part of the docked sidebar, under the log (TABLE.md §10), with its own wheel
scroll; on narrow ones (no sidebar) W or the Watch button lays it over the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.cards import CardState
from game.ui.hints import (
    Advisor,
    Suggestion,
    draw_banner,
    draw_watch,
    suggestion_text,
    watch_items,
    watch_line_h,
    watch_max_scroll,
    watch_need_lines,
)
from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.ui.buttons import Button
    from game.ui.layout import Layout
    from game.ui.scenes.table_context import TableContext
    from game.ui.scenes.table_cues import TableCues
    from game.ui.scenes.table_stage import TableStage


TEACHING_TIERS = range(1, 4)  # Learn tiers 1–3 (the guided game is tier 1): advisor on
NOTE_SECONDS = 5.0  # how long the table's short hint messages stay
SIDEBAR_SHARE = 0.4  # TABLE.md §10: log in the top 60 %, the watch in the bottom 40 %
WHEEL_ROWS = 2  # watch rows (an entry, wrapped or not) per wheel notch


def off_words() -> str:
    """How to turn the advisor on, named with the Settings row's own words."""
    from game.ui.scenes.settings_menu import HINT_WORDS

    return _("Hints are off. To turn them on: Settings (the gear at the top right) → "
             "“Hints: {level}”, then press H on your turn.").format(level=_(HINT_WORDS["advisor"]))


class TableHints:
    """The advisor, the yaku watch, the Hint and Watch buttons and the hint notes."""

    def __init__(self, ctx: TableContext, stage: TableStage, cues: TableCues) -> None:
        self.ctx, self.stage, self.cues = ctx, stage, cues
        self.advisor: Advisor | None = None  # made at the first question
        self.show_watch = False  # narrow windows: the watch laid over the table (W)
        self.watch_drawn: pygame.Rect | None = None  # where the watch was drawn last frame
        self.watch_lines: list[str] = []  # the watch's lines drawn last frame
        self.watch_max = 0  # the sidebar watch's furthest scroll (rows)
        self.buttons: dict[str, pygame.Rect] = {}  # the Hint and Watch buttons as drawn
        self.suggested_button: Button | None = None  # the decision the advisor suggests
        self.phase_line = ""  # the prompt row's phase line as drawn ("" for none)
        self.note_text: tuple[str, float] = ("", 0.0)  # a short message and its end time
        self.banner: list[str] = []  # the hint bubble's lines drawn last frame

    # --- the setting ------------------------------------------------------------------
    def game_level(self) -> str | None:
        """The hint level this game turns on for itself, or None.

        A teaching game (the guided first game and Learn tiers 1–3) has the advisor on for
        that game only: the player's own setting is never rewritten, and it applies again in
        every other game (issue 23, major 3)."""
        rs = self.ctx.session.rs
        if rs.tier in TEACHING_TIERS:
            return "advisor"
        return None

    def teaching(self) -> bool:
        """True when the advisor is on because of this game, not because of the setting."""
        s = self.ctx.app.settings
        return self.game_level() is not None and not (
            hasattr(s, "hints_at_least") and s.hints_at_least("advisor"))

    def allows(self, level: str) -> bool:
        """The setting's level, raised to the game's own (levels are cumulative)."""
        from game.settings import HINT_LEVELS

        s = self.ctx.app.settings
        if hasattr(s, "hints_at_least") and s.hints_at_least(level):
            return True
        floor = self.game_level()
        order = list(HINT_LEVELS)
        return floor is not None and level in order and order.index(floor) >= order.index(level)

    def has_yaku(self) -> bool:
        """The engine's catalogue has capture combinations to watch (curriculum tier 1 has
        none: then the table shows no watch at all, not an empty one)."""
        return any(e.is_card_set for e in self.ctx.session.rs.entries)

    def watching(self) -> bool:
        return self.allows("watch") and self.has_yaku()

    def sidebar_share(self, L: Layout) -> float:
        """The part of the docked sidebar under the scores that the watch takes (0: none)."""
        return SIDEBAR_SHARE if L.sidebar is not None and self.watching() else 0.0

    def sidebar_need(self, L: Layout) -> int:
        """The height (px) the sidebar watch asks for beyond its share: enough for its
        heading and top entries whole (issue 45, item 9: at 150-200 % the share held only
        the heading and "▼ 6 more"); the log gives it up to its own least (table_view)."""
        if not self.sidebar_share(L):
            return 0
        small = theme.size_of("small", L.window.h)
        table = self.ctx
        lines = watch_need_lines(table.shown_view, table.session.names(), small,
                                 L.sidebar.w - 20, not table.hotseat)
        return lines * watch_line_h(small) + 16  # the rect's 8 px inside, 8 px margins

    def watch_rect(self) -> pygame.Rect | None:
        """Where the watch was drawn in the last frame (sidebar or overlay), None if
        nowhere."""
        return self.watch_drawn

    def scroll_watch(self, lines: int) -> None:
        """Scroll the sidebar watch down (positive) or up, by whole rows."""
        tv = self.ctx.tv
        tv.watch_scroll = max(0, min(self.watch_max, tv.watch_scroll + lines))

    # --- input ------------------------------------------------------------------------
    def key(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """H: a suggestion for the viewer's decision; W: the yaku watch on or off (narrow
        windows); the wheel over the sidebar watch scrolls it."""
        table = self.ctx
        L = self.stage.layout
        over_watch = (L is not None and L.sidebar is not None
                      and table.tv.watch_rect.collidepoint(table.tv.mouse))
        if event.type == pygame.MOUSEWHEEL and over_watch:
            self.scroll_watch(-WHEEL_ROWS * event.y)  # wheel up shows the lines above
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and over_watch:
            return True  # the legacy wheel buttons of the same motion: not a click on the table
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_w and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if self.watching() and (L is None or L.sidebar is None):  # wide: always shown
                self.show_watch = not self.show_watch
            return True
        if intent is Intent.HINT:
            self.ask()
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                if name == "hint":
                    self.ask()
                else:
                    self.show_watch = not self.show_watch
                return True
        return False

    def get_advisor(self) -> Advisor:
        if self.advisor is None:
            self.advisor = Advisor(int(self.ctx.session.seed or 0))
        return self.advisor

    def ask(self) -> bool:
        """Ask for advice on the viewer's own decision (counted once per decision). When
        there is none to give, the table says why in a short note instead of doing
        nothing."""
        table = self.ctx
        if not self.allows("advisor"):
            self.note(off_words())
            return False
        if not table.human_to_move():
            self.note(_("Hints answer your own turn: press H when it is your move."))
            return False
        view = table.live_view()  # the face-up seat's own view (human_to_move holds it)
        adv = self.get_advisor()
        before = adv.current(view)
        if not adv.ask(view):
            return False
        if before is None:
            table.session.hint_count += 1
        return True

    def note(self, text: str) -> None:
        """A short message at the table (where the hint bubble shows), for a few seconds."""
        self.note_text = (text, self.ctx.app.now() + NOTE_SECONDS)

    def current_note(self) -> str | None:
        text, until = self.note_text
        return text if text and self.ctx.app.now() < until else None

    def update(self) -> None:
        if self.advisor is not None:
            self.advisor.poll()
        table = self.ctx
        session = table.session
        if self.teaching() and not session.teaching_told and table.human_to_move():
            session.teaching_told = True  # said once a game, at the player's first turn
            self.note(_("Hints are on for this lesson: press H or the Hint button for a "
                        "suggested move. Your Settings still apply to your other games."))

    def current(self) -> Suggestion | None:
        table = self.ctx
        if self.advisor is None or not self.allows("advisor") or not table.human_to_move():
            return None
        return self.advisor.current(table.live_view())

    def mark(self, states: dict[str, CardState]) -> None:
        """Mark the suggested card and its target with the dashed hint ring (over the
        "has a match" notch; a hovered, focused or selected card keeps its own state)."""
        s = self.current()
        if s is None:
            return
        for card in (s.card, s.target):
            if card and states.get(card, CardState.CAN_TAKE) is CardState.CAN_TAKE:
                states[card] = CardState.HINT

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, L: Layout) -> None:
        size = theme.size_of("small", L.window.h) if hasattr(theme, "size_of") else 14
        self._draw_buttons(surface, L, size)
        self._draw_watch(surface, L, size)
        s = self.current()
        if s is not None and s.card is None:
            self._mark_button(surface, s, size)
        names = self.ctx.session.names()
        figures = bool(getattr(self.ctx.app.settings, "hint_figures", False))
        lines = suggestion_text(s, names, figures) if s is not None else (
            [_("Hint: thinking…")] if self.advisor is not None and self.advisor.thinking
            and self.allows("advisor") and self.ctx.human_to_move() else [])
        told = self.current_note()
        if told and not lines:
            lines = [told]
        self.banner = lines
        if lines:
            draw_banner(surface, self.bubble_rect(L, lines, size), lines, size)

    def _draw_watch(self, surface: pygame.Surface, L: Layout, size: int) -> None:
        """The watch in the sidebar (wide windows) or laid over the table (W)."""
        table = self.ctx
        self.watch_drawn = None
        # the view on screen: the face-up seat's, else the public one (no hand to list);
        # a shared screen (hot-seat) names the face-up hand instead of "your hand"
        view = table.shown_view
        names = table.session.names()
        addressed = not table.hotseat
        tv = table.tv
        area = L.table
        if L.sidebar is not None and self.watching() and tv.watch_rect.h > 0:
            small = theme.size_of("small", L.window.h)  # the log's size: one sidebar, one voice
            rect = tv.watch_rect
            room = max(0, (rect.h - 8) // watch_line_h(small) - 1)
            sizes = [len(item) for item in watch_items(view, names, small, rect.w - 20,
                                                       addressed)]
            self.watch_max = watch_max_scroll(sizes, room)
            tv.watch_scroll = min(tv.watch_scroll, self.watch_max)
            self.watch_drawn, self.watch_lines = draw_watch(
                surface, rect, view, names, small, tv.watch_scroll, _("YAKU WATCH"),
                addressed)
        elif L.sidebar is None and self.show_watch and self.watching():
            w = max(260, round(area.w * 0.4))
            rect = pygame.Rect(area.right - w - 8, area.y + 8, w,
                               max(80, L.prompt.y - area.y - 16))
            self.watch_drawn, self.watch_lines = draw_watch(surface, rect, view, names, size,
                                                            addressed=addressed)

    def bubble_rect(self, L: Layout, lines: list[str], size: int) -> pygame.Rect:
        """Where the hint bubble goes: never over the viewer's own captures (issue 23,
        minor 18).

        First choice: the free part of the own capture row, right of the captured cards and
        left of the points label. Else, with a sidebar and no panel docked in it, over the
        top of the event log; else at the foot of the field band, above the capture row."""
        from game.ui.model import own_caps_rect

        table = self.ctx
        line_h = round(size * 1.3)

        def height(w: int) -> int:
            return sum(len(theme.wrap(x, size, w - 20)) for x in lines) * line_h + 10

        caps = own_caps_rect(L)
        seat = self.stage.seating.bottom if self.stage.seating is not None else table.viewer
        model = table.tv.model
        mine = model.captured[seat] if model is not None and seat < len(model.captured) else []
        right = max((table.tv.card_rects[c].right for c in mine if c in table.tv.card_rects),
                    default=caps.x - 16)
        free = pygame.Rect(right + 16, L.captures.y + 1, caps.right - right - 24,
                           L.captures.h - 2)
        if free.w >= max(240, size * 18) and height(free.w) <= free.h:
            h = height(free.w)
            return pygame.Rect(free.x, free.centery - h // 2, free.w, h)
        if L.sidebar is not None and L.panel is None:
            w = L.sidebar.w - 12
            return pygame.Rect(L.sidebar.x + 6, table.tv.log_rect.y, w, height(w))
        w = max(260, round(L.field.w * 0.5))
        h = height(w)
        return pygame.Rect(L.field.right - w - 8, L.captures.y - h - 4, w, h)

    def _mark_button(self, surface: pygame.Surface, s: Suggestion, size: int) -> None:
        """The decision panel's suggested button: a hint-blue frame and a "Suggested"
        tag."""
        panel = self.ctx.panel
        if not panel.visible:
            return
        for b in panel.group.buttons:  # found by its verb, never by its words
            rect = getattr(b, "rect", None)
            if rect is not None and getattr(b, "action_verb", None) == s.action.verb:
                pygame.draw.rect(surface, theme.GAIN, rect.inflate(6, 6), 2, border_radius=6)
                tag = theme.text(_("Suggested"), max(11, size - 2), theme.INK, True)
                box = tag.get_rect().inflate(10, 2)  # on the frame's top edge: no label hidden
                box.midright = (rect.right - 6, rect.top - 3)
                pygame.draw.rect(surface, theme.GAIN, box, border_radius=4)
                surface.blit(tag, tag.get_rect(center=box.center))
                self.suggested_button = b
                return

    def buttons_width(self, L: Layout) -> int:
        """Width the Hint and Watch buttons and the phase line take at the right of the
        prompt row (the prompt ends before them instead of running under them)."""
        size = theme.size_of("small", L.window.h)
        wanted = self._wanted(L)
        width = sum(theme.text_width(label, size) + 18 + 6 for _n, label in wanted) + 4 \
            if wanted else 0
        line = self._phase_text(L, size)
        return width + (theme.text_width(line, size) + 16 if line else 0)

    def _phase_text(self, L: Layout, size: int) -> str:
        """The phase line for the prompt row (the drop-out window's, else Hachi's agari
        progress), fitted to at most 62 % of the row; "" when there is none."""
        from game.play.decisions import dropout_line

        table = self.ctx
        line = dropout_line(table.shown_view, table.session.names()) or \
            self.cues.agari_line()
        return theme.fit(line, size, round(L.prompt.w * 0.62)) if line else ""

    def _wanted(self, L: Layout) -> list[tuple[str, str]]:
        wanted = []
        if self.watching() and L.sidebar is None:  # wide windows always show it in the sidebar
            wanted.append(("watch", _("Watch · W")))
        if self.allows("advisor"):  # always in sight while the advisor is on (major 3)
            adv = self.advisor
            wanted.append(("hint", _("Hint · thinking…") if adv is not None and adv.thinking
                           else _("Hint · H")))
        return wanted

    def _button_look(self, name: str, mine: bool) -> tuple[tuple, tuple, tuple]:
        """(fill, edge, text colour) of a prompt-row button. The Hint button is filled with
        the hint ring's blue while it has something to answer (the viewer's turn, no
        suggestion shown yet): where a learner looks, it reads as an offer, not a key
        (issue 45); dimmed while others play."""
        if name == "watch":
            on = self.show_watch
            return (theme.GOLD if on else theme.PANEL), theme.GOLD, (theme.INK if on
                                                                     else theme.TEXT)
        if not mine:
            return theme.PANEL, theme.TEXT_DIM, theme.TEXT_DIM
        if self.current() is None:
            return theme.GAIN, theme.GAIN, theme.INK
        return theme.PANEL, theme.GAIN, theme.TEXT

    def _draw_buttons(self, surface: pygame.Surface, L: Layout, size: int) -> None:
        """Hint and Watch buttons at the right of the prompt row, as the setting allows. The
        Hint button stays while others play, dimmed: it answers only the viewer's own
        turn."""
        self.buttons = {}
        wanted = self._wanted(L)
        right = L.prompt.right - 4
        h = min(L.prompt.h - 2, round(size * 1.7))
        mine = self.ctx.human_to_move()
        for name, label in wanted:
            w = theme.text_width(label, size) + 18
            rect = pygame.Rect(right - w, L.prompt.centery - h // 2, w, h)
            fill, edge, ink = self._button_look(name, mine)
            pygame.draw.rect(surface, fill, rect, border_radius=5)
            pygame.draw.rect(surface, edge, rect, 1, border_radius=5)
            theme.blit_text(surface, label, size, rect.center, ink, False, "center")
            self.buttons[name] = rect
            right = rect.x - 6
        line = self._phase_text(L, size)
        self.phase_line = line
        if line:  # the drop-out window: who joined, the pot, who decides (issue 23, minor 15)
            theme.blit_text(surface, line, size, (right - 8, L.prompt.centery), theme.GOLD,
                            False, "midright")

    def shutdown(self) -> None:
        if self.advisor is not None:
            self.advisor.shutdown()

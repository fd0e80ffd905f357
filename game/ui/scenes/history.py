"""History (issue 14): your finished games, newest first, filtered by game; Enter or a click
opens the game's replay (game.ui.scenes.replay.ReplayScene) from its record file.

Keys: ↑/↓ (PageUp/PageDown, Home/End) choose a game, ←/→ change the filter, Enter open,
Esc back; the wheel scrolls, a click on a row opens it (game.ui.list_focus keeps the
choice on screen). The rows come from
game.stats, read in a background thread (game/ui/stats_worker.py) each time the filter
changes, so the list draws at once and fills in (issue 43, item 5); `row_words` turns one
into the words on screen (pure, tested). Damaged games left out are counted above the list.
"""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path

import pygame

from game import replays, stats
from game.i18n import _, ngettext, pgettext
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.list_focus import ListFocus
from game.ui.scenes.page import ListPage, jump_of, keys_line
from game.ui.scenes.statistics import game_title, opponents_words
from game.ui.stats_worker import HistoryData, Loader, load_history

log = logging.getLogger(__name__)


def when_words(iso: str) -> str:
    """'2026-11-23 21:05' in the player's local time (the database keeps UTC); numbers only,
    so no month name stays English in another language."""
    try:
        return dt.datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return iso[:16]


def row_words(h: stats.HistoryItem) -> tuple[str, str, str]:
    """(the game in words, its marks, the result) for one history row."""
    left = ngettext("{when} · {game} · vs {opponents} · {n} round",
                    "{when} · {game} · vs {opponents} · {n} rounds", h.rounds).format(
        when=when_words(h.finished_at), game=game_title(h.ruleset),
        opponents=opponents_words(h.opponents), n=h.rounds)
    marks = []
    if h.undos:
        marks.append(_("undo ×{n}").format(n=h.undos))
    if h.hints:
        marks.append(_("hints ×{n}").format(n=h.hints))
    if not h.record_file:
        marks.append(_("no record"))
    if h.won is None:
        result = _("computers only")
    elif h.won:
        result = _("Won {amount}").format(amount=theme.signed(h.net or 0))
    else:
        result = _("Lost {amount}").format(amount=theme.signed(h.net or 0))
    return left, " · ".join(marks), result


class HistoryScene(ListPage):
    name = "history"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.filters: list[str | None] = [None]
        self.filter_i = 0
        self.items: list[stats.HistoryItem] = []
        self.cursor = ListFocus()  # the chosen game and the games on screen
        self.damaged = 0
        self.message: str | None = None  # told once, in a message (a file set aside)
        self.problem: str | None = None  # why nothing could be read, said on the page
        self._told = True
        self.loader: Loader[HistoryData] | None = None
        self._asked: str | None = None  # the filter being read
        self.rows: list[pygame.Rect] = []  # the games on screen, top first
        self.group = ButtonGroup(self._buttons(), vertical=False)
        self.load()

    def _buttons(self) -> list[Button]:
        return [Button(_("Game: all"), self.next_filter),
                Button(_("Open replay"), self.open_selected, "primary"),
                Button(_("Review"), self.review_selected),
                Button(_("Statistics"), self.statistics),
                Button(pgettext("button", "Back"), self.back)]

    def relabel(self) -> None:
        self.group.set(self._buttons())  # the focus ring stays where it was
        self._filter_label()

    def _filter_label(self) -> None:
        f = self.filters[self.filter_i]
        self.group.buttons[0].label = (_("Game: {game}").format(game=game_title(f)) if f
                                       else _("Game: all"))
        self.group.buttons[1].enabled = bool(self.items)
        self.group.buttons[2].enabled = bool(self.items)  # Review

    # --- data, read in the background ------------------------------------------------
    @property
    def loading(self) -> bool:
        return self.loader is not None

    def load(self, ruleset: str | None = None) -> None:
        """Read the games of `ruleset` (None: all) off the window's thread; a later
        request replaces an earlier one still running."""
        paths = self.app.paths
        if paths is None:
            return
        self._asked = ruleset
        self.loader = Loader(lambda: load_history(paths.stats_db, ruleset)).start()

    def update(self, dt: float) -> None:
        if self.loader is not None and self.loader.done:
            data = self.loader.result or HistoryData(problem=_(
                "The history could not be read ({reason}).").format(reason="?"))
            self.loader = None
            self._take(data)
        self._tell()

    def _take(self, data: HistoryData) -> None:
        self.filters, self.items = data.filters, data.items
        self.filter_i = (self.filters.index(self._asked) if self._asked in self.filters
                         else 0)
        self.damaged, self.problem = data.damaged, data.problem
        if data.message:
            self.message, self._told = data.message, False
        self.cursor.resize(len(self.items))
        self._filter_label()

    def _tell(self) -> None:
        """A sentence that came with the list (a file set aside), once, in a message."""
        if self._told or self.app.stack.top is not self:
            return
        self._told = True
        from game.ui.scenes.message import MessageScene

        self.app.stack.push(MessageScene(self.app, _("History"), self.message or ""))

    def next_filter(self, step: int = 1) -> None:
        self.filter_i = (self.filter_i + step) % len(self.filters)
        self.cursor.reset()
        self._filter_label()
        self.load(self.filters[self.filter_i])

    @property
    def selected(self) -> stats.HistoryItem | None:
        return self.items[self.index] if self.items else None

    # --- actions -------------------------------------------------------------------------
    def open_selected(self) -> None:
        from game.ui.scenes.message import MessageScene

        path = self._chosen_record(_(
            "The record of this game is not in your records folder (it was not written, or "
            "it was moved), so it cannot be replayed."))
        if path is None:
            return
        try:  # checked first: what is wrong with the file is said in words (issue 26)
            replays.check_record(path)
        except replays.RecordError as e:
            self.app.stack.push(MessageScene(self.app, _("Replay"), replays.explain(e)))
            return
        from game.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, path))

    def review_selected(self) -> None:
        """The chosen game's review (its record must be in the records folder)."""
        path = self._chosen_record(_(
            "The record of this game is not in your records folder (it was not written, or "
            "it was moved), so it cannot be reviewed."))
        if path is None or self.selected is None:
            return
        from game.ui.scenes.review import ReviewScene

        self.app.stack.push(ReviewScene(self.app, path, self.selected.player_seat))

    def _chosen_record(self, missing: str) -> Path | None:
        """The chosen game's record file, or None (and `missing` said when it has none)."""
        h = self.selected
        if h is None:
            return None
        path = self._record_path(h)
        if path is None:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("No record"), missing))
        return path

    def _record_path(self, h: stats.HistoryItem) -> Path | None:
        """The game's record file, only when it is a file in the records folder (a row
        names a bare file name, checked by game.stats; a link there may not lead out)."""
        folder = self.app.paths.records_dir
        if not h.record_file:
            return None
        path = folder / h.record_file
        try:
            if path.is_file() and path.resolve().parent == folder.resolve():
                return path
        except (OSError, RuntimeError):  # a loop of links
            pass
        return None

    def statistics(self) -> None:
        from game.ui.scenes.statistics import StatisticsScene

        self.app.stack.replace(StatisticsScene(self.app))

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The list: ↑/↓ and the page keys choose, ←/→ the game, Enter opens the chosen
        game (unless a button's focus ring shows: then Enter presses it), the wheel
        scrolls, a click on a row opens it."""
        if intent in (Intent.UP, Intent.DOWN):
            self.group.show_focus = False  # Enter opens the chosen game again
            self.cursor.move(-1 if intent is Intent.UP else 1)
            return True
        jump = jump_of(event)
        if jump is not None:
            self.cursor.jump(jump)
            return True
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.next_filter(-1 if intent is Intent.LEFT else 1)
            return True
        if intent is Intent.CONFIRM and not self.group.show_focus:
            self.open_selected()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.cursor.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.cursor.choose(self.cursor.top + i)
                    self.open_selected()
                    return True
        return False

    # --- drawing -------------------------------------------------------------------------
    def _empty_lines(self, f: str | None, size: int, width: int) -> list[str]:
        """What the list says when it has no game: what is true of the file."""
        if self.loading:
            words = _("Reading your statistics…")
        elif self.problem:
            words = self.problem
        elif self.damaged and f is None:
            words = " ".join((_("No finished game can be shown."),
                              stats.damaged_words(self.damaged)))
        else:
            words = _("No finished games yet.") if f is None else \
                _("No finished games of this kind yet.")
        return theme.wrap(words, size, width)

    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("History"))
        f = self.filters[self.filter_i]
        n = len(self.items)
        count = (ngettext("{n} game of {game}, newest first",
                          "{n} games of {game}, newest first", n).format(
                     n=n, game=game_title(f)) if f else
                 ngettext("{n} game, newest first", "{n} games, newest first", n).format(n=n))
        if self.damaged:
            count = f"{stats.damaged_words(self.damaged)} {count}"
        if not self.loading and not self.problem and (self.items or not self.damaged):
            title_w = theme.text_width(_("History"), head, True) + 24
            theme.blit_text(surface, theme.fit(count, small, tw - title_w), small,
                            (x + tw, y + head - small), theme.TEXT_DIM, False, "topright")
        y += round(head * 1.6)
        btn_h = round(body * 2.1)
        list_bottom = rect.bottom - 16 - btn_h - round(small * 2.4)
        if not self.items:
            for line in self._empty_lines(f, body, tw):
                theme.blit_text(surface, line, body, (x, y), theme.TEXT_DIM)
                y += round(body * 1.4)
        self._draw_rows(surface, x, y, tw, list_bottom, body, small)
        span = self.cursor.span_words()
        if span is not None:
            theme.blit_text(surface, _("{first}–{last} of {n}").format(
                                first=span[0], last=span[1], n=len(self.items)), small,
                            (x + tw, list_bottom), theme.TEXT_DIM, False, "topright")
        keys_line(surface, _("↑/↓ choose · Enter replay · ←/→ game · Esc back"), small,
                  (x, list_bottom), tw)
        self.place_buttons(x, rect.bottom - 16 - btn_h, tw, btn_h)
        self.group.draw(surface, body)

    def _draw_rows(self, surface: pygame.Surface, x: int, y: int, tw: int, list_bottom: int,
                   body: int, small: int) -> None:
        """The games that fit between `y` and `list_bottom`, the chosen one outlined: the
        game, its result in colour, and below them the players and the marks."""
        lh = round(body * 1.25 + small * 1.35 + 10)
        shown = self.cursor.fit((list_bottom - y) // lh)
        self.rows = []
        for i in shown:
            h = self.items[i]
            r = pygame.Rect(x - 8, y - 4, tw + 16, lh - 4)
            self.rows.append(r)
            chosen = i == self.index
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_LINE, r, border_radius=6)
                pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=6)
            left, marks, result = row_words(h)
            rw = theme.text_width(result, body, True)
            theme.blit_text(surface, theme.fit(left, body, tw - rw - 20), body, (x, y),
                            theme.TEXT, chosen)
            color = theme.TEXT_DIM if h.won is None else theme.signed_color(h.net or 0)
            theme.blit_text(surface, result, body, (x + tw, y), color, True, "topright")
            names = ", ".join(h.names)
            sub = f"{names}{' · ' + marks if marks else ''}"
            theme.blit_text(surface, theme.fit(sub, small, tw), small,
                            (x, y + round(body * 1.3)), theme.TEXT_DIM)
            y += lh

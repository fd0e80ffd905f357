"""History (issue 14): your finished games, newest first, filtered by game; Enter or a click
opens the game's replay (game.ui.scenes.replay.ReplayScene) from its record file.

Keys: ↑/↓ choose a game, ←/→ change the filter, Enter open, Esc back. The rows come from
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
from game.ui.scene import Scene
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


class HistoryScene(Scene):
    name = "history"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.filters: list[str | None] = [None]
        self.filter_i = 0
        self.items: list[stats.HistoryItem] = []
        self.index = 0
        self.top = 0
        self.damaged = 0
        self.message: str | None = None  # told once, in a message (a file set aside)
        self.problem: str | None = None  # why nothing could be read, said on the page
        self._told = True
        self.loader: Loader[HistoryData] | None = None
        self._asked: str | None = None  # the filter being read
        self.rows: list[pygame.Rect] = []
        self.group = ButtonGroup(self._buttons(), vertical=False)
        self.load()

    def _buttons(self) -> list[Button]:
        return [Button(_("Game: all"), self.next_filter),
                Button(_("Open replay"), self.open_selected, "primary"),
                Button(_("Review"), self.review_selected),
                Button(_("Statistics"), self.statistics),
                Button(pgettext("button", "Back"), self.back)]

    def relabel(self) -> None:
        index, shown = self.group.index, self.group.show_focus
        self.group.set(self._buttons())
        self.group.index, self.group.show_focus = index, shown
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
        self.index = min(self.index, max(0, len(self.items) - 1))
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
        self.index = self.top = 0
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

    def back(self) -> None:
        self.app.stack.pop(self)

    def move(self, step: int) -> None:
        if self.items:
            self.index = max(0, min(len(self.items) - 1, self.index + step))

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.back()
            return True
        if intent in (Intent.UP, Intent.DOWN):
            self.group.show_focus = False  # Enter opens the chosen game again
            self.move(-1 if intent is Intent.UP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.move(-10 if event.key == pygame.K_PAGEUP else 10)
            return True
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.next_filter(-1 if intent is Intent.LEFT else 1)
            return True
        if intent is Intent.CONFIRM and not self.group.show_focus:
            self.open_selected()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.index = self.top + i
                    self.open_selected()
                    return True
        if self.group.handle(event, intent):
            self.app.audio.play("button")
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
        lh = round(body * 1.25 + small * 1.35 + 10)
        rows = max(1, (list_bottom - y) // lh)
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1
        self.rows = []
        if not self.items:
            for line in self._empty_lines(f, body, tw):
                theme.blit_text(surface, line, body, (x, y), theme.TEXT_DIM)
                y += round(body * 1.4)
        for i, h in enumerate(self.items[self.top:self.top + rows]):
            r = pygame.Rect(x - 8, y - 4, tw + 16, lh - 4)
            self.rows.append(r)
            chosen = self.top + i == self.index
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
        if len(self.items) > rows:
            theme.blit_text(surface, _("{first}–{last} of {n}").format(
                                first=self.top + 1, last=min(len(self.items), self.top + rows),
                                n=len(self.items)), small, (x + tw, list_bottom),
                            theme.TEXT_DIM, False, "topright")
        theme.blit_text(surface, _("↑/↓ choose · Enter replay · ←/→ game · Esc back"), small,
                        (x, list_bottom), theme.TEXT_DIM)
        n = len(self.group.buttons)
        bw = (tw - 10 * (n - 1)) // n
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x + i * (bw + 10), rect.bottom - 16 - btn_h, bw, btn_h)
        self.group.draw(surface, body)

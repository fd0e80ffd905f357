"""Replays & records (from the title): every kept record by its game, date, rounds, players
and their levels, and result, sorted and filtered; Open, Open a file…, Import… and Export…
through the game's own file chooser (game/ui/scenes/file_chooser.py), never a typed path.

The rows' facts come from game.records_index (summaries cached beside the records folder,
so a folder of a thousand records opens at once; a folder read for the first time is
summarised a few files per frame, the page never freezing) and their words from
game.ui.records_model. Every file operation is game.replays' (checked, atomic, never over
another file without asking); what goes wrong is one sentence in words
(`replays.explain`), never a traceback. A file that is not a record is a row saying so.

Keys: ↑/↓ (PageUp/PageDown, Home/End) choose, Enter open, ←/→ the game filter, S the order,
Ctrl+F or Tab the player search, Tab the buttons, Esc back. The mouse: click a row to choose
it, click it again to open it, the wheel scrolls. The list's choice, its window and the
double click are game.ui.list_focus's; the input is read by source, as pygame_gui's file
dialog does it: the mouse (`_click`), Tab and Ctrl+F (`_regions`), the search field
(`_typing`), the list and its buttons (`_list_keys`).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game import records_index, replays
from game.i18n import _, pgettext
from game.text import file_name_words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.list_focus import Jump, ListFocus, cycle
from game.ui.records_model import RecordsModel, Row
from game.ui.scenes.page import ListPage, jump_of, keys_line
from game.ui.text_field import TextField

log = logging.getLogger(__name__)

WORK_PER_FRAME = 0.025  # seconds of summarising per frame while a folder is first read
SHOW_EVERY = 0.25  # seconds between two updates of the rows while it is read


class RecordsScene(ListPage):
    name = "records"

    def __init__(self, app) -> None:  # noqa: ANN001 - App
        super().__init__(app)
        self.model = RecordsModel()
        self.catalogue: records_index.Catalogue | None = None
        self.cursor = ListFocus(rows=6)  # the chosen row and the rows on screen
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.search = TextField(_("Find a player"), limit=40)
        self.focus: TextField | None = None
        self.status = ""
        self.filters = ButtonGroup(self._filter_buttons(), vertical=False)
        self.group = ButtonGroup(self._buttons(), vertical=False)
        self._select_name: str | None = None
        self.chooser_folder: Path | None = None  # where the chooser opens next time
        self._since_shown = 0.0
        self.refresh()

    # --- buttons -------------------------------------------------------------------------
    def _filter_buttons(self) -> list[Button]:
        return [Button(self.model.order_words(), self.next_order),
                Button(self.model.game_filter_words(), self.next_game)]

    def _buttons(self) -> list[Button]:
        return [Button(pgettext("button", "Open"), self.open_selected, "primary"),
                Button(_("Open a file…"), self.open_file),
                Button(_("Import…"), self.import_file),
                Button(_("Export…"), self.export_selected),
                Button(pgettext("button", "Back"), self.back, "danger")]

    def _label_filters(self) -> None:
        self.filters.buttons[0].label = self.model.order_words()
        self.filters.buttons[1].label = self.model.game_filter_words()
        usable = self.selected is not None and self.selected.ok
        self.group.buttons[0].enabled = usable
        self.group.buttons[3].enabled = usable

    def relabel(self) -> None:
        self.search.label = _("Find a player")
        self.group.set(self._buttons())  # the focus ring stays where it was
        self.filters.set(self._filter_buttons())
        self.model.forget_words()
        self._label_filters()

    def editing(self) -> bool:
        return self.focus is not None

    # --- the list --------------------------------------------------------------------------
    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the folder again (the index makes it quick); keep the chosen record."""
        paths = self.app.paths
        keep = self._select_name or (self.selected.summary.file if self.selected else None)
        if paths is None:
            self.catalogue = None
            self.model.set([])
        else:
            self.catalogue = records_index.Catalogue(
                paths.records_dir, records_index.index_path(paths.records_dir))
            self.catalogue.scan()
            self.catalogue.work(WORK_PER_FRAME)
            self.model.set(self.catalogue.all())
        self._select(keep)

    def _select(self, name: str | None) -> None:
        rows = self.model.rows
        self.cursor.resize(len(rows))
        if name is not None:
            found = next((i for i, r in enumerate(rows) if r.summary.file == name), None)
            if found is not None:
                self.cursor.choose(found)
                self._select_name = None
        self._label_filters()

    def update(self, dt: float) -> None:
        c = self.catalogue
        if c is not None and not c.done:
            c.work(WORK_PER_FRAME)
            self._since_shown += dt
            if c.done or self._since_shown >= SHOW_EVERY:  # new rows a few times a second
                self._since_shown = 0.0
                keep = self.selected.summary.file if self.selected else None
                self.model.set(c.all())
                self._select(keep)

    @property
    def selected(self) -> Row | None:
        rows = self.model.rows
        return rows[self.index] if 0 <= self.index < len(rows) else None

    def next_order(self) -> None:
        self.status = ""
        keep = self.selected.summary.file if self.selected else None
        self.model.next_order()
        self._select(keep)

    def next_game(self, step: int = 1) -> None:
        self.status = ""
        self.model.next_game(step)
        self.cursor.reset()
        self._select(None)

    def _searched(self) -> None:
        self.status = ""
        self.model.set_search(self.search.text)
        self.cursor.reset()
        self._select(None)

    # --- actions -------------------------------------------------------------------------
    def _path(self, row: Row) -> Path:
        return self.app.paths.records_dir / row.summary.file

    def _open(self, path: Path) -> str | None:
        """Open a record in the viewer after checking it (the viewer would show the
        engine's own message): a sentence in words when it cannot be."""
        try:
            replays.check_record(path)
        except replays.RecordError as e:
            return replays.explain(e)
        from game.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, path))
        return None

    def open_selected(self) -> None:
        row = self.selected
        if row is None:
            self.status = _("No record is kept yet: finish a game, or open a file with "
                            "“Open a file…”.")
            return
        if not row.ok:
            self.status = row.players  # the problem in words
            return
        self.status = self._open(self._path(row)) or ""

    def _chooser(self, title: str, mode: object, start: Path, on_choose, name: str = "",  # noqa: ANN001
                 action: str | None = None) -> None:
        from game.ui.scenes.file_chooser import FileChooserScene

        records_dir = self.app.paths.records_dir if self.app.paths is not None else None
        self.app.stack.push(FileChooserScene(self.app, title, mode, start, on_choose, name,
                                             records_dir, action))

    def _start_folder(self) -> Path:
        return self.chooser_folder if self.chooser_folder is not None else Path.home()

    def open_file(self) -> None:
        from game.ui.scenes.file_chooser import Mode

        def chosen(path: Path, _replace: bool) -> str | None:
            self.chooser_folder = path.parent
            return self._open(path)

        self._chooser(_("Open a record file"), Mode.OPEN, self._start_folder(), chosen)

    def import_file(self) -> None:
        from game.ui.scenes.file_chooser import Mode

        if self.app.paths is None:
            return

        def chosen(path: Path, _replace: bool) -> str | None:
            self.chooser_folder = path.parent
            try:
                dest = replays.import_record(self.app.paths, path)
            except (replays.RecordError, OSError) as e:
                return _("Not imported: {reason}").format(reason=replays.explain(e))
            self._select_name = dest.name
            self.status = _("Imported as {file}.").format(file=file_name_words(dest.name))
            return None

        self._chooser(_("Import a record"), Mode.OPEN, self._start_folder(), chosen,
                      action=_("Import"))

    def export_selected(self) -> None:
        from game.ui.scenes.file_chooser import Mode

        row = self.selected
        if row is None or not row.ok:
            self.status = _("Choose a record to export first.") if row is None else row.players
            return
        src = self._path(row)

        def chosen(path: Path, replace: bool) -> str | None:
            self.chooser_folder = path.parent
            try:
                dest = replays.export_record_as(src, path, replace=replace)
            except FileExistsError:
                return _("A file of that name appeared meanwhile; choose again.")
            except (replays.RecordError, OSError) as e:
                return _("Not exported: {reason}").format(reason=replays.explain(e))
            self.status = _("Exported to {path}.").format(path=file_name_words(str(dest), 400))
            return None

        self._chooser(_("Export a record"), Mode.SAVE, self._start_folder(), chosen,
                      name=file_name_words(row.summary.file, 200),
                      action=pgettext("button", "Export"))

    # --- input ---------------------------------------------------------------------------
    def move(self, step: int | Jump) -> None:
        """↑/↓ by a row, the page keys by a screenful or to an end."""
        self.status = ""  # it spoke of the record just left
        if self.cursor.jump(step) if isinstance(step, Jump) else self.cursor.move(step):
            self._label_filters()

    def _focus_search(self) -> None:
        self.focus = self.search
        self.group.show_focus = self.filters.show_focus = False

    def _cycle(self, step: int) -> None:
        """Tab / Shift+Tab: the list, the search, the sort and game buttons, the action
        buttons, so every part of the page is reached by keys alone."""
        now = self.focus if self.focus is not None else next(
            (g for g in (self.filters, self.group) if g.show_focus), None)
        nxt = cycle([None, self.search, self.filters, self.group], now, step)
        self.focus = nxt if isinstance(nxt, TextField) else None
        self.filters.show_focus = nxt is self.filters
        self.group.show_focus = nxt is self.group

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self._click(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.cursor.wheel(event.y)
            return True
        if self._regions(event, intent):
            return True
        if self.focus is not None:
            return self._typing(event, intent)
        if intent is Intent.BACK:
            self.back()
            return True
        return self._list_keys(event, intent)

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click on the search field, or on a row: it chooses the row, and a second click
        on the chosen row opens it (the first only chooses, even on the row already chosen).
        A click anywhere else leaves the search, and may press a button (False)."""
        if self.search.rect.collidepoint(pos):
            self._focus_search()
            return True
        for rect, i in self.row_rects:
            if rect.collidepoint(pos):
                opens = self.cursor.click(i, self.app.now(), armed=self.focus is None)
                self.focus = None
                self._label_filters()
                if opens:
                    self.open_selected()
                return True
        self.focus = None
        return False

    def _regions(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Tab and Shift+Tab go round the page's parts; Ctrl+F (⌘F) to the search."""
        if intent in (Intent.NEXT_REGION, Intent.PREV_REGION):
            self._cycle(1 if intent is Intent.NEXT_REGION else -1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self._focus_search()
            return True
        return False

    def _typing(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The search field has the keys: Esc or Enter leave it, typing searches at once;
        no other key reaches the page while it is there."""
        if intent is Intent.BACK or (intent is Intent.CONFIRM and event.key != pygame.K_SPACE):
            self.focus = None
            return True
        if self.focus is not None and self.focus.handle_key(event):
            self._searched()
            return True
        return event.type == pygame.KEYDOWN

    def _list_keys(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """A row of buttons with its focus ring shown takes its keys first (but ↑/↓, which
        go back to the list); then the list's keys: ↑/↓ and the page keys choose, S the
        order, ←/→ the game, Enter opens; then the buttons' clicks."""
        groups = (self.filters, self.group)
        if intent not in (Intent.UP, Intent.DOWN) and any(
                self.press(event, intent, g) for g in groups if g.show_focus):
            return True
        if intent in (Intent.UP, Intent.DOWN):
            self.group.show_focus = self.filters.show_focus = False
            self.move(-1 if intent is Intent.UP else 1)
            return True
        jump = jump_of(event)
        if jump is not None:
            self.move(jump)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.next_order()
            return True
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.next_game(-1 if intent is Intent.LEFT else 1)
            return True
        if intent is Intent.CONFIRM:
            self.open_selected()
            return True
        return any(self.press(event, intent, g) for g in groups)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("Replays & records"))
        self._label_filters()
        count_at = (x + tw, y + head - small)
        y += round(head * 1.5)
        # the controls: order, game, player search
        ch = round(body * 1.9)
        half = (tw - 16) // 2
        self.place_buttons(x, y, half, ch, gap=8, buttons=self.filters.buttons)
        self.search.rect = pygame.Rect(x + half + 16, y, tw - half - 16, ch)
        self.filters.draw(surface, body)
        self.search.draw(surface, body, self.focus is self.search, label_above=False,
                         placeholder=_("Find a player (Ctrl+F)"))
        y += ch + 10
        btn_h = round(body * 2.1)
        status = theme.wrap(self.status, small, tw)[:2] if self.status else []
        bottom = rect.bottom - 12 - round(small * 1.5) - btn_h - 8 \
            - len(status) * round(small * 1.35)
        list_rect = pygame.Rect(x - 6, y, tw + 12, max(20, bottom - y))
        self._draw_list(surface, list_rect, body, small)
        theme.blit_text(surface, self._count_words(), small, count_at, theme.TEXT_DIM, False,
                        "topright")
        sy = list_rect.bottom + 4
        for part in status:
            theme.blit_text(surface, part, small, (x, sy), theme.TEXT)
            sy += round(small * 1.35)
        self.place_buttons(x, rect.bottom - 12 - round(small * 1.5) - btn_h, tw, btn_h, gap=8)
        self.group.draw(surface, body)
        keys_line(surface, _("↑/↓ choose · Enter open · ←/→ game · S sort · Tab: search and "
                             "buttons · Esc back"), small, (x, rect.bottom - 8), tw,
                  "bottomleft")

    def _count_words(self) -> str:
        """The line at the top right: how many records, which of them are on screen, or how
        many are still being read."""
        c = self.catalogue
        if c is not None and not c.done:
            return _("Reading records… {n} left").format(n=len(c.pending))
        count = self.model.count_words()
        span = self.cursor.span_words()
        if span is None:
            return count
        return _("{count} · {first}–{last}").format(count=count, first=span[0], last=span[1])

    def _draw_list(self, surface: pygame.Surface, list_rect: pygame.Rect, body: int,
                   small: int) -> None:
        """The rows that fit, the chosen one outlined; or what an empty list means."""
        pygame.draw.rect(surface, (0x10, 0x16, 0x13), list_rect, border_radius=5)
        lh = round(body * 1.3 + small * 1.4 + 12)
        shown = self.cursor.fit(list_rect.h // lh)
        self.row_rects = []
        if not self.model.rows:
            c = self.catalogue
            words = (_("No record yet: every finished game is kept here.")
                     if not self.model.summaries else _("No record matches."))
            if c is not None and c.unreadable:
                words = _("The records folder cannot be read.")
            theme.blit_text(surface, words, body, (list_rect.x + 12, list_rect.y + 10),
                            theme.TEXT_DIM)
        for k, i in enumerate(shown):
            r = pygame.Rect(list_rect.x + 2, list_rect.y + k * lh + 2, list_rect.w - 4, lh - 4)
            chosen = i == self.index
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_LINE, r, border_radius=5)
                pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=5)
            self._draw_row(surface, self.model.rows[i], r, body, small, chosen)
            self.row_rects.append((r, i))

    def _draw_row(self, surface: pygame.Surface, row: Row, r: pygame.Rect, body: int,
                  small: int, chosen: bool) -> None:
        x, w = r.x + 10, r.w - 20
        top = r.y + 5
        if not row.ok:
            theme.blit_text(surface, theme.fit(row.title, body, w), body, (x, top),
                            theme.TEXT_DIM, chosen)
            theme.blit_text(surface, theme.fit(row.players, small, w), small,
                            (x, top + round(body * 1.3)), theme.LOSS)
            return
        rw = theme.text_width(row.result, body, True) if row.result else 0
        theme.blit_text(surface, theme.fit(row.title, body, w - rw - 16), body, (x, top),
                        theme.TEXT, chosen)
        if row.result:
            color = theme.TEXT_DIM if row.tone == 0 else (
                theme.GAIN if row.tone > 0 else theme.LOSS)
            theme.blit_text(surface, row.result, body, (x + w, top), color, True, "topright")
        theme.blit_text(surface, theme.fit(row.players, small, w), small,
                        (x, top + round(body * 1.3)), theme.TEXT_DIM)


__all__ = ["RecordsScene"]

"""The file chooser: a folder browser drawn by the game, for Open a file, Import and Export
on the Replays & records page (issue 26: "not a typed path").

The folder's entries come from game.ui.file_browser (pygame-free, safe on hostile folders).
Keys: ↑/↓ (PageUp/PageDown, Home/End) choose, Enter or → goes into a folder or chooses a
file, Backspace or ← goes up a folder, Tab reaches the name field (Export) and the buttons
(Up, Home, Records folder, the .json filter, Choose, Cancel), Esc cancels. The mouse: a
click chooses a row, a second click (or a double click) opens it, the wheel scrolls. The
list's choice, its window and the double click (counted by the app's clock) are
game.ui.list_focus's; the input is read by source, as pygame_gui's file dialog does it:
the mouse (`_click`), the name field (`_typing`), the list and the buttons (`_list_keys`).

The scene chooses; the caller acts. `on_choose(path, replace)` returns None when done (the
chooser closes) or a sentence, shown in the chooser, which stays open. Export never writes
over a file without asking: a name that is taken opens a question first, and only its
"Replace" calls `on_choose` with `replace=True`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import _, pgettext
from game.text import file_name_words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.file_browser import Browser, Entry, Kind, clean_file_name, typed_name_problem
from game.ui.intents import Intent
from game.ui.list_focus import ListFocus, cycle
from game.ui.page_layout import button_grid
from game.ui.scenes.page import ListPage, jump_of, keys_line
from game.ui.text_field import TextField

Choose = Callable[[Path, bool], "str | None"]


class Mode(enum.Enum):
    OPEN = "open"  # choose an existing file
    SAVE = "save"  # choose a folder and type a name


class FileChooserScene(ListPage):
    name = "file_chooser"

    def __init__(self, app, title: str, mode: Mode, start: Path,  # noqa: ANN001 - App
                 on_choose: Choose, name: str = "", records_dir: Path | None = None,
                 action: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.mode = mode
        self.on_choose = on_choose
        self.records_dir = records_dir
        self.action = action
        self.browser = Browser(start)
        self.cursor = ListFocus(rows=8)  # the chosen entry and the entries on screen
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.name_field = TextField(_("File name"), name, limit=200)
        self.focus: TextField | None = None
        self.status = self.browser.error or ""
        self.group = ButtonGroup(self._buttons(), vertical=False)
        self._select_first_file()

    # --- words and buttons -----------------------------------------------------------
    def _action_words(self) -> str:
        if self.action:
            return self.action
        return pgettext("button", "Save") if self.mode is Mode.SAVE else \
            pgettext("button", "Open")

    def _buttons(self) -> list[Button]:
        only = self.browser.only_json
        buttons = [Button(_("Up a folder"), self.up), Button(_("Home"), self.home)]
        if self.records_dir is not None:
            buttons.append(Button(_("Records folder"), self.records))
        buttons += [Button(_("Show: records (.json)") if only else _("Show: all files"),
                           self.toggle_filter),
                    Button(self._action_words(), self.choose, "primary"),
                    Button(pgettext("button", "Cancel"), self.back, "danger")]
        return buttons

    def relabel(self) -> None:
        self.name_field.label = _("File name")
        self.group.set(self._buttons())  # the focus ring stays where it was

    def editing(self) -> bool:
        """A text field has the keys (Ctrl+- erases nothing, it is not the UI scale)."""
        return self.focus is not None

    # --- moving around -----------------------------------------------------------------
    @property
    def entries(self) -> list[Entry]:
        return self.browser.entries

    @property
    def selected(self) -> Entry | None:
        return self.entries[self.index] if 0 <= self.index < len(self.entries) else None

    def _select_first_file(self) -> None:
        """After a move: the first file (Open) or the first folder below the parent."""
        kinds = [e.kind for e in self.entries]
        want = Kind.FILE if self.mode is Mode.OPEN and Kind.FILE in kinds else None
        if want is None:
            index = 1 if len(kinds) > 1 and kinds[0] is Kind.PARENT else 0
        else:
            index = kinds.index(want)
        self.cursor.reset(len(kinds), index)

    def _went(self, ok: bool, came_from: str | None = None) -> None:
        self.status = "" if ok else (self.browser.error or "")
        if ok:
            self._select_first_file()
            if came_from is not None:  # back up: the folder we left stays chosen
                self.cursor.choose(next((i for i, e in enumerate(self.entries)
                                         if e.name == came_from), self.index))
            self.group.set(self._buttons())

    def up(self) -> None:
        left = self.browser.folder.name
        self._went(self.browser.up(), left)

    def home(self) -> None:
        self._went(self.browser.go(Path.home()))

    def records(self) -> None:
        if self.records_dir is not None:
            self._went(self.browser.go(self.records_dir))

    def toggle_filter(self) -> None:
        chosen = self.selected.name if self.selected else None
        self.browser.set_only_json(not self.browser.only_json)
        self._went(True, chosen)

    def open_entry(self, entry: Entry) -> None:
        """Into a folder; a file: chosen (Open) or its name taken for the new file (Save)."""
        if entry.kind is Kind.PARENT:
            self.up()
        elif entry.kind is Kind.FOLDER:
            self._went(self.browser.enter(entry))
        elif self.mode is Mode.OPEN:
            self._finish(self.browser.path_of(entry), False)
        else:
            self.name_field.text = file_name_words(entry.name, 200)
            self.focus = self.name_field

    def choose(self) -> None:
        """The primary button: Open the chosen file (or go into the chosen folder), or Save
        under the typed name in this folder (asking first when the name is taken)."""
        if self.mode is Mode.OPEN:
            entry = self.selected
            if entry is None or entry.kind is Kind.PARENT:
                self.status = _("Choose a record file in the list first.")
            else:
                self.open_entry(entry)
            return
        problem = typed_name_problem(self.name_field.text)
        if problem:
            self.status = problem
            self.focus = self.name_field
            return
        target = self.browser.folder / clean_file_name(self.name_field.text)
        if target.exists() or target.is_symlink():
            from game.ui.scenes.confirm_dialog import ConfirmScene

            self.app.stack.push(ConfirmScene(
                self.app, _("Replace the file?"),
                [_("A file named {name} is already in this folder. Replace it with this "
                   "record?").format(name=file_name_words(target.name, 120))],
                _("Replace"), lambda: self._finish(target, True)))
            return
        self._finish(target, False)

    def _finish(self, path: Path, replace: bool) -> None:
        problem = self.on_choose(path, replace)
        if problem:
            self.status = problem
            self._went(self.browser.go(self.browser.folder))  # what is there now
            self.status = problem
            return
        self.back()

    # --- input -------------------------------------------------------------------------
    def _cycle(self, step: int) -> None:
        regions: list[object] = [None, self.group]
        if self.mode is Mode.SAVE:
            regions.insert(1, self.name_field)
        now = self.focus if self.focus is not None else (
            self.group if self.group.show_focus else None)
        nxt = cycle(regions, now, step)
        self.focus = nxt if isinstance(nxt, TextField) else None
        self.group.show_focus = nxt is self.group

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self._click(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.cursor.wheel(event.y)
            return True
        if intent in (Intent.NEXT_REGION, Intent.PREV_REGION):
            self._cycle(1 if intent is Intent.NEXT_REGION else -1)
            return True
        if self.focus is not None:
            return self._typing(event, intent)
        if intent is Intent.BACK:
            self.back()
            return True
        return self._list_keys(event, intent)

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click on the name field (Export), or on a row: it chooses the row, and a second
        click on it opens it (game.ui.list_focus). A click anywhere else leaves the name
        field, and may press a button (False)."""
        if self.mode is Mode.SAVE and self.name_field.rect.collidepoint(pos):
            self.focus = self.name_field
            self.group.show_focus = False
            return True
        for rect, i in self.row_rects:
            if rect.collidepoint(pos):
                opens = self.cursor.click(i, self.app.now(), armed=self.focus is None)
                self.focus = None
                self.group.show_focus = False
                if opens:
                    self.open_entry(self.entries[i])
                return True
        self.focus = None
        return False

    def _typing(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The name field has the keys: Esc leaves it, Enter chooses, the rest types; no
        other key reaches the page while it is there."""
        if intent is Intent.BACK:
            self.focus = None
            return True
        if intent is Intent.CONFIRM and event.key != pygame.K_SPACE:
            self.choose()
            return True
        if self.focus is not None and self.focus.handle_key(event):
            return True
        return event.type == pygame.KEYDOWN

    def _list_keys(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The buttons first when their focus ring shows (↑/↓ go back to the list); typing
        in the list starts the name (Export); then the list's keys, then the buttons'
        clicks. Letters never fall through to the page behind while a name is asked."""
        if self.group.show_focus:
            if intent in (Intent.UP, Intent.DOWN):
                self.group.show_focus = False
            elif self.press(event, intent):
                return True
        if event.type == pygame.TEXTINPUT and self.mode is Mode.SAVE \
                and not self.group.show_focus:
            self.focus = self.name_field  # typing in the list starts the name
            return self.name_field.handle_key(event)
        if self._browse(event, intent) or self.press(event, intent):
            return True
        return event.type == pygame.KEYDOWN and self.mode is Mode.SAVE  # letters: the name

    def _browse(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """↑/↓ and the page keys choose; Backspace or ← up a folder; Enter opens the chosen
        entry, → only a folder."""
        if intent in (Intent.UP, Intent.DOWN):
            self.cursor.move(-1 if intent is Intent.UP else 1)
            return True
        jump = jump_of(event)
        if jump is not None:
            self.cursor.jump(jump)
            return True
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_BACKSPACE
                                             or intent is Intent.LEFT):
            self.up()
            return True
        entry = self.selected
        if intent in (Intent.CONFIRM, Intent.RIGHT) and entry is not None:
            if intent is Intent.CONFIRM or entry.kind is Kind.FOLDER:
                self.open_entry(entry)
            return True
        return False

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, self.title)
        y += round(head * 1.5)
        theme.blit_text(surface, theme.fit(_("Folder: {folder}").format(
            folder=self.browser.folder_words()), small, tw), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.5)
        btn_h = round(body * 2.1)
        n = len(self.group.buttons)
        per_row = n if tw // n >= body * 7 else (n + 1) // 2
        button_rows = -(-n // per_row)
        bottom = rect.bottom - 14 - button_rows * (btn_h + 8) - round(small * 1.5)
        status_lines = theme.wrap(self.status, small, tw)[:2] if self.status else []
        bottom -= len(status_lines) * round(small * 1.35)
        if self.mode is Mode.SAVE:
            fh = round(body * 1.8)
            bottom -= fh + round(small * 1.5) + 8
            self.name_field.rect = pygame.Rect(x, bottom + round(small * 1.5) + 4, tw, fh)
        lh = round(body * 1.6)
        list_rect = pygame.Rect(x, y, tw, max(lh, bottom - y - 6))
        self._draw_list(surface, list_rect, lh, body, small)
        if self.mode is Mode.SAVE:
            self.name_field.draw(surface, body, self.focus is self.name_field)
        y = (self.name_field.rect.bottom if self.mode is Mode.SAVE else list_rect.bottom) + 6
        for part in status_lines:
            theme.blit_text(surface, part, small, (x, y), theme.TEXT)
            y += round(small * 1.35)
        by = rect.bottom - 14 - round(small * 1.5) - button_rows * (btn_h + 8) + 8
        for b, box in zip(self.group.buttons, button_grid(n, per_row, x, by, tw, btn_h),
                          strict=True):
            b.rect = pygame.Rect(box)
        self.group.draw(surface, body)
        hint = (_("↑/↓ choose · Enter open · Backspace up a folder · Tab: name and buttons · "
                  "Esc cancel") if self.mode is Mode.SAVE else
                _("↑/↓ choose · Enter open · Backspace up a folder · Tab: buttons · "
                  "Esc cancel"))
        keys_line(surface, hint, small, (x, rect.bottom - 10), tw, "bottomleft")

    def _draw_list(self, surface: pygame.Surface, list_rect: pygame.Rect, lh: int, body: int,
                   small: int) -> None:
        """The entries that fit, the chosen one outlined, folders in gold; what an empty
        folder means; and that a huge folder was listed only in part."""
        pygame.draw.rect(surface, (0x10, 0x16, 0x13), list_rect, border_radius=5)
        shown = self.cursor.fit(list_rect.h // lh)
        self.row_rects = []
        if len(self.entries) <= (1 if self.entries and self.entries[0].kind is Kind.PARENT
                                 else 0):
            theme.blit_text(surface, _("No record files here.") if self.browser.only_json
                            else _("This folder is empty."), body,
                            (list_rect.x + 10, list_rect.bottom - lh), theme.TEXT_DIM)
        for k, i in enumerate(shown):
            e = self.entries[i]
            r = pygame.Rect(list_rect.x, list_rect.y + k * lh, list_rect.w, lh)
            if i == self.index:
                pygame.draw.rect(surface, theme.PANEL_LINE, r.inflate(-4, -4), border_radius=4)
                pygame.draw.rect(surface, theme.GOLD, r.inflate(-4, -4), 1, border_radius=4)
            color = theme.GOLD if e.kind is not Kind.FILE else theme.TEXT
            theme.blit_text(surface, theme.fit(e.words, body, r.w - 20), body,
                            (r.x + 10, r.centery), color, e.kind is Kind.FOLDER, "midleft")
            self.row_rects.append((r, i))
        if self.browser.truncated:
            theme.blit_text(surface, _("Only the first {n} entries are listed.").format(
                n=len(self.entries)), small, (list_rect.right - 8, list_rect.bottom - 4),
                theme.TEXT_DIM, False, "bottomright")


__all__ = ["FileChooserScene", "Mode"]

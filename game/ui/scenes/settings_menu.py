"""Settings overlay: each row cycles its value (Enter or →, ← goes back); applied at once.

Issue 15 adds the language (each name in its own language; the screen re-labels at once),
the term style, the UI size (also Ctrl+= / Ctrl+− / Ctrl+0 anywhere), reduced motion, high
contrast and the colour-blind corner marks. Issue 26 (item 7) adds the rows players expect
(fullscreen, card size, table surface, card back, auto-continue, hand order, music) and gives
each row a one-line explanation under it; with that many rows the screen has pages, the
tabs of docs/design/TABLE.md §5.10 (Game, Table, Sound, Language and access; and Online,
issue 46), chosen by
click, by 1–5, or by ←/→ on the tab row. The rows are drawn smaller, then in two columns,
if the UI size makes a page too tall: this screen is where a player turns the size back
down, so it must always fit.
"""

from __future__ import annotations

import pygame

from game import i18n
from game import settings as settings_mod
from game.i18n import N_, _
from game.ui import theme
from game.ui.buttons import Button
from game.ui.intents import Intent
from game.ui.scenes.overlay import OverlayScene
from game.ui.scenes.relay_setting import RELAY_HELP, RelayScene

VOLUMES = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]

# Words for the settings' ids (settings.py keeps ids; the words are translated where shown).
SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
               "instant": N_("Instant")}
PACE_WORDS = {"relaxed": N_("Relaxed"), "normal": N_("Normal"), "brisk": N_("Brisk"),
              "instant": N_("Instant")}
HINT_WORDS = {"off": N_("Off"), "matches": N_("Matches"),
              "watch": N_("Matches + yaku watch"), "advisor": N_("+ advisor")}
TERM_WORDS = {"both": N_("Japanese + translation"), "translation": N_("Translation only"),
              "japanese": N_("Japanese only")}
SIZE_WORDS = {"normal": N_("Normal"), "large": N_("Large")}
TABLE_WORDS = {"felt": N_("Green felt"), "tatami": N_("Tatami"), "zabuton": N_("Red cushion"),
               "charcoal": N_("Charcoal")}
BACK_WORDS = {"red": N_("Red"), "black": N_("Black"), "indigo": N_("Indigo")}
SORT_WORDS = {"month": N_("By month"), "kind": N_("By kind")}
CYCLED = {"anim_speed": settings_mod.ANIM_SPEEDS, "ai_pace": settings_mod.AI_PACES,
          "hints": settings_mod.HINT_LEVELS, "term_style": settings_mod.TERM_STYLES,
          "language": i18n.LANGUAGES, "card_size": settings_mod.CARD_SIZES,
          "table_style": settings_mod.TABLE_STYLES, "card_back": settings_mod.CARD_BACKS,
          "hand_sort": settings_mod.HAND_SORTS}
VOLUME_ROWS = ("volume", "music_volume")

# The pages (TABLE.md §5.10's tabs) and their rows, in order; "welcome" is a button, not a
# setting. The keyboard order of the last page is the order of issue 15's rows.
TABS: dict[str, tuple[str, tuple[str, ...]]] = {
    "game": (N_("Game"), ("anim_speed", "ai_pace", "auto_continue", "hand_sort", "hints",
                          "hint_figures", "confirm_quit", "welcome")),
    "table": (N_("Table"), ("fullscreen", "card_size", "table_style", "card_back")),
    "sound": (N_("Sound"), ("volume", "muted", "music", "music_volume")),
    "access": (N_("Language and access"), ("language", "term_style", "ui_scale",
                                           "reduced_motion", "high_contrast", "corner_marks")),
    "online": (N_("Online"), ("relay_url",)),  # issue 46: friends anywhere, through a relay
}
TAB_PREFIX = "tab:"

# One line under each row: what it does, in words a new player reads at a glance.
EXPLAIN = {
    "anim_speed": N_("How fast cards move, flip and settle."),
    "ai_pace": N_("The least time each computer move stays on screen, all game long. "
                  "Brisk plays faster."),
    "auto_continue": N_("After a round's ledger, go on by itself after a few seconds unless "
                        "you touch a key or the mouse."),
    "hand_sort": N_("The order of your hand on screen; the number keys follow it."),
    "hints": N_("How much the table helps: the cards you can take, the yaku in reach, a "
                "suggested move."),
    "hint_figures": N_("Under a hint, what each choice is expected to win or lose this "
                       "round, in mon."),
    "confirm_quit": N_("Ask before closing while a game is on (it is saved either way)."),
    "welcome": N_("Show the first-run welcome at the title again."),
    "fullscreen": N_("Fill the whole screen. F11 does the same anywhere."),
    "card_size": N_("Large shows your hand and the captured cards bigger; the field gets "
                    "a little smaller."),
    "table_style": N_("The cloth the cards lie on."),
    "card_back": N_("The colour of the cards' backs."),
    "volume": N_("How loud everything the game plays is."),
    "muted": N_("Silence every sound and the music; M does the same anywhere."),
    "music": N_("Quiet koto music at the title and at the table."),
    "music_volume": N_("How loud the music is, under the card sounds."),
    "language": N_("The language of the whole game; it changes at once."),
    "term_style": N_("How hanafuda terms are written: in Japanese, translated, or both."),
    "ui_scale": N_("The size of all text and buttons (Ctrl+= / Ctrl+− / Ctrl+0)."),
    "reduced_motion": N_("Cards fade into place instead of sliding; nothing drifts."),
    "high_contrast": N_("A darker table with brighter text and lines."),
    "corner_marks": N_("A month number and a kind shape in each card's corner, so no card "
                       "is told by colour alone."),
    "relay_url": RELAY_HELP,
}
TYPED = ("welcome", "relay_url")  # rows that open something: ← / → change nothing


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


class SettingsScene(OverlayScene):
    name = "settings"
    width_frac = 0.56

    def __init__(self, app, tab: str = "game") -> None:  # noqa: ANN001
        super().__init__(app, _("Settings"), [])
        self.tab = tab if tab in TABS else "game"
        self.relabel()
        self.group.index = len(TABS)  # the page's first row: → changes it at once; ↑ tabs

    def relabel(self) -> None:
        """The language changed (this screen's own Language row, for one): new words."""
        self.title = _("Settings")
        self.lines = [_("Enter or → changes a row, ← goes back; the tabs are pages (1–5). "
                        "Changes apply at once and are saved.")]
        self._rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """A new UI size (Ctrl+= / Ctrl+− while this screen is open) reaches the scenes as
        a resize: the rows are labelled again, so the size row reads the size in use."""
        super().resize(size)
        self._rebuild()

    def show_tab(self, tab: str) -> None:
        """Open page `tab`, the focus staying on its tab."""
        self.tab = tab
        self._rebuild()
        self.group.index = list(TABS).index(tab)

    def setting_rows(self) -> list[tuple[str, str]]:
        """(key, label) of every setting, on every page."""
        s = self.app.settings
        lang = s.language or i18n.language()
        scale = s.ui_scale or theme.ui_scale()
        size = _("UI size: − {percent} % +").format(percent=scale)
        if not s.ui_scale:
            size = _("UI size: − {percent} % + (from the display)").format(percent=scale)
        elif scale > theme.effective_scale():  # only if theme.TEXT_ROOM caps the text
            size = _("UI size: − {percent} % + (text stops at {room} %)").format(
                percent=scale, room=theme.effective_scale())
        elif scale > (room := self.window_allows()):  # the table keeps its cards readable
            size = _("UI size: − {percent} % + (window allows {room} % at the table)").format(
                percent=scale, room=room)
        return [
            ("anim_speed", _("Animation speed: {speed}").format(
                speed=_(SPEED_WORDS.get(s.anim_speed, s.anim_speed)))),
            ("ai_pace", _("Computer pace: {pace}").format(
                pace=_(PACE_WORDS.get(s.ai_pace, s.ai_pace)))),
            ("auto_continue", _("Auto-continue after the ledger: {state}").format(
                state=on_off(s.auto_continue))),
            ("hand_sort", _("Sort my hand: {order}").format(
                order=_(SORT_WORDS.get(s.hand_sort, SORT_WORDS["month"])))),
            ("hints", _("Hints: {level}").format(level=_(HINT_WORDS.get(s.hints, s.hints)))),
            ("hint_figures", _("Show figures in hints: {state}").format(
                state=on_off(s.hint_figures))),
            ("confirm_quit", _("Confirm before quitting: {state}").format(
                state=on_off(s.confirm_quit))),
            ("fullscreen", _("Fullscreen: {state}  (F11)").format(state=on_off(s.fullscreen))),
            ("card_size", _("Card size: {size}").format(
                size=_(SIZE_WORDS.get(s.card_size, SIZE_WORDS["normal"])))),
            ("table_style", _("Table: {surface}").format(
                surface=_(TABLE_WORDS.get(s.table_style, TABLE_WORDS["felt"])))),
            ("card_back", _("Card back: {colour}").format(
                colour=_(BACK_WORDS.get(s.card_back, BACK_WORDS["red"])))),
            ("volume", _("Volume: {percent} %").format(percent=round(s.volume * 100))),
            ("muted", _("Sound: {state}  (M)").format(state=self._sound_state())),
            ("music", _("Music: {state}").format(state=self._music_state())),
            ("music_volume", _("Music volume: {percent} %").format(
                percent=round(s.music_volume * 100))),
            ("language", _("Language: {name}").format(
                name=i18n.LANGUAGES.get(lang, i18n.LANGUAGES["en"]))),
            ("term_style", _("Terms: {style}").format(
                style=_(TERM_WORDS.get(s.term_style, TERM_WORDS["both"])))),
            ("ui_scale", size),
            ("reduced_motion", _("Reduced motion: {state}").format(
                state=on_off(s.reduced_motion))),
            ("high_contrast", _("High contrast: {state}").format(
                state=on_off(s.high_contrast))),
            ("corner_marks", _("Card corner marks (month and kind): {state}").format(
                state=on_off(s.corner_marks))),
            ("relay_url", _("Relay for online seats: {address}").format(
                address=s.relay_url or _("none"))),
        ]

    def window_allows(self) -> int:
        """The text scale (percent) the table draws at in this window: its layout gives
        text only as much room as leaves every card readable (layout.table_text, issue 23),
        so a small window holds less than the size chosen (issue 45, item 9). The open
        table's own layout when there is one, else a three-seat table's."""
        from game.ui.layout import table_text
        from game.ui.scenes.table import TableScene

        table = self.app.stack.find(TableScene)
        if isinstance(table, TableScene):
            return round(table.current_layout()[0].text * 100)
        W, H = self.app.screen.get_size()
        return round(table_text(W, H, 3, 3, self.app.settings.card_scale,
                                theme.effective_scale() / 100) * 100)

    def _sound_state(self) -> str:
        """On, Muted, or why nothing can be heard: a machine without a sound device runs
        silently, and the row must not claim "On" then (issue 12)."""
        if not getattr(self.app.audio, "available", True):
            return _("none — no sound device was found")
        return _("Muted") if self.app.settings.muted else _("On")

    def _music_state(self) -> str:
        if not getattr(self.app.audio, "available", True):
            return _("none — no sound device was found")
        return on_off(self.app.settings.music)

    def _rebuild(self) -> None:
        """The buttons: the tabs, the rows of the open page (each with its explanation;
        Show welcome again on the Game page), Done. `row_keys` names what is behind each
        button: "tab:<page>", a setting's key, "welcome", or None (Done)."""
        index = self.group.index
        labels = dict(self.setting_rows())
        tabs = [Button(_(label), (lambda t=tab: self.show_tab(t)),
                       "primary" if tab == self.tab else "secondary")
                for tab, (label, _rows) in TABS.items()]
        self.pages = {tab: self._page(tab, labels) for tab in TABS}  # each page measured
        buttons = [*tabs, *self.pages[self.tab], Button(pgettext_done(), self.close,
                                                        "primary")]
        self.row_keys: list[str | None] = [*(TAB_PREFIX + t for t in TABS),
                                           *TABS[self.tab][1], None]
        self.group.set(buttons)
        self.group.index = min(index, len(buttons) - 1)

    def _page(self, tab: str, labels: dict[str, str]) -> list[Button]:
        """The row buttons of page `tab`, each with its explanation."""
        rows = []
        for key in TABS[tab][1]:
            if key == "welcome":
                rows.append(Button(_("Show welcome again"), self.welcome_again,
                                   lines=(_(EXPLAIN[key]),)))
            elif key == "relay_url":
                rows.append(Button(labels[key], self.edit_relay, lines=(_(EXPLAIN[key]),)))
            else:
                rows.append(Button(labels[key], (lambda k=key: self.change(k, 1)),
                                   lines=(_(EXPLAIN[key]),)))
        return rows

    def edit_relay(self) -> None:
        """The relay's address is typed, in a dialog of its own over this screen."""
        self.app.stack.push(RelayScene(self.app, on_done=self._rebuild))

    def welcome_again(self) -> None:
        """The first-run welcome shows again the next time the title is reached."""
        self.app.settings.welcome_seen = False
        self.app.apply_settings()
        self.close()
        from game.ui.scenes.title import TitleScene

        if isinstance(self.app.stack.top, TitleScene):
            self.app.stack.top.resume()

    def change(self, key: str, step: int) -> None:
        s = self.app.settings
        if key in CYCLED:
            values = list(CYCLED[key])
            cur = getattr(s, key) or (i18n.language() if key == "language" else "")
            i = values.index(cur) if cur in values else 0
            setattr(s, key, values[(i + step) % len(values)])
        elif key in VOLUME_ROWS:
            now = getattr(s, key)
            i = min(range(len(VOLUMES)), key=lambda j: abs(VOLUMES[j] - now))
            setattr(s, key, VOLUMES[(i + step) % len(VOLUMES)])
        elif key == "ui_scale":
            scales = settings_mod.UI_SCALES
            cur = theme.clamp_scale(s.ui_scale or theme.ui_scale())
            i = scales.index(cur) + step
            if i >= len(scales) and step > 0:  # Enter at 200 % wraps round to 100 %
                i = 0
            s.ui_scale = scales[max(0, min(len(scales) - 1, i))]
        else:
            setattr(s, key, not getattr(s, key))
        self.app.apply_settings()  # a new language re-labels every scene, this one too
        self._rebuild()

    def process_event(self, event, intent):  # noqa: ANN001, ANN201
        if intent in (Intent.LEFT, Intent.RIGHT):
            row = self.row_keys[self.group.index]
            step = 1 if intent is Intent.RIGHT else -1
            if row is not None and row.startswith(TAB_PREFIX):
                tabs = list(TABS)
                self.show_tab(tabs[(tabs.index(row[len(TAB_PREFIX):]) + step) % len(tabs)])
                self.group.show_focus = True
                return True
            if row is not None and row not in TYPED:
                self.change(row, step)
                self.group.show_focus = True
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self._minus_clicked(event.pos)):
            self.group.show_focus = False
            return True
        return super().process_event(event, intent)

    def _minus_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on the left third of the UI size row makes it smaller (− ... +)."""
        if "ui_scale" not in self.row_keys:
            return False
        i = self.row_keys.index("ui_scale")
        if i < len(self.group.buttons):
            r = self.group.buttons[i].rect
            if r.collidepoint(pos) and pos[0] < r.x + r.w // 3:
                self.group.index = i
                self.change("ui_scale", -1)
                return True
        return False

    # --- layout: tabs, then the page's rows in one or two columns, smaller if need be ------
    def _measure(self, W: int, H: int, body: int, cols: int,
                 rows: list[Button] | None = None) -> tuple[int, dict]:
        """The height a page needs at text size `body` in `cols` columns, and the sizes
        (`rows`: that page's row buttons; the open page's by default)."""
        head = max(theme.min_size("heading"), round(body * 1.6))
        small = max(theme.min_size("small"), round(body * 0.82))
        rh, gap = round(body * 2.0), max(4, body // 3)
        w = min(W - 40, max(640, round(W * (self.width_frac if cols == 1 else 0.86))))
        inner = w - 48
        col_w = inner if cols == 1 else (inner - 16) // 2
        help_lines = [part for line in self.lines for part in theme.wrap(line, small, inner)]
        n_tabs = len(TABS)
        rows = self.group.buttons[n_tabs:-1] if rows is None else rows
        heights = [b.height_for(body, col_w) for b in rows]
        per_col = -(-len(rows) // cols)
        columns = [heights[c * per_col:(c + 1) * per_col] for c in range(cols)]
        rows_h = max(sum(col) + gap * len(col) for col in columns if col)
        want = (18 + round(head * 1.4) + rh + gap + len(help_lines) * round(small * 1.35) + 10
                + rows_h + rh + 18)
        return want, {"head": head, "small": small, "rh": rh, "gap": gap, "w": w,
                      "inner": inner, "col_w": col_w, "help": help_lines, "per_col": per_col,
                      "heights": heights, "want": want}

    def _fit(self, W: int, H: int) -> tuple[int, int, int]:
        """(body size, columns, height) that hold every page: one column, else two, else
        smaller text. Chosen for all pages at once, so the box, its heading and the tabs
        stay where they are when the page changes (issue 45, item 10: they moved, the box
        being sized and centred by the open page alone)."""
        pages = list(self.pages.values())
        body = theme.size_of("body", H)
        while True:
            for cols in (1, 2):
                tallest = max(self._measure(W, H, body, cols, rows)[0] for rows in pages)
                if tallest <= H - 20 or max(len(rows) for rows in pages) <= 3:
                    break
            if tallest <= H - 20 or body <= theme.min_size("body"):
                return body, cols, tallest
            body -= 1

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 150)
        body, cols, tallest = self._fit(W, H)
        want, m = self._measure(W, H, body, cols)
        h = min(tallest, H - 20)
        w, inner, rh, gap = m["w"], m["inner"], m["rh"], m["gap"]
        self.box = pygame.Rect((W - w) // 2, (H - h) // 2, w, h)
        theme.panel(surface, self.box, alpha=245, line=theme.GOLD)
        x, y = self.box.x + 24, self.box.y + 18
        theme.blit_text(surface, theme.fit(self.title, m["head"], inner, True), m["head"],
                        (x, y), theme.TEXT, True)
        y += round(m["head"] * 1.4)
        n_tabs = len(TABS)
        tabs = self.group.buttons[:n_tabs]  # as wide as their words ask, sharing the row
        need = [theme.text_width(b.label, body, True) + 24 for b in tabs]
        room = inner - 8 * (n_tabs - 1)
        tx = x
        for b, want_w in zip(tabs, need, strict=True):
            tab_w = round(room * want_w / sum(need))
            b.rect = pygame.Rect(tx, y, tab_w, rh)
            tx += tab_w + 8
        y += rh + gap
        for part in m["help"]:
            theme.blit_text(surface, part, m["small"], (x, y), theme.TEXT_DIM)
            y += round(m["small"] * 1.35)
        y += 10
        col_w, per_col = m["col_w"], m["per_col"]
        bottom = y
        for i, b in enumerate(self.group.buttons[n_tabs:-1]):
            col, row = divmod(i, per_col)
            if row == 0:
                yy = y
            b.rect = pygame.Rect(x + col * (col_w + 16), yy, col_w, m["heights"][i])
            yy += m["heights"][i] + gap
            bottom = max(bottom, yy)
        done = self.group.buttons[-1]
        bottom = max(bottom, self.box.bottom - 18 - rh)  # where the tallest page ends
        done.rect = pygame.Rect(x, bottom, min(inner, max(200, col_w // 2)), rh)
        self.group.draw(surface, body)


def pgettext_done() -> str:
    return i18n.pgettext("button", "Done")

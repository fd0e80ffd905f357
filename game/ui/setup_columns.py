"""The New game screen's widgets, one builder per column (TABLE.md §5.3): the games, the
rules, the seats, and the bar with Back and Start.

Each builder reads the setup model (game.ui.setup_model) and lays out pygame_gui widgets
inside the sizes `setup_frame` computes once per build; every control is registered in a
`Form` under a key ("ruleset", name), ("option", name), ("kind", seat) ... that survives the
rebuilds, so the scene finds a control, its drop-down values and its focus by key. A new kind
of option row is a change to `option_row` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
)

from game.i18n import _, ngettext, pgettext
from game.seats import MAX_NAME
from game.ui import theme
from game.ui.setup_model import Choice, OptionRow, SetupModel
from game.ui.setup_theme import control_sizes, sized

STRENGTH_LINK = "strength"  # the seats' notes link that shows the levels' measured strength


@dataclass(frozen=True)
class Frame:
    """The screen's sizes at one window size: the text sizes, a control's height, the three
    columns and where the bottom bar begins."""

    width: int
    height: int
    body: int
    small: int
    row: int  # a control's height
    pad: int
    head_h: int  # a column heading, a whole line tall (issue 15)
    bottom: int  # the top of the bar with Back and Start
    game: pygame.Rect
    rules: pygame.Rect
    seats: pygame.Rect


def setup_frame(size: tuple[int, int], titles: list[str]) -> Frame:
    """The columns at this window size. At a large UI scale the game column widens to its
    longest title (the titles shrink first, before it grows past 34 %) and the rules column
    gives way."""
    W, H = size
    body, small = theme.size_of("body", H), theme.size_of("small", H)
    pad = round(W * 0.02)
    top = round(H * 0.04) + round(theme.size_of("heading", H) * 1.6)
    bottom = H - round(body * 3.2)
    longest = max(theme.text_width(t, body) for t in titles) + 40 + body // 2
    for sz in control_sizes(H):
        if longest <= round(W * 0.34):
            break
        longest = max(theme.text_width(t, sz) for t in titles) + 40 + body // 2
    c1 = pygame.Rect(pad, top, min(round(W * 0.34), max(round(W * 0.26), longest)),
                     bottom - top - 10)
    c2 = pygame.Rect(c1.right + pad, top, round(W * 0.66) - c1.w, c1.h)
    c3 = pygame.Rect(c2.right + pad, top, W - c2.right - 2 * pad, c1.h)
    return Frame(W, H, body, small, round(body * 2.0), pad, round(small * 1.5) + 4, bottom,
                 c1, c2, c3)


def face(b: UIButton, text: str) -> None:
    """Show a drop-down's value, shortened so that it ends before the drawn ▾
    ("Computer · Expert" becomes "Expert" where the whole does not fit)."""
    room = b.rect.w - 10 - 2 * max(4, b.rect.h // 7) - 16
    font = b.font
    if font is not None and font.size(text)[0] > room and " · " in text:
        text = text.split(" · ", 1)[1]
    if font is not None and font.size(text)[0] > room:
        while len(text) > 1 and font.size(text + "…")[0] > room:
            text = text[:-1]
        text += "…"
    b.set_text(text)


class Form:
    """The widgets of one build and what each is: its key, and for a drop-down its values'
    words, the current one and what each means (the ids beside the words)."""

    def __init__(self, manager: pygame_gui.UIManager, height: int) -> None:
        self.manager = manager
        self.height = height
        self.widgets: dict[object, tuple] = {}  # in Tab order
        self.choices: dict[tuple, tuple[list[str], str]] = {}  # drop-down: values, current
        self.choice_ids: dict[tuple, dict[str, object]] = {}

    def add(self, el: object, key: tuple) -> object:
        self.widgets[el] = key
        return el

    def choice(self, key: tuple, choice: Choice, rect: pygame.Rect,
               container: UIScrollingContainer | None = None) -> UIButton:
        """A drop-down: a button showing the value; pressing it opens a `ChoiceList`."""
        room = rect.w - 10 - 2 * max(4, rect.h // 7) - 16  # as `face` measures
        _words, look = sized(choice.current.split(" · ", 1)[-1], room, self.height, "@choice")
        b = UIButton(rect, choice.current, self.manager, container=container, object_id=look)
        self.widgets[b] = key
        self.choices[key] = (choice.values, choice.current)
        self.choice_ids[key] = (dict(zip(choice.values, choice.ids, strict=True))
                                if choice.ids else {})
        face(b, choice.current)
        return b


def game_column(form: Form, model: SetupModel, f: Frame) -> None:
    """Every game as a button (the chosen one gold), its summary below in at least three
    lines."""
    m, c1 = form.manager, f.game
    y = c1.y
    UILabel(pygame.Rect(c1.x, y, c1.w, f.head_h), _("GAME"), m, object_id="@heading")
    y += f.head_h + 2
    games = model.games()
    least = round(f.body * 1.6)  # a game button gives way to the summary down to this
    size, tall = summary_size(form, model, f, c1.bottom - y - len(games) * (least + 4) - 6)
    need = max(round(f.small * 4.5), tall + 6)
    grow = min(f.row, max(least, (c1.bottom - y - need) // len(games) - 4))
    for name, title in games:
        words, look = sized(title, c1.w - 24 - f.body // 2, f.height,
                            "@selected" if name == model.ruleset else None)
        form.add(UIButton(pygame.Rect(c1.x, y, c1.w, grow), words, m, object_id=look),
                 ("ruleset", name))
        y += grow + 4
    summary_box(form, model, f, size, pygame.Rect(c1.x, y + 6, c1.w, c1.bottom - y - 6))


def summary_box(form: Form, model: SetupModel, f: Frame, k: int,
                rect: pygame.Rect) -> UITextBox:
    """The chosen game's summary at the `k`-th of `control_sizes` (-1: as tall as its
    lines). Japanese is pre-wrapped (pygame_gui breaks lines only at spaces), leaving room
    for the box's padding and scroll bar."""
    return UITextBox(theme.gui_prewrap(model.summary(), control_sizes(f.height)[k],
                                       f.game.w - 60),
                     rect, form.manager, object_id=ObjectID(object_id=f"#s{k}"))


def summary_size(form: Form, model: SetupModel, f: Frame, room: int) -> tuple[int, int]:
    """(k, height): the largest of `control_sizes` at which the summary's lines fit `room`
    px whole, and the height they take (issue 45, item 10: in Japanese at 150 % the last
    lines were cut at the box's foot); the small size, scrolling, if none does."""
    for k in range(len(control_sizes(f.height))):
        probe = summary_box(form, model, f, k, pygame.Rect(f.game.x, f.game.bottom,
                                                           f.game.w, -1))
        tall = probe.rect.h
        probe.kill()
        if tall <= room:
            return k, tall
    return 0, room


@dataclass(frozen=True)
class RulesView:
    """The scrolling list of options: its container, the box it shows and its height."""

    scroll: UIScrollingContainer
    box: pygame.Rect
    height: int


def rules_column(form: Form, model: SetupModel, f: Frame, scroll: float | None) -> RulesView:
    """The preset, then the options about the game's length, then House rules (folded
    unless opened); the options scroll (Hachi-Hachi has 19), kept at `scroll` if given."""
    m, c2 = form.manager, f.rules
    UILabel(pygame.Rect(c2.x, c2.y, c2.w, f.head_h), _("RULES"), m, object_id="@heading")
    py = c2.y + f.head_h + 2
    preset = model.preset_choice()
    if preset is not None:
        py = _preset_row(form, preset, f, py)
    box = pygame.Rect(c2.x, py, c2.w, c2.bottom - py)
    sc = UIScrollingContainer(box, m, allow_scroll_x=False)
    oy = 0
    cw = box.w - 24
    main, house = model.option_rows()
    for row in main:
        oy = option_row(form, row, sc, oy, cw, f)
    if house:
        n = len(house)
        text = (_("− House rules ({n})").format(n=n) if model.house_open
                else ngettext("+ House rules ({n} option)", "+ House rules ({n} options)",
                              n).format(n=n))
        words, look = sized(text, cw - 24 - f.body // 2, f.height, "@choice")
        form.add(UIButton(pygame.Rect(0, oy, cw, f.row), words, m, container=sc,
                          object_id=look), ("house", None))
        oy += f.row + 8
        if model.house_open:
            for row in house:
                oy = option_row(form, row, sc, oy, cw, f)
    sc.set_scrollable_area_dimensions((cw, max(oy, 10)))
    if scroll is not None and sc.vert_scroll_bar is not None:
        sc.vert_scroll_bar.set_scroll_from_start_percentage(scroll)
    return RulesView(sc, box, max(oy, 10))


def _preset_row(form: Form, preset: Choice, f: Frame, py: int) -> int:
    """"Preset" and its list on one row, or the list on a row of its own below the word
    where either would not fit; returns the next row's y."""
    m, c2, body = form.manager, f.rules, f.body
    pw = min(round(c2.w * 0.5), theme.text_width(_("Preset"), body) + body)
    cx, room = c2.x + pw + 4, c2.w - pw - 28
    if theme.text_width(preset.current, control_sizes(f.height)[-1]) > room - 50 or \
            theme.text_width(_("Preset"), body) + body > pw:
        UILabel(pygame.Rect(c2.x, py, c2.w, f.row), _("Preset"), m)  # a row above
        py += f.row
        cx, room = c2.x, c2.w - 24
    else:
        UILabel(pygame.Rect(c2.x, py, pw, f.row), _("Preset"), m)
    form.choice(("preset", None), preset, pygame.Rect(cx, py, room, f.row))
    return py + f.row + 6


def option_row(form: Form, row: OptionRow, sc: UIScrollingContainer, oy: int, cw: int,
               f: Frame) -> int:
    """One option: its name, its control and one line on the chosen value (or, greyed
    and locked, the engine's reason it does nothing now); returns the next row's y."""
    m = form.manager
    look = "@off" if row.reason else None
    lw = round(cw * 0.5)
    if len(theme.wrap(row.label, f.body, lw - 12)) > 1:  # too long beside its control:
        UILabel(pygame.Rect(0, oy, cw, f.row), row.label, m, container=sc,
                object_id=look)  # a row above
        oy += f.row
    else:
        UILabel(pygame.Rect(0, oy, lw, f.row), row.label, m, container=sc, object_id=look)
    rect = pygame.Rect(lw + 4, oy, cw - lw - 4, f.row)
    el: object
    if row.choice is not None:
        el = form.choice(("option", row.name), row.choice, rect, sc)
    else:
        el = form.add(UITextEntryLine(rect, m, container=sc, initial_text=row.text),
                      ("option", row.name))
    if row.reason:
        el.disable()  # type: ignore[attr-defined]
    oy += f.row + 2
    line_h = round(f.small * 1.45) + 2  # a whole line of text, at any UI scale
    for part in theme.wrap(row.note, f.small, cw - 24 - f.small):
        UILabel(pygame.Rect(8, oy, cw - 8, line_h), part, m, container=sc,
                object_id="@error" if row.error else "@help")
        oy += line_h
    return oy + 8


def seats_column(form: Form, model: SetupModel, f: Frame) -> None:
    """The seat count, each seat's name and kind, the seed, and the computer levels' notes
    (the seat rows give way, down to 1.6 lines, to three lines of the notes)."""
    m, c3, body = form.manager, f.seats, f.body
    y = c3.y
    row = min(f.row, max(round(body * 1.6), (c3.h - f.head_h - round(f.small * 4.5) - 40)
                         // (len(model.seats) + 2) - 5))
    UILabel(pygame.Rect(c3.x, y, c3.w, f.head_h), _("SEATS"), m, object_id="@heading")
    y += f.head_h + 2
    label = model.seats_label()
    lw = theme.text_width(label, body) + 12
    cx = c3.x + round(c3.w * 0.45)
    if lw > cx - c3.x:  # too wide beside the count at this scale: narrower list
        cx = min(c3.x + lw, c3.right - round(body * 3.2))
    UILabel(pygame.Rect(c3.x, y, cx - c3.x - 4, row), label, m)
    form.choice(("count", None), model.count_choice(), pygame.Rect(cx, y, c3.right - cx, row))
    y += row + 8
    nw = round(c3.w * 0.36)
    for i, (seat, kinds) in enumerate(zip(model.seats, model.kind_choices(), strict=True)):
        e = UITextEntryLine(pygame.Rect(c3.x, y, nw, row), m, initial_text=str(seat["name"]))
        e.set_text_length_limit(MAX_NAME)
        form.add(e, ("name", i))
        form.choice(("kind", i), kinds, pygame.Rect(c3.x + nw + 4, y, c3.w - nw - 4, row))
        y += row + 4
    y += 6
    UILabel(pygame.Rect(c3.x, y, round(c3.w * 0.4), row), _("Seed"), m)
    form.add(UITextEntryLine(pygame.Rect(c3.x + round(c3.w * 0.45), y, round(c3.w * 0.55), row),
                             m, initial_text=model.seed_text, placeholder_text=_("random")),
             ("seed", None))
    y += row + 6
    shown = model.show_strength  # the figures one click or F2 away (issue 45)
    desc = "<br>".join(f"<b>{n.level}</b>: {n.description}"
                       + (f"<br><i>{n.strength}</i>" if n.strength and shown else "")
                       for n in model.level_notes())
    if link := model.strength_link():  # first, where it is seen without scrolling
        desc = f"<a href='{STRENGTH_LINK}'>{link}</a><br>{desc}"
    phone = _("<b>Phone</b>: that player joins from a phone or tablet on the same Wi-Fi "
              "and holds their hand there; this screen never shows it.")
    UITextBox(theme.gui_prewrap(phone + "<br>" + _("Computer players — {levels}").format(
        levels=desc),
                                f.small, c3.w - 60),
              pygame.Rect(c3.x, y, c3.w, c3.bottom - y), m)


@dataclass(frozen=True)
class BottomBar:
    """Back, Start, and between them the problem line (where the keys' help is drawn
    while there is none)."""

    back: UIButton
    start: UIButton
    error: UILabel
    footer: pygame.Rect


def bottom_bar(form: Form, f: Frame) -> BottomBar:
    """Back and Start as wide as their words (« Lancer la partie » at 200 %)."""
    m, W, body = form.manager, f.width, f.body
    bw = max(180, round(W * 0.16), *(theme.text_width(t, body) + 2 * body for t in (
        pgettext("button", "Back"), _("Start game"))))
    back = UIButton(pygame.Rect(f.pad, f.bottom, bw, f.row), pgettext("button", "Back"), m)
    start = UIButton(pygame.Rect(W - f.pad - bw, f.bottom, bw, f.row), _("Start game"), m,
                     object_id="@primary")
    form.add(back, ("back", None))
    form.add(start, ("start", None))
    footer = pygame.Rect(f.pad + bw + 20, f.bottom, W - 2 * bw - 2 * f.pad - 40, f.row)
    return BottomBar(back, start, UILabel(footer.copy(), "", m, object_id="@error"), footer)

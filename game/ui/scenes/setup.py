"""New game setup (TABLE.md §5.3) with pygame_gui widgets: game, rules options, seats.

Every ruleset of `rulesets.names()`, every option of its OPTIONS table with the engine's help
line (bool: On/Off, listed values and whole numbers: a drop-down, see `int_choices`), the seat range
of the configured ruleset (it can depend on options), and per seat a name and Human or any
computer player of `ai.AGENTS`, each level with one line on its strength as measured by
the ladder (`ai/ladder.json`, `python -m ai.ladder`). Invalid input shows a message and
disables Start; it never raises. The last choices are remembered in the settings file.

Drop-downs are a pygame_gui button that opens our own `ChoiceList` (drawn above everything,
modal, with keys), and the scene is its own focus manager (TABLE.md §6.2-§6.3): Tab/Shift+Tab
and ↑/↓ move between controls, ←/→ change a drop-down's value, Enter/Space open or press,
Esc backs out one level (the open list, then text editing, then the screen). Enter starts the
game only on the Start button, and a saved game is replaced only after a confirm.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from pathlib import Path

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

import ai
from ai import ladder
from game import i18n, resources, storage
from game import settings as settings_mod
from game.engine import rulesets
from game.i18n import N_, _, ngettext, pgettext
from game.seats import MAX_NAME, clean_name
from game.seeds import parse_seed
from game.ui import theme
from game.ui.intents import Intent
from game.ui.picker import ChoiceList
from game.ui.presets import apply_preset, preset_label, preset_name, presets_for
from game.ui.safe_input import sanitize_text_event
from game.ui.scene import Scene
from game.ui.session import GameSession, SeatSpec
from game.ui.terms import not_applies, value_explained, value_words

log = logging.getLogger(__name__)

DEFAULT_NAMES = ("You", "Ren", "Yui", "Mia", "Ken", "Aki", "Sora")


def default_name(i: int) -> str:
    """Seat i's name before the player types one: the first is "You" in the player's
    language (the narration speaks to a seat of that name), the others are names."""
    return _("You") if i == 0 else DEFAULT_NAMES[i % len(DEFAULT_NAMES)]
LABELS = {
    "kan": N_("Kan value"),
    "payment_model": N_("Who pays"),
    "teyaku_combine": N_("Hand combinations"),
    "aka_value": N_("Value of \"Red\""),
    "bdb": N_("Boar–Deer–Butterflies"),
    "nanatan_extra": N_("Seven Ribbons bonus"),
    "goko_after_shiko": N_("Five after Four Brights"),
    "sage_failure": N_("When a sage fails"),
    "multiplier_carry": N_("Extra field Brights"),
    "year_extension": N_("Year extension"),
    "hatto_liability": N_("Liability (hatto)"),
    "tobikomi_liability": N_("Diving liability"),
    "mizuten": N_("Mizuten (play blind)"),
    "hand_swap": N_("Dealer's hand swap"),
    "dropout_fee": N_("Drop-out fee"),
    "compulsory_three": N_("Last three must play"),
    "compulsory_two": N_("Last two must play"),
    "forced_out_comp": N_("Compensation for sitting out"),
    "dropout_fees": N_("Drop-out fees"),
    "rounds": N_("Rounds"),
    "two_player_payment": N_("Two-player payment"),
    "match_end": N_("Match ends"),
    "agari_count": N_("Agari needed"),
    "target_points": N_("Points target"),
    "teyaku": N_("Hand combinations"),
    "yaku_unit": N_("Points per kan"),
    "top_yaku": N_("Small yaku"),
    "field_four": N_("Four of a month on the field"),
    "more_seats": N_("More seats"),
    "tier": N_("Tier"),
}


def human_label() -> str:
    return _("Human")


CUSTOM = N_("Custom")  # the preset id when the options match none; shown with _()
# Options about the length and end of the game, shown beside the presets; every other option
# is a house rule, folded under "House rules" so a first game asks nothing it need not.
MAIN_OPTIONS = ("tier", "rounds", "match_end", "agari_count", "target_points")
ROUND_CHOICES = (1, 3, 6, 12, 24, 48)  # rounds are chosen from a list, never typed
# counts offered for an int option with a wide range (issue 13: chosen, never typed); an
# option with at most SMALL_RANGE values offers every one of them
COUNT_CHOICES = {"rounds": ROUND_CHOICES, "target_points": (50, 100, 150, 200, 300, 500, 1000)}
SMALL_RANGE = 12


def int_choices(opt: object, value: object) -> list[int]:
    """The values a whole-number option offers in its drop-down, inside the engine's
    minimum and maximum: every value of a small range (agari 1-12), else the option's
    sensible counts; the default and the current value (a saved setup's odd number) are
    always among them, so a loaded value shows and is kept."""
    low = opt.minimum if opt.minimum is not None else 0
    high = opt.maximum
    if high is not None and high - low < SMALL_RANGE:
        offered = set(range(low, high + 1))
    else:
        offered = {c for c in COUNT_CHOICES.get(opt.name, ())
                   if c >= low and (high is None or c <= high)}
    offered.add(opt.default)
    if isinstance(value, int) and not isinstance(value, bool):
        offered.add(value)
    return sorted(offered)


PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DEFAULT_AI = "rules"  # Intermediate: a fair first opponent


def ai_label(ai_id: str) -> str:
    """Players pick named levels; an id that is no level (an old save) shows as itself."""
    for level, agent, _d in ai.LEVELS:
        if agent == ai_id:
            return _("Computer · {level}").format(level=_(level))
    return _("Computer · {level}").format(level=_(ai.AGENT_NAMES.get(ai_id, ai_id)))


def ladder_paths() -> list[Path]:
    """Where the measured ladder (ai/ladder.json, written by `python -m ai.ladder`) may be,
    found like every packaged file (a source tree, a wheel, a frozen build)."""
    return resources.candidates("ai", "ladder.json")


def ladder_entries() -> list[dict]:
    """The ladder's entries; none when the file is missing or damaged (no line is shown, the
    screen never fails over it)."""
    for path in ladder_paths():
        if path.is_file():
            return ladder.read(path) or []
    return []


def strength_words(entries: list[dict], agent: str, ruleset: str, seats: int,
                   options: dict) -> str | None:
    """A level's measured strength for this game in one translated line ("Scores 20 mon a
    round more than Beginner and wins 41% of rounds (an even share is 33%)."), or None if it
    was not measured."""
    got = ladder.strength_line(agent, ruleset, seats, options, entries)
    if got is None:
        return None
    return _(got.template).format(share=got.share, even=got.even, level=_(got.level),
                                  mon=got.mon)


def kind_of(label: str) -> str:
    if label == human_label():
        return "human"
    for ai_id in ai.AGENTS:
        if label == ai_label(ai_id):
            return f"ai:{ai_id}"
    return "human"


def kind_label(kind: str) -> str:
    """A seat kind id ("human", "ai:rules") in words: Human, Computer · Intermediate."""
    return human_label() if kind == "human" else ai_label(kind[3:])


def gui_font() -> str:
    """pygame_gui's font for the language in use: its Noto Sans has no kana or kanji, so
    Japanese takes its Noto Sans JP (which also draws Latin), or every word is a box."""
    return "noto_sans_jp" if i18n.language() == "ja" else "noto_sans"


def control_sizes(height: int) -> list[int]:
    """The sizes a control's words may shrink to, largest first: the small size and two
    steps below it, never under the body role's minimum (TABLE.md §2)."""
    small = theme.size_of("small", height)
    floor = theme.min_size("body")
    return sorted({max(floor, round(small * k)) for k in (1.0, 0.85, 0.72, 0.6)}, reverse=True)


def sized(text: str, width: int, height: int, look: str | None = None) -> tuple[str, object]:
    """(words, object id) of a control whose words get `width` px: the body size when they
    fit, else the largest of `control_sizes` that holds them; shortened only if none does."""
    if theme.text_width(text, theme.size_of("body", height)) <= width:
        return text, look
    sizes = control_sizes(height)
    for k, sz in enumerate(sizes):
        if theme.text_width(text, sz) <= width:
            return text, ObjectID(object_id=f"#s{k}", class_id=look)
    return (theme.fit(text, sizes[-1], width),
            ObjectID(object_id=f"#s{len(sizes) - 1}", class_id=look))


def gui_theme(height: int) -> dict:
    body = theme.size_of("body", height)
    small = theme.size_of("small", height)

    def hx(c: tuple) -> str:
        return "#{:02X}{:02X}{:02X}".format(*c[:3])

    colours = {"normal_bg": hx(theme.PANEL), "hovered_bg": "#22352C",
               "selected_bg": hx(theme.GOLD), "active_bg": "#22352C",
               "dark_bg": hx(theme.PANEL), "normal_text": hx(theme.TEXT),
               "hovered_text": hx(theme.TEXT), "selected_text": hx(theme.INK),
               "active_text": hx(theme.INK), "disabled_text": hx(theme.TEXT_OFF),
               "normal_border": hx(theme.PANEL_LINE), "hovered_border": hx(theme.GOLD),
               "selected_border": hx(theme.GOLD), "active_border": hx(theme.GOLD),
               "disabled_bg": "#18201C", "disabled_border": hx(theme.TEXT_OFF),
               "text_cursor": hx(theme.TEXT), "filled_bar": hx(theme.GOLD)}
    font = {"name": gui_font(), "size": str(body), "style": "regular"}
    return {  # "defaults" gives no font to buttons, labels and fields: each gets its own
        "defaults": {"colours": colours, "font": font},
        "button": {"font": font},
        "text_entry_line": {"font": font},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hx(theme.TEXT)},
                  "misc": {"text_horiz_alignment": "left"}, "font": font},
        "@help": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                  "font": {"name": gui_font(), "size": str(small), "style": "regular"}},
        "@off": {"colours": {"normal_text": hx(theme.TEXT_OFF)}, "font": font},
        "@error": {"colours": {"normal_text": hx(theme.LOSS)},
                   "font": {"name": gui_font(), "size": str(small), "style": "bold"}},
        "@heading": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                     "font": {"name": gui_font(), "size": str(small), "style": "bold"}},
        "@selected": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                  "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        "@primary": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                 "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        # a control whose words do not fit at the body size takes the small one (issue 15)
        **{f"#s{k}": {"font": {"name": gui_font(), "size": str(sz), "style": "regular"}}
           for k, sz in enumerate(control_sizes(height))},
        "@choice": {"misc": {"text_horiz_alignment": "left",
                             "text_horiz_alignment_padding": "10"}, "font": font},
        "text_box": {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                     "font": {"name": gui_font(), "size": str(small), "style": "regular"}},
    }


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        last = dict(app.settings.last_setup or {})
        names = rulesets.names()
        self.ruleset = last.get("ruleset") if last.get("ruleset") in names else names[0]
        saved_opts = last.get("options")
        self.options: dict[str, dict] = saved_opts if isinstance(saved_opts, dict) else {}
        seats = last.get("seats")
        self.seats: list[dict] = seats if isinstance(seats, list) else []
        self.seed_text = ""
        self.errors: dict[str, str] = {}
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[object, tuple] = {}
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.error_label: UILabel | None = None
        self._size = (0, 0)
        # keyboard focus (TABLE.md §6.3): a control's key survives rebuilds of the widgets
        self.focus_key: tuple = ("ruleset", self.ruleset)
        self.show_focus = False  # shown after the first key press, hidden after mouse use
        self.choices: dict[tuple, tuple[list[str], str]] = {}  # drop-down: values, current
        self.picker: ChoiceList | None = None
        self._picker_key: tuple | None = None
        self._swallow_up = False
        self._held: set[int] = set()  # Enter/Space keys not released since they were pressed
        self.rules_box = pygame.Rect(0, 0, 0, 0)
        self._rules_h = 1
        self.footer = pygame.Rect(0, 0, 0, 0)
        self.house_open = bool(last.get("house_rules", False))
        self.reasons: dict[str, str] = {}  # option -> why it does nothing now (greyed)
        self.ladder = ladder_entries()  # each level's measured strength (ai/ladder.json)

    # --- model ------------------------------------------------------------------------
    def opts(self) -> dict:
        """This ruleset's chosen options, unknown or stale names dropped."""
        cls = rulesets.ruleset_class(self.ruleset)
        known = {o.name: o for o in cls.OPTIONS}
        got = self.options.setdefault(self.ruleset, {})
        for k in list(got):
            if k not in known:
                del got[k]
        return got

    def configured(self) -> rulesets.Ruleset | None:
        self.errors.pop("ruleset", None)
        try:
            return rulesets.get(self.ruleset, **self.opts())
        except ValueError as e:
            self.errors["ruleset"] = str(e)
            return None

    def seat_range(self) -> tuple[int, int]:
        rs = self.configured()
        if rs is None:
            return 3, 3
        return rs.min_seats, rs.max_seats

    def applicability(self) -> dict[str, str]:
        """Options that do nothing with these options and seats, with the engine's reason."""
        cls = rulesets.ruleset_class(self.ruleset)
        chosen = {o.name: o.default for o in cls.OPTIONS} | self.opts()
        n = len(self.seats) or self.seat_count()
        out = {}
        for o in cls.OPTIONS:
            reason = cls.option_applies(o.name, chosen, n)
            if reason is not None:
                out[o.name] = reason
        return out

    def seat_count(self) -> int:
        lo, hi = self.seat_range()
        n = len(self.seats) or 3
        return min(hi, max(lo, n))

    def fix_seats(self) -> None:
        n = self.seat_count()
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": default_name(i),
                               "kind": "human" if i == 0 else f"ai:{DEFAULT_AI}"})
        del self.seats[n:]
        for s in self.seats:
            kind = s.get("kind")
            if not (kind == "human" or (isinstance(kind, str) and kind.startswith("ai:")
                                        and kind[3:] in ai.AGENTS)):
                s["kind"] = f"ai:{DEFAULT_AI}"

    # --- widgets ----------------------------------------------------------------------
    def resume(self) -> None:
        # a press that began on the screen before (held: the window repeats it) never acts here
        self._held = set(PRESS_KEYS)
        if self.manager is None or self.app.screen.get_size() != self._size:
            self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def build(self, keep_scroll: bool = False) -> None:
        scroll = None
        bar = getattr(getattr(self, "rules_scroll", None), "vert_scroll_bar", None)
        if keep_scroll and bar is not None:
            scroll = bar.start_percentage
        W, H = self.app.screen.get_size()
        self._size = (W, H)
        self.manager = pygame_gui.UIManager((W, H), gui_theme(H), starting_language=(
            "ja" if gui_font() == "noto_sans_jp" else "en"))  # ja: it loads its JP font
        m = self.manager
        body, small = theme.size_of("body", H), theme.size_of("small", H)
        m.preload_fonts([{"name": gui_font(), "point_size": size, "style": style}
                         for size in (body, small) for style in ("bold", "italic")])
        self.widgets = {}
        self.choices = {}
        self.choice_ids: dict[tuple, dict[str, object]] = {}
        self.picker = None
        self.fix_seats()
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        row = round(body * 2.0)
        pad = round(W * 0.02)
        top = round(H * 0.04) + round(theme.size_of("heading", H) * 1.6)
        bottom = H - round(body * 3.2)
        # at a large UI scale the game column widens to its longest title and the rules
        # column gives way; headings are a whole line tall (issue 15)
        longest = max(theme.text_width(_(rulesets.ruleset_class(n).title), body)
                      for n in rulesets.names()) + 40 + body // 2
        for sz in control_sizes(H):  # the titles shrink before the column grows past 34 %
            if longest <= round(W * 0.34):
                break
            longest = max(theme.text_width(_(rulesets.ruleset_class(n).title), sz)
                          for n in rulesets.names()) + 40 + body // 2
        c1 = pygame.Rect(pad, top, min(round(W * 0.34), max(round(W * 0.26), longest)),
                         bottom - top - 10)
        c2 = pygame.Rect(c1.right + pad, top, round(W * 0.66) - c1.w, c1.h)
        c3 = pygame.Rect(c2.right + pad, top, W - c2.right - 2 * pad, c1.h)
        self.columns = (c1, c2, c3)
        head_h = round(small * 1.5) + 4
        # game column: the summary below keeps at least three lines
        y = c1.y
        UILabel(pygame.Rect(c1.x, y, c1.w, head_h), _("GAME"), m, object_id="@heading")
        y += head_h + 2
        n_games = len(rulesets.names())
        grow = min(row, max(round(body * 1.6),
                            (c1.bottom - y - round(small * 4.5)) // n_games - 4))
        for name in rulesets.names():
            cls = rulesets.ruleset_class(name)
            words, look = sized(_(cls.title), c1.w - 24 - body // 2, H,
                                "@selected" if name == self.ruleset else None)
            b = UIButton(pygame.Rect(c1.x, y, c1.w, grow), words, m, object_id=look)
            self.widgets[b] = ("ruleset", name)
            y += grow + 4
        cls = rulesets.ruleset_class(self.ruleset)
        # Japanese is pre-wrapped (pygame_gui breaks lines only at spaces), leaving room
        # for the box's padding and scroll bar
        UITextBox(theme.gui_prewrap(_(cls.summary), small, c1.w - 60),
                  pygame.Rect(c1.x, y + 6, c1.w, c1.bottom - y - 6), m)
        # rules column (scrolls: Hachi-Hachi has 19 options)
        UILabel(pygame.Rect(c2.x, c2.y, c2.w, head_h), _("RULES"), m, object_id="@heading")
        py = c2.y + head_h + 2
        presets = presets_for(self.ruleset)
        if presets:
            current = preset_name(self.ruleset, self.opts()) or CUSTOM
            names = [n for n, _o in presets] + ([CUSTOM] if current == CUSTOM else [])
            pw = min(round(c2.w * 0.5), theme.text_width(_("Preset"), body) + body)
            words = preset_label(self.ruleset, current)
            cx, room = c2.x + pw + 4, c2.w - pw - 28
            if theme.text_width(words, control_sizes(H)[-1]) > room - 50 or \
                    theme.text_width(_("Preset"), body) + body > pw:
                UILabel(pygame.Rect(c2.x, py, c2.w, row), _("Preset"), m)  # a row above
                py += row
                cx, room = c2.x, c2.w - 24
            else:
                UILabel(pygame.Rect(c2.x, py, pw, row), _("Preset"), m)
            self._choice(("preset", None), [preset_label(self.ruleset, n) for n in names],
                         words, pygame.Rect(cx, py, room, row), ids=names)
            py += row + 6
        box = pygame.Rect(c2.x, py, c2.w, c2.bottom - py)
        sc = UIScrollingContainer(box, m, allow_scroll_x=False)
        oy = 0
        cw = box.w - 24
        chosen = self.opts()
        self.reasons = self.applicability()
        main = [o for o in cls.OPTIONS if o.name in MAIN_OPTIONS]
        house = [o for o in cls.OPTIONS if o.name not in MAIN_OPTIONS]
        for opt in main:
            oy = self._option_row(opt, chosen, sc, oy, cw)
        if house:
            n = len(house)
            text = (_("− House rules ({n})").format(n=n) if self.house_open
                    else ngettext("+ House rules ({n} option)", "+ House rules ({n} options)",
                                  n).format(n=n))
            words, look = sized(text, cw - 24 - body // 2, H, "@choice")
            b = UIButton(pygame.Rect(0, oy, cw, row), words, m, container=sc, object_id=look)
            self.widgets[b] = ("house", None)
            oy += row + 8
            if self.house_open:
                for opt in house:
                    oy = self._option_row(opt, chosen, sc, oy, cw)
        sc.set_scrollable_area_dimensions((cw, max(oy, 10)))
        self.rules_scroll = sc
        self.rules_box = box
        self._rules_h = max(oy, 10)
        if scroll is not None and sc.vert_scroll_bar is not None:
            sc.vert_scroll_bar.set_scroll_from_start_percentage(scroll)
        # seats column
        y = c3.y
        full = row  # the seat rows give way (down to 1.6 lines) to three lines of the notes
        row = min(full, max(round(body * 1.6), (c3.h - head_h - round(small * 4.5) - 40)
                            // (len(self.seats) + 2) - 5))
        UILabel(pygame.Rect(c3.x, y, c3.w, head_h), _("SEATS"), m, object_id="@heading")
        y += head_h + 2
        lo, hi = self.seat_range()
        counts = [str(i) for i in range(lo, hi + 1)]
        label = _("Seats ({low}–{high})").format(low=lo, high=hi)
        lw = theme.text_width(label, body) + 12
        cx = c3.x + round(c3.w * 0.45)
        if lw > cx - c3.x:  # too wide beside the count at this scale: narrower list
            cx = min(c3.x + lw, c3.right - round(body * 3.2))
        UILabel(pygame.Rect(c3.x, y, cx - c3.x - 4, row), label, m)
        self._choice(("count", None), counts, str(len(self.seats)), pygame.Rect(
            cx, y, c3.right - cx, row))
        y += row + 8
        kind_ids = ["human"] + [f"ai:{agent}" for _l, agent, _d in ai.LEVELS]
        for s in self.seats:  # keep a saved non-level choice selectable
            if s["kind"] not in kind_ids:
                kind_ids.append(s["kind"])
        kinds = [kind_label(k) for k in kind_ids]
        for i, s in enumerate(self.seats):
            nw = round(c3.w * 0.36)
            e = UITextEntryLine(pygame.Rect(c3.x, y, nw, row), m, initial_text=str(s["name"]))
            e.set_text_length_limit(MAX_NAME)
            self.widgets[e] = ("name", i)
            self._choice(("kind", i), kinds, kind_label(s["kind"]),
                         pygame.Rect(c3.x + nw + 4, y, c3.w - nw - 4, row), ids=kind_ids)
            y += row + 4
        y += 6
        UILabel(pygame.Rect(c3.x, y, round(c3.w * 0.4), row), _("Seed"), m)
        e = UITextEntryLine(pygame.Rect(c3.x + round(c3.w * 0.45), y, round(c3.w * 0.55), row),
                            m, initial_text=self.seed_text, placeholder_text=_("random"))
        self.widgets[e] = ("seed", None)
        y += row + 6
        game_opts = {o.name: o.default for o in cls.OPTIONS} | self.opts()
        desc = "<br>".join(
            f"<b>{_(level)}</b>: {_(d)}" + (f"<br><i>{line}</i>" if line else "")
            for level, agent, d in ai.LEVELS
            for line in [strength_words(self.ladder, agent, self.ruleset, len(self.seats),
                                        game_opts)])
        UITextBox(theme.gui_prewrap(_("Computer players — {levels}").format(levels=desc),
                                    small, c3.w - 60),
                  pygame.Rect(c3.x, y, c3.w, c3.bottom - y), m)
        # bottom bar
        row = full
        # Back and Start as wide as their words (« Lancer la partie » at 200 %)
        bw = max(180, round(W * 0.16), *(theme.text_width(t, body) + 2 * body for t in (
            pgettext("button", "Back"), _("Start game"))))
        self.back_button = UIButton(pygame.Rect(pad, bottom, bw, row),
                                    pgettext("button", "Back"), m)
        self.start_button = UIButton(pygame.Rect(W - pad - bw, bottom, bw, row),
                                     _("Start game"), m, object_id="@primary")
        self.widgets[self.back_button] = ("back", None)
        self.widgets[self.start_button] = ("start", None)
        self.error_label = UILabel(pygame.Rect(pad + bw + 20, bottom, W - 2 * bw - 2 * pad - 40,
                                               row), "", m, object_id="@error")
        self.footer = pygame.Rect(pad + bw + 20, bottom, W - 2 * bw - 2 * pad - 40, row)
        self.validate()
        if self.focus_key not in self.widgets.values():
            self.focus_key = ("ruleset", self.ruleset)
        self._sync_text_focus()

    def _option_row(self, opt: object, chosen: dict, sc: UIScrollingContainer, oy: int,
                    cw: int) -> int:
        """One option: its name, its control and one line on the chosen value (or, greyed
        and locked, the engine's reason it does nothing now); returns the next row's y."""
        m = self.manager
        H = self._size[1]
        body, small = theme.size_of("body", H), theme.size_of("small", H)
        row = round(body * 2.0)
        value = chosen.get(opt.name, opt.default)
        reason = self.reasons.get(opt.name)
        label = (_(LABELS[opt.name]) if opt.name in LABELS
                 else opt.name.replace("_", " ").capitalize())
        look = "@off" if reason else None
        lw = round(cw * 0.5)
        if len(theme.wrap(label, body, lw - 12)) > 1:  # too long beside its control:
            UILabel(pygame.Rect(0, oy, cw, row), label, m, container=sc,
                    object_id=look)  # a row above
            oy += row
        else:
            UILabel(pygame.Rect(0, oy, lw, row), label, m, container=sc, object_id=look)
        rect = pygame.Rect(lw + 4, oy, cw - lw - 4, row)
        el: object
        if opt.kind is bool:
            el = self._choice(("option", opt.name), [_("Off"), _("On")],
                              _("On") if value else _("Off"), rect, sc,
                              ids=[False, True])  # → turns it on
        elif opt.values:
            vals = [value_words(opt.name, v) for v in opt.values]
            shown = value_words(opt.name, value)
            el = self._choice(("option", opt.name), vals, shown if shown in vals else vals[0],
                              rect, sc, ids=list(opt.values))
        elif opt.kind is int:
            counts = int_choices(opt, value)
            el = self._choice(("option", opt.name), [str(c) for c in counts], str(value),
                              rect, sc)
        else:
            el = UITextEntryLine(rect, m, container=sc, initial_text=str(value))
            self.widgets[el] = ("option", opt.name)
        if reason:
            el.disable()  # type: ignore[attr-defined]
        oy += row + 2
        err = self.errors.get(opt.name)
        words = err or (not_applies(reason) if reason else
                        value_explained(opt.name, value) or _(opt.help))
        line_h = round(small * 1.45) + 2  # a whole line of text, at any UI scale
        for part in theme.wrap(words, small, cw - 24 - small):
            UILabel(pygame.Rect(8, oy, cw - 8, line_h), part, m, container=sc,
                    object_id="@error" if err else "@help")
            oy += line_h
        return oy + 8

    def _choice(self, key: tuple, values: list[str], current: str, rect: pygame.Rect,
                container: UIScrollingContainer | None = None,
                ids: list | None = None) -> UIButton:
        """A drop-down: a button showing the value; pressing it opens a `ChoiceList`. `ids`
        (beside the translated `values`) are what choosing one means, so no code reads the
        words back."""
        H = self._size[1]
        room = rect.w - 10 - 2 * max(4, rect.h // 7) - 16  # as `_face` measures
        _words, look = sized(current.split(" · ", 1)[-1], room, H, "@choice")
        b = UIButton(rect, current, self.manager, container=container, object_id=look)
        self.widgets[b] = key
        self.choices[key] = (values, current)
        self.choice_ids[key] = dict(zip(values, ids, strict=True)) if ids else {}
        self._face(b, current)
        return b

    @staticmethod
    def _face(b: UIButton, text: str) -> None:
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

    def validate(self) -> bool:
        problems = [v for k, v in self.errors.items() if k != "ruleset"]
        if self.configured() is None:
            problems.append(self.errors.get("ruleset", _("invalid options")))
        seed_problem = parse_seed(self.seed_text)[1]  # game.seeds: what can be recorded
        if seed_problem:
            problems.append(seed_problem)
        ok = not problems
        if self.start_button is not None:
            if ok:
                self.start_button.enable()
            else:
                self.start_button.disable()
        if self.error_label is not None:
            self.error_label.set_text(problems[0] if problems else "")
        return ok

    # --- events -----------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if self.manager is None:
            return False
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # any other input ends a held key's run of repeats
            self._held.intersection_update({getattr(event, "key", None)})
        picker = self.picker
        if picker is not None and picker.handle(event):
            if picker.done:  # chosen or closed: the click that closed it stops here
                self._swallow_up = picker.swallow_up
                if self.picker is picker:  # (choosing may have rebuilt the screen)
                    self.picker = None
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            return True
        event = sanitize_text_event(event)  # what draws nothing crashes SDL_ttf (issue 12)
        if event is None:
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        used = self.manager.process_events(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.show_focus = False  # mouse use hides the ring until the next key press
            for el, key in self.widgets.items():
                if isinstance(el, UITextEntryLine) and el.is_focused:
                    self.focus_key = key
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.focus_key = self.widgets.get(event.ui_element, self.focus_key)
            self._button(event.ui_element)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._entry(event.ui_element, event.text)
            return True
        return used

    # --- keyboard focus (TABLE.md §6.2-§6.3) ------------------------------------------
    def focused(self) -> object | None:
        """The widget that has the keyboard focus."""
        return next((el for el, key in self.widgets.items() if key == self.focus_key), None)

    def editing(self) -> bool:
        el = self.focused()
        return isinstance(el, UITextEntryLine) and el.is_focused

    def _key(self, event: pygame.event.Event) -> bool:
        """Keys the scene owns; the rest (typing in a field) go on to pygame_gui."""
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT:
            return False  # fullscreen
        if k == pygame.K_TAB or k in (pygame.K_UP, pygame.K_DOWN):
            back = k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if self.editing():  # a field being typed in shows where the focus is
                self.show_focus = True
            self.move_focus(-1 if back else 1)
            return True
        if self.editing():
            if k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.manager.set_focus_set(None)  # done editing; the ring stays on the field
                self.show_focus = True
                return True
            return False
        if k == pygame.K_ESCAPE:
            self.back()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show_focus = True
            if self.focus_key in self.choices:
                self.step_choice(self.focus_key, -1 if k == pygame.K_LEFT else 1)
            return True
        if k in PRESS_KEYS:
            fresh = k not in self._held
            self._held.add(k)
            if self.show_focus and fresh:
                self.operate()
            self.show_focus = True  # the first press only shows where the focus is
            return True
        return False

    def move_focus(self, step: int) -> None:
        """Tab order: games, preset, options, seats, seed, Back, Start (disabled skipped)."""
        order = [key for el, key in self.widgets.items()
                 if getattr(el, "is_enabled", True)]
        if not order:
            return
        i = order.index(self.focus_key) if self.focus_key in order else 0
        if self.show_focus:  # else the first press only shows where the focus is
            i = (i + step) % len(order)
        self.focus_key = order[i]
        self.show_focus = True
        self._sync_text_focus()
        self._reveal_focus()

    def _sync_text_focus(self) -> None:
        """A text field edits while it has the focus; any other control takes it away."""
        if self.manager is None:
            return
        el = self.focused()
        if isinstance(el, UITextEntryLine) and self.show_focus:
            self._edit(el)
        else:
            self.manager.set_focus_set(None)

    def _edit(self, el: UITextEntryLine) -> None:
        """Edit a field from the keyboard: all its text selected, so typing replaces it."""
        if self.manager is None or el.is_focused:
            return
        self.manager.set_focus_set(el)
        n = len(el.get_text())
        el.edit_position = n
        el.select_range = [0, n]

    def _reveal_focus(self) -> None:
        """Scroll the rules list so that the focused option is in view."""
        el = self.focused()
        bar = getattr(self.rules_scroll, "vert_scroll_bar", None)
        if self.focus_key[0] != "option" or el is None or bar is None:
            return
        view = self.rules_box
        r = el.rect
        below = r.h * 3 // 2  # its help line too
        delta = 0
        if r.top - 8 < view.top:
            delta = r.top - 8 - view.top
        elif r.bottom + below > view.bottom:
            delta = r.bottom + below - view.bottom
        if delta:
            bar.set_scroll_from_start_percentage(bar.start_percentage + delta / self._rules_h)
            self.manager.update(0)  # move the widgets now, so the next key sees them there

    def operate(self) -> None:
        """Enter/Space on the focused control: press a button, open a list, edit a field."""
        el = self.focused()
        if el is None:
            return
        if self.focus_key in self.choices:
            self.open_choice(self.focus_key)
        elif isinstance(el, UITextEntryLine):
            self._edit(el)
        else:
            self._button(el)

    def open_choice(self, key: tuple) -> None:
        el = next((e for e, k in self.widgets.items() if k == key), None)
        if el is None or key not in self.choices or not getattr(el, "is_enabled", True):
            return
        values, current = self.choices[key]
        H = self.app.screen.get_height()
        body = theme.size_of("body", H)
        self._picker_key = key
        self.picker = ChoiceList(el.rect, values, current, lambda v: self.choose(key, v),
                                 self.app.screen.get_size(), body, round(body * 1.7))

    def step_choice(self, key: tuple, step: int) -> None:
        el = next((e for e, k in self.widgets.items() if k == key), None)
        if el is not None and not getattr(el, "is_enabled", True):
            return  # greyed
        values, current = self.choices[key]
        i = values.index(current) if current in values else 0
        j = max(0, min(len(values) - 1, i + step))
        if j != i:
            self.choose(key, values[j])

    def _button(self, el: object) -> None:
        if el is self.back_button:
            self.back()
        elif el is self.start_button:
            self.start()
        elif self.widgets.get(el) in self.choices:
            self.open_choice(self.widgets[el])
        else:
            kind, arg = self.widgets.get(el, (None, None))
            if kind == "house":
                self.house_open = not self.house_open
                self.build(keep_scroll=True)
            elif kind == "ruleset" and arg != self.ruleset:
                self.ruleset = arg
                self.errors = {}
                self.build()

    def choose(self, key: tuple, text: str) -> None:
        """A drop-down's new value, chosen from its list or with ←/→."""
        values, current = self.choices.get(key, ([], ""))
        if text == current:
            return
        self.choices[key] = (values, text)
        el = next((e for e, k in self.widgets.items() if k == key), None)
        if isinstance(el, UIButton):
            self._face(el, text)
        kind, arg = key
        picked = self.choice_ids.get(key, {}).get(text, text)  # the id beside the words
        if kind == "preset":
            if picked != CUSTOM:
                self.options[self.ruleset] = apply_preset(self.ruleset, picked, self.opts())
                self.errors = {}
                self.build()
            return
        if kind == "option":
            opt = {o.name: o for o in rulesets.ruleset_class(self.ruleset).OPTIONS}[arg]
            if opt.kind is bool:
                value: object = picked is True
            else:
                value = picked
                if opt.kind is int:
                    value = int(value)  # type: ignore[call-overload]
            if arg in self.reasons:
                return  # greyed: this option does nothing now, so it cannot be changed
            self.opts()[arg] = value
            # rebuilt: the value's line of explanation, the seat limits, the preset shown or
            # what applies may have changed
            self.build(keep_scroll=True)
        elif kind == "count":
            n = int(text)
            self.seats = self.seats[:n]
            self._grow(n)
            self.build()
        elif kind == "kind":
            self.seats[arg]["kind"] = picked if isinstance(picked, str) and picked != text \
                else kind_of(text)
        self.validate()

    def _grow(self, n: int) -> None:
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": default_name(i),
                               "kind": f"ai:{DEFAULT_AI}"})

    def _entry(self, el: object, text: str) -> None:
        kind, arg = self.widgets.get(el, (None, None))
        if kind == "name":
            self.seats[arg]["name"] = text
        elif kind == "seed":
            self.seed_text = text
        elif kind == "option":
            opt = {o.name: o for o in rulesets.ruleset_class(self.ruleset).OPTIONS}[arg]
            try:
                value = int(text.strip())
                opt.check(value)
                self.opts()[arg] = value
                self.errors.pop(arg, None)
            except ValueError:
                low = opt.minimum if opt.minimum is not None else 0
                self.errors[arg] = (
                    _("Enter a whole number from {low} to {high}.").format(
                        low=low, high=opt.maximum) if opt.maximum is not None
                    else _("Enter a whole number, at least {low}.").format(low=low))
        self.validate()

    # --- actions ----------------------------------------------------------------------
    def back(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.remember()
        self.app.stack.replace(TitleScene(self.app))

    def remember(self) -> None:
        self.app.settings.last_setup = {"ruleset": self.ruleset, "options": self.options,
                                        "seats": self.seats, "house_rules": self.house_open}
        if self.app.paths is not None:
            settings_mod.save(self.app.paths, self.app.settings)

    def session(self) -> GameSession | None:
        if not self.validate():
            return None
        seed = parse_seed(self.seed_text)[0]
        if seed is None:
            seed = secrets.randbits(48)
        seats = [SeatSpec(clean_name(s.get("name"), _("Seat {n}").format(n=i + 1)), s["kind"])
                 for i, s in enumerate(self.seats)]
        try:
            return GameSession(self.ruleset, self.opts(), seats, seed)
        except ValueError as e:
            if self.error_label is not None:
                self.error_label.set_text(str(e))
            return None

    def saved_summary(self) -> str | None:
        """The saved game that Continue would resume, in one line, or None."""
        if self.app.paths is None:
            return None
        rec, _ = storage.load_autosave(self.app.paths)
        if rec is None:
            return None
        try:
            return GameSession.from_record(rec).summary()
        except ValueError:
            return None

    def start(self) -> None:
        """Start the game; a saved game is replaced only after the player confirms."""
        from game.ui.scenes.confirm_dialog import ConfirmScene

        session = self.session()
        if session is None:
            self.app.audio.play("refuse")
            return
        summary = self.saved_summary()
        if summary is None:
            self._begin(session)
            return
        self.app.stack.push(ConfirmScene(
            self.app, _("Start a new game?"),
            [_("The saved game ({summary}) will be replaced.").format(summary=summary)],
            _("Start new game"), lambda: self._begin(session)))

    def _begin(self, session: GameSession) -> None:
        from game.ui.scenes.table import TableScene

        self.remember()
        self.app.stack.replace(TableScene(self.app, session))

    def update(self, dt: float) -> None:
        if self.manager is not None:
            if self.app.screen.get_size() != self._size:
                self.build()
            self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        head = theme.size_of("heading", H)
        theme.blit_text(surface, _("New game"), head, (round(W * 0.02), round(H * 0.03)),
                        theme.TEXT, True)
        for c in getattr(self, "columns", ()):
            theme.panel(surface, c.inflate(12, 12), alpha=150)
        if self.manager is None:
            return
        self.manager.draw_ui(surface)
        for key in self.choices:
            el = next((e for e, k in self.widgets.items() if k == key), None)
            if el is not None:
                self._with_clip(surface, key, lambda r=el.rect: self._chevron(surface, r), 0)
        el = self.focused()
        if self.show_focus and el is not None and self.picker is None:
            self._with_clip(surface, self.focus_key,
                            lambda: theme.focus_ring(surface, el.rect, 4), 14)
        small = theme.size_of("small", H)
        if self.error_label is not None and not self.error_label.text:
            y = self.footer.centery - (len(lines := self.footer_lines(small)) - 1) * small * 0.6
            for line in lines:
                theme.blit_text(surface, line, small, (self.footer.centerx, round(y)),
                                theme.TEXT_DIM, False, "center")
                y += small * 1.2
        if self.picker is not None:
            self.picker.draw(surface)

    def footer_lines(self, size: int) -> list[str]:
        """What the keys do now, Enter above all (it starts the game only on Start)."""
        if self.picker is not None:
            text = _("↑/↓ move · Enter or Space choose · Esc close the list")
        elif self.editing():
            text = _("Type · Enter or Esc done · Tab next")
        else:
            text = _("Tab or ↑/↓ move · ←/→ change · Enter or Space open or press "
                     "(on Start game: start) · Esc back")
        return theme.wrap(text, size, self.footer.w)[:2]

    def _with_clip(self, surface: pygame.Surface, key: tuple, paint: Callable[[], None],
                   margin: int) -> None:
        """Paint clipped to the rules list's view for its options (they scroll)."""
        old = surface.get_clip()
        if key[0] == "option":
            surface.set_clip(self.rules_box.inflate(margin, margin).clip(old))
        paint()
        surface.set_clip(old)

    @staticmethod
    def _chevron(surface: pygame.Surface, r: pygame.Rect) -> None:
        """The ▾ of a drop-down (Noto Sans has no such glyph, so it is drawn)."""
        s = max(4, r.h // 7)
        x, y = r.right - 10 - s, r.centery
        pygame.draw.polygon(surface, theme.TEXT_DIM,
                            [(x - s, y - s // 2), (x + s, y - s // 2), (x, y + s // 2 + 1)])

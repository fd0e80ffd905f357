"""New game setup (TABLE.md §5.3) with pygame_gui widgets: game, rules options, seats.

Every ruleset of `rulesets.names()`, every option of its OPTIONS table with the engine's help
line (bool: On/Off, listed values: a drop-down, a free int: a checked entry), the seat range
of the configured ruleset (it can depend on options), and per seat a name and Human or any
computer player of `ai.AGENTS`. Invalid input shows a message and disables Start; it never
raises. The last choices are remembered in the settings file.
"""

from __future__ import annotations

import logging
import secrets

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
)

import ai
from game import settings as settings_mod
from game.engine import rulesets
from game.ui import theme
from game.ui.intents import Intent
from game.ui.presets import apply_preset, preset_name, presets_for
from game.ui.scene import Scene
from game.ui.session import GameSession, SeatSpec

log = logging.getLogger(__name__)

DEFAULT_NAMES = ("You", "Ren", "Yui", "Mia", "Ken", "Aki", "Sora")
LABELS = {
    "kan": "Kan value", "payment_model": "Who pays", "teyaku_combine": "Hand combinations",
    "aka_value": "Value of \"Red\"", "bdb": "Boar–Deer–Butterflies",
    "nanatan_extra": "Seven Ribbons bonus", "goko_after_shiko": "Five after Four Brights",
    "sage_failure": "When a sage fails", "multiplier_carry": "Extra field Brights",
    "year_extension": "Year extension", "hatto_liability": "Liability (hatto)",
    "tobikomi_liability": "Diving liability", "mizuten": "Mizuten (play blind)",
    "hand_swap": "Dealer's hand swap", "dropout_fee": "Drop-out fee",
    "compulsory_three": "Last three must play", "compulsory_two": "Last two must play",
    "forced_out_comp": "Compensation for sitting out", "dropout_fees": "Drop-out fees",
    "rounds": "Rounds", "two_player_payment": "Two-player payment",
    "match_end": "Match ends", "agari_count": "Agari needed", "target_points": "Points target",
    "teyaku": "Hand combinations", "yaku_unit": "Points per kan", "top_yaku": "Small yaku",
    "field_four": "Four of a month on the field", "more_seats": "More seats", "tier": "Tier",
}


def human_label() -> str:
    return "Human"


CUSTOM = "Custom"
DEFAULT_AI = "rules"  # Intermediate: a fair first opponent


def ai_label(ai_id: str) -> str:
    """Players pick named levels; an id that is no level (an old save) shows as itself."""
    for level, agent, _ in ai.LEVELS:
        if agent == ai_id:
            return f"Computer · {level}"
    return f"Computer · {ai_id}"


def kind_of(label: str) -> str:
    if label == human_label():
        return "human"
    for ai_id in ai.AGENTS:
        if label == ai_label(ai_id):
            return f"ai:{ai_id}"
    return "human"


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
    return {
        "defaults": {"colours": colours,
                     "font": {"name": "noto_sans", "size": str(body), "style": "regular"}},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hx(theme.TEXT)},
                  "misc": {"text_horiz_alignment": "left"}},
        "@help": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                  "font": {"name": "noto_sans", "size": str(small), "style": "regular"}},
        "@error": {"colours": {"normal_text": hx(theme.LOSS)},
                   "font": {"name": "noto_sans", "size": str(small), "style": "bold"}},
        "@heading": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                     "font": {"name": "noto_sans", "size": str(small), "style": "bold"}},
        "@selected": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                  "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        "@primary": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                 "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        "text_box": {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                     "font": {"name": "noto_sans", "size": str(small), "style": "regular"}},
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

    def seat_count(self) -> int:
        lo, hi = self.seat_range()
        n = len(self.seats) or 3
        return min(hi, max(lo, n))

    def fix_seats(self) -> None:
        n = self.seat_count()
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": DEFAULT_NAMES[i % len(DEFAULT_NAMES)],
                               "kind": "human" if i == 0 else f"ai:{DEFAULT_AI}"})
        del self.seats[n:]
        for s in self.seats:
            kind = s.get("kind")
            if not (kind == "human" or (isinstance(kind, str) and kind.startswith("ai:")
                                        and kind[3:] in ai.AGENTS)):
                s["kind"] = f"ai:{DEFAULT_AI}"

    # --- widgets ----------------------------------------------------------------------
    def resume(self) -> None:
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
        self.manager = pygame_gui.UIManager((W, H), gui_theme(H))
        m = self.manager
        body, small = theme.size_of("body", H), theme.size_of("small", H)
        m.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style}
                         for size in (body, small) for style in ("bold",)])
        self.widgets = {}
        self.fix_seats()
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        row = round(body * 2.0)
        pad = round(W * 0.02)
        top = round(H * 0.04) + round(theme.size_of("heading", H) * 1.6)
        bottom = H - round(body * 3.2)
        c1 = pygame.Rect(pad, top, round(W * 0.26), bottom - top - 10)
        c2 = pygame.Rect(c1.right + pad, top, round(W * 0.40), c1.h)
        c3 = pygame.Rect(c2.right + pad, top, W - c2.right - 2 * pad, c1.h)
        self.columns = (c1, c2, c3)
        # game column
        y = c1.y
        UILabel(pygame.Rect(c1.x, y, c1.w, small + 8), "GAME", m, object_id="@heading")
        y += small + 10
        for name in rulesets.names():
            cls = rulesets.ruleset_class(name)
            b = UIButton(pygame.Rect(c1.x, y, c1.w, row), cls.title, m,
                         object_id="@selected" if name == self.ruleset else None)
            self.widgets[b] = ("ruleset", name)
            y += row + 4
        cls = rulesets.ruleset_class(self.ruleset)
        UITextBox(cls.summary, pygame.Rect(c1.x, y + 6, c1.w, c1.bottom - y - 6), m)
        # rules column (scrolls: Hachi-Hachi has 19 options)
        UILabel(pygame.Rect(c2.x, c2.y, c2.w, small + 8), "RULES", m, object_id="@heading")
        py = c2.y + small + 10
        presets = presets_for(self.ruleset)
        if presets:
            current = preset_name(self.ruleset, self.opts()) or CUSTOM
            names = [n for n, _ in presets] + ([CUSTOM] if current == CUSTOM else [])
            pw = round(c2.w * 0.5)
            UILabel(pygame.Rect(c2.x, py, pw, row), "Preset", m)
            w = UIDropDownMenu(names, current, pygame.Rect(c2.x + pw + 4, py, c2.w - pw - 28,
                                                           row), m)
            self.widgets[w] = ("preset", None)
            py += row + 6
        box = pygame.Rect(c2.x, py, c2.w, c2.bottom - py)
        sc = UIScrollingContainer(box, m, allow_scroll_x=False)
        oy = 0
        cw = box.w - 24
        chosen = self.opts()
        for opt in cls.OPTIONS:
            value = chosen.get(opt.name, opt.default)
            label = LABELS.get(opt.name, opt.name.replace("_", " ").capitalize())
            lw = round(cw * 0.5)
            UILabel(pygame.Rect(0, oy, lw, row), label, m, container=sc)
            rect = pygame.Rect(lw + 4, oy, cw - lw - 4, row)
            if opt.kind is bool:
                w = UIDropDownMenu(["On", "Off"], "On" if value else "Off", rect, m,
                                   container=sc)
            elif opt.values:
                vals = [str(v) for v in opt.values]
                w = UIDropDownMenu(vals, str(value) if str(value) in vals else vals[0], rect,
                                   m, container=sc)
            else:
                w = UITextEntryLine(rect, m, container=sc, initial_text=str(value))
            self.widgets[w] = ("option", opt.name)
            oy += row + 2
            err = self.errors.get(opt.name)
            for part in theme.wrap(err or opt.help, small, cw - 16):
                UILabel(pygame.Rect(8, oy, cw - 8, small + 6), part, m, container=sc,
                        object_id="@error" if err else "@help")
                oy += small + 4
            oy += 8
        sc.set_scrollable_area_dimensions((cw, max(oy, 10)))
        self.rules_scroll = sc
        if scroll is not None and sc.vert_scroll_bar is not None:
            sc.vert_scroll_bar.set_scroll_from_start_percentage(scroll)
        # seats column
        y = c3.y
        UILabel(pygame.Rect(c3.x, y, c3.w, small + 8), "SEATS", m, object_id="@heading")
        y += small + 10
        lo, hi = self.seat_range()
        counts = [str(i) for i in range(lo, hi + 1)]
        UILabel(pygame.Rect(c3.x, y, round(c3.w * 0.4), row), f"Seats ({lo}–{hi})", m)
        w = UIDropDownMenu(counts, str(len(self.seats)), pygame.Rect(
            c3.x + round(c3.w * 0.45), y, round(c3.w * 0.55), row), m)
        self.widgets[w] = ("count", None)
        y += row + 8
        kinds = [human_label()] + [ai_label(agent) for _, agent, _ in ai.LEVELS]
        for s in self.seats:  # keep a saved non-level choice selectable
            if s["kind"] != "human" and ai_label(s["kind"][3:]) not in kinds:
                kinds.append(ai_label(s["kind"][3:]))
        for i, s in enumerate(self.seats):
            nw = round(c3.w * 0.42)
            e = UITextEntryLine(pygame.Rect(c3.x, y, nw, row), m, initial_text=str(s["name"]))
            e.set_text_length_limit(16)
            self.widgets[e] = ("name", i)
            cur = human_label() if s["kind"] == "human" else ai_label(s["kind"][3:])
            d = UIDropDownMenu(kinds, cur, pygame.Rect(c3.x + nw + 4, y, c3.w - nw - 4, row), m)
            self.widgets[d] = ("kind", i)
            y += row + 4
        y += 6
        UILabel(pygame.Rect(c3.x, y, round(c3.w * 0.4), row), "Seed", m)
        e = UITextEntryLine(pygame.Rect(c3.x + round(c3.w * 0.45), y, round(c3.w * 0.55), row),
                            m, initial_text=self.seed_text, placeholder_text="random")
        self.widgets[e] = ("seed", None)
        y += row + 6
        desc = "<br>".join(f"<b>{level}</b>: {d}" for level, _, d in ai.LEVELS)
        UITextBox("Computer players — " + desc, pygame.Rect(c3.x, y, c3.w, c3.bottom - y), m)
        # bottom bar
        bw = max(180, round(W * 0.16))
        self.back_button = UIButton(pygame.Rect(pad, bottom, bw, row), "Back", m)
        self.start_button = UIButton(pygame.Rect(W - pad - bw, bottom, bw, row),
                                     "Start game", m, object_id="@primary")
        self.error_label = UILabel(pygame.Rect(pad + bw + 20, bottom, W - 2 * bw - 2 * pad - 40,
                                               row), "", m, object_id="@error")
        self.validate()

    def validate(self) -> bool:
        problems = [v for k, v in self.errors.items() if k != "ruleset"]
        if self.configured() is None:
            problems.append(self.errors.get("ruleset", "invalid options"))
        if not (self.seed_text.strip() == "" or self.seed_text.strip().isdigit()):
            problems.append("The seed must be a whole number (or empty for random).")
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
        focused_text = any(isinstance(w, UITextEntryLine) and w.is_focused
                           for w in self.widgets)
        used = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown(event.ui_element, event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._entry(event.ui_element, event.text)
            return True
        if not focused_text and intent is Intent.BACK:
            self.back()
            return True
        if intent is Intent.CONFIRM and event.key == pygame.K_RETURN and not used:
            self.start()
            return True
        return used

    def _button(self, el: object) -> None:
        if el is self.back_button:
            self.back()
        elif el is self.start_button:
            self.start()
        else:
            kind, arg = self.widgets.get(el, (None, None))
            if kind == "ruleset" and arg != self.ruleset:
                self.ruleset = arg
                self.errors = {}
                self.build()

    def _dropdown(self, el: object, text: str) -> None:
        kind, arg = self.widgets.get(el, (None, None))
        if kind == "preset":
            if text != CUSTOM:
                self.options[self.ruleset] = apply_preset(self.ruleset, text, self.opts())
                self.errors = {}
                self.build()
            return
        if kind == "option":
            opt = {o.name: o for o in rulesets.ruleset_class(self.ruleset).OPTIONS}[arg]
            if opt.kind is bool:
                value: object = text == "On"
            elif opt.kind is int:
                value = int(text)
            else:
                value = text
            before = (self.seat_range(), preset_name(self.ruleset, self.opts()))
            self.opts()[arg] = value
            if (self.seat_range(), preset_name(self.ruleset, self.opts())) != before:
                self.build(keep_scroll=True)  # seat limits or the preset shown changed
        elif kind == "count":
            n = int(text)
            self.seats = self.seats[:n]
            self._grow(n)
            self.build()
        elif kind == "kind":
            self.seats[arg]["kind"] = kind_of(text)
        self.validate()

    def _grow(self, n: int) -> None:
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append({"name": DEFAULT_NAMES[i % len(DEFAULT_NAMES)],
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
                self.errors[arg] = f"Enter a whole number, at least {low}."
        self.validate()

    # --- actions ----------------------------------------------------------------------
    def back(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.remember()
        self.app.stack.replace(TitleScene(self.app))

    def remember(self) -> None:
        self.app.settings.last_setup = {"ruleset": self.ruleset, "options": self.options,
                                        "seats": self.seats}
        if self.app.paths is not None:
            settings_mod.save(self.app.paths, self.app.settings)

    def session(self) -> GameSession | None:
        if not self.validate():
            return None
        seed = int(self.seed_text) if self.seed_text.strip().isdigit() else \
            secrets.randbits(48)
        seats = [SeatSpec((s.get("name") or "").strip() or f"Seat {i + 1}", s["kind"])
                 for i, s in enumerate(self.seats)]
        try:
            return GameSession(self.ruleset, self.opts(), seats, seed)
        except ValueError as e:
            if self.error_label is not None:
                self.error_label.set_text(str(e))
            return None

    def start(self) -> None:
        from game.ui.scenes.table import TableScene

        session = self.session()
        if session is None:
            self.app.audio.play("refuse")
            return
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
        theme.blit_text(surface, "New game", head, (round(W * 0.02), round(H * 0.03)),
                        theme.TEXT, True)
        for c in getattr(self, "columns", ()):
            theme.panel(surface, c.inflate(12, 12), alpha=150)
        if self.manager is not None:
            self.manager.draw_ui(surface)

"""New game setup (TABLE.md §5.3) with pygame_gui widgets: game, rules options, seats.

Every ruleset of `rulesets.names()`, every option of its OPTIONS table with the engine's help
line (bool: On/Off, listed values and whole numbers: a drop-down, see `int_choices`), the seat range
of the configured ruleset (it can depend on options), and per seat a name and Human or any
computer player of `ai.AGENTS`, each level with one line on its strength as measured by
the ladder (`ai/ladder.json`, `python -m ai.ladder`). Invalid input shows a message and
disables Start; it never raises. The last choices are remembered in the settings file.

The scene wires three parts: the pygame-free model of the choices and their rules
(game.ui.setup_model), the builders of each column's widgets (game.ui.setup_columns) and,
here, the mapping of the player's events to model changes and its own focus manager.

Drop-downs are a pygame_gui button that opens our own `ChoiceList` (drawn above everything,
modal, with keys), and the scene is its own focus manager (TABLE.md §6.2-§6.3): Tab/Shift+Tab
and ↑/↓ move between controls, ←/→ change a drop-down's value, Enter/Space open or press,
Esc backs out one level (the open list, then text editing, then the screen). Enter starts the
game only on the Start button, and a saved game is replaced only after a confirm.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UITextEntryLine

from game import settings as settings_mod
from game.engine import rulesets
from game.i18n import _
from game.play.session import GameSession
from game.ui import theme
from game.ui.intents import Intent
from game.ui.picker import ChoiceList
from game.ui.safe_input import sanitize_text_event
from game.ui.scene import Scene
from game.ui.setup_columns import (
    STRENGTH_LINK,
    Form,
    bottom_bar,
    face,
    game_column,
    rules_column,
    seats_column,
    setup_frame,
)
from game.ui.setup_model import DEFAULT_NAMES, SetupModel, int_choices, kind_label
from game.ui.setup_theme import gui_manager

__all__ = ["DEFAULT_NAMES", "SetupScene", "int_choices", "kind_label"]  # as tests import them

log = logging.getLogger(__name__)

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class _Model:
    """A scene attribute that is the model's: the smoke run and tests set a setup directly
    (scene.ruleset = ..., scene.seats = ...) and then rebuild."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = name

    def __get__(self, scene: SetupScene | None, owner: type | None = None) -> object:
        return self if scene is None else getattr(scene.model, self.attr)

    def __set__(self, scene: SetupScene, value: object) -> None:
        setattr(scene.model, self.attr, value)


class SetupScene(Scene):
    name = "setup"
    ruleset = _Model()
    options = _Model()
    seats = _Model()
    seed_text = _Model()
    house_open = _Model()

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.model = SetupModel.from_last(app.settings.last_setup,
                                          online=bool(app.settings.relay_url))
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[object, tuple] = {}  # each control's key, in Tab order
        self.choices: dict[tuple, tuple[list[str], str]] = {}  # drop-down: values, current
        self.choice_ids: dict[tuple, dict[str, object]] = {}
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.error_label: UILabel | None = None
        self._size = (0, 0)
        # keyboard focus (TABLE.md §6.3): a control's key survives rebuilds of the widgets
        self.focus_key: tuple = ("ruleset", self.ruleset)
        self.show_focus = False  # shown after the first key press, hidden after mouse use
        self.picker: ChoiceList | None = None
        self._swallow_up = False
        self.columns: tuple[pygame.Rect, ...] = ()
        self.rules_scroll: UIScrollingContainer | None = None
        self.rules_box = pygame.Rect(0, 0, 0, 0)
        self._rules_h = 1
        self.footer = pygame.Rect(0, 0, 0, 0)

    # --- the model, as tests and the smoke run ask it ----------------------------------
    def opts(self) -> dict:
        """This ruleset's chosen options."""
        return self.model.opts()

    def configured(self) -> rulesets.Ruleset | None:
        return self.model.configured()

    # --- widgets ----------------------------------------------------------------------
    def resume(self) -> None:
        if self.manager is None or self.app.screen.get_size() != self._size:
            self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def build(self, keep_scroll: bool = False) -> None:
        """The widgets anew from the model (after a change of game, options, seats, window
        size or language); the focus and, if asked, the rules' scroll are kept."""
        bar = getattr(self.rules_scroll, "vert_scroll_bar", None)
        scroll = bar.start_percentage if keep_scroll and bar is not None else None
        self._size = size = self.app.screen.get_size()
        self.manager = gui_manager(size)
        self.picker = None
        self.model.fix_seats()
        f = setup_frame(size, [title for _n, title in self.model.games()])
        form = Form(self.manager, size[1])
        self.widgets, self.choices, self.choice_ids = form.widgets, form.choices, form.choice_ids
        self.columns = (f.game, f.rules, f.seats)
        game_column(form, self.model, f)
        rules = rules_column(form, self.model, f, scroll)
        self.rules_scroll, self.rules_box, self._rules_h = rules.scroll, rules.box, rules.height
        seats_column(form, self.model, f)
        foot = bottom_bar(form, f)
        self.back_button, self.start_button = foot.back, foot.start
        self.error_label, self.footer = foot.error, foot.footer
        self.validate()
        if self.focus_key not in self.widgets.values():
            self.focus_key = ("ruleset", self.ruleset)
        self._sync_text_focus()

    def validate(self) -> bool:
        """Start is enabled only for a setup that can start; the first problem is shown."""
        problems = self.model.problems()
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
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and \
                event.link_target == STRENGTH_LINK:
            self.toggle_strength()
            return True
        return used

    def toggle_strength(self) -> None:
        """The levels' measured figures shown or hidden (the notes' link, or F2): the notes
        say how each level plays; the numbers are there for whoever asks (issue 45)."""
        self.model.show_strength = not self.model.show_strength
        self.build(keep_scroll=True)

    # --- keyboard focus (TABLE.md §6.2-§6.3) ------------------------------------------
    def focused(self) -> object | None:
        """The widget that has the keyboard focus."""
        return self.widget(self.focus_key)

    def widget(self, key: tuple) -> object | None:
        """The widget of a control's key (None when this build has no such control)."""
        return next((el for el, k in self.widgets.items() if k == key), None)

    def editing(self) -> bool:
        el = self.focused()
        return isinstance(el, UITextEntryLine) and el.is_focused

    def _key(self, event: pygame.event.Event) -> bool:
        """Keys the scene owns; the rest (typing in a field) go on to pygame_gui."""
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT:
            return False  # fullscreen
        if k == pygame.K_F2:
            self.toggle_strength()
            return True
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
        if k in PRESS_KEYS:  # a held key's repeats never get here (game.ui.keygate)
            if self.show_focus:
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
        el = self.widget(key)
        if el is None or key not in self.choices or not getattr(el, "is_enabled", True):
            return
        values, current = self.choices[key]
        H = self.app.screen.get_height()
        body = theme.size_of("body", H)
        self.picker = ChoiceList(el.rect, values, current, lambda v: self.choose(key, v),
                                 self.app.screen.get_size(), body, round(body * 1.7))

    def step_choice(self, key: tuple, step: int) -> None:
        el = self.widget(key)
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
            elif kind == "ruleset" and self.model.choose_ruleset(arg):
                self.build()

    def choose(self, key: tuple, text: str) -> None:
        """A drop-down's new value, chosen from its list or with ←/→."""
        values, current = self.choices.get(key, ([], ""))
        if text == current:
            return
        self.choices[key] = (values, text)
        el = self.widget(key)
        if isinstance(el, UIButton):
            face(el, text)
        kind, arg = key
        picked = self.choice_ids.get(key, {}).get(text, text)  # the id beside the words
        if kind == "preset":
            if self.model.choose_preset(picked):  # type: ignore[arg-type]
                self.build()
            return
        if kind == "option":
            if not self.model.set_option(arg, picked):
                return  # greyed: this option does nothing now, so it cannot be changed
            # rebuilt: the value's line of explanation, the seat limits, the preset shown or
            # what applies may have changed
            self.build(keep_scroll=True)
        elif kind == "count":
            self.model.set_seat_count(int(text))
            self.build()
        elif kind == "kind":
            self.model.set_seat_kind(arg, picked, text)
        self.validate()

    def _entry(self, el: object, text: str) -> None:
        kind, arg = self.widgets.get(el, (None, None))
        if kind == "name":
            self.model.name_seat(arg, text)
        elif kind == "seed":
            self.model.seed_text = text
        elif kind == "option":
            self.model.type_option(arg, text)
        self.validate()

    # --- actions ----------------------------------------------------------------------
    def back(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.remember()
        self.app.stack.replace(TitleScene(self.app))

    def remember(self) -> None:
        self.app.settings.last_setup = self.model.remembered()
        if self.app.paths is not None:
            settings_mod.save(self.app.paths, self.app.settings)

    def session(self) -> GameSession | None:
        """The game to start, or None with the reason shown in the bottom bar."""
        if not self.validate():
            return None
        session, problem = self.model.session()
        if problem is not None and self.error_label is not None:
            self.error_label.set_text(problem)
        return session

    def start(self) -> None:
        """Start the game; a saved game is replaced only after the player confirms."""
        from game.ui.scenes.new_game import start_new_game

        session = self.session()
        if session is None:
            self.app.audio.play("refuse")
            return
        start_new_game(self.app, lambda: self._begin(session))

    def _begin(self, session: GameSession) -> None:
        from game.ui.scenes.table import TableScene

        self.remember()
        if session.phones:  # a party game: the lobby first (issue 28)
            from game.ui.scenes.lobby import open_party

            open_party(self.app, session)
            return
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
        for c in self.columns:
            theme.panel(surface, c.inflate(12, 12), alpha=150)
        if self.manager is None:
            return
        self.manager.draw_ui(surface)
        for key in self.choices:
            el = self.widget(key)
            if el is not None:
                self._with_clip(surface, key, lambda r=el.rect: self._chevron(surface, r), 0)
        el = self.focused()
        if self.show_focus and el is not None and self.picker is None:
            self._with_clip(surface, self.focus_key,
                            lambda: theme.focus_ring(surface, el.rect, 4), 14)
        small = theme.size_of("small", H)
        if self.error_label is not None and not self.error_label.text:
            size, lines = self.footer_fit(small)
            y = self.footer.centery - (len(lines) - 1) * size * 0.6
            for line in lines:
                theme.blit_text(surface, line, size, (self.footer.centerx, round(y)),
                                theme.TEXT_DIM, False, "center")
                y += size * 1.2
        if self.picker is not None:
            self.picker.draw(surface)

    def footer_lines(self, size: int) -> list[str]:
        """The footer's lines (`footer_fit`)."""
        return self.footer_fit(size)[1]

    def footer_fit(self, size: int) -> tuple[int, list[str]]:
        """What the keys do now, Enter above all (it starts the game only on Start): one
        line, a little smaller if need be, else two broken between keys, never inside one
        (theme.fit_keys)."""
        if self.picker is not None:
            text = _("↑/↓ move · Enter or Space choose · Esc close the list")
        elif self.editing():
            text = _("Type · Enter or Esc done · Tab next")
        else:
            text = _("Tab or ↑/↓ move · ←/→ change · Enter or Space open or press "
                     "(on Start game: start) · Esc back")
        least = max(12, round(size * 0.7))
        for sz in range(size, least - 1, -1):  # the largest size at which two lines hold it
            sz, lines = theme.fit_keys(text, sz, self.footer.w, minimum=sz)
            if len(lines) <= 2:
                return sz, lines
        return least, theme.fit_keys(text, least, self.footer.w, minimum=least)[1][:2]

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

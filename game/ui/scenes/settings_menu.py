"""Settings overlay: each row cycles its value (Enter or →, ← goes back); applied at once.

Issue 15 adds the language (each name in its own language; the screen re-labels at once),
the term style, the UI size (also Ctrl+= / Ctrl+− / Ctrl+0 anywhere), reduced motion, high
contrast and the colour-blind corner marks. The rows are laid out in one or two columns and,
if the UI size makes even that too tall, drawn smaller: this screen is where a player turns
the size back down, so it must always fit.
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
CYCLED = {"anim_speed": settings_mod.ANIM_SPEEDS, "ai_pace": settings_mod.AI_PACES,
          "hints": settings_mod.HINT_LEVELS, "term_style": settings_mod.TERM_STYLES,
          "language": i18n.LANGUAGES}


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


class SettingsScene(OverlayScene):
    name = "settings"
    width_frac = 0.42

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, _("Settings"), [])
        self.relabel()

    def relabel(self) -> None:
        """The language changed (this screen's own Language row, for one): new words."""
        self.title = _("Settings")
        self.lines = [_("Enter or → changes a row, ← goes back. Changes apply at once and "
                        "are saved. Ctrl+= / Ctrl+− / Ctrl+0 change the UI size anywhere.")]
        self._rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """A new UI size (Ctrl+= / Ctrl+− while this screen is open) reaches the scenes as
        a resize: the rows are labelled again, so the size row reads the size in use."""
        super().resize(size)
        self._rebuild()

    def setting_rows(self) -> list[tuple[str, str]]:
        s = self.app.settings
        lang = s.language or i18n.language()
        scale = s.ui_scale or theme.ui_scale()
        size = _("UI size: − {percent} % +").format(percent=scale)
        if not s.ui_scale:
            size = _("UI size: − {percent} % + (from the display)").format(percent=scale)
        elif scale > theme.effective_scale():  # only if theme.TEXT_ROOM caps the text
            size = _("UI size: − {percent} % + (text stops at {room} %)").format(
                percent=scale, room=theme.effective_scale())
        return [  # play and sound first (column one), then language and access
            ("anim_speed", _("Animation speed: {speed}").format(
                speed=_(SPEED_WORDS.get(s.anim_speed, s.anim_speed)))),
            ("ai_pace", _("Computer pace: {pace}").format(
                pace=_(PACE_WORDS.get(s.ai_pace, s.ai_pace)))),
            ("volume", _("Volume: {percent} %").format(percent=round(s.volume * 100))),
            ("muted", _("Sound: {state}  (M)").format(state=self._sound_state())),
            ("hints", _("Hints: {level}").format(level=_(HINT_WORDS.get(s.hints, s.hints)))),
            ("confirm_quit", _("Confirm before quitting: {state}").format(
                state=on_off(s.confirm_quit))),
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
        ]

    def _sound_state(self) -> str:
        """On, Muted, or why nothing can be heard: a machine without a sound device runs
        silently, and the row must not claim "On" then (issue 12)."""
        if not getattr(self.app.audio, "available", True):
            return _("none — no sound device was found")
        return _("Muted") if self.app.settings.muted else _("On")

    def _rebuild(self) -> None:
        """The buttons: play and sound rows and Show welcome again (column one in a wide
        layout), the language and access rows (column two), Done. `row_keys` names the
        setting behind each button (None for the last two kinds)."""
        index = self.group.index
        rows = self.setting_rows()
        split = next(i for i, (key, _label) in enumerate(rows) if key == "language")
        buttons = [Button(label, (lambda k=key: self.change(k, 1))) for key, label in rows]
        buttons.insert(split, Button(_("Show welcome again"), self.welcome_again))
        buttons.append(Button(pgettext_done(), self.close, "primary"))
        keys: list[str | None] = [key for key, _label in rows]
        keys.insert(split, None)
        self.row_keys = [*keys, None]
        self.group.set(buttons)
        self.group.index = min(index, len(buttons) - 1)

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
        elif key == "volume":
            i = min(range(len(VOLUMES)), key=lambda j: abs(VOLUMES[j] - s.volume))
            s.volume = VOLUMES[(i + step) % len(VOLUMES)]
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
            if row is not None:
                self.change(row, 1 if intent is Intent.RIGHT else -1)
                self.group.show_focus = True
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self._minus_clicked(event.pos)):
            self.group.show_focus = False
            return True
        return super().process_event(event, intent)

    def _minus_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on the left third of the UI size row makes it smaller (− ... +)."""
        i = self.row_keys.index("ui_scale")
        if i < len(self.group.buttons):
            r = self.group.buttons[i].rect
            if r.collidepoint(pos) and pos[0] < r.x + r.w // 3:
                self.group.index = i
                self.change("ui_scale", -1)
                return True
        return False

    # --- layout: one or two columns, smaller type if the UI size needs it ----------------
    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 150)
        n = len(self.group.buttons)
        body = theme.size_of("body", H)
        while True:
            head = max(theme.min_size("heading"), round(body * 1.6))
            small = max(theme.min_size("small"), round(body * 0.82))
            rh, gap = round(body * 1.9), max(4, body // 3)
            cols = 1 if n * (rh + gap) + head * 4 < H * 0.9 else 2
            w = min(W - 40, max(420, round(W * (self.width_frac if cols == 1 else 0.8))))
            inner = w - 48
            col_w = inner if cols == 1 else (inner - 16) // 2
            help_lines = [part for line in self.lines for part in
                          theme.wrap(line, small, inner)]
            per_col = -(-(n - 1) // cols)  # Done gets its own row under the columns
            want = (18 + round(head * 1.4) + len(help_lines) * round(small * 1.35) + 12
                    + (per_col + 1) * (rh + gap) + 16)
            if want <= H - 20 or body <= theme.min_size("body"):
                break
            body -= 1
        h = min(want, H - 20)
        self.box = pygame.Rect((W - w) // 2, (H - h) // 2, w, h)
        theme.panel(surface, self.box, alpha=245, line=theme.GOLD)
        x, y = self.box.x + 24, self.box.y + 18
        theme.blit_text(surface, theme.fit(self.title, head, inner, True), head, (x, y),
                        theme.TEXT, True)
        y += round(head * 1.4)
        for part in help_lines:
            theme.blit_text(surface, part, small, (x, y), theme.TEXT_DIM)
            y += round(small * 1.35)
        y += 12
        for i, b in enumerate(self.group.buttons[:-1]):
            col, row = divmod(i, per_col)
            b.rect = pygame.Rect(x + col * (col_w + 16), y + row * (rh + gap), col_w, rh)
        done = self.group.buttons[-1]
        done.rect = pygame.Rect(x, y + per_col * (rh + gap), min(inner, max(200, col_w // 2)),
                                rh)
        self.group.draw(surface, body)


def pgettext_done() -> str:
    return i18n.pgettext("button", "Done")

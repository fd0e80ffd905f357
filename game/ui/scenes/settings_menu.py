"""Settings overlay: each row cycles its value (Enter or →, ← goes back); applied at once."""

from __future__ import annotations

from game import settings as settings_mod
from game.ui.intents import Intent
from game.ui.scenes.overlay import OverlayScene
from game.ui.theme import Button

VOLUMES = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]


class SettingsScene(OverlayScene):
    name = "settings"
    width_frac = 0.42

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "Settings", ["Enter or → changes a row, ← goes back. "
                                           "Changes apply at once and are saved."])
        self._rebuild()

    def setting_rows(self) -> list[tuple[str, str]]:
        s = self.app.settings
        return [
            ("anim_speed", f"Animation speed: {s.anim_speed.capitalize()}"),
            ("ai_pace", f"Computer pace: {s.ai_pace.capitalize()}"),
            ("volume", f"Volume: {round(s.volume * 100)} %"),
            ("muted", f"Sound: {self._sound_state()}  (M)"),
            ("corner_marks", f"Card corner marks: {'On' if s.corner_marks else 'Off'}"),
            ("hints", f"Hints: {settings_mod.HINT_LEVELS.get(s.hints, s.hints)}"),
            ("confirm_quit", f"Confirm before quitting: {'On' if s.confirm_quit else 'Off'}"),
        ]

    def _sound_state(self) -> str:
        """On, Muted, or why nothing can be heard: a machine without a sound device runs
        silently, and the row must not claim "On" then (issue 12)."""
        if not getattr(self.app.audio, "available", True):
            return "none — no sound device was found"
        return "Muted" if self.app.settings.muted else "On"

    def _rebuild(self) -> None:
        index = self.group.index
        buttons = [Button(label, (lambda k=key: self.change(k, 1))) for key, label in
                   self.setting_rows()]
        buttons.append(Button("Show welcome again", self.welcome_again))
        buttons.append(Button("Done", self.close, "primary"))
        self.group.set(buttons)
        self.group.index = index

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
        if key in ("anim_speed", "ai_pace", "hints"):
            values = list({"anim_speed": settings_mod.ANIM_SPEEDS,
                           "ai_pace": settings_mod.AI_PACES,
                           "hints": settings_mod.HINT_LEVELS}[key])
            cur = getattr(s, key)
            i = values.index(cur) if cur in values else 0
            setattr(s, key, values[(i + step) % len(values)])
        elif key == "volume":
            i = min(range(len(VOLUMES)), key=lambda j: abs(VOLUMES[j] - s.volume))
            s.volume = VOLUMES[(i + step) % len(VOLUMES)]
        else:
            setattr(s, key, not getattr(s, key))
        self.app.apply_settings()
        self._rebuild()

    def process_event(self, event, intent):  # noqa: ANN001, ANN201
        if intent in (Intent.LEFT, Intent.RIGHT):
            rows = self.setting_rows()
            if self.group.index < len(rows):
                self.change(rows[self.group.index][0], 1 if intent is Intent.RIGHT else -1)
                self.group.show_focus = True
                return True
        return super().process_event(event, intent)

"""User settings: what the player chose last time, kept in one small JSON file.

The file lives in platformdirs' user_config_dir (or under $HACHIHACHI_HOME, which tests and
the smoke run use so they never touch a real profile). It is written atomically; a corrupt
file is set aside (renamed, never deleted) and the defaults are used, with a message the
title screen shows once.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.storage import Paths, atomic_write_text, set_aside

log = logging.getLogger(__name__)

ANIM_SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
# Minimum time an AI action stays on screen (TABLE.md §7); "instant" is for tests and smoke.
AI_PACES: dict[str, float] = {"relaxed": 0.9, "normal": 0.5, "brisk": 0.2, "instant": 0.0}

FILE_NAME = "settings.json"


@dataclass
class Settings:
    anim_speed: str = "normal"
    ai_pace: str = "normal"
    volume: float = 0.8
    muted: bool = False
    corner_marks: bool = False
    sort_hand: bool = True
    confirm_quit: bool = True
    last_setup: dict = field(default_factory=dict)

    @property
    def speed_factor(self) -> float:
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)

    @property
    def ai_min_time(self) -> float:
        return AI_PACES.get(self.ai_pace, 0.5)

    def cleaned(self) -> Settings:
        """Unknown or out-of-range values fall back to defaults (a hand-edited file)."""
        d = Settings()
        if self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = d.anim_speed
        if self.ai_pace not in AI_PACES:
            self.ai_pace = d.ai_pace
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = d.volume
        for name in ("muted", "corner_marks", "sort_hand", "confirm_quit"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(d, name))
        if not isinstance(self.last_setup, dict):
            self.last_setup = {}
        return self


def settings_path(paths: Paths) -> Path:
    return paths.config_dir / FILE_NAME


def load(paths: Paths) -> tuple[Settings, str | None]:
    """(settings, message); the message is set when a corrupt file was set aside."""
    path = settings_path(paths)
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in data.items() if k in known}).cleaned(), None
    except (OSError, ValueError, TypeError) as e:
        moved = set_aside(path)
        log.warning("settings file %s unreadable (%s); set aside as %s", path, e, moved)
        return Settings(), ("Your settings file could not be read and was set aside "
                            f"({moved.name if moved else 'not moved'}); defaults are used.")


def save(paths: Paths, settings: Settings) -> None:
    """Write atomically; a failure is logged, never raised (settings are not worth a crash)."""
    try:
        atomic_write_text(settings_path(paths), json.dumps(asdict(settings), indent=1))
    except OSError as e:
        log.warning("could not save settings: %s", e)


__all__ = ["AI_PACES", "ANIM_SPEEDS", "Settings", "load", "save"]

"""User settings: what the player chose last time, kept in one small JSON file.

The file lives in platformdirs' user_config_dir (or under $HACHIHACHI_HOME, which tests and
the smoke run use so they never touch a real profile). It is read and written through
game.files (bounded, atomic). A file that cannot be read at all is set aside (renamed, never
deleted) and the defaults are used, with a message the title screen shows once; a readable
file with a bad value keeps its other values and loses only that one (logged by name).
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit

from game import files
from game.engine import rulesets
from game.engine.record import MAX_SEATS
from game.i18n import _
from game.seats import clean_name, kind_problem
from game.storage import Paths

log = logging.getLogger(__name__)

ANIM_SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
# Minimum time an AI action stays on screen (TABLE.md §7); "instant" is for tests and smoke.
AI_PACES: dict[str, float] = {"relaxed": 0.9, "normal": 0.5, "brisk": 0.2, "instant": 0.0}
# How much the table helps (TABLE.md §6.4), each level adding to the one before.
HINT_LEVELS: dict[str, str] = {"off": "Off", "matches": "Matches",
                               "watch": "Matches + yaku watch", "advisor": "+ advisor"}

# How a term is written (TABLE.md §2): "青短 Aotan · Blue Ribbons", "Blue Ribbons", "青短"
TERM_STYLES: dict[str, str] = {"both": "Japanese + translation",
                               "translation": "Translation only", "japanese": "Japanese only"}
UI_SCALES = tuple(range(100, 201, 10))  # percent (TABLE.md §2: 100–200 %)
# Issue 26, item 7 (TABLE.md §5.10): the card size is a factor the layout takes; the table
# surfaces are cards.TABLES' styles and the backs palette.BACK_COLORS' (a test keeps them
# equal); the hand is shown in card order (month) or by kind, then month.
CARD_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.2}
TABLE_STYLES = ("felt", "tatami", "zabuton", "charcoal")
CARD_BACKS = ("red", "black", "indigo")
HAND_SORTS = ("month", "kind")
AUTO_CONTINUE_SECONDS = 6.0  # the ledger's Next presses itself after this, if untouched
PARTY_LEDGER_SECONDS = 12.0  # the same, in a party game with nobody at the window

FILE_NAME = "settings.json"
LIMITS = files.Limits(max_bytes=256_000, max_depth=8, max_int_digits=40, max_str_len=1024,
                      max_items=20_000)


@dataclass
class Settings:
    anim_speed: str = "normal"
    ai_pace: str = "normal"
    volume: float = 0.8
    muted: bool = False
    corner_marks: bool = False
    confirm_quit: bool = True
    hints: str = "watch"  # HINT_LEVELS: Off, Matches, + yaku watch, + advisor
    hint_figures: bool = False  # a hint adds its expected mon (issue 45): for who asks only
    welcome_seen: bool = False  # the first-run welcome (Settings: Show welcome again)
    language: str = ""  # i18n.LANGUAGES code; "" until chosen: detected from the system
    term_style: str = "both"  # TERM_STYLES
    ui_scale: int = 0  # percent, UI_SCALES; 0 until chosen: from the display's DPI
    reduced_motion: bool = False  # no sliding or drifting; fades only
    high_contrast: bool = False  # the high-contrast table
    music: bool = True  # the background music (issue 26, item 5)
    music_volume: float = 0.4  # of the master volume (the loops are quiet already)
    fullscreen: bool = False  # kept in step with F11
    card_size: str = "normal"  # CARD_SIZES
    table_style: str = "felt"  # TABLE_STYLES
    card_back: str = "red"  # CARD_BACKS
    auto_continue: bool = False  # the ledger's Next presses itself (AUTO_CONTINUE_SECONDS)
    hand_sort: str = "month"  # HAND_SORTS
    last_setup: dict = field(default_factory=dict)
    # the relay that carries online seats (issue 46): ws://, wss://, http:// or https://
    # HOST[:PORT][/path]; "" (none) by default, and the New game screen offers Online only
    # with one
    relay_url: str = ""

    @property
    def speed_factor(self) -> float:
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)

    def hints_at_least(self, level: str) -> bool:
        """True when the chosen hint level includes `level` (levels are cumulative)."""
        order = list(HINT_LEVELS)
        mine = self.hints if self.hints in HINT_LEVELS else "watch"
        return order.index(mine) >= order.index(level)

    @property
    def card_scale(self) -> float:
        """The layout's card-size factor (game/ui/layout.py `layout(card_scale=...)`)."""
        return CARD_SIZES.get(self.card_size, 1.0)

    @property
    def ai_min_time(self) -> float:
        return AI_PACES.get(self.ai_pace, 0.5)

    def cleaned(self) -> Settings:
        """Unknown or out-of-range values fall back to defaults (a hand-edited file)."""
        d = Settings()
        if not isinstance(self.anim_speed, str) or self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = d.anim_speed
        if not isinstance(self.ai_pace, str) or self.ai_pace not in AI_PACES:
            self.ai_pace = d.ai_pace
        if not isinstance(self.hints, str) or self.hints not in HINT_LEVELS:
            self.hints = d.hints
        for name in ("volume", "music_volume"):
            volume = getattr(self, name)
            if isinstance(volume, (int, float)) and not isinstance(volume, bool) \
                    and math.isfinite(volume):
                setattr(self, name, min(1.0, max(0.0, float(volume))))
            else:
                setattr(self, name, getattr(d, name))
        for name, allowed in (("card_size", CARD_SIZES), ("table_style", TABLE_STYLES),
                              ("card_back", CARD_BACKS), ("hand_sort", HAND_SORTS)):
            if not isinstance(getattr(self, name), str) or getattr(self, name) not in allowed:
                setattr(self, name, getattr(d, name))
        from game.i18n import LANGUAGES

        if not isinstance(self.language, str) or self.language not in (*LANGUAGES, ""):
            self.language = d.language
        if not isinstance(self.term_style, str) or self.term_style not in TERM_STYLES:
            self.term_style = d.term_style
        if not isinstance(self.ui_scale, int) or isinstance(self.ui_scale, bool) or \
                self.ui_scale not in (0, *UI_SCALES):
            self.ui_scale = d.ui_scale
        for name in ("muted", "corner_marks", "confirm_quit", "welcome_seen",
                     "reduced_motion", "high_contrast", "music", "fullscreen",
                     "auto_continue", "hint_figures"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(d, name))
        self.last_setup = clean_last_setup(self.last_setup)
        if not relay_url_ok(self.relay_url):
            log.warning("settings: relay_url is no relay's address; forgotten")
            self.relay_url = d.relay_url
        return self


RELAY_SCHEMES = ("ws", "wss", "http", "https")
MAX_RELAY_URL = 512


def relay_url_ok(value: object) -> bool:
    """A relay's address as the setting keeps it: "" (none), or a ws://, wss://, http://
    or https:// URL with a host, no spaces, no user or password (it ends up in links),
    no query or fragment."""
    if not isinstance(value, str):
        return False
    if value == "":
        return True
    if len(value) > MAX_RELAY_URL or value != value.strip() or any(c.isspace() for c in value):
        return False
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        return False
    return (parts.scheme.lower() in RELAY_SCHEMES and bool(parts.hostname)
            and "@" not in parts.netloc and not parts.query and not parts.fragment)


def clean_last_setup(value: object) -> dict:
    """The setup screen's last choices, kept only where they still make sense: a known
    ruleset; per ruleset, options it has with values it accepts; seats with a name that
    renders and a kind that exists. Anything else is dropped, piece by piece."""
    if not isinstance(value, dict):
        if value:
            log.warning("settings: last_setup is not an object; forgotten")
        return {}
    out: dict = {}
    names = rulesets.names()
    if value.get("ruleset") in names:
        out["ruleset"] = value["ruleset"]
    options = value.get("options")
    if isinstance(options, dict):
        out["options"] = {}
        for rs_name, chosen in options.items():
            if rs_name not in names or not isinstance(chosen, dict):
                log.warning("settings: last_setup.options.%.40s dropped", rs_name)
                continue
            table = {o.name: o for o in rulesets.ruleset_class(rs_name).OPTIONS}
            kept = {}
            for k, v in chosen.items():
                try:
                    kept[k] = table[k].check(v, new=True)  # it starts new games
                except (KeyError, ValueError):
                    log.warning("settings: last_setup.options.%s.%.40s dropped", rs_name, k)
            out["options"][rs_name] = kept
    if isinstance(value.get("house_rules"), bool):  # setup's House rules unfolded
        out["house_rules"] = value["house_rules"]
    seats = value.get("seats")
    if isinstance(seats, list):
        out["seats"] = [{"name": clean_name(s.get("name"), f"Seat {i + 1}"), "kind": s["kind"]}
                        for i, s in enumerate(seats[:MAX_SEATS])
                        if isinstance(s, dict) and kind_problem(s.get("kind")) is None]
    return out


def settings_path(paths: Paths) -> Path:
    return paths.config_dir / FILE_NAME


def load(paths: Paths) -> tuple[Settings, str | None]:
    """(settings, message); the message is set when an unusable file was set aside."""
    path = settings_path(paths)
    try:
        data = files.read_json(path, LIMITS)
        if not isinstance(data, dict):
            raise files.FileRejected("not a JSON object")
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in data.items() if k in known}).cleaned(), None
    except FileNotFoundError:
        return Settings(), None
    except Exception as e:  # FileRejected, or a value no check foresaw: never stop the start
        moved = files.set_aside(path)
        log.warning("settings file %s unusable (%s); set aside as %s", path, e, moved)
        if moved:
            return Settings(), _("Your settings file could not be read and was set aside as "
                                 "{name}; defaults are used.").format(name=moved.name)
        return Settings(), _("Your settings file could not be read and was set aside; "
                             "defaults are used.")


_notice: dict[Path, str] = {}  # per folder: a failed save, until a screen can say so
_told: set[Path] = set()  # a failure was told since the last save that worked


def save(paths: Paths, settings: Settings) -> str | None:
    """Write atomically; a failure is logged and returned as one sentence, never raised
    (settings are not worth a crash). The first failure since the last save that worked is
    also kept for `take_notice`, so the player is told once, by whichever screen can."""
    folder = paths.config_dir
    try:
        text = json.dumps(asdict(settings), indent=1, ensure_ascii=False)
        files.atomic_write_text(settings_path(paths), text)
    except (OSError, ValueError) as e:  # ValueError: a value json cannot write
        log.warning("could not save settings: %s", e)
        reason = files.describe_os_error(e) if isinstance(e, OSError) else str(e)[:80]
        problem = _("Your settings could not be saved ({reason}); the changes apply until "
                    "the program closes.").format(reason=reason)
        if folder not in _told:
            _told.add(folder)
            _notice[folder] = problem
        return problem
    _told.discard(folder)
    _notice.pop(folder, None)
    return None


def take_notice(paths: Paths) -> str | None:
    """The failed save not yet told to the player (once), or None."""
    return _notice.pop(paths.config_dir, None)


__all__ = ["AI_PACES", "ANIM_SPEEDS", "AUTO_CONTINUE_SECONDS", "CARD_BACKS", "CARD_SIZES",
           "HAND_SORTS", "HINT_LEVELS", "TABLE_STYLES", "TERM_STYLES", "UI_SCALES",
           "LIMITS", "Settings", "clean_last_setup", "relay_url_ok", "load", "save", "take_notice"]

"""Learn 88 progress: which curriculum tiers the player has finished a game at.

One small JSON file in the user data folder, read and written through game.files (bounded,
atomic). A damaged file is set aside (renamed, never deleted) and progress starts empty:
a ✓ is worth less than a start that never fails. Neither that nor a progress that cannot
be saved (a full disk) is silent: `take_notice` gives the screen one sentence, once."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from game import files
from game.i18n import _
from game.storage import Paths

log = logging.getLogger(__name__)

FILE_NAME = "learn.json"
TIERS = range(1, 10)
LESSON_KEY = re.compile(r"[a-z0-9_-]{1,40}")  # "koikoi-yaku": a lesson's key
LIMITS = files.Limits(max_bytes=16_000, max_depth=4, max_int_digits=6, max_str_len=64,
                      max_items=200)


def progress_path(paths: Paths) -> Path:
    return paths.data_dir / FILE_NAME


def load(paths: Paths | None) -> set[int]:
    """The finished tiers; an unreadable file is set aside and counts as none finished."""
    data = _read(paths)
    return {t for t in data.get("finished", []) if isinstance(t, int)
            and not isinstance(t, bool) and t in TIERS}


def lessons(paths: Paths | None) -> set[str]:
    """The finished lessons (their keys, "koikoi-yaku"), from the same file (issue 47)."""
    found = _read(paths).get("lessons", [])
    return {k for k in found if isinstance(k, str) and LESSON_KEY.fullmatch(k)} \
        if isinstance(found, list) else set()


def _read(paths: Paths | None) -> dict:
    """The progress file's object ({} when there is none); an unreadable one is set aside."""
    if paths is None:
        return {}
    path = progress_path(paths)
    try:
        data = files.read_json(path, LIMITS)
        if not isinstance(data, dict) or not isinstance(data.get("finished"), list):
            raise files.FileRejected("not a progress object")
        return data
    except FileNotFoundError:
        return {}
    except Exception as e:  # FileRejected, OSError: progress must never stop the game
        moved = files.set_aside(path)
        log.warning("learn progress %s unusable (%s); set aside as %s", path, e, moved)
        _notice[paths.data_dir] = _(
            "Your Learn 88 progress could not be read and was set aside as {file}; the tiers "
            "you finished are no longer marked.").format(file=moved.name if moved else path.name)
        return {}


_notice: dict[Path, str] = {}  # per data folder: what the player has not been told yet
_told_write: set[Path] = set()  # a failed save was told since the last one that worked


def take_notice(paths: Paths | None) -> str | None:
    """The problem not yet told to the player (once), or None."""
    return None if paths is None else _notice.pop(paths.data_dir, None)


def mark_finished(paths: Paths | None, tier: int) -> None:
    """Remember a finished game at `tier`; a write failure is logged and kept for
    `take_notice` (told once until a save works again), never raised."""
    if paths is None or tier not in TIERS:
        return
    _write(paths, load(paths) | {tier}, lessons(paths), _("tier {n}").format(n=tier))


def mark_lesson(paths: Paths | None, key: str, name: str = "") -> None:
    """Remember a finished lesson game (Learn Koi-Koi's ✓), as `mark_finished` a tier;
    `name`: the lesson as a failure to save it names it."""
    if paths is None or not LESSON_KEY.fullmatch(key):
        return
    _write(paths, load(paths), lessons(paths) | {key}, name or key)


def _write(paths: Paths, tiers: set[int], done: set[str], what: str) -> None:
    """Both lists, atomically; a failure is logged and kept for `take_notice`."""
    try:
        files.atomic_write_text(progress_path(paths), json.dumps(
            {"finished": sorted(tiers), "lessons": sorted(done)}))
        _told_write.discard(paths.data_dir)
    except (OSError, ValueError) as e:
        log.warning("could not save learn progress: %s", e)
        if paths.data_dir not in _told_write:
            _told_write.add(paths.data_dir)
            reason = files.describe_os_error(e) if isinstance(e, OSError) else str(e)[:80]
            _notice[paths.data_dir] = _(
                "Your Learn 88 progress could not be saved ({reason}); {what} is not marked "
                "as finished.").format(reason=reason, what=what)


__all__ = ["LESSON_KEY", "lessons", "load", "mark_finished", "mark_lesson", "progress_path",
           "take_notice"]

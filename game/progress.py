"""Learn 88 progress: which curriculum tiers the player has finished a game at.

One small JSON file in the user data folder, read and written through game.files (bounded,
atomic). A damaged file is set aside (renamed, never deleted) and progress starts empty:
a ✓ is worth less than a start that never fails."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game import files
from game.storage import Paths

log = logging.getLogger(__name__)

FILE_NAME = "learn.json"
TIERS = range(1, 10)
LIMITS = files.Limits(max_bytes=16_000, max_depth=4, max_int_digits=6, max_str_len=64,
                      max_items=200)


def progress_path(paths: Paths) -> Path:
    return paths.data_dir / FILE_NAME


def load(paths: Paths | None) -> set[int]:
    """The finished tiers; an unreadable file is set aside and counts as none finished."""
    if paths is None:
        return set()
    path = progress_path(paths)
    try:
        data = files.read_json(path, LIMITS)
        if not isinstance(data, dict) or not isinstance(data.get("finished"), list):
            raise files.FileRejected("not a progress object")
        return {t for t in data["finished"] if isinstance(t, int) and not isinstance(t, bool)
                and t in TIERS}
    except FileNotFoundError:
        return set()
    except Exception as e:  # FileRejected, OSError: progress must never stop the game
        moved = files.set_aside(path)
        log.warning("learn progress %s unusable (%s); set aside as %s", path, e, moved)
        return set()


def mark_finished(paths: Paths | None, tier: int) -> None:
    """Remember a finished game at `tier`; a write failure is logged, never raised."""
    if paths is None or tier not in TIERS:
        return
    done = load(paths) | {tier}
    try:
        files.atomic_write_text(progress_path(paths),
                                json.dumps({"finished": sorted(done)}))
    except (OSError, ValueError) as e:
        log.warning("could not save learn progress: %s", e)


__all__ = ["load", "mark_finished", "progress_path"]

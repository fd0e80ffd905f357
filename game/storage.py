"""Where the game keeps its files, and how it writes them safely.

Paths come from platformdirs (config, data, log); the environment variable HACHIHACHI_HOME
puts all three under one folder (tests, the smoke run). Writes are atomic (temporary file +
os.replace) and an unreadable file is set aside with a timestamp, never deleted, so a bad
save can cost the player nothing else.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game.engine import record as records
from game.engine.errors import RecordError

log = logging.getLogger(__name__)

APP_NAME = "hachihachi"
HOME_ENV = "HACHIHACHI_HOME"
AUTOSAVE = "autosave.json"


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    data_dir: Path
    log_dir: Path

    @property
    def records_dir(self) -> Path:
        return self.data_dir / "records"

    @property
    def autosave(self) -> Path:
        return self.data_dir / AUTOSAVE

    def ensure(self) -> Paths:
        for p in (self.config_dir, self.data_dir, self.log_dir, self.records_dir):
            p.mkdir(parents=True, exist_ok=True)
        return self


def default_paths(home: str | os.PathLike | None = None) -> Paths:
    """platformdirs' folders, or HOME/{config,data,logs} when a home is given or set."""
    home = home or os.environ.get(HOME_ENV)
    if home:
        base = Path(home)
        return Paths(base / "config", base / "data", base / "logs")
    import platformdirs

    return Paths(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path | None:
    """Rename an unreadable file to `<name>.corrupt-<time>` and return the new path."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
        return target
    except OSError as e:
        log.warning("could not set %s aside: %s", path, e)
        return None


def save_autosave(paths: Paths, rec: records.Record) -> None:
    try:
        paths.autosave.parent.mkdir(parents=True, exist_ok=True)
        rec.save(paths.autosave)
    except OSError as e:
        log.warning("autosave failed: %s", e)


def load_autosave(paths: Paths) -> tuple[records.Record | None, str | None]:
    """(record, None), (None, None) when there is none, (None, message) when it was bad.

    A bad autosave is set aside so the title stops offering it; nothing else is touched.
    """
    path = paths.autosave
    if not path.exists():
        return None, None
    try:
        rec = records.load(path)
        records.replay(rec)  # check every action now, not in the middle of the table
        return rec, None
    except RecordError as e:
        moved = set_aside(path)
        log.warning("autosave %s rejected: %s", path, e)
        return None, ("The saved game could not be loaded and was set aside"
                      f"{f' as {moved.name}' if moved else ''}. ({e})")


def clear_autosave(paths: Paths) -> None:
    try:
        paths.autosave.unlink(missing_ok=True)
    except OSError as e:
        log.warning("could not remove the autosave: %s", e)


def save_record(paths: Paths, rec: records.Record) -> Path | None:
    """A finished game's record under records/, named by time and ruleset."""
    name = f"{time.strftime('%Y%m%d-%H%M%S')}-{rec.ruleset}.json"
    path = paths.records_dir / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        rec.save(path)
        return path
    except OSError as e:
        log.warning("could not save the record: %s", e)
        return None

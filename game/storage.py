"""Where the game keeps its files: the autosave, finished games' records, crash records.

Paths come from platformdirs (config, data, log); the environment variable HACHIHACHI_HOME
puts all three under one folder (tests, the smoke run). Every read and write goes through
game.files (limits, atomic writes, set-aside). The promises to the player:

- nothing a file holds stops the program: a bad autosave is set aside (renamed, never
  deleted) and reported in one sentence, once;
- a game is never lost: a failed autosave is reported (once, until a save works again) and
  retried after every move, and a finished game's autosave is removed only after its record
  is safely on disk; until then every start of the program tries to write it again.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.errors import RecordError
from game.i18n import _
from game.seats import kind_problem

log = logging.getLogger(__name__)

APP_NAME = "hachihachi"
HOME_ENV = "HACHIHACHI_HOME"
AUTOSAVE = "autosave.json"
STATS_DB = "stats.sqlite3"

# A 120-round game (the most any option allows) is about 300 KB; 4 MB leaves room for any
# future ruleset and still bounds what a hostile file can cost.
RECORD_LIMITS = files.Limits(max_bytes=4_000_000, max_depth=8, max_int_digits=40,
                             max_str_len=4096, max_items=400_000)


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

    @property
    def stats_db(self) -> Path:
        """The statistics and history database (game.stats)."""
        return self.data_dir / STATS_DB

    def ensure(self) -> Paths:
        for p in (self.config_dir, self.data_dir, self.log_dir, self.records_dir):
            p.mkdir(parents=True, exist_ok=True)
        return self

    def clean_up(self) -> int:
        """Remove the temporary files a killed writer left behind (start-up)."""
        return files.clean_temp_files(self.config_dir, self.data_dir, self.records_dir,
                                      self.log_dir)


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


# --- records -------------------------------------------------------------------------------
def read_record(path: str | os.PathLike) -> records.Record:
    """A record file, bounded and shape-checked (not yet replayed): RecordError otherwise."""
    try:
        data = files.read_json(path, RECORD_LIMITS)
    except FileNotFoundError:
        raise RecordError(f"cannot read {path}: no such file") from None
    except files.FileRejected as e:
        raise RecordError(f"not a usable record: {e}") from None
    return records.from_json(data)


def write_record(path: str | os.PathLike, rec: records.Record) -> None:
    """Write a record atomically (OSError on failure, the old file left whole)."""
    text = rec.dumps() + "\n"
    # a lone surrogate (only a file or a script can put one in a name) cannot be UTF-8
    files.atomic_write_text(path, text.encode("utf-8", "replace").decode("utf-8"))


def check_seats(rec: records.Record) -> None:
    """Every seat a human or a computer player this program has (RecordError naming it)."""
    for i, seat in enumerate(rec.seats):
        problem = kind_problem(seat.get("kind", "human"))
        if problem:
            raise RecordError(f"seat {i + 1}: {problem}")


def save_record(paths: Paths, rec: records.Record) -> Path | None:
    """A finished game's record under records/, named by time and ruleset (never over an
    earlier one); None, logged, when it could not be written."""
    try:
        paths.records_dir.mkdir(parents=True, exist_ok=True)
        path = files.unique_path(paths.records_dir,
                                 f"{time.strftime('%Y%m%d-%H%M%S')}-{rec.ruleset}", ".json")
        write_record(path, rec)
        return path
    except OSError as e:
        log.warning("could not save the record: %s", e)
        return None


# --- the autosave ----------------------------------------------------------------------
def save_autosave(paths: Paths, rec: records.Record) -> str | None:
    """Save the game in progress; None when saved, else one sentence for the player."""
    try:
        write_record(paths.autosave, rec)
        return None
    except OSError as e:
        log.warning("autosave failed: %s", e)
        return _("Your game could not be saved ({reason}); it goes on, and saving is tried "
                 "again after every move.").format(reason=files.describe_os_error(e))


_reported: set[tuple[str, int, int]] = set()  # bad autosaves already told this run


def _identity(path: Path) -> tuple[str, int, int]:
    try:
        st = path.stat()
        return str(path), st.st_mtime_ns, st.st_size
    except OSError:
        return str(path), 0, 0


def reject_autosave(paths: Paths, reason: str) -> str:
    """Set a saved game that cannot be continued aside; the sentence that tells the player."""
    ident = _identity(paths.autosave)
    moved = files.set_aside(paths.autosave)
    from game import replays

    replays.write_notes(paths.autosave, {})  # its AI notes go with it
    if moved is None:
        _reported.add(ident)  # cannot move it: at least never report it twice
    log.warning("autosave %s rejected: %s", paths.autosave, reason)
    if moved:
        return _("The saved game could not be loaded and was set aside as {file} "
                 "({reason}).").format(file=moved.name, reason=reason[:160])
    return _("The saved game could not be loaded and was set aside ({reason}).").format(
        reason=reason[:160])


def load_autosave(paths: Paths) -> tuple[records.Record | None, str | None]:
    """(record, None), (None, None) when there is none, (None, message) when it was bad.

    The record is replayed and its seats checked here, so the title offers Continue only
    for a game that can go on; a bad file is set aside so it is reported once.
    """
    path = paths.autosave
    if not path.exists() or _identity(path) in _reported:
        return None, None
    try:
        rec = read_record(path)
        records.replay(rec)  # check every action now, not in the middle of the table
        check_seats(rec)
        return rec, None
    except RecordError as e:
        return None, reject_autosave(paths, str(e))
    except Exception as e:  # an engine bug a file can reach: still never stop the start
        log.exception("autosave %s could not be replayed", path)
        return None, reject_autosave(paths, f"{type(e).__name__}: {e}")


def clear_autosave(paths: Paths) -> None:
    """Remove the autosave and the AI notes kept beside it (game.replays)."""
    from game import replays

    for p in (paths.autosave, replays.notes_path(paths.autosave)):
        try:
            p.unlink(missing_ok=True)
        except OSError as e:
            log.warning("could not remove %s: %s", p, e)


def finish_game(paths: Paths, rec: records.Record,
                notes: dict | None = None) -> tuple[Path | None, str | None]:
    """Keep a finished game: (record path, None), or (None, a sentence) when the record
    could not be written. The autosave goes only once the record is on disk; otherwise it
    is brought up to the final move so the next start can try again. `notes` (the AIs'
    explanations, GameSession.ai_notes) go to a sidecar beside the record, never into it."""
    path = save_record(paths, rec)
    if path is not None:
        if notes:
            from game import replays

            replays.write_notes(path, notes)
        clear_autosave(paths)
        return path, None
    kept = save_autosave(paths, rec) is None or paths.autosave.exists()
    if kept:
        return None, _("The record of this game could not be written (is the disk full?). "
                       "The game is kept and the record is written the next time the "
                       "program starts.")
    return None, _("The record of this game could not be written (is the disk full?). It "
                   "could not be kept either.")


__all__ = ["AUTOSAVE", "HOME_ENV", "Paths", "RECORD_LIMITS", "check_seats", "clear_autosave",
           "default_paths", "finish_game", "load_autosave", "read_record", "reject_autosave",
           "save_autosave", "save_record", "write_record"]

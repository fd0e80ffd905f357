"""Record files for review: what can be wrong with a record in words, export, import.

No pygame. The list of kept records and the AI notes beside a record live in
game.record_files (the saved games use them too); their names are offered here as well, so
the review screens find everything about a record file in one place. Every read and write
goes through game.files (limits, atomic writes; an export into the player's folder is
written whole or not at all, and a kill leaves no temporary there).

Imports point one way: replays stands on game.record_files and game.storage (the folders),
and neither of them imports replays.
"""

from __future__ import annotations

import enum
import errno
import logging
import os
import re
from pathlib import Path

from game import files, storage
from game.engine import record as records
from game.engine import rulesets
from game.engine.errors import RecordError
from game.i18n import N_, _
from game.record_files import (
    NOTES_FORMAT,
    NOTES_SUFFIX,
    RECORD_LIMITS,
    Notes,
    is_record_file,
    list_records,
    notes_path,
    notes_text,
    read_notes,
    record_text,
    write_notes,
)

log = logging.getLogger(__name__)


# --- what can be wrong with a record, in words ----------------------------------------------
class Problem(enum.StrEnum):
    """Why a file cannot be used as a game record: the kinds a player can act on. The
    engine's messages (the field, the round and action) stay in the log for whoever
    mends a file; the player reads one sentence (`problem_words`)."""

    MISSING = "missing"
    NOT_A_FILE = "not_a_file"
    UNREADABLE = "unreadable"
    TOO_LARGE = "too_large"
    NOT_A_RECORD = "not_a_record"
    NEWER = "newer"
    UNKNOWN_GAME = "unknown_game"
    DAMAGED = "damaged"
    UNPLAYABLE = "unplayable"
    EMPTY = "empty"


_WORDS = {
    Problem.MISSING: N_("This file is no longer there."),
    Problem.NOT_A_FILE: N_("This is not a file (a folder, a pipe or a device), so it cannot "
                           "be a game record."),
    Problem.UNREADABLE: N_("This file cannot be read: you may not have permission to open "
                           "it."),
    Problem.TOO_LARGE: N_("This file is far too large to be a game record."),
    Problem.NOT_A_RECORD: N_("This file is not a game record."),
    Problem.NEWER: N_("This record was made by a newer version of the game; update the "
                      "game to open it."),
    Problem.UNKNOWN_GAME: N_("This record is of a game or a rule this version does not "
                             "know."),
    Problem.DAMAGED: N_("This record is damaged: part of it is missing or not what a "
                        "record holds."),
    Problem.UNPLAYABLE: N_("This record is damaged: one of its moves cannot be played, so "
                           "the game cannot be replayed."),
    Problem.EMPTY: N_("This record holds no round to replay."),
}


def problem_words(problem: Problem | str) -> str:
    """The sentence a player reads for `problem` (an unknown kind reads as not a record)."""
    try:
        return _(_WORDS[Problem(problem)])
    except ValueError:
        return _(_WORDS[Problem.NOT_A_RECORD])


class RecordProblem(RecordError):
    """A record that cannot be used: `problem` says why in kind, `detail` is the engine's
    or the file system's own message (for the log, never for the screen). ``str()`` is the
    player's sentence, so every caller that shows an error shows words."""

    def __init__(self, problem: Problem, detail: str = "") -> None:
        super().__init__(detail or str(problem))
        self.problem = problem
        self.detail = detail

    def __str__(self) -> str:
        return problem_words(self.problem)


_FORMAT = re.compile(r"hanafuda-record/(\d{1,9})")


def _format_problem(data: object) -> Problem | None:
    """NOT_A_RECORD or NEWER from a parsed file's ``format`` field; None when it is ours."""
    if not isinstance(data, dict):
        return Problem.NOT_A_RECORD
    fmt = data.get("format")
    if fmt == records.FORMAT:
        return None
    ours = _FORMAT.fullmatch(records.FORMAT)
    theirs = _FORMAT.fullmatch(fmt) if isinstance(fmt, str) else None
    if ours and theirs and int(theirs.group(1)) > int(ours.group(1)):
        return Problem.NEWER
    return Problem.NOT_A_RECORD


def read_record(path: str | os.PathLike) -> records.Record:
    """The record file at `path`, bounded and shape-checked (not replayed): RecordProblem
    saying why in words otherwise (game.record_files' limits; the engine's shape checks)."""
    try:
        data = files.read_json(path, RECORD_LIMITS)
    except FileNotFoundError:
        raise RecordProblem(Problem.MISSING, f"{path}: no such file") from None
    except IsADirectoryError:  # Windows opens no folder: the same answer as elsewhere
        raise RecordProblem(Problem.NOT_A_FILE, f"{path}: a folder") from None
    except files.FileRejected as e:
        raise RecordProblem(_rejected_kind(path), str(e)) from None
    kind = _format_problem(data)
    if kind is not None:
        fmt = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise RecordProblem(kind, f"format {str(fmt)[:40]!r}")
    if data.get("ruleset") not in rulesets.names():
        raise RecordProblem(Problem.UNKNOWN_GAME, f"ruleset {str(data.get('ruleset'))[:40]!r}")
    try:
        return records.from_json(data)
    except RecordError as e:
        kind = Problem.UNKNOWN_GAME if "unknown option" in str(e) else Problem.DAMAGED
        raise RecordProblem(kind, str(e)) from None


def _rejected_kind(path: str | os.PathLike) -> Problem:
    """What a file game.files refused is, from the file itself (it is not read again)."""
    import stat as stat_mod

    try:
        st = os.stat(path)
    except OSError:
        return Problem.UNREADABLE
    if not stat_mod.S_ISREG(st.st_mode):
        return Problem.NOT_A_FILE
    if st.st_size > RECORD_LIMITS.max_bytes:
        return Problem.TOO_LARGE
    if not os.access(path, os.R_OK):
        return Problem.UNREADABLE
    return Problem.NOT_A_RECORD


def problem_of(error: RecordError) -> RecordProblem:
    """A failure of replaying a record (`records.replay`, `records.Replayer`) as the
    player's kind of problem: a game or rule this version does not know, or a move that
    cannot be played (the engine's message kept as the detail, for the log)."""
    if isinstance(error, RecordProblem):
        return error
    kind = Problem.UNKNOWN_GAME if "bad ruleset or options" in str(error) else \
        Problem.UNPLAYABLE
    return RecordProblem(kind, str(error))


def replay_checked(rec: records.Record, path: object = "") -> records.Replay:
    """`records.replay`, its failures as RecordProblem (an engine bug a file can reach is
    logged, and is still only a sentence for the player)."""
    if not rec.rounds:
        raise RecordProblem(Problem.EMPTY, "no round")
    try:
        return records.replay(rec)
    except RecordError as e:
        raise problem_of(e) from None
    except Exception as e:
        log.exception("record %r could not be replayed", str(path))
        raise RecordProblem(Problem.UNPLAYABLE, f"{type(e).__name__}: {e}") from None


def explain(error: BaseException) -> str:
    """Any error a record file can raise at the records screens, as the player's sentence
    (a RecordProblem's own; a bare RecordError reads as a damaged record; an OSError in
    the file system's words)."""
    if isinstance(error, RecordProblem):
        return str(error)
    if isinstance(error, RecordError):
        return problem_words(Problem.DAMAGED)
    if isinstance(error, OSError):
        return files.describe_os_error(error)
    return problem_words(Problem.NOT_A_RECORD)


# --- export and import -----------------------------------------------------------------
def check_record(path: str | os.PathLike) -> records.Record:
    """The record at ``path`` if it loads and replays; RecordProblem saying why otherwise."""
    rec = read_record(path)
    replay_checked(rec, path)
    return rec


def _copy(src: Path, folder: Path, rec: records.Record) -> Path:
    """The record (and its notes) as new files in `folder`, never over another file; each
    written whole or not at all, and nothing left behind by a kill (files.write_new_file)."""
    stem = src.stem if src.suffix == ".json" else src.name
    dest = files.write_new_file(folder, stem, ".json", record_text(rec))
    notes = read_notes(src)
    if notes:
        text = notes_text(notes)
        try:
            files.write_new_file(folder, notes_path(dest).name[:-len(".json")], ".json",
                                 text, exact=True)
        except FileExistsError:
            log.warning("notes beside %s not copied: %s exists", dest, notes_path(dest))
        except OSError as e:
            log.warning("could not copy the AI notes of %s: %s", dest, e)
    return dest


def export_record(src: str | os.PathLike, folder: str | os.PathLike) -> Path:
    """Copy a record (and its notes) into ``folder``, made if missing, never over another
    file. RecordError when the record is bad, OSError when the folder cannot be written."""
    src = Path(src)
    rec = check_record(src)
    return _copy(src, Path(folder).expanduser(), rec)


def export_record_as(src: str | os.PathLike, dest: str | os.PathLike,
                     replace: bool = False) -> Path:
    """Write the record at `src` (checked first) as the file `dest`, chosen by the player
    in the file chooser. A new name is written whole or not at all and never over another
    file (FileExistsError when one appeared there: the caller asks before replacing);
    with `replace` the file there is swapped for the record atomically. Its notes go
    beside it when there are any. RecordProblem for a bad record, OSError for the disk."""
    src, dest = Path(src), Path(dest).expanduser()
    rec = check_record(src)
    text = record_text(rec)
    if replace:
        try:  # never write "over" a pipe or a folder of that name
            files.check_regular(dest)
        except files.FileRejected as e:
            raise OSError(errno.EEXIST, str(e)) from None
        files.atomic_write_text(dest, text, outside=True)
    else:
        stem, suffix = (dest.name[:-len(".json")], ".json") if dest.name.endswith(".json") \
            else (dest.name, "")
        dest = files.write_new_file(dest.parent, stem, suffix, text, exact=True)
    notes = read_notes(src)
    if notes:  # beside a replaced record its notes are replaced; nobody else's file is
        side = notes_path(dest)
        try:
            if replace:
                files.atomic_write_text(side, notes_text(notes), outside=True)
            else:
                files.write_new_file(side.parent, side.name[:-len(".json")], ".json",
                                     notes_text(notes), exact=True)
        except FileExistsError:
            log.warning("notes beside %r not written: %r exists", str(dest), str(side))
        except OSError as e:
            log.warning("could not copy the AI notes of %r: %s", str(dest), e)
    return dest


def import_record(paths: storage.Paths, src: str | os.PathLike) -> Path:
    """Copy a record from anywhere into the records folder after checking that it replays."""
    src = Path(src).expanduser()
    rec = check_record(src)
    return _copy(src, paths.records_dir, rec)


__all__ = ["NOTES_FORMAT", "NOTES_SUFFIX", "Notes", "Problem", "RecordProblem", "check_record",
           "explain", "export_record", "export_record_as", "import_record", "is_record_file",
           "list_records", "notes_path", "notes_text", "problem_of", "problem_words",
           "read_notes", "read_record", "replay_checked", "write_notes"]

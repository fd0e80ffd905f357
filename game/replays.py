"""Record files for review: the list of kept records, AI notes beside a record, export, import.

No pygame. The AI's one-sentence explanations are kept in a sidecar file next to the record
(``<record stem>.notes.json``), never inside it: a record stays the exact, replayable game
(docs/rules/README.md §7) and any other program can read it. A missing or damaged sidecar is
simply ignored, and its texts reach the screen only as drawable text (game.text). Every read
and write goes through game.files (limits, atomic writes; an export into the player's
folder is written whole or not at all, and a kill leaves no temporary there).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game import files, storage
from game.engine import record as records
from game.engine.errors import RecordError
from game.i18n import _
from game.text import clean_line

log = logging.getLogger(__name__)

NOTES_SUFFIX = ".notes.json"
NOTES_FORMAT = "hanafuda-notes/1"
NOTES_LIMITS = files.Limits(max_bytes=2_000_000, max_depth=6, max_int_digits=12,
                            max_str_len=2000, max_items=200_000)


def notes_path(record_path: str | os.PathLike) -> Path:
    """Where a record's notes live: ``game.json`` -> ``game.notes.json``."""
    p = Path(record_path)
    return p.with_name(p.stem + NOTES_SUFFIX) if p.suffix == ".json" else \
        p.with_name(p.name + NOTES_SUFFIX)


def is_record_file(p: Path) -> bool:
    return p.suffix == ".json" and not p.name.endswith(NOTES_SUFFIX) and p.is_file()


def list_records(folder: Path) -> list[Path]:
    """The record files in ``folder``, newest first (an unreadable folder lists nothing)."""
    try:
        found = [p for p in folder.iterdir() if is_record_file(p)]
    except OSError:
        return []

    def when(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(found, key=lambda p: (when(p), p.name), reverse=True)


# --- notes -----------------------------------------------------------------------------
Notes = dict[tuple[int, int], tuple[str, str]]  # (round index, action index) -> (action, text)


def write_notes(record_path: str | os.PathLike, notes: Notes) -> Path | None:
    """Write a record's AI notes beside it; None (logged) when it fails: the notes are a
    comfort, the record is what matters. No notes: the sidecar is removed (so an older
    game's notes never pass for this one's)."""
    if not notes:
        try:
            notes_path(record_path).unlink(missing_ok=True)
        except OSError as e:
            log.warning("could not remove %s: %s", notes_path(record_path), e)
        return None
    path = notes_path(record_path)
    try:
        files.atomic_write_text(path, notes_text(notes))
        return path
    except OSError as e:
        log.warning("could not write the AI notes %s: %s", path, e)
        return None


def notes_text(notes: Notes) -> str:
    """The sidecar's JSON text for `notes`."""
    import json

    items = [{"round": r, "action": a, "text": act, "note": note}
             for (r, a), (act, note) in sorted(notes.items())]
    return json.dumps({"format": NOTES_FORMAT, "notes": items}, ensure_ascii=False,
                      indent=0) + "\n"


def read_notes(record_path: str | os.PathLike) -> Notes:
    """A record's AI notes; empty when the sidecar is missing or damaged (never an error)."""
    try:
        data = files.read_json(notes_path(record_path), NOTES_LIMITS)
    except (FileNotFoundError, files.FileRejected):
        return {}
    out: Notes = {}
    if not isinstance(data, dict) or data.get("format") != NOTES_FORMAT \
            or not isinstance(data.get("notes"), list):
        return {}
    for item in data["notes"]:
        if not isinstance(item, dict):
            continue
        r, a, act, note = (item.get(k) for k in ("round", "action", "text", "note"))
        if all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (r, a)) \
                and isinstance(act, str) and isinstance(note, str):
            note = clean_line(note, 300)  # a NUL or a lone surrogate never reaches the font
            if note:
                out[(r, a)] = (act[:80], note)
    return out


# --- export and import -----------------------------------------------------------------
def check_record(path: str | os.PathLike) -> records.Record:
    """The record at ``path`` if it loads and replays; RecordError saying why otherwise."""
    rec = storage.read_record(path)
    try:
        records.replay(rec)
    except RecordError:
        raise
    except Exception as e:  # an engine bug a file can reach is still only a message
        log.exception("record %s could not be replayed", path)
        raise RecordError(_("cannot be replayed ({reason})").format(
            reason=f"{type(e).__name__}: {e}")) from None
    return rec


def _copy(src: Path, folder: Path, rec: records.Record) -> Path:
    """The record (and its notes) as new files in `folder`, never over another file; each
    written whole or not at all, and nothing left behind by a kill (files.write_new_file)."""
    stem = src.stem if src.suffix == ".json" else src.name
    dest = files.write_new_file(folder, stem, ".json", storage.record_text(rec))
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


def import_record(paths: storage.Paths, src: str | os.PathLike) -> Path:
    """Copy a record from anywhere into the records folder after checking that it replays."""
    src = Path(src).expanduser()
    rec = check_record(src)
    return _copy(src, paths.records_dir, rec)


__all__ = ["NOTES_SUFFIX", "Notes", "check_record", "export_record", "import_record",
           "is_record_file", "list_records", "notes_path", "read_notes", "write_notes"]

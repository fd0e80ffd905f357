"""Record files for review: the list of kept records, AI notes beside a record, export, import.

No pygame. The AI's one-sentence explanations are kept in a sidecar file next to the record
(``<record stem>.notes.json``), never inside it: a record stays the exact, replayable game
(docs/rules/README.md §7) and any other program can read it. A missing or damaged sidecar is
simply ignored. Every read and write goes through game.files (limits, atomic writes).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game import files, storage
from game.engine import record as records
from game.engine.errors import RecordError
from game.i18n import _

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
    items = [{"round": r, "action": a, "text": act, "note": note}
             for (r, a), (act, note) in sorted(notes.items())]
    import json

    path = notes_path(record_path)
    try:
        files.atomic_write_text(path, json.dumps({"format": NOTES_FORMAT, "notes": items},
                                                 ensure_ascii=False, indent=0) + "\n")
        return path
    except OSError as e:
        log.warning("could not write the AI notes %s: %s", path, e)
        return None


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
                and isinstance(act, str) and isinstance(note, str) and note.strip():
            out[(r, a)] = (act, note.strip()[:300])
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
    folder.mkdir(parents=True, exist_ok=True)
    stem = src.stem if src.suffix == ".json" else src.name
    dest = files.unique_path(folder, stem, ".json")
    storage.write_record(dest, rec)
    notes = read_notes(src)
    if notes:
        write_notes(dest, notes)
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

"""Record files: read one (bounded, shape-checked), write one atomically, list the records
folder newest first, and the AI notes kept beside a record (or beside the saved game).

No pygame. The AI's one-sentence explanations are kept in a sidecar file next to the record
(``<record stem>.notes.json``), never inside it: a record stays the exact, replayable game
(docs/rules/README.md §7) and any other program can read it. A missing or damaged sidecar is
simply ignored, and its texts reach the screen only as drawable text (game.text).

Why a module of its own: the saved games (game.storage) read and write records and move or
remove notes with the game they belong to, and the review screens (game.replays) read,
export and import both; the two stand on this, so storage never imports replays (replays
may import storage: the arrow points one way, tests/test_purity.py).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.errors import RecordError
from game.text import clean_line

log = logging.getLogger(__name__)

# A 120-round game (the most any rounds option allows) is about 300 KB; a Hachi match to a
# points target has no fixed length, so its target is capped where a match fits here
# (game/engine/rulesets/hachi.py, TARGET_POINTS_MAX). 4 MB leaves room for any future
# ruleset and still bounds what a hostile file can cost.
RECORD_LIMITS = files.Limits(max_bytes=4_000_000, max_depth=8, max_int_digits=40,
                             max_str_len=4096, max_items=400_000)

NOTES_SUFFIX = ".notes.json"
NOTES_FORMAT = "hanafuda-notes/1"
NOTES_LIMITS = files.Limits(max_bytes=2_000_000, max_depth=6, max_int_digits=12,
                            max_str_len=2000, max_items=200_000)

Notes = dict[tuple[int, int], tuple[str, str]]  # (round index, action index) -> (action, text)


# --- records ---------------------------------------------------------------------------
def read_record(path: str | os.PathLike) -> records.Record:
    """A record file, bounded and shape-checked (not yet replayed): RecordError otherwise."""
    try:
        data = files.read_json(path, RECORD_LIMITS)
    except FileNotFoundError:
        raise RecordError(f"cannot read {path}: no such file") from None
    except files.FileRejected as e:
        raise RecordError(f"not a usable record: {e}") from None
    return records.from_json(data)


def record_text(rec: records.Record) -> str:
    """A record's file text. A lone surrogate (only a file or a script can put one in a
    name) cannot be UTF-8: it becomes '?'."""
    return (rec.dumps() + "\n").encode("utf-8", "replace").decode("utf-8")


def write_record(path: str | os.PathLike, rec: records.Record) -> None:
    """Write a record atomically (OSError on failure, the old file left whole)."""
    files.atomic_write_text(path, record_text(rec))


# --- the records folder ----------------------------------------------------------------
def is_record_file(p: Path) -> bool:
    """A record file in a records folder: a .json file that is not a record's notes."""
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
def notes_path(record_path: str | os.PathLike) -> Path:
    """Where a record's notes live: ``game.json`` -> ``game.notes.json``."""
    p = Path(record_path)
    return p.with_name(p.stem + NOTES_SUFFIX) if p.suffix == ".json" else \
        p.with_name(p.name + NOTES_SUFFIX)


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
    if not isinstance(data, dict) or data.get("format") != NOTES_FORMAT \
            or not isinstance(data.get("notes"), list):
        return {}
    out: Notes = {}
    for item in data["notes"]:
        note = _note_of(item)
        if note is not None:
            out[note[0]] = note[1]
    return out


def _note_of(item: object) -> tuple[tuple[int, int], tuple[str, str]] | None:
    """One item of a sidecar, checked: ((round, action), (action text, drawable note)), or
    None when it is not what this program writes (it is then left out, alone)."""
    if not isinstance(item, dict):
        return None
    r, a, act, note = (item.get(k) for k in ("round", "action", "text", "note"))
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (r, a)) \
            or not isinstance(act, str) or not isinstance(note, str):
        return None
    note = clean_line(note, 300)  # a NUL or a lone surrogate never reaches the font
    return ((r, a), (act[:80], note)) if note else None  # type: ignore[return-value]


def move_with_notes(src: Path, target: Path) -> None:
    """Move a saved game to `target` with its notes beside it (a rename: no space needed).
    OSError when the game cannot be moved (its notes may have gone ahead of it)."""
    notes = notes_path(src)
    if notes.exists():
        files.move_to(notes, notes_path(target))
    files.move_to(src, target)


def remove_with_notes(path: Path) -> None:
    """Remove a saved game and its notes (each failure logged: a leftover is harmless)."""
    for p in (path, notes_path(path)):
        try:
            p.unlink(missing_ok=True)
        except OSError as e:
            log.warning("could not remove %s: %s", p, e)

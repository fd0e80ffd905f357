"""Finished games whose record is written but that are not yet in the statistics.

The record in the records folder is the truth: it holds everything the statistics keep
(game.stats.entry_from_record reads the time played, the finish time and the undos from its
`app` facts). This journal only names it, with its fingerprint, from the moment before the
record is written until the game is counted, so a game whose statistics write failed (the
database locked by another window, a full disk, a kill in between) is added at the next
start or after the next successful write, and, the statistics knowing each game by its
fingerprint, counted exactly once. A damaged journal is set aside like any user file.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from game import files
from game.stats import record_name

log = logging.getLogger(__name__)

FILE_NAME = "stats-pending.json"
FORMAT = "hachihachi-pending/1"
MAX_ENTRIES = 1000  # games waiting: far more than any run of failures leaves
LIMITS = files.Limits(max_bytes=400_000, max_depth=4, max_int_digits=6, max_str_len=300,
                      max_items=4 * MAX_ENTRIES + 10)
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


def journal_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load(data_dir: Path) -> list[tuple[str, str]]:
    """The waiting games as (record file name, fingerprint); a damaged journal is set
    aside (logged) and counts as empty: each record it named is still in the records
    folder, and stays the truth."""
    path = journal_path(data_dir)
    try:
        data = files.read_json(path, LIMITS)
    except FileNotFoundError:
        return []
    except files.FileRejected as e:
        files.set_aside(path)
        log.warning("pending statistics %s unusable (%s); set aside", path, e)
        return []
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(games,
                                                                                     list):
        files.set_aside(path)
        log.warning("pending statistics %s is not a journal; set aside", path)
        return []
    out = []
    for g in games[:MAX_ENTRIES]:
        if not isinstance(g, dict):
            continue
        name, fp = record_name(g.get("record_file")), g.get("fingerprint")
        if name is not None and isinstance(fp, str) and _FINGERPRINT.fullmatch(fp):
            out.append((name, fp))
    return out


def _save(data_dir: Path, entries: list[tuple[str, str]]) -> None:
    path = journal_path(data_dir)
    if not entries:
        path.unlink(missing_ok=True)
        return
    files.atomic_write_text(path, json.dumps(
        {"format": FORMAT, "games": [{"record_file": n, "fingerprint": f}
                                     for n, f in entries[-MAX_ENTRIES:]]}, indent=0) + "\n")


def name_of(data_dir: Path, fp: str) -> str | None:
    """The record file name this game was given, when it is waiting."""
    return next((n for n, f in load(data_dir) if f == fp), None)


def add(data_dir: Path, name: str, fp: str) -> bool:
    """Note a game as waiting (True), or False (logged) when the journal cannot be
    written."""
    entries = load(data_dir)
    if (name, fp) in entries:
        return True
    entries = [(n, f) for n, f in entries if f != fp] + [(name, fp)]
    try:
        _save(data_dir, entries)
        return True
    except OSError as e:
        log.warning("could not note the game as waiting for the statistics: %s", e)
        return False


def remove(data_dir: Path, fp: str) -> bool:
    """The game is counted: no longer waiting (False, logged, when the journal cannot be
    written; it is then found counted and dropped at the next look)."""
    entries = load(data_dir)
    if not any(f == fp for _n, f in entries):
        return True
    try:
        _save(data_dir, [(n, f) for n, f in entries if f != fp])
        return True
    except OSError as e:
        log.warning("could not update the waiting games: %s", e)
        return False


__all__ = ["FILE_NAME", "add", "journal_path", "load", "name_of", "remove"]

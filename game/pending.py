"""Finished games whose record is written but that are not yet in the statistics.

The record in the records folder is the truth: it holds everything the statistics keep
(game.stats.entry_from_record reads the time played, the finish time and the undos from its
`app` facts). This journal only names it, with its fingerprint, from the moment before the
record is written until the game is counted, so a game whose statistics write failed (the
database locked by another window, a full disk, a kill in between, a newer version's file)
is added at the next start or after the next successful write, and, the statistics knowing
each game by its fingerprint, counted exactly once.

A damaged journal is set aside like any user file, and the journal left in its place says
so (`rebuild`): the next catch-up (game.catch_up.catch_up_pending) looks through the records
folder for the finished games the statistics do not count yet, notes them here again and
tells the player. So a damaged journal loses no game either.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from game import files
from game.stats.values import record_name

log = logging.getLogger(__name__)

FILE_NAME = "stats-pending.json"
FORMAT = "hachihachi-pending/1"
MAX_ENTRIES = 1000  # games waiting: far more than any run of failures leaves
MAX_NAME = 255  # characters in a record's file name (game.stats.values.record_name)
# What a journal of MAX_ENTRIES entries holds at most, so the limits follow the entry count
# (issue 43, item 2: a limit of 4 values an entry, where an entry is 5, set 802 games aside):
# an entry is an object, two keys and two texts; the journal itself an object with its
# format, its list and the rebuild note, each a key and a value.
ENTRY_VALUES = 5
HEAD_VALUES = 7
_WIDEST = {"record_file": "\U00010000" * MAX_NAME, "fingerprint": "0" * 64}  # all escaped
ENTRY_BYTES = len(json.dumps(_WIDEST, indent=0)) + 2  # and the ",\n" between entries
HEAD_BYTES = 1024 + 2 * len(json.dumps("\U00010000" * MAX_NAME))
LIMITS = files.Limits(max_bytes=HEAD_BYTES + ENTRY_BYTES * MAX_ENTRIES, max_depth=4,
                      max_int_digits=6, max_str_len=MAX_NAME + 45,
                      max_items=HEAD_VALUES + ENTRY_VALUES * MAX_ENTRIES)
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


@dataclass
class Journal:
    """The waiting games as (record file name, fingerprint), and `rebuild`: the name the
    damaged journal was set aside as, while the records folder is still to be looked
    through for the games it named (None: nothing to rebuild)."""

    games: list[tuple[str, str]] = field(default_factory=list)
    rebuild: str | None = None


def journal_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def read_journal(data_dir: Path) -> Journal:
    """The journal; a damaged one is set aside (logged) and replaced by an empty one that
    asks for a rebuild from the records folder (each record it named is still there)."""
    path = journal_path(data_dir)
    try:
        data = files.read_json(path, LIMITS)
    except FileNotFoundError:
        return Journal()
    except files.FileRejected as e:
        return _set_aside(data_dir, str(e))
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(games,
                                                                                     list):
        return _set_aside(data_dir, "not a journal")
    out = []
    for g in games:
        if not isinstance(g, dict):
            continue
        name, fp = record_name(g.get("record_file")), g.get("fingerprint")
        if name is not None and isinstance(fp, str) and _FINGERPRINT.fullmatch(fp):
            out.append((name, fp))
    rebuild = data.get("rebuild")
    return Journal(out, rebuild if isinstance(rebuild, str) and rebuild else None)


def _set_aside(data_dir: Path, why: str) -> Journal:
    """Set a damaged journal aside and leave one that asks for a rebuild in its place."""
    path = journal_path(data_dir)
    moved = files.set_aside(path)
    log.warning("pending statistics %s unusable (%s); set aside as %s", path, why,
                moved.name if moved else "nothing (it could not be moved)")
    journal = Journal([], moved.name if moved is not None else FILE_NAME)
    try:
        _save(data_dir, journal)
    except OSError as e:
        log.warning("could not note that the waiting games must be found again: %s", e)
    return journal


def load(data_dir: Path) -> list[tuple[str, str]]:
    """The waiting games as (record file name, fingerprint) (see `read_journal`)."""
    return read_journal(data_dir).games


def waiting(data_dir: Path) -> int:
    """How many games wait, only looking (a damaged journal counts none and stays)."""
    try:
        data = files.read_json(journal_path(data_dir), LIMITS)
    except (FileNotFoundError, files.FileRejected):
        return 0
    games = data.get("games") if isinstance(data, dict) else None
    return len(games) if isinstance(games, list) else 0


def _save(data_dir: Path, journal: Journal) -> None:
    path = journal_path(data_dir)
    if not journal.games and journal.rebuild is None:
        path.unlink(missing_ok=True)
        return
    if len(journal.games) > MAX_ENTRIES:  # the oldest records stay in the records folder
        log.warning("%d games wait for the statistics; the oldest %d are no longer noted",
                    len(journal.games), len(journal.games) - MAX_ENTRIES)
    data: dict[str, object] = {"format": FORMAT, "games": [
        {"record_file": n, "fingerprint": f} for n, f in journal.games[-MAX_ENTRIES:]]}
    if journal.rebuild is not None:
        data["rebuild"] = journal.rebuild
    files.atomic_write_text(path, json.dumps(data, indent=0) + "\n")


def _saved(data_dir: Path, journal: Journal, failing: str) -> bool:
    """`_save`, True; or False when the journal cannot be written (logged as `failing`):
    the caller's change is then made again at the next look, nothing is lost."""
    try:
        _save(data_dir, journal)
        return True
    except OSError as e:
        log.warning("%s: %s", failing, e)
        return False


def name_of(data_dir: Path, fp: str) -> str | None:
    """The record file name this game was given, when it is waiting."""
    return next((n for n, f in load(data_dir) if f == fp), None)


def add(data_dir: Path, name: str, fp: str) -> bool:
    """Note a game as waiting (True), or False (logged) when the journal cannot be
    written."""
    journal = read_journal(data_dir)
    if (name, fp) in journal.games:
        return True
    journal.games = [(n, f) for n, f in journal.games if f != fp] + [(name, fp)]
    return _saved(data_dir, journal, "could not note the game as waiting for the statistics")


def remove(data_dir: Path, fp: str) -> bool:
    """The game is counted: no longer waiting (False, logged, when the journal cannot be
    written; it is then found counted and dropped at the next look)."""
    return remove_many(data_dir, {fp})


def remove_many(data_dir: Path, fps: set[str]) -> bool:
    """These games are counted (or their record is gone): no longer waiting; one write."""
    journal = read_journal(data_dir)
    if not any(f in fps for _n, f in journal.games):
        return True
    journal.games = [(n, f) for n, f in journal.games if f not in fps]
    return _saved(data_dir, journal, "could not update the waiting games")


def rebuilt(data_dir: Path, found: list[tuple[str, str]]) -> bool:
    """The records folder was looked through: note the games `found` there not yet
    counted as waiting (beside any noted since) and clear the rebuild; False (logged) when
    the journal cannot be written (the rebuild is then done again)."""
    journal = read_journal(data_dir)
    have = {f for _n, f in journal.games}
    journal.games += [(n, f) for n, f in found if f not in have]
    journal.rebuild = None
    return _saved(data_dir, journal, "could not write the rebuilt list of waiting games")


__all__ = ["FILE_NAME", "Journal", "add", "journal_path", "load", "name_of", "read_journal",
           "rebuilt", "remove", "remove_many", "waiting"]

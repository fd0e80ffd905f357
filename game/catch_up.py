"""Counting the finished games the journal (game.pending) names as waiting: at every start
and after every game that was counted (storage.keep_finished), so a game whose statistics
write failed (a locked file, a full disk, a kill, a newer version's file) is counted exactly
once, as soon as it can be. A damaged journal is rebuilt here first, from the records folder.

Why a module of its own: it holds no state and needs only the journal, the statistics and
the record files, so the saved games' keeper (game.storage) stands on it and it on none of
that keeper's memory.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Protocol

from game import pending, stats
from game.engine import record as records
from game.engine.errors import RecordError
from game.i18n import _, ngettext
from game.record_files import list_records, read_record

log = logging.getLogger(__name__)


class Home(Protocol):
    """The folders the catch-up reads and writes (game.storage.Paths is one)."""

    @property
    def data_dir(self) -> Path: ...

    @property
    def records_dir(self) -> Path: ...

    @property
    def stats_db(self) -> Path: ...


def catch_up_pending(paths: Home) -> str | None:
    """Count the games the journal names as waiting, in one use of the statistics (each
    once: they know a game by its fingerprint), after rebuilding a damaged journal from the
    records folder. What to tell the player, or None: the rebuild, and why games still wait
    when the statistics cannot be written (for a newer version's file: until the game is
    updated, or the player starts new statistics)."""
    rebuilt = _rebuild_pending(paths)
    waiting = pending.load(paths.data_dir)
    done: set[str] = set()
    problem = None
    if waiting:
        done, problem = stats.count_many(paths.stats_db, waiting,
                                          lambda name, fp: _waiting_record(paths, name, fp))
        pending.remove_many(paths.data_dir, done)
        if isinstance(problem, stats.Waiting):
            problem = stats.newer_waiting_words(len(waiting) - len(done))
    told = [problem]
    if rebuilt is not None:
        aside, found = rebuilt
        told.insert(0, _rebuilt_words(aside, len(found), found <= done))
    return " ".join(t for t in told if t) or None


def _waiting_record(paths: Home, name: str, fp: str) -> records.Record | None:
    """A waiting game's record, or None (logged) when it is unusable or another game now:
    it is then no longer waiting."""
    try:
        rec = read_record(paths.records_dir / name)
    except RecordError as e:
        log.warning("waiting game %s has no usable record (%s); dropped", name, e)
        return None
    if stats.fingerprint(rec) != fp:
        log.warning("waiting game %s is another game now; dropped", name)
        return None
    return rec


REBUILD_READS = 4 * pending.MAX_ENTRIES  # records read to rebuild a damaged journal


def _rebuild_pending(paths: Home) -> tuple[str, set[str]] | None:
    """When the journal was found damaged (and set aside), look through the records folder
    for the finished games the statistics do not count yet, by fingerprint, and note them
    as waiting again (issue 43, item 2): (the name the journal was set aside as, the
    fingerprints found). None: no rebuild due, or the statistics cannot be read now (it is
    done at the next catch-up)."""
    journal = pending.read_journal(paths.data_dir)
    if journal.rebuild is None:
        return None
    try:
        result, _told = stats.read(paths.stats_db, lambda db: _uncounted_records(paths, db),
                                   thorough=False)
    except stats.StatsError as e:
        log.info("the waiting games are found again later: %s", e)
        return None
    found: list[tuple[str, str]] = result if isinstance(result, list) else []
    if not pending.rebuilt(paths.data_dir, found):
        return None
    return journal.rebuild, {fp for _n, fp in found}


def _rebuilt_words(aside: str, n: int, counted: bool) -> str:
    """The rebuild of a damaged journal, told: how many games were found, and whether they
    are counted now (when not, the next sentence says why)."""
    if not n:
        return _("The list of games waiting for your statistics was damaged and was set "
                 "aside as {file}. Your records folder was looked through: every finished "
                 "game in it is counted.").format(file=aside)
    if counted:
        return ngettext(
            "The list of games waiting for your statistics was damaged and was set aside "
            "as {file}. Your records folder was looked through: {n} finished game in it "
            "was not counted yet, and is counted now.",
            "The list of games waiting for your statistics was damaged and was set aside "
            "as {file}. Your records folder was looked through: {n} finished games in it "
            "were not counted yet, and are counted now.", n).format(file=aside, n=n)
    return ngettext(
        "The list of games waiting for your statistics was damaged and was set aside as "
        "{file}. Your records folder was looked through: {n} finished game in it is not "
        "counted yet, and waits to be counted.",
        "The list of games waiting for your statistics was damaged and was set aside as "
        "{file}. Your records folder was looked through: {n} finished games in it are not "
        "counted yet, and wait to be counted.", n).format(file=aside, n=n)


def _uncounted_records(paths: Home, db: stats.StatsDB) -> list[tuple[str, str]]:
    """(name, fingerprint) of the records in the records folder that `db` does not count,
    newest first, at most the journal's room. A record a counted game names is not read;
    every other one is read once, to know it by its fingerprint, up to REBUILD_READS of
    them (the work is counted: a folder of strangers' records cannot make it endless)."""
    named = db.record_files()
    found: list[tuple[str, str]] = []
    unknown = [p for p in list_records(paths.records_dir)
               if p.name not in named and stats.record_name(p.name) is not None]
    if len(unknown) > REBUILD_READS:
        log.warning("%d records are not named by the statistics; the newest %d are looked "
                    "at", len(unknown), REBUILD_READS)
    for path in unknown[:REBUILD_READS]:
        try:
            found.append((path.name, stats.fingerprint(read_record(path))))
        except RecordError as e:
            log.info("%s is no record to count (%s)", path.name, e)
    counted = db.counted([fp for _n, fp in found])
    return [(n, fp) for n, fp in found if fp not in counted][:pending.MAX_ENTRIES]


__all__ = ["Home", "REBUILD_READS", "catch_up_pending"]

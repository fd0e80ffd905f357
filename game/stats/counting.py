"""The calls the game makes at the end of a game, a review or a start: count a finished
game, count the games waiting in the journal, keep a review's accuracy, read the records a
game broke. None of them raises: statistics must never stop a game, so every problem
becomes one sentence for the player, told once a run.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.state import OVER
from game.i18n import _, ngettext
from game.stats.bests import Broken, PastBests, records_broken
from game.stats.db import StatsDB
from game.stats.entries import GameEntry, entry_from_record, fingerprint
from game.stats.errors import NewerStats, StatsError
from game.stats.schema import SCHEMA_VERSION
from game.stats.store import read

log = logging.getLogger(__name__)

_told: set[str] = set()  # problems already told to the player this run


class Waiting(str):
    """A sentence that already says when the game it is about gets counted (a newer
    version's file: when the game is updated), so nothing is added to it (`waiting_words`)."""


def waiting_words(problem: str) -> str:
    """What to tell the player about a finished game that could not be counted now but is
    kept for later (its record named in the journal): the problem and what happens next."""
    if isinstance(problem, Waiting):
        return problem
    return _("{problem} This game is added to them the next time the program "
             "starts.").format(problem=problem)


def newer_waiting_words(waiting: int) -> str:
    """A newer version's file and the `waiting` games it keeps from being counted: what
    happens to them (the title at start-up, `python -m game stats`)."""
    newer = str(NewerStats(SCHEMA_VERSION + 1))
    if not waiting:
        return newer
    return " ".join((newer, ngettext(
        "{n} finished game waits to be counted until you update the game, or until you "
        "start new statistics on the Statistics screen.",
        "{n} finished games wait to be counted until you update the game, or until you "
        "start new statistics on the Statistics screen.", waiting).format(n=waiting)))


def _problem(e: Exception) -> str:
    """Why a game could not be counted, in one sentence (unexpected errors logged)."""
    if isinstance(e, NewerStats):  # the game waits for an update, not for the next start
        return Waiting(" ".join((str(e), _(
            "This game waits to be counted until you update the game, or until you start "
            "new statistics on the Statistics screen."))))
    if isinstance(e, StatsError):
        return str(e)
    log.warning("statistics not recorded: %s: %s", type(e).__name__, e)
    reason = files.describe_os_error(e) if isinstance(e, OSError) else type(e).__name__
    if isinstance(e, sqlite3.OperationalError) and "disk" in str(e):
        reason = files.describe_os_error(OSError(28, str(e)))
    return _("This game could not be added to your statistics ({reason}).").format(
        reason=reason)


def _tell_once(problem: str) -> str | None:
    """The problem, the first time this run; None after (the player was told)."""
    if problem in _told:
        return None
    _told.add(problem)
    return problem


def count_game(db_path: str | Path, rec: records.Record, state: object = None,
               **extra: object) -> tuple[bool, str | None]:
    """Add a finished game: (True when it is counted now or was already, a sentence for
    the player or None). Never raises: statistics must not stop a game."""
    try:
        entry = entry_from_record(rec, state, **extra)
        _added, message = read(db_path, lambda db: db.add(entry))
        return True, message
    except Exception as e:  # noqa: BLE001 - said in one sentence, once (`_problem`)
        return False, _tell_once(_problem(e))


def record_game(db_path: str | Path, rec: records.Record, state: object = None,
                **extra: object) -> str | None:
    """Add a finished game; None, or one sentence for the player (each problem told once
    per run). Never raises: statistics must not stop a game."""
    return count_game(db_path, rec, state, **extra)[1]


def count_many(db_path: str | Path, games: list[tuple[str, str]],
               load: Callable[[str, str], records.Record | None],
               ) -> tuple[set[str], str | None]:
    """Count the waiting games `games` (record file name, fingerprint) in one use of the
    file, each game in its own transaction; `load(name, fingerprint)` reads a record (None:
    unusable). (The fingerprints now off the list: counted, or whose record cannot be
    counted, which is logged and stays in the records folder; a sentence for the player
    or None.) On a problem, the games counted before it stay counted. Never raises."""
    done: set[str] = set()

    def add_all(db: StatsDB) -> None:
        done.clear()  # a file found damaged is set aside and this runs again on a new one
        for name, fp in games:
            if fp in done:
                continue
            rec = load(name, fp)
            entry = None if rec is None else _entry_of_finished(rec, name)
            if entry is not None:
                db.add(entry)
            done.add(fp)

    try:
        _none, message = read(db_path, add_all)
        return done, message
    except Exception as e:  # noqa: BLE001 - said in one sentence, once (`_problem`)
        return done, _tell_once(_problem(e))


def _entry_of_finished(rec: records.Record, name: str) -> GameEntry | None:
    """The statistics entry of a finished game's record, or None (logged) when the record
    does not replay to a finished game."""
    try:
        state = records.replay(rec).state
        if getattr(state, "phase", None) != OVER:
            raise ValueError("the game is not finished")
        return entry_from_record(rec, state, record_file=name)
    except Exception as e:  # an engine surprise a file can reach: the record stays
        log.warning("game %s cannot be counted (%s: %s); its record stays in the records "
                    "folder", name, type(e).__name__, e)
        return None


def keep_review(db_path: str | Path, rec: records.Record, seat: int, accuracy: float | None,
                decisions: int, blunders: int, mistakes: int, worlds: int,
                ) -> tuple[bool, str | None]:
    """Keep a game review's accuracy with its game: (True when kept, a sentence for the
    player or None). A game that is not counted (a record from elsewhere) keeps nothing and
    says nothing. Never raises: a review must not fail on its statistics.

    The figure goes in the reviews table's `accuracy` column, a share from 0 to 1 as it
    always was. Since issue 45 it is 1 − (mon given away) / (mon at stake) with a choice
    within the review's tolerance of the best giving none (ai.review.Review.accuracy);
    rows kept before are the same 1 − (loss) / (spread) without that tolerance: the same
    scale (1.0 every choice best, 0.0 the worst every time), a little lower only by the
    few tenths of a mon the tolerance now forgives, so old rows stay readable and are
    charted beside new ones without a new column."""
    try:
        fp = fingerprint(rec)
        kept, message = read(db_path, lambda db: db.set_review(
            fp, seat, accuracy, decisions, blunders, mistakes, worlds))
        return bool(kept), message
    except StatsError as e:
        return False, str(e)
    except Exception as e:  # sqlite, a disk error: log, say it in one sentence
        log.warning("review not kept: %s: %s", type(e).__name__, e)
        reason = files.describe_os_error(e) if isinstance(e, OSError) else type(e).__name__
        return False, _("The accuracy could not be kept in your statistics ({reason}).").format(
            reason=reason)


def game_records_broken(db_path: str | Path, rec: records.Record,
                        state: object = None) -> list[Broken]:
    """`records_broken` for a finished game that is already counted; [] when the
    statistics cannot be read (the result screen never stops for them)."""
    try:
        entry = entry_from_record(rec, state)
        if entry.player_seat is None:
            return []
        past, _told_now = read(db_path, lambda db: db.bests_before(entry.fingerprint,
                                                                    entry.ruleset))
    except Exception as e:  # statistics never stop a game's end
        log.warning("records broken not read: %s: %s", type(e).__name__, e)
        return []
    return records_broken(entry, past) if isinstance(past, PastBests) else []

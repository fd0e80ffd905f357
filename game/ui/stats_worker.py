"""Reads the statistics for the Statistics and History screens off the window's thread
(issue 43, item 5), as game/ui/review_worker.py runs a review: the screen draws at once
and fills in when the data comes, so a file another window holds locked costs one wait
(game.stats.store.LOCK_TIMEOUT) in the background and one sentence, never a frozen window. Each
screen reads everything it shows in ONE use of the file (`load_statistics`,
`load_history`), so a locked file is waited for once, not once per chart.

No pygame here: what a screen loads is plain data, and benchmarks/stats_load.py measures
exactly these calls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from game import pending, stats, storage
from game.i18n import _, ngettext
from game.play.worker import Background, Task

log = logging.getLogger(__name__)

CHART_GAMES = 40  # games in each chart of the Statistics screen
T = TypeVar("T")


@dataclass
class StatisticsData:
    """What the Statistics screen shows. `message`: a sentence that came with the figures
    (the file was damaged and set aside: they start afresh), told once; `problem`: why
    nothing could be read (locked, unreadable, a newer version's file), said on the page
    instead of the figures; `newer`: the file is a newer version's, which this version
    leaves as it is (the screen offers to start new statistics), with `waiting` finished
    games waiting to be counted."""

    figures: list[stats.Figures] = field(default_factory=list)
    timeline: list[int] = field(default_factory=list)  # the player's results, oldest first
    accuracy: list[float] = field(default_factory=list)  # reviewed games, oldest first
    games: int = 0
    damaged: int = 0  # games left out of the figures (their row is damaged)
    message: str | None = None
    problem: str | None = None
    newer: bool = False
    waiting: int = 0


@dataclass
class HistoryData:
    """What the History screen shows: the filters (None: every game), the games of the
    filter asked for, newest first, and as StatisticsData."""

    filters: list[str | None] = field(default_factory=lambda: [None])
    items: list[stats.HistoryItem] = field(default_factory=list)
    damaged: int = 0
    message: str | None = None
    problem: str | None = None
    newer: bool = False


def newer_words(waiting: int) -> str:
    """The Statistics screen over a newer version's file: what this version does with it,
    what becomes of the games finished here, and the choice the screen offers."""
    first = str(stats.NewerStats(stats.SCHEMA_VERSION + 1))
    if not waiting:
        return " ".join((first, _("Update the game to see your statistics, or start new "
                                  "statistics now: the newer file is kept aside, unchanged.")))
    return " ".join((first, ngettext(
        "{n} game you finished with this version waits to be counted until you update the "
        "game. Or start new statistics now: it is counted into a new file, and the newer "
        "file is kept aside, unchanged.",
        "{n} games you finished with this version wait to be counted until you update the "
        "game. Or start new statistics now: they are counted into a new file, and the "
        "newer file is kept aside, unchanged.", waiting).format(n=waiting)))


def _unreadable(e: Exception) -> str:
    """The sentence for a read that failed; only a surprise is logged with its trace."""
    if isinstance(e, stats.StatsError):
        log.info("statistics not read: %s", e)  # locked, busy, unreadable: said, not a bug
        return str(e)
    log.exception("statistics could not be read")
    return _("The statistics could not be read ({reason}).").format(reason=type(e).__name__)


def load_statistics(db_path: Path) -> StatisticsData:
    """Everything the Statistics screen shows, in one use of the file. Never raises."""
    try:
        (figs, line, acc, games, damaged), told = stats.read(db_path, lambda db: (
            db.summary(), db.timeline(CHART_GAMES), db.accuracy_timeline(CHART_GAMES),
            db.count(), db.damaged_games()), thorough=False)
    except stats.NewerStats:
        waiting = pending.waiting(db_path.parent)  # the journal is beside the file
        return StatisticsData(problem=newer_words(waiting), newer=True, waiting=waiting)
    except Exception as e:  # noqa: BLE001 - one sentence for the player (`_unreadable`)
        return StatisticsData(problem=_unreadable(e))
    return StatisticsData(figs, line, [a for _when, _rs, a in acc], games, damaged,
                          message=told)


def load_history(db_path: Path, ruleset: str | None) -> HistoryData:
    """The History screen's filters and the games of `ruleset` (None: all; every game when
    that ruleset has none left), in one use of the file. Never raises."""
    def rows(db: stats.StatsDB) -> tuple[list[str | None], list[stats.HistoryItem], int]:
        filters: list[str | None] = [None, *db.rulesets()]
        return filters, db.history(ruleset if ruleset in filters else None), \
            db.damaged_games()

    try:
        (filters, items, damaged), told = stats.read(db_path, rows, thorough=False)
    except stats.NewerStats as e:
        return HistoryData(problem=str(e), newer=True)
    except Exception as e:  # noqa: BLE001 - one sentence for the player (`_unreadable`)
        return HistoryData(problem=_unreadable(e))
    return HistoryData(filters, items, damaged, message=told)


def start_afresh(paths: storage.Paths) -> StatisticsData:
    """The player chose new statistics over a newer version's file: keep that file aside,
    unchanged, count the games waiting into a new file, and read it; its `message` says
    what was done. Never raises (a failure is its sentence, the newer file untouched)."""
    try:
        kept = stats.start_afresh(paths.stats_db)
    except stats.StatsError as e:
        data = load_statistics(paths.stats_db)
        data.message = str(e)
        return data
    counted = storage.catch_up_pending(paths)
    data = load_statistics(paths.stats_db)
    done = _("The newer statistics file was kept aside, unchanged, as {file}; new "
             "statistics were started.").format(file=kept.name)
    data.message = " ".join(m for m in (done, counted, data.message) if m)
    return data


class Loader(Generic[T]):
    """One call run in the background (game.play.worker, the one way this program works
    off the window's thread): `done` once it has returned, with its `result` (None only if
    it raised, which the functions above never do: each turns a failure into its
    sentence; a surprise is logged)."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        self._task: Task[T] | None = None

    def start(self) -> Loader[T]:
        background = Background("statistics")
        self._task = background.submit(self._work)
        background.shutdown()  # one read a loader: its thread ends with it
        return self

    @property
    def done(self) -> bool:
        return self._task is not None and self._task.done

    @property
    def result(self) -> T | None:
        task = self._task
        if task is None or not task.done:
            return None
        if task.error is not None and not getattr(self, "_logged", False):
            self._logged = True  # a bug: logged once, and the screen says it could not read
            log.error("statistics loader failed", exc_info=task.error)
        return task.value

    def join(self, timeout: float | None = None) -> None:
        """Wait for the result (tests; the window never waits)."""
        if self._task is not None:
            self._task.wait(timeout)


__all__ = ["CHART_GAMES", "HistoryData", "Loader", "StatisticsData", "load_history",
           "load_statistics", "newer_words", "start_afresh"]

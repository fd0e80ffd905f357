"""The work one use of the statistics file may take: SQLite's own steps, not seconds.

With 100,000 games (benchmarks/stats_load.py) a screen's figures take about 7 million steps,
the check of every page 55 million and the upgrade to version 3 about 90 million: `WORK`
and `OPEN_WORK` leave room for ten lifetimes of play, and a file that needs more (a hostile
one) is refused alike on a fast machine and on a slow or busy one, where a limit in seconds
refused a large history (issue 43, item 7). A statement stopped this way fails with
sqlite3.OperationalError "interrupted" (`game.stats.store` says it in one sentence).
"""

from __future__ import annotations

import sqlite3

WORK = 200_000_000  # steps of each use of the file (StatsDB: every public method)
OPEN_WORK = 2_000_000_000  # opening it: the check of every page before a write, an upgrade
STEP = 10_000  # steps between two looks at the budget


def set_budget(conn: sqlite3.Connection, steps: int) -> None:
    """From now on, SQLite stops any statement on `conn` once `steps` of its virtual
    machine have run (counted every STEP): work, not seconds, so a slow or busy machine
    reads what a fast one does, and a file needing endless work is stopped on any."""
    left = [steps // STEP]

    def tick() -> int:
        left[0] -= 1
        return 1 if left[0] < 0 else 0

    conn.set_progress_handler(tick, STEP)

"""An open statistics database: adding a finished game, and the queries the screens read.

`game.stats.store.open_db` makes a `StatsDB`; every public method runs under a fresh budget
of work (`game.stats.budget`) and checks every value it reads before it is used (a bad game
is left out and counted, `StatsDB.damaged_games`, and the screens say how many). The
figures are summed by SQLite along the indexes of schema version 3 (`game.stats.schema`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from game.stats import bests, budget
from game.stats.entries import GameEntry, player_figures, yaku_made
from game.stats.figures import (
    FIGURES_SQL,
    Figures,
    HistoryItem,
    add_group_row,
    history_item,
    valid_game,
)
from game.stats.schema import DAMAGED_IDS, TABLES, version_of
from game.stats.values import (
    MAX_COUNT,
    MAX_LEDGER,
    MAX_LIST,
    MISDEAL,
    count_of,
    now_utc,
    record_name,
    seed_to_db,
    share,
)
from game.text import clean_line

log = logging.getLogger(__name__)

HISTORY_ROWS = 500  # games the History list shows (the newest)
LEDGER_ROWS = 100_000  # (kind of game, yaku) pairs read: far more than there are
LEDGER_ADD = (
    "INSERT INTO yaku_made VALUES (?, ?, ?, ?) ON CONFLICT (ruleset, opponents, yaku)"
    " DO UPDATE SET times = CASE WHEN typeof(times) = 'integer' AND times BETWEEN 0 AND"
    f" {MAX_LEDGER} THEN times + excluded.times ELSE excluded.times END")
GAME_INSERT = (
    "INSERT INTO games (fingerprint, ruleset, options, seed, first_dealer,"
    " finished_at, duration_s, resumed, record_file, hints, undos, player_seat,"
    " opponents, winners, totals, won, player_rounds, player_net, player_best)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")


class StatsDB:
    """An open statistics database. `open_db` makes one; use it as a context manager.

    Every public method runs under a fresh budget of work (`budget.WORK`): SQLite is asked
    to stop a statement that needs more (sqlite3.OperationalError "interrupted")."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._figures: tuple[dict[tuple[str, str], Figures], int] | None = None  # `_groups`

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> StatsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _budget(self) -> None:
        budget.set_budget(self.conn, budget.WORK)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception: all or nothing."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def version(self) -> int:
        self._budget()
        return version_of(self.conn)

    # --- writing ---------------------------------------------------------------------
    def add(self, g: GameEntry) -> bool:
        """Store a finished game (True), or only fill in a missing record file when it is
        already stored (False)."""
        self._budget()
        self._figures = None
        with self.transaction() as c:
            row = c.execute("SELECT id FROM games WHERE fingerprint = ?",
                            (g.fingerprint,)).fetchone()
            if row is not None:
                if g.record_file:
                    c.execute("UPDATE games SET record_file = ? WHERE id = ? AND "
                              "(record_file IS NULL OR typeof(record_file) != 'text')",
                              (g.record_file, row[0]))
                return False
            _insert_game(c, g)
        return True

    def has(self, fp: str) -> bool:
        """True when the game with this fingerprint is counted."""
        self._budget()
        return self.conn.execute("SELECT 1 FROM games WHERE fingerprint = ?",
                                 (fp,)).fetchone() is not None

    def counted(self, fps: list[str]) -> set[str]:
        """Which of these fingerprints are counted (one query, however many)."""
        self._budget()
        return {fp for (fp,) in self.conn.execute(
            "SELECT fingerprint FROM games WHERE fingerprint IN"
            " (SELECT value FROM json_each(?))", (json.dumps(fps),)) if isinstance(fp, str)}

    def record_files(self) -> set[str]:
        """The record file names the counted games name (rebuilding the journal: a record
        named here is counted, and need not be read)."""
        self._budget()
        return {n for (n,) in self.conn.execute(
            "SELECT record_file FROM games WHERE typeof(record_file) = 'text'")
            if record_name(n) is not None}

    # --- reading: every value checked before it is used ---------------------------------
    def _groups(self) -> tuple[dict[tuple[str, str], Figures], int]:
        """The figures of each kind of game (ruleset, opponents; yaku not yet), and how
        many games are left out as damaged (logged when any). Read once per use of the
        file (`add` reads them again)."""
        if self._figures is None:
            self._figures = self._read_groups()
        groups, damaged = self._figures
        return {k: replace(f) for k, f in groups.items()}, damaged

    def _read_groups(self) -> tuple[dict[tuple[str, str], Figures], int]:
        """`_groups` from the file: one pass over the games_figures index, groups whose
        names have nothing drawable merged into the damaged count."""
        damaged = self.conn.execute(f"SELECT COUNT(*) FROM ({DAMAGED_IDS})").fetchone()[0]
        out: dict[tuple[str, str], Figures] = {}
        nets: dict[tuple[str, str], float] = {}
        for rs, opp, n, *sums in self.conn.execute(FIGURES_SQL):
            key = (clean_line(rs, 60), clean_line(opp, 120))
            if not all(key):  # nothing drawable to name it by
                damaged += n
                continue
            f = out.setdefault(key, Figures(*key))
            net = add_group_row(f, n, *sums)
            if net is not None:
                nets[key] = nets.get(key, 0.0) + net
        for key, net in nets.items():
            out[key].avg_net = net / out[key].rounds
        if damaged:
            log.warning("statistics: %d damaged game rows left out", damaged)
        return out, damaged

    def _add_top_yaku(self, groups: dict[tuple[str, str], Figures]) -> None:
        """Each kind of game's three yaku made most: the ledger, less the yaku of the
        games left out as damaged (there are few)."""
        made: dict[tuple[str, str], dict[str, int]] = {}

        def note(rs: object, opp: object, y: object, n: int) -> None:
            key = (clean_line(rs, 60), clean_line(opp, 120))
            name = clean_line(y, 80)
            if key in groups and name:
                mine = made.setdefault(key, {})
                mine[name] = mine.get(name, 0) + n

        for rs, opp, y, n in self.conn.execute(
                "SELECT ruleset, opponents, yaku, times FROM yaku_made WHERE typeof(times) ="
                " 'integer' AND times BETWEEN 1 AND ? LIMIT ?", (MAX_LEDGER, LEDGER_ROWS)):
            note(rs, opp, y, n)
        for rs, opp, y, n in self.conn.execute(
                "SELECT g.ruleset, g.opponents, y.yaku, SUM(y.times) FROM yaku y"
                f" JOIN games g ON g.id = y.game_id WHERE g.id IN ({DAMAGED_IDS})"
                " AND typeof(y.times) = 'integer' AND y.times BETWEEN 1 AND ?"
                " GROUP BY 1, 2, 3 LIMIT ?", (MAX_COUNT, LEDGER_ROWS)):
            note(rs, opp, y, -n)
        for key, ys in made.items():
            groups[key].top_yaku = sorted(((y, n) for y, n in ys.items() if n > 0),
                                          key=lambda p: (-p[1], p[0]))[:3]

    def count(self) -> int:
        """The games the figures count (the damaged ones left out)."""
        self._budget()
        return sum(f.games for f in self._groups()[0].values())

    def damaged_games(self) -> int:
        """The games left out of every figure because their row is not what this program
        writes (the screens and `python -m game stats` say how many)."""
        self._budget()
        return self._groups()[1]

    def summary(self) -> list[Figures]:
        """Figures per (ruleset, opponents), most played first."""
        self._budget()
        groups, _damaged = self._groups()
        self._add_top_yaku(groups)
        return sorted(groups.values(), key=lambda f: (-f.games, f.ruleset, f.opponents))

    def rulesets(self) -> list[str]:
        self._budget()
        return sorted({name for (rs,) in self.conn.execute(
            "SELECT DISTINCT ruleset FROM games INDEXED BY games_figures"
            f" WHERE id NOT IN ({DAMAGED_IDS})") if (name := clean_line(rs, 60))})

    def _newest(self, columns: str, limit: int, ruleset: str | None = None,
                players_only: bool = False) -> list[tuple]:
        """`columns` of the `limit` newest games that are not damaged (of `ruleset` only,
        with a human seat only), read along the index that keeps them newest first."""
        where = [f"id NOT IN ({DAMAGED_IDS})"]
        if players_only:
            where.append("player_seat IS NOT NULL")
        if ruleset is not None:
            where.append("ruleset = ?")
        index = "games_by_date" if ruleset is None else "games_by_ruleset"
        return self.conn.execute(
            f"SELECT {columns} FROM games g INDEXED BY {index} WHERE {' AND '.join(where)}"
            " ORDER BY finished_at DESC, id DESC LIMIT ?",
            (*(() if ruleset is None else (ruleset,)), max(0, limit))).fetchall()

    def history(self, ruleset: str | None = None,
                limit: int = HISTORY_ROWS) -> list[HistoryItem]:
        """Past games, newest first (optionally of one ruleset)."""
        self._budget()
        rows = self._newest(
            "id, ruleset, finished_at, opponents, player_seat, winners, totals, record_file,"
            " undos, hints, (SELECT COUNT(*) FROM rounds r WHERE r.game_id = g.id AND"
            f" r.ending IS NOT '{MISDEAL}'), (SELECT accuracy FROM reviews v"
            " WHERE v.game_id = g.id)", min(limit, HISTORY_ROWS), ruleset or None)
        names = self._names([r[0] for r in rows])
        out = []
        for gid, rs, when, opp, seat, winners, totals, *rest in rows:
            game = valid_game(gid, rs, opp, seat, winners, totals)
            if game is not None:  # else the index let it through: still not drawn
                out.append(history_item(game, when, names.get(gid, []), *rest))
        return out

    def _names(self, ids: list[int]) -> dict[int, list[str]]:
        """The seats' names of these games (in one query), made drawable."""
        out: dict[int, list[str]] = {}
        for gid, name in self.conn.execute(
                "SELECT game_id, name FROM seats WHERE game_id IN"
                " (SELECT value FROM json_each(?)) ORDER BY game_id, seat LIMIT ?",
                (json.dumps(ids), MAX_LIST * len(ids))):
            mine = out.setdefault(gid, [])
            if len(mine) < MAX_LIST:
                mine.append(clean_line(name, 40, f"Seat {len(mine) + 1}"))
        return out

    # --- the game review (ai/review.py) ------------------------------------------------
    def set_review(self, fp: str, seat: int, accuracy: float | None, decisions: int,
                   blunders: int, mistakes: int, worlds: int, when: str | None = None,
                   ) -> bool:
        """Keep a game's latest review (True), or nothing when that game is not counted."""
        self._budget()
        if accuracy is not None and not (isinstance(accuracy, float)
                                         and 0.0 <= accuracy <= 1.0):
            raise ValueError(f"an accuracy is a share from 0 to 1, not {accuracy!r}")
        with self.transaction() as c:
            row = c.execute("SELECT id FROM games WHERE fingerprint = ?", (fp,)).fetchone()
            if row is None:
                return False
            c.execute("INSERT OR REPLACE INTO reviews VALUES (?,?,?,?,?,?,?,?)",
                      (row[0], seat, accuracy, count_of(decisions), count_of(blunders),
                       count_of(mistakes), count_of(worlds), when or now_utc()))
        return True

    def accuracy_timeline(self, limit: int = 40) -> list[tuple[str, str, float]]:
        """(finished at, ruleset, accuracy) of the last `limit` reviewed games, oldest first
        (the progress chart); rows with a damaged value, and damaged games, are left out."""
        self._budget()
        rows = self.conn.execute(
            "SELECT g.finished_at, g.ruleset, r.accuracy FROM reviews r JOIN games g"
            f" ON g.id = r.game_id WHERE r.accuracy IS NOT NULL AND g.id NOT IN ({DAMAGED_IDS})"
            " ORDER BY g.finished_at DESC, g.id DESC LIMIT ?", (max(0, limit),)).fetchall()
        out = []
        for when, rs, acc in rows:
            kept = share(acc)
            if kept is not None and isinstance(rs, str) and isinstance(when, str):
                out.append((clean_line(when, 40), rs, kept))
        return out[::-1]

    def timeline(self, limit: int = 40) -> list[int]:
        """The player's total in each of the last `limit` games with a human, oldest first
        (the chart of results over time)."""
        self._budget()
        out = []
        for row in self._newest("id, ruleset, opponents, player_seat, winners, totals",
                                limit, players_only=True):
            game = valid_game(*row)
            if game is not None:
                out.append(game[5][game[3]])
        return out[::-1]

    # --- what this game is measured against (the game-end screen's "records broken") ---
    def bests_before(self, fp: str, ruleset: str) -> bests.PastBests:
        """The player's bests in the games counted before the game `fp` (issue 26):
        `bests.bests_before` under this use's budget of work."""
        self._budget()
        return bests.bests_before(self.conn, fp, ruleset)


def _insert_game(c: sqlite3.Connection, g: GameEntry) -> None:
    """A new game's rows, in the caller's transaction: the game, its seats, rounds, nets
    and yaku, and the yaku added to the ledger of its kind of game."""
    cur = c.execute(GAME_INSERT, (
        g.fingerprint, g.ruleset, json.dumps(g.options, sort_keys=True), seed_to_db(g.seed),
        g.first_dealer, g.finished_at, g.duration_s, int(g.resumed), g.record_file,
        count_of(g.hints), count_of(g.undos), g.player_seat, g.opponents,
        json.dumps(g.winners), json.dumps(g.totals), *player_figures(g)))
    gid = cur.lastrowid
    for table in TABLES[1:]:  # rows a damaged file kept of a game no longer there
        c.execute(f"DELETE FROM {table} WHERE game_id = ?", (gid,))
    c.executemany("INSERT INTO seats VALUES (?,?,?,?,?)",
                  [(gid, i, s["name"], s["kind"], s["level"]) for i, s in enumerate(g.seats)])
    c.executemany("INSERT INTO rounds VALUES (?,?,?,?,?,?)",
                  [(gid, i, r["ending"], r["winner"], r["dealer"], r["multiplier"])
                   for i, r in enumerate(g.rounds)])
    c.executemany("INSERT INTO round_nets VALUES (?,?,?,?)",
                  [(gid, i, s, v) for i, r in enumerate(g.rounds)
                   for s, v in enumerate(r["net"])])
    c.executemany("INSERT INTO yaku VALUES (?,?,?,?)",
                  [(gid, s, y, n) for s, ys in g.yaku.items() for y, n in ys.items()])
    c.executemany(LEDGER_ADD, [(g.ruleset, g.opponents, y, n) for y, n in yaku_made(g).items()])

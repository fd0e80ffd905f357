"""Statistics and history of finished games: one SQLite file in the user data folder.

Why SQLite (the standard library's sqlite3): a game is written in ONE transaction, so a crash
or a `kill -9` in the middle leaves either the whole game or none of it, and the file stays
valid (its journal is rolled back at the next open). The schema carries a version number and
`MIGRATIONS` lists every change from version 1 on, so a newer program upgrades an older file
in place. A file that is not a usable database is set aside (`files.set_aside`, never
deleted) with one sentence for the player, and a fresh one is made; nothing else is touched.

A file can pass SQLite's own integrity check and still be no statistics database of ours
(a table replaced by a view, a column missing, text where a number belongs), so nothing
read is trusted: the schema is compared with the one `MIGRATIONS` makes (any difference:
set aside), every value read is checked for its type and range before it is used (a bad
row is left out and logged, the rest still count), and every statement runs under a time
budget (`DEADLINE`), so no file can freeze a screen. Only a regular file is opened.

A game is identified by a fingerprint of its record (ruleset, options, seats, seed, decks and
actions), so recording the same finished game twice (the title writes a record that failed
at the table) stores it once. "You" in the figures is a game's first human seat (the seat
the title's Continue button speaks for); the yaku of every human seat are kept.

No pygame here: the command line (`python -m game stats`) and the screens read the same
`summary()`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.vocab import Category, Ending
from game.i18n import N_, _
from game.text import clean_line

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
YAKU_CATEGORIES = (Category.TEYAKU, Category.DEKIYAKU)

# Each entry upgrades the file from the version before it; never edit a released entry,
# append a new one (and raise SCHEMA_VERSION).
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        "CREATE TABLE games ("
        " id INTEGER PRIMARY KEY,"
        " fingerprint TEXT NOT NULL UNIQUE,"
        " ruleset TEXT NOT NULL,"
        " options TEXT NOT NULL,"          # JSON object
        " seed INTEGER,"
        " first_dealer INTEGER NOT NULL,"
        " finished_at TEXT NOT NULL,"      # UTC, ISO 8601
        " duration_s REAL,"                # seconds the table was open; NULL when unknown
        " resumed INTEGER NOT NULL DEFAULT 0,"  # continued from an autosave at least once
        " record_file TEXT,"               # the record's file name under records/
        " hints INTEGER NOT NULL DEFAULT 0,"
        " undos INTEGER NOT NULL DEFAULT 0,"
        " player_seat INTEGER,"            # the first human seat; NULL: computers only
        " opponents TEXT NOT NULL,"        # 'Expert', 'Beginner + Expert', 'Hot seat'...
        " winners TEXT NOT NULL,"          # JSON list of seats
        " totals TEXT NOT NULL)",          # JSON list of mon per seat
        "CREATE INDEX games_by_date ON games (finished_at)",
        "CREATE TABLE seats ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,"
        " level TEXT,"                     # a computer's level (or its id); NULL for a human
        " PRIMARY KEY (game_id, seat))",
        "CREATE TABLE rounds ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " idx INTEGER NOT NULL, ending TEXT NOT NULL, winner INTEGER,"
        " dealer INTEGER NOT NULL, multiplier INTEGER NOT NULL,"
        " PRIMARY KEY (game_id, idx))",
        "CREATE TABLE round_nets ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " idx INTEGER NOT NULL, seat INTEGER NOT NULL, net INTEGER NOT NULL,"
        " PRIMARY KEY (game_id, idx, seat))",
        "CREATE TABLE yaku ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, yaku TEXT NOT NULL, times INTEGER NOT NULL,"
        " PRIMARY KEY (game_id, seat, yaku))",
    )),
    (2, (  # the game review's accuracy (ai/review.py), one per game: the latest review
        "CREATE TABLE reviews ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, accuracy REAL,"   # share of mon kept; NULL: nothing mattered
        " decisions INTEGER NOT NULL, blunders INTEGER NOT NULL, mistakes INTEGER NOT NULL,"
        " worlds INTEGER NOT NULL, reviewed_at TEXT NOT NULL,"  # UTC, ISO 8601
        " PRIMARY KEY (game_id))",
    )),
)
TABLES = ("games", "seats", "rounds", "round_nets", "yaku", "reviews")

# SQLite keeps signed 64-bit integers; a game's seed is any 64-bit value (the session masks
# it so), so seeds from 2**63 up are kept as their two's complement and read back.
SEED_BITS = 64
MAX_COUNT = 10**7  # undos, hints, times a yaku was made: beyond this, not a real figure
MAX_AMOUNT = 10**12  # mon in a round or a game: beyond this, not a real figure
DEADLINE = 5.0  # seconds any one use of the database may take (a hostile file: more)
MAX_ROWS = 200_000  # games read for the figures; far beyond a lifetime of play


def seed_to_db(seed: object) -> int | None:
    """A seed as the database keeps it (None: no seed, or one no 64-bit game has)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << SEED_BITS:
        return None
    return seed - (1 << SEED_BITS) if seed >= 1 << (SEED_BITS - 1) else seed


def seed_from_db(value: object) -> int | None:
    """The seed a stored value stands for (the inverse of `seed_to_db`)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return value + (1 << SEED_BITS) if value < 0 else value


def _share(value: object) -> float | None:
    """A stored accuracy, checked: a float from 0 to 1, else None."""
    if isinstance(value, float) and math.isfinite(value) and 0.0 <= value <= 1.0:
        return value
    return None


def _count(value: object) -> int:
    """A count from a record or the database: a whole number 0..MAX_COUNT, else 0."""
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT
    return value if ok else 0  # type: ignore[return-value]


def _amount(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_AMOUNT


class StatsError(Exception):
    """The statistics could not be read or written; the message is one sentence for a player."""


# --- what one finished game holds -------------------------------------------------------
@dataclass
class GameEntry:
    """A finished game as the database keeps it (built by `entry_from_record`)."""

    fingerprint: str
    ruleset: str
    options: dict
    seed: int | None
    first_dealer: int
    seats: list[dict]  # name, kind, level
    rounds: list[dict]  # ending, winner, dealer, multiplier, net (list per seat)
    yaku: dict[int, dict[str, int]]  # human seat -> yaku id -> times made
    winners: list[int]
    totals: list[int]
    finished_at: str = ""
    duration_s: float | None = None
    resumed: bool = False
    record_file: str | None = None
    hints: int = 0
    undos: int = 0

    @property
    def player_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s["kind"] == "human"), None)

    @property
    def opponents(self) -> str:
        return opponents_label(self.seats)


def level_of(kind: str) -> str | None:
    """A computer seat's level name ('Expert'), or its agent id for one without a level."""
    if not kind.startswith("ai:"):
        return None
    import ai

    agent = kind[3:]
    return next((name for name, a, _ in ai.LEVELS if a == agent), agent)


def opponents_label(seats: list[dict]) -> str:
    """Who the player faced: one level, several joined with '+', 'Hot seat' (people only)
    or 'Computers only' (no human seat)."""
    levels = sorted({s["level"] for s in seats if s.get("level")})
    if not any(s["kind"] == "human" for s in seats):
        return N_("Computers only")  # stored as the id; the screen translates it
    return " + ".join(levels) if levels else N_("Hot seat")


def fingerprint(rec: records.Record) -> str:
    data = json.dumps([rec.ruleset, rec.options, rec.seats, rec.seed, rec.first_dealer,
                       rec.rounds], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(data.encode()).hexdigest()


def entry_from_record(rec: records.Record, state: object = None, **extra: object) -> GameEntry:
    """The database entry of a finished game; `state` is its engine State (replayed from
    the record when not given). `extra`: finished_at, duration_s, resumed, record_file,
    hints, undos. The record is the truth: what the program kept in its `app` facts (undos,
    hints, the time played, when it finished, whether it was continued) is read from it."""
    st = state if state is not None else records.replay(rec).state
    rs = st.rs  # type: ignore[attr-defined]
    seats = [{"name": clean_line(s.get("name"), 40, f"Seat {i + 1}"),
              "kind": str(s.get("kind", "human"))[:80],
              "level": level_of(str(s.get("kind", "human"))[:80])}
             for i, s in enumerate(rec.seats)]
    humans = {i for i, s in enumerate(seats) if s["kind"] == "human"}
    yaku: dict[int, dict[str, int]] = {i: {} for i in humans}
    rounds = []
    for r in st.results:  # type: ignore[attr-defined]
        rounds.append({"ending": str(r.ending), "winner": r.winner, "dealer": r.dealer,
                       "multiplier": r.multiplier, "net": list(r.net)})
        for p in r.payments:
            if p.to in humans:
                try:
                    cat = rs.category(p.reason)
                except ValueError:  # a reason this ruleset never pays: not a yaku
                    continue
                if cat in YAKU_CATEGORIES:
                    yaku[p.to][p.reason] = yaku[p.to].get(p.reason, 0) + 1
    entry = GameEntry(fingerprint(rec), rec.ruleset, dict(rec.options), rec.seed,
                      rec.first_dealer, seats, rounds, yaku,
                      list(rs.game_winners(st)), list(st.totals))  # type: ignore[attr-defined]
    app = getattr(rec, "app", None) or {}  # the program's facts kept in the record
    if not isinstance(app, dict):
        app = {}
    entry.undos = _count(app.get("undo_count", 0))
    entry.hints = _count(app.get("hint_count", 0))
    played = app.get("played_seconds")
    if isinstance(played, int) and not isinstance(played, bool) and 0 < played <= MAX_COUNT:
        entry.duration_s = float(played)
    if app.get("resumed") is True:
        entry.resumed = True
    finished = app.get("finished_at")
    if isinstance(finished, str) and _iso_time(finished):
        entry.finished_at = finished
    for k, v in extra.items():
        if not hasattr(entry, k):
            raise TypeError(f"unknown field {k!r}")
        setattr(entry, k, v)
    if not entry.finished_at:
        entry.finished_at = now_utc()
    return entry


def now_utc() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def _iso_time(text: str) -> bool:
    """True for an ISO 8601 time as `now_utc` writes it (with its zone)."""
    if len(text) > 40:
        return False
    try:
        return dt.datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False


# --- the database -----------------------------------------------------------------------
@dataclass
class Figures:
    """One row of the statistics: a ruleset against one kind of opponent."""

    ruleset: str
    opponents: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    avg_net: float | None = None  # per round (misdeals not counted), the player's seat
    best_round: int | None = None
    top_yaku: list[tuple[str, int]] = field(default_factory=list)
    hints: int = 0
    undos: int = 0

    def as_json(self) -> dict:
        return {"ruleset": self.ruleset, "opponents": self.opponents, "games": self.games,
                "wins": self.wins, "rounds": self.rounds,
                "avg_net_per_round": None if self.avg_net is None else round(self.avg_net, 2),
                "best_round": self.best_round,
                "top_yaku": [{"yaku": y, "times": n} for y, n in self.top_yaku],
                "hints": self.hints, "undos": self.undos}


@dataclass
class HistoryItem:
    """One past game in the History list."""

    id: int
    ruleset: str
    finished_at: str
    opponents: str
    names: list[str]
    player_seat: int | None
    won: bool | None  # None: no human seat
    net: int | None  # the player's total
    rounds: int
    record_file: str | None
    undos: int
    hints: int
    accuracy: float | None = None  # the latest game review's, 0..1 (None: not reviewed)


class StatsDB:
    """An open statistics database. `open_db` makes one; use it as a context manager.

    Every public method runs under a fresh time budget (`DEADLINE`): SQLite is asked to
    stop a statement that runs past it (sqlite3.OperationalError "interrupted")."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.skipped = 0  # rows left out of the figures for a bad value (logged)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> StatsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _budget(self) -> None:
        _set_deadline(self.conn, DEADLINE)

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
        return _version(self.conn)

    # --- writing ---------------------------------------------------------------------
    def add(self, g: GameEntry) -> bool:
        """Store a finished game (True), or only fill in a missing record file when it is
        already stored (False)."""
        self._budget()
        with self.transaction() as c:
            row = c.execute("SELECT id FROM games WHERE fingerprint = ?",
                            (g.fingerprint,)).fetchone()
            if row is not None:
                if g.record_file:
                    c.execute("UPDATE games SET record_file = ? WHERE id = ? AND "
                              "(record_file IS NULL OR typeof(record_file) != 'text')",
                              (g.record_file, row[0]))
                return False
            cur = c.execute(
                "INSERT INTO games (fingerprint, ruleset, options, seed, first_dealer,"
                " finished_at, duration_s, resumed, record_file, hints, undos, player_seat,"
                " opponents, winners, totals) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (g.fingerprint, g.ruleset, json.dumps(g.options, sort_keys=True),
                 seed_to_db(g.seed), g.first_dealer, g.finished_at, g.duration_s,
                 int(g.resumed), g.record_file, _count(g.hints), _count(g.undos),
                 g.player_seat, g.opponents, json.dumps(g.winners), json.dumps(g.totals)))
            gid = cur.lastrowid
            for table in TABLES[1:]:  # rows a damaged file kept of a game no longer there
                c.execute(f"DELETE FROM {table} WHERE game_id = ?", (gid,))
            c.executemany("INSERT INTO seats VALUES (?,?,?,?,?)",
                          [(gid, i, s["name"], s["kind"], s["level"])
                           for i, s in enumerate(g.seats)])
            c.executemany("INSERT INTO rounds VALUES (?,?,?,?,?,?)",
                          [(gid, i, r["ending"], r["winner"], r["dealer"], r["multiplier"])
                           for i, r in enumerate(g.rounds)])
            c.executemany("INSERT INTO round_nets VALUES (?,?,?,?)",
                          [(gid, i, s, v) for i, r in enumerate(g.rounds)
                           for s, v in enumerate(r["net"])])
            c.executemany("INSERT INTO yaku VALUES (?,?,?,?)",
                          [(gid, s, y, n) for s, ys in g.yaku.items() for y, n in ys.items()])
        return True

    def has(self, fp: str) -> bool:
        """True when the game with this fingerprint is counted."""
        self._budget()
        return self.conn.execute("SELECT 1 FROM games WHERE fingerprint = ?",
                                 (fp,)).fetchone() is not None

    # --- reading: every value checked before it is used ---------------------------------
    def _games(self) -> list[tuple]:
        """(id, ruleset, opponents, player seat or None, winners, totals, hints, undos) of
        every game whose values are whole; a bad row is counted in `skipped` and logged."""
        rows = self.conn.execute(
            "SELECT id, ruleset, opponents, player_seat, winners, totals, hints, undos"
            " FROM games ORDER BY finished_at DESC, id DESC LIMIT ?", (MAX_ROWS,)).fetchall()
        out = []
        for gid, rs, opp, seat, winners, totals, hints, undos in rows:
            game = _valid_game(gid, rs, opp, seat, winners, totals)
            if game is None:
                self.skipped += 1
                continue
            out.append((*game, _count(hints), _count(undos)))
        if self.skipped:
            log.warning("statistics: %d damaged game rows left out", self.skipped)
        return out

    def count(self) -> int:
        self._budget()
        return len(self._games())

    def summary(self) -> list[Figures]:
        """Figures per (ruleset, opponents), most played first."""
        self._budget()
        c = self.conn
        out: dict[tuple[str, str], Figures] = {}
        group: dict[int, tuple[str, str]] = {}
        seat_of: dict[int, int] = {}
        for gid, rs, opp, seat, winners, _totals, hints, undos in self._games():
            f = out.get((rs, opp))
            if f is None:
                f = out[rs, opp] = Figures(rs, opp)
            f.games += 1
            f.hints += hints
            f.undos += undos
            group[gid] = (rs, opp)
            if seat is not None:
                seat_of[gid] = seat
                f.wins += seat in winners
        misdeal = str(Ending.MISDEAL)
        sums: dict[tuple[str, str], list] = {}
        for gid, n, total, best in c.execute(
                "SELECT n.game_id, COUNT(*), SUM(n.net), MAX(n.net)"
                " FROM rounds r JOIN round_nets n ON n.game_id = r.game_id AND n.idx = r.idx"
                " JOIN games g ON g.id = r.game_id AND n.seat = g.player_seat"
                " WHERE r.ending IS NOT ? AND typeof(n.net) = 'integer'"
                "  AND n.net BETWEEN ? AND ?"
                " GROUP BY n.game_id LIMIT ?",
                (misdeal, -MAX_AMOUNT, MAX_AMOUNT, MAX_ROWS)):
            if gid not in seat_of or not (_amount(n) and _amount(total) and _amount(best)):
                continue
            acc = sums.setdefault(group[gid], [0, 0, None])
            acc[0] += n
            acc[1] += total
            acc[2] = best if acc[2] is None else max(acc[2], best)
        for key, (n, total, best) in sums.items():
            if n:
                f = out[key]
                f.rounds, f.avg_net, f.best_round = n, total / n, best
        made: dict[tuple[str, str], dict[str, int]] = {}
        for gid, y, n in c.execute(
                "SELECT game_id, yaku, SUM(times) FROM yaku WHERE typeof(yaku) = 'text'"
                " AND typeof(times) = 'integer' AND times BETWEEN 1 AND ?"
                " GROUP BY game_id, yaku LIMIT ?", (MAX_COUNT, MAX_ROWS * 10)):
            if gid in group and _count(n):
                mine = made.setdefault(group[gid], {})
                name = clean_line(y, 80)
                mine[name] = mine.get(name, 0) + n
        for key, ys in made.items():
            out[key].top_yaku = sorted(ys.items(), key=lambda p: (-p[1], p[0]))[:3]
        return sorted(out.values(), key=lambda f: (-f.games, f.ruleset, f.opponents))

    def rulesets(self) -> list[str]:
        self._budget()
        return sorted({rs for _gid, rs, *_rest in self._games()})

    def history(self, ruleset: str | None = None, limit: int = 500) -> list[HistoryItem]:
        """Past games, newest first (optionally of one ruleset)."""
        self._budget()
        q = ("SELECT id, ruleset, finished_at, opponents, player_seat, winners, totals,"
             " record_file, undos, hints FROM games")
        args: tuple = ()
        if ruleset:
            q += " WHERE ruleset = ?"
            args = (ruleset,)
        q += " ORDER BY finished_at DESC, id DESC LIMIT ?"
        rows = self.conn.execute(q, (*args, max(0, min(limit, MAX_ROWS)))).fetchall()
        out = []
        for gid, rs, when, opp, seat, winners, totals, rf, undos, hints in rows:
            game = _valid_game(gid, rs, opp, seat, winners, totals)
            if game is None:
                self.skipped += 1
                continue
            _gid, rs, opp, seat, won_by, tot = game
            names = [clean_line(n, 40, f"Seat {i + 1}") for i, (n,) in enumerate(
                self.conn.execute("SELECT name FROM seats WHERE game_id = ? ORDER BY seat"
                                  " LIMIT 64", (gid,)))]
            rounds = self.conn.execute("SELECT COUNT(*) FROM rounds WHERE game_id = ? AND"
                                       " ending IS NOT ?", (gid, str(Ending.MISDEAL))
                                       ).fetchone()[0]
            out.append(HistoryItem(gid, rs, clean_line(when, 40), opp, names, seat,
                                   None if seat is None else seat in won_by,
                                   None if seat is None else tot[seat],
                                   rounds if _count(rounds) else 0, record_name(rf),
                                   _count(undos), _count(hints), self._accuracy(gid)))
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
                      (row[0], seat, accuracy, _count(decisions), _count(blunders),
                       _count(mistakes), _count(worlds), when or now_utc()))
        return True

    def _accuracy(self, gid: int) -> float | None:
        row = self.conn.execute("SELECT accuracy FROM reviews WHERE game_id = ?",
                                (gid,)).fetchone()
        return _share(row[0]) if row else None

    def accuracy_timeline(self, limit: int = 40) -> list[tuple[str, str, float]]:
        """(finished at, ruleset, accuracy) of the last `limit` reviewed games, oldest first
        (the progress chart); rows with a damaged value are left out."""
        self._budget()
        rows = self.conn.execute(
            "SELECT g.finished_at, g.ruleset, r.accuracy FROM reviews r JOIN games g"
            " ON g.id = r.game_id WHERE r.accuracy IS NOT NULL"
            " ORDER BY g.finished_at DESC, g.id DESC LIMIT ?",
            (max(0, min(limit, MAX_ROWS)),)).fetchall()
        out = []
        for when, rs, acc in rows:
            share = _share(acc)
            if share is None or not isinstance(rs, str) or not isinstance(when, str):
                self.skipped += 1
                continue
            out.append((clean_line(when, 40), rs, share))
        return out[::-1]

    def timeline(self, limit: int = 40) -> list[int]:
        """The player's total in each of the last `limit` games with a human, oldest first
        (the chart of results over time)."""
        self._budget()
        out = []
        for _gid, _rs, _opp, seat, _won, totals, *_rest in self._games():
            if seat is not None:
                out.append(totals[seat])
                if len(out) >= limit:
                    break
        return out[::-1]


    # --- what this game is measured against (the game-end screen's "records broken") ---
    def bests_before(self, fp: str, ruleset: str) -> PastBests:
        """The player's bests in the games counted before the game `fp` (issue 26): the game
        itself is counted before its result screen opens (storage.keep_finished), so it is
        left out, and so is every game stored after it. Amounts (best round, best total,
        wins) are of the same ruleset, as a round's size depends on it; the yaku ever made
        are of any ruleset (a Gokō is a Gokō)."""
        self._budget()
        row = self.conn.execute("SELECT id FROM games WHERE fingerprint = ?", (fp,)).fetchone()
        limit = row[0] if row is not None and isinstance(row[0], int) else None
        before = [g for g in self._games() if g[3] is not None and g[0] != limit
                  and (limit is None or g[0] < limit)]
        ids = {g[0] for g in before}
        mine = [g for g in before if g[1] == ruleset]
        past = PastBests(games=len(mine), wins=sum(g[3] in g[4] for g in mine),
                         best_total=max((g[5][g[3]] for g in mine), default=None))
        same = {g[0] for g in mine}
        for gid, best in self.conn.execute(
                "SELECT n.game_id, MAX(n.net) FROM rounds r JOIN round_nets n"
                " ON n.game_id = r.game_id AND n.idx = r.idx"
                " JOIN games g ON g.id = r.game_id AND n.seat = g.player_seat"
                " WHERE r.ending IS NOT ? AND typeof(n.net) = 'integer'"
                "  AND n.net BETWEEN ? AND ? GROUP BY n.game_id LIMIT ?",
                (str(Ending.MISDEAL), -MAX_AMOUNT, MAX_AMOUNT, MAX_ROWS)):
            if gid in same and _amount(best):
                past.best_round = best if past.best_round is None else max(past.best_round,
                                                                            best)
        made = set()
        for gid, y in self.conn.execute(
                "SELECT y.game_id, y.yaku FROM yaku y JOIN games g ON g.id = y.game_id"
                " AND y.seat = g.player_seat WHERE typeof(y.yaku) = 'text'"
                " AND typeof(y.times) = 'integer' AND y.times BETWEEN 1 AND ? LIMIT ?",
                (MAX_COUNT, MAX_ROWS * 10)):
            if gid in ids:
                made.add(clean_line(y, 80))
        past.yaku_made = frozenset(made)
        past.any_games = len(before)
        return past


@dataclass
class PastBests:
    """The player's bests before one game (StatsDB.bests_before)."""

    games: int = 0  # earlier games of this ruleset with a human seat
    wins: int = 0
    best_total: int | None = None
    best_round: int | None = None  # misdeals not counted
    yaku_made: frozenset[str] = frozenset()  # any ruleset
    any_games: int = 0  # earlier games with a human seat, any ruleset


@dataclass(frozen=True)
class Broken:
    """One record this game broke: `kind` is one of BROKEN_KINDS; `value` the new figure
    (a yaku id for "first_yaku"), `previous` the old one (None for a first time)."""

    kind: str
    value: int | str
    previous: int | None = None


BROKEN_KINDS = ("first_win", "best_round", "best_total", "first_yaku")


def records_broken(entry: GameEntry, before: PastBests) -> list[Broken]:
    """The records the finished game `entry` broke, compared with the games before it.

    Only the player's seat (the first human) holds records. Nothing is a record in the
    very first game (there is nothing to break yet); a best must beat the old figure
    strictly; a first yaku is one the player never made in any earlier game."""
    seat = entry.player_seat
    if seat is None:
        return []
    out: list[Broken] = []
    if before.games and not before.wins and seat in entry.winners:
        out.append(Broken("first_win", entry.totals[seat]))
    nets = [r["net"][seat] for r in entry.rounds
            if r["ending"] != str(Ending.MISDEAL) and seat < len(r["net"])]
    best = max(nets, default=None)
    if (before.games and best is not None and before.best_round is not None
            and best > before.best_round and best > 0):
        out.append(Broken("best_round", best, before.best_round))
    total = entry.totals[seat]
    if before.games and before.best_total is not None and total > before.best_total \
            and total > 0:
        out.append(Broken("best_total", total, before.best_total))
    if before.any_games:
        for y in sorted(entry.yaku.get(seat, {})):
            if y not in before.yaku_made:
                out.append(Broken("first_yaku", y))
    return out


def game_records_broken(db_path: str | Path, rec: records.Record,
                        state: object = None) -> list[Broken]:
    """`records_broken` for a finished game that is already counted; [] when the
    statistics cannot be read (the result screen never stops for them)."""
    try:
        entry = entry_from_record(rec, state)
        if entry.player_seat is None:
            return []
        past, _told = read(db_path, lambda db: db.bests_before(entry.fingerprint,
                                                                entry.ruleset))
    except Exception as e:  # statistics never stop a game's end
        log.warning("records broken not read: %s: %s", type(e).__name__, e)
        return []
    return records_broken(entry, past) if isinstance(past, PastBests) else []


# the JSON lists a row keeps: short, flat, whole numbers
_LIST_LIMITS = files.Limits(max_bytes=4096, max_depth=1, max_int_digits=13, max_str_len=0,
                            max_items=64)


def _int_list(text: object) -> list[int] | None:
    """A JSON list of whole numbers within `MAX_AMOUNT`, or None."""
    if not isinstance(text, str):
        return None
    try:
        value = files.parse_json(text, _LIST_LIMITS)
    except files.FileRejected:
        return None
    if not isinstance(value, list) or not all(_amount(v) for v in value):
        return None
    return value


def _valid_game(gid: object, rs: object, opp: object, seat: object, winners: object,
                totals: object) -> tuple | None:
    """A game row's values, checked: (id, ruleset, opponents, seat, winners, totals) with
    text made drawable, or None when any of them is not what the program writes."""
    if not isinstance(gid, int) or not isinstance(rs, str) or not isinstance(opp, str):
        return None
    won = _int_list(winners)
    tot = _int_list(totals)
    if won is None or tot is None or not tot:
        return None
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(tot)):
        return None
    rs, opp = clean_line(rs, 60), clean_line(opp, 120)
    if not rs or not opp:
        return None
    return gid, rs, opp, seat, won, tot


def record_name(value: object) -> str | None:
    """A statistics row's record file as a bare name inside the records folder, or None:
    no folder, no `..`, nothing absolute, nothing that is not a plain .json name."""
    if not isinstance(value, str) or not value or len(value) > 255:
        return None
    if any(sep in value for sep in ("/", "\\", "\x00")) or value in (".", "..") \
            or value.startswith(".") or ":" in value or not value.endswith(".json"):
        return None
    return value


def _set_deadline(conn: sqlite3.Connection, seconds: float) -> None:
    """From now on, SQLite stops any statement on `conn` once `seconds` have passed."""
    end = time.monotonic() + seconds
    conn.set_progress_handler(lambda: 1 if time.monotonic() > end else 0, 2000)


def _version(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT type FROM sqlite_master WHERE name = 'schema_version'"
                       ).fetchone()
    if row is None:
        return 0
    if row[0] != "table":
        raise Damaged("schema_version is not a table")
    values = [v for (v,) in conn.execute("SELECT version FROM schema_version LIMIT 2")]
    if len(values) != 1 or not isinstance(values[0], int) or not 0 < values[0] < 10**6:
        raise Damaged(f"schema_version holds {values[:2]!r}")
    return values[0]


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the file to SCHEMA_VERSION, each step in its own transaction; the version."""
    version = _version(conn)
    if version > SCHEMA_VERSION:
        raise StatsError(_("The statistics were written by a newer version of the game, so "
                           "this one does not add to them."))
    for target, statements in MIGRATIONS:
        if target <= version:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if target == 1:
                conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            for sql in statements:
                conn.execute(sql)
            conn.execute("DELETE FROM schema_version")
            conn.execute("INSERT INTO schema_version VALUES (?)", (target,))
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        version = target
    return version


def _text(raw: bytes) -> str:
    """A TEXT value as str, whatever its bytes (a damaged file may hold any)."""
    return raw.decode("utf-8", "replace")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)  # we BEGIN
    try:
        conn.text_factory = _text
        _set_deadline(conn, DEADLINE * 2)  # the first look may read the whole file
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA trusted_schema = OFF")  # no function from the file runs
    except BaseException:
        conn.close()
        raise
    return conn


class Damaged(sqlite3.DatabaseError):
    """The file is a database, but not a whole statistics database."""


SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # sqlite's primary result codes for a damaged file
SQLITE_ERROR = 1  # a plain SQL error: in a file that passed for ours, a part is missing
LOCK_TIMEOUT = 5.0  # seconds to wait for another program's write (a second window)


def _damaged(e: sqlite3.DatabaseError) -> bool:
    """Only a damaged file is set aside; a locked, read-only or missing one is left alone.
    (A header naming a file format SQLite does not know is a damaged file too: this
    program only ever writes the one its SQLite reads.)"""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(e, Damaged) or (code is not None and (
        code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)
        or "unsupported file format" in str(e)))


def _schema(conn: sqlite3.Connection) -> dict[str, object]:
    """What a database is made of: every object's type and table, every table's columns
    (name, declared type, not null, key), without the data."""
    out: dict[str, object] = {}
    for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master LIMIT 1000"):
        if not isinstance(name, str):
            raise Damaged("an unnamed object")
        # the statement too: a foreign key naming another table has the same columns
        out[name] = (kind, table, " ".join(sql.split()) if isinstance(sql, str) else sql)
        if kind == "table":
            out[f"{name}()"] = [tuple(col[1:4]) + (col[5],) for col in conn.execute(
                "SELECT * FROM pragma_table_info(?)", (name,))]
    return out


def expected_schema(version: int) -> dict[str, object]:
    """The schema `MIGRATIONS` makes up to `version` (built in memory: one truth)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for target, statements in MIGRATIONS:
            if target <= version:
                for sql in statements:
                    conn.execute(sql)
        return _schema(conn)
    finally:
        conn.close()


def _check(conn: sqlite3.Connection) -> None:
    """Damaged (or sqlite's own error) when the file is not a whole statistics database:
    SQLite's check, then the schema compared with the one this version makes. A plain SQL
    error while looking (a column or table missing) is damage too; a busy, locked,
    read-only or full file is not."""
    try:
        _check_schema(conn)
    except sqlite3.OperationalError as e:
        if getattr(e, "sqlite_errorcode", 0) & 0xFF == SQLITE_ERROR:
            raise Damaged(str(e)) from None
        raise


def _check_schema(conn: sqlite3.Connection) -> None:
    ok = conn.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise Damaged(f"integrity check: {str(ok[0])[:200] if ok else 'no answer'}")
    version = _version(conn)
    if not version:
        if conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
            raise Damaged("a database of something else")
        return
    if version > SCHEMA_VERSION:
        return  # a newer program's file: migrate() says so and leaves it alone
    have, want = _schema(conn), expected_schema(version)
    if have != want:
        diff = sorted(k for k in set(have) | set(want) if have.get(k) != want.get(k))
        raise Damaged(f"not the statistics schema ({', '.join(diff)[:200]})")


def _set_aside_db(path: Path) -> Path | None:
    moved = files.set_aside(path)
    if moved is not None:
        for extra in ("-journal", "-wal", "-shm"):  # its journal belongs with it
            side = path.with_name(path.name + extra)
            if side.exists() or side.is_symlink():
                files.set_aside(side)
    return moved


SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_files(path: Path) -> None:
    """Damaged when the file or its journal is not a regular file (a FIFO would block
    SQLite forever, a device would feed it anything), or when the file's header names a
    file format version this program never writes (SQLite then opens it read-only, and
    every game would wait for a file the player never made read-only)."""
    for p in (path, *(path.with_name(path.name + x) for x in ("-journal", "-wal"))):
        try:
            files.check_regular(p)
        except files.FileRejected as e:
            raise Damaged(f"{p.name}: {e}") from None
    try:
        fd = files.open_regular(path)
    except (OSError, files.FileRejected):
        return  # none yet, or SQLite says why
    with os.fdopen(fd, "rb") as f:
        head = f.read(100)
    if len(head) == 100 and head.startswith(SQLITE_MAGIC) and not (
            head[18] in (1, 2) and head[19] in (1, 2)):
        raise Damaged(f"file format versions {head[18]}/{head[19]}")


def open_db(path: str | Path) -> tuple[StatsDB, str | None]:
    """The database at `path` (made and migrated when needed) and, when the old file was
    unusable and set aside, the sentence that tells the player. StatsError when even a fresh
    one cannot be made (a read-only folder), or the file is busy (another window) or too
    slow to read."""
    path = Path(path)
    message = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StatsError(_("The statistics could not be opened ({reason}).").format(
            reason=files.describe_os_error(e))) from None
    for attempt in (1, 2):
        conn = None
        try:
            _check_files(path)
            try:
                conn = _connect(path)
                _check(conn)
                migrate(conn)
            except UnicodeDecodeError as e:  # sqlite's message quoting the file's bytes
                raise Damaged(f"text that is not UTF-8 ({e.reason})") from None
            except MemoryError:  # SQLITE_NOMEM: a schema record claiming a huge size
                raise Damaged("a schema SQLite runs out of memory reading") from None
            db = StatsDB(conn, path)
            db._budget()
            return db, message
        except StatsError:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.DatabaseError as e:  # not a database, damaged, wrong tables
            if conn is not None:
                conn.close()
            if _interrupted(e):
                raise StatsError(_("The statistics took too long to read, so they are left "
                                   "as they are.")) from None
            if attempt == 2 or not (path.exists() or path.is_symlink()) or not _damaged(e):
                log.info("statistics database %s cannot be used: %s", path, e)
                raise StatsError(_("The statistics could not be opened ({reason}).").format(
                    reason=str(e)[:120])) from None
            log.warning("statistics database %s is unusable: %s", path, e)
            moved = _set_aside_db(path)
            if moved is None:
                raise StatsError(_("The statistics file is damaged and could not be set "
                                   "aside; games are not counted until it is.")) from None
            message = _("The statistics file was damaged and was set aside as {file}; a new "
                        "one has been started.").format(file=moved.name)
        except OSError as e:
            if conn is not None:
                conn.close()
            raise StatsError(_("The statistics could not be opened ({reason}).").format(
                reason=files.describe_os_error(e))) from None
    raise AssertionError("unreachable")  # pragma: no cover


def _interrupted(e: sqlite3.DatabaseError) -> bool:
    return "interrupted" in str(e)


def read(path: str | Path, use: Callable[[StatsDB], object]) -> tuple[object, str | None]:
    """`use(db)` on the statistics at `path`: (its result, a sentence for the player or
    None). A file that turns out damaged while it is read (a value SQLite itself cannot
    read) is set aside like one found damaged on opening, and the figures start afresh.
    StatsError (one sentence) when they cannot be read at all."""
    told = None
    for _attempt in (1, 2):
        db, message = open_db(path)
        told = told or message
        try:
            with db:
                try:
                    return use(db), told
                except UnicodeDecodeError as e:  # sqlite's message quoting the file's bytes
                    raise Damaged(f"text that is not UTF-8 ({e.reason})") from None
        except sqlite3.DatabaseError as e:
            if _interrupted(e):
                raise StatsError(_("The statistics took too long to read, so they are left "
                                   "as they are.")) from None
            if not _damaged(e):  # locked, full, read-only: the file is left as it is
                raise StatsError(_("The statistics could not be used ({reason}).").format(
                    reason=str(e)[:120])) from None
            log.warning("statistics database %s is damaged: %s", path, e)
            moved = _set_aside_db(Path(path))
            if moved is None:
                raise StatsError(_("The statistics file is damaged and could not be set "
                                   "aside; games are not counted until it is.")) from None
            told = _("The statistics file was damaged and was set aside as {file}; a new "
                     "one has been started.").format(file=moved.name)
    raise StatsError(_("The statistics could not be read."))  # pragma: no cover


# --- the one call the game makes at the end of a game ----------------------------------
_told: set[str] = set()  # problems already told to the player this run


def count_game(db_path: str | Path, rec: records.Record, state: object = None,
               **extra: object) -> tuple[bool, str | None]:
    """Add a finished game: (True when it is counted now or was already, a sentence for
    the player or None). Never raises: statistics must not stop a game."""
    try:
        entry = entry_from_record(rec, state, **extra)
        _added, message = read(db_path, lambda db: db.add(entry))
        return True, message
    except StatsError as e:
        problem = str(e)
    except Exception as e:  # sqlite, a disk error, an engine surprise: log, tell once
        log.warning("statistics not recorded: %s: %s", type(e).__name__, e)
        reason = files.describe_os_error(e) if isinstance(e, OSError) else type(e).__name__
        if isinstance(e, sqlite3.OperationalError) and "disk" in str(e):
            reason = files.describe_os_error(OSError(28, str(e)))
        problem = _("This game could not be added to your statistics ({reason}).").format(
            reason=reason)
    if problem in _told:
        return False, None
    _told.add(problem)
    return False, problem


def record_game(db_path: str | Path, rec: records.Record, state: object = None,
                **extra: object) -> str | None:
    """Add a finished game; None, or one sentence for the player (each problem told once
    per run). Never raises: statistics must not stop a game."""
    return count_game(db_path, rec, state, **extra)[1]


def keep_review(db_path: str | Path, rec: records.Record, seat: int, accuracy: float | None,
                decisions: int, blunders: int, mistakes: int, worlds: int,
                ) -> tuple[bool, str | None]:
    """Keep a game review's accuracy with its game: (True when kept, a sentence for the
    player or None). A game that is not counted (a record from elsewhere) keeps nothing and
    says nothing. Never raises: a review must not fail on its statistics."""
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


__all__ = ["BROKEN_KINDS", "Broken", "Figures", "GameEntry", "HistoryItem", "MIGRATIONS",
           "PastBests", "SCHEMA_VERSION", "StatsDB", "StatsError", "count_game",
           "entry_from_record", "expected_schema", "game_records_broken", "keep_review",
           "migrate", "open_db", "read", "record_game", "record_name", "records_broken",
           "seed_from_db", "seed_to_db"]


# --- python -m game stats -------------------------------------------------------------
def figures_lines(figs: list[Figures], total: int,
                  yaku_words: Callable[[str], str] = str) -> list[str]:
    """The statistics as plain lines (the command line; the screen draws the same values).
    `yaku_words` names a yaku id (the entry point passes the UI's words: this module
    imports nothing from game.ui)."""
    if not figs:
        return ["No finished games yet."]
    from game.engine import rulesets

    lines = [f"{total} finished game{'s' if total != 1 else ''}."]
    for f in figs:
        title = rulesets.ruleset_class(f.ruleset).title if f.ruleset in rulesets.names() \
            else f.ruleset
        lines.append(f"{title} vs {f.opponents}: {f.games} game{'s' if f.games != 1 else ''}"
                     + ("" if f.opponents == "Computers only" else f", {f.wins} won"))
        if f.avg_net is not None:
            lines.append(f"  average {f.avg_net:+.1f} mon per round over {f.rounds} rounds, "
                         f"best round {f.best_round:+d}")
        if f.top_yaku:
            lines.append("  yaku made most: " + ", ".join(f"{yaku_words(y)} ×{n}"
                                                          for y, n in f.top_yaku))
        if f.undos or f.hints:
            lines.append(f"  undos {f.undos}, hints {f.hints}")
    return lines


def cmd_stats(db_path: str | Path, as_json: bool,
              yaku_words: Callable[[str], str] = str) -> int:
    """`python -m game stats [--json]`: 0, or 2 after one sentence on stderr (a locked,
    unreadable or newer file; the details go to the log, never beside the sentence)."""
    import sys

    try:
        (figs, total), message = read(db_path, lambda db: (db.summary(), db.count()))
    except StatsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if message:
        print(message, file=sys.stderr)
    if as_json:
        print(json.dumps({"games": total, "groups": [f.as_json() for f in figs]},
                         ensure_ascii=False))
    else:
        print("\n".join(figures_lines(figs, total, yaku_words)))
    return 0

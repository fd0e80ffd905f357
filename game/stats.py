"""Statistics and history of finished games: one SQLite file in the user data folder.

Why SQLite (the standard library's sqlite3): a game is written in ONE transaction, so a crash
or a `kill -9` in the middle leaves either the whole game or none of it, and the file stays
valid (its journal is rolled back at the next open). The schema carries a version number and
`MIGRATIONS` lists every change from version 1 on, so a newer program upgrades an older file
in place. A file that is not a usable database is set aside (`files.set_aside`, never
deleted) with one sentence for the player, and a fresh one is made; nothing else is touched.

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
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.vocab import Category, Ending
from game.i18n import N_, _

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
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
)
TABLES = ("games", "seats", "rounds", "round_nets", "yaku")


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
    hints, undos."""
    st = state if state is not None else records.replay(rec).state
    rs = st.rs  # type: ignore[attr-defined]
    seats = [{"name": str(s.get("name", f"Seat {i + 1}")), "kind": str(s.get("kind", "human")),
              "level": level_of(str(s.get("kind", "human")))} for i, s in enumerate(rec.seats)]
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
    undos = app.get("undo_count", 0) if isinstance(app, dict) else 0
    if isinstance(undos, int) and not isinstance(undos, bool) and undos > 0:
        entry.undos = undos
    hints = app.get("hint_count", 0) if isinstance(app, dict) else 0
    if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
        entry.hints = hints
    for k, v in extra.items():
        if not hasattr(entry, k):
            raise TypeError(f"unknown field {k!r}")
        setattr(entry, k, v)
    if not entry.finished_at:
        entry.finished_at = now_utc()
    return entry


def now_utc() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


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


class StatsDB:
    """An open statistics database. `open_db` makes one; use it as a context manager."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> StatsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception: all or nothing."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def version(self) -> int:
        return _version(self.conn)

    # --- writing ---------------------------------------------------------------------
    def add(self, g: GameEntry) -> bool:
        """Store a finished game (True), or only fill in a missing record file when it is
        already stored (False)."""
        with self.transaction() as c:
            row = c.execute("SELECT id FROM games WHERE fingerprint = ?",
                            (g.fingerprint,)).fetchone()
            if row is not None:
                if g.record_file:
                    c.execute("UPDATE games SET record_file = ? WHERE id = ? AND "
                              "record_file IS NULL", (g.record_file, row[0]))
                return False
            cur = c.execute(
                "INSERT INTO games (fingerprint, ruleset, options, seed, first_dealer,"
                " finished_at, duration_s, resumed, record_file, hints, undos, player_seat,"
                " opponents, winners, totals) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (g.fingerprint, g.ruleset, json.dumps(g.options, sort_keys=True), g.seed,
                 g.first_dealer, g.finished_at, g.duration_s, int(g.resumed), g.record_file,
                 int(g.hints), int(g.undos), g.player_seat, g.opponents,
                 json.dumps(g.winners), json.dumps(g.totals)))
            gid = cur.lastrowid
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

    # --- reading ---------------------------------------------------------------------
    def count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def summary(self) -> list[Figures]:
        """Figures per (ruleset, opponents), most played first."""
        c = self.conn
        out: dict[tuple[str, str], Figures] = {}
        for rs, opp, games, hints, undos in c.execute(
                "SELECT ruleset, opponents, COUNT(*), SUM(hints), SUM(undos) FROM games"
                " GROUP BY ruleset, opponents"):
            out[rs, opp] = Figures(rs, opp, games, hints=hints or 0, undos=undos or 0)
        for rs, opp, winners, seat in c.execute(
                "SELECT ruleset, opponents, winners, player_seat FROM games"
                " WHERE player_seat IS NOT NULL"):
            if seat in json.loads(winners):
                out[rs, opp].wins += 1
        misdeal = str(Ending.MISDEAL)
        for rs, opp, n, avg, best in c.execute(
                "SELECT g.ruleset, g.opponents, COUNT(*), AVG(n.net), MAX(n.net)"
                " FROM games g JOIN rounds r ON r.game_id = g.id"
                " JOIN round_nets n ON n.game_id = g.id AND n.idx = r.idx"
                "  AND n.seat = g.player_seat"
                " WHERE r.ending != ? GROUP BY g.ruleset, g.opponents", (misdeal,)):
            f = out[rs, opp]
            f.rounds, f.avg_net, f.best_round = n, avg, best
        for rs, opp, y, n in c.execute(
                "SELECT g.ruleset, g.opponents, y.yaku, SUM(y.times) AS t FROM games g"
                " JOIN yaku y ON y.game_id = g.id GROUP BY g.ruleset, g.opponents, y.yaku"
                " ORDER BY t DESC, y.yaku"):
            if len(out[rs, opp].top_yaku) < 3:
                out[rs, opp].top_yaku.append((y, n))
        return sorted(out.values(), key=lambda f: (-f.games, f.ruleset, f.opponents))

    def rulesets(self) -> list[str]:
        return [r for (r,) in self.conn.execute(
            "SELECT DISTINCT ruleset FROM games ORDER BY ruleset")]

    def history(self, ruleset: str | None = None, limit: int = 500) -> list[HistoryItem]:
        """Past games, newest first (optionally of one ruleset)."""
        q = ("SELECT id, ruleset, finished_at, opponents, player_seat, winners, totals,"
             " record_file, undos, hints FROM games")
        args: tuple = ()
        if ruleset:
            q += " WHERE ruleset = ?"
            args = (ruleset,)
        q += " ORDER BY finished_at DESC, id DESC LIMIT ?"
        rows = self.conn.execute(q, (*args, limit)).fetchall()
        out = []
        for gid, rs, when, opp, seat, winners, totals, rf, undos, hints in rows:
            names = [n for (n,) in self.conn.execute(
                "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (gid,))]
            rounds = self.conn.execute("SELECT COUNT(*) FROM rounds WHERE game_id = ? AND"
                                       " ending != ?", (gid, str(Ending.MISDEAL))).fetchone()[0]
            tot = json.loads(totals)
            out.append(HistoryItem(gid, rs, when, opp, names, seat,
                                   None if seat is None else seat in json.loads(winners),
                                   None if seat is None else tot[seat], rounds, rf, undos,
                                   hints))
        return out

    def timeline(self, limit: int = 40) -> list[int]:
        """The player's total in each of the last `limit` games with a human, oldest first
        (the chart of results over time)."""
        rows = self.conn.execute(
            "SELECT totals, player_seat FROM games WHERE player_seat IS NOT NULL"
            " ORDER BY finished_at DESC, id DESC LIMIT ?", (limit,)).fetchall()
        return [json.loads(t)[s] for t, s in reversed(rows)]


def _version(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                       "name = 'schema_version'").fetchone()
    if row is None:
        return 0
    v = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    return int(v or 0)


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
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        version = target
    return version


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)  # we BEGIN
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


class Damaged(sqlite3.DatabaseError):
    """The file is a database, but not a whole statistics database."""


SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # sqlite's primary result codes for a damaged file
LOCK_TIMEOUT = 5.0  # seconds to wait for another program's write (a second window)


def _damaged(e: sqlite3.DatabaseError) -> bool:
    """Only a damaged file is set aside; a locked, read-only or missing one is left alone."""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(e, Damaged) or (code is not None
                                      and code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB))


def _check(conn: sqlite3.Connection) -> None:
    """Damaged (or sqlite's own error) when the file is not a whole statistics database."""
    ok = conn.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise Damaged(f"integrity check: {ok[0] if ok else 'no answer'}")
    if _version(conn):
        names = {n for (n,) in conn.execute("SELECT name FROM sqlite_master")}
        missing = [t for t in TABLES if t not in names]
        if missing:
            raise Damaged(f"tables missing: {', '.join(missing)}")
    elif conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
        raise Damaged("a database of something else")


def open_db(path: str | Path) -> tuple[StatsDB, str | None]:
    """The database at `path` (made and migrated when needed) and, when the old file was
    unusable and set aside, the sentence that tells the player. StatsError when even a fresh
    one cannot be made (a read-only folder)."""
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
            conn = _connect(path)
            _check(conn)
            migrate(conn)
            return StatsDB(conn, path), message
        except StatsError:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.DatabaseError as e:  # not a database, damaged, wrong tables
            if conn is not None:
                conn.close()
            if attempt == 2 or not path.exists() or not _damaged(e):
                log.warning("statistics database %s cannot be made: %s", path, e)
                raise StatsError(_("The statistics could not be opened ({reason}).").format(
                    reason=e)) from None
            log.warning("statistics database %s is unusable: %s", path, e)
            moved = files.set_aside(path)
            if moved is None:
                raise StatsError(_("The statistics file is damaged and could not be set "
                                   "aside; games are not counted until it is.")) from None
            for extra in ("-journal", "-wal", "-shm"):  # its journal belongs with it
                side = path.with_name(path.name + extra)
                if side.exists():
                    files.set_aside(side)
            message = _("The statistics file was damaged and was set aside as {file}; a new "
                        "one has been started.").format(file=moved.name)
        except OSError as e:
            if conn is not None:
                conn.close()
            raise StatsError(_("The statistics could not be opened ({reason}).").format(
                reason=files.describe_os_error(e))) from None
    raise AssertionError("unreachable")  # pragma: no cover


# --- the one call the game makes at the end of a game ----------------------------------
_told: set[str] = set()  # problems already told to the player this run


def record_game(db_path: str | Path, rec: records.Record, state: object = None,
                **extra: object) -> str | None:
    """Add a finished game; None, or one sentence for the player (each problem told once
    per run). Never raises: statistics must not stop a game."""
    try:
        entry = entry_from_record(rec, state, **extra)
        db, message = open_db(db_path)
        with db:
            db.add(entry)
        return message
    except StatsError as e:
        problem = str(e)
    except Exception as e:  # sqlite, a disk error, an engine surprise: log, tell once
        log.exception("statistics not recorded")
        problem = _("This game could not be added to your statistics ({reason}).").format(
            reason=type(e).__name__)
    if problem in _told:
        return None
    _told.add(problem)
    return problem


__all__ = ["Figures", "GameEntry", "HistoryItem", "MIGRATIONS", "SCHEMA_VERSION", "StatsDB",
           "StatsError", "entry_from_record", "migrate", "open_db", "record_game"]


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
    """`python -m game stats [--json]`: 0, or 1 after one sentence on stderr."""
    import sys

    try:
        db, message = open_db(db_path)
    except StatsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if message:
        print(message, file=sys.stderr)
    with db:
        figs, total = db.summary(), db.count()
    if as_json:
        print(json.dumps({"games": total, "groups": [f.as_json() for f in figs]},
                         ensure_ascii=False))
    else:
        print("\n".join(figures_lines(figs, total, yaku_words)))
    return 0

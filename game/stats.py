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
game is left out and counted, `StatsDB.damaged_games`, and the screens say how many), and
every use of the file runs under a budget of work (`WORK`, SQLite's own steps, not
seconds: a slow or busy machine reads a large history whole), so no file can make a read
endless. Only a regular file is opened.

The figures are summed by SQLite (issue 43, item 7): what a game gave the player (won, the
rounds, their net and best) is kept in the game's row when it is counted, the yaku made in
a small ledger per kind of game (`yaku_made`), and the games whose row is not what this
program writes are found through a partial index (`games_damaged`) that SQLite keeps up to
date itself, whoever changes a row. So opening Statistics reads a few index pages, not
every game; 100,000 games open in a small fraction of a second (benchmarks/stats_load.py).

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from game import files
from game.engine import record as records
from game.engine.state import OVER
from game.engine.vocab import Category, Ending
from game.i18n import N_, _, ngettext
from game.text import clean_line

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3
YAKU_CATEGORIES = (Category.TEYAKU, Category.DEKIYAKU)
MISDEAL = str(Ending.MISDEAL)

# SQLite keeps signed 64-bit integers; a game's seed is any 64-bit value (the session masks
# it so), so seeds from 2**63 up are kept as their two's complement and read back.
SEED_BITS = 64
MAX_COUNT = 10**7  # undos, hints, times a yaku was made: beyond this, not a real figure
AMOUNT_DIGITS = 12  # mon in a round or a game: more digits than this is not a real figure
MAX_AMOUNT = 10**AMOUNT_DIGITS - 1
MAX_LIST = 63  # values in a row's JSON list (seats): far more than any table has
MAX_LEDGER = 10**15  # a yaku's times in the ledger: beyond this, a damaged value


def _int_list_sql(col: str, least: int) -> str:
    """SQL that is 1 when `col` holds a JSON list of at least `least` whole numbers of at
    most AMOUNT_DIGITS digits, written as this program writes one (`[1, -2, 3]`; a list
    without the spaces passes too), and 0 otherwise (text that is not such a list, a blob,
    NULL).

    Only innocuous functions (GLOB, replace, substr, length, typeof): SQLite runs this in
    a partial index's condition (`games_damaged`), where JSON functions are not allowed
    with `trusted_schema = OFF`. Part of schema version 3: changing it changes the schema,
    so a change is a new migration. `_int_list` is the same check in Python (a test holds
    them equal)."""
    s = f"replace({col}, ', ', ',')"
    body = f"substr({s}, 2, length({s}) - 2)"
    never = ("*[^0-9,-]*",  # only digits, commas and minus signs inside the brackets
             ",*", "*,", "*,,*",  # no empty value
             "*[0-9-]-*", "*-", "*-,*",  # a minus sign only in front of a digit
             "0[0-9]*", "*[,-]0[0-9]*",  # no leading zero
             "*" + "[0-9]" * (AMOUNT_DIGITS + 1) + "*")  # no number too long
    tests = [f"typeof({col}) = 'text'", f"length({col}) <= 4096", f"{s} GLOB '[[]*[]]'",
             *(f"{body} NOT GLOB '{p}'" for p in never),
             f"length({body}) - length(replace({body}, ',', '')) < {MAX_LIST}"]
    if least:
        tests.append(f"{body} != ''")
    return "(" + " AND ".join(tests) + ")"


def _won_sql() -> str:
    """SQL: 1 when the player's seat is in `winners` (checked by `_int_list_sql`)."""
    s = "replace(winners, ', ', ',')"
    return (f"(instr(',' || substr({s}, 2, length({s}) - 2) || ',', "
            "',' || player_seat || ',') > 0)")


# SQL that is 1 for a game row whose values are what this program writes: its ruleset and
# opponents are text, its winners and totals are lists of whole numbers (totals one per
# seat), the player's seat is one of the seats, and `won` agrees with the winners. A row
# it is not 1 for is damaged: left out of every figure and counted (`games_damaged`).
# Part of schema version 3 (see `_int_list_sql`).
GAME_OK = ("(typeof(ruleset) = 'text' AND typeof(opponents) = 'text'"
           f" AND {_int_list_sql('winners', 0)} AND {_int_list_sql('totals', 1)}"
           " AND ((player_seat IS NULL AND won IS NULL) OR (typeof(player_seat) = 'integer'"
           " AND player_seat >= 0"
           " AND player_seat <= length(totals) - length(replace(totals, ',', ''))"
           f" AND won IS {_won_sql()})))")
DAMAGED_IDS = f"SELECT id FROM games INDEXED BY games_damaged WHERE {GAME_OK} IS NOT 1"

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
    (3, (  # issue 43: the figures summed by SQLite from the games' rows alone
        # what the game gave the player (the first human seat; NULL without one): won 1/0,
        # their rounds (misdeals not counted), the net of those rounds and the best one
        "ALTER TABLE games ADD COLUMN won INTEGER",
        "ALTER TABLE games ADD COLUMN player_rounds INTEGER",
        "ALTER TABLE games ADD COLUMN player_net INTEGER",
        "ALTER TABLE games ADD COLUMN player_best INTEGER",
        f"UPDATE games SET won = {_won_sql()} WHERE player_seat IS NOT NULL",
        "UPDATE games SET (player_rounds, player_net, player_best) = ("
        " SELECT COUNT(*), SUM(n.net), MAX(n.net) FROM rounds r JOIN round_nets n"
        " ON n.game_id = r.game_id AND n.idx = r.idx"
        " WHERE r.game_id = games.id AND n.seat = games.player_seat"
        f" AND r.ending IS NOT '{MISDEAL}' AND typeof(n.net) = 'integer'"
        f" AND n.net BETWEEN {-MAX_AMOUNT} AND {MAX_AMOUNT})"
        " WHERE player_seat IS NOT NULL",
        "CREATE INDEX games_figures ON games (ruleset, opponents, player_seat, won, hints,"
        " undos, player_rounds, player_net, player_best)",
        "CREATE INDEX games_by_ruleset ON games (ruleset, finished_at)",
        f"CREATE INDEX games_damaged ON games (id) WHERE {GAME_OK} IS NOT 1",
        # the yaku every human seat made, per kind of game (ruleset, opponents): a ledger
        # added to with each game counted, so the figures need not read every game's yaku
        "CREATE TABLE yaku_made ("
        " ruleset TEXT NOT NULL, opponents TEXT NOT NULL, yaku TEXT NOT NULL,"
        " times INTEGER NOT NULL, PRIMARY KEY (ruleset, opponents, yaku))",
        "INSERT INTO yaku_made SELECT g.ruleset, g.opponents, y.yaku, SUM(y.times)"
        " FROM yaku y JOIN games g ON g.id = y.game_id"
        " WHERE typeof(g.ruleset) = 'text' AND typeof(g.opponents) = 'text'"
        " AND typeof(y.yaku) = 'text' AND typeof(y.times) = 'integer'"
        f" AND y.times BETWEEN 1 AND {MAX_COUNT} GROUP BY 1, 2, 3",
    )),
)
TABLES = ("games", "seats", "rounds", "round_nets", "yaku", "reviews")

# SQLite's virtual-machine steps one use of the file may take (`WORK`), and opening it
# (`OPEN_WORK`: the check of every page before a write, an upgrade). With 100,000 games
# (benchmarks/stats_load.py) a screen's figures take about 7 million steps, the page check
# 55 million and the upgrade to version 3 about 90 million: room for ten lifetimes of play,
# and a file that needs more (a hostile one) is refused alike on a fast machine and on a
# slow or busy one, where a limit in seconds refused a large history (issue 43, item 7).
WORK = 200_000_000
OPEN_WORK = 2_000_000_000
STEP = 10_000  # steps between two looks at the budget
HISTORY_ROWS = 500  # games the History list shows (the newest)


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


class NewerStats(StatsError):
    """The statistics file was written by a newer version of the game (schema `version`,
    above SCHEMA_VERSION). This version leaves it exactly as it is: the games it finishes
    wait in the journal (game.pending) until the game is updated, or until the player
    starts new statistics (`start_afresh`, which keeps the newer file aside)."""

    def __init__(self, version: int) -> None:
        super().__init__(_("Your statistics file was written by a newer version of the "
                           "game, so this version leaves it as it is and cannot show it."))
        self.version = version


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


# The player's round figures of a game, when every one of them is a real figure. A range
# alone is the check (SQLite orders text and blobs after every number, and NULL fails it):
# half the work of asking typeof() too, and a damaged real number passing it is made whole
# where it is read (`_whole`).
ROUNDS_OK = (f"(player_rounds BETWEEN 1 AND {MAX_COUNT}"
             f" AND player_net BETWEEN {-MAX_AMOUNT} AND {MAX_AMOUNT}"
             f" AND player_best BETWEEN {-MAX_AMOUNT} AND {MAX_AMOUNT})")


def _counted_sql(column: str) -> str:
    """SQL: the column's value when it is a count this program writes, else NULL."""
    return f"CASE WHEN {column} BETWEEN 0 AND {MAX_COUNT} THEN {column} END"


def _whole(value: object) -> int | None:
    """A figure SQLite summed or chose, as a whole number (None when there is none)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return round(value) if math.isfinite(value) else None


# one row per kind of game (ruleset, opponents), read from the games_figures index alone
FIGURES_SQL = (
    "SELECT ruleset, opponents, COUNT(*), TOTAL(won = 1),"
    f" TOTAL({_counted_sql('hints')}), TOTAL({_counted_sql('undos')}),"
    f" TOTAL(CASE WHEN {ROUNDS_OK} THEN player_rounds END),"
    f" TOTAL(CASE WHEN {ROUNDS_OK} THEN player_net END),"
    f" MAX(CASE WHEN {ROUNDS_OK} THEN player_best END)"
    f" FROM games INDEXED BY games_figures WHERE id NOT IN ({DAMAGED_IDS})"
    " GROUP BY ruleset, opponents")
LEDGER_ADD = (
    "INSERT INTO yaku_made VALUES (?, ?, ?, ?) ON CONFLICT (ruleset, opponents, yaku)"
    " DO UPDATE SET times = CASE WHEN typeof(times) = 'integer' AND times BETWEEN 0 AND"
    f" {MAX_LEDGER} THEN times + excluded.times ELSE excluded.times END")
LEDGER_ROWS = 100_000  # (kind of game, yaku) pairs read: far more than there are


def player_figures(g: GameEntry) -> tuple[int | None, int, int | None, int | None]:
    """What the game gave its player, as the games row keeps it: (won 1/0, rounds, their
    net, the best of them), misdeals not counted; (None, 0, None, None) without a human
    seat. The migration to version 3 computes the same from the rounds tables."""
    seat = g.player_seat
    if seat is None:
        return None, 0, None, None
    nets = [r["net"][seat] for r in g.rounds
            if r["ending"] != MISDEAL and seat < len(r["net"]) and _amount(r["net"][seat])]
    return (int(seat in g.winners), len(nets), sum(nets) if nets else None,
            max(nets, default=None))


def _yaku_made(g: GameEntry) -> dict[str, int]:
    """The yaku every human seat made in the game, summed over the seats (the ledger)."""
    out: dict[str, int] = {}
    for made in g.yaku.values():
        for y, n in made.items():
            out[y] = out.get(y, 0) + n
    return out


def _earlier(alias: str, limit: int | None) -> str:
    """SQL: a game with a human seat, not damaged, stored before the game `limit` (any
    game when None); `alias` names the games table in the query ("" when unnamed)."""
    p = f"{alias}." if alias else ""
    return (f"{p}player_seat IS NOT NULL AND {p}id NOT IN ({DAMAGED_IDS})"
            + ("" if limit is None else f" AND {p}id < {int(limit)}"))


class StatsDB:
    """An open statistics database. `open_db` makes one; use it as a context manager.

    Every public method runs under a fresh budget of work (`WORK`): SQLite is asked to
    stop a statement that needs more (sqlite3.OperationalError "interrupted")."""

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
        _set_budget(self.conn, WORK)

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
            cur = c.execute(
                "INSERT INTO games (fingerprint, ruleset, options, seed, first_dealer,"
                " finished_at, duration_s, resumed, record_file, hints, undos, player_seat,"
                " opponents, winners, totals, won, player_rounds, player_net, player_best)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (g.fingerprint, g.ruleset, json.dumps(g.options, sort_keys=True),
                 seed_to_db(g.seed), g.first_dealer, g.finished_at, g.duration_s,
                 int(g.resumed), g.record_file, _count(g.hints), _count(g.undos),
                 g.player_seat, g.opponents, json.dumps(g.winners), json.dumps(g.totals),
                 *player_figures(g)))
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
            c.executemany(LEDGER_ADD, [(g.ruleset, g.opponents, y, n)
                                       for y, n in _yaku_made(g).items()])
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
        for rs, opp, n, wins, hints, undos, rounds, net, best in self.conn.execute(
                FIGURES_SQL):
            key = (clean_line(rs, 60), clean_line(opp, 120))
            if not all(key):  # nothing drawable to name it by
                damaged += n
                continue
            f = out.setdefault(key, Figures(*key))
            f.games += n
            f.wins += _whole(wins) or 0
            f.hints += _whole(hints) or 0
            f.undos += _whole(undos) or 0
            best = _whole(best)
            if _whole(rounds) and best is not None:
                f.rounds += _whole(rounds) or 0
                nets[key] = nets.get(key, 0.0) + net
                f.best_round = best if f.best_round is None else max(f.best_round, best)
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
        for gid, rs, when, opp, seat, winners, totals, rf, undos, hints, rounds, acc in rows:
            game = _valid_game(gid, rs, opp, seat, winners, totals)
            if game is None:  # the index let it through: still not drawn
                continue
            _gid, rs, opp, seat, won_by, tot = game
            out.append(HistoryItem(gid, rs, clean_line(when, 40), opp, names.get(gid, []),
                                   seat, None if seat is None else seat in won_by,
                                   None if seat is None else tot[seat], _count(rounds),
                                   record_name(rf), _count(undos), _count(hints),
                                   _share(acc)))
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
                      (row[0], seat, accuracy, _count(decisions), _count(blunders),
                       _count(mistakes), _count(worlds), when or now_utc()))
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
            share = _share(acc)
            if share is not None and isinstance(rs, str) and isinstance(when, str):
                out.append((clean_line(when, 40), rs, share))
        return out[::-1]

    def timeline(self, limit: int = 40) -> list[int]:
        """The player's total in each of the last `limit` games with a human, oldest first
        (the chart of results over time)."""
        self._budget()
        out = []
        for row in self._newest("id, ruleset, opponents, player_seat, winners, totals",
                                limit, players_only=True):
            game = _valid_game(*row)
            if game is not None:
                out.append(game[5][game[3]])
        return out[::-1]

    # --- what this game is measured against (the game-end screen's "records broken") ---
    def bests_before(self, fp: str, ruleset: str) -> PastBests:
        """The player's bests in the games counted before the game `fp` (issue 26): the game
        itself is counted before its result screen opens (storage.keep_finished), so it is
        left out, and so is every game stored after it. Amounts (best round, best total,
        wins) are of the same ruleset, as a round's size depends on it; the yaku ever made
        are of any ruleset (a Gokō is a Gokō). Damaged games are left out."""
        self._budget()
        row = self.conn.execute("SELECT id FROM games WHERE fingerprint = ?", (fp,)).fetchone()
        limit = row[0] if row is not None and isinstance(row[0], int) else None
        before = _earlier("", limit)
        past = PastBests()
        past.any_games = self.conn.execute(
            f"SELECT COUNT(*) FROM games INDEXED BY games_figures WHERE {before}").fetchone()[0]
        games, wins, best_round = self.conn.execute(
            f"SELECT COUNT(*), TOTAL(won = 1), MAX(CASE WHEN {ROUNDS_OK} THEN player_best END)"
            f" FROM games INDEXED BY games_figures WHERE ruleset = ? AND {before}",
            (ruleset,)).fetchone()
        past.games, past.wins, past.best_round = games, _whole(wins) or 0, _whole(best_round)
        best = self.conn.execute(  # the rows passed GAME_OK: whole numbers, seat in range
            "SELECT MAX(json_extract(totals, '$[' || player_seat || ']')) FROM games"
            f" INDEXED BY games_by_ruleset WHERE ruleset = ? AND {before}",
            (ruleset,)).fetchone()[0]
        past.best_total = best if _amount(best) else None
        past.yaku_made = frozenset(name for (y,) in self.conn.execute(
            "SELECT DISTINCT y.yaku FROM yaku y JOIN games g ON g.id = y.game_id"
            f" AND y.seat = g.player_seat WHERE {_earlier('g', limit)}"
            " AND typeof(y.times) = 'integer' AND y.times BETWEEN 1 AND ? LIMIT ?",
            (MAX_COUNT, LEDGER_ROWS)) if (name := clean_line(y, 80)))
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


def _set_budget(conn: sqlite3.Connection, steps: int) -> None:
    """From now on, SQLite stops any statement on `conn` once `steps` of its virtual
    machine have run (counted every STEP): work, not seconds, so a slow or busy machine
    reads what a fast one does, and a file needing endless work is stopped on any."""
    left = [steps // STEP]

    def tick() -> int:
        left[0] -= 1
        return 1 if left[0] < 0 else 0

    conn.set_progress_handler(tick, STEP)


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
        raise NewerStats(version)
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
        _set_budget(conn, OPEN_WORK)  # the first look may read the whole file, upgrade it
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


def _check(conn: sqlite3.Connection, thorough: bool) -> None:
    """Damaged (or sqlite's own error) when the file is not a whole statistics database:
    SQLite's check (`thorough`, or before an upgrade), then the schema compared with the
    one this version makes. A plain SQL error while looking (a column or table missing) is
    damage too; a busy, locked, read-only or full file is not."""
    try:
        _check_schema(conn, thorough)
    except sqlite3.OperationalError as e:
        if getattr(e, "sqlite_errorcode", 0) & 0xFF == SQLITE_ERROR:
            raise Damaged(str(e)) from None
        raise


def _check_pages(conn: sqlite3.Connection) -> None:
    """SQLite's own check of every page (it reads the whole file: 0.75 s for 100,000
    games, so only before the file is written; a reader meets a damaged page as an error
    and `read` sets the file aside then)."""
    ok = conn.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise Damaged(f"integrity check: {str(ok[0])[:200] if ok else 'no answer'}")


def _check_schema(conn: sqlite3.Connection, thorough: bool) -> None:
    version = _version(conn)
    if thorough or version < SCHEMA_VERSION:
        _check_pages(conn)
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


def open_db(path: str | Path, *, thorough: bool = True) -> tuple[StatsDB, str | None]:
    """The database at `path` (made and migrated when needed) and, when the old file was
    unusable and set aside, the sentence that tells the player. StatsError when even a fresh
    one cannot be made (a read-only folder), or the file is busy (another window), needs
    too much work to read, or is a newer version's (NewerStats). `thorough`: SQLite checks
    every page first (before writing; a reader that only reads passes False)."""
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
                _check(conn, thorough)
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
                raise _busy_error(e) or StatsError(_(
                    "The statistics could not be opened ({reason}).").format(
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


SQLITE_BUSY, SQLITE_LOCKED = 5, 6  # another connection holds the file


def _busy_error(e: sqlite3.DatabaseError) -> StatsError | None:
    """The sentence for a file another program holds (after one wait of LOCK_TIMEOUT), in
    words a player understands; None for any other error."""
    if getattr(e, "sqlite_errorcode", 0) & 0xFF not in (SQLITE_BUSY, SQLITE_LOCKED):
        return None
    return StatsError(_("The statistics file is locked by another program (perhaps a "
                        "second window of the game)."))


def _interrupted(e: sqlite3.DatabaseError) -> bool:
    return "interrupted" in str(e)


def read(path: str | Path, use: Callable[[StatsDB], object], *,
         thorough: bool = True) -> tuple[object, str | None]:
    """`use(db)` on the statistics at `path`: (its result, a sentence for the player or
    None). A file that turns out damaged while it is read (a value SQLite itself cannot
    read) is set aside like one found damaged on opening, and the figures start afresh.
    StatsError (one sentence) when they cannot be read at all. `thorough`: see `open_db`
    (False for a `use` that only reads)."""
    told = None
    for _attempt in (1, 2):
        db, message = open_db(path, thorough=thorough)
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
                log.info("statistics database %s cannot be used: %s", path, e)
                raise _busy_error(e) or StatsError(_(
                    "The statistics could not be used ({reason}).").format(
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
    except Exception as e:  # noqa: BLE001 - said in one sentence, once (`_problem`)
        return False, _tell_once(_problem(e))


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


def start_afresh(path: str | Path) -> Path:
    """Keep a newer version's statistics file aside, unchanged, as
    `stats.newer-<time>.sqlite3` (its journal beside it under the same name, so SQLite
    finds it there), so that this version starts new statistics at `path` (issue 43, item
    3: the player chose it on the Statistics screen). The name it was kept as. StatsError
    (one sentence) when it is not a newer version's file, which is never moved this way,
    or cannot be moved."""
    path = Path(path)
    try:
        db, _message = open_db(path, thorough=False)
    except NewerStats:
        pass
    else:
        db.close()
        raise StatsError(_("The statistics file is not a newer version's, so it was left "
                           "as it is."))
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = files.unique_path(path.parent, f"{path.stem}.newer-{stamp}", path.suffix)
    try:
        files.move_to(path, target)
    except OSError as e:
        raise StatsError(_("The newer statistics file could not be kept aside ({reason}), "
                           "so no new statistics were started.").format(
                               reason=files.describe_os_error(e))) from None
    for extra in ("-journal", "-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            try:
                files.move_to(side, target.with_name(target.name + extra))
            except OSError as e:
                log.warning("could not move %s beside %s: %s", side, target.name, e)
    log.info("newer statistics %s kept aside as %s", path, target.name)
    return target


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
def damaged_words(n: int) -> str:
    """How many games were left out of the figures as damaged (the screens say it too)."""
    return ngettext("{n} damaged game was skipped.", "{n} damaged games were skipped.",
                    n).format(n=n)


def kind_words(f: Figures) -> str:
    """'Hachi-Hachi · Expert': the game and the opponents of one row of figures."""
    from game.engine import rulesets

    title = rulesets.ruleset_class(f.ruleset).title if f.ruleset in rulesets.names() \
        else f.ruleset
    opponents = " + ".join(_(part) for part in f.opponents.split(" + "))
    return _("{game} · {opponents}").format(game=_(title) if title else f.ruleset,
                                            opponents=opponents)


def figures_lines(figs: list[Figures], total: int,
                  yaku_words: Callable[[str], str] = str, damaged: int = 0) -> list[str]:
    """The statistics as plain lines (the command line; the screen draws the same values),
    saying how many damaged games were skipped. `yaku_words` names a yaku id (the entry
    point passes the UI's words: this module imports nothing from game.ui)."""
    if not figs:
        if damaged:
            return [_("No finished game can be shown."), damaged_words(damaged)]
        return [_("No finished games yet.")]
    lines = [ngettext("{n} finished game.", "{n} finished games.", total).format(n=total)]
    if damaged:
        lines.append(damaged_words(damaged))
    for f in figs:
        if f.opponents == "Computers only":
            lines.append(ngettext("{kind}: {n} game", "{kind}: {n} games", f.games).format(
                kind=kind_words(f), n=f.games))
        else:
            lines.append(ngettext("{kind}: {n} game, {won} won", "{kind}: {n} games, {won} "
                                  "won", f.games).format(kind=kind_words(f), n=f.games,
                                                         won=f.wins))
        if f.avg_net is not None:
            lines.append("  " + ngettext(
                "average {average} mon per round over {n} round, best round {best}",
                "average {average} mon per round over {n} rounds, best round {best}",
                f.rounds).format(average=f"{f.avg_net:+.1f}", n=f.rounds,
                                 best=f"{f.best_round:+d}"))
        if f.top_yaku:
            lines.append("  " + _("yaku made most: {list}").format(list=", ".join(
                f"{yaku_words(y)} ×{n}" for y, n in f.top_yaku)))
        if f.undos or f.hints:
            lines.append("  " + _("undos {undos}, hints {hints}").format(undos=f.undos,
                                                                          hints=f.hints))
    return lines


def cmd_stats(db_path: str | Path, as_json: bool,
              yaku_words: Callable[[str], str] = str) -> int:
    """`python -m game stats [--json]`: 0, or 2 after one sentence on stderr (a locked,
    unreadable or newer file; the details go to the log, never beside the sentence)."""
    import sys

    try:
        (figs, total, damaged), message = read(db_path, lambda db: (
            db.summary(), db.count(), db.damaged_games()), thorough=False)
    except NewerStats:
        from game import pending  # the journal is beside the statistics file

        waiting = pending.waiting(Path(db_path).parent)
        print(f"error: {newer_waiting_words(waiting)}", file=sys.stderr)
        return 2
    except StatsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if message:
        print(message, file=sys.stderr)
    if as_json:
        print(json.dumps({"games": total, "damaged": damaged,
                          "groups": [f.as_json() for f in figs]}, ensure_ascii=False))
    else:
        print("\n".join(figures_lines(figs, total, yaku_words, damaged)))
    return 0

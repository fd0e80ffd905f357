"""The statistics file's schema: every change from version 1 on (`MIGRATIONS`), the SQL that
tells a game row this program writes from a damaged one, and the upgrade of an older file.

Why the schema is kept as a list of changes: a newer program upgrades an older file in
place, each step in its own transaction, and the schema a file should have at any version is
built from the same list in memory (`expected_schema`), so there is one truth to compare a
file with (`game.stats.store` sets aside a file whose schema differs in anything).

The figures are summed by SQLite (issue 43, item 7): what a game gave the player (won, the
rounds, their net and best) is kept in the game's row when it is counted, the yaku made in a
small ledger per kind of game (`yaku_made`), and the games whose row is not what this
program writes are found through a partial index (`games_damaged`) that SQLite keeps up to
date itself, whoever changes a row. So opening Statistics reads a few index pages, not every
game; 100,000 games open in a small fraction of a second (benchmarks/stats_load.py).
"""

from __future__ import annotations

import sqlite3

from game.stats.errors import Damaged, NewerStats
from game.stats.values import AMOUNT_DIGITS, MAX_AMOUNT, MAX_COUNT, MAX_LIST, MISDEAL

SCHEMA_VERSION = 3


def int_list_sql(col: str, least: int) -> str:
    """SQL that is 1 when `col` holds a JSON list of at least `least` whole numbers of at
    most AMOUNT_DIGITS digits, written as this program writes one (`[1, -2, 3]`; a list
    without the spaces passes too), and 0 otherwise (text that is not such a list, a blob,
    NULL).

    Only innocuous functions (GLOB, replace, substr, length, typeof): SQLite runs this in
    a partial index's condition (`games_damaged`), where JSON functions are not allowed
    with `trusted_schema = OFF`. Part of schema version 3: changing it changes the schema,
    so a change is a new migration. `values.int_list` is the same check in Python (a test
    holds them equal)."""
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


def won_sql() -> str:
    """SQL: 1 when the player's seat is in `winners` (checked by `int_list_sql`)."""
    s = "replace(winners, ', ', ',')"
    return (f"(instr(',' || substr({s}, 2, length({s}) - 2) || ',', "
            "',' || player_seat || ',') > 0)")


# SQL that is 1 for a game row whose values are what this program writes: its ruleset and
# opponents are text, its winners and totals are lists of whole numbers (totals one per
# seat), the player's seat is one of the seats, and `won` agrees with the winners. A row
# it is not 1 for is damaged: left out of every figure and counted (`games_damaged`).
# Part of schema version 3 (see `int_list_sql`).
GAME_OK = ("(typeof(ruleset) = 'text' AND typeof(opponents) = 'text'"
           f" AND {int_list_sql('winners', 0)} AND {int_list_sql('totals', 1)}"
           " AND ((player_seat IS NULL AND won IS NULL) OR (typeof(player_seat) = 'integer'"
           " AND player_seat >= 0"
           " AND player_seat <= length(totals) - length(replace(totals, ',', ''))"
           f" AND won IS {won_sql()})))")
DAMAGED_IDS = f"SELECT id FROM games INDEXED BY games_damaged WHERE {GAME_OK} IS NOT 1"

# The player's round figures of a game, when every one of them is a real figure. A range
# alone is the check (SQLite orders text and blobs after every number, and NULL fails it):
# half the work of asking typeof() too, and a damaged real number passing it is made whole
# where it is read (`values.whole`).
ROUNDS_OK = (f"(player_rounds BETWEEN 1 AND {MAX_COUNT}"
             f" AND player_net BETWEEN {-MAX_AMOUNT} AND {MAX_AMOUNT}"
             f" AND player_best BETWEEN {-MAX_AMOUNT} AND {MAX_AMOUNT})")

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
        " seat INTEGER NOT NULL, accuracy REAL,"   # 0..1, ai.review's; NULL: nothing mattered
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
        f"UPDATE games SET won = {won_sql()} WHERE player_seat IS NOT NULL",
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


def version_of(conn: sqlite3.Connection) -> int:
    """The file's schema version (0: a new, empty file). Damaged when the version table
    is not what this program writes."""
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
    """Bring the file to SCHEMA_VERSION, each step in its own transaction; the version.
    NewerStats for a newer version's file, which is left exactly as it is."""
    version = version_of(conn)
    if version > SCHEMA_VERSION:
        raise NewerStats(version)
    for target, statements in MIGRATIONS:
        if target > version:
            _step(conn, target, statements)
            version = target
    return version


def _step(conn: sqlite3.Connection, target: int, statements: tuple[str, ...]) -> None:
    """One migration, all or nothing: a kill in the middle leaves the version before it."""
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


def schema_of(conn: sqlite3.Connection) -> dict[str, object]:
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
        return schema_of(conn)
    finally:
        conn.close()

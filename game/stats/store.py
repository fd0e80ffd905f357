"""The defensive store: open the statistics file, check it, upgrade it, set a damaged one
aside, and run every use of it under a budget of work.

Why SQLite (the standard library's sqlite3): a game is written in ONE transaction, so a crash
or a `kill -9` in the middle leaves either the whole game or none of it, and the file stays
valid (its journal is rolled back at the next open). The schema carries a version number and
`schema.MIGRATIONS` lists every change from version 1 on, so a newer program upgrades an
older file in place. A file that is not a usable database is set aside (`files.set_aside`,
never deleted) with one sentence for the player, and a fresh one is made; nothing else is
touched. A newer version's file is left exactly as it is (`NewerStats`), until the player
chooses to start new statistics (`start_afresh`).

A file can pass SQLite's own integrity check and still be no statistics database of ours (a
table replaced by a view, a column missing, text where a number belongs), so its schema is
compared with the one `schema.MIGRATIONS` makes (any difference: set aside), and every use
of the file runs under a budget of work (`game.stats.budget`), so no file can make a read
endless. Only a regular file is opened.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from game import files
from game.i18n import _
from game.stats import budget
from game.stats.db import StatsDB
from game.stats.errors import Damaged, NewerStats, StatsError
from game.stats.schema import SCHEMA_VERSION, expected_schema, migrate, schema_of, version_of

log = logging.getLogger(__name__)

SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # sqlite's primary result codes for a damaged file
SQLITE_ERROR = 1  # a plain SQL error: in a file that passed for ours, a part is missing
SQLITE_BUSY, SQLITE_LOCKED = 5, 6  # another connection holds the file
LOCK_TIMEOUT = 5.0  # seconds to wait for another program's write (a second window)
SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_FILES = ("-journal", "-wal", "-shm")  # SQLite's files beside the database


def _text(raw: bytes) -> str:
    """A TEXT value as str, whatever its bytes (a damaged file may hold any)."""
    return raw.decode("utf-8", "replace")


def _connect(path: Path) -> sqlite3.Connection:
    """A connection that runs no function from the file, writes each transaction through
    to the disk and stops at OPEN_WORK (the first look may read and upgrade it all)."""
    conn = sqlite3.connect(path, timeout=LOCK_TIMEOUT, isolation_level=None)  # we BEGIN
    try:
        conn.text_factory = _text
        budget.set_budget(conn, budget.OPEN_WORK)
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA trusted_schema = OFF")  # no function from the file runs
    except BaseException:
        conn.close()
        raise
    return conn


# --- what kind of failure it is ----------------------------------------------------------
def _damaged(e: sqlite3.DatabaseError) -> bool:
    """Only a damaged file is set aside; a locked, read-only or missing one is left alone.
    (A header naming a file format SQLite does not know is a damaged file too: this
    program only ever writes the one its SQLite reads.)"""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(e, Damaged) or (code is not None and (
        code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)
        or "unsupported file format" in str(e)))


def _busy_error(e: sqlite3.DatabaseError) -> StatsError | None:
    """The sentence for a file another program holds (after one wait of LOCK_TIMEOUT), in
    words a player understands; None for any other error."""
    if getattr(e, "sqlite_errorcode", 0) & 0xFF not in (SQLITE_BUSY, SQLITE_LOCKED):
        return None
    return StatsError(_("The statistics file is locked by another program (perhaps a "
                        "second window of the game)."))


def _interrupted(e: sqlite3.DatabaseError) -> bool:
    return "interrupted" in str(e)


def _too_long() -> StatsError:
    return StatsError(_("The statistics took too long to read, so they are left as they "
                        "are."))


def _left_alone(path: Path, e: sqlite3.DatabaseError, doing: str) -> StatsError:
    """A file that cannot be used but is not damaged (locked, full, read-only): left as it
    is, and said in one sentence (`doing`: the sentence with its {reason})."""
    log.info("statistics database %s cannot be used: %s", path, e)
    return _busy_error(e) or StatsError(doing.format(reason=str(e)[:120]))


def _set_aside_db(path: Path) -> Path | None:
    """Set the damaged file aside with its journal (it belongs with it): the new name."""
    moved = files.set_aside(path)
    if moved is not None:
        for extra in SIDE_FILES:
            side = path.with_name(path.name + extra)
            if side.exists() or side.is_symlink():
                files.set_aside(side)
    return moved


def _set_aside_told(path: Path) -> str:
    """Set the damaged file aside: the sentence that tells the player (StatsError when it
    cannot be moved: no game is counted into a damaged file)."""
    moved = _set_aside_db(path)
    if moved is None:
        raise StatsError(_("The statistics file is damaged and could not be set aside; "
                           "games are not counted until it is.")) from None
    return _("The statistics file was damaged and was set aside as {file}; a new one has "
             "been started.").format(file=moved.name)


# --- is it ours and whole ------------------------------------------------------------------
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
    version = version_of(conn)
    if thorough or version < SCHEMA_VERSION:
        _check_pages(conn)
    if not version:
        if conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
            raise Damaged("a database of something else")
        return
    if version > SCHEMA_VERSION:
        return  # a newer program's file: migrate() says so and leaves it alone
    have, want = schema_of(conn), expected_schema(version)
    if have != want:
        diff = sorted(k for k in set(have) | set(want) if have.get(k) != want.get(k))
        raise Damaged(f"not the statistics schema ({', '.join(diff)[:200]})")


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


# --- open, read ----------------------------------------------------------------------------
def open_db(path: str | Path, *, thorough: bool = True) -> tuple[StatsDB, str | None]:
    """The database at `path` (made and migrated when needed) and, when the old file was
    unusable and set aside, the sentence that tells the player. StatsError when even a fresh
    one cannot be made (a read-only folder), or the file is busy (another window), needs
    too much work to read, or is a newer version's (NewerStats). `thorough`: SQLite checks
    every page first (before writing; a reader that only reads passes False)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StatsError(_("The statistics could not be opened ({reason}).").format(
            reason=files.describe_os_error(e))) from None
    try:
        return _open_once(path, thorough), None
    except sqlite3.DatabaseError as e:  # not a database, damaged, wrong tables
        if _interrupted(e) or not (path.exists() or path.is_symlink()) or not _damaged(e):
            raise _cannot_open(path, e) from None
        log.warning("statistics database %s is unusable: %s", path, e)
        message = _set_aside_told(path)
    try:
        return _open_once(path, thorough), message
    except sqlite3.DatabaseError as e:  # even a fresh file cannot be used
        raise _cannot_open(path, e) from None


def _open_once(path: Path, thorough: bool) -> StatsDB:
    """One try at opening the file: checked, upgraded, its budget set for its first use.
    sqlite3.DatabaseError (Damaged for a file that is not ours or not whole) or StatsError;
    no connection is left open after either."""
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
        return db
    except (StatsError, sqlite3.DatabaseError):
        if conn is not None:
            conn.close()
        raise
    except OSError as e:
        if conn is not None:
            conn.close()
        raise StatsError(_("The statistics could not be opened ({reason}).").format(
            reason=files.describe_os_error(e))) from None


def _cannot_open(path: Path, e: sqlite3.DatabaseError) -> StatsError:
    """The one sentence for a file that cannot be opened and is not set aside."""
    if _interrupted(e):
        return _too_long()
    return _left_alone(path, e, _("The statistics could not be opened ({reason})."))


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
            return _use(db, use), told
        except sqlite3.DatabaseError as e:
            if _interrupted(e):
                raise _too_long() from None
            if not _damaged(e):  # locked, full, read-only: the file is left as it is
                raise _left_alone(Path(path), e, _(
                    "The statistics could not be used ({reason}).")) from None
            log.warning("statistics database %s is damaged: %s", path, e)
            told = _set_aside_told(Path(path))
    raise StatsError(_("The statistics could not be read."))  # pragma: no cover


def _use(db: StatsDB, use: Callable[[StatsDB], object]) -> object:
    """`use(db)`, the database closed after it; text SQLite cannot decode is damage."""
    with db:
        try:
            return use(db)
        except UnicodeDecodeError as e:  # sqlite's message quoting the file's bytes
            raise Damaged(f"text that is not UTF-8 ({e.reason})") from None


# --- a newer version's file, kept aside at the player's word --------------------------------
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
    _move_side_files(path, target)
    log.info("newer statistics %s kept aside as %s", path, target.name)
    return target


def _move_side_files(path: Path, target: Path) -> None:
    """SQLite's journal files of `path` moved beside `target` (logged when one cannot)."""
    for extra in SIDE_FILES:
        side = path.with_name(path.name + extra)
        if side.exists():
            try:
                files.move_to(side, target.with_name(target.name + extra))
            except OSError as e:
                log.warning("could not move %s beside %s: %s", side, target.name, e)

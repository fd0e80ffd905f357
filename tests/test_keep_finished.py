"""Issue 24, items 2 and 3: every finished game reaches the statistics, exactly once, and
the player is told the truth about where a game whose record could not be written is kept.

Each test plays the end of a game through `storage.keep_finished` (what the table calls)
and then the next start through `storage.start_up` (what the title calls), and counts the
game in the statistics and the records folder by its fingerprint. The kill test forks a
child per kill point that dies by SIGKILL at the N-th line executed in the storage modules.
"""

from __future__ import annotations

import os
import resource
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from game import files, pending, replays, stats, storage
from game.engine import record as records
from game.simulate import simulate
from game.stats import counting, store
from tests.disk import disk_full
from tests.forking import FORKS

KILL_POINTS = int(os.environ.get("KILL_POINTS", "36"))  # 0: every line


def finished(seed: int = 3, rounds: int = 1) -> records.Record:
    rec = simulate("hachihachi", {"rounds": rounds}, 3, ["random"], seed,
                   names=["You", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    return rec


def setup_game(tmp: Path, rec: records.Record) -> storage.Paths:
    """A home whose autosave holds the finished game (the table saves after every move)."""
    paths = storage.default_paths(tmp).ensure()
    storage.write_record(paths.autosave, rec)
    return paths


def counted(paths: storage.Paths, fp: str) -> int:
    if not paths.stats_db.exists():
        return 0
    db, _ = stats.open_db(paths.stats_db)
    with db:
        return db.conn.execute("SELECT COUNT(*) FROM games WHERE fingerprint = ?",
                               (fp,)).fetchone()[0]


def record_files(paths: storage.Paths, fp: str) -> list[str]:
    out = []
    for p in replays.list_records(paths.records_dir):
        try:
            if stats.fingerprint(storage.read_record(p)) == fp:
                out.append(p.name)
        except Exception:  # noqa: BLE001 - a half-written file is not this game
            pass
    return out


def assert_kept_once(paths: storage.Paths, fp: str) -> None:
    """The game is counted once, with its one record file named, and nothing waits."""
    assert counted(paths, fp) == 1
    names = record_files(paths, fp)
    assert len(names) == 1, names
    db, _ = stats.open_db(paths.stats_db)
    with db:
        [row] = db.conn.execute("SELECT record_file FROM games WHERE fingerprint = ?",
                                (fp,)).fetchall()
    assert row[0] == names[0]
    assert not pending.load(paths.data_dir)
    assert not paths.autosave.exists()


def start_twice(paths: storage.Paths) -> None:
    """The next start, and the one after: the second must change nothing."""
    storage.start_up(paths)
    storage.start_up(paths)


# --- item 2 ------------------------------------------------------------------------------
def test_a_locked_database_at_the_end_counts_the_game_at_the_next_start(tmp_path, monkeypatch):
    rec = finished()
    fp = stats.fingerprint(rec)
    paths = setup_game(tmp_path, rec)
    stats.record_game(paths.stats_db, finished(4))  # an earlier game: the file exists
    other = sqlite3.connect(paths.stats_db, isolation_level=None)  # a second window writes
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.1)
    counting._told.clear()
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is not None and kept.problem is None
    assert kept.told and "locked" in kept.told and "next time the program starts" in kept.told
    assert pending.load(paths.data_dir) == [(kept.path.name, fp)]
    assert not paths.autosave.exists()  # the record is the truth now, and it is noted
    other.execute("ROLLBACK")
    other.close()
    start_twice(paths)
    assert_kept_once(paths, fp)


def test_the_next_successful_write_also_counts_a_waiting_game(tmp_path, monkeypatch):
    first, second = finished(5), finished(6)
    paths = setup_game(tmp_path, first)
    stats.record_game(paths.stats_db, finished(4))
    other = sqlite3.connect(paths.stats_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.1)
    storage.keep_finished(paths, first, source=paths.autosave, save_first=True)
    other.execute("ROLLBACK")
    other.close()
    storage.write_record(paths.autosave, second)
    storage.keep_finished(paths, second, source=paths.autosave, save_first=True)
    assert counted(paths, stats.fingerprint(first)) == 1  # without a restart
    assert counted(paths, stats.fingerprint(second)) == 1
    assert not pending.load(paths.data_dir)


def _fill(paths: storage.Paths, games: int = 12) -> None:
    for seed in range(100, 100 + games):
        stats.record_game(paths.stats_db, finished(seed))


@FORKS
def test_a_few_kilobytes_free_at_the_end_counts_the_game_at_the_next_start(tmp_path):
    """The child can write files up to 40 KB (RLIMIT_FSIZE: a write beyond fails with
    EFBIG, as on a disk with that much room): the record and the journal fit, the statistics
    database, already larger, cannot grow."""
    rec = finished(7)
    fp = stats.fingerprint(rec)
    paths = setup_game(tmp_path, rec)
    _fill(paths)
    limit = 40_000
    assert paths.stats_db.stat().st_size > limit > paths.autosave.stat().st_size
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 1
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
            status = 0 if kept.path is not None and kept.told and "next time" in kept.told \
                else 2
        finally:
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the record written, statistics not"
    assert counted(paths, fp) == 0 and pending.load(paths.data_dir)
    start_twice(paths)
    assert_kept_once(paths, fp)


@pytest.mark.parametrize("damage", [
    "UPDATE games SET player_seat = 'first' WHERE id = 1",  # text where a number belongs
    "UPDATE games SET totals = '[1, 2' WHERE id = 1",  # a JSON field that does not parse
    "UPDATE games SET totals = '[1e999, 0, 0]' WHERE id = 1",  # a total that is not finite
    "UPDATE round_nets SET net = 'lots'",
    "ALTER TABLE games DROP COLUMN resumed",  # a column missing (undos is in an index)
    "DROP TABLE yaku; CREATE VIEW yaku AS WITH RECURSIVE r(game_id, seat, yaku, times) AS "
    "(SELECT 1, 0, 'x', 1 UNION ALL SELECT game_id + 1, 0, 'x', 1 FROM r) SELECT * FROM r",
])
def test_a_damaged_database_at_the_end_still_counts_the_game_once(tmp_path, damage):
    rec = finished(8)
    fp = stats.fingerprint(rec)
    paths = setup_game(tmp_path, rec)
    stats.record_game(paths.stats_db, finished(9))
    c = sqlite3.connect(paths.stats_db)
    c.executescript(damage)
    c.close()
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is not None
    start_twice(paths)
    assert_kept_once(paths, fp)


KILL_MODULES = {m.__file__ for m in (storage, stats, files, pending, replays)}


def _traced_finish(paths: storage.Paths, rec: records.Record, kill_at: int) -> int:
    """keep_finished in a child that kills itself (SIGKILL) at the `kill_at`-th line run
    in the storage modules; the number of lines it ran when it was not killed."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        count = 0

        def local(frame, event, arg):  # noqa: ANN001, ANN202
            nonlocal count
            if event == "line":
                count += 1
                if count == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
            return local

        def tracer(frame, event, arg):  # noqa: ANN001, ANN202
            return local if frame.f_code.co_filename in KILL_MODULES else None

        try:
            sys.settrace(tracer)
            storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
            sys.settrace(None)
            os.write(write, str(count).encode())
        finally:
            os._exit(0)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read) as f:
        out = f.read()
    assert os.WIFEXITED(status) or os.WTERMSIG(status) == signal.SIGKILL
    return int(out) if out else 0


@FORKS
def test_kill_9_anywhere_in_the_end_of_a_game_counts_it_once_and_writes_one_record(tmp_path):
    rec = finished(10, rounds=2)
    fp = stats.fingerprint(rec)
    total = _traced_finish(setup_game(tmp_path / "dry", rec), rec, 0)
    assert total > 100
    points = range(1, total + 1) if KILL_POINTS == 0 else sorted(
        {1 + (total - 1) * k // (KILL_POINTS - 1) for k in range(KILL_POINTS)})
    for n in points:
        paths = setup_game(tmp_path / f"k{n}", rec)
        stats.record_game(paths.stats_db, finished(11))  # a database with a game in it
        assert _traced_finish(paths, rec, n) == 0, f"kill point {n} was not reached"
        start_twice(paths)
        try:
            assert_kept_once(paths, fp)
        except AssertionError as e:
            raise AssertionError(f"killed at line {n} of {total}: {e}") from None
        db, _ = stats.open_db(paths.stats_db)
        with db:
            assert db.count() == 2  # and the earlier game is still there


# --- item 3 ------------------------------------------------------------------------------
def test_a_disk_full_from_the_first_deal_is_told_truly_and_the_game_kept_in_memory(
        tmp_path, monkeypatch):
    rec = finished(12)
    fp = stats.fingerprint(rec)
    paths = storage.default_paths(tmp_path).ensure()
    early = records.Record(rec.ruleset, rec.options, rec.seats, rec.first_dealer, rec.seed,
                           [dict(rec.rounds[0], actions=rec.rounds[0]["actions"][:2])])
    storage.write_record(paths.autosave, early)  # the last save that fitted: the deal
    before = paths.autosave.read_bytes()
    disk_full(monkeypatch, paths.data_dir, paths.records_dir)
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is None
    assert "next time the program starts" not in kept.problem
    assert "kept in memory" in kept.problem and "closed" in kept.problem
    # nothing shorter or longer pretended; the earlier copy is set aside, whole, so that
    # Continue never offers the game from its deal (issue 43, item 4)
    [stale] = paths.data_dir.glob(f"{paths.autosave.name}{storage.STALE_MARK}*")
    assert stale.read_bytes() == before and not paths.autosave.exists()
    assert storage.save_autosave(paths, rec) is not None  # still full: still in memory
    monkeypatch.undo()  # room again: the next save of any game writes it
    new_game = finished(13)
    new_game.rounds = [dict(new_game.rounds[0], actions=[])]
    assert storage.save_autosave(paths, new_game) is None
    assert counted(paths, fp) == 1 and len(record_files(paths, fp)) == 1
    assert not stale.exists()  # the record holds every move of it
    _rec, told = storage.start_up(paths)
    assert told and "kept in memory has now been saved" in told
    assert storage.load_autosave(paths)[0].rounds == new_game.rounds  # the new game is kept


def test_the_stale_save_of_a_game_written_from_memory_goes(tmp_path, monkeypatch):
    rec = finished(14)
    paths = storage.default_paths(tmp_path).ensure()
    early = records.Record(rec.ruleset, rec.options, rec.seats, rec.first_dealer, rec.seed,
                           [dict(rec.rounds[0], actions=rec.rounds[0]["actions"][:2])])
    storage.write_record(paths.autosave, early)
    disk_full(monkeypatch, paths.data_dir, paths.records_dir)
    storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    monkeypatch.undo()
    game, told = storage.start_up(paths)  # the title, while the program still runs
    assert game is None, "no Continue at the deal of a game that is recorded"
    assert told and "has now been saved" in told
    assert_kept_once(paths, stats.fingerprint(rec))


def test_a_saved_finished_game_is_never_replaced_by_a_new_game(tmp_path, monkeypatch):
    """The record could not be written but the whole game was saved; Play again starts a
    new game on a disk with a little room: the finished game is moved aside, not lost."""
    rec = finished(15)
    fp = stats.fingerprint(rec)
    paths = storage.default_paths(tmp_path).ensure()
    disk_full(monkeypatch, paths.records_dir)
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is None and "kept as your saved game" in kept.problem
    new_game = finished(16)
    new_game.rounds = [dict(new_game.rounds[0], actions=new_game.rounds[0]["actions"][:3])]
    assert storage.save_autosave(paths, new_game) is None
    aside = list(paths.data_dir.glob(f"{storage.FINISHED_PREFIX}*.json"))
    assert len(aside) == 1 and stats.fingerprint(storage.read_record(aside[0])) == fp
    monkeypatch.undo()
    game, told = storage.start_up(paths)
    assert told and "earlier game has now been saved" in told
    assert game is not None and game.rounds == new_game.rounds  # Continue: the new game
    assert counted(paths, fp) == 1 and len(record_files(paths, fp)) == 1
    assert not list(paths.data_dir.glob(f"{storage.FINISHED_PREFIX}*"))


def test_a_finished_save_whose_record_still_fails_is_told_once_and_kept(tmp_path,
                                                                       monkeypatch):
    rec = finished(17)
    paths = setup_game(tmp_path, rec)
    disk_full(monkeypatch, paths.records_dir)
    first = storage.start_up(paths)[1]
    assert first and "still could not be written" in first
    assert storage.start_up(paths)[1] is None  # told once
    assert paths.autosave.exists()

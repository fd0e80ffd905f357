"""Issue 24, items 4, 6 (the database), 8 (names), 11 (`stats` on a locked file) and 12
(seeds from 2**63): a statistics database that passes SQLite's check but is damaged, or is
no file at all, never drops a game, freezes or crashes Statistics and History, and
`python -m game stats` answers 0 or 2 with one line."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import cli, stats
from game.simulate import simulate
from game.stats import budget
from tests.ui.driver import frames, key, loaded, make_app

ROOT = Path(__file__).resolve().parents[1]


def game(seed: int, name: str = "You") -> object:
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed, names=[name, "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    return rec


def two_games(path: Path) -> None:
    assert stats.record_game(path, game(1)) is None
    assert stats.record_game(path, game(2)) is None


ROW_DAMAGE = [  # the schema is whole; one row is not what the program writes
    "UPDATE games SET player_seat = 'first' WHERE id = 1",
    "UPDATE games SET totals = '[1, 2' WHERE id = 1",
    "UPDATE games SET winners = 'nobody' WHERE id = 1",
    "UPDATE games SET totals = '[1e999, 0, 0]' WHERE id = 1",
    "UPDATE games SET totals = '[' || printf('%.*c', 3000, '9') || ', 0, 0]' WHERE id = 1",
    "UPDATE games SET hints = 'many', undos = -5 WHERE id = 1",
    "UPDATE games SET ruleset = 5, opponents = x'00ff' WHERE id = 1",
    "UPDATE round_nets SET net = 'lots' WHERE game_id = 1",
    "UPDATE round_nets SET net = 9e999 WHERE game_id = 1",
    "UPDATE round_nets SET net = 9223372036854775807 WHERE game_id = 1",
    "UPDATE yaku SET times = 'often'",
    "UPDATE games SET record_file = '../../../etc/passwd' WHERE id = 1",
    "UPDATE seats SET name = 'A' || char(0) || 'B' WHERE game_id = 1",
]
SCHEMA_DAMAGE = [  # no statistics database of ours: set aside, a new one started
    "ALTER TABLE games DROP COLUMN resumed",  # (undos is in an index now)
    "ALTER TABLE games ADD COLUMN extra TEXT",
    "DROP TABLE yaku; CREATE VIEW yaku AS WITH RECURSIVE r(game_id, seat, yaku, times) AS "
    "(SELECT 1, 0, 'x', 1 UNION ALL SELECT game_id + 1, 0, 'x', 1 FROM r) SELECT * FROM r",
    "DROP TABLE games; CREATE TABLE games (id INTEGER PRIMARY KEY, fingerprint TEXT)",
    "UPDATE schema_version SET version = 'one'",
    "CREATE TRIGGER t AFTER INSERT ON games BEGIN DELETE FROM games; END",
    # found by the fuzz: the same columns, a foreign key naming another table
    "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, "
    "'REFERENCES games(id)', 'REFERENCES gamez(id)') WHERE name = 'seats'",
]


def damaged(tmp_path: Path, sql: str) -> Path:
    path = tmp_path / "stats.sqlite3"
    two_games(path)
    c = sqlite3.connect(path)
    c.executescript(sql)
    c.close()
    return path


def read_all(path: Path) -> tuple[list, list, list, int]:
    (figs, hist, line, n), _msg = stats.read(path, lambda db: (
        db.summary(), db.history(), db.timeline(), db.count()))
    return figs, hist, line, n


@pytest.mark.parametrize("sql", ROW_DAMAGE)
def test_a_damaged_row_is_left_out_and_the_rest_still_count(tmp_path, sql):
    path = damaged(tmp_path, sql)
    figs, hist, line, n = read_all(path)  # the reads' work is bounded: see the budget test
    assert n >= 1 and len(hist) >= 1 and len(line) >= 1
    for h in hist:
        assert h.record_file is None or "/" not in h.record_file
        assert all("\x00" not in name for name in h.names)
        assert isinstance(h.net, int) and isinstance(h.rounds, int)
    for f in figs:
        assert f.avg_net is None or abs(f.avg_net) < 1e12
        assert all(isinstance(t, int) for _y, t in f.top_yaku)
    assert stats.record_game(path, game(3)) is None  # later games are still added
    assert read_all(path)[3] == n + 1
    assert not list(tmp_path.glob("*.corrupt-*"))  # one bad row is no reason to set aside


@pytest.mark.parametrize("sql", SCHEMA_DAMAGE)
def test_a_database_not_of_our_schema_is_set_aside_and_a_new_one_started(tmp_path, sql):
    path = damaged(tmp_path, sql)
    msg = stats.record_game(path, game(3))
    assert msg and "set aside" in msg
    assert len(list(tmp_path.glob("stats.sqlite3.corrupt-*"))) == 1
    figs, hist, line, n = read_all(path)
    assert n == 1 and len(hist) == 1


def test_a_file_sqlite_runs_out_of_memory_reading_is_set_aside(tmp_path):
    """Found by the fuzz (tests/fuzz.py, stats-bytes): a damaged schema record makes every
    statement fail with SQLITE_NOMEM (MemoryError) before any check could run."""
    path = tmp_path / "stats.sqlite3"
    path.write_bytes((ROOT / "tests" / "data" / "stats_nomem.sqlite3").read_bytes())
    msg = stats.record_game(path, game(8))
    assert msg and "set aside" in msg
    assert read_all(path)[3] == 1


def test_a_header_naming_a_format_sqlite_only_reads_is_set_aside(tmp_path):
    """Found by the fuzz: a write-version byte above 2 makes SQLite open the file read-only,
    so no game was ever counted again, though nobody made the file read-only."""
    path = tmp_path / "stats.sqlite3"
    two_games(path)
    data = bytearray(path.read_bytes())
    data[18] = 246
    path.write_bytes(bytes(data))
    msg = stats.record_game(path, game(9))
    assert msg and "set aside" in msg
    assert read_all(path)[3] == 1


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_database_that_is_no_file_is_set_aside_without_blocking(tmp_path, kind):
    path = tmp_path / "stats.sqlite3"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    msg = stats.record_game(path, game(4))  # returns: a FIFO is never opened to read
    assert msg and "set aside" in msg
    assert path.is_file() and read_all(path)[3] == 1


def test_a_query_that_needs_endless_work_is_stopped(tmp_path, monkeypatch):
    """The guard counts SQLite's steps, not seconds (issue 43, item 7): an endless query is
    stopped once it has used the budget, on a fast machine or a slow one alike."""
    path = tmp_path / "stats.sqlite3"
    two_games(path)
    monkeypatch.setattr(budget, "WORK", 5_000_000)
    db, _ = stats.open_db(path)
    with db:
        db._budget()
        with pytest.raises(sqlite3.OperationalError, match="interrupted"):
            db.conn.execute("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)"
                            " SELECT COUNT(*) FROM r").fetchone()
        db._budget()  # a fresh budget: the figures themselves need far less
        assert db.count() == 2


def test_seeds_from_2_63_up_are_counted_and_read_back(tmp_path):
    path = tmp_path / "stats.sqlite3"
    for seed in (2**63, 2**64 - 1, 2**63 - 1, 0):
        rec = game(5)
        rec.seed = seed
        assert stats.record_game(path, rec) is None
        db, _ = stats.open_db(path)
        with db:
            stored = db.conn.execute("SELECT seed FROM games ORDER BY id DESC").fetchone()[0]
        assert stats.seed_from_db(stored) == seed
    assert read_all(path)[3] == 4


def run_stats(home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, HACHIHACHI_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "game", "stats"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_stats_on_a_locked_database_prints_one_sentence_and_exits_2(tmp_path):
    from game import storage

    paths = storage.default_paths(tmp_path).ensure()
    two_games(paths.stats_db)
    other = sqlite3.connect(paths.stats_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        out = run_stats(tmp_path)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: The statistics"), out.stderr
    assert "locked" in lines[0] and not out.stdout


@pytest.mark.parametrize("sql", ROW_DAMAGE[:4] + SCHEMA_DAMAGE[:3])
def test_stats_command_on_a_damaged_database_exits_0(tmp_path, monkeypatch, capsys, sql):
    from game import storage

    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    paths = storage.default_paths().ensure()
    paths.stats_db.unlink(missing_ok=True)
    damaged(paths.data_dir, sql)
    assert cli.main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] >= 1 or sql in SCHEMA_DAMAGE


@pytest.mark.parametrize("sql", [ROW_DAMAGE[0], ROW_DAMAGE[3], ROW_DAMAGE[-1],
                                 SCHEMA_DAMAGE[2]])
def test_statistics_and_history_open_on_a_damaged_database(tmp_path, sql):
    from game.ui.scenes.history import HistoryScene
    from game.ui.scenes.statistics import StatisticsScene

    app = make_app(tmp_path)
    app.paths.stats_db.unlink(missing_ok=True)
    damaged(app.paths.data_dir, sql)
    for scene in (StatisticsScene, HistoryScene):
        app.stack.reset(scene(app))
        loaded(app)
        if app.stack.top.name == "message":
            key(app, pygame.K_RETURN)
        assert app.stack.top.name in ("statistics", "history") and not app.errors, app.errors
    history = app.stack.top
    history.cursor.choose(0)
    history.open_selected()
    frames(app, 2)
    assert not app.errors, app.errors
    app.close()


def test_history_names_with_a_nul_are_drawn(tmp_path):
    from game.ui.scenes.history import HistoryScene

    app = make_app(tmp_path)
    assert stats.record_game(app.paths.stats_db, game(6, name="A\x00B")) is None
    c = sqlite3.connect(app.paths.stats_db)
    c.execute("UPDATE seats SET name = 'Z' || char(0) || '\u200b' WHERE seat = 1")
    c.commit()
    c.close()
    app.stack.reset(HistoryScene(app))
    loaded(app)
    assert not app.errors, app.errors
    [h] = app.stack.top.items
    assert h.names[0] == "AB" and h.names[1] == "Z"
    app.close()


def test_history_opens_only_records_inside_the_records_folder(tmp_path):
    from game.ui.scenes.history import HistoryScene

    app = make_app(tmp_path)
    outside = tmp_path / "outside.json"
    rec = game(7)
    outside.write_text(rec.dumps())
    assert stats.record_game(app.paths.stats_db, rec, record_file=str(outside)) is None
    app.stack.reset(HistoryScene(app))
    loaded(app)
    [h] = app.stack.top.items
    assert h.record_file is None
    app.stack.top.open_selected()
    frames(app, 1)
    assert app.stack.top.name == "message"  # "not in your records folder", no replay
    app.close()

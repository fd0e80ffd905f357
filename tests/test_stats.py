"""Statistics database (game.stats): figures from finished games, migrations, transactions,
a damaged file set aside, a kill -9 in the middle of writes, and `python -m game stats`."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import stats, storage
from game.engine import record as records
from game.simulate import simulate
from game.stats import counting, store

ROOT = Path(__file__).resolve().parents[1]


def finished(seed: int, human: bool = True, rounds: int = 3) -> records.Record:
    """A whole game between computers; seat 0 then called human (kinds never change play)."""
    rec = simulate("hachihachi", {"rounds": rounds}, 3, ["rules"], seed,
                   names=["You", "Ren", "Yui"])
    if human:
        rec.seats[0]["kind"] = "human"
    rec.seats[1]["kind"] = rec.seats[2]["kind"] = "ai:expectimax"
    return rec


def test_a_game_is_stored_whole_and_summed(tmp_path: Path) -> None:
    rec = finished(5)
    st = records.replay(rec).state
    assert stats.record_game(tmp_path / "s.db", rec, record_file="g.json", undos=2) is None
    db, msg = stats.open_db(tmp_path / "s.db")
    with db:
        assert msg is None and db.count() == 1 and db.version() == stats.SCHEMA_VERSION
        [f] = db.summary()
        assert (f.ruleset, f.opponents, f.games) == ("hachihachi", "Expert", 1)
        counted = [r.net[0] for r in st.results if r.ending != "misdeal"]
        assert f.rounds == len(counted)
        assert f.avg_net == pytest.approx(sum(counted) / len(counted))
        assert f.best_round == max(counted)
        assert f.wins == (1 if 0 in st.rs.game_winners(st) else 0)
        assert f.undos == 2
        [h] = db.history()
        assert (h.names, h.net, h.record_file) == (["You", "Ren", "Yui"], st.totals[0],
                                                   "g.json")


def test_yaku_are_the_humans_teyaku_and_dekiyaku(tmp_path: Path) -> None:
    # find a game where the human is paid for some combination
    for seed in range(1, 40):
        rec = finished(seed)
        st = records.replay(rec).state
        made: dict[str, int] = {}
        for r in st.results:
            for p in r.payments:
                if p.to == 0 and st.rs.category(p.reason) in ("teyaku", "dekiyaku"):
                    made[p.reason] = made.get(p.reason, 0) + 1
        if made:
            break
    else:
        pytest.fail("no seed gave the human a yaku")
    entry = stats.entry_from_record(rec)
    assert entry.yaku == {0: made}
    db, _ = stats.open_db(tmp_path / "s.db")
    with db:
        db.add(entry)
        [f] = db.summary()
        best = max(made.values())
        assert f.top_yaku[0][1] == best and made[f.top_yaku[0][0]] == best


def test_the_same_game_twice_is_one_game_and_gets_its_record_file(tmp_path: Path) -> None:
    rec = finished(6)
    path = tmp_path / "s.db"
    stats.record_game(path, rec)  # at the table, its record could not be written
    stats.record_game(path, rec, record_file="later.json")  # the title wrote it
    db, _ = stats.open_db(path)
    with db:
        assert db.count() == 1
        assert db.history()[0].record_file == "later.json"


def test_history_is_newest_first_and_filters_by_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    stats.record_game(path, finished(1), finished_at="2026-01-01T10:00:00+00:00")
    stats.record_game(path, finished(2), finished_at="2026-03-01T10:00:00+00:00")
    other = simulate("hachi", {"rounds": 1}, 2, ["random"], 3)
    other.seats[0]["kind"] = "human"
    stats.record_game(path, other, finished_at="2026-02-01T10:00:00+00:00")
    db, _ = stats.open_db(path)
    with db:
        assert [h.finished_at[:7] for h in db.history()] == ["2026-03", "2026-02", "2026-01"]
        assert [h.ruleset for h in db.history("hachi")] == ["hachi"]
        assert db.rulesets() == ["hachi", "hachihachi"]
        assert len(db.timeline()) == 3


def test_computer_only_games_count_but_have_no_player(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    stats.record_game(path, finished(3, human=False))
    db, _ = stats.open_db(path)
    with db:
        [f] = db.summary()
        assert (f.opponents, f.games, f.wins, f.avg_net) == ("Computers only", 1, 0, None)
        assert db.history()[0].won is None


def test_a_damaged_file_is_set_aside_and_a_fresh_one_made(tmp_path: Path) -> None:
    path = tmp_path / "data" / "stats.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"this is not a database at all" * 100)
    neighbour = path.parent / "autosave.json"
    neighbour.write_text("{}")
    msg = stats.record_game(path, finished(4))
    assert msg is not None and "set aside" in msg and msg.count(".") >= 1
    aside = [p for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    assert neighbour.read_text() == "{}"  # nothing else touched
    db, again = stats.open_db(path)
    with db:
        assert again is None and db.count() == 1


def test_a_database_of_something_else_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    c = sqlite3.connect(path)
    c.execute("CREATE TABLE recipes (name TEXT)")
    c.commit()
    c.close()
    db, msg = stats.open_db(path)
    with db:
        assert msg and db.count() == 0


def test_a_newer_schema_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    db, _ = stats.open_db(path)
    with db:
        db.conn.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(stats.StatsError, match="newer version"):
        stats.open_db(path)
    assert path.exists() and not list(tmp_path.glob("*.corrupt-*"))


def test_migration_from_an_empty_file_and_rollback_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    db, _ = stats.open_db(path)
    entry = stats.entry_from_record(finished(7))
    entry.seats[2]["name"] = None  # fails after the game's row is written
    with db:
        with pytest.raises(sqlite3.IntegrityError):
            db.add(entry)
        assert db.count() == 0  # the game row went back with its rounds
        assert db.conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 0


def test_unwritable_folder_is_one_sentence_told_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    counting._told.clear()
    first = stats.record_game(blocker / "stats.sqlite3", finished(8))
    assert first and first.startswith("The statistics could not be opened")
    assert stats.record_game(blocker / "stats.sqlite3", finished(8)) is None


WRITER = textwrap.dedent("""
    import sys
    from game import stats
    from game.simulate import simulate
    rec = simulate("hachihachi", {"rounds": 2}, 3, ["random"], 1)
    rec.seats[0]["kind"] = "human"
    base = stats.entry_from_record(rec)
    db, _ = stats.open_db(sys.argv[1])
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        base.fingerprint = f"game-{i}"
        db.add(base)
        if i % 25 == 0:
            print(i, flush=True)
""")


def test_kill_9_during_writes_leaves_a_valid_database(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        # counted, not timed: killed once 100 games are written, the 101st in flight
        while int(proc.stdout.readline().strip() or 0) < 100:
            pass
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    db, msg = stats.open_db(path)
    with db:
        assert msg is None
        assert db.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        n = db.count()
        assert n > 1
        # every game whole: its seats and rounds all there, none half-written
        rounds = db.conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
        seats = db.conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0]
        per_game = db.conn.execute("SELECT COUNT(*) FROM rounds WHERE game_id = "
                                   "(SELECT MIN(id) FROM games)").fetchone()[0]
        assert seats == 3 * n and rounds == per_game * n
        assert db.add(stats.entry_from_record(finished(9)))  # and it takes new games


def test_stats_command_lists_the_smoke_game(tmp_path: Path) -> None:
    env = dict(os.environ, HACHIHACHI_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    smoke = subprocess.run([sys.executable, "-m", "game", "--smoke"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=240)
    assert smoke.returncode == 0, smoke.stderr
    out = subprocess.run([sys.executable, "-m", "game", "stats", "--json"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] >= 1 and data["groups"][0]["ruleset"] == "hachihachi"
    assert storage.default_paths(tmp_path).stats_db.exists()
    text = subprocess.run([sys.executable, "-m", "game", "stats"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert "1 finished game." in text.stdout


def test_stats_imports_neither_pygame_nor_the_ui() -> None:
    code = ("import sys, game.stats; print(any(m == 'pygame' or m.startswith('game.ui') "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_finished_game_left_as_autosave_is_counted_at_the_next_start(
        tmp_path: Path) -> None:
    """The table could not write the record (full disk); the title writes it later and the
    statistics get the game with its record file, once."""
    from game.ui.scenes.title import TitleScene
    from tests.ui.driver import frames, make_app

    rec = finished(10, rounds=1)
    app = make_app(tmp_path)
    storage.write_record(app.paths.autosave, rec)
    stats.record_game(app.paths.stats_db, rec)  # counted at the table, without a record
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    db, _ = stats.open_db(app.paths.stats_db)
    with db:
        [h] = db.history()
        assert h.record_file and (app.paths.records_dir / h.record_file).exists()
    assert not app.paths.autosave.exists()
    app.close()


def test_a_locked_database_is_not_taken_for_a_damaged_one(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.sqlite3"
    stats.record_game(path, finished(11))
    other = sqlite3.connect(path, isolation_level=None)  # a second window, mid-write
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.1)
    counting._told.clear()
    msg = stats.record_game(path, finished(12))
    assert msg and "locked" in msg
    assert not list(tmp_path.glob("*.corrupt-*")), "a busy file is never set aside"
    other.execute("ROLLBACK")
    other.close()
    db, again = stats.open_db(path)
    with db:
        assert again is None and db.count() == 1

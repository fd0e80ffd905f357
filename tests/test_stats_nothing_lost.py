"""Issue 43 ("Nothing lost, part two"), the statistics' side, without a window:

- item 2: the journal of games waiting for the statistics loads and counts up to its
  MAX_ENTRIES (the limits follow the entry count), and a damaged one is rebuilt from the
  records folder, the player told;
- item 3: a newer version's statistics file: the player is told what truly happens (the
  file is kept as it is; the games wait for an update, or are counted into new statistics
  if the player chooses, the newer file kept aside, never deleted);
- item 6 and 11: damaged game rows are left out, counted and said, and `python -m game
  stats` never says "No finished games yet." over stored games;
- item 7: the figures summed in SQL are the figures of the games, whether a game was
  counted by this version or upgraded from a version 2 file, and SQLite's check of a row
  (`GAME_OK`, run in a partial index) never lets through a row Python would refuse.
"""

from __future__ import annotations

import json
import sqlite3
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli, pending, stats, storage
from game.engine import record as records
from game.simulate import simulate
from game.stats import counting, schema, store, values

NEWER = 99  # a schema version from the future


def game(seed: int = 3, name: str = "Ren") -> records.Record:
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed,
                   names=["You", name, "Yui"])
    rec.seats[0]["kind"] = "human"
    rec.app = {"finished_at": "2026-05-01T10:00:00+00:00"}
    return rec


def home(tmp_path: Path) -> storage.Paths:
    counting._told.clear()  # each test is a new run of the program
    return storage.default_paths(tmp_path).ensure()


def write_records(paths: storage.Paths, n: int) -> list[tuple[str, str]]:
    """n finished games (one template, a different name each: a different fingerprint)
    written to the records folder; their (file name, fingerprint)."""
    data = json.loads(game().dumps())
    out = []
    for i in range(n):
        data["seats"][1]["name"] = f"Ren {i}"
        name = f"2026050{i // 1000}-{i % 1000:06}-hachihachi.json"
        path = paths.records_dir / name
        path.write_text(json.dumps(data))
        out.append((name, stats.fingerprint(storage.read_record(path))))
    return out


def write_journal(paths: storage.Paths, entries: list[tuple[str, str]]) -> None:
    """The journal as the program writes it."""
    pending.journal_path(paths.data_dir).write_text(json.dumps(
        {"format": pending.FORMAT, "games": [{"record_file": n, "fingerprint": f}
                                             for n, f in entries]}, indent=0) + "\n")


def counted(paths: storage.Paths) -> list[str]:
    """The fingerprints the statistics count, each as often as it is stored."""
    db, _ = stats.open_db(paths.stats_db)
    with db:
        return [fp for (fp,) in db.conn.execute("SELECT fingerprint FROM games")]


def make_newer(path: Path) -> bytes:
    """Make the statistics file a newer version's; its bytes."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE schema_version SET version = ?", (NEWER,))
    conn.close()
    return path.read_bytes()


# --- item 2: the journal --------------------------------------------------------------
@pytest.mark.parametrize("n", [802, 1000])
def test_a_full_journal_loads_and_every_game_in_it_is_counted(tmp_path, n):
    paths = home(tmp_path)
    entries = write_records(paths, n)
    write_journal(paths, entries)
    assert pending.load(paths.data_dir) == entries  # none set aside
    assert not list(paths.data_dir.glob("*.corrupt-*"))
    assert storage.catch_up_pending(paths) is None
    assert sorted(counted(paths)) == sorted(fp for _n, fp in entries)
    assert pending.load(paths.data_dir) == []


def test_the_journal_limits_follow_its_entry_count():
    entry = {"record_file": "x" * (pending.MAX_NAME - 5) + ".json", "fingerprint": "f" * 64}
    text = json.dumps({"format": pending.FORMAT, "games": [entry] * pending.MAX_ENTRIES,
                       "rebuild": "y" * 45}, indent=0)
    from game import files

    files.parse_json(text, pending.LIMITS)  # the largest journal the program writes
    with pytest.raises(files.FileRejected):  # one entry more is not the program's
        files.parse_json(text.replace("[", "[" + json.dumps(entry) + ",", 1),
                         pending.LIMITS)


def test_a_damaged_journal_is_rebuilt_from_the_records_folder_and_told(tmp_path):
    paths = home(tmp_path)
    (named, fp_named), (unnamed, fp_unnamed), (_waiting, fp_waiting) = write_records(paths, 3)
    for name in (named, unnamed):
        rec = storage.read_record(paths.records_dir / name)
        extra = {"record_file": name} if name == named else {}
        assert stats.count_game(paths.stats_db, rec, **extra)[0]  # the second one without
    pending.journal_path(paths.data_dir).write_text('{"format": "hachihachi-pend')
    rec, told = storage.start_up(paths)
    assert rec is None and told
    assert "was damaged and was set aside as stats-pending.json.corrupt-" in told
    assert "1 finished game in it was not counted yet, and is counted now" in told
    assert sorted(counted(paths)) == sorted([fp_named, fp_unnamed, fp_waiting])
    assert pending.read_journal(paths.data_dir) == pending.Journal()
    assert len(list(paths.data_dir.glob("stats-pending.json.corrupt-*"))) == 1
    assert storage.start_up(paths) == (None, None)  # told once: the next start is quiet
    assert sorted(counted(paths)) == sorted([fp_named, fp_unnamed, fp_waiting])


def test_a_damaged_journal_over_a_locked_file_is_rebuilt_at_a_later_start(tmp_path,
                                                                          monkeypatch):
    paths = home(tmp_path)
    [(name, fp)] = write_records(paths, 1)
    assert stats.record_game(paths.stats_db, game(5)) is None
    pending.journal_path(paths.data_dir).write_bytes(b"\xff\xfe not a journal")
    other = sqlite3.connect(paths.stats_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.1)
    try:
        assert storage.catch_up_pending(paths) is None  # the rebuild waits for the file
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert pending.read_journal(paths.data_dir).rebuild  # and is remembered
    told = storage.catch_up_pending(paths)
    assert told and "1 finished game in it was not counted yet, and is counted now" in told
    assert fp in counted(paths)


# --- item 3: a newer version's file ---------------------------------------------------
def test_a_game_finished_over_a_newer_file_is_told_what_truly_happens(tmp_path):
    paths = home(tmp_path)
    assert stats.record_game(paths.stats_db, game(5)) is None
    before = make_newer(paths.stats_db)
    rec = game(7)
    kept = storage.keep_finished(paths, rec)
    assert kept.path is not None and kept.told
    assert "next time the program starts" not in kept.told
    assert "newer version" in kept.told and "leaves it as it is" in kept.told
    assert "until you update the game" in kept.told and "start new statistics" in kept.told
    assert paths.stats_db.read_bytes() == before  # kept as it is
    assert pending.load(paths.data_dir) == [(kept.path.name, stats.fingerprint(rec))]
    # the next start says what becomes of the games waiting, and still touches nothing
    counting._told.clear()
    _rec, told = storage.start_up(paths)
    assert told and "1 finished game waits to be counted until you update the game" in told
    assert paths.stats_db.read_bytes() == before


def test_stats_command_over_a_newer_file_says_what_is_true(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    paths = home(tmp_path)
    assert stats.record_game(paths.stats_db, game(5)) is None
    make_newer(paths.stats_db)
    for seed in (7, 8):
        storage.keep_finished(paths, game(seed))
    capsys.readouterr()
    assert cli.main(["stats"]) == 2
    out = capsys.readouterr()
    assert "No finished games" not in out.out + out.err and not out.out
    assert "written by a newer version of the game" in out.err
    assert "2 finished games wait to be counted until you update the game" in out.err


def test_new_statistics_keep_the_newer_file_aside_and_count_the_waiting_games(tmp_path):
    from game.ui import stats_worker

    paths = home(tmp_path)
    assert stats.record_game(paths.stats_db, game(5)) is None
    before = make_newer(paths.stats_db)
    fps = [stats.fingerprint(r) for r in (game(7), game(8))]
    for seed in (7, 8):
        storage.keep_finished(paths, game(seed))
    data = stats_worker.start_afresh(paths)
    [aside] = paths.data_dir.glob("stats.newer-*.sqlite3")
    assert aside.read_bytes() == before  # kept aside, unchanged, never deleted
    assert data.message and aside.name in data.message and "kept aside" in data.message
    assert not data.newer and not data.problem and data.games == 2
    assert sorted(counted(paths)) == sorted(fps) and pending.load(paths.data_dir) == []


def test_only_a_newer_file_is_ever_kept_aside_for_new_statistics(tmp_path):
    paths = home(tmp_path)
    assert stats.record_game(paths.stats_db, game(5)) is None
    with pytest.raises(stats.StatsError, match="not a newer version"):
        stats.start_afresh(paths.stats_db)
    assert paths.stats_db.exists() and len(counted(paths)) == 1


# --- items 6 and 11: damaged rows -----------------------------------------------------
DAMAGE = [  # what the audit did to the rows (issue 43, item 6)
    "UPDATE games SET winners = 'nobody' WHERE id = {id}",  # not JSON
    "UPDATE games SET totals = '[1e999, 0, 0]' WHERE id = {id}",  # not finite
    "UPDATE games SET player_seat = 7 WHERE id = {id}",  # a seat out of range
    "UPDATE games SET winners = '[0, 1' WHERE id = {id}",
    "UPDATE games SET totals = '[1.5, 2, 3]' WHERE id = {id}",
]


def five_games(paths: storage.Paths, damaged: int) -> None:
    for seed in range(5):
        assert stats.record_game(paths.stats_db, game(seed)) is None
    conn = sqlite3.connect(paths.stats_db, isolation_level=None)
    for i in range(damaged):
        conn.execute(DAMAGE[i].format(id=i + 1))
    conn.close()


def run_stats(capsys: pytest.CaptureFixture, *args: str) -> str:
    capsys.readouterr()
    assert cli.main(["stats", *args]) == 0
    return capsys.readouterr().out


def test_damaged_rows_are_skipped_counted_and_said(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    paths = home(tmp_path)
    five_games(paths, damaged=2)
    (figs, n, bad), _told = stats.read(paths.stats_db, lambda db: (
        db.summary(), db.count(), db.damaged_games()))
    assert (n, bad, sum(f.games for f in figs)) == (3, 2, 3)
    out = run_stats(capsys)
    assert "3 finished games." in out and "2 damaged games were skipped." in out
    assert json.loads(run_stats(capsys, "--json"))["damaged"] == 2


def test_every_row_damaged_is_never_no_finished_games_yet(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    paths = home(tmp_path)
    five_games(paths, damaged=5)
    out = run_stats(capsys)
    assert "No finished games yet" not in out
    assert out.splitlines() == ["No finished game can be shown.",
                                "5 damaged games were skipped."]
    data = json.loads(run_stats(capsys, "--json"))
    assert (data["games"], data["damaged"]) == (0, 5)


def test_a_damaged_row_leaves_the_figures_of_the_others_whole(tmp_path):
    paths = home(tmp_path)
    five_games(paths, damaged=0)
    whole, _ = stats.read(paths.stats_db, lambda db: db.summary())
    conn = sqlite3.connect(paths.stats_db, isolation_level=None)
    conn.execute(DAMAGE[0].format(id=1))
    conn.close()
    (figs, hist, line), _ = stats.read(paths.stats_db, lambda db: (
        db.summary(), db.history(), db.timeline()))
    first = stats.entry_from_record(game(0))
    [f], [w] = figs, whole
    assert (f.games, f.wins) == (w.games - 1, w.wins - (0 in first.winners))
    assert len(hist) == len(line) == 4


# --- item 7: the figures in SQL -------------------------------------------------------
def v2_file(path: Path, entries: list[stats.GameEntry]) -> None:
    """A statistics file of schema version 2 holding `entries`, as version 2 wrote it."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for target, statements in stats.MIGRATIONS:
        if target <= 2:
            for sql in statements:
                conn.execute(sql)
    conn.execute("INSERT INTO schema_version VALUES (2)")
    for gid, g in enumerate(entries, 1):
        conn.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", (
            gid, g.fingerprint, g.ruleset, json.dumps(g.options), g.seed, g.first_dealer,
            g.finished_at, None, 0, None, g.hints, g.undos, g.player_seat, g.opponents,
            json.dumps(g.winners), json.dumps(g.totals)))
        conn.executemany("INSERT INTO seats VALUES (?,?,?,?,?)", [
            (gid, i, s["name"], s["kind"], s["level"]) for i, s in enumerate(g.seats)])
        for i, r in enumerate(g.rounds):
            conn.execute("INSERT INTO rounds VALUES (?,?,?,?,?,?)",
                         (gid, i, r["ending"], r["winner"], r["dealer"], r["multiplier"]))
            conn.executemany("INSERT INTO round_nets VALUES (?,?,?,?)",
                             [(gid, i, s, v) for s, v in enumerate(r["net"])])
        conn.executemany("INSERT INTO yaku VALUES (?,?,?,?)", [
            (gid, s, y, n) for s, ys in g.yaku.items() for y, n in ys.items()])
    conn.close()


def test_an_upgraded_file_has_the_figures_of_the_same_games_counted_now(tmp_path):
    recs = [simulate(rs, {}, n, ["rules"], seed) for rs, n, seed in (
        ("hachihachi", 3, 1), ("hachihachi", 3, 2), ("hachi", 2, 3), ("sudaoshi", 3, 4),
        ("hachihachi", 3, 5))]
    for i, rec in enumerate(recs):
        rec.seats[0]["kind"] = "human" if i != 4 else "ai:rules"  # one: computers only
        if i == 1:
            rec.seats[1]["kind"] = "human"  # hot seat: both humans' yaku are kept
    entries = [stats.entry_from_record(r, undos=i, hints=2 * i) for i, r in enumerate(recs)]
    assert any(e.yaku.get(0) for e in entries), "no yaku made: pick other seeds"
    old, new = tmp_path / "old.sqlite3", tmp_path / "new.sqlite3"
    v2_file(old, entries)
    db, _ = stats.open_db(new)
    with db:
        for e in entries:
            db.add(e)

    def everything(db: stats.StatsDB) -> tuple:
        return (db.summary(), db.count(), db.damaged_games(), db.timeline(),
                [(h.ruleset, h.won, h.net, h.rounds, h.names) for h in db.history()],
                db.bests_before("none", "hachihachi"))

    upgraded, _ = stats.read(old, everything)
    assert upgraded == stats.read(new, everything)[0]
    db, _ = stats.open_db(old)
    with db:
        assert db.version() == stats.SCHEMA_VERSION


def python_int_list(text: str) -> bool:
    return values.int_list(text) is not None


def sql_int_list(conn: sqlite3.Connection, text: object) -> bool:
    return bool(conn.execute(f"SELECT {schema.int_list_sql('?1', 0)}", (text,)).fetchone()[0])


LISTS = st.one_of(
    st.lists(st.integers(-10**13, 10**13), max_size=70).map(json.dumps),
    st.lists(st.integers(-10**13, 10**13), max_size=8).map(
        lambda v: json.dumps(v, separators=(",", ":"))),
    st.text(alphabet="[]0123456789,- .e\n\"x", max_size=24),
    st.text(alphabet=string.printable, max_size=12),
)


@settings(max_examples=400, deadline=None)
@given(LISTS)
def test_sqlite_never_lets_through_a_list_python_refuses(text):
    conn = sqlite3.connect(":memory:")
    in_sql, in_python = sql_int_list(conn, text), python_int_list(text)
    assert not in_sql or in_python, text
    if text.startswith("[") and ", " in text or text in ("[]",):  # as the program writes
        try:
            value = json.loads(text)
        except ValueError:
            return
        if isinstance(value, list) and json.dumps(value) == text:
            assert in_sql == in_python, text


def test_a_blob_or_null_list_is_damaged():
    conn = sqlite3.connect(":memory:")
    assert not sql_int_list(conn, b"[1]") and not sql_int_list(conn, None)
    assert sql_int_list(conn, "[1, -2, 3]") and sql_int_list(conn, "[]")

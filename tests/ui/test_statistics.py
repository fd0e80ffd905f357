"""Statistics and History with real events: a game finished at the table appears in both,
its row opens the replay, a damaged database is reported once and replaced."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import stats
from game.stats import store
from game.ui.scenes.history import HistoryScene, row_words
from game.ui.scenes.statistics import StatisticsScene, figure_cells
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, loaded, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table


def finish_a_game(app) -> None:  # noqa: ANN001
    """You against two Beginners, one round, played by keys to the result screen."""
    table = start_table(app, [("You", "human"), ("Ren", "ai:casual"), ("Yui", "ai:casual")],
                        seed=11, rounds=1)

    def step() -> None:
        if dismiss(app):
            return
        top = app.stack.top
        if top is table and my_turn(app, table):
            play_by_keys(app, table)
        elif top.name == "scoring":
            key(app, pygame.K_RETURN)

    assert run_until(app, lambda: app.stack.top.name == "result", 20000, step)


def open_from_title(app) -> StatisticsScene:  # noqa: ANN001
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    button = next(b for b in title.group.buttons if b.label == "Statistics & history")
    click(app, button.rect.center)
    scene = app.stack.find(StatisticsScene)
    assert scene is not None
    loaded(app, scene)
    return scene


def test_a_finished_game_is_in_statistics_and_history_and_opens_its_replay(
        tmp_path: Path) -> None:
    app = make_app(tmp_path)
    finish_a_game(app)
    record = app.last_record_path
    assert record is not None and record.exists()
    st = open_from_title(app)
    assert st.games == 1
    [f] = st.figures
    assert (f.ruleset, f.opponents, f.games) == ("hachihachi", "Beginner", 1)
    assert figure_cells(f)[0] == "Hachi-Hachi · Beginner"
    assert len(st.timeline) == 1
    key(app, pygame.K_RETURN)  # the focused History button
    hist = app.stack.top
    assert isinstance(hist, HistoryScene)
    loaded(app)
    [h] = hist.items
    assert h.record_file == record.name and h.names == ["You", "Ren", "Yui"]
    left, marks, result = row_words(h)
    assert "Hachi-Hachi · vs Beginner" in left and marks == ""
    assert result.startswith("Won" if h.won else "Lost")
    frames(app, 1)
    click(app, hist.rows[0].center)
    from game.ui.scenes.replay import ReplayScene

    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.path == record
    app.close()


def test_history_filters_by_game_and_says_when_a_record_is_missing(tmp_path: Path) -> None:
    from game import storage
    from game.simulate import simulate

    app = make_app(tmp_path)
    paths = storage.default_paths(tmp_path)
    for ruleset, n, day in (("hachihachi", 3, 1), ("hachi", 2, 2)):
        rec = simulate(ruleset, {"rounds": 1}, n, ["random"], day)
        rec.seats[0]["kind"] = "human"
        stats.record_game(paths.stats_db, rec, finished_at=f"2026-05-0{day}T10:00:00+00:00")
    hist = HistoryScene(app)
    app.stack.reset(TitleScene(app))
    app.stack.push(hist)
    loaded(app)
    assert [h.ruleset for h in hist.items] == ["hachi", "hachihachi"]  # newest first
    key(app, pygame.K_RIGHT)
    assert hist.group.buttons[0].label == "Game: Hachi"
    loaded(app)
    assert [h.ruleset for h in hist.items] == ["hachi"]
    key(app, pygame.K_RIGHT)
    loaded(app)
    assert [h.ruleset for h in hist.items] == ["hachihachi"]
    key(app, pygame.K_RETURN)  # no record file: a message, not a crash
    assert app.stack.top.name == "message" and "not in your records" in app.stack.top.lines[0]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    app.close()


def test_a_damaged_database_is_told_once_and_replaced(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    db = app.paths.stats_db
    db.write_bytes(b"\x00garbage" * 500)
    st = open_from_title(app)
    msg = app.stack.top
    assert msg.name == "message" and "set aside" in msg.lines[0]
    key(app, pygame.K_RETURN)
    assert app.stack.top is st and st.games == 0
    assert [p for p in db.parent.iterdir() if ".corrupt-" in p.name]
    key(app, pygame.K_ESCAPE)
    again = open_from_title(app)  # the fresh file: no second message
    frames(app, 1)
    assert app.stack.top is again
    app.close()


# --- issue 43: a locked file, a newer version's file, damaged rows ---------------------
def drawn_text(monkeypatch) -> list[str]:  # noqa: ANN001
    """Every text the frames draw from now on (theme.blit_text spied)."""
    from game.ui import theme

    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, s, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        seen.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    return seen


def two_games(app) -> None:  # noqa: ANN001
    from game.simulate import simulate

    for seed in (1, 2):
        rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed)
        rec.seats[0]["kind"] = "human"
        assert stats.record_game(app.paths.stats_db, rec) is None


def test_a_locked_file_is_one_wait_one_sentence_and_the_screen_draws_first(
        tmp_path: Path, monkeypatch, caplog) -> None:  # noqa: ANN001
    import logging
    import sqlite3

    app = make_app(tmp_path)
    two_games(app)
    opened = []
    real_open = store.open_db
    monkeypatch.setattr(store, "open_db", lambda *a, **k: opened.append(a) or real_open(*a,
                                                                                         **k))
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.5)
    seen = drawn_text(monkeypatch)
    other = sqlite3.connect(app.paths.stats_db, isolation_level=None)  # a second window
    other.execute("BEGIN EXCLUSIVE")
    caplog.set_level(logging.INFO)
    try:
        app.stack.reset(TitleScene(app))
        scene = app.stack.push(StatisticsScene(app))
        frames(app, 1)  # drawn while the file is still locked: the window does not wait
        assert scene.loading and not scene.loader.done
        assert "Reading your statistics…" in seen
        scene.loader.join()
    finally:
        other.execute("ROLLBACK")
        other.close()
    seen.clear()
    loaded(app, scene)
    assert app.stack.top is scene  # the sentence is on the page, not one message more
    assert scene.problem and "locked" in scene.problem and scene.games == 0
    assert any(scene.problem in s or s in scene.problem for s in seen)
    assert not any("No finished games" in s for s in seen)
    assert len(opened) == 1  # one use of the file: one wait
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not app.errors
    key(app, pygame.K_ESCAPE)  # and the page answers at once, as always
    assert isinstance(app.stack.top, TitleScene)
    app.close()


def test_damaged_rows_are_counted_and_said_on_both_screens(tmp_path: Path,
                                                         monkeypatch) -> None:  # noqa: ANN001
    import sqlite3

    app = make_app(tmp_path)
    two_games(app)
    seen = drawn_text(monkeypatch)
    conn = sqlite3.connect(app.paths.stats_db, isolation_level=None)
    conn.execute("UPDATE games SET winners = 'nobody' WHERE id = 1")
    conn.close()
    scene = app.stack.push(StatisticsScene(app))
    loaded(app)
    assert (scene.games, scene.data.damaged) == (1, 1)
    assert any("1 damaged game was skipped." in s for s in seen)
    history = app.stack.replace(HistoryScene(app))
    loaded(app)
    assert len(history.items) == 1 and history.damaged == 1
    assert any("1 damaged game was skipped." in s for s in seen)
    conn = sqlite3.connect(app.paths.stats_db, isolation_level=None)
    conn.execute("UPDATE games SET totals = '[1e999, 0, 0]' WHERE id = 2")
    conn.close()
    seen.clear()
    scene = app.stack.replace(StatisticsScene(app))
    loaded(app)
    assert not any("No finished games" in s for s in seen)
    assert "No finished game can be shown." in seen and "2 damaged games were skipped." in seen
    assert not app.errors
    app.close()


def test_a_newer_file_is_explained_and_new_statistics_keep_it_aside(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    import sqlite3

    from game import pending, storage
    from game.simulate import simulate

    app = make_app(tmp_path)
    two_games(app)
    conn = sqlite3.connect(app.paths.stats_db, isolation_level=None)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.close()
    newer = app.paths.stats_db.read_bytes()
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 9)
    rec.seats[0]["kind"] = "human"
    kept = storage.keep_finished(app.paths, rec)
    assert kept.told and "next time the program starts" not in kept.told
    assert len(pending.load(app.paths.data_dir)) == 1
    seen = drawn_text(monkeypatch)
    app.stack.reset(TitleScene(app))
    scene = app.stack.push(StatisticsScene(app))
    loaded(app)
    assert scene.data.newer and app.stack.top is scene
    page = " ".join(seen)  # the sentence is wrapped over several lines
    assert "written by a newer version of the game" in page
    assert "1 game you finished with this version waits to be counted" in page
    labels = [b.label for b in scene.group.buttons]
    assert labels[0] == "Start new statistics"
    click(app, scene.group.buttons[0].rect.center)
    confirm = app.stack.top
    assert confirm.name == "confirm" and "kept aside" in " ".join(confirm.lines)
    key(app, pygame.K_LEFT)  # from the safe answer to Start new statistics
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.loading
    loaded(app, scene)
    told = app.stack.top
    assert told.name == "message" and "kept aside, unchanged, as stats.newer-" in told.lines[0]
    [aside] = app.paths.data_dir.glob("stats.newer-*.sqlite3")
    assert aside.read_bytes() == newer
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.games == 1 and not scene.data.newer
    assert [b.label for b in scene.group.buttons] == ["History", "Back"]
    assert not app.errors
    app.close()

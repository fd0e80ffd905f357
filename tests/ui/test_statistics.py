"""Statistics and History with real events: a game finished at the table appears in both,
its row opens the replay, a damaged database is reported once and replaced."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import stats
from game.ui.scenes.history import HistoryScene, row_words
from game.ui.scenes.statistics import StatisticsScene, figure_cells
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until
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
    frames(app, 2)
    assert [h.ruleset for h in hist.items] == ["hachi", "hachihachi"]  # newest first
    key(app, pygame.K_RIGHT)
    assert [h.ruleset for h in hist.items] == ["hachi"]
    assert hist.group.buttons[0].label == "Game: Hachi"
    key(app, pygame.K_RIGHT)
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

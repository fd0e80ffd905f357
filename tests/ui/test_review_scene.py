"""The game review screen (game/ui/scenes/review.py), driven by posted pygame events: the
review runs in the background, the marked decisions are its stops, Show in replay opens the
viewer at that moment, the accuracy is kept with the game, a bad file is said in words."""

from __future__ import annotations

import sqlite3

import pygame

from ai import review as reviews
from game import stats
from game.simulate import simulate
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import STOP_MARKS, ReviewScene
from tests.ui.driver import click, frames, key, loaded, make_app, run_until


def _record(tmp_path):  # noqa: ANN001, ANN202
    rec = simulate("hachihachi", {"rounds": 2}, 3, ["random", "rules", "greedy"], seed=5)
    rec.seats[0] = {"name": "Ana", "kind": "human"}
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(), encoding="utf-8")
    return rec, path


def _open(app, path, **kw):  # noqa: ANN001, ANN202
    scene = ReviewScene(app, path, worlds=12, **kw)
    app.stack.push(scene)
    assert run_until(app, lambda: scene.result is not None, 20000)
    frames(app, 2)
    return scene


def test_the_review_runs_and_its_stops_are_the_marked_decisions(tmp_path):
    rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    scene = _open(app, path)
    assert scene.seat == 0  # the person's seat
    stops = scene.stops
    assert stops and all(scene.decisions[i].mark in STOP_MARKS for i in stops)
    assert scene.sel == stops[0]
    key(app, pygame.K_RIGHT)
    frames(app, 1)
    assert scene.sel == (stops[1] if len(stops) > 1 else stops[0])
    key(app, pygame.K_LEFT)
    frames(app, 1)
    assert scene.sel == stops[0]
    key(app, pygame.K_DOWN)
    frames(app, 1)
    assert scene.sel == min(stops[0] + 1, len(scene.decisions) - 1)
    r = scene.timeline_rect
    click(app, (r.x + 14, r.centery))  # the first decision is the leftmost point
    frames(app, 1)
    assert scene.sel == 0
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert scene not in app.stack.scenes
    app.close()


def test_show_in_replay_opens_the_viewer_at_the_decision(tmp_path):
    _rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    scene = _open(app, path)
    d = scene.current
    button = scene.group.buttons[2]  # Show in replay
    click(app, button.rect.center)
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, ReplayScene)
    assert (top.pos.round, top.pos.action) == (d.round, d.index)
    app.close()


def test_the_accuracy_is_kept_with_the_counted_game(tmp_path):
    rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    counted, _msg = stats.count_game(app.paths.stats_db, rec)
    assert counted
    scene = _open(app, path)
    (items, line), _msg = stats.read(app.paths.stats_db,
                                     lambda db: (db.history(), db.accuracy_timeline()))
    assert items[0].accuracy == scene.result.accuracy
    assert [a for _w, _rs, a in line] == [scene.result.accuracy]
    app.close()


def test_a_file_that_is_not_a_record_is_said_and_nothing_runs(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00not json")
    app = make_app(tmp_path / "home")
    scene = ReviewScene(app, bad)
    app.stack.push(scene)
    frames(app, 2)
    assert scene.worker is None and "not a game record" in scene.problem
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert scene not in app.stack.scenes
    app.close()


def test_esc_stops_a_running_review(tmp_path):
    _rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    scene = ReviewScene(app, path, worlds=400)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.running
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    scene.worker.join(30)
    assert not scene.worker.running
    assert scene.worker.result is not None
    assert len(scene.worker.result.decisions) < len(list(reviews.moments(
        scene.record, [0])))
    app.close()


def test_an_old_statistics_file_gains_the_reviews_table(tmp_path):
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for sql in stats.MIGRATIONS[0][1]:
        conn.execute(sql)
    conn.execute("INSERT INTO schema_version VALUES (1)")
    conn.close()
    db, message = stats.open_db(path)
    with db:
        assert message is None and db.version() == stats.SCHEMA_VERSION >= 2
        assert db.accuracy_timeline() == []
        assert db.set_review("no such game", 0, 0.5, 3, 0, 1, 10) is False


def test_statistics_show_the_accuracy_of_reviewed_games(tmp_path):
    from game.ui.scenes.statistics import StatisticsScene

    rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    stats.count_game(app.paths.stats_db, rec)
    before = app.stack.push(StatisticsScene(app))
    loaded(app)
    assert before.games == 1 and before.accuracy == []  # no review yet: no progress chart
    app.stack.pop(before)
    scene = _open(app, path)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    shown = StatisticsScene(app)
    app.stack.push(shown)
    loaded(app)
    assert shown.accuracy == [scene.result.accuracy]
    app.close()


def test_the_review_opens_from_the_result_screen_the_replay_and_history(tmp_path):
    from game.ui.scenes.history import HistoryScene
    from tests.ui.test_result_screen import _open as open_result
    from tests.ui.test_result_screen import _record as result_record

    app = make_app(tmp_path / "home", reduced_motion=True)
    result = open_result(app, result_record(3))
    for _ in range(120):
        frames(app, 1)
    button = next(b for b in result.group.buttons if b.action == result.review)
    click(app, button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, ReviewScene)
    assert app.stack.top.path == result.record_path
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    replay = ReplayScene(app, result.record_path)
    app.stack.push(replay)
    frames(app, 2)
    button = next(b for b in replay.group.buttons if b.action == replay.review)
    click(app, button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, ReviewScene) and app.stack.top.seat == replay.seat
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    history = HistoryScene(app)
    app.stack.push(history)
    loaded(app)
    assert history.items
    button = next(b for b in history.group.buttons if b.action == history.review_selected)
    click(app, button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, ReviewScene)
    app.close()


def test_the_ledger_reviews_the_round_just_played(tmp_path):
    from tests.ui.driver import idle
    from tests.ui.table_helpers import dismiss, play_by_keys, start_table

    app = make_app(tmp_path / "home")
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:rules"), ("Yui", "ai:rules")])

    def step() -> None:
        if not dismiss(app) and app.stack.top is table and idle(table) \
                and table.human_to_move():
            play_by_keys(app, table)

    assert run_until(app, lambda: app.stack.top.name == "scoring", 20000, step)
    ledger = app.stack.top
    key(app, pygame.K_v)
    frames(app, 2)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.only_round == 0 and review.path is None
    # the worker, not a count of frames: a frame loop that never sleeps (the tests') can
    # starve the review thread of the GIL for many seconds
    review.worker.join(60)
    assert run_until(app, lambda: review.result is not None, 200)
    assert review.decisions and {d.round for d in review.decisions} == {0}
    assert all(d.seat == 0 for d in review.decisions)
    assert "Show in replay" not in [b.label for b in review.group.buttons]
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is ledger and not ledger.auto
    app.close()


def test_try_it_plays_on_from_the_decision_and_keeps_nothing(tmp_path):
    from game.ui.scenes.table import TableScene
    from tests.ui.driver import idle
    from tests.ui.table_helpers import dismiss, play_by_keys

    rec, path = _record(tmp_path)
    app = make_app(tmp_path / "home")
    scene = _open(app, path)
    d = scene.current
    button = next(b for b in scene.group.buttons if b.action == scene.try_it)
    click(app, button.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.trial
    assert table.cues.title().startswith("Try it · ")  # said in the top bar
    st = table.session.st
    assert st.to_move == d.seat and d.chosen in st.legal_actions()
    from game.engine.cards import parse_card

    deck = [parse_card(c) for c in rec.rounds[d.round]["deck"]]
    assert list(st.history[-1][0]) == deck  # the same cards still to come

    def step() -> None:
        if dismiss(app):
            return
        if app.stack.top.name == "scoring":
            key(app, pygame.K_RETURN)
        elif app.stack.top is table and idle(table) and table.human_to_move():
            play_by_keys(app, table)

    assert run_until(app, lambda: app.stack.top is scene, 20000, step)
    assert not app.paths.autosave.exists()
    assert not any(app.paths.records_dir.iterdir())
    (items, _line), _msg = stats.read(app.paths.stats_db,
                                      lambda db: (db.history(), db.accuracy_timeline()))
    assert items == []
    app.close()

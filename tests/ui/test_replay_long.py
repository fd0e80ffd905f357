"""Issue 43, item 8: a huge valid record (3.99 MB, some 50,000 positions) froze the replay
viewer for seconds of CPU while it opened. Now it opens on its first position at once and
builds the rest in the frames that follow, while the player steps and plays.

The work is counted in positions, not seconds: a short record stands for the huge one by
making the viewer build fewer positions before its first frame (`OPEN_POSITIONS`) and in
each later frame (`BUILD_MOST`), so every frame of the test is a frame of the real case.
The figures of the real case: benchmarks/long_record.py --record hachi."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.engine import record as records
from game.simulate import simulate
from game.ui.scenes import replay
from game.ui.scenes.replay import ReplayScene, build_positions
from tests.ui.driver import frames, key, make_app


@pytest.fixture
def long_record(tmp_path, monkeypatch):  # noqa: ANN201
    """A Hachi game of six rounds (~100 positions) that the viewer treats as a huge one:
    3 positions before the first frame, at most 4 in each frame after."""
    monkeypatch.setattr(replay, "OPEN_POSITIONS", 3, raising=False)
    monkeypatch.setattr(replay, "BUILD_MOST", 4, raising=False)
    rec = simulate("hachi", {"match_end": "rounds", "rounds": 6}, 2, ["random"], 9,
                   names=["You", "Ren"])
    rec.seats[0]["kind"] = "human"
    app = make_app(tmp_path / "home")
    path = app.paths.records_dir / "long.json"
    storage.write_record(path, rec)
    yield app, rec, path
    app.close()


def total_positions(rec: records.Record) -> int:
    return sum(1 + len(r["actions"]) for r in rec.rounds)


def test_it_opens_on_the_first_position_before_the_rest_is_built(long_record):
    app, rec, path = long_record
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.error is None and not app.errors
    assert scene.i == 0 and scene.pos.round == 0 and scene.pos.action == 0
    assert len(scene.positions) < total_positions(rec), "built whole before it was shown"
    assert getattr(scene, "building", False)


def test_stepping_and_playing_work_while_the_rest_is_built(long_record):
    app, rec, path = long_record
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    frames(app, 1)
    truth, _lines, _dealt = build_positions(rec, ["You", "Ren"], {})
    seen = []
    for _ in range(6):
        key(app, pygame.K_RIGHT)
        seen.append(scene.i)
        assert scene.building, "the test must step while the record is being built"
    assert seen == [1, 2, 3, 4, 5, 6]
    built = len(scene.positions)
    key(app, pygame.K_END)  # the end of what is built so far (that frame builds more after)
    assert scene.i == built - 1 and scene.building
    key(app, pygame.K_SPACE)  # play from there: it waits for more, it does not stop
    assert scene.playing
    frames(app, 200)  # the rest is built; playing went on past where the build was
    assert not scene.building and len(scene.positions) == len(truth)
    assert scene.playing and scene.i > built
    for p, want in zip(scene.positions, truth, strict=True):
        assert (p.round, p.action, p.text, p.log_len) == (want.round, want.action,
                                                          want.text, want.log_len)
    assert scene.lines == _lines
    key(app, pygame.K_END)
    assert scene.i == len(truth) - 1 and not scene.playing
    assert scene.pos.state.totals == records.replay(rec).state.totals
    assert not app.errors


def test_the_reviews_position_is_shown_once_it_is_built(long_record):
    app, rec, path = long_record
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    last = len(rec.rounds) - 1
    scene.show(last, 2)  # the review's "Show in replay" of a move near the end
    assert scene.i == 0 and scene.building
    frames(app, 200)
    assert (scene.pos.round, scene.pos.action) == (last, 2)


def test_a_bad_move_met_while_building_is_said_in_words(long_record):
    """A record whose last round holds a move that cannot be played: it opens (its first
    positions are fine), and the build, reaching the move, shows why in words."""
    app, rec, path = long_record
    data = rec.to_json()
    data["rounds"][-1]["actions"][3] = data["rounds"][-1]["actions"][1]  # played twice
    path.write_text(records.from_json(data).dumps(), encoding="utf-8")
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.error is None and scene.building
    frames(app, 200)
    assert scene.error is not None and "cannot be played" in scene.error
    assert not scene.building and not app.errors
    frames(app, 2)  # the error page draws; Escape leaves
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene

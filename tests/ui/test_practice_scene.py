"""The Practice screens, driven by posted pygame events: reached from the title, a drill
answered by a key and by a click, today's position answered by its number key, scores kept."""

from __future__ import annotations

import pygame

from game import practice
from game.ui.scenes.practice import DrillScene, PracticeScene, PuzzleScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until


def test_practice_opens_from_the_title(tmp_path):
    app = make_app(tmp_path)
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    button = next(b for b in app.stack.top.group.buttons if b.label == "Practice")
    click(app, button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, PracticeScene)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert isinstance(app.stack.top, TitleScene)
    app.close()


def test_a_drill_is_answered_by_key_and_by_click_and_scored(tmp_path):
    app = make_app(tmp_path)
    scene = DrillScene(app, seed=3)
    app.stack.push(scene)
    frames(app, 2)
    right = scene.drill.correct
    key(app, getattr(pygame, f"K_{right + 1}"))
    frames(app, 2)
    assert scene.chosen == right
    key(app, pygame.K_2)  # answered: another number changes nothing, opens nothing
    frames(app, 1)
    assert scene.chosen == right and app.stack.top is scene
    scene.next()
    frames(app, 2)
    wrong = (scene.drill.correct + 1) % 4
    click(app, scene.answer_rects[wrong].center)
    frames(app, 2)
    assert scene.chosen == wrong
    progress, _msg = practice.load(app.paths.data_dir)
    assert progress.scores["drill"] == [1, 2]
    app.close()


def test_todays_position_is_answered_once_and_kept(tmp_path):
    app = make_app(tmp_path)
    scene = PuzzleScene(app, "daily")
    app.stack.push(scene)
    assert run_until(app, lambda: scene.puzzle is not None, 20000)
    frames(app, 2)
    hand = [c for _r, c in scene.hand_rects]
    best = scene.puzzle.best.action
    from game.engine.cards import CARD_IDS

    n = hand.index(CARD_IDS[best.args[0]]) + 1
    key(app, getattr(pygame, f"K_{n}"))
    frames(app, 2)
    if scene.picked:  # the card has several targets: its target by number too
        n = scene.targets().index(CARD_IDS[best.args[1]]) + 1
        key(app, getattr(pygame, f"K_{n}"))
        frames(app, 2)
    assert scene.answer == best
    progress, _msg = practice.load(app.paths.data_dir)
    assert progress.scores["daily"] == [1, 1] and list(progress.daily.values()) == ["best"]
    app.close()


def test_scores_that_cannot_be_saved_are_told_once(tmp_path, monkeypatch):
    """Issue 43, item 10: on a full disk an answer's score was dropped without a word. Now
    the drill says so once (as Learn 88 and Settings do), not at every answer, and again
    after a save that worked."""
    import errno

    from game import files

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def told() -> list[str]:
        return [" ".join(s.lines) for s in app.stack.scenes if s.name == "message"]

    app = make_app(tmp_path)
    scene = DrillScene(app, seed=5)
    app.stack.push(scene)
    frames(app, 2)
    monkeypatch.setattr(files, "_write_all", full)
    scene.pick(scene.drill.correct)
    frames(app, 1)
    assert len(told()) == 1 and "practice scores could not be saved" in told()[0]
    assert "full" in told()[0] and "not counted" in told()[0]
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    scene.next()
    scene.pick(0)
    frames(app, 1)
    assert told() == [], "told once"
    monkeypatch.undo()
    scene.next()
    scene.pick(0)  # saved: a later failure is news again
    monkeypatch.setattr(files, "_write_all", full)
    scene.next()
    scene.pick(0)
    frames(app, 1)
    assert len(told()) == 1
    app.close()

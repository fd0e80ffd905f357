"""Practice for a Koi-Koi player, driven by posted pygame events: the Koi-Koi drill and
"Koi-koi or stop?" reached from the Practice menu by keys and by the mouse, answered by a
number key and by a click, their scores kept apart from the 88 drills' in practice.json and
shown on the menu; the decision's choices worded as the table words Koi-Koi's."""

from __future__ import annotations

import pygame
import pytest

from game import practice
from game.engine.actions import SAGE, SHOUBU
from game.ui import theme
from game.ui.scenes import practice as practice_scene
from game.ui.scenes.practice import DrillScene, PracticeScene, PuzzleScene
from tests.ui.driver import click, frames, key, make_app, run_until


@pytest.fixture
def drawn():
    theme.DRAWN = set()
    yield theme.DRAWN
    theme.DRAWN = None


def _button(scene, label: str):  # noqa: ANN001, ANN202
    return next(b for b in scene.group.buttons if b.label == label)


def test_the_koikoi_drill_is_reached_by_keys_and_answered_by_key_and_click(tmp_path, drawn):
    app = make_app(tmp_path)
    menu = PracticeScene(app)
    app.stack.push(menu)
    frames(app, 2)
    target = menu.group.buttons.index(_button(menu, "Koi-Koi drill"))
    for _ in range(target):  # the focus ring walks down the menu to it
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, DrillScene) and scene.ruleset == "koikoi"
    assert scene.drill.ruleset == "koikoi"
    assert any(s.startswith("Koi-Koi: what does this capture pile score?") for s in drawn)
    assert any(" point" in s for s in drawn)  # Koi-Koi's yaku are worth points, not mon
    right = scene.drill.correct
    key(app, getattr(pygame, f"K_{right + 1}"))
    frames(app, 2)
    assert scene.chosen == right
    click(app, _button(scene, "Next").rect.center)  # the next pile
    frames(app, 2)
    assert scene.chosen is None and scene.drill.ruleset == "koikoi"
    wrong = (scene.drill.correct + 1) % 4
    click(app, scene.answer_rects[wrong].center)
    frames(app, 2)
    assert scene.chosen == wrong
    progress, _msg = practice.load(app.paths.data_dir)
    assert progress.scores["koikoi_drill"] == [1, 2]
    assert "drill" not in progress.scores  # the 88 drill's score is its own
    drawn.clear()
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is menu
    assert any("how many points. 1 of 2 right." in s for s in drawn), sorted(drawn)
    app.close()


def test_koikoi_or_stop_is_opened_by_a_click_and_answered_by_key_and_click(
        tmp_path, drawn, monkeypatch):
    seeds = iter([11, 12])
    monkeypatch.setattr(practice_scene.secrets, "randbits", lambda _bits: next(seeds))
    app = make_app(tmp_path)
    menu = PracticeScene(app)
    app.stack.push(menu)
    frames(app, 2)
    click(app, _button(menu, "Koi-koi or stop?").rect.center)
    frames(app, 1)
    scene = app.stack.top
    assert isinstance(scene, PuzzleScene) and scene.kind == "koikoi_stop"
    assert run_until(app, lambda: scene.puzzle is not None, 20000)
    frames(app, 2)
    assert scene.deciding and scene.puzzle.ruleset == "koikoi"
    assert {a.verb for a in scene.decision_choices()} == {SAGE, SHOUBU}
    # the table's words for Koi-Koi's decision, never the 88 family's sage and shoubu
    assert any("Koi-koi — play on for more" in s for s in drawn)
    assert any("Stop — score now" in s for s in drawn)
    assert not any("Shoubu" in s or "Sage" in s for s in drawn)
    assert [a for _r, a in scene.choice_rects] == scene.decision_choices()
    best = scene.puzzle.best.action
    n = scene.decision_choices().index(best) + 1
    key(app, getattr(pygame, f"K_{n}"))
    frames(app, 2)
    assert scene.answer == best
    key(app, pygame.K_1 if n == 2 else pygame.K_2)  # answered: another number does nothing
    assert scene.answer == best
    said = [s for s in drawn if s.startswith("Koi-koi +") or s.startswith("Stop +")]
    assert said, "the values line names the choices as Koi-Koi does"
    assert not any("Shoubu" in s or "Sage" in s for s in drawn)
    click(app, _button(scene, "Next position").rect.center)
    assert run_until(app, lambda: scene.puzzle is not None, 20000)
    frames(app, 2)
    worst = scene.puzzle.choices[-1].action
    rect = next(r for r, a in scene.choice_rects if a == worst)
    click(app, rect.center)
    frames(app, 2)
    assert scene.answer == worst
    progress, _msg = practice.load(app.paths.data_dir)
    assert progress.scores["koikoi_stop"] == [1, 2]
    assert "positions" not in progress.scores
    app.close()


def test_a_koikoi_position_names_the_computer_players_in_its_advice(tmp_path, drawn,
                                                                      monkeypatch):
    """A made-up game's players have no names; the advice under the verdict said "the risk:
    is 2 cards from ..." with the name left out. They are "Player N" there too."""
    # seed 12: koi-koi is best, and the risk it names is the other player's yaku in reach
    monkeypatch.setattr(practice_scene.secrets, "randbits", lambda _bits: 12)
    app = make_app(tmp_path)
    scene = PuzzleScene(app, "koikoi_stop")
    app.stack.push(scene)
    assert run_until(app, lambda: scene.puzzle is not None, 20000)
    frames(app, 2)
    assert scene.puzzle.best.action.verb == SAGE
    scene.submit(scene.puzzle.choices[-1].action)
    frames(app, 2)
    assert scene.seat_names() == ["Player 1", "Player 2"]
    other = scene.seat_names()[1 - scene.puzzle.view.seat]
    assert any(f"the risk: {other} is " in s for s in drawn), sorted(drawn)
    assert not any("risk:  is" in s for s in drawn)
    app.close()

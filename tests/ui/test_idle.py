"""An idle screen is not drawn sixty times a second (issue 23, minor 17): the title floats
its Brights at DRIFT_FPS at most, a dialog is drawn again only when input comes."""

from __future__ import annotations

import pygame

from game.ui.scenes.confirm_quit import ConfirmQuitScene
from game.ui.scenes.title import DRIFT_FPS, TitleScene
from tests.ui.driver import key, make_app


def _drawn_in_one_second(app) -> int:  # noqa: ANN001
    drawn = 0
    for _ in range(60):
        app.step(1 / 60)
        drawn += not app.idle
    return drawn


def test_idle_title_and_dialog_draw_only_on_change(tmp_path):
    app = make_app(tmp_path)
    app.stack.reset(TitleScene(app))
    app.step(1 / 60)
    assert 1 <= _drawn_in_one_second(app) <= DRIFT_FPS + 1
    app.settings.reduced_motion = True  # no float at all: nothing to draw
    app.step(1 / 60)
    assert _drawn_in_one_second(app) == 0
    app.stack.push(ConfirmQuitScene(app))
    app.step(1 / 60)
    assert _drawn_in_one_second(app) == 0
    key(app, pygame.K_LEFT)  # input: the moved focus is drawn at once
    assert not app.idle
    assert _drawn_in_one_second(app) == 0
    app.close()

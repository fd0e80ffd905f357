"""The tour's coach marks never cover what they point at (issue 23, minor 18), at every
window size and UI scale the layout supports."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.tour import TourScene, mark_box, mark_card
from tests.ui.driver import frames, make_app


def test_mark_box_keeps_off_the_target():
    W, H = 1280, 720
    for target in (pygame.Rect(0, 44, 1280, 4), pygame.Rect(180, 560, 820, 160),
                   pygame.Rect(0, 200, 1000, 250), pygame.Rect(880, 270, 70, 110)):
        box = mark_box(target, 440, 200, W, H)
        assert pygame.Rect(0, 0, W, H).contains(box)
        assert not box.colliderect(target)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [100, 150, 200])
def test_every_step_leaves_its_target_visible(tmp_path, size, scale):
    from game.ui.scenes.tour import _begin_tier

    app = make_app(tmp_path, size=size, ui_scale=scale)
    app.apply_access()
    try:
        _begin_tier(app, 1, guided=True)
        tour = app.stack.find(TourScene)
        frames(app, 30)
        for step in range(len(tour.steps())):
            tour.step = step
            app.step(1 / 60)
            target = tour.target()
            box, *_fit = mark_card(target, tour.steps()[step][2], *size)
            assert not box.colliderect(target), (step, target, box)
    finally:
        app.close()

"""Issue 23 (minor 18): the title's five Brights are art: they never carry the index corner
marks (month and kind) that the colour-blind setting adds to the cards in play."""

from __future__ import annotations

import pygame

from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, make_app


def _fan(tmp_path, marks: bool) -> bytes:  # noqa: ANN001
    """The right part of the title, where the Brights are fanned, with the setting."""
    app = make_app(tmp_path / str(marks), (1280, 720), corner_marks=marks,
                   reduced_motion=True)
    app.apply_settings()
    assert app.renderer.marks is marks  # the cards in play carry them or not
    app.stack.push(TitleScene(app))
    frames(app, 2)
    W, H = app.screen.get_size()
    part = app.screen.subsurface(pygame.Rect(W // 2, H // 4, W // 2, H // 2))
    out = pygame.image.tobytes(part, "RGB")
    assert not app.errors
    app.close()
    return out


def test_title_brights_look_the_same_with_corner_marks_on(tmp_path):
    assert _fan(tmp_path, True) == _fan(tmp_path, False)

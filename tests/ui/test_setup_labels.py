"""Issue 12 (clipped labels): every option label of every game fits in setup, down to the
smallest window (pygame_gui warns 'Label Rect is too small' when a label is cut)."""

from __future__ import annotations

import warnings

import pytest

from game.engine import rulesets
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, make_app


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_no_option_label_is_cut(tmp_path, size):
    app = make_app(tmp_path, size)
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    app.stack.top.new_game()
    frames(app, 2)
    setup = app.stack.top
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="Label Rect is too small")
        for name in rulesets.names():
            setup.ruleset = name
            setup.build()
            frames(app, 2)

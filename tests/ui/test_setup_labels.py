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


def test_kind_list_and_face_say_the_same_and_fixed_seats_need_no_range(tmp_path):
    """Issue 23: a face "Intermediate" over a list of "Computer · Expert"; "Seats (2–2)"."""
    from game.ui.scenes.setup import SetupScene
    from game.ui.setup_model import kind_label
    from tests.ui.driver import frames, make_app

    app = make_app(tmp_path)
    scene = SetupScene(app)
    app.stack.reset(scene)
    frames(app, 2)
    values, current = scene.choices[("kind", 1)]
    assert current in values and all("·" not in v for v in values)
    assert kind_label("ai:expectimax") == "Expert"
    scene.ruleset = "hachi"
    scene.build()
    labels = [el.text for el in scene.widgets if hasattr(el, "text")] + [
        getattr(el, "text", "") for el in scene.manager.get_root_container().elements]
    assert "Seats (2–2)" not in labels and "Seats" in labels
    app.close()

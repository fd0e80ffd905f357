"""Option presets: valid for their rulesets, recognised, and chosen from the setup screen."""

from __future__ import annotations

import pygame
import pygame_gui

from game.engine import rulesets
from game.ui.presets import PRESETS, apply_preset, preset_name

from .driver import frames, make_app


def test_every_preset_is_valid_and_recognised():
    assert set(PRESETS) == set(rulesets.names())
    for ruleset, presets in PRESETS.items():
        names = [n for n, _ in presets]
        assert len(names) == len(set(names))
        for name, changes in presets:
            rulesets.get(ruleset, **changes)  # raises on a bad option or value
            assert preset_name(ruleset, changes) == name
    assert preset_name("hachihachi", {}) == "Standard (FudaWiki)"
    assert preset_name("hachihachi", {"kan": 10}) is None  # Custom
    assert preset_name("hachihachi", {"rounds": 6}) == "Standard (FudaWiki)"
    assert apply_preset("hachihachi", "Kansai", {"rounds": 6, "bdb": True}) == {
        "kan": 10, "dropout_fee": "by_seat", "sage_failure": "void", "rounds": 6}


def _preset_dropdown(scene):
    return next(w for w, (kind, _) in scene.widgets.items() if kind == "preset")


def test_choosing_a_preset_in_setup_sets_its_options(tmp_path):
    from game.ui.scenes.setup import SetupScene

    app = make_app(tmp_path)
    app.stack.push(SetupScene(app))
    frames(app, 2)
    scene = app.stack.top
    scene.ruleset = "hachihachi"
    scene.options = {}
    scene.build()
    dd = _preset_dropdown(scene)
    assert dd.selected_option in ("Standard (FudaWiki)", ("Standard (FudaWiki)",
                                                          "Standard (FudaWiki)"))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         {"text": "Kansai", "ui_element": dd}))
    frames(app, 2)
    assert scene.opts() == {"kan": 10, "dropout_fee": "by_seat", "sage_failure": "void"}
    option = next(w for w, (kind, arg) in scene.widgets.items()
                  if kind == "option" and arg == "kan")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         {"text": "12", "ui_element": option}))
    frames(app, 2)
    assert preset_name("hachihachi", scene.opts()) is None
    assert "Custom" in str(_preset_dropdown(scene).selected_option)

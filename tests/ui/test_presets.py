"""Option presets: valid for their rulesets, recognised, and chosen from the setup screen."""

from __future__ import annotations

from game.engine import rulesets
from game.ui.presets import PRESETS, apply_preset, preset_name

from .driver import click, frames, make_app


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


def _choose(app, scene, key: tuple, value: str) -> None:  # noqa: ANN001
    """Open a drop-down with a click and click one of its entries."""
    face = next(w for w, k in scene.widgets.items() if k == key)
    click(app, face.rect.center)
    picker = scene.picker
    assert picker is not None
    r = picker.item_rect(picker.values.index(value))
    click(app, (r.x + 8, r.centery))
    assert scene.picker is None


def test_choosing_a_preset_in_setup_sets_its_options(tmp_path):
    from game.ui.scenes.setup import SetupScene

    app = make_app(tmp_path)
    app.stack.push(SetupScene(app))
    frames(app, 2)
    scene = app.stack.top
    scene.ruleset = "hachihachi"
    scene.options = {}
    scene.build()
    frames(app, 2)
    assert scene.choices[("preset", None)][1] == "Standard (FudaWiki)"
    _choose(app, scene, ("preset", None), "Kansai")
    assert scene.opts() == {"kan": 10, "dropout_fee": "by_seat", "sage_failure": "void"}
    house = next(w for w, k in scene.widgets.items() if k == ("house", None))
    click(app, house.rect.center)  # the options are folded under House rules
    frames(app, 2)
    _choose(app, scene, ("option", "kan"), "12")
    assert preset_name("hachihachi", scene.opts()) is None
    assert scene.choices[("preset", None)][1] == "Custom"

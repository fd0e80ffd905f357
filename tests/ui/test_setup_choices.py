"""Setup asks for counts with choices, never a text box (issue 13): the rounds, the agari
count and the points target are drop-downs of values the engine's option allows; a saved
value outside the list still shows and is kept; greyed with the reason when it does not
apply. Driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UITextEntryLine

from game.engine import rulesets
from game.play.terms import not_applies
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.setup_model import int_choices

from .driver import click, frames, key, make_app
from .table_helpers import open_setup


def _setup(app, ruleset: str, options: dict | None = None, seats: int = 2) -> SetupScene:  # noqa: ANN001
    return open_setup(app, ruleset, options, seats)


def _widget(scene: SetupScene, key_: tuple):  # noqa: ANN202
    return next((el for el, k in scene.widgets.items() if k == key_), None)


def _option(name: str, ruleset: str = "hachi"):  # noqa: ANN202
    return next(o for o in rulesets.ruleset_class(ruleset).OPTIONS if o.name == name)


def _pick(app, scene: SetupScene, key_: tuple, value: str) -> None:  # noqa: ANN001
    """Open a drop-down by a click and click one of its values."""
    click(app, _widget(scene, key_).rect.center)
    frames(app, 2)
    picker = scene.picker
    assert picker is not None, f"{key_} did not open a list"
    i = picker.values.index(value)
    for _ in range(len(picker.values)):  # a long list scrolls its value into view
        if picker.item_rect(i) is not None:
            break
        key(app, pygame.K_DOWN)
    click(app, picker.item_rect(i).center)
    frames(app, 2)


@pytest.mark.parametrize("name", [r for r in rulesets.names()])
def test_no_option_is_a_text_box(tmp_path, name):
    app = make_app(tmp_path)
    cls = rulesets.ruleset_class(name)
    scene = _setup(app, name, seats=cls.min_seats if hasattr(cls, "min_seats") else 3)
    options = {k[1]: el for el, k in scene.widgets.items() if k[0] == "option"}
    assert set(options) == {o.name for o in cls.OPTIONS}
    for opt_name, el in options.items():
        assert isinstance(el, UIButton), f"{name}.{opt_name} is typed"
        assert not isinstance(el, UITextEntryLine)
    app.close()


def test_the_values_offered_are_inside_the_engine_limits():
    agari = _option("agari_count")
    assert int_choices(agari, agari.default) == list(range(agari.minimum, agari.maximum + 1))
    target = _option("target_points")
    offered = int_choices(target, target.default)
    assert target.default in offered and len(offered) >= 4
    for v in offered:
        assert target.check(v) == v  # every offer is a value the engine accepts
    assert 137 in int_choices(target, 137)  # a saved odd value stays in the list
    rounds = _option("rounds")
    assert all(rounds.check(v) == v for v in int_choices(rounds, 12))


def test_points_target_is_chosen_from_a_list_and_greyed_when_it_does_not_apply(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachi", {"match_end": "points"})
    target = _widget(scene, ("option", "target_points"))
    assert isinstance(target, UIButton) and target.is_enabled
    assert scene.choices[("option", "target_points")][1] == "100"
    _pick(app, scene, ("option", "target_points"), "300")
    assert scene.opts()["target_points"] == 300
    assert scene.choices[("option", "target_points")][1] == "300"
    # the agari count does nothing on a points match: greyed with the engine's reason
    agari = _widget(scene, ("option", "agari_count"))
    assert not agari.is_enabled
    texts = " ".join(getattr(s, "text", "") or "" for s in
                     scene.manager.get_sprite_group().sprites())
    assert not_applies("match_end_agari") in texts
    # on an agari match it applies: ←/→ step through 1..12
    _pick(app, scene, ("option", "match_end"), "Agari")
    agari = _widget(scene, ("option", "agari_count"))
    assert agari.is_enabled
    assert not _widget(scene, ("option", "target_points")).is_enabled
    scene.focus_key, scene.show_focus = ("option", "agari_count"), True
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.opts()["agari_count"] == 3
    app.close()


def test_a_saved_value_outside_the_list_shows_and_is_kept(tmp_path):
    app = make_app(tmp_path)
    app.settings.last_setup = {"ruleset": "hachi",
                               "options": {"hachi": {"match_end": "points",
                                                     "target_points": 137}},
                               "seats": [{"name": "Ana", "kind": "human"},
                                         {"name": "Ren", "kind": "ai:random"}]}
    app.stack.push(SetupScene(app))
    frames(app, 2)
    scene = app.stack.top
    values, current = scene.choices[("option", "target_points")]
    assert current == "137" and "137" in values
    assert _widget(scene, ("option", "target_points")).text == "137"
    click(app, scene.start_button.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.rs.options["target_points"] == 137
    app.close()

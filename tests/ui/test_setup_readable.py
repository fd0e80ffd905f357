"""Readable setup (issue 13): each value explained, options that do nothing greyed with the
engine's reason and locked, house rules folded under a toggle, rounds chosen from a list.
Driven by real pygame events."""

from __future__ import annotations

import pygame

from game.engine import rulesets
from game.play.terms import not_applies, value_explained
from game.ui.scenes.setup import SetupScene

from .driver import click, frames, key, make_app
from .table_helpers import open_setup


def _setup(app, ruleset: str, options: dict | None = None, seats: int = 3) -> SetupScene:  # noqa: ANN001
    return open_setup(app, ruleset, options, seats, house_open=False)


def _widget(scene: SetupScene, key_: tuple):  # noqa: ANN202
    return next((el for el, k in scene.widgets.items() if k == key_), None)


def _texts(scene: SetupScene) -> list[str]:
    return [getattr(s, "text", "") for s in scene.manager.get_sprite_group().sprites()]


def _shown(scene: SetupScene, words: str) -> bool:
    """The words are on screen (wrapped labels joined)."""
    return words in " ".join(t for t in _texts(scene) if t)


def _tab_to(app, scene: SetupScene, target: tuple, limit: int = 80) -> bool:  # noqa: ANN001
    for _ in range(limit):
        if scene.focus_key == target and scene.show_focus:
            return True
        key(app, pygame.K_TAB)
    return False


def test_engine_says_what_applies():
    hachi = rulesets.ruleset_class("hachi")
    assert hachi.option_applies("rounds", {"match_end": "agari"}, 2) == "match_end_rounds"
    assert hachi.option_applies("rounds", {"match_end": "rounds"}, 2) is None
    assert hachi.option_applies("target_points", {"match_end": "rounds"}, 2) == \
        "match_end_points"
    assert hachi.option_applies("agari_count", {"match_end": "agari"}, 2) is None
    hh = rulesets.ruleset_class("hachihachi")
    assert hh.option_applies("dropout_fee", {}, 3) == "no_dropouts"
    assert hh.option_applies("dropout_fee", {}, 4) is None
    assert rulesets.ruleset_class("curriculum").option_applies("rounds", {}, 3) is None


def test_an_option_that_does_nothing_is_greyed_with_its_reason_and_locked(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachi", seats=2)  # ends on agari: rounds and points do nothing
    rounds = _widget(scene, ("option", "rounds"))
    assert not rounds.is_enabled
    assert _shown(scene, not_applies("match_end_rounds"))
    click(app, rounds.rect.center)
    frames(app, 2)
    assert scene.picker is None and "rounds" not in scene.opts()
    # Tab passes it by; ←/→ on it (were it focused) change nothing
    assert not _tab_to(app, scene, ("option", "rounds"), 40)
    scene.focus_key = ("option", "rounds")
    key(app, pygame.K_RIGHT)
    assert "rounds" not in scene.opts()
    # the match ending after the rounds: rounds applies, the agari count is greyed instead
    click(app, _widget(scene, ("option", "match_end")).rect.center)
    picker = scene.picker
    assert picker is not None
    r = picker.item_rect(picker.values.index("After the rounds"))
    click(app, r.center)
    frames(app, 2)
    assert scene.opts()["match_end"] == "rounds"
    assert _widget(scene, ("option", "rounds")).is_enabled
    assert not _widget(scene, ("option", "agari_count")).is_enabled
    assert _shown(scene, not_applies("match_end_agari"))
    assert _shown(scene, value_explained("match_end", "rounds"))


def test_dropout_options_apply_only_with_spare_seats(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi", seats=3)
    click(app, _widget(scene, ("house", None)).rect.center)
    frames(app, 2)
    assert not _widget(scene, ("option", "dropout_fee")).is_enabled
    assert _shown(scene, not_applies("no_dropouts"))
    assert _widget(scene, ("option", "kan")).is_enabled
    scene.focus_key = ("count", None)
    scene.show_focus = True
    key(app, pygame.K_RIGHT)  # four seats: one sits out each round
    assert len(scene.seats) == 4
    assert _widget(scene, ("option", "dropout_fee")).is_enabled
    assert not _shown(scene, not_applies("no_dropouts"))


def test_house_rules_fold_and_unfold_by_mouse_and_key(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    assert _widget(scene, ("option", "kan")) is None  # folded: presets and rounds first
    assert _widget(scene, ("option", "rounds")) is not None
    click(app, _widget(scene, ("house", None)).rect.center)
    frames(app, 2)
    assert scene.house_open and _widget(scene, ("option", "kan")) is not None
    assert _shown(scene, value_explained("kan", 12))  # the chosen value's line
    assert _tab_to(app, scene, ("house", None))
    key(app, pygame.K_RETURN)
    assert not scene.house_open and _widget(scene, ("option", "kan")) is None
    key(app, pygame.K_SPACE)
    assert scene.house_open
    scene.remember()
    assert app.settings.last_setup["house_rules"] is True


def test_rounds_are_chosen_from_a_list(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    rounds = _widget(scene, ("option", "rounds"))
    click(app, rounds.rect.center)
    picker = scene.picker
    assert picker is not None
    assert picker.values == ["1", "3", "6", "12", "24", "48"]
    click(app, picker.item_rect(picker.values.index("3")).center)
    frames(app, 2)
    assert scene.opts()["rounds"] == 3
    assert _shown(scene, value_explained("rounds", 3))
    assert scene.configured().options["rounds"] == 3

"""Issue 45 item 5: the computer levels are described as a player would (how each plays, how
hard it is to beat), not as "the rule-based player", "greedy" or "Random"; the measured
figures are one key (F2) or one click (the notes' link) away; the ids stay the same."""

from __future__ import annotations

import re

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

import ai
from ai import ladder
from game.ui.scenes.setup import SetupScene
from game.ui.setup_columns import STRENGTH_LINK
from game.ui.setup_model import LEVEL_WORDS, SetupModel
from tests.ui.driver import frames, key, make_app

JARGON = re.compile(r"rule-based|greedy|random|baseline|expectimax|monte carlo", re.I)


def _entry(game: str = "hachi") -> dict:
    ruleset, options, seats = ladder.GAMES[game]
    return {"game": game, "ruleset": ruleset, "options": options, "seats": seats,
            "test": "rules", "against": "casual", "deal_sets": 300, "rounds": 600,
            "mean_points": 3.0, "mean_points_ci": [-2.0, 8.0], "win_share": 0.55,
            "win_share_ci": [0.52, 0.58], "seed": 1, "command": "x", "date": "2026-01-01"}


def test_every_level_has_player_words_and_keeps_its_id():
    assert [agent for _l, agent, _d in ai.LEVELS] == ["casual", "rules", "expectimax", "master"]
    m = SetupModel(ruleset="hachi", seats=[{"name": "A", "kind": "human"}] * 2)
    for (_level, agent, _d), note in zip(ai.LEVELS, m.level_notes(), strict=True):
        assert note.description == LEVEL_WORDS[agent]
        assert not JARGON.search(note.description), note.description


def _notes_html(scene: SetupScene) -> str:
    boxes = [el for el in scene.manager.get_root_container().elements
             if isinstance(el, UITextBox)]
    return " ".join(b.html_text for b in boxes)


def test_the_figures_are_one_key_or_one_click_away(tmp_path):
    app = make_app(tmp_path)
    try:
        app.stack.push(SetupScene(app))
        frames(app, 2)
        scene = app.stack.top
        scene.model.ruleset, scene.model.ladder = "hachi", [_entry()]
        scene.model.seats = [{"name": "You", "kind": "human"}, {"name": "Ren", "kind": "ai:rules"}]
        scene.build()
        frames(app, 1)
        html = _notes_html(scene)
        assert "wins 55% of rounds" not in html  # words first
        assert f"href='{STRENGTH_LINK}'" in html
        key(app, pygame.K_F2)
        assert "wins 55% of rounds" in _notes_html(app.stack.top)
        key(app, pygame.K_F2)
        assert "wins 55% of rounds" not in _notes_html(app.stack.top)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
                                             link_target=STRENGTH_LINK, ui_element=None))
        frames(app, 1)
        assert "wins 55% of rounds" in _notes_html(app.stack.top)
    finally:
        app.close()

"""The advisor can be found (issue 23, major 3), driven by real events: the guided game and
Learn tiers 1–3 have it on for that game without touching the player's setting; H with hints
off says how to turn them on; the Hint button is in sight whenever the advisor is on; the
hint bubble never covers the viewer's captures (minor 18)."""

from __future__ import annotations

import random

import pygame

from game import settings as settings_mod
from game.ui.scenes import table_hints
from game.ui.scenes.table import TableScene
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _reach_turn(app, table: TableScene) -> None:  # noqa: ANN001
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)


def _advice_by_key(app, table: TableScene):  # noqa: ANN001, ANN202
    key(app, pygame.K_h)
    view = table.session.view(table.viewer)
    adv = table.hints.advisor
    assert adv is not None, "H did nothing"
    assert run_until(app, lambda: adv.current(view) is not None, 3000)
    return adv.current(view)


def test_learn_tier_two_has_the_advisor_with_hints_off_and_the_setting_stays(tmp_path):
    from game.ui.scenes.tour import start_tier

    app = make_app(tmp_path, hints="off")
    settings_mod.save(app.paths, app.settings)
    random.seed(4)
    start_tier(app, 2)
    table = app.stack.find(TableScene)
    _reach_turn(app, table)
    assert "hint" in table.hints.buttons  # the Hint button is in sight
    told = table.hints.current_note() or ""
    assert "on for this lesson" in told  # the player is told why, and that it is this game
    s = _advice_by_key(app, table)
    assert s.action in table.session.view(table.viewer).legal
    assert app.settings.hints == "off"  # the player's own setting is not rewritten
    assert settings_mod.load(app.paths)[0].hints == "off"
    app.close()


def test_guided_game_hint_works_after_the_tour(tmp_path):
    from game.ui.scenes.tour import start_tier

    app = make_app(tmp_path, hints="off")
    random.seed(2)
    start_tier(app, 1, guided=True)
    table = app.stack.find(TableScene)
    frames(app, 2)
    assert app.stack.top.name == "tour"
    key(app, pygame.K_ESCAPE)  # skip the coach marks
    _reach_turn(app, table)
    click(app, table.hints.buttons["hint"].center)  # the visible button does what H does
    view = table.session.view(table.viewer)
    assert run_until(app, lambda: table.hints.advisor.current(view) is not None, 3000)
    assert app.settings.hints == "off"
    app.close()


def test_tier_four_follows_the_setting_and_h_says_how_to_turn_hints_on(tmp_path):
    from game.ui.scenes.tour import start_tier

    app = make_app(tmp_path, hints="off")
    random.seed(3)
    start_tier(app, 4)
    table = app.stack.find(TableScene)
    _reach_turn(app, table)
    assert "hint" not in table.hints.buttons
    key(app, pygame.K_h)
    frames(app, 2)
    told = table.hints.current_note()
    assert told is not None and "Settings" in told and "+ advisor" in told
    assert table.hints.advisor is None and table.session.hint_count == 0
    drawn = pygame.Surface(app.screen.get_size())
    table.draw(drawn)  # the note is drawn where the hint bubble goes
    app.close()


def test_h_with_hints_off_in_an_ordinary_game_says_how(tmp_path):
    app = make_app(tmp_path, hints="watch")
    table = start_table(app, SEATS, seed=5)
    _reach_turn(app, table)
    key(app, pygame.K_h)
    frames(app, 1)
    assert "+ advisor" in (table.hints.current_note() or "")
    app.close()


def test_the_hint_button_stays_while_others_play_and_h_then_explains(tmp_path):
    app = make_app(tmp_path, hints="advisor", ai_pace="relaxed")
    table = start_table(app, SEATS, seed=5)
    _reach_turn(app, table)
    play_by_keys(app, table)
    assert run_until(app, lambda: table.session.next_step() == "ai" and not
                     table.human_to_move(), 2000)
    frames(app, 1)
    assert "hint" in table.hints.buttons
    key(app, pygame.K_h)
    assert "your own turn" in (table.hints.current_note() or "")
    app.close()


def test_the_hint_bubble_never_covers_the_own_captures(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = start_table(app, SEATS, seed=5)
    for _ in range(6):  # play until the viewer has captured something
        _reach_turn(app, table)
        if table.tv.model.captured[table.viewer]:
            break
        play_by_keys(app, table)
        if table.input.candidates():
            key(app, pygame.K_1)
    _reach_turn(app, table)
    mine = table.tv.model.captured[table.viewer]
    assert mine
    _advice_by_key(app, table)
    frames(app, 1)
    L, _seat = table.current_layout()
    size = table_hints.theme.size_of("small", L.window.h)
    lines = table_hints.suggestion_text(table.hints.current())
    bubble = table.hints.bubble_rect(L, lines, size)
    assert L.window.contains(bubble)
    for c in mine:
        assert not bubble.colliderect(table.tv.card_rects[c]), c
    for c in table.input.hand_cards():
        assert not bubble.colliderect(table.tv.card_rects[c]), c
    app.close()

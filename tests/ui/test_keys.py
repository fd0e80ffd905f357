"""Stale keyboard focus never plays a card (issue 11, defect 3): focus resets after every
play and after a click, so the first number key of a turn only focuses."""

from __future__ import annotations

import pygame

from tests.ui.driver import click, frames, key, make_app
from tests.ui.table_helpers import free_card, start_table, turn_with_free_card

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _hand(table) -> int:  # noqa: ANN001
    return len(table.input.hand_cards())


def _next_turn(app, table) -> None:  # noqa: ANN001
    assert turn_with_free_card(app, table)


def test_first_number_of_a_turn_only_focuses(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=4)
    _next_turn(app, table)
    n = free_card(table)
    size = _hand(table)
    key(app, pygame.K_0 + n)  # focus
    assert _hand(table) == size
    key(app, pygame.K_0 + n)  # the same number again: play
    frames(app, 2)
    assert _hand(table) == size - 1
    _next_turn(app, table)
    size = _hand(table)
    n = free_card(table)
    key(app, pygame.K_0 + n)  # a new turn: only focuses, whatever sits there now
    frames(app, 2)
    assert _hand(table) == size
    focused = table.input.hand_cards()[table.input.focus_i]
    assert table.input.show_focus and table.input.hand_numbers()[focused] == n  # numbered n
    key(app, pygame.K_0 + n)
    frames(app, 2)
    assert _hand(table) == size - 1
    assert not app.errors
    app.close()


def test_a_number_after_a_click_only_focuses(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=4)
    _next_turn(app, table)
    n = free_card(table)
    size = _hand(table)
    card = next(c for c, k in table.input.hand_numbers().items() if k == n)
    r = table.tv.card_rects[card]
    click(app, (r.x + 4, r.centery))  # the mouse plays a card
    assert _hand(table) == size - 1
    _next_turn(app, table)
    size = _hand(table)
    key(app, pygame.K_0 + free_card(table))
    frames(app, 2)
    assert _hand(table) == size
    assert not app.errors
    app.close()


def test_enter_first_shows_the_card_it_would_play(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=4)
    _next_turn(app, table)
    size = _hand(table)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert _hand(table) == size and table.input.show_focus and table.input.focus_i == 0
    assert not app.errors
    app.close()

"""Issue 23 (minor 1): while the keyboard is in use the hand cards carry their number keys,
and a number stays on its card when a play closes the hand up: the key drawn on a card is
the key that plays it, whatever left the hand before it."""

from __future__ import annotations

import pygame

from game.ui import theme
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, free_card, my_turn, start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _drawn_numbers(app, table) -> dict[str, int]:  # noqa: ANN001
    """Draw one frame; the number drawn on each hand card (by where it was drawn)."""
    seen: list[tuple[str, tuple[int, int]]] = []
    real = theme.blit_text

    def spy(surface, s, size, pos, color=None, bold=False, anchor="topleft"):  # noqa: ANN001, ANN202
        if s.isdigit() and anchor == "center":
            seen.append((s, pos))
        return real(surface, s, size, pos, color, bold, anchor)

    theme.blit_text = spy
    try:
        table.draw(app.screen)
    finally:
        theme.blit_text = real
    out = {}
    for card in table.input.hand_cards():
        r = table.tv.card_rects.get(card)
        hits = [int(s) for s, pos in seen if r is not None and r.collidepoint(pos)]
        if hits:
            out[card] = hits[-1]
    return out


def _turn(app, table) -> None:  # noqa: ANN001
    assert run_until(app, lambda: my_turn(app, table), 4000, lambda: dismiss(app))
    frames(app, 2)


def test_numbers_show_with_the_keyboard_and_stay_on_their_cards(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    table = start_table(app, SEATS, seed=4)
    _turn(app, table)
    assert _drawn_numbers(app, table) == {}  # no key pressed yet: no numbers
    key(app, pygame.K_RIGHT)  # the keyboard is in use
    hand = table.input.hand_cards()
    shown = _drawn_numbers(app, table)
    assert shown == {c: i + 1 for i, c in enumerate(hand)}  # every card, left to right
    # play a card from the middle of the hand (one that takes nothing: no question)
    n = free_card(table)
    assert n is not None
    if n == len(hand):  # the last card leaves no gap: take another round of the test
        key(app, pygame.K_0 + n)
        key(app, pygame.K_0 + n)
        _turn(app, table)
        hand = table.input.hand_cards()
        shown = _drawn_numbers(app, table)
        n = free_card(table)
    played = next(c for c, k in shown.items() if k == n)
    key(app, pygame.K_0 + n)
    key(app, pygame.K_0 + n)
    assert played not in table.input.hand_cards()
    _turn(app, table)
    after = _drawn_numbers(app, table)
    kept = {c: k for c, k in shown.items() if c in table.input.hand_cards()}
    assert after == kept  # the cards right of the gap kept their numbers
    assert n not in after.values()
    # and the key drawn on the last card focuses that card, then plays it
    last = table.input.hand_cards()[-1]
    size = len(table.input.hand_cards())
    key(app, pygame.K_0 + after[last])
    assert table.input.hand_cards()[table.input.focus_i] == last
    if table.input.plays().get(last) == []:  # it takes nothing: the second press plays it
        key(app, pygame.K_0 + after[last])
        frames(app, 2)
        assert last not in table.input.hand_cards() and len(table.input.hand_cards()) == size - 1
    assert not app.errors
    app.close()


def test_a_click_hides_the_numbers(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    table = start_table(app, SEATS, seed=4)
    _turn(app, table)
    key(app, pygame.K_LEFT)
    assert _drawn_numbers(app, table)
    n = free_card(table)
    card = next(c for c, k in table.input.hand_numbers().items() if k == n)
    r = table.tv.card_rects[card]
    click(app, (r.x + 4, r.bottom - 6))  # the mouse plays a card
    _turn(app, table)
    assert _drawn_numbers(app, table) == {}
    app.close()

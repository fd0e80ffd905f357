"""Issue 23 (minor 18): Quit opened from the pause menu dims the table once, so its card
backs keep their art (the pause's dim and the dialog's, one over the other, made them flat
dark blocks)."""

from __future__ import annotations

import pygame

from game.ui.layout import height_of
from game.ui.model import opponent_parts
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _light(app, rect: pygame.Rect) -> float:  # noqa: ANN001
    """Mean brightness of the screen inside `rect`."""
    total, n = 0, 0
    for x in range(rect.x, rect.right, 3):
        for y in range(rect.y, rect.bottom, 3):
            r, g, b, *_ = app.screen.get_at((x, y))
            total += r + g + b
            n += 1
    return total / (3 * n)


def test_quit_over_pause_dims_the_table_once(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    table = start_table(app, SEATS, seed=7)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    L, _seat = table.current_layout()
    _row, fan, _caps = opponent_parts(L.opponents[1], L, 0)  # Ren's backs, above both boxes
    backs = pygame.Rect(fan.x, fan.y, fan.w, height_of(L.back_w))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "pause"
    frames(app, 1)
    paused = _light(app, backs)
    quit_button = next(b for b in app.stack.top.group.buttons if b.style == "danger")
    click(app, quit_button.rect.center)
    assert app.stack.top.name == "confirm_quit"
    frames(app, 1)
    assert _light(app, backs) >= 0.9 * paused  # one dim, as under the pause alone
    key(app, pygame.K_ESCAPE)  # Stay: back to the pause, drawn again
    frames(app, 1)
    assert app.stack.top.name == "pause"
    assert not app.errors
    app.close()

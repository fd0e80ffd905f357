"""Issue 23 (minor 18): a capture row's count changes when the captured card lands there,
not when the capture starts (the count ran ahead of the flying cards)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.model import own_caps_rect
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table


def _drawn_counts(app, table) -> int:  # noqa: ANN001
    """Draw one frame and add up the counts drawn in the own capture row's labels."""
    L, _seat = table.current_layout()
    row = own_caps_rect(L)
    seen: list[int] = []
    real = theme.blit_text

    def spy(surface, s, size, pos, color=None, bold=False, anchor="topleft"):  # noqa: ANN001, ANN202
        if bold and s.isdigit() and row.collidepoint(pos):
            seen.append(int(s))
        return real(surface, s, size, pos, color, bold, anchor)

    theme.blit_text = spy
    try:
        table.draw(app.screen)
    finally:
        theme.blit_text = real
    return sum(seen)


def _capturing_card(table) -> int | None:  # noqa: ANN001
    """The number key of a hand card that takes exactly one field card."""
    plays = table.input.plays()
    for c, n in table.input.hand_numbers().items():
        if len(plays.get(c, [])) == 1:
            return n
    return None


def test_the_count_changes_when_the_card_lands(tmp_path):
    app = make_app(tmp_path, (1280, 720), anim_speed="normal")
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")],
                        seed=11)
    me = table.viewer
    for _ in range(12):  # play on until a turn offers a card that captures
        assert run_until(app, lambda: my_turn(app, table), 4000, lambda: dismiss(app))
        n = _capturing_card(table)
        if n is not None:
            break
        first = min(table.input.hand_numbers().values())
        key(app, pygame.K_0 + first)
        key(app, pygame.K_0 + first)
    assert n is not None
    before = len(table.tv.model.captured[me])
    assert _drawn_counts(app, table) == before
    key(app, pygame.K_0 + n)
    key(app, pygame.K_0 + n)
    # frame by frame until the capture has started and its cards are still in the air
    flying = run_until(app, lambda: len(table.tv.model.captured[me]) > before
                       and table.tv.anim.running, 600)
    assert flying
    in_air = [c for c in table.tv.model.captured[me] if not table.tv.anim.arrived(c)]
    assert in_air, "the captured cards should still be flying"
    assert _drawn_counts(app, table) == len(table.tv.model.captured[me]) - len(in_air)
    table.skip()
    frames(app, 1)
    assert _drawn_counts(app, table) == len(table.tv.model.captured[me]) > before
    assert not app.errors
    app.close()

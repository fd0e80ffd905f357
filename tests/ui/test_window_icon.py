"""The game window gets the program's icon before it opens (art/icon.py, game/app.py)."""

from __future__ import annotations

import pygame

from tests.ui.driver import make_app


def test_the_window_is_given_the_256_px_icon_before_it_opens(tmp_path, monkeypatch):
    calls: list[tuple[str, object]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode

    def spy_icon(surface):  # noqa: ANN001, ANN202
        calls.append(("icon", surface.get_size()))
        return set_icon(surface)

    def spy_mode(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(("mode", None))
        return set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_icon", spy_icon)
    monkeypatch.setattr(pygame.display, "set_mode", spy_mode)
    make_app(tmp_path)
    assert calls[:2] == [("icon", (256, 256)), ("mode", None)]

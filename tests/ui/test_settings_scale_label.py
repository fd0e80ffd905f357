"""Issue 23 (major 5): the Settings screen reads the UI size in use after Ctrl+= / Ctrl+−
pressed while it is open (it kept drawing "UI size: 100 %")."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.scenes.settings_menu import SettingsScene
from tests.ui.driver import frames, key, make_app


@pytest.fixture(autouse=True)
def _scale_back():
    yield
    theme.DRAWN = None
    theme.set_ui_scale(100)


def _drawn_size_row(app) -> list[str]:  # noqa: ANN001
    """The UI-size texts drawn in the next frame."""
    theme.DRAWN = set()
    try:
        frames(app, 1)
        return sorted(s for s in theme.DRAWN if s.startswith("UI size:"))
    finally:
        theme.DRAWN = None


def test_settings_reads_the_size_after_ctrl_plus_and_minus(tmp_path):
    app = make_app(tmp_path, (1280, 720), ui_scale=100)
    app.apply_settings()
    app.stack.push(SettingsScene(app, "access"))  # the page with the size row
    frames(app, 2)
    assert any("100 %" in s for s in _drawn_size_row(app))
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert theme.ui_scale() == 120
    rows = _drawn_size_row(app)
    assert rows and all("120 %" in s for s in rows), rows
    key(app, pygame.K_MINUS, pygame.KMOD_LCTRL)
    rows = _drawn_size_row(app)
    assert rows and all("110 %" in s for s in rows), rows
    assert not app.errors
    app.close()

"""Our buttons live in their own module, game.ui.buttons (issue 25, item 4), and still follow
the chrome's palette live; theme keeps the old names for one release only."""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import buttons, theme  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_theme_still_answers_for_the_moved_buttons():
    """A branch written before the move (`from game.ui.theme import Button`) still runs."""
    from game.ui.theme import Button, ButtonGroup

    assert Button is buttons.Button and ButtonGroup is buttons.ButtonGroup
    with pytest.raises(AttributeError):
        theme.NoSuchWidget  # noqa: B018 - the shim answers only for the two moved names


def test_no_module_of_ours_takes_the_buttons_from_theme():
    """Every import names game.ui.buttons; theme's forwarding is only for unmerged work."""
    found = []
    for path in [*(ROOT / "game").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "game.ui.theme" and any(
                    a.name in ("Button", "ButtonGroup") for a in node.names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif (isinstance(node, ast.Attribute) and node.attr in ("Button", "ButtonGroup")
                  and isinstance(node.value, ast.Name) and node.value.id == "theme"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == [] or all("test_buttons.py" in f for f in found), found


@pytest.mark.parametrize("high", [False, True])
def test_a_primary_button_is_filled_with_the_palette_in_use(high):
    """Colours are read from theme when drawn: the high-contrast switch reaches the buttons
    that moved out of it (a `from theme import GOLD` copy would keep the old gold)."""
    pygame.init()
    theme.set_high_contrast(high)
    try:
        surface = pygame.Surface((200, 80))
        b = buttons.Button("", lambda: None, "primary", rect=pygame.Rect(10, 10, 180, 60))
        b.draw(surface, 16)
        assert surface.get_at((100, 40))[:3] == theme.GOLD
    finally:
        theme.set_high_contrast(False)
    assert theme.GOLD != (0xFF, 0xCC, 0x4D)  # back to the standard gold

"""Keys lines keep each key with its meaning (issue 45, item 9): a page's line shrinks a
little before it is cut, and the New game footer breaks only between keys."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import _
from game.ui import theme
from game.ui.scenes import page
from game.ui.scenes.setup import SetupScene
from tests.ui.driver import frames, make_app

WORDS = "↑/↓ choose · Enter open · Del delete · Tab the buttons · Esc back"


def _drawn(monkeypatch: pytest.MonkeyPatch, width: int, size: int = 20) -> tuple[str, int]:
    seen: list[tuple[str, int]] = []
    monkeypatch.setattr(theme, "blit_text",
                        lambda s, text, sz, *a, **k: seen.append((text, sz)))
    page.keys_line(pygame.Surface((10, 10)), WORDS, size, (0, 0), width)
    assert len(seen) == 1
    return seen[0]


def test_a_keys_line_that_nearly_fits_shrinks_a_little_and_stays_whole(monkeypatch) -> None:
    width = theme.text_width(WORDS, 18) + 1  # fits at 18, not at 20
    text, size = _drawn(monkeypatch, width)
    assert text == WORDS and 16 <= size <= 18


def test_a_keys_line_far_too_long_keeps_its_size_and_is_cut(monkeypatch) -> None:
    text, size = _drawn(monkeypatch, theme.text_width(WORDS, 20) // 2)
    assert size >= 16 and text != WORDS and text.endswith("…")


@pytest.mark.parametrize("scale", [150, 200])
def test_the_new_game_footer_breaks_only_between_keys(tmp_path, scale: int) -> None:
    app = make_app(tmp_path, size=(1024, 640), ui_scale=scale, language="ja")
    scene = SetupScene(app)
    app.stack.reset(scene)
    frames(app, 2)
    text = _("Tab or ↑/↓ move · ←/→ change · Enter or Space open or press "
             "(on Start game: start) · Esc back")
    keys = {k.strip() for k in text.split(theme.KEYS_SEP)}
    size = theme.size_of("small", 640)
    _s, lines = scene.footer_fit(size)
    assert 1 <= len(lines) <= 2
    for line in lines:  # each line is whole keys: no key parted from its meaning
        assert {k.strip() for k in line.split(theme.KEYS_SEP)} <= keys, line
    app.close()

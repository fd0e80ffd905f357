"""Issue 23 (minor 18): the replay's own capture row reads "48 / 88 pts" on one line (it
wrapped in two), in every language and at 100 to 200 %."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n, storage
from game.ui import theme
from game.ui.scenes.replay import ReplayScene
from tests.ui.driver import frames, key, make_app
from tests.ui.test_replay import finished_record


@pytest.fixture(autouse=True)
def _back():
    yield
    theme.DRAWN = None
    theme.set_ui_scale(100)
    i18n.set_language("en")


ONE_LINE = {"en": r"^\d+ / 88 pts$", "fr": r"^\d+ / 88 pts$", "ja": r"^\d+ / 88点$",
            "uk": r"^\d+ / 88 оч\.$"}


@pytest.mark.parametrize("lang", sorted(ONE_LINE))
@pytest.mark.parametrize("size,scale", [((1280, 720), 100), ((1280, 720), 200),
                                        ((1920, 1080), 150)])
def test_points_against_the_par_on_one_line(tmp_path, lang, size, scale):
    app = make_app(tmp_path, size, language=lang, ui_scale=scale)
    app.apply_settings()
    rec = finished_record()
    path = app.paths.records_dir / "20260101-120000-hachihachi.json"
    storage.write_record(path, rec)
    app.stack.push(ReplayScene(app, path))
    frames(app, 2)
    for _ in range(12):  # some cards captured
        key(app, pygame.K_RIGHT)
    theme.DRAWN = set()
    frames(app, 1)
    drawn, theme.DRAWN = theme.DRAWN, None
    assert any(re.match(ONE_LINE[lang], s) for s in drawn), sorted(drawn)[:40]
    assert not app.errors
    app.close()

"""Issue 23 (major 5): the teyaku reveal's text grows with the UI size like the table's
(it dropped to 13 px at 200 %, smaller than at 100 %)."""

from __future__ import annotations

import pytest

from game.ui import theme
from game.ui.scenes.teyaku import TeyakuScene
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


@pytest.fixture(autouse=True)
def _scale_back():
    yield
    theme.set_ui_scale(100)


def _reveal_text_size(tmp_path, size: tuple[int, int], scale: int) -> tuple[int, int]:
    """(text size of the reveal's holders, the table's small size) at this UI scale."""
    app = make_app(tmp_path / str(scale), size, ui_scale=scale)
    app.apply_settings()
    table = start_table(app, SEATS, seed=7)  # Ana and Yui hold teyaku in round 1

    def each() -> None:
        top = app.stack.top
        if top is table and table.panel.blocking and table.human_to_move():
            key(app, 49)

    assert run_until(app, lambda: isinstance(app.stack.top, TeyakuScene), 3000, each)
    frames(app, 2)
    scene = app.stack.top
    assert any(cards for _text, cards in scene.lines())
    L, _seat = table.current_layout()
    out = scene.text_size, L.small
    assert not app.errors
    app.close()
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_reveal_text_grows_with_the_ui_size(tmp_path, size):
    at100, small100 = _reveal_text_size(tmp_path, size, 100)
    at200, small200 = _reveal_text_size(tmp_path, size, 200)
    assert at100 >= small100
    # larger than at 100 %, and near the table's small text at 200 % (the docked panel
    # is the sidebar's upper part: the holders' words and cards must fit it)
    assert at200 >= 1.1 * at100, (at100, at200)
    assert at200 >= 0.75 * small200 and small200 > small100, (at200, small200)

"""A language switch reaches everything already on screen (issue 23, minor 10): the log is
told again, the title's Continue line names the game in the new language, the default name
"You" follows the language."""

from __future__ import annotations

import pytest

from game import i18n, storage
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()
    i18n.set_language("en")


def _seats() -> list[SeatSpec]:
    return [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]


def test_old_log_lines_follow_the_language(app):
    table = TableScene(app, GameSession("hachihachi", {"rounds": 2}, _seats(), 7))
    app.stack.reset(table)
    assert run_until(app, lambda: my_turn(app, table), 4000, lambda: dismiss(app))
    english = list(table.log)
    assert len(english) >= 2
    app.settings.language = "fr"
    app.apply_settings()
    frames(app, 1)
    assert len(table.log) == len(english)
    assert table.log[0] != english[0] and not (set(table.log) & set(english) - {""})
    assert table.log is table.chronicle.lines  # the drawer reads the retold lines


def test_continue_names_the_game_and_you_in_the_language(app):
    session = GameSession("hachihachi", {"rounds": 3}, _seats(), 5)
    session.deal()
    storage.save_autosave(app.paths, session.record())
    app.settings.language = "ja"
    app.apply_settings()
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    assert "Hachi-Hachi" not in title.saved_text and "八八" in title.saved_text
    assert session.names()[0] == i18n._("You") != "You"

"""Every path that starts a game over a saved one asks first, Cancel focused (issue 23,
major 2; issue 24, item 1): New game's Start, Learn 88's tiers, the welcome's "Teach me to
play", the result screen's Play again and next tier."""

from __future__ import annotations

import pygame
import pytest

from game import settings as settings_mod
from game import storage
from game.app import App
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.confirm_dialog import ConfirmScene
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tour import WelcomeScene
from tests.ui.driver import frames, key, make_app


def _seats() -> list[SeatSpec]:
    return [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]


def _save_a_game(paths) -> bytes:  # noqa: ANN001
    session = GameSession("hachihachi", {"rounds": 3}, _seats(), 5)
    session.deal()
    assert storage.save_autosave(paths, session.record()) is None
    return paths.autosave.read_bytes()


def _asked_and_cancelled(app, saved: bytes) -> None:  # noqa: ANN001
    top = app.stack.top
    assert isinstance(top, ConfirmScene), f"no question before replacing ({top.name})"
    key(app, pygame.K_RETURN)  # Enter: the focused answer is Cancel
    frames(app, 3)
    assert app.stack.find(TableScene) is None
    assert app.paths.autosave.read_bytes() == saved


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def test_learn_start_tier_asks_before_replacing(app):
    saved = _save_a_game(app.paths)
    app.stack.reset(TitleScene(app))
    app.stack.push(LearnScene(app))
    frames(app, 2)
    app.stack.top.start(2)
    frames(app, 1)
    _asked_and_cancelled(app, saved)
    assert isinstance(app.stack.top, LearnScene)


def test_learn_start_tier_without_a_saved_game_starts_at_once(app):
    app.stack.reset(TitleScene(app))
    app.stack.push(LearnScene(app))
    frames(app, 2)
    app.stack.top.start(2)
    frames(app, 2)
    assert app.stack.find(TableScene) is not None


def test_yes_replaces_the_saved_game(app):
    saved = _save_a_game(app.paths)
    app.stack.reset(TitleScene(app))
    app.stack.push(LearnScene(app))
    frames(app, 2)
    app.stack.top.start(3)
    frames(app, 1)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    ask.group.index = 0  # Start new game
    key(app, pygame.K_RETURN)
    frames(app, 5)
    table = app.stack.find(TableScene)
    assert table is not None and table.session.options.get("tier") == 3
    assert app.paths.autosave.read_bytes() != saved


def test_teach_me_to_play_asks_before_replacing(app):
    saved = _save_a_game(app.paths)
    app.settings.welcome_seen = False
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    welcome.teach()
    frames(app, 1)
    _asked_and_cancelled(app, saved)


def test_play_again_asks_when_the_last_game_is_still_kept(app):
    """A finished game whose record could not be written stays in the autosave: Play again
    must not overwrite it without a word."""
    saved = _save_a_game(app.paths)
    session = GameSession("hachihachi", {"rounds": 1}, _seats(), 9)
    app.stack.reset(ResultScene(app, session, None))
    frames(app, 2)
    app.stack.top.play_again()
    frames(app, 1)
    _asked_and_cancelled(app, saved)


def test_enter_through_a_settings_notice_and_the_welcome_keeps_the_saved_game(tmp_path):
    """A damaged settings file is set aside: its notice and the welcome come up again. The
    Enter presses that dismiss them must not replace the game in progress."""
    paths = storage.default_paths(tmp_path).ensure()
    saved = _save_a_game(paths)
    settings_mod.settings_path(paths).write_text("{not json", encoding="utf-8")
    app = App((1280, 720), paths)
    pygame.event.clear()
    app.settings.anim_speed, app.settings.ai_pace = "instant", "instant"
    app.stack.push(TitleScene(app))
    frames(app, 2)
    for _ in range(3):  # the notice, the welcome's Teach me to play, the question
        key(app, pygame.K_RETURN)
        frames(app, 2)
    assert isinstance(app.stack.top, TitleScene)
    assert paths.autosave.read_bytes() == saved
    key(app, pygame.K_RETURN)  # the title's first button: Continue, the same game
    frames(app, 2)
    table = app.stack.find(TableScene)
    assert table is not None and table.session.record().dumps() == storage.read_record(
        paths.autosave).dumps()
    app.close()

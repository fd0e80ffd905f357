"""Issue 15: the title, pause, statistics, records and welcome follow a live language switch
(App.apply_settings re-labels every scene), and the welcome offers the language and the UI
size, by real keys and clicks."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.ui import theme
from tests.ui.driver import click, frames, key, make_app

ACCENTED = re.compile("[àƀçđéƒĝĥíĵķĺɱñóƥǫŕśţúʋŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŚŢÚƲŴẊÝŽ]")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    theme.DRAWN = None
    i18n.set_language("en")


def _switch_to_pseudo(app) -> set[str]:
    """Settings → Language as App.apply_settings sees it; the text drawn next frames."""
    app.settings.language = i18n.PSEUDO
    app.apply_settings()
    theme.DRAWN = set()
    try:
        frames(app, 2)
        return set(theme.DRAWN)
    finally:
        theme.DRAWN = None


def _pseudo(labels) -> list[str]:
    return [s for s in labels if not ACCENTED.search(s)]


def test_title_relabels_on_a_language_switch(app):
    from game.ui.scenes.title import TitleScene

    title = app.stack.push(TitleScene(app))
    frames(app, 1)
    assert [b.label for b in title.group.buttons][:2] == ["New game", "Learn 88"]
    key(app, pygame.K_DOWN)
    drawn = _switch_to_pseudo(app)
    labels = [b.label for b in title.group.buttons]
    assert not _pseudo(labels), labels
    assert i18n.pseudo("New game") in labels and i18n.pseudo("New game") in drawn
    assert i18n.pseudo("Hanafuda games of the 88 family") in drawn
    assert title.group.index == 1  # the focus stays where the player left it


def test_pause_relabels_on_a_language_switch(app):
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.table import TableScene

    session = GameSession("hachihachi", {"rounds": 1},
                          [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"),
                           SeatSpec("Yui", "ai:random")], 7)
    table = app.stack.push(TableScene(app, session))
    frames(app, 1)
    pause = app.stack.push(PauseScene(app, table))
    frames(app, 1)
    assert pause.title == "Paused"
    drawn = _switch_to_pseudo(app)
    assert pause.title == i18n.pseudo("Paused")
    assert not _pseudo(b.label for b in pause.group.buttons)
    assert i18n.pseudo("Resume") in drawn and i18n.pseudo("Paused") in drawn
    key(app, pygame.K_ESCAPE)  # still works: Escape resumes
    assert app.stack.top is table


def test_about_and_quit_confirm_relabel(app):
    from game.ui.scenes.about import AboutScene
    from game.ui.scenes.confirm_quit import ConfirmQuitScene

    about = app.stack.push(AboutScene(app))
    quit_ = app.stack.push(ConfirmQuitScene(app))
    frames(app, 1)
    _switch_to_pseudo(app)
    assert about.title == i18n.pseudo("About Hachi-Hachi")
    assert quit_.title == i18n.pseudo("Quit the game?")
    assert [b.label for b in quit_.group.buttons] == [i18n.pseudo("Quit"), i18n.pseudo("Stay")]


def _welcome(app):
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.tour import WelcomeScene

    app.settings.welcome_seen = False
    app.stack.push(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    return welcome


def test_welcome_relabels_on_a_language_switch(app):
    welcome = _welcome(app)
    drawn = _switch_to_pseudo(app)
    labels = [b.label for b in welcome.group.buttons]
    assert i18n.pseudo("Teach me to play") in labels
    assert i18n.pseudo("Welcome to Hachi-Hachi") in drawn
    # the language names are written in their own language, never translated
    assert set(i18n.LANGUAGES.values()) <= set(labels)


def test_welcome_language_buttons_switch_the_game_live(app):
    welcome = _welcome(app)
    english = next(b for b in welcome.group.buttons if b.label == "English")
    assert english.style == "primary"  # preselected: the language in use
    french = next(b for b in welcome.group.buttons if b.label == "Français")
    click(app, french.rect.center)
    frames(app, 1)
    assert app.settings.language == "fr" and i18n.language() == "fr"
    assert next(b for b in welcome.group.buttons if b.label == "Français").style == "primary"
    english = next(b for b in welcome.group.buttons if b.label == "English")
    click(app, english.rect.center)
    assert i18n.language() == "en"
    assert app.stack.top is welcome  # still there, re-labelled
    assert any(b.label == "Teach me to play" for b in welcome.group.buttons)


def test_welcome_ui_size_by_keys_alone(app):
    from game.settings import UI_SCALES

    welcome = _welcome(app)
    theme.DRAWN = set()
    frames(app, 1)
    drawn, theme.DRAWN = theme.DRAWN, None
    start = welcome.scale()
    assert f"UI size: {start} %" in drawn
    labels = [b.label for b in welcome.group.buttons]
    plus = labels.index("+")
    # Tab/arrows reach every control: walk to + and press it with Enter
    while welcome.group.index != plus:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    bigger = min(v for v in UI_SCALES if v > start)
    assert app.settings.ui_scale == bigger
    key(app, pygame.K_LEFT)  # the − button, just before
    key(app, pygame.K_RETURN)
    assert app.settings.ui_scale == max(v for v in UI_SCALES if v < bigger)
    assert app.stack.top is welcome
    # down to the big buttons; Enter on "I know hanafuda" closes the welcome
    skip = labels.index("I know hanafuda")
    while welcome.group.index != skip:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.stack.top is not welcome and app.settings.welcome_seen


def test_title_brights_stay_still_with_reduced_motion():
    from game.ui.scenes.title import drift

    assert drift(1.7, 2, 720, still=True) == 0.0
    assert drift(1.7, 2, 720, still=False) != 0.0


def test_statistics_relabels_on_a_language_switch(app):
    from game.ui.scenes.statistics import StatisticsScene

    scene = app.stack.push(StatisticsScene(app))
    frames(app, 1)
    assert [b.label for b in scene.group.buttons] == ["History", "Back"]
    drawn = _switch_to_pseudo(app)
    assert [b.label for b in scene.group.buttons] == [i18n.pseudo("History"),
                                                       i18n.pseudo("Back")]
    assert i18n.pseudo("Statistics") in drawn and i18n.pseudo("Games") in drawn


def test_records_relabels_and_every_part_is_reached_by_tab(app, tmp_path):
    from game.ui.scenes.records import RecordsScene

    scene = app.stack.push(RecordsScene(app))
    frames(app, 1)
    key(app, pygame.K_TAB)
    assert scene.focus is scene.search
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ren"))
    frames(app, 1)
    assert scene.model.search == "Ren"
    key(app, pygame.K_TAB)
    assert scene.focus is None and scene.filters.show_focus  # sort and game
    key(app, pygame.K_RETURN)  # the order changes
    assert scene.model.order != "date"
    key(app, pygame.K_TAB)
    assert scene.group.show_focus and not scene.filters.show_focus  # the buttons
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # Open a file…
    assert app.stack.top.name == "file_chooser"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    drawn = _switch_to_pseudo(app)
    assert not _pseudo(b.label for b in scene.group.buttons)
    assert not _pseudo(b.label for b in scene.filters.buttons)
    assert not _pseudo([scene.search.label])
    assert i18n.pseudo("Replays & records") in drawn
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene

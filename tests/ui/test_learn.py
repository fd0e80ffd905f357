"""Learning inside the game (issue 13): the first-run welcome, the guided first game and its
tour, the Learn 88 path with its ✓, and a damaged progress file set aside; real events."""

from __future__ import annotations

import json

import pygame
import pytest

from game import progress, settings
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tour import GuidedStopScene, TourScene, WelcomeScene

from .driver import click, frames, key, make_app, run_until


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path, welcome_seen=False)
    yield a
    a.close()


def _button(scene, label: str):  # noqa: ANN001, ANN202
    return next(b for b in scene.group.buttons if b.label.startswith(label))


def test_first_run_welcome_guided_game_tour_and_skip(app):
    app.stack.push(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    click(app, _button(welcome, "Teach me to play").rect.center)
    frames(app, 2)
    tour = app.stack.top
    assert isinstance(tour, TourScene)
    table = app.stack.find(TableScene)
    s = table.session
    assert (s.ruleset, s.options["tier"]) == ("curriculum", 1)
    assert [x.kind for x in s.seats] == ["human", "ai:casual", "ai:casual"]
    assert app.settings.welcome_seen is True
    saved = json.loads(settings.settings_path(app.paths).read_text(encoding="utf-8"))
    assert saved["welcome_seen"] is True  # saved: shown once
    L, _ = table.current_layout()
    assert tour.target() == L.hand
    click(app, _button(tour, "Next").rect.center)
    assert tour.step == 1 and tour.target() == L.field
    key(app, pygame.K_RETURN)  # Next has the focus
    assert tour.step == 2 and tour.target() == L.pile
    click(app, _button(tour, "Next").rect.center)
    par = table.session.view(table.viewer).par[table.viewer]
    assert tour.target() == L.captures and str(par) in tour.steps()[3][2]
    click(app, _button(tour, "Skip").rect.center)
    assert app.stack.find(TourScene) is None and app.stack.find(TableScene) is table


def test_escape_skips_the_tour_and_welcome_shows_once(app):
    app.stack.push(TitleScene(app))
    frames(app, 2)
    click(app, _button(app.stack.top, "I know hanafuda").rect.center)
    assert isinstance(app.stack.top, TitleScene)
    app.stack.top.resume()
    frames(app, 1)
    assert isinstance(app.stack.top, TitleScene)  # not again
    from game.ui.scenes.tour import start_tier

    start_tier(app, 1, guided=True)
    frames(app, 1)
    assert isinstance(app.stack.top, TourScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableScene)


def test_learn_tier_two_from_the_path_then_its_tick(app):
    app.settings.welcome_seen = True
    app.stack.push(TitleScene(app))
    frames(app, 2)
    click(app, _button(app.stack.top, "Learn 88").rect.center)
    learn = app.stack.top
    assert isinstance(learn, LearnScene) and 2 not in learn.done
    click(app, _button(learn, "Start tier 2").rect.center)
    frames(app, 2)
    table = app.stack.find(TableScene)
    assert table is not None and app.stack.find(LearnScene) is None
    assert (table.session.ruleset, table.session.options["tier"]) == ("curriculum", 2)
    # finish a short tier-2 game of computers to its end, as the other tests do
    seats = [SeatSpec(n, "ai:random") for n in ("A", "B", "C")]
    session = GameSession("curriculum", {"tier": 2, "rounds": 1}, seats, 7)
    app.stack.reset(TableScene(app, session))

    def each() -> None:
        if app.stack.top.name in ("teyaku", "scoring", "tier_card"):
            key(app, pygame.K_RETURN)

    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 20000, each)
    result = app.stack.top
    nxt = _button(result, "Next: tier 3 adds")
    assert "Round-end specials" in nxt.label
    assert progress.load(app.paths) == {2}
    click(app, (5, 5))  # the first click ends the game-end celebration (issue 26)
    click(app, _button(result, "Title").rect.center)
    frames(app, 2)
    click(app, _button(app.stack.top, "Learn 88").rect.center)
    assert 2 in app.stack.top.done


def test_damaged_progress_file_is_set_aside(app):
    path = progress.progress_path(app.paths)
    path.write_text('{"finished": [1, ', encoding="utf-8")
    assert progress.load(app.paths) == set()
    assert not path.exists()
    assert list(path.parent.glob("learn.json.corrupt-*"))
    progress.mark_finished(app.paths, 4)
    assert progress.load(app.paths) == {4}


def test_guided_game_asks_after_three_rounds(app):
    app.settings.welcome_seen = True
    seats = [SeatSpec(n, "ai:random") for n in ("A", "B", "C")]
    session = GameSession("curriculum", {"tier": 1}, seats, 3)
    session.guided_stop = 3
    app.stack.push(TitleScene(app))
    app.stack.reset(TableScene(app, session))

    def each() -> None:
        if app.stack.top.name in ("teyaku", "scoring", "tier_card"):
            key(app, pygame.K_RETURN)

    assert run_until(app, lambda: isinstance(app.stack.top, GuidedStopScene), 30000, each)
    assert session.st.rounds_played == 3
    click(app, _button(app.stack.top, "Stop here").rect.center)
    frames(app, 2)
    title = app.stack.find(TitleScene)
    assert title is not None and title.saved is not None  # Continue keeps the game


def test_escape_on_the_welcome_asks_before_skipping_it_for_good(app):
    """Esc means "I know hanafuda" for good only after the player says so (issue 23)."""
    from game.ui.scenes.confirm_dialog import ConfirmScene

    app.stack.push(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_RETURN)  # the default: back to the welcome
    assert app.stack.top is welcome and app.settings.welcome_seen is False
    key(app, pygame.K_ESCAPE)
    ask = app.stack.top
    ask.group.index = 0  # I know hanafuda
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and app.settings.welcome_seen is True

"""The game-end screen driven by posted events (issue 26, item 4): the celebration skipped by
a key or a click that does nothing else, a fade under reduced motion, each button, the
records broken measured against the games before this one."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import storage
from game.play.session import GameSession
from game.simulate import simulate
from game.ui.result_model import CELEBRATION, FADE, Mood
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until

NAMES = ["Ana", "Ren", "Yui", "Kenji", "Mei", "Sora", "Hana"]


def _record(seed: int, seats: int = 3, humans: int = 1):  # noqa: ANN202 - a Record
    rec = simulate("hachihachi", {"rounds": 3}, seats, ["rules"], seed, names=NAMES[:seats])
    for i in range(seats):
        rec.seats[i]["kind"] = "human" if i < humans else "ai:expectimax"
    return rec


def _open(app, rec, keep: bool = True) -> ResultScene:  # noqa: ANN001
    """What the table does at a game's end: keep the game (record, statistics), then the
    result screen."""
    path = storage.keep_finished(app.paths, rec).path if keep else None
    scene = ResultScene(app, GameSession.from_record(rec), path)
    app.stack.reset(scene)
    frames(app, 2)
    return scene


@pytest.fixture
def app(tmp_path: Path):  # noqa: ANN201
    a = make_app(tmp_path)
    yield a
    a.close()


def _center(scene: ResultScene, label_start: str) -> tuple[int, int]:
    b = next(b for b in scene.group.buttons if b.label.startswith(label_start))
    return b.rect.center


def test_a_key_skips_the_celebration_and_does_nothing_else(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7))
    assert not scene.celebration.done
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                              scancode=0)
    pygame.event.post(down)  # Enter would press a button: here it only skips
    frames(app, 1)
    assert scene.celebration.done and app.stack.top is scene
    pygame.event.post(down)  # held on: the repeat presses nothing (game/ui/keygate.py)
    frames(app, 2)
    assert app.stack.top is scene
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    frames(app, 1)
    key(app, pygame.K_RETURN)  # a fresh press: the focused button, the review (issue 45)
    assert app.stack.find(TableScene) is None and app.stack.top.name == "review"


def test_a_click_skips_the_celebration_even_on_a_button(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7))
    click(app, _center(scene, "New game"))
    assert scene.celebration.done and app.stack.top is scene
    click(app, _center(scene, "New game"))
    assert isinstance(app.stack.top, SetupScene)


def test_the_celebration_ends_by_itself(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7))
    frames(app, round(CELEBRATION * 60) + 5)
    assert scene.celebration.done and scene.celebration.motion
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_reduced_motion_is_a_short_fade(tmp_path: Path) -> None:
    app = make_app(tmp_path, reduced_motion=True)
    try:
        scene = _open(app, _record(7))
        assert not scene.celebration.motion and not scene.celebration.flakes_on()
        assert scene.celebration.heading_alpha() < 255
        frames(app, round(FADE * 60) + 3)
        assert scene.celebration.done and scene.celebration.heading_alpha() == 255
    finally:
        app.close()


def test_play_again_keeps_ruleset_options_and_seats_with_a_new_seed_and_asks_nothing(
        app) -> None:  # noqa: ANN001
    rec = _record(7)
    scene = _open(app, rec)
    scene.celebration.skip()
    frames(app, 1)
    click(app, _center(scene, "Play again"))
    table = app.stack.top
    assert isinstance(table, TableScene)  # no question: the finished game is kept
    new, old = table.session, scene.session
    assert (new.ruleset, new.options) == (old.ruleset, old.options)
    assert [(s.name, s.kind) for s in new.seats] == [(s.name, s.kind) for s in old.seats]
    assert new.seed != old.seed


def test_watch_replay_opens_the_record_just_kept_and_comes_back(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7))
    scene.celebration.skip()
    frames(app, 1)
    click(app, _center(scene, "Watch replay"))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.error is None
    assert replay.path == scene.record_path
    assert replay.rec is not None and replay.rec.seed == scene.session.seed
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_watch_replay_is_off_without_a_record(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7), keep=False)
    scene.celebration.skip()
    frames(app, 1)
    [watch] = [b for b in scene.group.buttons if b.action == scene.watch_replay]
    assert not watch.enabled
    click(app, watch.rect.center)
    assert app.stack.top is scene


def test_the_viewers_seat_decides_the_greeting(app) -> None:  # noqa: ANN001
    for seed in range(1, 30):
        rec = _record(seed)
        scene = _open(app, rec)
        big, sub = scene.headline()
        names = scene.session.names()
        if scene.model.mood is Mood.WIN:
            assert big in ("You won!", "You share the win!") and not sub
        else:  # a middle place and the last place have words of their own (issue 45)
            assert scene.model.mood is Mood.LOSS
            assert big in ("Well played", "Not this time")
            assert names[scene.model.winners[0]] in sub
    hot = _open(app, _record(3, seats=7, humans=2))
    assert hot.model.mood is Mood.NAMED
    winner = hot.session.names()[hot.model.winners[0]]
    assert winner in hot.headline()[0]


def test_records_broken_are_against_earlier_games(app) -> None:  # noqa: ANN001
    first = _open(app, _record(5))
    assert first.model.broken == []  # nothing to break in a first game
    second = _open(app, _record(7))  # seed 7 beats seed 5's best round
    kinds = {b.kind for b in second.model.broken}
    assert "best_round" in kinds
    text = [t for t, _c in second.fact_lines()]
    assert any(t.startswith("New records for Ana") for t in text)


def test_every_figure_drawn_at_seven_seats_and_200_percent(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640), ui_scale=200)
    app.apply_settings()
    try:
        scene = _open(app, _record(3, seats=7))
        scene.celebration.skip()
        frames(app, 2)
        for b in scene.group.buttons:  # every button inside the window, none overlapping
            assert app.screen.get_rect().contains(b.rect)
        rects = [b.rect for b in scene.group.buttons]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        plan = scene._plan(1024, 640)
        assert plan.middle > 0 and plan.k >= 0.55
    finally:
        app.close()


def test_an_arrow_held_through_the_celebration_moves_no_focus(app) -> None:  # noqa: ANN001
    scene = _open(app, _record(7))
    index = scene.group.index
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                               scancode=0)
    pygame.event.post(right)
    frames(app, 1)
    assert scene.celebration.done
    for _ in range(3):  # the key repeats: it went down in the celebration, not here
        pygame.event.post(right)
        frames(app, 1)
    assert scene.group.index == index and not scene.group.show_focus


def test_from_the_table_the_game_is_kept_then_play_again_asks_nothing(tmp_path: Path) -> None:
    """The table keeps the game (record, statistics, autosave cleared) before the screen
    opens: the records are measured against earlier games, Watch replay has the record, and
    Play again starts the same seats at once."""
    from tests.ui.table_helpers import start_table

    app = make_app(tmp_path)
    try:
        table = start_table(app, [("Ana", "ai:random"), ("Ren", "ai:random"),
                                  ("Yui", "ai:random")], seed=4, rounds=1)
        assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 20000,
                         lambda: app.stack.top.name in ("teyaku", "scoring")
                         and key(app, pygame.K_RETURN))
        scene = app.stack.top
        assert scene.record_path is not None and scene.record_path.exists()
        assert storage.load_autosave(app.paths)[0] is None
        assert scene.model.series[0][-1] == table.session.st.totals[0]
        key(app, pygame.K_SPACE)  # ends the celebration
        click(app, _center(scene, "Play again"))
        again = app.stack.top
        assert isinstance(again, TableScene) and again is not table
        assert [s.kind for s in again.session.seats] == [s.kind for s in table.session.seats]
    finally:
        app.close()


def test_play_again_holds_a_new_game_to_todays_limits_and_says_so(app) -> None:  # noqa: ANN001
    """A Hachi match an earlier version began with a points target above today's maximum
    (500) may be continued, but Play again starts a new one held to the maximum, and says
    which option was lowered."""
    from game.engine.rulesets import ruleset_class
    from game.ui.scenes.message import MessageScene

    top = next(o for o in ruleset_class("hachi").OPTIONS if o.name == "target_points")
    rec = simulate("hachi", {"target_points": 50}, 2, ["rules"], 3, names=NAMES[:2])
    rec.seats[0]["kind"] = "human"
    session = GameSession.from_record(rec)
    session.options["target_points"] = top.maximum + 500  # as an older version allowed
    scene = ResultScene(app, session, None)
    app.stack.reset(scene)
    frames(app, 2)
    scene.celebration.skip()
    frames(app, 1)
    click(app, _center(scene, "Play again"))
    told = app.stack.top
    assert isinstance(told, MessageScene) and str(top.maximum) in " ".join(told.lines)
    table = app.stack.find(TableScene)
    assert table is not None and table.session.options["target_points"] == top.maximum


def test_the_pause_menu_says_when_the_last_moves_are_not_saved(app) -> None:  # noqa: ANN001
    from game.play.session import SeatSpec
    from game.ui.scenes.pause import PauseScene

    session = GameSession("hachihachi", {"rounds": 1},
                          [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"),
                           SeatSpec("Yui", "ai:random")], 7)
    table = app.stack.push(TableScene(app, session))
    frames(app, 1)
    assert "saved after every move" in " ".join(PauseScene(app, table).lines)
    table.driver.save_problem = "The disk is full."
    said = " ".join(PauseScene(app, table).lines)
    assert "saved after every move" not in said and "The disk is full." in said

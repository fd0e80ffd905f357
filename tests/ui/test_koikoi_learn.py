"""Learn Koi-Koi (issue 47, item 6) by real events: the title's Learn screen → "Koi-Koi
lessons" → a lesson starts a Koi-Koi game of two (you and a Beginner) of the lesson's length;
the keyboard reaches the same; the lessons' numbers are the engine's; Esc goes back."""

from __future__ import annotations

import pygame
import pytest

from game.engine import rulesets
from game.play.lessons import KOIKOI_LESSONS, lesson_words
from game.play.terms import term
from game.ui import theme
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.learn_koikoi import LearnKoiKoiScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app


def _button(scene, label: str):  # noqa: ANN001, ANN202
    return next(b for b in scene.group.buttons if b.label == label)


def _lessons_by_mouse(app) -> LearnKoiKoiScene:  # noqa: ANN001
    app.stack.push(TitleScene(app))
    frames(app, 2)
    click(app, _button(app.stack.top, "Learn 88").rect.center)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    frames(app, 1)
    click(app, _button(learn, "Koi-Koi lessons").rect.center)
    lessons = app.stack.top
    assert isinstance(lessons, LearnKoiKoiScene)
    frames(app, 1)
    return lessons


@pytest.mark.parametrize("n", [1, 4])
def test_a_lesson_from_the_title_starts_a_koikoi_game_for_two(tmp_path, n):
    app = make_app(tmp_path)
    lessons = _lessons_by_mouse(app)
    click(app, _button(lessons, f"Start lesson {n}").rect.center)
    frames(app, 2)
    table = app.stack.find(TableScene)
    assert table is not None and app.stack.find(LearnKoiKoiScene) is None
    s = table.session
    assert s.ruleset == "koikoi" and s.options["rounds"] == KOIKOI_LESSONS[n - 1].rounds
    assert [x.kind for x in s.seats][0] == "human" and len(s.seats) == 2
    assert s.seats[1].kind.startswith("ai:")
    app.close()


def test_the_keyboard_reaches_the_lessons_and_esc_goes_back(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    while title.group.focused.label != "Learn 88":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    while learn.group.focused.label != "Koi-Koi lessons":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    lessons = app.stack.top
    assert isinstance(lessons, LearnKoiKoiScene)
    assert lessons.group.show_focus and lessons.group.focused.label == "Start lesson 1"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is learn
    app.close()


def test_the_lessons_are_drawn_inside_the_window_with_the_engines_numbers(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    lessons = _lessons_by_mouse(app)
    theme.DRAWN = set()
    try:
        frames(app, 2)
        drawn = " ".join(theme.DRAWN)
    finally:
        theme.DRAWN = None
    window = pygame.Rect(0, 0, 1280, 720)
    rows = lessons.rows(1280, 720)
    assert len(rows) == len(KOIKOI_LESSONS)
    for (rect, title, _lines), button in zip(rows, lessons.group.buttons, strict=False):
        assert window.contains(rect) and rect.contains(button.rect) and title in drawn
    assert window.contains(lessons.group.buttons[-1].rect)
    rs = rulesets.get("koikoi")
    goko = next(e.value for e in rs.entries if e.id == "goko")
    words = lesson_words(KOIKOI_LESSONS[2], rs)
    assert term("goko") in words and f"{goko} mon" in words
    words = lesson_words(KOIKOI_LESSONS[1], rs)
    assert f"holds {rs.hand_size} cards, {rs.field_size} lie on the field" in words
    assert "7\u00a0mon or more is doubled" in lesson_words(KOIKOI_LESSONS[3], rs)
    assert "7\u00a0mon" not in lesson_words(KOIKOI_LESSONS[3], rulesets.get("koikoi",
                                                                        seven_double=False))
    app.close()


def test_a_lesson_played_to_its_end_is_ticked_and_the_tiers_are_kept(tmp_path):
    """The lesson's game carries its key (in its record too, so Continue keeps it); the result
    screen ticks it; Learn Koi-Koi shows the ✓; the Learn 88 tiers in the same file stay."""
    from game import progress
    from game.engine import record as records
    from game.play.lessons import KOIKOI_LESSONS
    from game.play.session import GameSession
    from game.ui.scenes.learn_koikoi import LearnKoiKoiScene, _begin, lesson_key
    from game.ui.scenes.result import ResultScene
    from tests.ui.driver import frames, make_app

    app = make_app(tmp_path)
    progress.mark_finished(app.paths, 3)
    lesson = KOIKOI_LESSONS[2]
    table = _begin(app, lesson)
    session = table.session
    assert session.lesson == lesson_key(lesson) == "koikoi-yaku"
    again = GameSession.from_record(records.loads(session.record().dumps()))
    assert again.lesson == "koikoi-yaku"
    ResultScene(app, session)
    assert progress.lessons(app.paths) == {"koikoi-yaku"}
    assert progress.load(app.paths) == {3}  # the tiers are kept beside the lessons
    scene = LearnKoiKoiScene(app)
    app.stack.push(scene)
    frames(app, 1)
    titles = [title for _rect, title, _lines in scene.rows(*app.screen.get_size())]
    assert titles[2].endswith("✓") and not any(t.endswith("✓") for t in titles[:2] + titles[3:])
    app.close()

"""The replay viewer (issue 26, item 8): the Play/Pause word drawn whole at its row's size in
every language and scale, the watched seat's hand face up from action 0, and the plates
naming each computer's level as the table's plates do."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, storage
from game.i18n import pgettext
from game.ui import theme
from game.ui.scenes.replay import ReplayScene, kind_words
from tests.ui.driver import frames, key, make_app
from tests.ui.test_replay import finished_record


@pytest.fixture(autouse=True)
def _back():
    yield
    theme.set_ui_scale(100)
    i18n.set_language("en")


def _open(tmp_path, size=(1280, 720), rec=None, **settings) -> tuple:  # noqa: ANN001
    app = make_app(tmp_path, size, **settings)
    app.apply_settings()
    rec = rec or finished_record()
    path = app.paths.records_dir / "20260101-120000-hachihachi.json"
    storage.write_record(path, rec)
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    frames(app, 2)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "uk"])
@pytest.mark.parametrize("size,scale", [((1024, 640), 100), ((1024, 640), 200),
                                        ((1280, 720), 100), ((1280, 720), 200),
                                        ((1024, 900), 150), ((1024, 900), 200)])
def test_play_and_pause_are_never_cut_or_shrunk(tmp_path, lang, size, scale) -> None:
    app, scene = _open(tmp_path, size, language=lang, ui_scale=scale)
    try:
        for playing in (False, True):
            scene.playing = playing
            frames(app, 1)
            b = scene.group.buttons[2]
            assert b.label == pgettext("replay", "Pause" if playing else "Play")
            with theme.table_text(scene._layout.text):
                small = theme.size_of("small", size[1])
            got = theme.fit_label(b.label, small, b.rect.w - 12, b.rect.h - 4, 2, True,
                                  theme.min_size("body"))
            assert got == (small, (b.label,)), (b.rect, got, small)
            row = scene.group.buttons[:5]  # the row stays inside the panel, in order
            assert all(scene._layout.panel.contains(x.rect) for x in row)
            assert all(a.rect.right < c.rect.left for a, c in zip(row, row[1:], strict=False))
    finally:
        scene.playing = False
        app.close()


def test_the_watched_hand_is_face_up_at_every_rounds_start(tmp_path) -> None:
    app, scene = _open(tmp_path)
    try:
        for k in range(len(scene.rec.rounds)):
            scene.jump_round(k)
            frames(app, 2)
            assert scene.pos.action == 0
            hand = scene.tv.model.hands[scene.seat]
            dealt = scene.starting_hands()[scene.seat]
            assert hand and None not in hand and hand == dealt
            faces = {f.key: f.face for f in scene.tv.anim.frames()}
            assert all(faces.get(c) for c in hand)
        key(app, pygame.K_RIGHT)  # then, as the seat saw it, the view's own hand
        assert None not in scene.tv.model.hands[scene.seat]
        scene.cycle_seat()  # another seat watched: its own hand, never the first one's
        frames(app, 2)
        assert scene.tv.model.hands[scene.seat] != scene.tv.model.hands[0]
    finally:
        app.close()


def test_plates_name_each_computers_level(tmp_path) -> None:
    rec = finished_record()
    rec.seats[1]["kind"] = "ai:expectimax"
    rec.seats[2]["kind"] = "ai:rules"
    app, scene = _open(tmp_path, rec=rec)
    try:
        seats = scene.info().seats
        assert seats[0].kind == "Human"
        assert (seats[1].kind, seats[1].short_kind) == ("Computer · Expert", "Expert")
        assert seats[2].kind.startswith("Computer · ") and seats[2].short_kind
        assert seats[2].short_kind in seats[2].kind
    finally:
        app.close()


def test_a_kind_no_program_writes_is_a_computer() -> None:
    assert kind_words("robot") == ("Computer", "Computer")
    assert kind_words("ai:") == ("Computer", "Computer")
    assert kind_words("human") == ("Human", "Human")

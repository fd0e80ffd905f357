"""Access for everyone (issue 15): UI scale keys, reduced motion, high contrast, the Settings
rows for them and the live language switch, all driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game import settings as settings_mod
from game.ui import anim, theme
from game.ui.anim import Animator
from game.ui.model import Place
from game.ui.scenes.settings_menu import SettingsScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app
from tests.ui.table_helpers import start_table


@pytest.fixture(autouse=True)
def _plain_look():
    """Module-wide looks (scale, palette, motion, language) back to the defaults after each
    test, so no other test sees them."""
    yield
    theme.set_ui_scale(100)
    theme.set_high_contrast(False)
    anim.set_reduced_motion(False)
    i18n.set_language("en")


def _title(tmp_path, **settings):  # noqa: ANN001, ANN202
    app = make_app(tmp_path, **settings)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    return app


def test_ctrl_plus_makes_text_bigger_and_ctrl_zero_resets(tmp_path):
    app = _title(tmp_path)
    H = app.screen.get_height()
    body = theme.size_of("body", H)
    assert theme.ui_scale() == 100
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert theme.ui_scale() == 120 and app.settings.ui_scale == 120
    assert theme.size_of("body", H) > body
    assert settings_mod.load(app.paths)[0].ui_scale == 120  # saved
    key(app, pygame.K_MINUS, pygame.KMOD_LCTRL)
    assert theme.ui_scale() == 110
    key(app, pygame.K_0, pygame.KMOD_LCTRL)
    assert app.settings.ui_scale == 0 and theme.ui_scale() == 100
    assert theme.size_of("body", H) == body
    for _ in range(15):  # never above 200 %
        key(app, pygame.K_KP_PLUS, pygame.KMOD_RCTRL)
    assert theme.ui_scale() == 200 and app.settings.ui_scale == 200
    # text is drawn at the whole chosen scale: twice the design size (issue 15)
    assert theme.effective_scale() == theme.TEXT_ROOM == 200
    assert theme.size_of("body", H) == round(2 * H / 40) > body
    app.close()


def test_a_plain_minus_or_zero_is_not_a_scale_key(tmp_path):
    app = _title(tmp_path)
    key(app, pygame.K_EQUALS)
    key(app, pygame.K_0)
    assert theme.ui_scale() == 100 and app.settings.ui_scale == 0
    app.close()


def test_the_saved_scale_is_used_at_start(tmp_path):
    app = make_app(tmp_path, ui_scale=150)
    assert theme.ui_scale() == 150
    app.close()
    app = make_app(tmp_path)  # 0: the display's default (the dummy driver knows no DPI)
    assert theme.ui_scale() == theme.default_ui_scale() == 100
    app.close()


def test_scale_keys_work_over_an_overlay(tmp_path):
    app = _title(tmp_path)
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 1)
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert theme.ui_scale() == 110
    assert "110" in dict(scene.setting_rows())["ui_scale"]  # the row follows
    app.close()


def test_clamp_scale_rounds_to_tens_within_the_range():
    assert theme.clamp_scale(96) == 100 and theme.clamp_scale(144) == 140
    assert theme.clamp_scale(250) == 200 and theme.clamp_scale(40) == 100


def test_reduced_motion_turns_a_move_into_a_fade():
    a, b = Place(0, 0, 80, True, 0), Place(400, 300, 80, True, 1)
    anim.set_reduced_motion(True)
    an = Animator()
    an.rest = {"crane": a}
    an.go({"crane": b}, 0.26)
    seen, alphas = set(), []
    while an.running:
        an.update(1 / 60)
        for f in an.frames():
            seen.add((f.x, f.y))
            alphas.append(f.alpha)
    assert seen == {(400, 300)}  # never between the two places
    assert min(alphas) < 0.5 and alphas[-1] == 1.0  # it fades in
    assert an.total <= anim.FADE + 1e-9
    anim.set_reduced_motion(False)
    an = Animator()
    an.rest = {"crane": a}
    an.go({"crane": b}, 0.26)
    an.update(0.13)
    (f,) = an.frames()
    assert 0 < f.x < 400  # with motion: in flight


def test_reduced_motion_at_the_table_shows_no_card_between_places(tmp_path):
    app = make_app(tmp_path, anim_speed="normal", reduced_motion=True)
    assert not anim.motion_allowed() and not anim.motion_allowed(app.settings)
    table = start_table(app, [("Me", "human"), ("Ren", "ai:rules"), ("Mio", "ai:rules")])
    assert table.tv.anim.running  # the deal, at normal speed
    moved = 0
    for _ in range(240):  # the deal: every card appears where it rests, fading in
        for f in table.tv.anim.frames():
            rest = table.tv.anim.rest[f.key]
            assert (f.x, f.y, f.squash) == (rest.x, rest.y, 1.0)
            moved += f.alpha < 1
        if not table.tv.anim.running:
            break
        frames(app, 1)
    assert moved  # the cards that changed place faded in
    app.close()


def test_a_fading_card_is_drawn_translucent(tmp_path):
    """The fade of reduced motion is visible: a card at alpha 0.25 lets the felt through."""
    from game.ui.anim import Frame

    app = make_app(tmp_path)
    table = start_table(app, [("Me", "human"), ("Ren", "ai:rules"), ("Mio", "ai:rules")])
    w = table.tv.widths[0]
    shown = []
    for alpha in (1.0, 0.25):
        surf = pygame.Surface((200, 300))
        surf.fill((0, 0, 0))
        table.tv.draw_sprites(surf, [Frame("crane", 10, 10, w, True, 1.0, 0, False, alpha)], {})
        rect = table.tv.card_rects["crane"]
        shown.append(sum(surf.get_at((rect.x + rect.w // 2, rect.y + 4))[:3]))
    assert shown[1] < shown[0] * 0.5
    app.close()


def test_high_contrast_changes_the_felt_live(tmp_path):
    app = _title(tmp_path)
    W, H = app.screen.get_size()
    normal = app.screen.get_at((W // 2, H - 3))[:3]
    scene = SettingsScene(app, "access")  # issue 26: the settings have pages
    app.stack.push(scene)
    row = scene.row_keys.index("high_contrast")
    frames(app, 1)
    click(app, scene.group.buttons[row].rect.center)
    assert app.settings.high_contrast and theme.high_contrast()
    assert settings_mod.load(app.paths)[0].high_contrast
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    dark = app.screen.get_at((W // 2, H - 3))[:3]
    assert dark != normal and sum(dark) < sum(normal) and max(dark) < 0x20
    assert theme.TEXT == (0xFF, 0xFF, 0xFF) and theme.FELT == dark
    app.settings.high_contrast = False
    app.apply_settings()
    frames(app, 2)
    assert app.screen.get_at((W // 2, H - 3))[:3] != dark
    app.close()


def test_settings_rows_by_keyboard_only(tmp_path):
    app = _title(tmp_path)
    scene = SettingsScene(app, "access")  # issue 26: the settings have pages
    app.stack.push(scene)
    frames(app, 1)
    keys = scene.row_keys
    for name in ("language", "term_style", "ui_scale", "reduced_motion", "high_contrast",
                 "corner_marks"):
        assert name in keys
    while keys[scene.group.index] != "ui_scale":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.settings.ui_scale == 110 and theme.ui_scale() == 110
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # never below 100
    assert app.settings.ui_scale == 100
    key(app, pygame.K_DOWN)  # reduced motion
    key(app, pygame.K_RETURN)
    assert app.settings.reduced_motion and not anim.motion_allowed()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # corner marks
    before = app.settings.corner_marks
    key(app, pygame.K_RETURN)
    assert app.settings.corner_marks is not before and app.renderer.marks is not before
    for _ in range(3):  # past the rows after the corner marks (the relay's address) to Done
        key(app, pygame.K_DOWN)
        if scene.group.focused.style == "primary":
            break
    assert scene.group.focused.style == "primary"  # Done
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "title"
    app.close()


def test_the_language_row_switches_the_language_live(tmp_path, monkeypatch):
    # the catalogs are generated later; any non-English language here speaks the pseudo
    # language, which is enough to see every label re-made at once
    real = i18n.load
    monkeypatch.setattr(i18n, "load", lambda code: i18n._Pseudo() if code != "en" else
                        real(code))
    app = _title(tmp_path, language="en")
    title = app.stack.top
    before = [b.label for b in title.group.buttons]
    scene = SettingsScene(app, "access")  # issue 26: the settings have pages
    app.stack.push(scene)
    frames(app, 1)
    row = scene.row_keys.index("language")
    assert scene.group.buttons[row].label.endswith("English")
    settings_label = scene.title
    scene.group.index = row
    key(app, pygame.K_RIGHT)
    assert app.settings.language == "ja" and i18n.language() == "ja"
    assert scene.group.buttons[row].label.endswith("日本語")  # each name in its own language
    assert scene.title != settings_label  # this screen re-labelled
    after = [b.label for b in title.group.buttons]
    assert after != before and len(after) == len(before)  # and the title below it
    assert settings_mod.load(app.paths)[0].language == "ja"
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert app.settings.language == "en"
    assert [b.label for b in title.group.buttons] == before
    app.close()


def test_corner_marks_tell_kind_by_shape_and_month_by_number_not_colour_alone():
    """CARDS.md §10: the six kind glyphs differ in greyscale (shape, not hue), and two
    cards of the same kind in different months get different plates (the number)."""
    from game.ui import cards

    def grey(surface: pygame.Surface) -> list[int]:
        raw = pygame.image.tobytes(surface, "RGBA")
        out = []  # the luminance over the plate's white, as a greyscale print shows it
        for i in range(0, len(raw), 4):
            lum, a = (raw[i] * 3 + raw[i + 1] * 6 + raw[i + 2]) / 10, raw[i + 3] / 255
            out.append(round(lum * a + 255 * (1 - a)))
        return out

    kinds = ["bright", "animal", "poetry", "blue", "plain", "chaff"]
    glyphs = {k: grey(cards._glyph(k, 32)) for k in kinds}
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            diff = sum(abs(x - y) for x, y in zip(glyphs[a], glyphs[b], strict=True))
            assert diff / len(glyphs[a]) > 4, (a, b)  # apart even without colour

    def plate(card_id: str) -> list[int]:
        s = pygame.Surface((80, 124), pygame.SRCALPHA)
        cards.draw_mark(s, card_id)
        return grey(s.subsurface((0, 0, 30, 16)))  # the number's part of the plate

    assert cards.mark_kind("pine_chaff_1") == cards.mark_kind("paulownia_chaff_1") == "chaff"
    assert plate("pine_chaff_1") != plate("paulownia_chaff_1")

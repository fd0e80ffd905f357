"""Issue 45, items 9 and 10: large text keeps its words whole and its screens still.

Driven through the real window loop (dummy SDL) at 150 % and 200 %: the yaku watch in the
docked sidebar shows its top entries, not just its heading and "▼ n more"; a decision
panel's body shrinks no more than its heading and its keys line is never broken inside a
key; Settings keeps its box, heading and tabs where they are from page to page, and says so
when the window holds the table's text below the size chosen; the New game summary shows
its lines whole in Japanese at 150 %; the welcome's keys line says what Esc does there.
"""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITextBox

from game import i18n
from game.engine import rulesets
from game.i18n import _
from game.play.session import GameSession, SeatSpec
from game.play.watch import Row, watch_rows
from game.ui import theme
from game.ui.scenes.settings_menu import TABS, SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tour import WelcomeScene
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [150, 200]


@pytest.fixture(autouse=True)
def _back():
    yield
    theme.set_ui_scale(100)
    i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the window draws from now on (every text goes through theme.text)."""
    texts: list[str] = []
    real = theme.text

    def text(s: str, size: int, color: tuple | None = None,
             bold: bool = False) -> pygame.Surface:
        texts.append(s)
        return real(s, size, color, bold)

    monkeypatch.setattr(theme, "text", text)
    return texts


def _app(tmp_path, size: tuple[int, int], scale: int, lang: str = "en", **settings: object):  # noqa: ANN001, ANN202
    app = make_app(tmp_path, size, language=lang, ui_scale=scale, **settings)
    app.apply_settings()
    return app


# --- item 9: the yaku watch ----------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_sidebar_watch_shows_its_top_entries_at_large_text(tmp_path, drawn, size, scale):
    app = _app(tmp_path, size, scale)  # hints at "Matches + yaku watch"
    table = start_table(app, [("You", "human"), ("Ren", "ai:casual"), ("Yui", "ai:casual")])
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    drawn.clear()
    frames(app, 1)
    L, _seat = table.current_layout()
    rect = table.hints.watch_rect()
    assert L.sidebar is not None and rect is not None
    with theme.table_text(L.text):
        small = theme.size_of("small", size[1])
    rows = watch_rows(table.shown_view, table.session.names())
    entries = [theme.wrap(text, small, rect.w - 20) for text, kind in rows
               if kind in (Row.MADE, Row.NEAR)]
    assert len(entries) >= 3  # the position has entries to show
    shown = [lines for lines in entries if all(line in drawn for line in lines)]
    assert len(shown) >= 2, (rect, table.hints.watch_lines)
    assert table.tv.log_rect.h >= 3 * round(small * 1.35)  # the log keeps some lines


# --- item 9: decision panels -----------------------------------------------------------------
def _to_decision(app) -> TableScene:  # noqa: ANN001
    s = GameSession("hachihachi", {"rounds": 1}, [SeatSpec("You", "human"),
                    SeatSpec("Ren", "ai:casual"), SeatSpec("Yui", "ai:casual"),
                    SeatSpec("Kei", "ai:casual")], 7)
    app.stack.reset(TableScene(app, s))
    t = app.stack.top

    def step() -> bool:
        top = app.stack.top
        if top is t and t.human_to_move() and not t.pending and t.shown_view.legal:
            t.act(t.shown_view.legal[0])
        elif top is not None and top.name in ("teyaku", "handover"):
            key(app, pygame.K_RETURN)
        return False

    assert run_until(app, lambda: t.panel.visible, 4000, step)
    frames(app, 3)
    return t


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_a_decision_panels_body_shrinks_with_its_heading(tmp_path, drawn, size, scale):
    app = _app(tmp_path, size, scale)
    t = _to_decision(app)
    drawn.clear()
    frames(app, 1)
    L, _seat = t.current_layout()
    with theme.table_text(L.text):
        design = theme.size_of("body", size[1]) / theme.size_of("panel_title", size[1])
    title, body = t.panel.drawn_sizes
    assert body / title >= design - 0.05, (title, body)  # (rounding: a pixel either way)
    assert t.panel.note in drawn  # the keys line whole on one line here


def test_a_keys_line_breaks_only_between_keys():
    line = "Press 1 Join · 2 Drop out · Enter = 1"
    size, lines = theme.fit_keys(line, 20, theme.text_width(line, 20) // 2, minimum=19)
    assert size == 20 and len(lines) > 1
    assert " · ".join(lines) == line  # every break is at a separator
    size, lines = theme.fit_keys(line, 20, theme.text_width(line, 17) + 1, minimum=16)
    assert lines == [line] and size <= 17  # shrinks first, a little


# --- item 9: Settings says when the window holds the text back ---------------------------
def _size_row(app) -> str:  # noqa: ANN001
    scene = SettingsScene(app, "access")
    return dict(scene.setting_rows())["ui_scale"]


def test_settings_says_what_the_window_allows(tmp_path):
    app = _app(tmp_path, (1280, 720), 200)
    app.stack.push(TitleScene(app))
    frames(app, 1)
    words = _size_row(app)
    from game.ui.layout import table_text

    room = round(table_text(1280, 720, 3, 3, app.settings.card_scale, 2.0) * 100)
    assert room < 200
    assert words == _("UI size: − {percent} % + (window allows {room} % at the table)").format(
        percent=200, room=room)
    app.close()


def test_settings_says_nothing_when_the_window_holds_the_size(tmp_path):
    app = _app(tmp_path, (1920, 1080), 100)
    app.stack.push(TitleScene(app))
    frames(app, 1)
    assert _size_row(app) == _("UI size: − {percent} % +").format(percent=100)
    app.close()


# --- item 10: Settings stays still between its pages -------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_settings_heading_and_tabs_stay_still_between_pages(tmp_path, size, scale, lang):
    app = _app(tmp_path, size, scale, lang)
    app.stack.push(TitleScene(app))
    scene = SettingsScene(app)
    app.stack.push(scene)
    seen = set()
    for tab in TABS:
        scene.show_tab(tab)
        frames(app, 1)
        tabs = tuple(tuple(b.rect) for b in scene.group.buttons[:len(TABS)])
        seen.add((tuple(scene.box), tabs, tuple(scene.group.buttons[-1].rect)))
    assert len(seen) == 1, seen
    app.close()


# --- item 10: the New game summary in Japanese at 150 % --------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_new_game_summary_keeps_its_lines_in_japanese(tmp_path, size):
    app = _app(tmp_path, size, 150, "ja")
    cut = []
    for game in rulesets.names():
        app.settings.last_setup = {"ruleset": game}
        scene = SetupScene(app)
        app.stack.push(scene)
        frames(app, 2)
        column = scene.columns[0]
        boxes = [el for el in scene.manager.get_root_container().elements
                 if isinstance(el, UITextBox) and column.contains(el.rect)]
        assert len(boxes) == 1
        box = boxes[0]
        if box.scroll_bar is not None or box.rect.h < box.text_box_layout.layout_rect.h:
            cut.append(game)
        app.stack.pop(scene)
    assert not cut
    app.close()


# --- item 10: the welcome's keys line -------------------------------------------------------
@pytest.mark.parametrize("scale", SCALES)
def test_the_welcome_says_what_esc_does_there(tmp_path, drawn, scale):
    app = _app(tmp_path, (1280, 720), scale, welcome_seen=False)
    app.stack.push(TitleScene(app))
    frames(app, 3)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    drawn.clear()
    frames(app, 1)
    words = _("↑/↓ choose · Enter press · Esc skip the welcome")
    assert words in drawn or " · ".join(t for t in drawn if t in words) == words
    key(app, pygame.K_ESCAPE)  # and Esc does that: it asks before skipping for good
    frames(app, 2)
    assert app.stack.top.name == "confirm"
    app.close()

"""The yaku watch as a permanent part of the docked sidebar (TABLE.md §10, issue 13), driven
by real events: on a wide window it sits under the log without W, scrolls with the wheel on
its own, and is absent at hints "Matches" or on tier 1 (no yaku); on a narrow window W lays it
over the table and takes it away again."""

from __future__ import annotations

import pygame

from game.ui.scenes import table_hints
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _my_turn(app, ruleset: str = "hachihachi", **options: object) -> TableScene:  # noqa: ANN001
    table = start_table(app, SEATS, seed=5, ruleset=ruleset, **options)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    return table


def _wheel(app, pos: tuple[int, int], y: int) -> None:  # noqa: ANN001
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app, 2)


def test_wide_window_shows_the_watch_under_the_log_without_w(tmp_path):
    app = make_app(tmp_path)  # 1280 × 720, hints at the default "Matches + yaku watch"
    table = _my_turn(app)
    L, _ = table.current_layout()
    rect = table.hints.watch_rect()
    assert L.sidebar is not None and rect is not None
    assert L.sidebar.contains(rect) and rect.top >= table.tv.log_rect.bottom
    log_h = table.tv.log_rect.h
    assert 0.3 < rect.h / (rect.h + log_h) < 0.5  # about 40 % of log + watch
    assert "watch" not in table.hints.buttons  # no Watch button: it is always there
    key(app, pygame.K_w)  # W changes nothing on a wide window
    frames(app, 1)
    assert table.hints.watch_rect() == rect
    app.close()


def test_hints_matches_leaves_the_whole_sidebar_to_the_log(tmp_path):
    app = make_app(tmp_path, hints="matches")
    table = _my_turn(app)
    L, _ = table.current_layout()
    assert table.hints.watch_rect() is None and table.tv.watch_rect.h == 0
    assert table.tv.log_rect.bottom >= L.sidebar.bottom - 8
    app.settings.hints = "watch"  # the watch comes back with the setting
    frames(app, 1)
    assert table.hints.watch_rect() is not None
    assert table.tv.log_rect.bottom < L.sidebar.bottom - 60
    app.close()


def test_tier_one_has_no_watch_and_no_empty_heading(tmp_path):
    app = make_app(tmp_path)
    table = _my_turn(app, "curriculum", tier=1)
    L, _ = table.current_layout()
    assert not table.hints.has_yaku()
    assert table.tv.watch_share == 0 and table.hints.watch_rect() is None
    assert table.tv.log_rect.bottom >= L.sidebar.bottom - 8
    app.close()


def test_the_wheel_scrolls_the_watch_and_not_the_log(tmp_path):
    app = make_app(tmp_path)
    table = _my_turn(app)
    table.log.extend(f"line {i}" for i in range(80))  # the log could scroll too
    frames(app, 2)
    rect = table.hints.watch_rect()
    assert rect is not None and table.hints.watch_max > 0  # more watch lines than room
    _wheel(app, rect.center, -1)  # wheel down over the watch: its lines move up
    assert table.tv.watch_scroll == min(table_hints.WHEEL_ROWS, table.hints.watch_max)
    assert table.tv.log_scroll == 0
    _wheel(app, rect.center, 1)
    assert table.tv.watch_scroll == 0
    _wheel(app, table.tv.log_rect.center, 1)  # over the log: the log scrolls back
    assert table.tv.log_scroll == 3 and table.tv.watch_scroll == 0
    app.close()


def test_narrow_window_w_toggles_the_watch_over_the_table(tmp_path):
    app = make_app(tmp_path, (1024, 768))
    table = _my_turn(app)
    L, _ = table.current_layout()
    assert L.sidebar is None and table.hints.watch_rect() is None
    assert "watch" in table.hints.buttons  # the Watch button stays on narrow windows
    key(app, pygame.K_w)
    frames(app, 1)
    rect = table.hints.watch_rect()
    assert rect is not None and L.table.contains(rect)
    key(app, pygame.K_w)
    frames(app, 1)
    assert table.hints.watch_rect() is None
    app.close()

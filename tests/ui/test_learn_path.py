"""The Learn 88 list with the keyboard (TABLE.md §6.3, issue 13), driven by real events: ↓
moves the focus ring to the next tier's Start button, Enter starts that tier, a keyboard
arrival shows the ring at once; the nine rows and Back fit at 1280 × 720 and 1024 × 768, a
practise line too long for one line wraps to two instead of being cut."""

from __future__ import annotations

import pygame
import pytest

from game.engine.rulesets.curriculum import TIER_NAMES
from game.ui import theme
from game.ui.scenes.learn import LearnScene, tier_card
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app


def _learn_by_mouse(app) -> LearnScene:  # noqa: ANN001
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    click(app, next(b for b in title.group.buttons if b.label == "Learn 88").rect.center)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    return learn


def test_down_then_enter_starts_tier_two_with_the_ring_on_its_button(tmp_path):
    app = make_app(tmp_path)
    learn = _learn_by_mouse(app)
    assert not learn.group.show_focus  # reached by mouse: no ring before a key press
    key(app, pygame.K_DOWN)
    assert learn.group.show_focus and learn.group.focused.label == "Start tier 2"
    surface = pygame.Surface(app.screen.get_size())
    learn.draw(surface)
    ring = learn.group.focused.rect.inflate(10, 10)  # the 2 px white ring, 3 px outside
    assert surface.get_at((ring.centerx, ring.top))[:3] == theme.WHITE[:3]
    other = learn.group.buttons[0].rect.inflate(10, 10)
    assert surface.get_at((other.centerx, other.top))[:3] != theme.WHITE[:3]
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)  # ↑ and ↓ move between the tiers
    assert learn.group.focused.label == "Start tier 2"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    table = app.stack.find(TableScene)
    assert table is not None and app.stack.find(LearnScene) is None
    assert (table.session.ruleset, table.session.options["tier"]) == ("curriculum", 2)
    app.close()


def test_arriving_by_keyboard_shows_the_ring_at_once(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    while title.group.focused.label != "Learn 88":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    assert learn.group.show_focus and learn.group.focused.label == "Start tier 1"
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (1024, 640)])
def test_nine_rows_and_back_fit_without_cutting_the_practise_line(tmp_path, size):
    app = make_app(tmp_path, size)
    learn = _learn_by_mouse(app)
    frames(app, 1)
    W, H = size
    rows = learn.rows(W, H)
    window = pygame.Rect(0, 0, W, H)
    back = learn.group.buttons[-1].rect
    assert len(rows) == len(TIER_NAMES) == 9 and window.contains(back)
    for (rect, _, lines), tier, button in zip(rows, TIER_NAMES, learn.group.buttons,
                                              strict=False):
        assert window.contains(rect) and rect.contains(button.rect) and rect.bottom < back.top
        small = theme.size_of("small", H)
        body = theme.size_of("body", H)
        assert round(body * 1.3) + len(lines) * round(small * 1.3) <= rect.h  # text fits
        assert " ".join(lines) == tier_card(tier)[1]  # wrapped, never cut with "…"
    for a, b in zip(rows, rows[1:], strict=False):
        assert a[0].bottom < b[0].top
    app.close()


def test_tier_seven_wraps_to_two_lines_on_a_narrow_window(tmp_path):
    app = make_app(tmp_path, (1024, 768))
    learn = _learn_by_mouse(app)
    rows = learn.rows(1024, 768)
    _, title, lines = rows[list(TIER_NAMES).index(7)]
    assert title.startswith("Tier 7") and len(lines) == 2 and "…" not in "".join(lines)
    app.close()


def test_a_guided_game_never_opens_on_a_misdeal(tmp_path, monkeypatch):
    """Seed 833 deals four of a month on tier 1's field (a misdeal: the round ends at once
    and its ledger would open under the first coach mark); the lesson deals another."""
    from game.engine.state import DEAL
    from game.play.session import GameSession
    from game.ui.scenes import tour
    from tests.ui.driver import make_app

    probe = GameSession("curriculum", {"tier": 1}, tour.beginner_seats(), 833)
    probe.deal()
    assert probe.st.phase == DEAL  # the seed is a misdeal indeed
    seeds = iter([833, 5])
    monkeypatch.setattr(tour.random, "getrandbits", lambda _bits: next(seeds))
    app = make_app(tmp_path)
    table = tour._begin_tier(app, 1, guided=True)
    assert table.session.seed == 5
    app.close()

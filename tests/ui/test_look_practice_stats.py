"""Issue 45, item 13 ("looked at, not only tested"): what the screenshots of Practice and
Statistics showed wrong, held. A position's row labels were cut at a fixed 200 pixels
("Player 3 took (5 i…" at 1920 × 1080, and in Japanese at any size); the card answered was
not shown among the hand; a wrong drill answer spoke of "the engine"; the results chart's
scale labels lay under the first bars; the accuracy chart did not say it shows only the last
games."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.scenes.practice import DrillScene, PuzzleScene
from game.ui.scenes.statistics import draw_chart
from game.ui.stats_worker import CHART_GAMES, StatisticsData
from tests.ui.driver import frames, make_app, run_until


@pytest.fixture
def drawn():
    theme.DRAWN = set()
    yield theme.DRAWN
    theme.DRAWN = None


def test_a_positions_labels_are_whole_and_the_answered_card_is_ringed(tmp_path, drawn):
    app = make_app(tmp_path, (1920, 1080))
    scene = PuzzleScene(app, "daily")
    app.stack.push(scene)
    assert run_until(app, lambda: scene.puzzle is not None, 20000)
    frames(app, 2)
    took = [s for s in drawn if " took (" in s]
    assert len(took) == len(scene.puzzle.view.active) - 1
    assert all(s.endswith("in hand)") for s in took), took  # not "Player 3 took (5 i…"
    assert scene.ringed() is None
    worst = scene.puzzle.choices[-1].action
    scene.submit(worst)
    frames(app, 2)
    card = scene.ringed()
    rect = next(r for r, c in scene.hand_rects if c == card)
    ring = rect.inflate(6, 6)
    assert app.screen.get_at((ring.centerx, ring.top + 1))[:3] == theme.GOLD
    app.close()


def test_a_wrong_drill_answer_names_the_right_one_without_developer_words(tmp_path, drawn):
    app = make_app(tmp_path)
    scene = DrillScene(app, seed=3)
    app.stack.push(scene)
    frames(app, 2)
    scene.pick((scene.drill.correct + 1) % len(scene.drill.options))
    frames(app, 2)
    said = [s for s in drawn if s.startswith("Not quite")]
    assert said and all("engine" not in s for s in said)
    assert any(s.startswith("Not quite: the right answer is") for s in said)
    app.close()


def test_the_results_charts_scale_labels_have_a_margin_no_bar_covers():
    pygame.font.init()
    surface = pygame.Surface((700, 300))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(0, 0, 700, 300)
    draw_chart(surface, rect, [-216, 223, 6, 0, -216], 16)
    small = max(12, round(16 * 0.85))
    label_w = max(theme.text_width(theme.signed(223), small),
                  theme.text_width(theme.signed(-216), small))
    inner = rect.inflate(-24, -24)
    bar_colours = {theme.GAIN, theme.LOSS}
    for x in range(inner.x, inner.x + label_w + 2):
        for y in range(inner.y, inner.bottom):
            assert tuple(surface.get_at((x, y))[:3]) not in bar_colours, (x, y)
    # the first bar is drawn, just right of the margin
    row = [tuple(surface.get_at((x, inner.bottom - 4))[:3]) for x in range(inner.x, inner.right)]
    assert theme.LOSS in row


def test_the_accuracy_chart_says_it_shows_the_last_games(tmp_path, drawn):
    from game.ui.scenes.statistics import StatisticsScene

    app = make_app(tmp_path)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    scene.loader = None
    scene.data = StatisticsData(timeline=[5, -3, 8], accuracy=[0.5, 0.8, 0.9], games=3)
    frames(app, 2)
    assert any(f"last {CHART_GAMES} reviewed games" in s for s in drawn), sorted(drawn)
    app.close()

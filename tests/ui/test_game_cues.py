"""Game cues at the table (issue 23, minor 13), driven by real events: the curriculum tier
badge and its "New in this tier" card (once, for a new game); Hachi's capture rule in the top
bar with its month table on hover and the agari progress in the prompt row; Nuki's missing
months marked in their slots and its card-point target."""

from __future__ import annotations

import random

import pygame

from game.engine.cues import partner_months
from game.ui.scenes import table_cues
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table


def test_a_tier_game_opens_with_its_card_and_carries_its_badge(tmp_path):
    from game.ui.scenes.tour import start_tier

    app = make_app(tmp_path)
    random.seed(3)
    start_tier(app, 5)
    table = app.stack.find(TableScene)
    frames(app, 2)
    card = app.stack.top
    assert card.name == "tier_card" and "Tier 5" in card.title and "Teyaku" in card.title
    assert any(line.startswith("It adds:") for line in card.lines)
    assert any(line.startswith("Practise:") for line in card.lines)
    key(app, pygame.K_RETURN)  # Play
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    assert "Tier 5 · Teyaku" in table._info().title
    for _ in range(5):  # never again in this game
        frames(app, 1)
        assert app.stack.top.name != "tier_card"
    app.close()


def test_the_guided_game_and_other_games_have_no_tier_card(tmp_path):
    from game.ui.scenes.tour import start_tier

    app = make_app(tmp_path)
    random.seed(3)
    start_tier(app, 1, guided=True)
    frames(app, 3)
    assert app.stack.top.name == "tour"
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")])
    frames(app, 3)
    assert app.stack.top is table and "Tier" not in table._info().title
    app.close()


def test_hachi_shows_its_rule_month_table_and_agari(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random")], seed=3,
                        ruleset="hachi")
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    assert "month sums ending in 3 or 8" in table._info().title
    assert table.hints.phase_line.startswith("Agari: Ana 0 · Ren 0 (1 to win)")
    L, _s = table.current_layout()
    rect = table.cues.title_rect(L)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert table.cues.rule_popover is not None  # the month table shows
    lines = table_cues.month_table_lines(table.session.rs)
    assert lines[0] == "Pine (1) takes " + ", ".join(
        str(m) for m in partner_months(table.session.rs)[0])
    app.close()


def test_nuki_marks_its_missing_months_and_names_its_target(tmp_path):
    app = make_app(tmp_path)
    table: TableScene = start_table(app, [("Ana", "human"), ("Ren", "ai:random")], seed=3,
                                    ruleset="nuki-hachihachi")
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    assert "106 of 211 pts wins" in table._info().title
    drawn: list[str] = []
    real = table_cues.theme.blit_text

    def spy(surface, text, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append(text)
        return real(surface, text, *a, **k)

    table_cues.theme.blit_text = spy
    try:
        table.draw(pygame.Surface(app.screen.get_size()))
    finally:
        table_cues.theme.blit_text = real
    assert sum(t.startswith("not in") for t in drawn) >= 3  # months 4, 5 and 7 (wrapped)
    app.close()

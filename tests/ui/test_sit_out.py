"""Sitting out (issue 11, defect 11): when the human has dropped out no hand shows at the
bottom, a banner says so, and F fast-forwards the round to its ledger."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.driver import click, frames, idle, key, make_app, run_until
from tests.ui.table_helpers import start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random"), ("Kai", "ai:random")]


def _drop_out(app, table) -> bool:  # noqa: ANN001
    """Answer the windows until the drop-out choice, then drop out (by its number key)."""
    top = app.stack.top
    if top.name == "teyaku":
        key(app, pygame.K_RETURN)
    elif top is table and table.human_to_move() and idle(table) and table.panel.blocking:
        labels = [b.label for b in table.panel.group.buttons]
        drop = next((i for i, b in enumerate(labels) if "Drop out" in b), None)
        key(app, pygame.K_1 + (drop if drop is not None else 0))
        return drop is not None
    return False


@pytest.mark.parametrize("how", ["key", "click"])
def test_sitting_out_shows_no_hand_a_banner_and_fast_forwards(tmp_path, how):
    # Normal pace: without fast-forward the round takes far longer than the frames below
    app = make_app(tmp_path, anim_speed="normal", ai_pace="normal")
    table = None
    for seed in (5, *range(1, 40)):  # 5 drops out today; others if the deal changes
        table = start_table(app, SEATS, seed=seed)
        dropped = False

        def step() -> None:
            nonlocal dropped
            dropped = _drop_out(app, table) or dropped  # noqa: B023

        run_until(app, lambda: dropped or table.session.st.phase > 4, 3000, step)  # noqa: B023
        if dropped:
            break
    assert table is not None and dropped
    def out() -> bool:
        v = table.session.view(table.viewer)
        return v.phase == "play" and table.viewer not in v.active and idle(table)

    assert run_until(app, out, 3000,
                     lambda: app.stack.top.name == "teyaku" and key(app, pygame.K_RETURN))
    frames(app, 2)  # the teyaku reveal may still be docked: F works under it too
    assert table.stage.seating.bottom == table.viewer
    assert table.tv.model.hands[table.viewer] == []
    # the banner with its fast-forward button is drawn
    assert table.input.ff_rect is not None
    assert table._prompt(False) == "" or "your" not in table._prompt(False).lower()
    assert len(table.session.st.results) == 0
    if how == "key":
        key(app, pygame.K_f)
    else:
        click(app, table.input.ff_rect.center)
    assert run_until(app, lambda: app.stack.top.name == "scoring", 400)
    assert not table.driver.fast  # it stops at the ledger
    assert not app.errors
    app.close()

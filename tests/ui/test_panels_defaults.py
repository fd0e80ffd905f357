"""Risky choices are never the default (issue 11, defect 4): Enter on the mizuten panel
declines (looks at the hand); on the sage/shoubu panel Enter alone does nothing; the footer
says what each number key does."""

from __future__ import annotations

import pygame

from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, idle, key, make_app, run_until
from tests.ui.table_helpers import start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _panel_up(app, table, phase: str) -> bool:  # noqa: ANN001
    return (app.stack.top is table and table.human_to_move() and idle(table)
            and table.shown_view.phase == phase and table.panel.visible)


def test_enter_on_the_mizuten_panel_declines(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=11, first_dealer=0, mizuten=True)
    assert run_until(app, lambda: _panel_up(app, table, "mizuten"), 2000)
    frames(app, 1)
    first = table.panel.group.buttons[0].label
    assert "Look at my hand" in first
    assert "1 Look at my hand" in table.panel.note and "2 Mizuten" in table.panel.note
    key(app, pygame.K_RETURN)
    frames(app, 3)
    st = table.session.st
    assert not st.mizuten  # declined: the dealer looks at the hand
    assert table.session.view(0).phase != "mizuten"
    assert not app.errors
    app.close()


def _session_at_sage_decision() -> GameSession:
    """Seed 3, every seat playing its last legal card: Ana makes a yaku and must decide."""
    seats = [SeatSpec(n, k) for n, k in SEATS]
    s = GameSession("hachihachi", {"rounds": 1}, seats, 3)
    for _ in range(500):
        step = s.next_step()
        if step == "deal":
            s.deal()
        elif step == "chance":
            s.chance()
        else:
            v = s.view(s.st.to_move)
            if step == "human" and v.phase == "decide" and len(v.legal) > 1:
                return GameSession.from_record(s.record())
            s.apply(v.legal[-1] if v.phase != "decide" else v.legal[0])
    raise AssertionError("no sage decision for the human with this seed")


def test_sage_or_shoubu_has_no_default(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, _session_at_sage_decision())
    app.stack.reset(table)
    assert run_until(app, lambda: _panel_up(app, table, "decide"), 500)
    frames(app, 1)
    st = table.session.st
    n = len(st.actions)
    assert all(b.style != "primary" for b in table.panel.group.buttons)
    assert "1 Sage" in table.panel.note and "2 Shoubu" in table.panel.note
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    frames(app, 3)
    assert len(st.actions) == n and table.shown_view.phase == "decide"
    key(app, pygame.K_2)  # a number chooses at once
    frames(app, 3)
    assert len(st.actions) == n + 1 and "shoubu" in str(st.actions[-1])
    assert not app.errors
    app.close()

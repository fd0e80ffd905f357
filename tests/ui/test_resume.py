"""Continue is faithful (issue 11, defect 1): after Save and quit -> Continue mid-round the
table shows what it showed: no teyaku reveal again, the same log, the same plates, and in
hot-seat the same hand-over summary."""

from __future__ import annotations

import pygame

from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, idle, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table


def _card_played(table: TableScene) -> bool:
    return any(" played " in line for line in table.log)


def _save_and_quit(app) -> None:  # noqa: ANN001
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.name == "pause"
    frames(app, 1)
    button = next(b for b in pause.group.buttons if b.label.startswith("Save and quit"))
    click(app, button.rect.center)
    assert isinstance(app.stack.top, TitleScene)


def _continue(app) -> TableScene:  # noqa: ANN001
    title = app.stack.top
    frames(app, 2)
    cont = title.group.buttons[0]
    assert cont.label == "Continue"
    click(app, cont.rect.center)
    frames(app, 3)
    table = app.stack.find(TableScene)
    assert table is not None
    return table


def test_continue_mid_round_restores_log_and_shows_no_reveal(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")],
                        seed=11)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    play_by_keys(app, table)  # one card
    assert _card_played(table)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    log_before = list(table.log)
    statuses_before = dict(table.statuses)
    assert any(line.startswith("R1 ") and "played" in line for line in log_before)
    _save_and_quit(app)

    t2 = _continue(app)
    assert app.stack.top is t2, f"{app.stack.top.name} opened again mid-round"
    assert t2.log == log_before
    assert t2.statuses == statuses_before
    # play on: the reveal stays closed, the computers move without any dismissal
    before = len(t2.session.st.actions)
    for _ in range(5):
        if my_turn(app, t2):
            play_by_keys(app, t2)
        frames(app, 5)
        assert app.stack.top is t2 or app.stack.top.name == "scoring"
    assert len(t2.session.st.actions) > before
    assert not app.errors
    app.close()


def test_continue_in_hotseat_keeps_the_handover_summary(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "human"), ("Ben", "human"), ("Yui", "ai:random")],
                        seed=5)

    def step() -> None:
        top = app.stack.top
        if top.name == "teyaku":
            dismiss(app)
        elif top.name == "handover" and not _card_played(table):
            dismiss(app)
        elif top is table and table.human_to_move() and idle(table):
            play_by_keys(app, table)

    # play until a hand-over comes after at least one card was played
    assert run_until(app, lambda: isinstance(app.stack.top, HandoverScene)
                     and _card_played(table), 6000, step)
    handover = app.stack.top
    lines_before = list(handover.lines)
    assert "(nothing yet)" not in " ".join(lines_before)
    _save_and_quit(app)

    t2 = _continue(app)
    h2 = app.stack.top
    assert isinstance(h2, HandoverScene) and h2.seat == handover.seat
    summary = lambda lines: [x for x in lines if x.startswith("· ")]  # noqa: E731
    assert summary(h2.lines) == summary(lines_before)
    assert t2.log == table.log
    assert not app.errors
    app.close()

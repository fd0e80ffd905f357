"""Start a game from the menu and play it in the window: one round by mouse, one by keys;
the record the window saves replays to the same results (TABLE.md §13)."""

from __future__ import annotations

import pygame
import pytest

from game import replays, storage
from game.engine import record as records
from game.ui.scenes.result import ResultScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, idle, key, make_app, run_until


def _start_from_menu(app, rounds: int) -> TableScene:  # noqa: ANN001
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    new_game = next(b for b in title.group.buttons if b.label == "New game")
    click(app, new_game.rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.ruleset = "hachihachi"
    setup.options = {"hachihachi": {"rounds": rounds}}
    setup.seats = [{"name": "Ana", "kind": "human"}, {"name": "Ren", "kind": "ai:random"},
                   {"name": "Yui", "kind": "ai:random"}]
    setup.seed_text = "7"
    setup.build()
    frames(app, 2)
    click(app, setup.start_button.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


def _mouse_turn(app, table) -> None:  # noqa: ANN001
    """One human input by mouse, or a click on the open overlay's button."""
    top = app.stack.top
    if top.name in ("teyaku", "scoring"):
        click(app, top.group.buttons[0].rect.center)
        return
    if top is not table or not table.human_to_move() or not idle(table):
        return
    if table.panel.visible and table.panel.blocking:
        frames(app, 1)  # the panel lays out its buttons when drawn
        click(app, table.panel.group.buttons[0].rect.center)
        return
    cands = table.input.candidates()
    if cands:
        r = table.tv.card_rects[cands[0]]
        click(app, (r.x + 3, r.centery))
        return
    plays = table.input.plays()
    card = next(c for c in table.input.hand_cards() if c in plays)
    r = table.tv.card_rects[card]
    click(app, (r.x + 4, r.centery))


def _key_turn(app, table) -> None:  # noqa: ANN001
    top = app.stack.top
    if top.name in ("teyaku", "scoring"):
        key(app, pygame.K_RETURN)
        return
    if top is not table or not table.human_to_move() or not idle(table):
        return
    if (table.panel.visible and table.panel.blocking) or table.input.candidates():
        key(app, pygame.K_1)
        return
    plays = table.input.plays()
    card = next(c for c in table.input.hand_cards() if c in plays)
    n = table.input.hand_numbers()[card]  # the number drawn on the card
    key(app, pygame.K_0 + n)  # focus
    key(app, pygame.K_0 + n)  # the same number again plays it


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def test_mouse_round_then_keyboard_round_matches_record(app):
    table = _start_from_menu(app, rounds=2)
    humans_inputs = {"mouse": 0, "keys": 0}

    def driver() -> None:
        mode = "mouse" if table.session.st.rounds_played == 0 else "keys"
        before = len(table.session.st.actions)
        (_mouse_turn if mode == "mouse" else _key_turn)(app, table)
        if len(table.session.st.actions) > before:
            humans_inputs[mode] += 1

    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 20000, driver)
    assert humans_inputs["mouse"] >= 5 and humans_inputs["keys"] >= 5
    assert not app.errors
    # the saved record replays to exactly what the window played
    files = replays.list_records(app.paths.records_dir)
    assert len(files) == 1
    rep = records.replay(storage.read_record(files[0]))
    st = table.session.st
    assert rep.results == list(st.results)
    assert rep.state.totals == st.totals
    assert [r.as_json() for r in rep.results] == [r.as_json() for r in st.results]
    assert not app.paths.autosave.exists()  # a finished game leaves no Continue


def test_continue_resumes_the_saved_game(tmp_path):
    app = make_app(tmp_path)
    table = _start_from_menu(app, rounds=3)
    assert run_until(app, lambda: table.session.st.rounds_played >= 1, 20000,
                     lambda: _mouse_turn(app, table))
    frames(app, 2)
    saved = storage.read_record(app.paths.autosave)
    app.close()
    app2 = make_app(tmp_path)
    app2.stack.push(TitleScene(app2))
    frames(app2, 2)
    cont = app2.stack.top.group.buttons[0]
    assert cont.label == "Continue"
    click(app2, cont.rect.center)
    t2 = app2.stack.find(TableScene)
    assert isinstance(t2, TableScene)
    # saved while the first round's ledger was up: Continue shows that ledger again
    assert app2.stack.top.name == "scoring"
    st = t2.session.st
    assert st.rounds_played >= 1
    assert [str(a) for a in st.history[0][1]] == saved.rounds[0]["actions"]
    assert t2.session.seed == saved.seed
    app2.close()


def test_corrupt_autosave_is_reported_and_set_aside(tmp_path):
    app = make_app(tmp_path)
    app.paths.autosave.write_text("{ not json", encoding="utf-8")
    app.stack.push(TitleScene(app))
    frames(app, 2)
    assert app.stack.top.name == "message"
    assert "set aside" in " ".join(app.stack.top.lines)
    assert not app.paths.autosave.exists()
    assert list(app.paths.data_dir.glob("autosave.json.corrupt-*"))
    key(app, pygame.K_RETURN)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.group.buttons[0].label == "New game"
    app.close()

"""The card info popover and tooltip (issue 23, minor 4; TABLE.md §6.1), driven by real
events: right-click on a face-up card opens it with kind, month, points here and the yaku it
belongs to (the engine's facts); I opens it on the focused card and follows ←/→; Esc or a
click closes it; right-click off the cards still puts a selected card back; a face-down card
has no popover; the hover tooltip says more than the name."""

from __future__ import annotations

import pygame

from game.engine.cardinfo import card_facts
from game.play.terms import card_name, term
from game.ui import card_info
from game.ui.scenes.table import TableScene
from tests.ui.driver import click, frames, key, make_app
from tests.ui.table_helpers import choice_session

NAMES = ["Ana", "Ren", "Yui"]


def _table(app) -> TableScene:  # noqa: ANN001
    session = choice_session(tuple(NAMES))
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 3)
    table.tv.model.sync(table.shown_view, 0)  # a position: lay its cards on the table
    table.stage.retarget(0)
    frames(app, 3)
    return table


def _drawn_lines(table: TableScene) -> str:
    rs = table.session.rs
    return "\n".join(t for t, _c, _b in card_info.info_lines(rs, table.card_info.shown()))


def test_right_click_on_a_field_card_opens_its_facts_and_esc_closes(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    click(app, table.tv.card_rects["pine_ribbon"].center, button=3)
    assert table.card_info.shown() == "pine_ribbon"
    text = _drawn_lines(table)
    assert "Pine ribbon" in text and "Ribbon" in text and "month 1" in text
    assert "5 points" in text and term("akatan") in text  # the engine's points and yaku
    assert table.card_info.rect is not None and table.card_info.rect.w > 0
    key(app, pygame.K_ESCAPE)
    assert table.card_info.shown() is None
    assert app.stack.top is table  # Esc closed the popover, not the table (no pause)
    app.close()


def test_right_click_keeps_deselect_off_the_cards_and_opens_info_on_a_card(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    click(app, table.tv.card_rects["cherry_ribbon"].center)  # Curtain or chaff: a choice
    assert table.input.selected == "cherry_ribbon"
    crane = table.tv.card_rects["crane"]  # fanned under the Pine ribbon: its left edge
    click(app, (crane.x + 3, crane.centery), button=3)  # on a card: info
    assert table.card_info.shown() == "crane" and table.input.selected == "cherry_ribbon"
    click(app, (5, table.stage.layout.field.centery), button=3)  # off the cards: deselect
    assert table.card_info.shown() is None and table.input.selected is None
    app.close()


def test_i_on_the_focused_card_follows_the_focus_and_i_closes(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    hand = table.input.hand_cards()
    key(app, pygame.K_2)  # focus the second hand card (a first press only focuses)
    key(app, pygame.K_i)
    assert table.card_info.shown() == hand[1]
    key(app, pygame.K_RIGHT)
    frames(app, 1)
    assert table.card_info.shown() == hand[2]
    assert table.input.selected is None and len(table.session.st.actions) == 0  # nothing played
    key(app, pygame.K_i)
    assert table.card_info.shown() is None
    app.close()


def test_a_click_closes_the_popover_and_still_acts(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    click(app, table.tv.card_rects["pine_ribbon"].center, button=3)
    assert table.card_info.shown() == "pine_ribbon"
    played = len(table.session.st.actions)
    click(app, table.tv.card_rects["iris_chaff_1"].center)  # a hand card with no match
    assert table.card_info.shown() is None
    assert len(table.session.st.actions) == played + 1  # the click played it
    app.close()


def test_a_face_down_card_has_no_popover_and_no_tooltip(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    hidden = next(k for k in table.tv.card_rects if k.startswith("h1:"))
    click(app, table.tv.card_rects[hidden].center, button=3)
    assert table.card_info.shown() is None
    assert not card_info.is_visible(table.shown_view, "plum_chaff_1")  # Ren's hand card
    app.close()


def test_the_hover_tooltip_names_kind_points_and_yaku(tmp_path):
    app = make_app(tmp_path)
    table = _table(app)
    said: list[str] = []
    table.tv.draw_tooltip = lambda s, label, pos, h: said.append(label)  # what it draws
    pos = (table.tv.card_rects["crane"].x + 3, table.tv.card_rects["crane"].centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    table.tv.hover_since -= 1.0  # the 500 ms hover delay has passed
    frames(app, 2)
    assert said, "no tooltip"
    f = card_facts(table.session.rs, "crane")
    assert card_name("crane") in said[-1] and "Bright" in said[-1]
    assert f"{f.points} pts" in said[-1] and term("goko") in said[-1]
    app.close()

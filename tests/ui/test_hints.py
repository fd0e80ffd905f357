"""Hints (issue 13, TABLE.md §6.4) driven by real key presses: H asks the Expert for the
viewer's decision and marks a legal move; the advice depends only on the view; the setting
Off hides matches, watch and advisor; the yaku watch is the engine's; the count survives
Save and quit -> Continue."""

from __future__ import annotations

import pygame

from game.engine import rulesets
from game.engine.state import State
from game.play.session import GameSession, SeatSpec
from game.play.terms import term
from game.ui.cards import CardState
from game.ui.hints import advise, watch_lines
from game.ui.scenes.table import TableScene
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, sage_table, start_table
from tests.ui.test_resume import _continue, _save_and_quit

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _my_turn(app, seed: int = 5, **settings: object) -> TableScene:  # noqa: ANN001
    table = start_table(app, SEATS, seed=seed)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    return table


def _advice(app, table: TableScene, by_click: bool = False):  # noqa: ANN001, ANN202
    if by_click:  # the Hint button at the right of the prompt row
        click(app, table.hints.buttons["hint"].center)
    else:
        key(app, pygame.K_h)
    view = table.session.view(0)
    adv = table.hints.advisor
    assert run_until(app, lambda: adv.current(view) is not None, 3000)
    return adv.current(view)


def test_h_suggests_a_legal_move_marks_it_and_counts_once(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = _my_turn(app)
    s = _advice(app, table)
    assert s.action in table.session.view(0).legal
    assert s.why and s.why[0].isupper() and not s.why.startswith("I ")
    assert table.input.states().get(s.card) is CardState.HINT
    assert table.session.hint_count == 1
    key(app, pygame.K_h)  # the same decision again: not a second hint
    frames(app, 3)
    assert table.session.hint_count == 1
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # the banner draws


def _position(hands1: str, hands2: str, pile: str) -> State:
    rs = rulesets.get("hachihachi")
    return State.from_position(
        rs, 3, dealer=0,
        hands={0: "pine_chaff_1 pine_chaff_2 plum_ribbon cherry_chaff_1 iris_chaff_1 "
                  "peony_chaff_1 maple_chaff_1",
               1: hands1, 2: hands2},
        field="crane warbler curtain cuckoo bridge butterflies maple_ribbon plum_chaff_1",
        pile=pile, to_move=0)


def test_same_view_same_advice_whatever_the_hidden_cards():
    a = _position("plum_chaff_2 cherry_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_1 "
                  "clover_chaff_2 susuki_chaff_1",
                  "susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 "
                  "maple_chaff_2 lightning paulownia_chaff_1 boar",
                  "moon geese sake_cup deer rain_man swallow phoenix")
    b = _position("moon geese sake_cup deer rain_man swallow phoenix",
                  "plum_chaff_2 cherry_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_1 "
                  "clover_chaff_2 boar",
                  "susuki_chaff_1 susuki_chaff_2 chrysanthemum_chaff_1 "
                  "chrysanthemum_chaff_2 maple_chaff_2 lightning paulownia_chaff_1")
    assert a.view(0) == b.view(0) and a.view(1) != b.view(1)  # hidden cards differ
    sa, sb = advise(a.view(0), 3), advise(b.view(0), 3)
    assert sa.action == sb.action and sa.why == sb.why
    assert sa.action in a.view(0).legal


def test_off_hides_matches_watch_and_advisor(tmp_path):
    app = make_app(tmp_path, hints="off")
    table = _my_turn(app)
    card = table.input.hand_cards()[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.tv.card_rects[card].center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert table.input.hover == card
    assert CardState.DIMMED not in table.input.states().values()
    assert CardState.MATCH not in table.input.states().values()
    key(app, pygame.K_w)
    key(app, pygame.K_h)
    frames(app, 5)
    assert not table.hints.show_watch
    assert not table.hints.buttons  # no Watch or Hint button either
    assert table.hints.advisor is None and table.session.hint_count == 0
    app.settings.hints = "matches"  # the matches come back, hover dims what it cannot take
    frames(app, 1)
    assert {CardState.DIMMED, CardState.MATCH} & set(table.input.states().values())


def test_yaku_watch_lists_the_engines_watch(tmp_path):
    rs = rulesets.get("hachihachi")
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "pine_chaff_1 plum_chaff_1", 1: "cherry_chaff_1 iris_chaff_1",
               2: "peony_chaff_1 clover_chaff_1"},
        field="maple_chaff_1 maple_chaff_2 curtain", pile="pine_chaff_2 plum_chaff_2",
        captured={0: "crane moon", 1: "warbler plum_ribbon pine_ribbon"}, to_move=0)
    view = st.view(0)
    names = ["Ana", "Ren", "Yui"]
    text = "\n".join(t for t, _ in watch_lines(view, names))
    for seat in range(3):
        for p in view.watch[seat]:
            if p.reachable and not p.made:
                assert f"{term(p.id)} {p.have}/{p.need}" in text
        for yid in view.yaku[seat]:
            assert term(yid) in text
    assert any(p.on_field for p in view.watch[0] if p.reachable)  # the curtain lies there
    app = make_app(tmp_path, (1024, 768))  # narrow: W lays the watch over the table
    session = GameSession("hachihachi", {}, [SeatSpec(n, "human" if i == 0 else "ai:random")
                                             for i, n in enumerate(names)], 1, 0, st)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 2)
    key(app, pygame.K_w)
    frames(app, 2)
    assert table.hints.show_watch
    key(app, pygame.K_w)
    assert not table.hints.show_watch


def test_hint_count_is_saved_and_restored_on_continue(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = _my_turn(app)
    _advice(app, table, by_click=True)
    assert table.session.record().app["hint_count"] == 1
    _save_and_quit(app)
    table = _continue(app)
    assert table.session.hint_count == 1


def test_a_decision_gets_a_suggested_button_and_both_values(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = sage_table(app, multiplier=1)
    s = _advice(app, table)
    assert s.action.verb in ("sage", "shoubu") and {v for v, _ in s.values} == {"sage", "shoubu"}
    frames(app, 2)
    assert s.action.verb.capitalize() in table.hints.suggested_button.label


def test_settings_row_cycles_the_hint_level_and_it_is_saved(tmp_path):
    from game import settings as settings_mod
    from game.ui.scenes.settings_menu import SettingsScene

    app = make_app(tmp_path)
    table = _my_turn(app)

    # default: the watch is in the wide window's sidebar, no Watch or advisor button
    assert not table.hints.buttons and table.hints.watch_rect() is not None
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 1)
    row = next(i for i, b in enumerate(scene.group.buttons) if b.label.startswith("Hints:"))
    assert scene.group.buttons[row].label == "Hints: Matches + yaku watch"
    click(app, scene.group.buttons[row].rect.center)
    assert app.settings.hints == "advisor"
    assert settings_mod.load(app.paths)[0].hints == "advisor"
    scene.group.index = row
    key(app, pygame.K_RIGHT)  # past the last level: back to Off
    assert app.settings.hints == "off"
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is table and not table.hints.buttons
    assert table.hints.watch_rect() is None


def test_statistics_count_the_hints_of_the_record():
    from game import stats

    rec = GameSession("hachihachi", {"rounds": 1}, [SeatSpec(n, "human" if i == 0 else
                                                             "ai:random")
                                                    for i, n in enumerate("ABC")], 2).record()
    rec.app["hint_count"] = 3
    assert stats.entry_from_record(rec, hints=3).hints == 3
    assert stats.entry_from_record(rec).hints == 3  # read from the record's app data too

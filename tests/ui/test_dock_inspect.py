"""Issue 11 (layout): the docked teyaku reveal and its keys, the candidate strip of a choice,
Inspect captures, the log drawer and the scrolling log, all driven by real pygame events."""

from __future__ import annotations

import pygame

from game.engine.actions import PLAY, TAKE
from game.engine.cards import CARD_IDS
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.inspect import kind_lines
from game.ui.scenes.table import TableScene
from tests.ui.driver import click, frames, idle, key, make_app, run_until

SEATS = [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
TWO_HOLDERS = 7  # seed: Ana (dealer) and Yui both claim teyaku in round 1


def _table(tmp_path, size=(1280, 720), seed=TWO_HOLDERS):  # noqa: ANN001, ANN202
    app = make_app(tmp_path, size)
    table = TableScene(app, GameSession("hachihachi", {"rounds": 2}, SEATS, seed, 0))
    app.stack.push(table)
    return app, table


def _answer(app, table):  # noqa: ANN001, ANN202
    def f() -> None:
        if app.stack.top is table and table.human_to_move() and table.panel.blocking:
            key(app, pygame.K_2)  # the safe choice: look at the hand, no mizuten
    return f


def _to_reveal(app, table) -> None:  # noqa: ANN001
    assert run_until(app, lambda: app.stack.top.name == "teyaku", 2000, _answer(app, table))
    frames(app, 3)


def test_teyaku_reveal_is_docked_and_fits_two_holders(tmp_path):
    for size in ((1280, 720), (1024, 640)):
        app, table = _table(tmp_path, size)
        _to_reveal(app, table)
        reveal = app.stack.top
        holders = [cards for _, cards in reveal.lines() if cards]
        assert len(holders) == 2
        L, _ = table.current_layout()
        assert L.panel is not None and L.window.contains(L.panel)
        for slot in L.slots:  # the field made room: nothing of it is under the reveal
            assert not slot.colliderect(L.panel)
        assert not L.hand.colliderect(L.panel)
        for r in table.tv.card_rects.values():  # no table card is covered by the reveal
            assert not r.colliderect(L.panel)
        button = reveal.group.buttons[0].rect
        assert L.panel.contains(button)
        room = pygame.Rect(L.panel.x + 12, button.bottom + 8, L.panel.w - 24,
                           L.panel.bottom - 6 - button.bottom - 8)
        size, cw, beside = reveal.fit(room, L.window.h, max(L.opp_cap_w, L.cap_w))
        assert reveal._measure(room.w, size, cw, beside) <= room.h  # nothing clipped
        assert cw >= 24 and size >= 13
        app.close()


def test_keys_work_while_the_teyaku_reveal_is_up(tmp_path):
    app, table = _table(tmp_path)
    _to_reveal(app, table)
    reveal = app.stack.top
    key(app, pygame.K_F1)
    assert app.stack.top.name == "reference"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is reveal
    key(app, pygame.K_ESCAPE)  # Escape pauses; it does not dismiss the reveal
    assert app.stack.top.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is reveal
    for name, expected in (("help", "reference"), ("pause", "pause"),
                           ("settings", "settings")):
        click(app, table.tv.top_buttons[name].center)
        assert app.stack.top.name == expected, name
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is reveal
    key(app, pygame.K_c)
    assert app.stack.top.name == "inspect"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is reveal
    assert "Continue" in table._prompt(False) or "Enter" in table._prompt(False)
    key(app, pygame.K_RETURN)
    assert app.stack.top is table and table.tv.dock is None
    app.close()


def _to_choice(app, table) -> str:  # noqa: ANN001
    """Play by keys until a hand card with two candidates is offered; click it."""
    def step() -> None:
        top = app.stack.top
        if top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)
            return
        if top is not table or not table.human_to_move() or not idle(table):
            return
        if table.panel.visible and table.panel.blocking:
            key(app, pygame.K_2)
            return
        if table.input.candidates():
            key(app, pygame.K_1)
            return
        plays = table.input.plays()
        two = [c for c, ts in plays.items() if len(ts) >= 2]
        if two:
            r = table.tv.card_rects[two[0]]
            click(app, (r.x + 4, r.centery))
            return
        card = next(c for c in table.input.hand_cards() if c in plays)
        n = table.input.hand_numbers()[card]  # the number drawn on the card
        key(app, pygame.K_0 + n)
        key(app, pygame.K_0 + n)

    assert run_until(app, lambda: len(table.input.candidates()) >= 2 and idle(table)
                     and app.stack.top is table, 4000, step)
    frames(app, 20)  # the field makes room for the strip
    return table.input.selected or ""


def test_a_choice_shows_every_candidate_whole_side_by_side(tmp_path):
    app, table = _table(tmp_path)
    _to_choice(app, table)
    cands = table.input.candidates()
    rects = table.tv.choice_rects
    L, _ = table.current_layout()
    assert set(rects) == set(cands)
    ordered = [rects[c] for c in cands]
    for a, b in zip(ordered, ordered[1:], strict=False):
        assert a.right < b.x  # side by side and whole: no card covers another
        assert a.y == b.y
    for r in ordered:
        assert L.panel.contains(r)
        for c, other in table.tv.card_rects.items():  # nothing of the table under the strip
            assert not other.colliderect(L.panel), c
    history = len(table.session.st.actions)
    target = cands[1]
    click(app, rects[target].center)
    played = table.session.st.actions[history]
    assert played.verb in (PLAY, TAKE)
    assert CARD_IDS[played.args[-1]] == target
    app.close()


def test_one_offered_target_is_taken_without_asking(tmp_path):
    app, table = _table(tmp_path)
    assert run_until(app, lambda: app.stack.top is table and table.human_to_move()
                     and table.shown_view.phase == "play" and idle(table), 2000,
                     lambda: (app.stack.top.name == "teyaku" and key(app, pygame.K_RETURN))
                     or _answer(app, table)())
    card = next(iter(table.input.plays()))
    done = []
    table.input.plays = lambda: {card: ["pine_chaff_1"]}  # the engine offers one target
    table.act = lambda action: done.append(action) or True
    table.input.choose_card(card)
    assert table.input.selected is None and len(done) == 1
    assert CARD_IDS[done[0].args[1]] == "pine_chaff_1"
    app.close()


def test_inspect_opens_with_c_and_a_click_and_lists_names(tmp_path):
    app, table = _table(tmp_path)
    _to_choice(app, table)
    key(app, pygame.K_c)  # also while a choice is pending
    inspect = app.stack.top
    assert inspect.name == "inspect"
    frames(app, 1)
    model = table.tv.model
    seats = inspect.seats()
    assert set(seats) == {0, 1, 2}
    pile = next(model.captured[s] for s in seats if model.captured[s])
    lines = kind_lines(pile)
    from game.play.terms import card_name

    assert all(any(card_name(c) in line for line in lines) for c in pile)
    key(app, pygame.K_c)
    assert app.stack.top is table
    L, _ = table.current_layout()
    click(app, (L.captures.right - 30, L.captures.centery))  # a click on the capture row
    assert app.stack.top.name == "inspect"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    app.close()


def test_log_drawer_toggles_on_a_narrow_window(tmp_path):
    app, table = _table(tmp_path, (1024, 640))
    _to_reveal(app, table)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    L, _ = table.current_layout()
    assert L.sidebar is None and L.drawer is not None
    assert "log" in table.tv.top_buttons
    key(app, pygame.K_l)
    frames(app, 1)
    assert table.tv.drawer_open and L.drawer.contains(table.tv.log_rect)
    key(app, pygame.K_ESCAPE)  # Escape closes the drawer first, it does not pause
    assert not table.tv.drawer_open and app.stack.top is table
    click(app, table.tv.top_buttons["log"].center)
    assert table.tv.drawer_open
    click(app, table.tv.top_buttons["log"].center)
    assert not table.tv.drawer_open
    app.close()


def test_the_log_scrolls_back_with_wheel_and_page_keys(tmp_path):
    app, table = _table(tmp_path)
    _to_reveal(app, table)
    key(app, pygame.K_RETURN)
    table.log.extend(f"line {i}" for i in range(120))
    frames(app, 2)
    assert table.tv.log_max_scroll > 20 and table.tv.log_scroll == 0
    pos = table.tv.log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    frames(app, 2)
    assert table.tv.log_scroll == 6
    key(app, pygame.K_PAGEUP)
    page = table.tv.log_scroll
    assert page > 6
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    assert table.tv.log_scroll == 0
    app.close()


def test_seven_scores_and_the_log_fit_beside_a_docked_panel(tmp_path):
    from game.ui.layout import layout
    from game.ui.model import Seating
    from game.ui.table_view import SeatInfo, TableInfo, TableView

    app = make_app(tmp_path)
    tv = TableView(app.renderer)
    names = ["Ana", "Ren", "Yui", "Mia", "Ken", "Sora", "Hana"]
    info = TableInfo("Hachi-Hachi", "Round 1", 1, (), 0, 0,
                     [SeatInfo(n, "Computer · Intermediate", -1234 * i) for i, n in
                      enumerate(names)], "", log=[f"R1 line {i}" for i in range(60)])
    seat = Seating(0, [1, 2, 3, 4, 5, 6], [], "dropout", 3)
    L = layout(1280, 720, 3, 7, "dropout", True)
    tv.draw_sidebar(app.screen, L, info, seat, L.panel.h + 6)
    small = round(app.screen.get_height() / 40 * 0.82)
    assert tv.log_rect.top >= L.panel.bottom and tv.log_rect.bottom <= L.window.bottom
    assert tv.log_rect.h >= 4 * small * 1.35  # at least four log lines under 7 scores
    app.close()


def test_hovering_a_hand_card_dims_the_field_cards_it_cannot_take(tmp_path):
    from game.ui.cards import CardState
    from game.ui.table_flow import TablePhase

    app, table = _table(tmp_path)
    assert run_until(app, lambda: app.stack.top is table
                     and table.phase is not TablePhase.REVEAL_DUE
                     and table.human_to_move() and table.shown_view.phase == "play"
                     and idle(table), 3000,
                     lambda: (app.stack.top.name == "teyaku" and key(app, pygame.K_RETURN))
                     or _answer(app, table)())
    frames(app, 2)
    card = table.input.hand_cards()[0]
    r = table.tv.card_rects[card]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 4, r.y + 30),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    states = table.input.states()
    assert states[card] is CardState.HOVER
    rs = table.session.rs
    for c in table.tv.model.field_cards:
        assert states[c] is (CardState.MATCH if rs.can_capture(card, c)
                             else CardState.DIMMED)
    app.close()


def test_rules_overlay_pages_by_the_page(tmp_path):
    from game.ui.scenes.rules_help import RulesHelpScene

    app = make_app(tmp_path, (1024, 640))
    scene = RulesHelpScene(app, "hachihachi", "teyaku")
    app.stack.push(scene)
    frames(app, 1)
    step = scene._view_h - 60
    assert scene._max_scroll > step  # the catalogue is longer than one view here
    seen = [scene.scroll]
    while seen[-1] < scene._max_scroll and len(seen) < 20:
        key(app, pygame.K_PAGEDOWN)
        seen.append(scene.scroll)
    assert seen[1] - seen[0] == step  # PgDn moves one view, not one line
    assert seen[-1] == scene._max_scroll  # and the last page is the end
    app.close()


def test_bench_chip_status_names_the_drop_out_fee():
    from game.engine.events import Event
    from game.play.chronicle import Chronicle

    ch = Chronicle(["Ana", "Ren", "Yui", "Mia"])
    ch.note(Event("drop", 1, {}))
    ch.note(Event("payment", -1, {"from": 1, "to": "pot", "amount": 24,
                                  "reason": "dropout_fee"}))
    assert ch.statuses[1] == "Dropped · paid 24"
